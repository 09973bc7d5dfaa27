#pragma once

// Straggler attribution: which running jobs an alarm touches, by how much
// the traffic model predicts it slows each, and the ranks behind it.
//
// Link alarms: the jobs whose healthy step loads the link. Their slowdown is
// the job's step routed with the link at its observed effective rate (the
// running rate, × the goodput share left by bit errors or PFC pauses — the
// same physics as the simulator, healthfault.h) ÷ the healthy step, both
// routed as the fabric forwards (asRoutedOptions: connections pinned by ECMP
// hashing or static tables, max-min fair, each phase ending with its slowest
// connection), and again with adaptive routing, as place --degrade does; a flapping link stalls the job for half of
// each interval in which it flaps: 1 / (1 − 0.5 × flaps per interval). The
// ranks are those on the link's host (GPUs on the link's rail) for a host
// link, on the hosts below the leaf for a leaf uplink; none for higher tiers.
// Rank alarms: the job itself; a hang or stall has slowdown +inf (stalled),
// a slow rank its busy time ÷ the job's median.

#include "core/health/healthalarm.h"
#include "core/health/runningjobs.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace Railyard {

struct JobImpact
{
    std::string name;
    int job = -1;        ///< index in the running jobs
    /// Predicted whole step ÷ healthy, as the fabric routes (the same figure
    /// as place --degrade's as-routed slowdown); +inf when stalled.
    double slowdown = 1;
    double adaptiveSlowdown = 1; ///< the same with adaptive routing: what adaptive routing would save
    double commSlowdown = 1;     ///< of the step communication time alone, as routed
    RoutingMode routing = RoutingMode::Hashed; ///< the mode `slowdown` was priced under
    int hashSeeds = 0; ///< under ECMP hashing: the hash seeds whose median it is (0 otherwise)
    /// The healthy whole step `slowdown` is a ratio of, as the fabric routes
    /// (the step communication time when the whole step is not known).
    double healthyStepSeconds = 0;
    std::vector<std::int64_t> ranks;
};

/// How much an alarm matters, from its impact on the jobs: a job stalled,
/// a job measurably slowed (≥ 1.01× as routed), no job impact, or unknown:
/// no running job is known at all, so nothing was predicted (never "none").
enum class AlarmSeverity : std::uint8_t { None, Unknown, Slowdown, Stalled };
/// "none", "unknown", "slowdown", "stalled".
const char *alarmSeverityName(AlarmSeverity severity);
/// `jobsKnown`: whether any running job was given (a job file, the Jobs dock,
/// the service's --job); without one the severity is Unknown.
AlarmSeverity alarmSeverity(const std::vector<JobImpact> &jobs, bool jobsKnown = true);
/// The runbook's action step for a severity: restart only when it pays.
std::string severityAction(AlarmSeverity severity);

/// Attributes alarms to jobs. Caches one routing per (job, link, rate), so
/// attributing the same alarm again is free. Not thread-safe; plain data in
/// and out. Keeps references to the fabric and jobs.
class HealthAttribution
{
public:
    HealthAttribution(const Fabric &fabric, const std::vector<RunningJob> &jobs);

    /// The jobs `alarm` touches, the costliest first.
    std::vector<JobImpact> attribute(const HealthAlarm &alarm);
    /// The link's effective rate (Gbit/s) the evidence of a link alarm implies.
    static double effectiveGbps(const HealthAlarm &alarm);

private:
    struct Priced
    {
        double asRouted = 1;
        double adaptive = 1;
        double comm = 1;
        int hashSeeds = 0;
    };
    /// The job's as-routed options (asRoutedOptionsFor: the hash seeds its
    /// size allows, as place --degrade uses).
    RoutingOptions asRouted(int job);
    Priced routedSlowdown(int job, std::int32_t link, double gbps);
    StepFigures healthyStep(int job, const RoutingOptions &routing);
    /// The job's healthy whole step as the fabric routes (its communication
    /// when the whole step is not known): what its slowdowns are ratios of.
    double healthyAsRouted(int job);
    std::vector<std::int64_t> ranksBehindLink(int job, std::int32_t link) const;

    const Fabric &m_fabric;
    const std::vector<RunningJob> &m_jobs;
    std::map<std::string, Priced> m_cache;
    std::map<std::string, StepFigures> m_healthy; ///< (job, mode) → the healthy step
    std::map<int, RoutingOptions> m_asRouted; ///< job → its as-routed options
};

} // namespace Railyard
