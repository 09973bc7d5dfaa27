#include "core/fabricmanager/routingvalidation.h"

#include "core/analysis/capacity.h"
#include "core/common/inputfile.h"
#include "core/common/jsonget.h"
#include "core/fabricmanager/lftdump.h"
#include "core/fabricmanager/subnetrouting.h"
#include "core/formats/fabricjson/fabricjsonformat.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "core/jobs/jobspec.h"
#include "core/placement/jobevaluation.h"
#include "core/placement/placer.h"
#include "core/placement/steptime.h"
#include "core/traffic/routing.h"
#include "core/traffic/staticroutes.h"

#include <QBuffer>
#include <QDir>
#include <QFile>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <random>
#include <span>
#include <sstream>
#include <stdexcept>

namespace Railyard {

namespace {

using json = nlohmann::json;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr std::size_t kMaxRowsBytes = 4u << 20;

using JsonGet::fail;
using JsonGet::field;
using JsonGet::value;
using JsonGet::valueOr;

std::string fmt(const char *format, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

// ---- designs ---------------------------------------------------------------

/// A design: {"preset": "fat-tree", "k": 16, "gbps": 400}, {"preset":
/// "dgx-superpod", "sus": 2}, {"preset": "meta-ai-zone", "zones": 1},
/// {"preset": "alibaba-hpn", "segments": 1}, {"preset": "rail-optimized",
/// "hosts": 8}, each with optional overrides, or {"file": "x.fabric.json"}.
Fabric designOf(const json &d, const std::string &baseDir, const std::string &where)
{
    if (d.contains("file")) {
        const std::string name = value<std::string>(d, "file", where);
        const QString path = QDir(QString::fromStdString(baseDir)).filePath(QString::fromStdString(name));
        QString error;
        const std::optional<QByteArray> bytes = readInputFile(path, &error);
        if (!bytes)
            fail(where + "/file", name.substr(0, 200) + ": " + error.toStdString());
        QByteArray data = *bytes;
        QBuffer buffer(&data);
        buffer.open(QIODevice::ReadOnly);
        ReadResult read = FabricJsonFormat().read(buffer, path);
        if (!read.ok())
            fail(where + "/file", read.errorText().toStdString().substr(0, 2000));
        return std::move(*read.fabric);
    }
    const std::string preset = value<std::string>(d, "preset", where);
    ClosParams p;
    if (preset == "fat-tree")
        p = fatTreeParams(value<int>(d, "k", where), valueOr<double>(d, "gbps", 100.0, where));
    else if (preset == "dgx-superpod")
        p = dgxSuperpodParams(value<int>(d, "sus", where), valueOr<std::string>(d, "gpu", "h100", where));
    else if (preset == "meta-ai-zone")
        p = metaAiZoneParams(value<int>(d, "zones", where));
    else if (preset == "alibaba-hpn")
        p = alibabaHpnParams(value<int>(d, "segments", where));
    else if (preset == "rail-optimized")
        p = railOptimizedParams(value<int>(d, "hosts", where));
    else
        fail(where + "/preset", "unknown preset \"" + preset.substr(0, 40)
                                    + "\" (fat-tree, dgx-superpod, meta-ai-zone, alibaba-hpn, rail-optimized)");
    // Overrides.
    p.hosts = valueOr<int>(d, "hosts", p.hosts, where);
    p.gpusPerHost = valueOr<int>(d, "gpus_per_host", p.gpusPerHost, where);
    if (d.contains("gpu")) {
        p.gpuModel = value<std::string>(d, "gpu", where);
        p.nvlinkGBps = 0.0;
    }
    p.rails = valueOr<int>(d, "rails", p.rails, where);
    p.nicGbps = valueOr<double>(d, "nic_gbps", p.nicGbps, where);
    p.railOptimized = valueOr<bool>(d, "rail_optimized", p.railOptimized, where);
    p.hostsPerRack = valueOr<int>(d, "hosts_per_rack", p.hostsPerRack, where);
    p.tiers = valueOr<int>(d, "tiers", p.tiers, where);
    if (d.contains("transport")) {
        const auto t = transportFromName(value<std::string>(d, "transport", where));
        if (!t)
            fail(where + "/transport", "unknown transport");
        p.transport = *t;
    }
    if (d.contains("tier_specs")) {
        const json &tiers = d.at("tier_specs");
        if (!tiers.is_array() || tiers.empty() || tiers.size() > 6)
            fail(where + "/tier_specs", "need an array of 1 to 6 tiers");
        p.tierSpecs.clear();
        for (size_t i = 0; i < tiers.size(); ++i) {
            const std::string at = where + "/tier_specs/" + std::to_string(i);
            TierSpec t;
            t.radix = value<int>(tiers[i], "radix", at);
            t.uplinkGbps = valueOr<double>(tiers[i], "uplink_gbps", t.uplinkGbps, at);
            t.oversubscription = valueOr<double>(tiers[i], "oversubscription", t.oversubscription, at);
            t.downPorts = valueOr<int>(tiers[i], "down_ports", 0, at);
            p.tierSpecs.push_back(t);
        }
    }
    p.nvls = nvlsByDefault(p.gpuModel, p.gpusPerHost);
    p.floor = false;
    try {
        return generateClos(p);
    } catch (const GeneratorError &e) {
        fail(where, e.what());
    }
}

JobSpec jobOf(const json &e, const std::string &baseDir, const std::string &where)
{
    JobSpecResult read;
    if (e.contains("job_file")) {
        const std::string name = value<std::string>(e, "job_file", where);
        read = readJobSpecFile(QDir(QString::fromStdString(baseDir)).filePath(QString::fromStdString(name)));
    } else {
        json job = field(e, "job", where);
        if (!job.is_object())
            fail(where + "/job", "not an object");
        job["format"] = "railyard-job";
        job["version"] = 1;
        read = parseJobSpec(job.dump(), QString::fromStdString(where + "/job"));
    }
    if (!read.ok())
        fail(where, read.errorText().toStdString().substr(0, 2000));
    return *read.job;
}

// ---- the "job" experiment ---------------------------------------------------

struct Side
{
    RoutingOptions routing;
    bool asRouted = false; ///< the fabric's own routing (asRoutedOptionsFor)
    RankOrder order = RankOrder::Strategy;
    std::uint64_t orderSeed = 1;
    // An impaired host link: the job's host number `host` (in rank order),
    // its NIC of rail `rail`, port `port`, at `gbps` (0: down).
    bool impair = false;
    int host = 0, rail = 0, port = 0;
    double gbps = 0;
    std::string text; ///< "hashed, 1 QP", for the detail
};

Side sideOf(const json &s, const std::string &where)
{
    Side side;
    const std::string mode = value<std::string>(s, "routing", where);
    if (mode == "as-routed") {
        side.asRouted = true;
    } else if (!routingModeFromName(mode, &side.routing.mode)) {
        fail(where + "/routing", "unknown routing \"" + mode.substr(0, 40) + "\"");
    }
    side.text = mode;
    if (s.contains("qps")) {
        side.routing.qpsPerConnection = value<int>(s, "qps", where);
        if (side.routing.qpsPerConnection < 1 || side.routing.qpsPerConnection > 128)
            fail(where + "/qps", "need 1 to 128");
        side.text += ", " + std::to_string(side.routing.qpsPerConnection) + " QP";
    }
    if (s.contains("split_data_on_qps"))
        side.routing.splitDataOnQps = value<bool>(s, "split_data_on_qps", where) ? 1 : 0;
    side.routing.seeds = valueOr<int>(s, "seeds", 16, where);
    side.routing.seed = valueOr<std::uint64_t>(s, "hash_seed", 1, where);
    if (side.routing.seeds < 1 || side.routing.seeds > 1000)
        fail(where + "/seeds", "need 1 to 1000");
    const std::string order = valueOr<std::string>(s, "rank_order", "topology", where);
    if (order == "random") {
        side.order = RankOrder::Random;
        side.orderSeed = valueOr<std::uint64_t>(s, "order_seed", 1, where);
        side.text += ", random rank order";
    } else if (order != "topology") {
        fail(where + "/rank_order", "topology or random");
    }
    if (s.contains("impair")) {
        const json &i = s.at("impair");
        const std::string at = where + "/impair";
        side.impair = true;
        side.host = value<int>(i, "host", at);
        side.rail = valueOr<int>(i, "rail", 0, at);
        side.port = valueOr<int>(i, "port", 0, at);
        side.gbps = value<double>(i, "gbps", at);
        if (side.host < 0 || side.rail < 0 || side.port < 0 || side.gbps < 0)
            fail(at, "negative field");
        side.text += side.gbps > 0 ? ", a host link at " + fmt("%.0f", side.gbps) + "G" : ", a host link down";
    }
    return side;
}

/// The view with the side's host link impaired; throws when it names no link.
CapacityView impairedView(const Fabric &f, const Placement &placement, const Side &side, std::string *linkId,
                          const std::string &where)
{
    CapacityView view = CapacityView::of(f);
    if (!side.impair)
        return view;
    std::vector<std::int32_t> hosts;
    for (const RankSlot &r : placement.ranks)
        if (std::find(hosts.begin(), hosts.end(), r.host) == hosts.end())
            hosts.push_back(r.host);
    if (side.host >= int(hosts.size()))
        fail(where + "/impair/host", "the job has " + std::to_string(hosts.size()) + " hosts");
    const std::int32_t host = hosts[size_t(side.host)];
    int port = 0;
    for (const std::int32_t l : f.incidentLinks(f.hostNode(host))) {
        if (hostLinkRail(f, host, l) != side.rail)
            continue;
        if (port++ == side.port) {
            view.gbps[size_t(l)] = side.gbps;
            *linkId = f.link(l).id;
            return view;
        }
    }
    fail(where + "/impair", "the host has no link of rail " + std::to_string(side.rail) + " port "
                                + std::to_string(side.port));
}

void runJob(const json &e, const std::string &baseDir, bool fluidNull, RoutingValidationRow &row,
            const std::string &where)
{
    const Fabric fabric = designOf(field(e, "design", where), baseDir, where + "/design");
    const JobSpec job = jobOf(e, baseDir, where);
    const std::string metric = value<std::string>(e, "metric", where);
    if (metric != "comm" && metric != "step")
        fail(where + "/metric", "comm or step");
    Side sides[2] = {sideOf(field(e, "a", where), where + "/a"), sideOf(field(e, "b", where), where + "/b")};
    // Hosts the job may not use, [first, count] ranges of host indices: how
    // a row spreads a job over segments a topology placement would fill
    // one by one.
    std::vector<std::string> excluded;
    if (e.contains("exclude_hosts")) {
        const json &ranges = e.at("exclude_hosts");
        if (!ranges.is_array() || ranges.size() > 64)
            fail(where + "/exclude_hosts", "need an array of at most 64 [first, count] ranges");
        for (const json &range : ranges) {
            if (!range.is_array() || range.size() != 2 || !range[0].is_number_integer()
                || !range[1].is_number_integer())
                fail(where + "/exclude_hosts", "need [first, count] ranges");
            const long long first = range[0].get<long long>(), count = range[1].get<long long>();
            if (first < 0 || count < 0 || first + count > fabric.hostCount())
                fail(where + "/exclude_hosts", "a range past the design's " + std::to_string(fabric.hostCount())
                                                   + " hosts");
            for (long long h = first; h < first + count; ++h)
                excluded.push_back(fabric.host(std::int32_t(h)).id);
        }
    }
    const CapacityView healthy = CapacityView::of(fabric);
    double values[2] = {0, 0};
    std::string texts[2];
    for (int i = 0; i < 2; ++i) {
        Side &side = sides[i];
        PlacementOptions placement;
        placement.rankOrder = side.order;
        placement.seed = side.orderSeed;
        placement.excludedHosts = excluded;
        RoutingOptions fluid;
        JobEvaluation placed = evaluateJob(fabric, healthy, job, placement, fluid);
        if (!placed.routed())
            throw std::runtime_error(placed.routingError);
        const std::vector<StepCollective> collectives = stepCollectives(fabric, healthy, placed, true);
        RoutingOptions routing = side.asRouted ? asRoutedOptionsFor(fabric, placed) : side.routing;
        if (side.asRouted) {
            if (side.routing.qpsPerConnection > 0)
                routing.qpsPerConnection = side.routing.qpsPerConnection;
            if (side.routing.splitDataOnQps >= 0)
                routing.splitDataOnQps = side.routing.splitDataOnQps;
            side.text += std::string(" (") + routingModeName(routing.mode) + ")";
        }
        if (fluidNull)
            routing = RoutingOptions{};
        std::string linkId;
        const CapacityView view = impairedView(fabric, placed.placement, side, &linkId, where + (i ? "/b" : "/a"));
        const StepFigures figures = routedStepFigures(fabric, view, placed, routing, collectives);
        values[i] = metric == "comm" ? figures.commSeconds : figures.stepSeconds;
        if (!(values[i] > 0) || !std::isfinite(values[i]))
            throw std::runtime_error(std::string(i ? "b" : "a") + ": the "
                                     + (metric == "comm" ? "step communication time" : "whole step")
                                     + " could not be computed");
        texts[i] = side.text + (linkId.empty() ? "" : " (" + linkId + ")") + ": "
            + fmt("%.1f", values[i] * 1e3) + " ms";
    }
    const std::string figure = valueOr<std::string>(e, "figure", "ratio", where);
    if (figure != "ratio" && figure != "gain")
        fail(where + "/figure", "ratio or gain");
    row.figure = values[0] / values[1] - (figure == "gain" ? 1.0 : 0.0);
    row.detail = std::string(metric == "comm" ? "step communication" : "whole step") + " of " + job.name + " ("
        + std::to_string(job.gpus) + " GPUs) on " + fabric.name + " (" + std::to_string(fabric.hostCount())
        + " hosts, " + std::to_string(fabric.switchCount()) + " switches); a: " + texts[0] + "; b: " + texts[1];
}

// ---- static tables ----------------------------------------------------------

struct Tables
{
    Fabric fabric;
    LftDump dump;
    std::unique_ptr<SubnetRouting> routing;
};

std::unique_ptr<Tables> tablesOf(Fabric fabric)
{
    auto t = std::make_unique<Tables>();
    t->fabric = std::move(fabric);
    const std::shared_ptr<const StaticRoutes> routes = StaticRoutes::build(t->fabric, CapacityView::of(t->fabric));
    t->dump = modelTables(t->fabric, *routes);
    t->routing = std::make_unique<SubnetRouting>(t->fabric, t->dump);
    if (!t->routing->problems().empty())
        throw std::runtime_error("the modelled tables: " + t->routing->problems().front());
    return t;
}

/// The pairs' delivered share under fluid routing: every HCA sends at its
/// link's rate for one second; the flows finish when the busiest link has
/// drained, so the share is 1 / that time (at most 1).
double fluidShare(const SubnetRouting &routing, const std::vector<std::pair<int, int>> &pairs)
{
    const Fabric &f = routing.fabric();
    const InfinibandIds &ids = routing.ids();
    std::vector<Flow> flows;
    flows.reserve(pairs.size());
    for (const auto &[a, b] : pairs) {
        const InfinibandIds::Ca &ca = ids.cas[size_t(a)];
        const InfinibandIds::Ca &cb = ids.cas[size_t(b)];
        const std::span<const std::int32_t> links = f.incidentLinks(f.hostNode(ca.host));
        const double gbps = links.empty() ? 0.0 : f.link(links.front()).capacityGbps; // single-NIC hosts
        Flow flow{ca.host, cb.host, -1, -1, gbps * 1e9 / 8.0};
        flows.push_back(flow);
    }
    RoutingOptions fluid;
    const RoutingResult r = routeFlows(f, CapacityView::of(f), flows, fluid);
    return r.bottleneck.seconds > 0 ? std::min(1.0, 1.0 / r.bottleneck.seconds) : 1.0;
}

void runEffectiveBisection(const json &e, const std::string &baseDir, bool fluidNull, RoutingValidationRow &row,
                           const std::string &where)
{
    const int bisections = valueOr<int>(e, "bisections", 200, where);
    const auto seed = valueOr<std::uint64_t>(e, "seed", 1, where);
    if (bisections < 1 || bisections > 100000)
        fail(where + "/bisections", "need 1 to 100000");
    const std::unique_ptr<Tables> t = tablesOf(designOf(field(e, "design", where), baseDir, where + "/design"));
    const int n = int(t->routing->ids().cas.size());
    if (fluidNull) {
        // The same random bisections, routed fluid.
        std::vector<int> order(static_cast<size_t>(n));
        std::iota(order.begin(), order.end(), 0);
        std::mt19937_64 random(seed);
        double sum = 0;
        const int runs = std::min(bisections, 20);
        for (int p = 0; p < runs; ++p) {
            std::shuffle(order.begin(), order.end(), random);
            std::vector<std::pair<int, int>> pairs;
            for (int i = 0; i < n / 2; ++i) {
                pairs.emplace_back(order[size_t(i)], order[size_t(i + n / 2)]);
                pairs.emplace_back(order[size_t(i + n / 2)], order[size_t(i)]);
            }
            sum += fluidShare(*t->routing, pairs);
        }
        row.figure = sum / runs;
        row.detail = std::to_string(runs) + " random bisections of " + std::to_string(n) + " HCAs routed fluid on "
            + t->fabric.name;
        return;
    }
    const EffectiveBisection b = effectiveBisection(*t->routing, bisections, seed, false);
    row.figure = b.meanShare;
    row.detail = std::to_string(bisections) + " random bisections of " + std::to_string(n) + " HCAs on "
        + t->fabric.name + " (" + std::to_string(t->fabric.switchCount()) + " switches) under its ftree tables: "
        + fmt("%.0f", b.meanGbps) + " of " + fmt("%.0f", b.minCutGbps) + " Gbit/s, 5th percentile "
        + fmt("%.3f", b.p5Share);
}

void runShiftOrder(const json &e, const std::string &baseDir, bool fluidNull, RoutingValidationRow &row,
                   const std::string &where)
{
    const std::string orderName = value<std::string>(e, "order", where);
    if (orderName != "topology" && orderName != "random")
        fail(where + "/order", "topology or random");
    const int shifts = valueOr<int>(e, "shifts", 64, where);
    const auto seed = valueOr<std::uint64_t>(e, "seed", 1, where);
    if (shifts < 1 || shifts > 100000)
        fail(where + "/shifts", "need 1 to 100000");
    const std::unique_ptr<Tables> t = tablesOf(designOf(field(e, "design", where), baseDir, where + "/design"));
    const int n = int(t->routing->ids().cas.size());
    // Topology order: the HCAs as the design numbers its hosts, leaf by leaf
    // and port by port, which is the order of ftree's compute-node file.
    std::vector<int> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    if (orderName == "random") {
        std::mt19937_64 random(seed);
        std::shuffle(order.begin(), order.end(), random);
    }
    if (fluidNull) {
        const int runs = std::min(shifts, 16);
        double sum = 0;
        for (int i = 0; i < runs; ++i) {
            const int s = 1 + int(std::llround(double(i) * double(n - 2) / double(std::max(1, runs - 1))));
            std::vector<std::pair<int, int>> pairs;
            for (int k = 0; k < n; ++k)
                pairs.emplace_back(order[size_t(k)], order[size_t((k + s) % n)]);
            sum += fluidShare(*t->routing, pairs);
        }
        row.figure = sum / runs;
        row.detail = std::to_string(runs) + " shift distances, " + orderName + " order, routed fluid on "
            + t->fabric.name;
        return;
    }
    const ShiftShare s = shiftShare(*t->routing, order, shifts);
    row.figure = s.meanShare;
    row.detail = std::to_string(s.shifts) + " shift distances over " + std::to_string(n) + " HCAs in " + orderName
        + " order on " + t->fabric.name + " under its ftree tables; worst distance " + fmt("%.3f", s.minShare);
}

std::string sourceText(const json &s, const std::string &where, std::string *location, std::string *url)
{
    if (s.is_string())
        return s.get<std::string>();
    *location = valueOr<std::string>(s, "location", "", where);
    *url = valueOr<std::string>(s, "url", "", where);
    return value<std::string>(s, "title", where);
}

std::string percentOrRatio(const std::string &unit, double v)
{
    if (!std::isfinite(v))
        return "–";
    if (unit == "gain")
        return fmt("%+.1f %%", v * 100.0);
    if (unit == "share")
        return fmt("%.1f %%", v * 100.0);
    return fmt("%.2f×", v);
}

std::string escapeCell(std::string s)
{
    std::string out;
    for (char c : s) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n')
            out += ' ';
        else
            out += c;
    }
    return out;
}

} // namespace

RoutingValidation validateRouting(const std::string &rowsJson, const std::string &fileName, const std::string &baseDir,
                                  bool fluidNull)
{
    if (rowsJson.size() > kMaxRowsBytes)
        throw std::runtime_error(fileName + ": larger than 4 MiB");
    json doc;
    try {
        doc = json::parse(rowsJson);
    } catch (const json::parse_error &e) {
        throw std::runtime_error(fileName + ": not JSON (byte " + std::to_string(e.byte) + ")");
    }
    if (value<std::string>(doc, "format", fileName) != "railyard-routing-validation")
        fail(fileName + "/format", "expected \"railyard-routing-validation\"");
    if (value<int>(doc, "version", fileName) != 1)
        fail(fileName + "/version", "expected 1");
    const json &rows = field(doc, "rows", fileName);
    if (!rows.is_array() || rows.size() > 1000)
        fail(fileName + "/rows", "need an array of at most 1000 rows");
    RoutingValidation out;
    out.fluidNull = fluidNull;
    for (size_t i = 0; i < rows.size(); ++i) {
        const json &r = rows[i];
        const std::string where = fileName + "/rows/" + std::to_string(i);
        RoutingValidationRow row;
        row.id = value<std::string>(r, "id", where);
        row.claim = value<std::string>(r, "claim", where);
        row.source = sourceText(field(r, "source", where), where + "/source", &row.location, &row.url);
        row.quote = value<std::string>(r, "quote", where);
        row.caveat = valueOr<std::string>(r, "caveat", "", where);
        row.published = value<std::string>(r, "published", where);
        row.setup = valueOr<std::string>(r, "setup", "", where);
        row.notCounted = valueOr<std::string>(r, "not_counted", "", where);
        row.knownMiss = valueOr<std::string>(r, "known_miss", "", where);
        if (row.notCounted.empty()) {
            row.unit = value<std::string>(r, "unit", where);
            if (row.unit != "ratio" && row.unit != "gain" && row.unit != "share")
                fail(where + "/unit", "ratio, gain or share");
            if (r.contains("published_value"))
                row.publishedValue = value<double>(r, "published_value", where);
            const json &bound = field(r, "bound", where);
            if (!bound.is_array() || bound.size() != 2 || !bound[0].is_number() || !bound[1].is_number())
                fail(where + "/bound", "need [low, high]");
            row.low = bound[0].get<double>();
            row.high = bound[1].get<double>();
            if (!(row.low <= row.high))
                fail(where + "/bound", "low above high");
            const json &e = field(r, "experiment", where);
            const std::string kind = value<std::string>(e, "kind", where + "/experiment");
            const std::string at = where + "/experiment";
            // A malformed experiment is the document's error; one that fails
            // to run (the job does not fit, routing fails) is the row's.
            try {
                if (kind == "job")
                    runJob(e, baseDir, fluidNull, row, at);
                else if (kind == "effective_bisection")
                    runEffectiveBisection(e, baseDir, fluidNull, row, at);
                else if (kind == "shift_order")
                    runShiftOrder(e, baseDir, fluidNull, row, at);
                else
                    fail(at + "/kind", "unknown kind \"" + kind.substr(0, 40)
                                           + "\" (job, effective_bisection, shift_order)");
            } catch (const PlacementError &e) {
                row.problem = e.what();
            } catch (const std::invalid_argument &e) {
                row.problem = e.what();
            }
            if (row.problem.empty() && !std::isfinite(row.figure))
                row.problem = "no figure";
            row.inBounds = row.problem.empty() && row.figure >= row.low && row.figure <= row.high;
            if (std::isfinite(row.publishedValue) && std::isfinite(row.figure))
                row.error = row.figure - row.publishedValue;
            ++out.counted;
            if (row.inBounds)
                ++out.inBounds;
            if (!row.knownMiss.empty())
                ++out.knownMisses;
            if (row.inBounds == row.knownMiss.empty())
                ++out.asExpected;
        }
        out.rows.push_back(std::move(row));
    }
    return out;
}

std::string routingValidationToMarkdown(const RoutingValidation &model, const RoutingValidation *null)
{
    std::ostringstream s;
    s << "| Row | Source | Published | Railyard | Error | Bound | In | ";
    if (null)
        s << "Fluid null | Null in | ";
    s << "\n|---|---|---|---|---|---|---|";
    if (null)
        s << "---|---|";
    s << "\n";
    for (size_t i = 0; i < model.rows.size(); ++i) {
        const RoutingValidationRow &r = model.rows[i];
        if (!r.counted())
            continue;
        s << "| `" << r.id << "` | " << escapeCell(r.source) << " | " << escapeCell(r.published) << " | "
          << (r.problem.empty() ? percentOrRatio(r.unit, r.figure) : "failed: " + escapeCell(r.problem)) << " | ";
        if (std::isfinite(r.error))
            s << (r.unit == "ratio" ? fmt("%+.2f", r.error) : fmt("%+.1f pt", r.error * 100.0));
        else
            s << "–";
        s << " | " << percentOrRatio(r.unit, r.low) << " – " << percentOrRatio(r.unit, r.high) << " | "
          << (r.inBounds ? "yes" : r.knownMiss.empty() ? "**no**" : "no (known)") << " | ";
        if (null && i < null->rows.size()) {
            const RoutingValidationRow &n = null->rows[i];
            s << (n.problem.empty() ? percentOrRatio(n.unit, n.figure) : "failed") << " | "
              << (n.inBounds ? "yes" : "no") << " | ";
        }
        s << "\n";
    }
    s << "\n" << model.inBounds << " of " << model.counted << " counted rows in bounds";
    if (null)
        s << "; the fluid null: " << null->inBounds << " of " << null->counted;
    s << ".\n";
    if (model.knownMisses > 0) {
        s << "\nKnown misses:\n\n";
        for (const RoutingValidationRow &r : model.rows)
            if (r.counted() && !r.knownMiss.empty())
                s << "- `" << r.id << "`: " << escapeCell(r.knownMiss) << "\n";
    }
    s << "\nNot counted:\n\n";
    for (const RoutingValidationRow &r : model.rows)
        if (!r.counted())
            s << "- `" << r.id << "` (" << escapeCell(r.source) << "): " << escapeCell(r.notCounted) << "\n";
    return s.str();
}

std::string routingValidationToText(const RoutingValidation &v)
{
    std::ostringstream s;
    s << "Routing validation" << (v.fluidNull ? " (null model: fluid routing in place of the routing)" : "") << ": "
      << v.inBounds << " of " << v.counted << " counted rows in bounds, " << v.knownMisses
      << " known misses; " << v.asExpected << " of " << v.counted << " as the table expects\n\n";
    for (const RoutingValidationRow &r : v.rows) {
        if (!r.counted())
            continue;
        s << (r.inBounds ? "  ok   " : r.knownMiss.empty() ? "  OUT  " : "  miss ") << r.id
          << (r.knownMiss.empty() ? "" : " (known miss)") << "\n";
        s << "       published " << r.published << "; Railyard "
          << (r.problem.empty() ? percentOrRatio(r.unit, r.figure) : "failed: " + r.problem) << " (bound "
          << percentOrRatio(r.unit, r.low) << " to " << percentOrRatio(r.unit, r.high) << ")\n";
        if (!r.detail.empty())
            s << "       " << r.detail << "\n";
    }
    int uncounted = 0;
    for (const RoutingValidationRow &r : v.rows)
        uncounted += r.counted() ? 0 : 1;
    s << "\n" << uncounted << " rows not counted (see docs/routing-validation.md for why)\n";
    return s.str();
}

std::string routingValidationToJson(const RoutingValidation &v, int indent)
{
    json rows = json::array();
    auto num = [](double x) { return std::isfinite(x) ? json(x) : json(nullptr); };
    for (const RoutingValidationRow &r : v.rows) {
        json j = {{"id", r.id}, {"source", r.source}, {"published", r.published}, {"counted", r.counted()}};
        if (r.counted()) {
            j["unit"] = r.unit;
            j["figure"] = num(r.figure);
            j["published_value"] = num(r.publishedValue);
            j["error"] = num(r.error);
            j["bound"] = {r.low, r.high};
            j["in_bounds"] = r.inBounds;
            if (!r.knownMiss.empty())
                j["known_miss"] = r.knownMiss;
            j["detail"] = r.detail;
            if (!r.problem.empty())
                j["problem"] = r.problem;
        } else {
            j["not_counted"] = r.notCounted;
        }
        rows.push_back(std::move(j));
    }
    const json doc = {{"null_model", v.fluidNull ? "fluid" : "none"},
                      {"counted", v.counted},
                      {"in_bounds", v.inBounds},
                      {"known_misses", v.knownMisses},
                      {"as_expected", v.asExpected},
                      {"rows", rows}};
    return doc.dump(indent) + "\n";
}

} // namespace Railyard
