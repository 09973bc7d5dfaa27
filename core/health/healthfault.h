#pragma once

// Faults the simulator injects, written KIND:ID:VALUE[@INTERVAL] on the
// command line (`--inject degrade:gpu0001--leaf-0001:0.5@3`).
//
//   degrade    link runs at VALUE × its nominal rate (0 < VALUE < 1)
//   flap       link goes down and back up every VALUE intervals (>= 2; default 3)
//   ber        link's bit-error rate is VALUE (e.g. 1e-6): symbol errors,
//              receive errors and replays; goodput loses the replayed share
//   pfc-storm  link sees VALUE PFC pause frames per second (e.g. 2e5), with
//              ECN marks; its throughput drops by the paused share
//   hang       rank stops making progress (ID rank:N; VALUE ignored)
//   slow       rank's busy time is VALUE × normal (ID rank:N; VALUE > 1)
//
// ID rank:N names rank N of the first job given (or JOB/rank:N for another).
// INTERVAL is the first interval the fault is active (default 0); it stays
// active to the end of the run.

#include "core/model/fabric.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace Railyard {

enum class FaultKind : std::uint8_t { Degrade, Flap, Ber, PfcStorm, Hang, Slow };

/// "degrade", "flap", "ber", "pfc-storm", "hang", "slow".
const char *faultKindName(FaultKind kind);
std::optional<FaultKind> faultKindFromName(const std::string &name);
/// Hang and slow name a rank; the others a link.
inline bool isRankFault(FaultKind kind)
{
    return kind == FaultKind::Hang || kind == FaultKind::Slow;
}

struct HealthFault
{
    FaultKind kind = FaultKind::Degrade;
    std::string element;    ///< link id, or "rank:N" / "JOB/rank:N"
    std::int32_t link = -1; ///< resolved link index (link faults)
    std::string job;        ///< rank faults: job name ("" = the first job)
    std::int64_t rank = -1; ///< rank faults: global rank
    double value = 0;       ///< see the header comment
    std::int64_t startInterval = 0;

    bool activeAt(std::int64_t interval) const { return interval >= startInterval; }
};

/// The share of a link's rate left for data at bit-error rate `ber`: a
/// 4 KiB packet (32,768 bits) with any bit error is replayed, so goodput is
/// 1 − min(0.9, ber × 32768). Shared by the simulator and the attribution.
double berGoodputFraction(double ber);
/// The share left under `pausesPerSecond` PFC pause frames, each holding the
/// link for 2 µs: 1 − min(0.9, pauses/s × 2e-6).
double pfcGoodputFraction(double pausesPerSecond);

/// Parses KIND:ID:VALUE[@INTERVAL] and resolves link ids against `fabric`.
/// Rank numbers are checked later, against the jobs. Returns std::nullopt
/// and sets *error ("unknown link 'x'", "degrade: VALUE must be in (0, 1)").
std::optional<HealthFault> parseHealthFault(const std::string &text, const Fabric &fabric, std::string *error);

/// The fault written back in the form parseHealthFault reads.
std::string healthFaultToString(const HealthFault &fault);

} // namespace Railyard
