// The study's summary, its JSON and text reports, and the merge of shards.
#include "core/resilience/resilience.h"
#include "core/resilience/resiliencetext_p.h"

#include "core/common/strictjsonparse.h"
#include "core/common/jsonbounds.h"
#include "core/common/messagetext.h"
#include "core/export/hostlist.h"

#include "core/common/jsontext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <numeric>

namespace Railyard {

namespace {

using Json = nlohmann::ordered_json;
constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double z95 = 1.959963984540054;

Json number(double v)
{
    return jsonNumber<Json>(v);
}

struct Weighted
{
    double value;
    double weight;
};

/// Smallest value whose cumulative weight reaches fraction f of the total.
double quantileOf(const std::vector<Weighted> &sorted, double total, double f)
{
    const double target = f * total;
    double cum = 0;
    for (const Weighted &w : sorted) {
        cum += w.weight;
        if (cum >= target - 1e-12 * total)
            return w.value;
    }
    return sorted.empty() ? nan : sorted.back().value;
}

StudyDistribution distributionOf(std::vector<Weighted> values, bool sampled, bool lowerIsWorse)
{
    StudyDistribution d;
    values.erase(std::remove_if(values.begin(), values.end(), [](const Weighted &w) { return std::isnan(w.value); }),
                 values.end());
    if (values.empty())
        return d;
    d.present = true;
    std::stable_sort(values.begin(), values.end(), [](const Weighted &a, const Weighted &b) { return a.value < b.value; });
    const double total = std::accumulate(values.begin(), values.end(), 0.0, [](double s, const Weighted &w) { return s + w.weight; });
    double sum = 0;
    bool infinite = false;
    for (const Weighted &w : values) {
        if (std::isinf(w.value))
            infinite = true;
        else
            sum += w.value * w.weight;
    }
    d.mean = infinite ? inf : sum / total;
    d.meanLow = d.meanHigh = d.mean;
    const double n = double(values.size());
    if (sampled && !infinite && values.size() > 1) {
        double ss = 0;
        for (const Weighted &w : values)
            ss += (w.value - d.mean) * (w.value - d.mean);
        const double half = z95 * std::sqrt(ss / (n - 1)) / std::sqrt(n);
        d.meanLow = d.mean - half;
        d.meanHigh = d.mean + half;
    }
    auto quantile = [&](double q) {
        const double f = lowerIsWorse ? 1.0 - q : q;
        Quantile out;
        out.value = out.low = out.high = quantileOf(values, total, f);
        if (sampled) {
            const double spread = z95 * std::sqrt(n * f * (1 - f));
            const double lo = std::floor(n * f - spread) - 1;
            const double hi = std::ceil(n * f + spread) - 1;
            out.low = values[size_t(std::clamp(lo, 0.0, n - 1))].value;
            out.high = values[size_t(std::clamp(hi, 0.0, n - 1))].value;
        }
        return out;
    };
    d.p50 = quantile(0.50);
    d.p95 = quantile(0.95);
    d.p99 = quantile(0.99);
    d.worst = lowerIsWorse ? values.front().value : values.back().value;
    // The CDF at every distinct value, thinned to at most 201 points.
    std::vector<std::pair<double, double>> cdf;
    double cum = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        cum += values[i].weight;
        if (i + 1 == values.size() || values[i + 1].value != values[i].value)
            cdf.emplace_back(values[i].value, std::min(1.0, cum / total));
    }
    if (cdf.size() > 201) {
        std::vector<std::pair<double, double>> thin;
        for (size_t k = 0; k < 201; ++k)
            thin.push_back(cdf[k * (cdf.size() - 1) / 200]);
        cdf = std::move(thin);
    }
    d.cdf = std::move(cdf);
    return d;
}

} // namespace

