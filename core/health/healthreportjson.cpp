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
        detections.push_back(json{{"kind", alarmKindName(a.kind)},
                                  {"element", a.element},
                                  {"first_interval", a.firstInterval},
                                  {"raised_interval", a.raisedInterval},
                                  {"cleared_interval", a.active() ? json(nullptr) : json(a.clearedInterval)},
                                  {"active", a.active()},
                                  {"evidence", evidenceJson(a.evidence)},
                                  {"jobs", jobsJson(d.jobs)}});
    }
    json replacements = json::array();
    for (const JobReplacement &p : r.replacements) {
        replacements.push_back(json{{"job", p.job},
                                    {"placed", p.placed},
                                    {"error", p.error},
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
                   {"intervals", r.intervals},
                   {"stale_intervals", r.staleIntervals},
                   {"stale", r.stale},
                   {"link_samples", r.linkSamples},
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
    std::snprintf(line, sizeof line, "Health of %s from %s: %lld intervals (%lld stale), %lld link samples%s\n",
                  r.cluster.c_str(), r.source.c_str(), (long long)r.intervals, (long long)r.staleIntervals,
                  (long long)r.linkSamples, r.stale ? "; source STALE now" : "");
    out += line;
    if (r.detections.empty())
        out += "No alarms.\n";
    for (const HealthDetection &d : r.detections) {
        const HealthAlarm &a = d.alarm;
        std::snprintf(line, sizeof line, "\n%s %s: first interval %lld, raised %lld%s (rule %s)\n",
                      alarmKindName(a.kind), a.element.c_str(), (long long)a.firstInterval, (long long)a.raisedInterval,
                      a.active() ? "" : (", cleared " + std::to_string(a.clearedInterval)).c_str(),
                      a.evidence.rule.c_str());
        out += line;
        for (const auto &[k, v] : a.evidence.observed) {
            std::snprintf(line, sizeof line, "    %s = %g\n", k.c_str(), v);
            out += line;
        }
        std::snprintf(line, sizeof line, "    peers %s: n %lld, median %g, MAD %g\n", a.evidence.peers.group.c_str(),
                      (long long)a.evidence.peers.count, a.evidence.peers.median, a.evidence.peers.mad);
        out += line;
        for (const JobImpact &j : d.jobs) {
            if (std::isfinite(j.slowdown))
                std::snprintf(line, sizeof line, "  job %s: predicted slowdown %.3f× (%zu ranks behind it)\n",
                              j.name.c_str(), j.slowdown, j.ranks.size());
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
            std::snprintf(line, sizeof line, "Re-place %s: step time healthy %s, now %s, after %s (%d hosts moved)\n",
                          p.job.c_str(), ms(p.healthyStepSeconds).c_str(), ms(p.nowStepSeconds).c_str(),
                          ms(p.afterStepSeconds).c_str(), p.hostsMoved);
        else
            std::snprintf(line, sizeof line, "Re-place %s: not possible: %s\n", p.job.c_str(), p.error.c_str());
        out += line;
    }
    for (const HealthIncident &i : r.incidents) {
        std::snprintf(line, sizeof line, "Incident %s: %s on %s\n", i.id.c_str(), i.symptom.c_str(), i.element.c_str());
        out += line;
    }
    return out;
}

} // namespace Railyard
