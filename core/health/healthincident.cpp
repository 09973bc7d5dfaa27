#include "core/health/healthincident.h"

#include <QDateTime>

#include "core/health/runbooks.h"

#include <cmath>
#include <cstdio>

namespace Railyard {

namespace {

std::uint64_t fnv1a(const std::string &text)
{
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

/// A wall-clock source time (ms) for the incident id: two runs of one
/// project raise their alarms at different times, so their incidents never
/// share an id, and a replay, whose frames carry the recorded times, files
/// the recorded run's ids. Relative times (a simulator started at 0) add
/// nothing.
std::string timeSalt(double firstTime)
{
    return firstTime >= 1e9 ? "|" + std::to_string(std::llround(firstTime * 1000.0)) : std::string();
}

void replaceAll(std::string &text, const std::string &from, const std::string &to)
{
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

std::string join(const std::vector<std::string> &items)
{
    std::string out;
    for (const std::string &s : items)
        out += (out.empty() ? "" : ", ") + s;
    return out.empty() ? "none" : out;
}

} // namespace

std::string incidentSymptom(AlarmKind kind)
{
    return kind == AlarmKind::SlowRank ? "allreduce_stall" : alarmKindName(kind);
}

std::string renderRunbook(const std::string &symptom, const std::string &cluster, const std::string &element,
                          std::int64_t firstInterval, const std::string &summary, const std::string &jobs,
                          const std::string &exclusions, const std::string &severity, const std::string &action,
                          const std::string &firstTime)
{
    const char *tmpl = runbookTemplate(symptom);
    std::string text = tmpl ? tmpl : "# {{element}}\n\n{{summary}}\n\nAffected jobs: {{jobs}}\n";
    replaceAll(text, "{{cluster}}", cluster);
    replaceAll(text, "{{element}}", element);
    replaceAll(text, "{{first_interval}}", std::to_string(firstInterval));
    replaceAll(text, "{{summary}}", summary);
    replaceAll(text, "{{jobs}}", jobs);
    replaceAll(text, "{{exclusions}}", exclusions);
    replaceAll(text, "{{severity}}", severity);
    replaceAll(text, "{{first_time}}", firstTime.empty() ? std::string("time unknown") : firstTime);
    replaceAll(text, "{{action}}",
               action.empty() ? "If the affected jobs are measurably slowed, checkpoint and restart them on the "
                                "proposed re-placement; otherwise leave them running."
                              : action);
    return text;
}

std::string sourceTimeText(double seconds)
{
    if (!(seconds > 0))
        return {};
    char text[96];
    if (seconds < 1e9) { // not an epoch time: seconds since the source started
        std::snprintf(text, sizeof text, "t+%.1f s", seconds);
        return text;
    }
    const auto ms = static_cast<qint64>(seconds * 1000.0);
    const QDateTime utc = QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
    const QDateTime local = utc.toLocalTime();
    return utc.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")).toStdString() + " UTC ("
        + local.toString(QStringLiteral("HH:mm:ss")).toStdString() + " local)";
}

std::string jobImpactsText(const std::vector<JobImpact> &jobs, bool jobsKnown, const std::vector<std::string> &unpriced)
{
    if (!jobsKnown)
        return "unknown: no job is known on these hosts";
    if (!unpriced.empty()) {
        std::string text = jobs.empty() ? std::string() : jobImpactsText(jobs, true) + "; ";
        return text + "unknown for " + join(unpriced)
            + " (running in the scheduler without a job file: its traffic is not known)";
    }
    std::vector<std::string> texts;
    for (const JobImpact &j : jobs) {
        char text[256];
        if (std::isfinite(j.slowdown))
            std::snprintf(text, sizeof text, "%s (predicted %.2f× step time, %.2f× with adaptive routing, %zu ranks)",
                          j.name.c_str(), j.slowdown, j.adaptiveSlowdown, j.ranks.size());
        else
            std::snprintf(text, sizeof text, "%s (stalled, %zu ranks)", j.name.c_str(), j.ranks.size());
        texts.push_back(text);
    }
    return join(texts);
}

std::string exclusionsText(const HealthExclusions &exclusions)
{
    std::vector<std::string> items;
    for (const std::string &h : exclusions.hosts)
        items.push_back("host " + h);
    for (const std::string &l : exclusions.links)
        items.push_back("link " + l);
    return join(items);
}

HealthIncident buildIncident(const std::string &cluster, const HealthAlarm &alarm, int alarmIndex,
                             const std::vector<JobImpact> &jobs, const HealthExclusions &exclusions, bool jobsKnown,
                             const std::vector<std::string> &unpriced)
{
    HealthIncident incident;
    incident.cluster = cluster;
    incident.symptom = incidentSymptom(alarm.kind);
    incident.element = alarm.element;
    incident.firstInterval = alarm.firstInterval;
    incident.firstTime = alarm.firstTime;
    incident.severity = alarmSeverity(jobs, jobsKnown);
    if (!unpriced.empty())
        incident.severity = std::max(incident.severity, AlarmSeverity::Unknown);
    incident.alarm = alarmIndex;
    incident.jobs = jobs;
    incident.exclusions = exclusions;
    char id[32];
    // 16 hex digits, the control-plane API's incident id format (docs/openapi.yaml).
    std::snprintf(id, sizeof id, "ni_%016llx",
                  (unsigned long long)fnv1a(cluster + "|" + incident.symptom + "|" + alarm.element + "|"
                                            + std::to_string(alarm.firstInterval) + timeSalt(alarm.firstTime)));
    incident.id = id;

    std::string summary = std::string("Raised by rule '") + alarm.evidence.rule + "' at interval "
        + std::to_string(alarm.raisedInterval) + ".";
    if (alarm.raisedTime > 0)
        summary += " Raised at " + sourceTimeText(alarm.raisedTime) + ".";
    incident.runbook = renderRunbook(incident.symptom, cluster, alarm.element, alarm.firstInterval, summary,
                                     jobImpactsText(jobs, jobsKnown, unpriced), exclusionsText(exclusions),
                                     alarmSeverityName(incident.severity),
                                     severityAction(incident.severity), sourceTimeText(alarm.firstTime));
    return incident;
}

} // namespace Railyard