StudySummary summarizeStudy(const StudyResult &result, int worstCount)
{
    StudySummary s;
    const bool sampled = result.kind == StudyKind::MonteCarlo;
    std::vector<Weighted> bisection, slowdown;
    for (const ScenarioOutcome &o : result.outcomes) {
        bisection.push_back({o.bisectionPct, o.weight});
        slowdown.push_back({o.slowdown, o.weight});
    }
    s.bisectionPct = distributionOf(bisection, sampled, true);
    s.slowdown = distributionOf(slowdown, sampled, false);
    std::int64_t asked = 0, yes = 0;
    for (const ScenarioOutcome &o : result.outcomes)
        if (o.placeable >= 0) {
            ++asked;
            yes += o.placeable;
        }
    if (asked > 0) {
        s.placeablePresent = true;
        const double n = double(asked), p = double(yes) / n, z2 = z95 * z95;
        const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
        const double half = z95 * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
        s.placeable = p;
        s.placeableLow = std::max(0.0, centre - half);
        s.placeableHigh = std::min(1.0, centre + half);
    }
    std::vector<std::int64_t> order(result.outcomes.size());
    std::iota(order.begin(), order.end(), 0);
    auto slow = [](double v) { return std::isnan(v) ? 0.0 : v; };
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
        const ScenarioOutcome &x = result.outcomes[size_t(a)], &y = result.outcomes[size_t(b)];
        if (x.bisectionPct != y.bisectionPct)
            return x.bisectionPct < y.bisectionPct;
        if (slow(x.slowdown) != slow(y.slowdown))
            return slow(x.slowdown) > slow(y.slowdown);
        return x.index < y.index;
    });
    for (std::int64_t i : order) {
        if (int(s.worst.size()) >= worstCount)
            break;
        s.worst.push_back(i);
    }
    // The worst percentile: the 1 % lowest bisection, or the 1 % highest slowdown.
    if (s.bisectionPct.present) {
        std::vector<Weighted> b = bisection, w = slowdown;
        std::stable_sort(b.begin(), b.end(), [](const Weighted &x, const Weighted &y) { return x.value < y.value; });
        const double total = std::accumulate(b.begin(), b.end(), 0.0, [](double t, const Weighted &v) { return t + v.weight; });
        s.worstThresholdPct = quantileOf(b, total, 0.01);
        const double slowThreshold = s.slowdown.present ? s.slowdown.p99.value : inf;
        std::map<std::string, std::int64_t> counts;
        for (const ScenarioOutcome &o : result.outcomes) {
            const bool low = o.bisectionPct <= s.worstThresholdPct && o.bisectionPct < 100.0 - 1e-9;
            const bool slowed = s.slowdown.present && !std::isnan(o.slowdown) && o.slowdown >= slowThreshold
                && o.slowdown > 1.0 + 1e-9;
            if (!low && !slowed)
                continue;
            if (!o.members.empty() && result.kind == StudyKind::NMinus1) {
                std::vector<std::string> ids;
                try {
                    ids = expandHostlist(o.members, 100000);
                } catch (const HostlistError &) {
                    ids = o.failed;
                }
                for (const std::string &id : ids)
                    ++counts[id];
            } else {
                for (const std::string &id : o.failed)
                    ++counts[id];
            }
        }
        for (auto &[id, count] : counts)
            s.frequentInWorst.push_back({id, count});
        std::stable_sort(s.frequentInWorst.begin(), s.frequentInWorst.end(),
                         [](const ElementCount &a, const ElementCount &b) { return a.count > b.count; });
    }
    return s;
}

// --- JSON ------------------------------------------------------------------------------------

