#include "core/health/healthstore.h"

#include "core/common/jsonbounds.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace Railyard {

using nlohmann::json;

std::string recordingsToJson(const std::vector<StoredRecording> &recordings)
{
    json out = json::array();
    for (const StoredRecording &r : recordings)
        out.push_back(json{{"id", r.id},
                           {"name", r.name},
                           {"fabric", r.fabric},
                           {"links", r.links},
                           {"source", r.source},
                           {"started_utc", r.startedUtc},
                           {"frames", r.frames},
                           {"stale_frames", r.staleFrames},
                           {"first_interval", r.firstInterval < 0 ? json(nullptr) : json(r.firstInterval)},
                           {"last_interval", r.lastInterval < 0 ? json(nullptr) : json(r.lastInterval)}});
    return out.dump(1) + "\n";
}

std::string recordingsToText(const std::vector<StoredRecording> &recordings)
{
    if (recordings.empty())
        return "no telemetry recordings\n";
    std::string out = "  id  frames  stale  intervals      source      started                   name\n";
    for (const StoredRecording &r : recordings) {
        const std::string span = r.frames == 0
            ? std::string("-")
            : std::to_string(r.firstInterval) + ".." + std::to_string(r.lastInterval);
        char line[512];
        std::snprintf(line, sizeof line, "%4lld  %6lld  %5lld  %-13s  %-10s  %-24s  %s\n", (long long)r.id,
                      (long long)r.frames, (long long)r.staleFrames, span.c_str(), r.source.c_str(),
                      r.startedUtc.c_str(), r.name.c_str());
        out += line;
    }
    return out;
}

/// The stored incident JSON, or null when it does not parse (never a
/// "discarded" value, which would make the output invalid JSON).
static json incidentObject(const std::string &text)
{
    if (checkJsonBounds(text))
        return json(nullptr);
    json parsed = json::parse(text, nullptr, false);
    return parsed.is_discarded() ? json(nullptr) : parsed;
}

std::string incidentsToJson(const std::vector<StoredIncident> &incidents)
{
    json out = json::array();
    for (const StoredIncident &i : incidents)
        out.push_back(json{{"incident_id", i.id},
                           {"cluster", i.cluster},
                           {"symptom", i.symptom},
                           {"element", i.element},
                           {"first_interval", i.firstInterval},
                           {"status", i.status},
                           {"source", i.source},
                           {"filed_utc", i.filedUtc},
                           {"updated_utc", i.updatedUtc},
                           {"run", i.run},
                           {"incident", incidentObject(i.json)}});
    return out.dump(1) + "\n";
}

std::string incidentsToText(const std::vector<StoredIncident> &incidents)
{
    if (incidents.empty())
        return "no incidents\n";
    std::string out;
    for (const StoredIncident &i : incidents)
        out += i.id + "  " + i.status + "  " + i.symptom + "  " + i.element + "  (" + i.cluster + ", interval "
            + std::to_string(i.firstInterval) + ", " + i.source + ", filed " + i.filedUtc + ")\n";
    return out;
}

} // namespace Railyard
