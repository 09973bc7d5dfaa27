#pragma once

// Largest values Railyard accepts from any file or command line. Readers
// refuse anything beyond them with a message naming the field, so every
// later step (analysis, placement, layout) can size its memory by them.
// Stated for users in docs/fabric-format.md and docs/job-format.md.

#include <cstdint>

namespace Railyard::Limits {

/// Ports of one switch (the largest chassis sold has 576).
inline constexpr int maxRadix = 65536;
/// GPUs in one host (a GB200 NVL72 compute tray has 4, an HGX board 8; a
/// multi-host NVLink domain spans hosts, see Host::nvlinkDomain).
inline constexpr int maxGpusPerHost = 1024;
/// NICs (rails) of one host.
inline constexpr int maxNicsPerHost = 256;
/// Ports of one NIC (2 for dual-ToR).
inline constexpr int maxNicPorts = 16;
/// Largest port, plane or rail number.
inline constexpr int maxIndexField = 1 << 20;
/// Link and NIC rates, Gbit/s per direction: 1 Mbit/s to 1 Pbit/s, so
/// sums over a million links stay finite and exact enough, and integer
/// Mbit/s fit an int32 per link in the max-flow network.
inline constexpr double minGbps = 1e-3;
inline constexpr double maxGbps = 1e6;
/// NVLink bandwidth per GPU, GB/s per direction.
inline constexpr double maxNvlinkGBps = 1e6;
/// Hosts and links one generator run may build (a million hosts; the
/// links bound the memory of a generated fabric to a few GB).
inline constexpr int maxGeneratedHosts = 1 << 20;
inline constexpr long long maxGeneratedLinks = 1LL << 24;
/// GPUs of one training job (tp × cp × pp × dp).
inline constexpr long long maxJobGpus = 1LL << 24;
/// Bytes of one element id.
inline constexpr int maxIdBytes = 1024;
/// Nesting of JSON values and XML elements.
inline constexpr int maxNesting = 64;
/// Size of one input file read whole (fabric, job, constants): 512 MiB.
inline constexpr std::int64_t maxInputBytes = std::int64_t(512) << 20;
/// Characters of user text quoted in a message before it is cut.
inline constexpr int maxQuotedChars = 64;

/// True when v is finite and within [minGbps, maxGbps].
inline bool isValidGbps(double v)
{
    return v >= minGbps && v <= maxGbps; // false for NaN
}

} // namespace Railyard::Limits