namespace {

Json rateJson(const ElementRate &r)
{
    return Json{{"per_day", r.perDay}, {"repair_hours", r.repairHours}};
}

Json ratesJson(const FailureRates &r)
{
    return Json{{"link", rateJson(r.link)},   {"optic", rateJson(r.optic)}, {"leaf", rateJson(r.leaf)},
                {"spine", rateJson(r.spine)}, {"core", rateJson(r.core)},   {"host_nic", rateJson(r.hostNic)}};
}

Json tiersJson(const std::vector<TierRatio> &tiers)
{
    Json out = Json::array();
    for (const TierRatio &t : tiers)
        out.push_back(Json{{"tier", tierName(t.tier)}, {"oversubscription", number(t.ratio)}, {"worst", number(t.worst)}});
    return out;
}

Json quantileJson(const Quantile &q)
{
    return Json{{"value", number(q.value)}, {"low", number(q.low)}, {"high", number(q.high)}};
}

Json distributionJson(const StudyDistribution &d)
{
    if (!d.present)
        return nullptr;
    Json cdf = Json::array();
    for (const auto &[v, f] : d.cdf)
        cdf.push_back(Json::array({number(v), f}));
    return Json{{"mean", number(d.mean)}, {"mean_low", number(d.meanLow)}, {"mean_high", number(d.meanHigh)},
                {"p50", quantileJson(d.p50)}, {"p95", quantileJson(d.p95)}, {"p99", quantileJson(d.p99)},
                {"worst", number(d.worst)},   {"cdf", cdf}};
}

Json parametersJson(const StudyResult &r)
{
    Json p;
    p["study"] = studyKindName(r.kind);
    p["scope"] = r.scope;
    p["samples"] = r.samples;
    p["failures_per_scenario"] = r.forcedFailures;
    if (r.kind == StudyKind::MonteCarlo && r.forcedFailures == 0)
        p["rates"] = Json{{"source", r.ratesSource}, {"classes", ratesJson(r.rates)}};
    else
        p["rates"] = nullptr;
    p["seed"] = r.seed;
    p["symmetry"] = r.symmetry;
    if (r.job.empty())
        p["job"] = nullptr;
    else
        p["job"] = Json{{"name", r.job}, {"source", r.jobSource}, {"routing", r.routing}};
    p["place_gpus"] = r.placeGpus;
    p["fabric"] = Json{{"name", r.fabricName}, {"hosts", r.hosts}, {"switches", r.switches}, {"links", r.links},
                       {"gpus", r.gpus}};
    p["healthy"] = Json{{"bisection_gbps", r.healthyBisectionGbps}, {"tiers", tiersJson(r.healthyTiers)},
                        {"step_ms", number(r.healthyStepMs)}};
    p["scope_elements"] = r.scopeElements;
    p["scenarios"] = r.scenarios;
    return p;
}

} // namespace

std::string studyToJson(const StudyResult &r, int indent)
{
    Json j = parametersJson(r);
    j["classes"] = r.kind == StudyKind::MonteCarlo ? Json(nullptr) : Json(r.classes);
    j["verification_splits"] = r.verificationSplits;
    j["cancelled"] = r.cancelled;
    if (r.shardCount > 1)
        j["shard"] = Json{{"index", r.shardIndex}, {"count", r.shardCount}};
    const StudySummary s = summarizeStudy(r);
    Json summary;
    summary["bisection_pct"] = distributionJson(s.bisectionPct);
    summary["slowdown"] = distributionJson(s.slowdown);
    summary["placeable"] = s.placeablePresent
        ? Json{{"probability", s.placeable}, {"low", s.placeableLow}, {"high", s.placeableHigh}}
        : Json(nullptr);
    Json worst = Json::array();
    for (std::int64_t i : s.worst)
        worst.push_back(i);
    summary["worst"] = worst;
    summary["worst_threshold_pct"] = number(s.worstThresholdPct);
    Json frequent = Json::array();
    for (size_t i = 0; i < s.frequentInWorst.size() && i < 50; ++i)
        frequent.push_back(Json{{"id", s.frequentInWorst[i].id}, {"count", s.frequentInWorst[i].count}});
    summary["frequent_in_worst"] = frequent;
    j["summary"] = summary;
    Json outcomes = Json::array();
    for (const ScenarioOutcome &o : r.outcomes) {
        Json x;
        x["index"] = o.index;
        x["failed"] = o.failed;
        if (!o.kind.empty())
            x["kind"] = o.kind;
        x["weight"] = o.weight;
        if (!o.members.empty())
            x["members"] = o.members;
        x["bisection_gbps"] = o.bisectionGbps;
        x["bisection_pct"] = o.bisectionPct;
        x["exact"] = o.exact;
        Json tiers = Json::array();
        for (const TierRatio &t : o.tiers)
            tiers.push_back(Json::array({tierName(t.tier), number(t.ratio), number(t.worst)}));
        x["tiers"] = tiers;
        x["step_ms"] = number(o.stepMs);
        x["step_comm_ms"] = number(o.commMs);
        x["slowdown"] = number(o.slowdown);
        if (o.replaced)
            x["replaced"] = true;
        if (o.placeable >= 0)
            x["placeable"] = o.placeable == 1;
        outcomes.push_back(std::move(x));
    }
    j["outcomes"] = std::move(outcomes);
    j["run"] = Json{{"evaluated", r.evaluated}};
    return j.dump(indent < 0 ? -1 : indent) + "\n";
}

