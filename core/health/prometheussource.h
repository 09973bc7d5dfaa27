#pragma once

// Telemetry from a Prometheus server (docs/health.md, "Prometheus source"):
// each poll runs the mapping's instant queries (/api/v1/query; counters as
// rate(NAME[window]) × the interval, gauges as they are) over HTTP with Qt
// Network and maps the series to links and ranks (PrometheusMapper).
//
// When Prometheus does not answer (connection refused, timeout, an HTTP or
// API error) the frame is stale with the reason: no samples, no alarm, and
// the next poll tries again, so the source recovers when the server returns.
// Series the server does not have are gaps.
//
// poll() blocks: it waits until one interval after the previous poll began
// (real time), then runs the queries in parallel on a local event loop with a
// per-request timeout. Use it on a worker thread in the GUI; it creates its
// QNetworkAccessManager in the thread of its first poll and must be polled
// from that thread only. Needs a QCoreApplication.

#include "core/health/prometheusmapping.h"
#include "core/health/runningjobs.h"
#include "core/health/telemetrysource.h"

#include <chrono>
#include <memory>
#include <string>

class QNetworkAccessManager;

namespace Railyard {

struct PrometheusSourceOptions
{
    std::string url;              ///< e.g. http://127.0.0.1:9090 (no trailing /api)
    double intervalSeconds = 1.0; ///< polling interval (and the scale of rate() to per-interval counts)
    double timeoutSeconds = 5.0;  ///< per request
    bool pace = true;             ///< wait for the interval between polls
    /// Before the first poll, ask Prometheus for its targets' scrape interval
    /// and widen the rate() window to at least 4 scrapes (rate() needs two
    /// samples in its window; 4 tolerates a missed scrape and jitter). Until
    /// Prometheus names an active target (its service discovery hands the
    /// scrape manager new targets every 5 s, so a server that has just started
    /// has none) the question is asked again, 1, 2, 4 … 60 s apart.
    bool windowFromScrapeInterval = true;
};

class PrometheusSource : public TelemetrySource
{
public:
    PrometheusSource(const Fabric &fabric, const std::vector<RunningJob> &jobs, PrometheusMapping mapping,
                     PrometheusSourceOptions options);
    ~PrometheusSource() override;

    std::string kind() const override { return "prometheus"; }
    TelemetryFrame poll() override;

    /// Series mapped and not matched in the last good poll.
    std::int64_t mappedSeries() const { return m_mapped; }
    std::int64_t unmatchedSeries() const { return m_mapper.unmatched(); }
    /// The longest scrape interval of the active targets (0 until known, or
    /// when Prometheus did not say), and the rate() window in use.
    double scrapeIntervalSeconds() const { return m_scrapeSeconds; }
    double windowSeconds() const { return m_mapper.windowSeconds(); }
    /// Why the scrape interval is unknown ("" when known or not asked).
    const std::string &scrapeIntervalProblem() const { return m_scrapeProblem; }

private:
    PrometheusMapper m_mapper;
    PrometheusSourceOptions m_options;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::vector<PromSample> m_series; ///< reused across queries and polls
    std::int64_t m_interval = 0;
    std::int64_t m_mapped = 0;
    bool m_started = false;
    bool m_windowKnown = false;
    double m_windowRetrySeconds = 1; ///< doubles up to 60 after each unanswered question
    std::chrono::steady_clock::time_point m_windowAskAt; ///< when to ask again
    double m_scrapeSeconds = 0;
    std::string m_scrapeProblem;

    void resolveWindow();
    bool askScrapeInterval();
    std::chrono::steady_clock::time_point m_lastPoll;
};

} // namespace Railyard
