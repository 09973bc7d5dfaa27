#pragma once

// Network incidents, shaped for the control-plane incident API (domain.md
// §7: POST /v1/incidents/network {"cluster", "symptom"} → {"incident_id",
// "runbook"}): one incident per alarm, with its evidence, the affected jobs,
// the exclusion set and a runbook filled from resources/runbooks/.
//
// Symptoms: link_degraded, link_flapping, pfc_storm, rank_hang,
// allreduce_stall; a slow rank files allreduce_stall (it holds every
// collective of its job back).

#include "core/health/healthactions.h"
#include "core/health/healthalarm.h"
#include "core/health/healthattribution.h"

#include <string>
#include <vector>

namespace Railyard {

struct HealthIncident
{
    std::string id; ///< "ni_" + 16 hex digits (the control plane's format) of (cluster, symptom, element, first interval, wall-clock first time)
    std::string cluster; ///< the fabric's name
    std::string symptom;
    std::string element;
    std::int64_t firstInterval = 0;
    double firstTime = 0; ///< source time of the first bad interval (HealthAlarm::firstTime)
    AlarmSeverity severity = AlarmSeverity::None;
    int alarm = -1; ///< index of its alarm in the report
    std::vector<JobImpact> jobs;
    HealthExclusions exclusions;
    std::string runbook; ///< Markdown
};

/// The symptom an alarm files ("slow_rank" → "allreduce_stall").
std::string incidentSymptom(AlarmKind kind);

/// The runbook of `symptom` (runbooks.h) with its {{…}} fields filled in; a
/// generic page for a symptom without a template.
/// `severity` and `action` fill {{severity}} and {{action}}, `firstTime`
/// {{first_time}} (a source time, or "time unknown").
std::string renderRunbook(const std::string &symptom, const std::string &cluster, const std::string &element,
                          std::int64_t firstInterval, const std::string &summary, const std::string &jobs,
                          const std::string &exclusions, const std::string &severity = "unknown",
                          const std::string &action = {}, const std::string &firstTime = "time unknown");

/// A source time as "2026-12-05 12:16:33 UTC (13:16:33 local)"; "t+12.0 s"
/// for relative times (a simulator without a start time); "" for 0.
std::string sourceTimeText(double seconds);

/// The runbook's "Affected jobs" text: "llama (predicted 1.93× step time,
/// 1.00× with adaptive routing, 8 ranks), …"; "none" for no job.
/// "unknown: no job is known on these hosts" when `jobsKnown` is false.
/// `unpriced`: running jobs without a job file on these hosts, said unknown.
std::string jobImpactsText(const std::vector<JobImpact> &jobs, bool jobsKnown = true,
                           const std::vector<std::string> &unpriced = {});
/// The runbook's drain list: "host gpu001, link leaf-0001--spine-01"; "none".
std::string exclusionsText(const HealthExclusions &exclusions);

/// Builds the incident for one alarm. A stale source raises no incident:
/// callers pass only alarms raised from fresh frames.
/// `jobsKnown`: whether any running job was given (else its impact is unknown).
/// `unpriced`: running jobs without a job file the alarm may touch (their
/// labels): the severity is then at least unknown, and the runbook names them.
HealthIncident buildIncident(const std::string &cluster, const HealthAlarm &alarm, int alarmIndex,
                             const std::vector<JobImpact> &jobs, const HealthExclusions &exclusions,
                             bool jobsKnown = true, const std::vector<std::string> &unpriced = {});

} // namespace Railyard
