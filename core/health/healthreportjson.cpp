// Serialization of HealthReport (healthreport.h): JSON and text.
#include "core/health/healthreport.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace Railyard {

using nlohmann::json;

namespace {

json number(double v)
{
    return std::isfinite(v) ? json(v) : json(nullptr);
}

json evidenceJson(const AlarmEvidence &e)
{
    json series = json::array();
    for (double v : e.series)
        series.push_back(number(v));
    json thresholds = json::object();
    for (const auto &[k, v] : e.thresholds)
        thresholds[k] = number(v);
    json observed = json::object();
    for (const auto &[k, v] : e.observed)
        observed[k] = number(v);
    return json{{"rule", e.rule},
                {"metric", e.metric},
                {"series_start_interval", e.seriesStart},
                {"series", std::move(series)},
                {"thresholds", std::move(thresholds)},
                {"observed", std::move(observed)},
                {"peers",
                 {{"group", e.peers.group},
                  {"count", e.peers.count},
                  {"median", number(e.peers.median)},
                  {"mad", number(e.peers.mad)}}}};
}

json jobsJson(const std::vector<JobImpact> &jobs)
{
    json out = json::array();
    for (const JobImpact &j : jobs) {
        json o{{"name", j.name},
               {"slowdown", number(j.slowdown)},
               {"stalled", !std::isfinite(j.slowdown)},
               {"routing", routingModeName(j.routing)},
               {"hash_seeds", j.hashSeeds},
               {"adaptive_slowdown", number(j.adaptiveSlowdown)},
               {"communication_slowdown", number(j.commSlowdown)},
               {"healthy_step_time_ms", j.healthyStepSeconds * 1e3},
               {"ranks", j.ranks}};
        out.push_back(std::move(o));
    }
    return out;
}

json exclusionsJson(const HealthExclusions &e)
{
    return json{{"hosts", e.hosts}, {"links", e.links}};
}

json incidentJson(const HealthReport &r, size_t index)
{
    const HealthIncident &i = r.incidents[index];
    const HealthDetection &d = r.detections[size_t(i.alarm)];
    return json{{"incident_id", i.id},
                {"cluster", i.cluster},
                {"symptom", i.symptom},
                {"status", d.alarm.active() ? "open" : "resolved"},
                {"element", i.element},
                {"first_interval", i.firstInterval},
                {"evidence", evidenceJson(d.alarm.evidence)},
                {"affected_jobs", jobsJson(i.jobs)},
                {"exclusions", exclusionsJson(i.exclusions)},
                {"runbook", i.runbook}};
}

std::string ms(double seconds)
{
    if (!std::isfinite(seconds))
        return "stalled";
    char text[32];
    std::snprintf(text, sizeof text, "%.1f ms", seconds * 1e3);
    return text;
}

} // namespace

const char *healthIncidentStatus(const HealthReport &report, size_t incident)
{
    return report.detections[size_t(report.incidents[incident].alarm)].alarm.active() ? "open" : "resolved";
}

std::string healthIncidentToJson(const HealthReport &report, size_t incident)
{
    return incidentJson(report, incident).dump();
}

std::string healthReportToJson(const HealthReport &r)
{
    json detections = json::array();
    for (const HealthDetection &d : r.detections) {
        const HealthAlarm &a = d.alarm;
        auto time = [](double t) { return t > 0 ? json(t) : json(nullptr); };
        detections.push_back(json{{"kind", alarmKindName(a.kind)},
                                  {"element", a.element},
                                  {"severity", alarmSeverityName(d.severity)},
                                  {"first_interval", a.firstInterval},
                                  {"raised_interval", a.raisedInterval},
                                  {"cleared_interval", a.active() ? json(nullptr) : json(a.clearedInterval)},
                                  {"first_time", time(a.firstTime)},
                                  {"raised_time", time(a.raisedTime)},
                                  {"cleared_time", a.active() ? json(nullptr) : time(a.clearedTime)},
                                  {"raised_at", sourceTimeText(a.raisedTime)},
                                  {"active", a.active()},
                                  {"evidence", evidenceJson(a.evidence)},
                                  {"jobs", jobsJson(d.jobs)},
                                  {"unpriced_jobs", d.unpricedJobs}});
    }
    json replacements = json::array();
    for (const JobReplacement &p : r.replacements) {
        json options = json::array();
        for (const JobReplacement::Option &o : p.options)
            options.push_back(json{{"kind", o.kind == JobReplacement::Option::Kind::ShrinkDataParallel ? "shrink_dp"
                                                                                                      : "keep_running"},
                                   {"dp", o.kind == JobReplacement::Option::Kind::ShrinkDataParallel
                                              ? json(o.dataParallel)
                                              : json(nullptr)},
                                   {"step_time_ms", number(o.stepSeconds * 1e3)},
                                   {"compute_factor", o.computeFactor},
                                   {"text", o.text}});
        replacements.push_back(json{{"job", p.job},
                                    {"placed", p.placed},
                                    {"error", p.error},
                                    {"options", std::move(options)},
                                    {"step_time_ms",
                                     {{"healthy", number(p.healthyStepSeconds * 1e3)},
                                      {"now", number(p.nowStepSeconds * 1e3)},
                                      {"after", p.placed ? number(p.afterStepSeconds * 1e3) : json(nullptr)}}},
                                    {"hosts_moved", p.hostsMoved},
                                    {"excluded_hosts_avoided", p.excludedHostsAvoided}});
    }
    json incidents = json::array();
    for (size_t i = 0; i < r.incidents.size(); ++i)
        incidents.push_back(incidentJson(r, i));
    const json out{{"cluster", r.cluster},
                   {"source", r.source},
                   {"source_detail", r.sourceDetail},
                   {"intervals", r.intervals},
                   {"stale_intervals", r.staleIntervals},
                   {"stale", r.stale},
                   {"link_samples", r.linkSamples},
                   {"link_gap_fraction", r.linkGapFraction},
                   {"warnings", r.warnings},
                   {"running_jobs", r.runningJobs},
                   {"detections", std::move(detections)},
                   {"exclusions", exclusionsJson(r.exclusions)},
                   {"replacements", std::move(replacements)},
                   {"incidents", std::move(incidents)}};
    return out.dump(1) + "\n";
}

