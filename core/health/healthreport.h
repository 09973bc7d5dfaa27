#pragma once

// The health report `railyard-cli health` prints and the GUI's incident
// panel shows: detections with evidence and attributed jobs, the exclusion
// set, re-placements and incidents. Built from a detector after polling a
// source; serialized as JSON (schema in docs/cli.md) or text.
//
// Threading: monitorHealth and buildHealthReport take plain structs and
// run on any thread (the GUI calls them on its polling worker); the report
// is a value the UI thread can take.

#include "core/health/healthactions.h"
#include "core/health/healthalarm.h"
#include "core/health/healthattribution.h"
#include "core/health/healthdetector.h"
#include "core/health/healthincident.h"
#include "core/health/runningjobs.h"
#include "core/health/telemetryrecording.h"
#include "core/health/telemetrysource.h"

#include <functional>
#include <string>
#include <vector>

namespace Railyard {

class PrometheusSource;

struct HealthDetection
{
    HealthAlarm alarm;
    std::vector<JobImpact> jobs;
    /// Running jobs without a job file whose hosts the alarm may touch
    /// (UnpricedJob::label): the severity is at least Unknown.
    std::vector<std::string> unpricedJobs;
    AlarmSeverity severity = AlarmSeverity::None; ///< from the jobs' impact (alarmSeverity)
};

struct HealthReport
{
    std::string cluster; ///< fabric name
    std::string source;  ///< "sim", "replay", "prometheus"
    std::string sourceDetail; ///< e.g. Prometheus' scrape interval and the rate() window used
    std::int64_t intervals = 0;
    std::int64_t staleIntervals = 0;
    bool stale = false; ///< the last poll was stale
    std::int64_t linkSamples = 0;
    /// Share of the link samples the non-stale intervals should have had that
    /// were gaps (no data): 0 when every link reported every interval.
    double linkGapFraction = 0;
    /// Said loudly (text, JSON "warnings", the Health dock's status): most
    /// links were gaps, so "no alarm" means "no data", not "healthy".
    std::vector<std::string> warnings;
    /// Where the running jobs came from, one line each (the scheduler's
    /// jobs read from squeue --json: priced from a job file, or unknown).
    std::vector<std::string> runningJobs;
    std::vector<HealthDetection> detections; ///< every alarm raised, in order
    HealthExclusions exclusions;             ///< from the active alarms
    std::vector<JobReplacement> replacements;
    std::vector<HealthIncident> incidents; ///< one per detection
};

/// Polls `source` up to `intervals` times (stopping early at its end),
/// feeding each frame to `detector` and, when given, `recorder`. `onFrame`
/// (optional) sees each frame after detection; returning false stops.
void monitorHealth(TelemetrySource &source, HealthDetector &detector, std::int64_t intervals,
                   TelemetryRecorder *recorder = nullptr,
                   const std::function<bool(const TelemetryFrame &)> &onFrame = {});

/// Attributes every alarm, recommends exclusions from the active ones,
/// re-places each job an active alarm touches (one evaluateJob each) and
/// files an incident per alarm.
/// `unpriced`: jobs the scheduler runs without a job file (squeue --json):
/// an alarm that may touch one is at least "unknown" and names it.
HealthReport buildHealthReport(const Fabric &fabric, const std::vector<RunningJob> &jobs,
                               const HealthDetector &detector, const std::string &sourceKind,
                               const std::vector<UnpricedJob> &unpriced = {});

/// Sets report.sourceDetail from a Prometheus source (scrape interval, the
/// rate() window) and warns when the scrape interval could not be learnt.
void describePrometheusWindow(const PrometheusSource &source, HealthReport &report);

/// JSON (docs/cli.md, "health"): {cluster, source, intervals, stale_intervals,
/// stale, detections: [{kind, element, first_interval, raised_interval,
/// cleared_interval, evidence, jobs: [{name, slowdown, ranks}]}],
/// exclusions: {hosts, links}, replacements, incidents}. Infinite slowdowns
/// (stalls) are null with "stalled": true.
std::string healthReportToJson(const HealthReport &report);
std::string healthReportToText(const HealthReport &report);
/// One incident of the report as the control-plane incident API takes it
/// (the objects of the report's "incidents" array), compact.
std::string healthIncidentToJson(const HealthReport &report, size_t incident);
/// "open" while the incident's alarm is active, else "resolved".
const char *healthIncidentStatus(const HealthReport &report, size_t incident);

} // namespace Railyard
