#pragma once

// What the HealthDetector reports: one HealthAlarm per raised condition
// (kind × element), with the evidence that raised it.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace Railyard {

enum class AlarmKind : std::uint8_t {
    LinkDegraded,   ///< running below its nominal rate, or bit errors far above its peers
    LinkFlapping,   ///< went down and up repeatedly
    PfcStorm,       ///< PFC pauses / ECN marks far above its peers
    RankHang,       ///< a job stopped progressing; these ranks are behind their waiting peers
    AllreduceStall, ///< a job stopped progressing with no rank behind (every rank waits)
    SlowRank,       ///< a rank's busy time far above its job's other ranks
};

/// "link_degraded", "link_flapping", "pfc_storm", "rank_hang", "allreduce_stall", "slow_rank".
const char *alarmKindName(AlarmKind kind);
std::optional<AlarmKind> alarmKindFromName(const std::string &name);
inline bool isLinkAlarm(AlarmKind kind)
{
    return kind == AlarmKind::LinkDegraded || kind == AlarmKind::LinkFlapping || kind == AlarmKind::PfcStorm;
}

/// Robust statistics of a peer group (links of the same tier pair and
/// nominal rate, or the ranks of one job) in one interval.
struct PeerStats
{
    std::string group; ///< "host-leaf 400G", "job moe-424b-16e"
    std::int64_t count = 0;
    double median = 0;
    double mad = 0; ///< median absolute deviation (unscaled)
};

struct AlarmEvidence
{
    std::string rule;   ///< the rule that raised it: "rate", "ber", "flap", "pfc", "ecn", "stall", "busy"
    std::string metric; ///< the series below: "rate_gbps", "ber", "link_downed", "pfc_per_s", "step", "busy_s"
    std::int64_t seriesStart = 0; ///< interval of series[0]
    std::vector<double> series;   ///< the metric per interval from the first bad one (NaN = gap), ≤ 32
    std::vector<std::pair<std::string, double>> thresholds; ///< name → value the rule compared against
    std::vector<std::pair<std::string, double>> observed;   ///< name → figure in the raising interval
    PeerStats peers;
};

struct HealthAlarm
{
    AlarmKind kind = AlarmKind::LinkDegraded;
    std::string element;               ///< link id, job name (stall) or "JOB/rank:N"
    std::int32_t link = -1;            ///< link alarms
    std::string job;                   ///< rank alarms
    std::vector<std::int64_t> ranks;   ///< rank alarms: the suspects
    std::int64_t firstInterval = 0;    ///< first interval of the bad run that raised it
    std::int64_t raisedInterval = 0;   ///< interval in which it was raised (hysteresis satisfied)
    std::int64_t clearedInterval = -1; ///< -1 while active
    // Source time (Unix seconds, the frame's timeSeconds) of the same three
    // moments; 0 when the source gives no time.
    double firstTime = 0;
    double raisedTime = 0;
    double clearedTime = 0;
    bool active() const { return clearedInterval < 0; }
    AlarmEvidence evidence;
};

} // namespace Railyard
