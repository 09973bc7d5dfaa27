#include "core/traffic/collectivereport.h"

#include "core/traffic/nccltuning.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace Railyard {

namespace {

nlohmann::json finiteOrNull(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json();
}

bool ecmpRan(const CollectiveEstimate &e)
{
    return e.routing == RoutingMode::Ecmp && !e.network.seedBottleneckSeconds.empty();
}

std::string formatSize(double bytes)
{
    const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    double v = bytes;
    while (v >= 1024.0 && u < 4) {
        v /= 1024.0;
        ++u;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g %s", v, units[u]);
    return buf;
}

std::string format(const char *fmt, auto... args)
{
    char buf[512];
    std::snprintf(buf, sizeof buf, fmt, args...);
    return buf;
}

} // namespace

std::string collectiveToJson(const Fabric &fabric, const CollectiveEstimate &e, const Failures &failures, int indent)
{
    nlohmann::json o;
    o["op"] = collectiveOpName(e.op);
    o["bytes"] = e.bytes;
    o["ranks"] = e.ranks;
    o["hosts"] = e.hosts;
    o["nodes"] = e.nodes;
    o["algorithm"] = collectiveAlgorithmName(e.algorithm);
    o["protocol"] = e.protocol;
    if (!e.ncclAlgorithm.empty()) {
        nlohmann::json n;
        n["version"] = NcclTuning::kVersion;
        n["algorithm"] = e.ncclAlgorithm;
        n["protocol"] = e.ncclProtocol;
        n["reason"] = e.ncclReason;
        nlohmann::json table = nlohmann::json::array();
        for (const CollectiveEstimate::NcclCandidate &k : e.ncclCandidates) {
            nlohmann::json row;
            row["algorithm"] = k.algorithm;
            row["protocol"] = k.protocol;
            row["time_us"] = k.timeUs >= 0.0 ? nlohmann::json(k.timeUs) : nlohmann::json();
            if (!k.why.empty())
                row["unavailable"] = k.why;
            table.push_back(std::move(row));
        }
        n["candidates"] = std::move(table);
        o["nccl"] = std::move(n);
    } else {
        o["nccl"] = nullptr;
    }
    o["routing"] = routingModeName(e.routing);
    o["time_us"] = finiteOrNull(e.seconds * 1e6);
    {
        nlohmann::json interval;
        interval["validated"] = e.interval.validated;
        interval["regime"] = e.interval.regime;
        interval["low_us"] = e.interval.validated ? finiteOrNull(e.interval.lowSeconds * 1e6) : nlohmann::json();
        interval["high_us"] = e.interval.validated ? finiteOrNull(e.interval.highSeconds * 1e6) : nlohmann::json();
        interval["rows"] = e.interval.rowIds;
        o["interval"] = std::move(interval);
    }
    o["algbw_GBps"] = finiteOrNull(e.algbwGBps);
    o["busbw_GBps"] = finiteOrNull(e.busbwGBps);
    o["bottleneck"] = e.bottleneck;
    o["latency_us"] = e.latencySeconds * 1e6;
    o["propagation_us"] = e.propagationSeconds * 1e6;
    o["intra_us"] = e.intraSeconds * 1e6;
    o["network_us"] = e.networkSeconds * 1e6;
    o["network_bottleneck"]
        = e.network.bottleneck.link >= 0 ? nlohmann::json(fabric.link(e.network.bottleneck.link).id) : nlohmann::json();
    o["max_switch_hops"] = e.network.maxSwitchHops;
    if (ecmpRan(e)) {
        o["ecmp_time_us"] = {{"runs", e.network.seedBottleneckSeconds.size()},
                             {"min", e.ecmpSeconds.min * 1e6},
                             {"median", e.ecmpSeconds.median * 1e6},
                             {"p95", e.ecmpSeconds.p95 * 1e6},
                             {"max", e.ecmpSeconds.max * 1e6},
                             {"mean", e.ecmpSeconds.mean * 1e6}};
    } else {
        o["ecmp_time_us"] = nullptr;
    }
    nlohmann::json failed = nlohmann::json::array();
    for (const std::int32_t sw : failures.switches)
        failed.push_back(fabric.switchAt(sw).id);
    for (const std::int32_t l : failures.links)
        failed.push_back(fabric.link(l).id);
    o["failed"] = std::move(failed);
    o["notes"] = e.notes;
    return o.dump(indent) + "\n";
}

std::string collectiveToText(const CollectiveEstimate &e)
{
    const bool ecmp = ecmpRan(e);
    std::string text = format("%s of %s (%.0f B) on %d ranks over %d hosts; algorithm %s/%s, routing %s\n",
                              collectiveOpName(e.op), formatSize(e.bytes).c_str(), e.bytes, e.ranks, e.hosts,
                              collectiveAlgorithmName(e.algorithm), e.protocol.c_str(), routingModeName(e.routing));
    text += format("time        %.1f us", e.seconds * 1e6);
    if (ecmp)
        text += format(" (median of %zu ECMP runs)", e.network.seedBottleneckSeconds.size());
    text += "\n";
    if (e.interval.validated)
        text += format("interval    %.1f - %.1f us, from the cross-validated errors of %d validation row%s (%s)\n",
                       e.interval.lowSeconds * 1e6, e.interval.highSeconds * 1e6, e.interval.rows,
                       e.interval.rows == 1 ? "" : "s", e.interval.regime.c_str());
    else
        text += "interval    none: outside every validated regime (no validation row for " + e.interval.regime
            + "; docs/model-validation.md)\n";
    text += format("algbw       %.2f GB/s\n", e.algbwGBps);
    text += format("busbw       %.2f GB/s\n", e.busbwGBps);
    text += "bottleneck  " + e.bottleneck + "\n";
    text += format("terms       latency %.1f us, intra-host %.1f us, network %.1f us (max %d switches per path)\n",
                   e.latencySeconds * 1e6, e.intraSeconds * 1e6, e.networkSeconds * 1e6, e.network.maxSwitchHops);
    if (e.propagationSeconds > 0)
        text += format("propagation %.3f us per network step, from the floor's cable runs\n", e.propagationSeconds * 1e6);
    if (ecmp)
        text += format("ECMP        time over %zu runs: min %.1f, median %.1f, p95 %.1f, max %.1f us\n",
                       e.network.seedBottleneckSeconds.size(), e.ecmpSeconds.min * 1e6, e.ecmpSeconds.median * 1e6,
                       e.ecmpSeconds.p95 * 1e6, e.ecmpSeconds.max * 1e6);
    for (const std::string &n : e.notes)
        text += "note: " + n + "\n";
    return text;
}

} // namespace Railyard