std::string healthReportToText(const HealthReport &r)
{
    std::string out;
    char line[512];
    std::snprintf(line, sizeof line, "Health of %s from %s%s%s%s: %lld intervals (%lld stale), %lld link samples%s\n",
                  r.cluster.c_str(), r.source.c_str(), r.sourceDetail.empty() ? "" : " (",
                  r.sourceDetail.c_str(), r.sourceDetail.empty() ? "" : ")", (long long)r.intervals,
                  (long long)r.staleIntervals, (long long)r.linkSamples, r.stale ? "; source STALE now" : "");
    out += line;
    for (const std::string &w : r.warnings)
        out += "WARNING: " + w + "\n";
    for (const std::string &j : r.runningJobs)
        out += "Running: " + j + "\n";
    if (r.detections.empty())
        out += r.warnings.empty() ? "No alarms.\n" : "No alarms, but see the warning: the links were not watched.\n";
    for (const HealthDetection &d : r.detections) {
        const HealthAlarm &a = d.alarm;
        const std::string raisedAt = sourceTimeText(a.raisedTime);
        std::snprintf(line, sizeof line, "\n%s %s [%s]: first interval %lld, raised %lld%s%s%s (rule %s)\n",
                      alarmKindName(a.kind), a.element.c_str(), alarmSeverityName(d.severity),
                      (long long)a.firstInterval, (long long)a.raisedInterval, raisedAt.empty() ? "" : " at ",
                      raisedAt.c_str(), a.active() ? "" : (", cleared " + std::to_string(a.clearedInterval)).c_str(),
                      a.evidence.rule.c_str());
        out += line;
        for (const auto &[k, v] : a.evidence.observed) {
            std::snprintf(line, sizeof line, "    %s = %g\n", k.c_str(), v);
            out += line;
        }
        std::snprintf(line, sizeof line, "    peers %s: n %lld, median %g, MAD %g\n", a.evidence.peers.group.c_str(),
                      (long long)a.evidence.peers.count, a.evidence.peers.median, a.evidence.peers.mad);
        out += line;
        if (d.severity == AlarmSeverity::Unknown && d.unpricedJobs.empty())
            out += "  job impact: unknown: no job is known on these hosts (give the running jobs with --job, or "
                   "Slurm's with --squeue)\n";
        for (const std::string &u : d.unpricedJobs)
            out += "  job impact: unknown for " + u + ": running without a job file (give it with --job)\n";
        for (const JobImpact &j : d.jobs) {
            if (std::isfinite(j.slowdown)) {
                char seeds[48] = "";
                if (j.hashSeeds > 0)
                    std::snprintf(seeds, sizeof seeds, ", median of %d hash seeds", j.hashSeeds);
                std::snprintf(line, sizeof line,
                              "  job %s: predicted step %.3f× as routed (%s%s; its communication %.3f×), %.3f× with "
                              "adaptive routing (%zu ranks behind it)\n",
                              j.name.c_str(), j.slowdown, routingModeDescription(j.routing), seeds, j.commSlowdown,
                              j.adaptiveSlowdown, j.ranks.size());
            }
            else
                std::snprintf(line, sizeof line, "  job %s: stalled (%zu ranks behind it)\n", j.name.c_str(),
                              j.ranks.size());
            out += line;
        }
    }
    if (!r.exclusions.empty()) {
        out += "\nRecommended exclusions:";
        for (const std::string &h : r.exclusions.hosts)
            out += " host " + h;
        for (const std::string &l : r.exclusions.links)
            out += " link " + l;
        out += "\n";
    }
    for (const JobReplacement &p : r.replacements) {
        if (p.placed)
            std::snprintf(line, sizeof line, "Re-place %s: step healthy %s, now %s, after %s, as routed (%d hosts moved)\n",
                          p.job.c_str(), ms(p.healthyStepSeconds).c_str(), ms(p.nowStepSeconds).c_str(),
                          ms(p.afterStepSeconds).c_str(), p.hostsMoved);
        else
            std::snprintf(line, sizeof line, "Re-place %s: no placement avoids the exclusions (%s); instead:\n",
                          p.job.c_str(), p.error.c_str());
        out += line;
        for (const JobReplacement::Option &o : p.options)
            out += "  - " + o.text + "\n";
    }
    for (const HealthIncident &i : r.incidents) {
        std::snprintf(line, sizeof line, "Incident %s: %s on %s\n", i.id.c_str(), i.symptom.c_str(), i.element.c_str());
        out += line;
    }
    return out;
}

} // namespace Railyard