namespace {

class Reader
{
public:
    explicit Reader(std::string file)
        : m_file(std::move(file))
    { }

    [[noreturn]] void fail(const std::string &pointer, const std::string &message) const
    {
        throw ResilienceError(m_file + ": " + pointer + ": " + message);
    }

    const Json &field(const Json &object, const std::string &pointer, const char *key) const
    {
        if (!object.is_object())
            fail(pointer, "expected an object");
        auto it = object.find(key);
        if (it == object.end())
            fail(pointer + "/" + key, "missing");
        return *it;
    }

    std::string string(const Json &object, const std::string &pointer, const char *key) const
    {
        const Json &v = field(object, pointer, key);
        if (!v.is_string())
            fail(pointer + "/" + key, "expected a string");
        return v.get<std::string>();
    }

    double real(const Json &v, const std::string &pointer) const
    {
        if (v.is_null())
            return nan;
        if (v.is_string()) {
            if (v == "inf")
                return inf;
            if (v == "-inf")
                return -inf;
        }
        if (!v.is_number())
            fail(pointer, "expected a number");
        return v.get<double>();
    }

    double real(const Json &object, const std::string &pointer, const char *key) const
    {
        return real(field(object, pointer, key), pointer + "/" + key);
    }

    std::int64_t integer(const Json &object, const std::string &pointer, const char *key) const
    {
        const Json &v = field(object, pointer, key);
        if (!v.is_number_integer())
            fail(pointer + "/" + key, "expected an integer");
        return v.get<std::int64_t>();
    }

    bool boolean(const Json &object, const std::string &pointer, const char *key) const
    {
        const Json &v = field(object, pointer, key);
        if (!v.is_boolean())
            fail(pointer + "/" + key, "expected true or false");
        return v.get<bool>();
    }

    Tier tier(const Json &v, const std::string &pointer) const
    {
        if (!v.is_string())
            fail(pointer, "expected a tier name");
        const auto t = tierFromName(v.get<std::string>());
        if (!t)
            fail(pointer, "unknown tier");
        return *t;
    }

    ElementRate rate(const Json &object, const std::string &pointer, const char *key) const
    {
        const Json &v = field(object, pointer, key);
        const std::string p = pointer + "/" + key;
        return {real(v, p, "per_day"), real(v, p, "repair_hours")};
    }

private:
    std::string m_file;
};

Json parseBounded(std::string_view text, const std::string &fileName)
{
    JsonLimits limits;
    limits.maxDepth = 16;
    if (const auto e = checkJsonBounds(text, limits))
        throw ResilienceError(fileName + ":" + std::to_string(e->line) + ": " + e->message);
    try {
        return parseJsonRefusingDuplicates<Json>(text);
    } catch (const StrictJsonError &e) {
        throw ResilienceError(fileName + ": " + e.what());
    } catch (const Json::parse_error &e) {
        throw ResilienceError(fileName + ": not JSON: " + jsonExceptionMessage(e.what()));
    }
}

} // namespace

