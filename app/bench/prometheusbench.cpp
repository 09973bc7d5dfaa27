#include "app/bench/prometheusbench.h"

#include "app/bench/benchutil.h"
#include "core/health/metricsserver.h"
#include "core/health/prometheusmapping.h"
#include "core/health/prometheussource.h"

#include <QElapsedTimer>
#include <QUrlQuery>

#include <cstdio>
#include <map>

namespace Railyard {
namespace {

// The labels Prometheus attaches: the exporter's plus instance and job; rate() drops __name__.
std::string seriesJson(const std::string &labels, double value)
{
    char v[48];
    std::snprintf(v, sizeof v, "%.6g", value);
    return "{\"metric\":{" + labels + "},\"value\":[1764700000.123,\"" + v + "\"]}";
}

} // namespace

int runPrometheusBench(const Fabric &fabric, int repeats, bool json)
{
    const PrometheusMapping mapping = PrometheusMapping::defaults();
    PrometheusMapper probe(fabric, mapping, {});
    const std::vector<PromQuery> queries = probe.queries();

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
    std::map<std::string, std::string> bodies;
    std::int64_t series = 0, bytes = 0;
    for (const PromQuery &q : queries) {
        const std::vector<std::string> &labels = q.target == PromQuery::Target::Nic ? nicLabels : switchLabels;
        const double value = q.field == PromLinkField::TxBytes || q.field == PromLinkField::RxBytes ? 2.1e10
            : q.field == PromLinkField::RateBytesPerSecond                                          ? 5e10
            : q.field == PromLinkField::StateId                                                     ? 4
                                                                                                    : 0.25;
        std::string body = R"({"status":"success","data":{"resultType":"vector","result":[)";
        body.reserve(labels.size() * 180);
        for (size_t i = 0; i < labels.size(); ++i) {
            if (i)
                body += ',';
            body += seriesJson(labels[i], value);
        }
        body += "]}}";
        series += std::int64_t(labels.size());
        bytes += std::int64_t(body.size());
        bodies[q.promql] = std::move(body);
    }

    MetricsServer server([&](const std::string &path, const std::string &query, std::string &body, std::string &type) {
        if (path != "/api/v1/query")
            return false;
        const QString promql
            = QUrlQuery(QString::fromStdString(query)).queryItemValue(QStringLiteral("query"), QUrl::FullyDecoded);
        auto it = bodies.find(promql.toStdString());
        if (it == bodies.end())
            return false;
        body = it->second;
        type = "application/json";
        return true;
    });
    QString error;
    if (!server.listen(QHostAddress(QHostAddress::LocalHost), 0, &error)) {
        std::fprintf(stderr, "railyard-bench: %s\n", qPrintable(error));
        return 1;
    }
    PrometheusSourceOptions options;
    options.url = "http://127.0.0.1:" + std::to_string(server.port());
    options.timeoutSeconds = 120;
    options.pace = false;
    PrometheusSource source(fabric, {}, mapping, options);

    // In memory, one mapper kept across polls as PrometheusSource keeps it: the
    // first poll runs the label regexes (memoized), later ones only look them up.
    PrometheusMapper mapper(fabric, mapping, {});
    std::vector<PromSample> parsed;
    std::vector<double> pollMs, parseMs;
    double coldParseMs = 0;
    std::int64_t mapped = 0, present = 0;
    for (int r = 0; r < repeats; ++r) {
        QElapsedTimer t;
        t.start();
        const TelemetryFrame frame = source.poll();
        pollMs.push_back(double(t.nsecsElapsed()) / 1e6);
        if (frame.stale) {
            std::fprintf(stderr, "railyard-bench: the poll was stale: %s\n", frame.staleReason.c_str());
            return 1;
        }
        mapped = source.mappedSeries();
        present = frame.presentLinkSamples();

        TelemetryFrame f;
        t.restart();
        mapper.begin(f);
        std::string perror;
        for (const PromQuery &q : queries) {
            const std::string &b = bodies[q.promql];
            if (!parsePromVector(b.data(), b.size(), parsed, &perror)) {
                std::fprintf(stderr, "railyard-bench: %s\n", perror.c_str());
                return 1;
            }
            mapper.apply(q, parsed, f);
        }
        mapper.finish(f);
        (r == 0 ? coldParseMs : parseMs.emplace_back()) = double(t.nsecsElapsed()) / 1e6;
    }
    const double poll = Bench::median(pollMs), parse = parseMs.empty() ? coldParseMs : Bench::median(parseMs);
    if (json) {
        std::printf("{\"fabric\":\"%s\",\"links\":%d,\"nic_ports\":%zu,\"switch_ports\":%zu,\"queries\":%zu,"
                    "\"series\":%lld,\"mapped_series\":%lld,\"present_links\":%lld,\"response_bytes\":%lld,"
                    "\"poll_ms\":%.1f,\"parse_map_first_ms\":%.1f,\"parse_map_ms\":%.1f,\"peak_rss_mib\":%.0f}\n",
                    fabric.name.c_str(), fabric.linkCount(), nicLabels.size(), switchLabels.size(), queries.size(),
                    (long long)series, (long long)mapped, (long long)present, (long long)bytes, poll, coldParseMs,
                    parse, Bench::peakRssMiB());
    } else {
        std::printf("prometheus poll on %s (%d links: %zu NIC ports, %zu switch ports), %zu queries:\n"
                    "  series per poll        %lld (%lld mapped), %.1f MB of JSON\n"
                    "  links present          %lld\n"
                    "  whole poll over HTTP   %.1f ms (median of %d)\n"
                    "  parse + map in memory  %.1f ms first poll, %.1f ms later polls\n"
                    "  peak RSS               %.0f MiB\n",
                    fabric.name.c_str(), fabric.linkCount(), nicLabels.size(), switchLabels.size(), queries.size(),
                    (long long)series, (long long)mapped, double(bytes) / 1e6, (long long)present, poll, repeats,
                    coldParseMs, parse, Bench::peakRssMiB());
    }
    return 0;
}

} // namespace Railyard
