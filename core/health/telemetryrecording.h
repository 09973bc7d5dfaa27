#pragma once

// Telemetry recorded as JSON lines (docs/health.md, "Recordings"): a header
//   {"format":"railyard-telemetry","version":1,"fabric":NAME,"links":N}
// then one line per frame:
//   {"interval":I,"time":T,"dt":S,"stale":false,"link_count":N,
//    "links":[[index,state,capacity_gbps,rate_gbps,bytes_ab,bytes_ba,symbol_errors,
//              receive_errors,discards,link_downed,ecn_marked,pfc_pauses,retransmits],...],
//    "jobs":[{"name":J,"ranks":[[rank,heartbeat_s,step,busy_s],...]}]}
// Only present samples are written, so gaps stay gaps; a stale frame has
// "stale":true and a "reason". Numbers round-trip exactly (shortest
// round-trip formatting), so a replay gives the same detections.

#include "core/health/telemetry.h"

#include <fstream>
#include <optional>
#include <string>

namespace Railyard {

inline constexpr const char *telemetryFormatTag = "railyard-telemetry";

std::string telemetryHeaderLine(const std::string &fabricName, std::int64_t links);
std::string frameToJsonLine(const TelemetryFrame &frame);
/// Parses one frame line; std::nullopt with *error on malformed input.
std::optional<TelemetryFrame> frameFromJsonLine(const std::string &line, std::string *error);

/// Appends frames to a JSON-lines file (header first).
class TelemetryRecorder
{
public:
    /// Opens (truncates) `path`; false with *error when it cannot.
    bool open(const std::string &path, const std::string &fabricName, std::int64_t links, std::string *error);
    void write(const TelemetryFrame &frame);
    bool isOpen() const { return m_out.is_open(); }
    void close() { m_out.close(); }

private:
    std::ofstream m_out;
};

} // namespace Railyard