FailureRates parseFailureRates(std::string_view text, const std::string &fileName)
{
    const Json j = parseBounded(text, fileName);
    if (!j.is_object())
        throw ResilienceError(fileName + ": expected an object of element classes");
    Reader rd(fileName);
    FailureRates rates = FailureRates::defaults();
    const std::map<std::string, ElementRate FailureRates::*> classes
        = {{"link", &FailureRates::link},   {"optic", &FailureRates::optic}, {"leaf", &FailureRates::leaf},
           {"spine", &FailureRates::spine}, {"core", &FailureRates::core},   {"host_nic", &FailureRates::hostNic}};
    for (const auto &[key, value] : j.items()) {
        const auto it = classes.find(key);
        if (it == classes.end())
            throw ResilienceError(fileName + ": /" + elided(key, 40)
                                  + ": unknown element class (link, optic, leaf, spine, core, host_nic)");
        const std::string pointer = "/" + key;
        if (!value.is_object())
            rd.fail(pointer, "expected {\"per_day\": …, \"repair_hours\": …}");
        for (const auto &[k, v] : value.items())
            if (k != "per_day" && k != "repair_hours")
                rd.fail(pointer + "/" + elided(k, 40), "unknown field (per_day, repair_hours)");
        ElementRate r = rates.*(it->second);
        if (value.contains("per_day"))
            r.perDay = rd.real(value, pointer, "per_day");
        if (value.contains("repair_hours"))
            r.repairHours = rd.real(value, pointer, "repair_hours");
        if (!std::isfinite(r.perDay) || r.perDay < 0)
            rd.fail(pointer + "/per_day", "must be a number ≥ 0 (failures per element per day)");
        if (!std::isfinite(r.repairHours) || r.repairHours < 0)
            rd.fail(pointer + "/repair_hours", "must be a number ≥ 0 (hours)");
        rates.*(it->second) = r;
    }
    return rates;
}

