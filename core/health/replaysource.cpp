#include "core/health/replaysource.h"

#include "core/common/jsonbounds.h"

#include "core/health/telemetryrecording.h"

#include <nlohmann/json.hpp>

namespace Railyard {

bool ReplaySource::open(const std::string &path, std::int64_t expectedLinks, std::string *error)
{
    m_path = path;
    m_in.open(path);
    if (!m_in) {
        *error = "cannot read '" + path + "'";
        return false;
    }
    std::string header;
    std::getline(m_in, header);
    if (const std::optional<JsonBoundsError> bounds = checkJsonBounds(header)) {
        *error = path + ":1: " + bounds->message;
        return false;
    }
    try {
        const nlohmann::json j = nlohmann::json::parse(header);
        if (j.value("format", std::string()) != telemetryFormatTag) {
            *error = path + ":1: not a Railyard telemetry recording (format is not '" + telemetryFormatTag + "')";
            return false;
        }
        m_fabricName = j.value("fabric", std::string());
        const std::int64_t links = j.value("links", std::int64_t(-1));
        if (links != expectedLinks) {
            *error = path + ":1: recorded on a fabric with " + std::to_string(links) + " links, this one has "
                + std::to_string(expectedLinks);
            return false;
        }
    } catch (const std::exception &e) {
        *error = path + ":1: " + e.what();
        return false;
    }
    return true;
}

TelemetryFrame ReplaySource::poll()
{
    std::string line;
    while (!m_atEnd) {
        if (!std::getline(m_in, line)) {
            m_atEnd = true;
            break;
        }
        ++m_line;
        if (line.empty())
            continue;
        std::string error;
        std::optional<TelemetryFrame> frame = frameFromJsonLine(line, &error);
        if (!frame) {
            m_atEnd = true;
            TelemetryFrame stale;
            stale.interval = m_next++;
            stale.stale = true;
            stale.staleReason = m_path + ":" + std::to_string(m_line) + ": " + error;
            return stale;
        }
        m_next = frame->interval + 1;
        return *std::move(frame);
    }
    TelemetryFrame stale;
    stale.interval = m_next++;
    stale.stale = true;
    stale.staleReason = "end of recording";
    return stale;
}

} // namespace Railyard
