#pragma once

// Replays a telemetry recording (telemetryrecording.h), one frame per
// poll, as fast as it is polled (the caller paces it for any speed).

#include "core/health/telemetrysource.h"

#include <fstream>
#include <string>

namespace Railyard {

class ReplaySource : public TelemetrySource
{
public:
    /// Opens `path` and checks its header against the fabric's link count;
    /// false with *error when it cannot.
    bool open(const std::string &path, std::int64_t expectedLinks, std::string *error);

    std::string kind() const override { return "replay"; }
    /// The next recorded frame; at the end (or on a malformed line) a stale
    /// frame with the reason.
    TelemetryFrame poll() override;
    bool atEnd() const override { return m_atEnd; }
    const std::string &fabricName() const { return m_fabricName; }

private:
    std::ifstream m_in;
    std::string m_path;
    std::string m_fabricName;
    std::int64_t m_next = 0;
    std::int64_t m_line = 1;
    bool m_atEnd = false;
};

} // namespace Railyard
