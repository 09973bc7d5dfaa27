#include "app/bench/prometheusbench.h"

#include "app/bench/benchutil.h"
#include "core/health/metricsserver.h"
#include "core/health/prometheusmapping.h"
#include "core/health/prometheussource.h"

#include <QElapsedTimer>
#include <QThread>
#include <QUrlQuery>

#include <cstdio>
#include <map>
#include <memory>

namespace Railyard {
namespace {

// The labels Prometheus attaches: the exporter's plus instance and job; rate() drops __name__.
std::string seriesJson(const std::string &labels, double value)
{
    char v[48];
    std::snprintf(v, sizeof v, "%.6g", value);
    return "{\"metric\":{" + labels + "},\"value\":[1764700000.123,\"" + v + "\"]}";
}

struct PollFigures
{
    size_t queries = 0;
    std::int64_t series = 0, bytes = 0, mapped = 0, present = 0, degraded = 0;
    double pollMs = 0, coldParseMs = 0, parseMs = 0;
};

/// One mode (filtered or not): synthetic bodies for the mapper's queries,
/// answered as Prometheus would (a filtered query returns only the series
/// its comparison keeps), then timed over HTTP and from memory.
bool measure(const Fabric &fabric, const PrometheusMapping &mapping, int repeats,
             const std::vector<std::string> &nicLabels, const std::vector<std::string> &switchLabels, PollFigures &out)
{
    PrometheusMapper probe(fabric, mapping, {});
    const std::vector<PromQuery> queries = probe.queries();
    out.queries = queries.size();
    std::map<std::string, std::string> bodies;
    for (const PromQuery &q : queries) {
        const std::vector<std::string> &labels = q.target == PromQuery::Target::Nic ? nicLabels : switchLabels;
        std::string body = R"({"status":"success","data":{"resultType":"vector","result":[)";
        body.reserve(q.filter == PromQuery::Filter::None ? labels.size() * 180 : labels.size() / 4);
        bool first = true;
        for (size_t i = 0; i < labels.size(); ++i) {
            // One port in 1,000 is unhealthy: trained at half its rate and
            // counting symbol errors, receive errors and discards.
            const bool unhealthy = i % 1000 == 999;
            double value = 0;
            switch (q.field) {
            case PromLinkField::TxBytes:
            case PromLinkField::RxBytes: value = 2.1e10; break;
            case PromLinkField::RateBytesPerSecond: value = unhealthy ? 2.5e10 : 5e10; break;
            case PromLinkField::StateId: value = 4; break;
            case PromLinkField::SymbolErrors:
            case PromLinkField::ReceiveErrors:
            case PromLinkField::Discards: value = unhealthy ? 0.25 : 0; break;
            default: value = 0; break;
            }
            const bool kept = q.filter == PromQuery::Filter::None ? true
                : q.filter == PromQuery::Filter::Positive         ? value > 0
                : q.filter == PromQuery::Filter::NotActive        ? value != 4
                                                                  : value < q.threshold;
            if (!kept)
                continue;
            if (!first)
                body += ',';
            first = false;
            body += seriesJson(labels[i], value);
            ++out.series;
        }
        body += "]}}";
        out.bytes += std::int64_t(body.size());
        bodies[q.promql] = std::move(body);
    }

    // The server runs on its own thread with its own event loop, as a real
    // Prometheus is another process: the poll's client and parsing do not
    // wait for the server's writes on the same thread.
    QThread serverThread;
    QObject serverContext;
    serverContext.moveToThread(&serverThread);
    serverThread.start();
    std::unique_ptr<MetricsServer> server;
    quint16 port = 0;
    QString error;
    QMetaObject::invokeMethod(
        &serverContext,
        [&] {
            server = std::make_unique<MetricsServer>([&](const std::string &path, const std::string &query,
                                                         std::string &body, std::string &type) {
                if (path != "/api/v1/query")
                    return false;
                const QString promql = QUrlQuery(QString::fromStdString(query))
                                           .queryItemValue(QStringLiteral("query"), QUrl::FullyDecoded);
                auto it = bodies.find(promql.toStdString());
                if (it == bodies.end())
                    return false;
                body = it->second;
                type = "application/json";
                return true;
            });
            if (server->listen(QHostAddress(QHostAddress::LocalHost), 0, &error))
                port = server->port();
        },
        Qt::BlockingQueuedConnection);
    struct StopThread
    {
        QThread &thread;
        QObject &context;
        std::unique_ptr<MetricsServer> &server;
        ~StopThread()
        {
            QMetaObject::invokeMethod(
                &context, [&] { server.reset(); }, Qt::BlockingQueuedConnection);
            thread.quit();
            thread.wait();
        }
    } stopThread{serverThread, serverContext, server};
    if (port == 0) {
        std::fprintf(stderr, "railyard-bench: %s\n", qPrintable(error));
        return false;
    }
    PrometheusSourceOptions options;
    options.url = "http://127.0.0.1:" + std::to_string(port);
    options.timeoutSeconds = 120;
    options.pace = false;
    PrometheusSource source(fabric, {}, mapping, options);

    // In memory, one mapper kept across polls as PrometheusSource keeps it: the
    // first poll runs the label regexes (memoized), later ones only look them up.
    PrometheusMapper mapper(fabric, mapping, {});
    std::vector<PromSample> parsed;
    std::vector<double> pollMs, parseMs;
    for (int r = 0; r < repeats; ++r) {
        QElapsedTimer t;
        t.start();
        const TelemetryFrame frame = source.poll();
        pollMs.push_back(double(t.nsecsElapsed()) / 1e6);
        if (frame.stale) {
            std::fprintf(stderr, "railyard-bench: the poll was stale: %s\n", frame.staleReason.c_str());
            return false;
        }
        out.mapped = source.mappedSeries();
        out.present = frame.presentLinkSamples();
        out.degraded = 0;
        for (const LinkSample &l : frame.links)
            out.degraded += l.present && l.state == LinkState::Degraded ? 1 : 0;

        TelemetryFrame f;
        t.restart();
        mapper.begin(f);
        std::string perror;
        for (const PromQuery &q : queries) {
            const std::string &b = bodies[q.promql];
            if (!parsePromVector(b.data(), b.size(), parsed, &perror)) {
                std::fprintf(stderr, "railyard-bench: %s\n", perror.c_str());
                return false;
            }
            mapper.apply(q, parsed, f);
        }
        mapper.finish(f);
        (r == 0 ? out.coldParseMs : parseMs.emplace_back()) = double(t.nsecsElapsed()) / 1e6;
    }
    out.pollMs = Bench::median(pollMs);
    out.parseMs = parseMs.empty() ? out.coldParseMs : Bench::median(parseMs);
    return true;
}

} // namespace

int runPrometheusBench(const Fabric &fabric, int repeats, bool json)
{
    // The label sets of every NIC port (host links) and switch port (both ends of switch-to-switch links).
    std::vector<std::string> nicLabels, switchLabels;
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
        const Link &k = fabric.link(l);
        const bool aHost = fabric.isHost(k.a), bHost = fabric.isHost(k.b);
        if (aHost != bHost) {
            const NodeIndex h = aHost ? k.a : k.b;
            const int port = aHost ? k.portA : k.portB;
            int offset = 0;
            for (const Nic &nic : fabric.hosts()[size_t(h)].nics) {
                if (port >= offset && port < offset + nic.ports) {
                    nicLabels.push_back("\"device\":\"mlx5_" + std::to_string(h) + "_" + std::to_string(nic.rail)
                                        + "\",\"instance\":\"127.0.0.1:9100\",\"job\":\"node\",\"port\":\""
                                        + std::to_string(port - offset + 1) + "\"");
                    break;
                }
                offset += nic.ports;
            }
        } else if (!aHost && !bHost) {
            for (const bool a : {true, false})
                switchLabels.push_back("\"instance\":\"127.0.0.1:9464\",\"job\":\"railyard\",\"port\":\""
                                       + std::to_string(a ? k.portA : k.portB) + "\",\"switch\":\""
                                       + fabric.nodeId(a ? k.a : k.b) + "\"");
        }
    }
    PrometheusMapping filtered = PrometheusMapping::defaults();
    PrometheusMapping all = filtered;
    all.filterNominal = false;
    PollFigures f, a;
    if (!measure(fabric, filtered, repeats, nicLabels, switchLabels, f)
        || !measure(fabric, all, repeats, nicLabels, switchLabels, a))
        return 1;
    const std::int64_t ports = std::int64_t(nicLabels.size() + switchLabels.size());
    if (json) {
        auto figures = [](const PollFigures &p) {
            char text[512];
            std::snprintf(text, sizeof text,
                          "{\"queries\":%zu,\"series\":%lld,\"mapped_series\":%lld,\"present_links\":%lld,"
                          "\"degraded_links\":%lld,\"response_bytes\":%lld,\"poll_ms\":%.1f,"
                          "\"parse_map_first_ms\":%.1f,\"parse_map_ms\":%.1f}",
                          p.queries, (long long)p.series, (long long)p.mapped, (long long)p.present,
                          (long long)p.degraded, (long long)p.bytes, p.pollMs, p.coldParseMs, p.parseMs);
            return std::string(text);
        };
        std::printf("{\"fabric\":\"%s\",\"links\":%d,\"nic_ports\":%zu,\"switch_ports\":%zu,"
                    "\"series_in_prometheus\":%lld,\"filtered\":%s,\"unfiltered\":%s,\"peak_rss_mib\":%.0f}\n",
                    fabric.name.c_str(), fabric.linkCount(), nicLabels.size(), switchLabels.size(), (long long)a.series,
                    figures(f).c_str(), figures(a).c_str(), Bench::peakRssMiB());
        return 0;
    }
    std::printf("prometheus poll on %s (%d links: %zu NIC ports, %zu switch ports; %lld port series in Prometheus, "
                "1 port in 1,000 unhealthy):\n",
                fabric.name.c_str(), fabric.linkCount(), nicLabels.size(), switchLabels.size(), (long long)a.series);
    for (const auto &[name, p] : {std::pair<const char *, const PollFigures &>{"nominal series filtered", f},
                                  std::pair<const char *, const PollFigures &>{"every series sent", a}}) {
        std::printf("  %s (%zu queries):\n"
                    "    series sent            %lld (%lld mapped, %.2f per port), %.1f MB of JSON\n"
                    "    links present          %lld (%lld degraded)\n"
                    "    whole poll over HTTP   %.1f ms (median of %d)\n"
                    "    parse + map in memory  %.1f ms first poll, %.1f ms later polls\n",
                    name, p.queries, (long long)p.series, (long long)p.mapped, double(p.series) / double(ports),
                    double(p.bytes) / 1e6, (long long)p.present, (long long)p.degraded, p.pollMs, repeats,
                    p.coldParseMs, p.parseMs);
    }
    std::printf("  peak RSS %.0f MiB\n", Bench::peakRssMiB());
    return 0;
}

} // namespace Railyard