StudyResult studyFromJson(std::string_view text, const std::string &fileName)
{
    const Json j = parseBounded(text, fileName);
    Reader rd(fileName);
    StudyResult r;
    const auto kind = studyKindFromName(rd.string(j, "", "study"));
    if (!kind)
        rd.fail("/study", "unknown study (n-1, n-2, monte-carlo)");
    r.kind = *kind;
    r.scope = rd.string(j, "", "scope");
    r.samples = int(rd.integer(j, "", "samples"));
    r.forcedFailures = int(rd.integer(j, "", "failures_per_scenario"));
    const Json &rates = rd.field(j, "", "rates");
    if (!rates.is_null()) {
        r.ratesSource = rd.string(rates, "/rates", "source");
        const Json &c = rd.field(rates, "/rates", "classes");
        const std::string p = "/rates/classes";
        r.rates = {rd.rate(c, p, "link"), rd.rate(c, p, "optic"), rd.rate(c, p, "leaf"),
                   rd.rate(c, p, "spine"), rd.rate(c, p, "core"), rd.rate(c, p, "host_nic")};
    }
    const Json &seed = rd.field(j, "", "seed");
    if (!seed.is_number_unsigned() && !seed.is_number_integer())
        rd.fail("/seed", "expected an integer");
    r.seed = seed.get<std::uint64_t>();
    r.symmetry = rd.boolean(j, "", "symmetry");
    const Json &job = rd.field(j, "", "job");
    if (!job.is_null()) {
        r.job = rd.string(job, "/job", "name");
        r.jobSource = rd.string(job, "/job", "source");
        r.routing = rd.string(job, "/job", "routing");
    }
    r.placeGpus = int(rd.integer(j, "", "place_gpus"));
    const Json &fabric = rd.field(j, "", "fabric");
    r.fabricName = rd.string(fabric, "/fabric", "name");
    r.hosts = rd.integer(fabric, "/fabric", "hosts");
    r.switches = rd.integer(fabric, "/fabric", "switches");
    r.links = rd.integer(fabric, "/fabric", "links");
    r.gpus = rd.integer(fabric, "/fabric", "gpus");
    auto readTiers = [&](const Json &tiers, const std::string &pointer) {
        std::vector<TierRatio> out;
        if (!tiers.is_array())
            rd.fail(pointer, "expected an array");
        for (size_t i = 0; i < tiers.size(); ++i) {
            const std::string p = pointer + "/" + std::to_string(i);
            const Json &t = tiers[i];
            if (t.is_array()) {
                if (t.size() != 3)
                    rd.fail(p, "expected [tier, oversubscription, worst]");
                out.push_back({rd.tier(t[0], p + "/0"), rd.real(t[1], p + "/1"), rd.real(t[2], p + "/2")});
            } else {
                out.push_back({rd.tier(rd.field(t, p, "tier"), p + "/tier"), rd.real(t, p, "oversubscription"),
                               rd.real(t, p, "worst")});
            }
        }
        return out;
    };
    const Json &healthy = rd.field(j, "", "healthy");
    r.healthyBisectionGbps = rd.real(healthy, "/healthy", "bisection_gbps");
    r.healthyTiers = readTiers(rd.field(healthy, "/healthy", "tiers"), "/healthy/tiers");
    r.healthyStepMs = rd.real(healthy, "/healthy", "step_ms");
    r.scopeElements = rd.integer(j, "", "scope_elements");
    r.scenarios = rd.real(j, "", "scenarios");
    const Json &classes = rd.field(j, "", "classes");
    r.classes = classes.is_number_integer() ? classes.get<std::int64_t>() : 0;
    r.verificationSplits = rd.integer(j, "", "verification_splits");
    r.cancelled = rd.boolean(j, "", "cancelled");
    if (j.contains("shard")) {
        const Json &shard = j["shard"];
        r.shardIndex = int(rd.integer(shard, "/shard", "index"));
        r.shardCount = int(rd.integer(shard, "/shard", "count"));
        if (r.shardCount < 1 || r.shardIndex < 0 || r.shardIndex >= r.shardCount)
            rd.fail("/shard", "index must be in [0, count)");
    }
    const Json &outcomes = rd.field(j, "", "outcomes");
    if (!outcomes.is_array())
        rd.fail("/outcomes", "expected an array");
    r.outcomes.reserve(outcomes.size());
    r.source = fileName;
    // A part holds its own shard's outcomes, each once: N-1/N-2 class c is
    // shard c % count's, Monte Carlo samples [samples × i / count, samples × (i + 1) / count).
    const std::int64_t sampleBegin = std::int64_t(r.samples) * r.shardIndex / r.shardCount;
    const std::int64_t sampleEnd = std::int64_t(r.samples) * (r.shardIndex + 1) / r.shardCount;
    // Each once: a Monte Carlo sample by its number; an N-1/N-2 class split
    // by its verification keeps its number, so by number and failed set.
    std::set<std::pair<std::int64_t, std::vector<std::string>>> seen;
    for (size_t i = 0; i < outcomes.size(); ++i) {
        const std::string p = "/outcomes/" + std::to_string(i);
        const Json &x = outcomes[i];
        ScenarioOutcome o;
        o.index = rd.integer(x, p, "index");
        const bool mine = r.kind == StudyKind::MonteCarlo ? o.index >= sampleBegin && o.index < sampleEnd
                                                          : o.index >= 0 && o.index % r.shardCount == r.shardIndex;
        if (!mine)
            rd.fail(p + "/index", "outcome " + std::to_string(o.index) + " is not of shard "
                                      + std::to_string(r.shardIndex) + "/" + std::to_string(r.shardCount));
        const bool monteCarlo = r.kind == StudyKind::MonteCarlo;
        const Json &failed = rd.field(x, p, "failed");
        if (!failed.is_array())
            rd.fail(p + "/failed", "expected an array of ids");
        for (const Json &id : failed) {
            if (!id.is_string())
                rd.fail(p + "/failed", "expected an array of ids");
            o.failed.push_back(id.get<std::string>());
        }
        if (!seen.emplace(o.index, monteCarlo ? std::vector<std::string>() : o.failed).second)
            rd.fail(p, "outcome " + std::to_string(o.index) + " is given twice");
        if (x.contains("kind"))
            o.kind = rd.string(x, p, "kind");
        o.weight = rd.real(x, p, "weight");
        if (!(o.weight > 0) || !(o.weight <= 1e15))
            rd.fail(p + "/weight", "must be a positive number of scenarios (at most 1e15)");
        if (x.contains("members"))
            o.members = rd.string(x, p, "members");
        o.bisectionGbps = rd.real(x, p, "bisection_gbps");
        o.bisectionPct = rd.real(x, p, "bisection_pct");
        o.exact = rd.boolean(x, p, "exact");
        o.tiers = readTiers(rd.field(x, p, "tiers"), p + "/tiers");
        o.stepMs = rd.real(x, p, "step_ms");
        o.commMs = x.contains("step_comm_ms") ? rd.real(x, p, "step_comm_ms") : nan;
        o.slowdown = rd.real(x, p, "slowdown");
        if (x.contains("replaced"))
            o.replaced = rd.boolean(x, p, "replaced");
        if (x.contains("placeable"))
            o.placeable = rd.boolean(x, p, "placeable") ? 1 : 0;
        r.outcomes.push_back(std::move(o));
    }
    if (j.contains("run") && j["run"].is_object() && j["run"].contains("evaluated"))
        r.evaluated = rd.integer(j["run"], "/run", "evaluated");
    return r;
}

