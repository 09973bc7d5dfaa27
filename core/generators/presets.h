#pragma once

// Named designs expressed as ClosParams. Each function only sets parameters;
// generateClos() does the building.

#include "core/generators/closgenerator.h"

namespace Railyard {

/// k-ary fat-tree (Al-Fares et al. 2008): k³/4 single-NIC hosts, k pods of
/// k/2 edge + k/2 aggregation switches, (k/2)² core switches, all radix k.
/// k must be even and >= 2.
ClosParams fatTreeParams(int k, double linkGbps = 100.0);

/// NVIDIA DGX SuperPOD style: scalable units of 32 hosts × 8 GPUs, one leaf
/// per rail per SU, radix-64 400G switches, non-blocking; a core tier is added
/// once two tiers no longer fit (beyond 8 SUs).
ClosParams dgxSuperpodParams(int scalableUnits, const std::string &gpu = "h100");

/// Meta-style RoCE AI zones: zones of 3,072 GPUs (384 hosts, 2 per rack, one
/// rack switch per rack), non-blocking inside a zone; an aggregation tier
/// joins the zones at 1:7.
ClosParams metaAiZoneParams(int zones);

/// Alibaba HPN style: segments of 128 hosts × 8 GPUs, dual-ToR NICs
/// (2 × 200G), dual-plane, 51.2T leaves (128 × 200G down, 60 × 400G up),
/// 15 segments per pod, a core tier above at 15:1.
ClosParams alibabaHpnParams(int segments);

/// NVIDIA GB200 NVL72 racks: each rack one NVLink domain of 72 GB200 GPUs
/// (18 compute trays × 4 GPUs, 900 GB/s NVLink, NVLink SHARP) joined by
/// NVLink switch trays; every tray has 4 ConnectX-7 400G NICs (rails 0-3)
/// into a rail-optimized, non-blocking InfiniBand fabric of radix-64 400G
/// switches, one scalable unit per rack. racks must be >= 1. traysPerRack
/// (1 to 18): the compute trays in service; deployments that keep two spare
/// trays run 16, so their NVLink domains hold 64 GPUs.
ClosParams gb200NvlParams(int racks, int traysPerRack = 18);

/// Generic rail-optimized design over radix-64 400G switches; the caller
/// adjusts the fields (hosts, GPUs, NIC speed, oversubscription, ...).
ClosParams railOptimizedParams(int hosts);

} // namespace Railyard
