#include "core/health/healthincident.h"

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
                          const std::string &exclusions)
{
    const char *tmpl = runbookTemplate(symptom);
    std::string text = tmpl ? tmpl : "# {{element}}\n\n{{summary}}\n\nAffected jobs: {{jobs}}\n";
    replaceAll(text, "{{cluster}}", cluster);
    replaceAll(text, "{{element}}", element);
    replaceAll(text, "{{first_interval}}", std::to_string(firstInterval));
    replaceAll(text, "{{summary}}", summary);
    replaceAll(text, "{{jobs}}", jobs);
    replaceAll(text, "{{exclusions}}", exclusions);
    return text;
}

HealthIncident buildIncident(const std::string &cluster, const HealthAlarm &alarm, int alarmIndex,
                             const std::vector<JobImpact> &jobs, const HealthExclusions &exclusions)
{
    HealthIncident incident;
    incident.cluster = cluster;
    incident.symptom = incidentSymptom(alarm.kind);
    incident.element = alarm.element;
    incident.firstInterval = alarm.firstInterval;
    incident.alarm = alarmIndex;
    incident.jobs = jobs;
    incident.exclusions = exclusions;
    char id[32];
    std::snprintf(id, sizeof id, "ni_%012llx",
                  (unsigned long long)(fnv1a(cluster + "|" + incident.symptom + "|" + alarm.element + "|"
                                             + std::to_string(alarm.firstInterval))
                                       & 0xffffffffffffull));
    incident.id = id;

    std::vector<std::string> jobTexts;
    for (const JobImpact &j : jobs) {
        char text[160];
        if (std::isfinite(j.slowdown))
            std::snprintf(text, sizeof text, "%s (predicted %.2f× step time, %zu ranks)", j.name.c_str(), j.slowdown,
                          j.ranks.size());
        else
            std::snprintf(text, sizeof text, "%s (stalled, %zu ranks)", j.name.c_str(), j.ranks.size());
        jobTexts.push_back(text);
    }
    std::vector<std::string> excluded = exclusions.hosts;
    excluded.insert(excluded.end(), exclusions.links.begin(), exclusions.links.end());
    std::string summary = std::string("Raised by rule '") + alarm.evidence.rule + "' at interval "
        + std::to_string(alarm.raisedInterval) + ".";
    incident.runbook = renderRunbook(incident.symptom, cluster, alarm.element, alarm.firstInterval, summary,
                                     join(jobTexts), join(excluded));
    return incident;
}

} // namespace Railyard