// --- Text ------------------------------------------------------------------------------------

namespace ResilienceDetail {

std::string parametersText(const StudyResult &r)
{
    return parametersJson(r).dump();
}

std::string parameterDifference(const StudyResult &a, const StudyResult &b)
{
    const Json pa = parametersJson(a), pb = parametersJson(b);
    for (const auto &[key, value] : pa.items())
        if (!pb.contains(key) || pb[key] != value)
            return "/" + key + " is " + elided(pb.contains(key) ? pb[key].dump() : std::string("(none)"), 80) + " in "
                + elided(b.source, 120) + " and " + elided(value.dump(), 80) + " in " + elided(a.source, 120);
    return {};
}

std::string figureText(const char *format, double v)
{
    if (std::isnan(v))
        return "—";
    if (std::isinf(v))
        return "cannot run";
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

std::string quantileText(const Quantile &q, const char *format, bool interval)
{
    std::string s = figureText(format, q.value);
    if (interval && (q.low != q.value || q.high != q.value))
        s += " (" + figureText(format, q.low) + "–" + figureText(format, q.high) + ")";
    return s;
}

} // namespace ResilienceDetail

namespace {

using ResilienceDetail::quantileText;
std::string fmt(const char *format, double v)
{
    return ResilienceDetail::figureText(format, v);
}

} // namespace

std::string studyToText(const StudyResult &r)
{
    const StudySummary s = summarizeStudy(r);
    const bool sampled = r.kind == StudyKind::MonteCarlo;
    std::string out;
    auto line = [&](const std::string &l) { out += l + "\n"; };
    std::string title = std::string("Failure study ") + studyKindName(r.kind) + " of " + r.fabricName + " ("
        + std::to_string(r.gpus) + " GPUs, " + std::to_string(r.switches) + " switches, "
        + std::to_string(r.links) + " links)";
    if (r.shardCount > 1)
        title += ", shard " + std::to_string(r.shardIndex) + "/" + std::to_string(r.shardCount);
    line(title);
    line("Scope: " + (r.scope.empty() ? std::string("all") : r.scope) + " (" + std::to_string(r.scopeElements)
         + " switches and links)");
    if (sampled) {
        std::string how = r.forcedFailures > 0 ? std::to_string(r.forcedFailures) + " random failures per scenario"
                                               : "each element down with its steady-state probability (rates: "
                + r.ratesSource + ")";
        line("Scenarios: " + std::to_string(r.outcomes.size()) + " of " + std::to_string(r.samples) + ", " + how
             + ", seed " + std::to_string(r.seed) + "; " + std::to_string(r.evaluated) + " what-ifs computed");
    } else {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%.0f", r.scenarios);
        line(std::string("Scenarios: ") + buf + " stood for by " + std::to_string(r.classes) + " classes"
             + (r.symmetry ? " (symmetry)" : " (symmetry off)") + "; " + std::to_string(r.evaluated)
             + " what-ifs computed, " + std::to_string(r.verificationSplits) + " classes split by their check");
    }
    line("Healthy: bisection " + fmt("%.1f", r.healthyBisectionGbps) + " Gbit/s"
         + (r.job.empty() ? std::string() : ", job " + r.job + " step " + fmt("%.2f", r.healthyStepMs) + " ms ("
                + r.routing + ")"));
    if (r.cancelled)
        line("Cancelled: the figures cover the scenarios finished.");
    line("");
    if (s.bisectionPct.present) {
        line("Bisection, % of healthy (met or exceeded by that share of scenarios"
             + std::string(sampled ? "; 95 % interval" : "") + "):");
        line("  mean " + fmt("%.2f", s.bisectionPct.mean)
             + (sampled ? " (" + fmt("%.2f", s.bisectionPct.meanLow) + "–" + fmt("%.2f", s.bisectionPct.meanHigh) + ")"
                        : std::string())
             + "   p50 " + quantileText(s.bisectionPct.p50, "%.2f", sampled) + "   p95 "
             + quantileText(s.bisectionPct.p95, "%.2f", sampled) + "   p99 "
             + quantileText(s.bisectionPct.p99, "%.2f", sampled) + "   worst " + fmt("%.2f", s.bisectionPct.worst));
    }
    if (s.slowdown.present) {
        line("Job step slowdown, × healthy (not exceeded by that share of scenarios):");
        line("  mean " + fmt("%.4f", s.slowdown.mean) + "   p50 " + quantileText(s.slowdown.p50, "%.4f", sampled)
             + "   p95 " + quantileText(s.slowdown.p95, "%.4f", sampled) + "   p99 "
             + quantileText(s.slowdown.p99, "%.4f", sampled) + "   worst " + fmt("%.4f", s.slowdown.worst));
    }
    if (s.placeablePresent)
        line("A " + std::to_string(r.placeGpus) + "-GPU job fits rail-aligned in one pod: "
             + fmt("%.2f", 100 * s.placeable) + " % of scenarios (" + fmt("%.2f", 100 * s.placeableLow) + "–"
             + fmt("%.2f", 100 * s.placeableHigh) + ")");
    line("");
    line(sampled ? "Worst scenarios:" : "Worst cases, ranked:");
    for (size_t k = 0; k < s.worst.size() && k < 10; ++k) {
        const ScenarioOutcome &o = r.outcomes[size_t(s.worst[k])];
        std::string failed;
        for (size_t i = 0; i < o.failed.size() && i < 4; ++i)
            failed += (i ? ", " : "") + o.failed[i];
        if (o.failed.size() > 4)
            failed += ", … (" + std::to_string(o.failed.size()) + ")";
        if (failed.empty())
            failed = "nothing";
        std::string l = "  " + std::to_string(k + 1) + ". " + failed;
        if (!o.kind.empty()) {
            char buf[64];
            std::snprintf(buf, sizeof buf, "%.0f", o.weight);
            l += " [" + o.kind + ", " + buf + " scenarios]";
        }
        l += ": bisection " + fmt("%.2f", o.bisectionPct) + " %";
        for (const TierRatio &t : o.tiers)
            if (!std::isnan(t.ratio))
                l += ", " + std::string(tierName(t.tier)) + " " + fmt("%.2f", t.ratio) + ":1";
        if (!std::isnan(o.slowdown))
            l += ", step × " + fmt("%.4f", o.slowdown) + (o.replaced ? " (re-placed)" : "");
        line(l);
    }
    if (!s.frequentInWorst.empty()) {
        line("");
        line("Failed most often in the worst 1 % (bisection ≤ " + fmt("%.2f", s.worstThresholdPct) + " %):");
        for (size_t k = 0; k < s.frequentInWorst.size() && k < 10; ++k)
            line("  " + s.frequentInWorst[k].id + " × " + std::to_string(s.frequentInWorst[k].count));
    }
    return out;
}

} // namespace Railyard
