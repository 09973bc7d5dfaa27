#pragma once

// The telemetry model of link and rank health: one TelemetryFrame per polling
// interval, produced by a TelemetrySource (simulator, replay, Prometheus) and
// consumed by the HealthDetector. Plain structs: frames are built on a
// polling thread and handed to detection or the GUI by value.
//
// Time axis: frames are numbered by interval (0, 1, 2, ...) and carry the
// source's time in seconds. A missing sample is `present == false` (a link
// or rank the source did not report this interval) and a whole missing
// interval is a frame with `stale == true`: gaps are never zero-filled.
//
// Counters are per interval (deltas), not running totals: a source that
// reads cumulative counters (sysfs, Prometheus) differences them and treats
// a negative delta as a counter reset (the sample is then not present).

#include "core/model/fabric.h"

#include <cstdint>
#include <string>
#include <vector>

namespace Railyard {

/// One link during one interval. Direction a→b follows Link::a / Link::b.
struct LinkSample
{
    bool present = false;            ///< false: no sample this interval (a gap)
    LinkState state = LinkState::Up; ///< at the end of the interval
    float capacityGbps = 0;          ///< nominal rate, per direction
    float rateGbps = 0;              ///< running (negotiated) rate at the end of the interval; 0 when down
    double bytesAtoB = 0;            ///< data bytes sent a→b in the interval
    double bytesBtoA = 0;
    std::uint32_t symbolErrors = 0;  ///< PHY symbol errors in the interval
    std::uint32_t receiveErrors = 0; ///< packets received with errors (bad CRC, ...)
    std::uint32_t discards = 0;      ///< packets discarded (both directions)
    std::uint32_t linkDowned = 0;    ///< times the link went down in the interval
    std::uint32_t ecnMarked = 0;     ///< packets marked ECN-CE
    std::uint32_t pfcPauses = 0;     ///< PFC pause frames sent or received (InfiniBand: transmit-wait ticks)
    std::uint32_t retransmits = 0;   ///< transport retransmissions (RoCE) / link-level replays (IB)

    /// `bytes` sent over `seconds` as a share of the running rate (0 when down).
    double utilization(double bytes, double seconds) const
    {
        return rateGbps > 0 && seconds > 0 ? bytes * 8 / (double(rateGbps) * 1e9 * seconds) : 0.0;
    }
};

/// One rank of a job at the end of an interval.
struct RankSample
{
    bool present = false;        ///< false: the rank did not report (a gap)
    double heartbeatSeconds = 0; ///< source time of the rank's last heartbeat
    std::int64_t step = 0;       ///< last step whose collectives the rank entered (NCCL flight-recorder view)
    double stepSeconds = 0;      ///< busy time of the rank's last step (compute + own sends, no waiting on peers)
};

/// The ranks of one running job, indexed by global rank.
struct JobRankSamples
{
    std::string jobName;
    std::vector<RankSample> ranks;
};

/// Everything a source reports for one polling interval.
struct TelemetryFrame
{
    std::int64_t interval = 0;     ///< index on the time axis, 0-based
    double timeSeconds = 0;        ///< source time at the end of the interval
    double intervalSeconds = 1.0;  ///< length of the interval
    bool stale = false;            ///< the source did not answer: no samples at all (not an all-zero frame)
    std::string staleReason;       ///< why, when stale
    std::vector<LinkSample> links; ///< indexed like Fabric::links() (empty when stale)
    std::vector<JobRankSamples> jobs;

    /// Samples present in this frame (links).
    std::int64_t presentLinkSamples() const;
};

} // namespace Railyard
