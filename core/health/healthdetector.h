#pragma once

// Detection: turns TelemetryFrames into HealthAlarms with their evidence.
// Rules (thresholds in DetectionThresholds, documented in docs/health.md):
//
//  * link_degraded — rule "rate": the running rate is below rateShareBelow ×
//    the nominal rate (lanes or speed lost, or down without flapping); rule
//    "ber": ≥ berMinErrors symbol errors and a bit-error rate above both
//    berAbsolute and the peer median + peerMads × 1.4826 × MAD.
//  * link_flapping — ≥ flapEvents link-down events within flapWindow
//    intervals (a flapping link is not also reported degraded).
//  * pfc_storm — PFC pauses (or ECN marks) per second above both an absolute
//    floor and the peer median + peerMads × 1.4826 × MAD.
//  * rank_hang / allreduce_stall — a job's highest step counter did not
//    advance in an interval; the suspects are the ranks behind their waiting
//    peers, or whose heartbeat is older than heartbeatTimeoutSeconds. With
//    no suspect, the whole job stalls: allreduce_stall.
//  * slow_rank — a rank's busy time above slowRankRatio × its job's median
//    and the median + slowRankMads × 1.4826 × MAD.
//
// Peer groups of links: same tier pair (host-leaf, leaf-spine, spine-core,
// ...) and nominal rate. Hysteresis: a condition raises its alarm after
// raiseAfter consecutive bad intervals and clears it after clearAfter
// consecutive good ones (flapping: flapClearAfter), so an alarm does not
// flap; gaps (missing samples) count neither way. A stale frame changes
// nothing: no alarm is raised or cleared while the source is away.
//
// Threading: plain structs in (frames), plain structs out (alarms); one
// detector per thread, no Qt. Cost O(links + ranks) per frame, with a
// median per peer group (std::nth_element).

#include "core/health/healthalarm.h"
#include "core/health/telemetry.h"
#include "core/model/fabric.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace Railyard {

struct DetectionThresholds
{
    double rateShareBelow = 0.9;
    double berAbsolute = 1e-10;
    std::uint32_t berMinErrors = 10;
    double pfcPerSecond = 1000;
    double ecnPerSecond = 5000;
    double peerMads = 10;
    int flapEvents = 2;
    int flapWindow = 10;
    double heartbeatTimeoutSeconds = 30;
    /// A job stalls when its step counter has not advanced for this many of
    /// its own steps and at least one interval. Its step is the longer of the
    /// ranks' reported busy time and the period learnt from the counter (the
    /// lower median of its last 8 advances, so one late advance does not
    /// stretch it): a 5 s step polled every second is not a stall until ~15 s pass
    /// without progress, nor is a job whose ranks are busy for a fifth of it.
    double stallSteps = 3;
    double slowRankRatio = 1.2;
    double slowRankMads = 8;
    int raiseAfter = 2;
    int clearAfter = 5;
    int flapClearAfter = 10;
};

class HealthDetector
{
public:
    /// Keeps a reference to the fabric (must outlive the detector).
    explicit HealthDetector(const Fabric &fabric, DetectionThresholds thresholds = {});

    /// Feeds the next frame (intervals in increasing order).
    void observe(const TelemetryFrame &frame);

    /// Every alarm raised so far, in the order raised (cleared ones keep
    /// their clearedInterval).
    const std::vector<HealthAlarm> &alarms() const { return m_alarms; }
    std::vector<HealthAlarm> activeAlarms() const;

    /// The last frame was stale (the source did not answer).
    bool isStale() const { return m_stale; }
    std::int64_t staleIntervals() const { return m_staleIntervals; }
    std::int64_t framesObserved() const { return m_frames; }
    std::int64_t linkSamplesObserved() const { return m_linkSamples; }
    const DetectionThresholds &thresholds() const { return m_thresholds; }
    /// Peer group name of a link ("host-leaf 400G").
    const std::string &peerGroupOf(std::int32_t link) const { return m_groupNames[size_t(m_groupOf[size_t(link)])]; }

private:
    struct Track
    {
        std::int64_t firstBad = -1;
        double firstBadTime = 0;
        int bad = 0;
        int good = 0;
        int alarm = -1; ///< index in m_alarms while raised
        AlarmEvidence evidence;
        std::vector<std::int64_t> flapEvents;
    };
    struct JobProgress
    {
        std::int64_t lastMaxStep = -1;
        double lastAdvanceSeconds = 0;         ///< frame time when the job's newest step counter last advanced
        std::array<double, 8> periodSamples{}; ///< seconds per step between the last advances (ring)
        int periodCount = 0;                   ///< samples taken (the ring holds the last 8)
        double busyAtAdvanceSeconds = 0;       ///< median busy time per step while the job advances (smoothed)
    };
    /// Advances a track; returns true when it should be erased.
    bool step(Track &track, bool bad, bool present, std::int64_t interval, double metric, int clearAfter,
              const HealthAlarm &proto);
    void observeLinks(const TelemetryFrame &frame);
    void observeRanks(const TelemetryFrame &frame, const JobRankSamples &job);

    const Fabric &m_fabric;
    DetectionThresholds m_thresholds;
    std::vector<int> m_groupOf;
    std::vector<std::string> m_groupNames;
    std::vector<std::uint8_t> m_tracked;                   ///< per link: bit per link alarm kind with a track
    std::unordered_map<std::uint64_t, Track> m_linkTracks; ///< (link << 3 | kind)
    std::map<std::string, Track> m_rankTracks;             ///< "stall:JOB", "slow:JOB/rank:N"
    std::map<std::string, JobProgress> m_progress;
    std::vector<HealthAlarm> m_alarms;
    bool m_stale = false;
    double m_now = 0; ///< source time of the frame being observed
    std::int64_t m_staleIntervals = 0;
    std::int64_t m_frames = 0;
    std::int64_t m_linkSamples = 0;
    // Scratch per frame.
    std::vector<float> m_ber, m_pfc, m_ecn, m_util;
    std::vector<std::vector<float>> m_groupValues;
};

} // namespace Railyard
