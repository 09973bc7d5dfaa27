#pragma once

// The control-plane service's view of one cluster's health: a thread polls
// the cluster's telemetry source (the simulator or Prometheus) once per
// interval, feeds the HealthDetector, attributes each new alarm to the
// running jobs (slowdown as routed and with adaptive routing, ranks, hosts
// and links to drain), and keeps one small summary per interval for the
// last 24 hours. `GET …/telemetry?window=15m` aggregates
// those summaries (docs/api.md, "Telemetry"):
//
//  * ecn_ce_rate — ECN-CE marked packets ÷ packets (packets = bytes ÷ 4096,
//    the RDMA MTU), over every link of the fabric;
//  * retransmits — transport retransmissions (RoCE) or link-level replays
//    (InfiniBand) per second, summed over the links;
//  * observed_loss_pct — discarded ÷ sent packets × 100;
//  * p99_rtt_us — the sources carry no RTT probe, so this is an estimate
//    from the counters: a host-to-host round trip across the fabric's
//    longest shortest path (2 links per switch tier each way) at fixed
//    per-hop costs (NIC 1 µs, switch 0.6 µs, cable 0.5 µs, serialization of
//    one MTU) plus, per link, the 99th-percentile M/M/1 queueing delay at the
//    link's measured utilization, taken at the interval's 99th-percentile
//    link; the window's figure is the 99th percentile of its intervals;
//  * collective_hang_suspects — ranks named by rank_hang detections, plus
//    one per job in allreduce_stall, active at some point in the window.

#include "core/health/healthactions.h"
#include "core/health/healthalarm.h"
#include "core/health/healthattribution.h"
#include "core/health/healthfault.h"
#include "core/health/runningjobs.h"
#include "core/health/telemetry.h"
#include "core/model/fabric.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace Railyard {

struct ClusterTelemetryOptions
{
    std::string source = "sim";   ///< "sim" or "prometheus"
    std::string prometheusUrl;    ///< with source "prometheus"
    double intervalSeconds = 1.0; ///< polling interval
    std::uint64_t seed = 1;       ///< the simulator's
};

/// What a telemetry window gives.
struct TelemetryWindow
{
    double windowSeconds = 0;
    std::int64_t samples = 0; ///< intervals with data in the window
    std::int64_t staleSamples = 0;
    double p99RttUs = 0;
    double ecnCeRate = 0;
    double retransmitsPerSecond = 0;
    double observedLossPct = 0;
    int collectiveHangSuspects = 0;
    std::string source;
    std::string staleReason; ///< of the newest interval, when it was stale
};

/// One detection as the telemetry and incident answers carry it: the alarm,
/// when it began, what it costs the cluster's jobs and what to drain.
struct TelemetryDetection
{
    std::string kind; ///< alarmKindName
    std::string element;
    std::string symptom; ///< incidentSymptom
    std::int64_t firstInterval = 0;
    double firstTime = 0; ///< source time of the first bad interval (epoch seconds; 0 when unknown)
    bool active = true;
    AlarmSeverity severity = AlarmSeverity::None;
    std::vector<JobImpact> jobs;  ///< HealthAttribution's, priced when the alarm was raised
    HealthExclusions exclusions;  ///< what this alarm alone recommends draining
};

class ClusterTelemetry
{
public:
    /// Takes the fabric and jobs (placed on it) and starts polling.
    ClusterTelemetry(std::string cluster, std::shared_ptr<const Fabric> fabric, std::vector<RunningJob> jobs,
                     std::vector<HealthFault> faults, ClusterTelemetryOptions options);
    ~ClusterTelemetry();
    ClusterTelemetry(const ClusterTelemetry &) = delete;
    ClusterTelemetry &operator=(const ClusterTelemetry &) = delete;

    const std::string &cluster() const { return m_cluster; }
    const Fabric &fabric() const { return *m_fabric; }

    /// Aggregates the intervals that ended in the last `seconds`. Thread-safe.
    TelemetryWindow window(double seconds) const;
    /// The jobs running on the cluster, as given at start (immutable).
    std::vector<JobSpec> jobSpecs() const
    {
        std::vector<JobSpec> out;
        for (const RunningJob &j : m_jobs)
            out.push_back(j.spec);
        return out;
    }
    /// Detections active now or cleared in the last `seconds`, oldest first.
    /// Each is attributed to the jobs once, on the polling thread, when it
    /// is raised (HealthAttribution: about 0.4 s for llama-70b on
    /// cluster-3k), so reading them costs nothing. Thread-safe.
    std::vector<TelemetryDetection> detections(double seconds) const;

    /// The longest window kept.
    static constexpr double maxWindowSeconds = 24 * 3600.0;

private:
    struct IntervalSummary
    {
        double wallSeconds = 0; ///< steady clock at the end of the interval
        std::int64_t interval = 0;
        bool stale = false;
        double seconds = 0;
        double packets = 0;
        double ecnMarked = 0;
        double retransmits = 0;
        double discards = 0;
        double p99RttUs = 0;
    };
    struct AlarmSpan
    {
        HealthAlarm alarm;
        std::vector<JobImpact> jobs;
        HealthExclusions exclusions;
        double raisedWall = 0;
        double clearedWall = -1; ///< -1 while active
    };

    void run();
    IntervalSummary summarize(const TelemetryFrame &frame) const;
    static double now();

    std::string m_cluster;
    std::shared_ptr<const Fabric> m_fabric;
    std::vector<RunningJob> m_jobs;
    std::vector<HealthFault> m_faults;
    ClusterTelemetryOptions m_options;
    int m_pathLinks = 2; ///< links of the longest host-to-host shortest path

    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::deque<IntervalSummary> m_intervals;
    std::vector<AlarmSpan> m_alarms;
    std::string m_lastStaleReason;
    size_t m_alarmCount = 0; ///< detector alarms already attributed (the polling thread's)
    std::thread m_thread;
};

} // namespace Railyard
