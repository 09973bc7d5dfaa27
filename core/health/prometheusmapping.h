#pragma once

// How Prometheus series map to Railyard's fabric (docs/health.md, "The
// mapping file"): which metric names to query for NIC ports (node_exporter's
// node_infiniband_* with device/port labels, RoCE hw counters by name),
// switch ports (the simulator's railyard_switch_port_*, or any switch
// exporter with a switch and a port label) and ranks (railyard_rank_*), and
// how labels name hosts (by id or by index, through a regex's first capture
// group), rails, switches, ports, jobs and ranks. A JSON file, with a
// built-in default that reads `railyard-cli simulate`'s publication.
//
// PrometheusMapper applies parsed query results to a TelemetryFrame: counters
// are queried as rate(NAME[window]) and multiplied by the polling interval,
// gauges as NAME. A link is present when a byte-rate series of one of its
// ends is; the other counters of a present link are 0 when their series is
// absent (documented). Cost: O(series) per poll with label values memoized
// (each regex runs once per distinct label value).

#include "core/health/telemetry.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace Railyard {

/// One field of a link sample and the metric that feeds it ("" = not queried).
enum class PromLinkField : int {
    TxBytes,
    RxBytes,
    SymbolErrors,
    ReceiveErrors,
    Discards,
    LinkDowned,
    PfcPauses,
    EcnMarked,
    Retransmits,
    RateBytesPerSecond, ///< gauge
    StateId,            ///< gauge, 4 = active
    Count
};
const char *promLinkFieldName(PromLinkField f);

/// A label and how to read a value from it: the regex's first capture group
/// (the whole value when the regex is empty).
struct PromLabelRule
{
    std::string label;
    std::string regex;
    bool byIndex = false; ///< hosts/switches: the capture is the index in the fabric, not the id
};

struct PromPortMapping
{
    PromLabelRule node;    ///< host (NIC series) or switch (switch-port series)
    PromLabelRule rail;    ///< NIC series only: the NIC's rail
    std::string portLabel; ///< 1-based NIC port / the switch's port number as in the fabric
    std::string metrics[int(PromLinkField::Count)];
};

struct PrometheusMapping
{
    double windowSeconds = 5; ///< the rate() range
    /// Let Prometheus drop nominal series before they are sent: counters that
    /// stay at zero (rate(X) > 0), ports in state active (X != 4) and ports at
    /// their full rate (X < the fastest designed rate of those ports). The
    /// mapper reads an absent series exactly as the nominal value, so the
    /// frame is the same; a healthy 131K-GPU poll moves 2 series per port
    /// instead of 11 (docs/health.md, "Polling at scale").
    bool filterNominal = true;
    PromPortMapping nic;
    PromPortMapping switchPort;
    std::string jobLabel = "train_job";
    std::string rankLabel = "rank";
    std::string rankStepMetric = "railyard_rank_step";
    std::string rankHeartbeatMetric = "railyard_rank_heartbeat_timestamp_seconds";
    std::string rankBusyMetric = "railyard_rank_step_busy_seconds";

    /// The built-in default (docs/health.md): reads `railyard-cli simulate`.
    static PrometheusMapping defaults();
    static const char *defaultJson();
    /// Parses a mapping file; absent keys keep the defaults. Empty optional
    /// with `error` on bad JSON, unknown keys or a regex that does not compile.
    static bool fromJson(const std::string &text, PrometheusMapping &out, std::string *error);
};

/// One series of an instant-vector result.
struct PromSample
{
    std::vector<std::pair<std::string, std::string>> labels;
    double value = 0;
    const std::string *label(const std::string &name) const;
};

/// Parses a /api/v1/query response body. False with `error` (the server's
/// error message for "status":"error", or the parse error).
bool parsePromVector(const char *data, size_t size, std::vector<PromSample> &out, std::string *error);

/// One query of a poll: PromQL text and what its series feed.
struct PromQuery
{
    enum class Target { Nic, SwitchPort, RankStep, RankHeartbeat, RankBusy };
    /// How the query filters nominal series (PrometheusMapping::filterNominal).
    enum class Filter { None, Positive, NotActive, BelowRate };
    Target target;
    PromLinkField field = PromLinkField::Count;
    std::string promql;
    Filter filter = Filter::None;
    double threshold = 0; ///< BelowRate: bytes per second
};

class PrometheusMapper
{
public:
    /// `fabric` must outlive the mapper; `jobNames` are the running jobs with
    /// their rank counts (frames carry them in this order).
    PrometheusMapper(const Fabric &fabric, PrometheusMapping mapping,
                     std::vector<std::pair<std::string, std::int64_t>> jobs);
    ~PrometheusMapper();

    /// The queries of one poll.
    std::vector<PromQuery> queries() const;
    /// Starts a frame: links and ranks sized, every sample absent.
    void begin(TelemetryFrame &frame) const;
    /// Applies one query's series to `frame` (scaled by frame.intervalSeconds).
    /// Returns the number of series mapped; unmatched series are counted in unmatched().
    std::int64_t apply(const PromQuery &query, const std::vector<PromSample> &series, TelemetryFrame &frame);
    /// Finishes a frame: link states from rate and state, absent links and
    /// ranks whose heartbeat did not advance since the last frame left out.
    void finish(TelemetryFrame &frame);

    std::int64_t unmatched() const { return m_unmatched; }
    /// The rate() range of counter queries (starts as the mapping's).
    double windowSeconds() const;
    void setWindowSeconds(double seconds);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
    std::int64_t m_unmatched = 0;
};

} // namespace Railyard

namespace Railyard {

/// A Prometheus duration ("15s", "1m30s", "500ms", "2h") in seconds; nullopt
/// for anything else.
std::optional<double> parsePromDuration(std::string_view text);

/// The longest scrape interval among the active targets of a /api/v1/targets
/// answer (bounded parse); nullopt with *error when it has none or is not one.
std::optional<double> longestScrapeInterval(std::string_view body, std::string *error);

} // namespace Railyard
