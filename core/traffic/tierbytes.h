#pragma once

// Classifies host-to-host transfers by the highest topology boundary they
// must cross, and sums a step's bytes per tier.

#include "core/model/fabric.h"
#include "core/jobs/placement.h"
#include "core/traffic/flows.h"
#include "core/traffic/steptraffic.h"

#include <array>
#include <cstdint>
#include <vector>

namespace Railyard {

/// The smallest domain a transfer stays inside, bottom-up.
enum class FlowTier : std::uint8_t {
    Host,      ///< same host: NVLink, never on the network
    Leaf,      ///< source and destination NICs share a leaf switch: one switch hop
    Su,        ///< same scalable unit, different leaves
    Pod,       ///< same pod, different SUs (crosses the pod's spine tier)
    Zone,      ///< same zone, different pods
    CrossZone, ///< different zones: crosses the core / aggregation tier
};
inline constexpr int flowTierCount = 6;
/// "host", "leaf", "su", "pod", "zone", "cross-zone".
const char *flowTierName(FlowTier tier);

/// Bytes per tier; index with int(FlowTier).
struct TierBytes
{
    std::array<double, flowTierCount> bytes{};

    double &operator[](FlowTier t) { return bytes[size_t(t)]; }
    double operator[](FlowTier t) const { return bytes[size_t(t)]; }
    /// Everything that leaves a host.
    double network() const;
    /// Bytes crossing at or above `tier` (e.g. Zone: cross-pod + cross-zone).
    double atOrAbove(FlowTier tier) const;
};

/// Precomputes each host's leaves per rail and its location, so classify()
/// costs a few comparisons. Location fields left empty count as equal.
class TierClassifier
{
public:
    explicit TierClassifier(const Fabric &fabric);

    /// Rails -1 mean "any NIC": the host's leaves on all rails.
    FlowTier classify(std::int32_t srcHost, int srcRail, std::int32_t dstHost, int dstRail) const;
    FlowTier classify(const Flow &f) const { return classify(f.srcHost, f.srcRail, f.dstHost, f.dstRail); }

private:
    const std::vector<std::int32_t> &leavesOf(std::int32_t host, int rail) const;

    const Fabric &m_fabric;
    /// Per host: sorted leaf switch indices per rail slot (slot = index in nics), plus all leaves last.
    std::vector<std::vector<std::vector<std::int32_t>>> m_leaves;
};

/// Bytes of one step per tier: host-local (NVLink) bytes of every
/// collective plus its network transfers classified by tier, × countPerStep.
/// `kinds` filters (empty = all).
TierBytes stepTierBytes(const Fabric &fabric, const Placement &placement,
                        const std::vector<GroupCollective> &collectives, const TierClassifier &classifier,
                        const std::vector<ParallelKind> &kinds = {}, bool sharp = false);

} // namespace Railyard
