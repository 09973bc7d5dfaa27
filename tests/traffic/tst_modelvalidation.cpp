// The validation table of docs/model-validation.md, recomputed: every row of
// tests/data/model-validation/rows.json (a published nccl-tests busbw and the
// setup it was measured on) is generated as a fabric, estimated with the
// default constants and compared with the published figure. The acceptance
// of the model: median absolute error <= 5 %, no counted row worse than 15 %
// (rows whose own source reports the run as abnormal are listed, not counted).
// The published figures are the reference here, never an earlier output.
//
// crossValidation: leave one source out. Every constant fitted on rows of the
// table (rows.json "fitted") is refitted without the rows of one source (its
// "source_key") by the rule it was set by, that source's rows are predicted
// with the refitted constants, and so for every source; the cross-validated
// median absolute error must stay <= 5 % and the worst <= 20 %
// (tests/data/model-validation/table.py prints the same figures, and
// docs/model-validation.md discusses them).

#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "core/traffic/collectivemodel.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <memory>
#include <tuple>
#include <set>

using namespace Railyard;

namespace {

double bytesOf(const std::string &size)
{
    const auto unitAt = size.find_first_not_of("0123456789.");
    const double value = std::stod(size.substr(0, unitAt));
    const std::string unit = unitAt == std::string::npos ? "" : size.substr(unitAt);
    if (unit == "GiB")
        return value * 1024 * 1024 * 1024;
    if (unit == "MiB")
        return value * 1024 * 1024;
    if (unit.empty() || unit == "B")
        return value;
    throw std::invalid_argument("unknown size unit in '" + size + "'");
}

/// The fabric `railyard-cli generate rail-optimized` builds from the row's options.
Fabric fabricOf(const nlohmann::json &f)
{
    ClosParams p = railOptimizedParams(f.at("hosts").get<int>());
    p.gpuModel = f.at("gpu").get<std::string>();
    p.nvlinkGBps = 0.0;
    p.gpusPerHost = f.at("gpus_per_host").get<int>();
    p.rails = f.value("rails", p.gpusPerHost);
    p.nicGbps = f.at("nic_gbps").get<double>();
    p.nvls = f.value("nvls", false);
    p.sharp = f.value("sharp", false);
    p.nvlinkDomainGpus = f.value("nvlink_domain", 0);
    if (f.contains("transport"))
        p.transport = transportFromName(f.at("transport").get<std::string>()).value();
    p.tierSpecs.push_back(p.tierSpecs.front());
    return generateClos(p);
}

struct Row
{
    std::string id;
    std::string source;
    double published = 0;
    double ours = 0;
    bool counted = true;
    std::string algorithm;
    std::string gpu;
    std::shared_ptr<const Fabric> fabric;
    CollectiveRequest request;
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double &field(GenerationConstants &g, const std::string &key)
{
    if (key == "nvlink_efficiency")
        return g.nvlinkEfficiency;
    if (key == "nvls_efficiency")
        return g.nvlsEfficiency;
    if (key == "nic_efficiency")
        return g.nicEfficiency;
    throw std::invalid_argument("unknown constant " + key);
}

/// The model-wide fitted constants (rows.json "fitted" without a generation).
double &globalField(CollectiveConstants &c, const std::string &key)
{
    if (key == "collnet_direct_efficiency")
        return c.collnetDirectEfficiency;
    if (key == "collnet_chain_efficiency")
        return c.collnetChainEfficiency;
    if (key == "roce_efficiency")
        return c.roceEfficiency;
    if (key == "efa_efficiency")
        return c.efaEfficiency;
    if (key == "nvls_scale_exponent")
        return c.nvlsScaleExponent;
    throw std::invalid_argument("unknown constant " + key);
}

/// The coarser model a model-wide constant falls back to when its rows are all
/// left out: no transport distinction (InfiniBand's figures, 1), or the other
/// CollNet plan's value in the same fold (its name).
std::string collnetFallback(const std::string &key)
{
    if (key == "collnet_direct_efficiency")
        return "collnet_chain_efficiency";
    if (key == "collnet_chain_efficiency")
        return "collnet_direct_efficiency";
    return {};
}

} // namespace

class TestModelValidation : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void rowsMatchTheirSources();
    void rowsCoverTheGenerations();
    void acceptance();
    void crossValidation();
    void nullModelsFail();
    void uncountedRowsCarryTheirReason();

private:
    double estimate(const Row &row, const CollectiveConstants &constants) const
    {
        return estimateCollective(*row.fabric, CapacityView::of(*row.fabric), row.request, constants).busbwGBps;
    }
    std::vector<Row> m_rows;
    nlohmann::json m_doc;
};

void TestModelValidation::initTestCase()
{
    std::ifstream in(RAILYARD_TEST_DATA "/model-validation/rows.json");
    QVERIFY(in);
    m_doc = nlohmann::json::parse(in);
    QCOMPARE(m_doc.at("format").get<std::string>(), std::string("railyard-model-validation"));
    for (const nlohmann::json &r : m_doc.at("rows")) {
        Row row;
        row.id = r.at("id").get<std::string>();
        row.published = r.at("published_busbw_GBps").get<double>();
        row.counted = !r.contains("not_counted");
        row.source = r.at("source_key").get<std::string>();
        row.gpu = r.at("fabric").at("gpu").get<std::string>();
        row.fabric = std::make_shared<const Fabric>(fabricOf(r.at("fabric")));
        const Fabric &f = *row.fabric;
        CollectiveRequest req;
        QVERIFY(collectiveOpFromName(r.at("op").get<std::string>(), &req.op));
        QVERIFY(collectiveAlgorithmFromName(r.at("algorithm").get<std::string>(), &req.algorithm));
        req.bytes = bytesOf(r.at("size").get<std::string>());
        for (std::int32_t h = 0; h < f.hostCount(); ++h)
            req.hosts.push_back({h, f.host(h).gpus});
        row.request = req;
        const CollectiveEstimate e = estimateCollective(f, CapacityView::of(f), req);
        row.ours = e.busbwGBps;
        row.algorithm = collectiveAlgorithmName(e.algorithm);
        m_rows.push_back(row);
    }
}

void TestModelValidation::rowsMatchTheirSources()
{
    // Each counted row within 15 % of its published busbw.
    int counted = 0;
    for (const Row &r : m_rows) {
        const double error = (r.ours - r.published) / r.published;
        qInfo("row %-3s published %7.2f ours %7.2f (%s) error %+6.1f %%%s", r.id.c_str(), r.published, r.ours,
              r.algorithm.c_str(), 100 * error, r.counted ? "" : " (not counted)");
        if (!r.counted)
            continue;
        ++counted;
        QVERIFY2(std::abs(error) <= 0.15, ("row " + r.id + ": " + std::to_string(100 * error) + " %").c_str());
    }
    QVERIFY(counted >= 90); // the issue asks for at least 90 counted rows
}

void TestModelValidation::rowsCoverTheGenerations()
{
    // A100, H100/H800, H200, B200, GB200; one and several hosts; the four ops.
    std::set<std::string> gpus, ops;
    bool single = false, multi = false;
    for (const nlohmann::json &r : m_doc.at("rows")) {
        if (r.contains("not_counted"))
            continue;
        gpus.insert(r.at("fabric").at("gpu").get<std::string>());
        ops.insert(r.at("op").get<std::string>());
        (r.at("fabric").at("hosts").get<int>() == 1 ? single : multi) = true;
    }
    for (const char *g : {"a100", "h100", "h800", "h200", "b200", "gb200"})
        QVERIFY2(gpus.count(g), g);
    for (const char *o : {"all-reduce", "all-gather", "reduce-scatter", "all-to-all"})
        QVERIFY2(ops.count(o), o);
    QVERIFY(single && multi);
}

void TestModelValidation::acceptance()
{
    std::vector<double> errors;
    for (const Row &r : m_rows)
        if (r.counted)
            errors.push_back(std::abs(r.ours - r.published) / r.published);
    std::sort(errors.begin(), errors.end());
    const size_t n = errors.size();
    const double median = n % 2 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
    qInfo("%zu counted rows: median absolute error %.2f %%, worst %.2f %%", n, 100 * median, 100 * errors.back());
    QVERIFY(median <= 0.05);
    QVERIFY(errors.back() <= 0.15);
}

void TestModelValidation::crossValidation()
{
    std::map<std::string, const Row *> byId;
    for (const Row &r : m_rows)
        byId[r.id] = &r;
    const CollectiveConstants shipped;
    // The fitted constants and their rows: ("h100", "nvls_efficiency") or ("", "nvls_scale_exponent").
    std::vector<std::pair<std::pair<std::string, std::string>, std::vector<std::string>>> fitted;
    for (const auto &[name, ids] : m_doc.at("fitted").items()) {
        const auto dot = name.rfind('.');
        const std::string gen = dot == std::string::npos ? std::string() : name.substr(0, dot);
        const std::string key = dot == std::string::npos ? name : name.substr(dot + 1);
        std::vector<std::string> rows;
        for (const nlohmann::json &id : ids) {
            QVERIFY2(byId.count(id.get<std::string>()), name.c_str());
            rows.push_back(id.get<std::string>());
        }
        if (!gen.empty())
            QVERIFY2(shipped.generations.count(gen), name.c_str());
        fitted.push_back({{gen, key}, rows});
    }
    QVERIFY(!fitted.empty());

    // Each fitted row's elasticity to its constant, with the constant 1 % lower.
    std::map<std::tuple<std::string, std::string, std::string>, double> elasticity;
    for (const auto &[constant, ids] : fitted) {
        const auto &[gen, key] = constant;
        if (key == "nvls_scale_exponent")
            continue;
        CollectiveConstants bumped;
        if (gen.empty())
            globalField(bumped, key) *= 0.99;
        else
            field(bumped.generations[gen], key) *= 0.99;
        for (const std::string &id : ids)
            elasticity[{gen, key, id}] = std::log(estimate(*byId[id], bumped) / byId[id]->ours) / std::log(0.99);
    }
    auto shippedValue = [&](const std::string &gen, const std::string &key) {
        if (gen.empty()) {
            CollectiveConstants copy = shipped;
            return globalField(copy, key);
        }
        GenerationConstants g = shipped.generations.at(gen);
        return field(g, key);
    };
    // The rule the constants were set by: the median of what their rows imply;
    // nothing left, the same constant's median over the other generations.
    auto refit = [&](const std::string &gen, const std::string &key, const std::vector<std::string> &ids,
                     bool *pooled) {
        std::vector<double> implied;
        for (const std::string &id : ids) {
            const double e = elasticity.at({gen, key, id});
            if (e > 0.2)
                implied.push_back(shippedValue(gen, key) * std::pow(byId[id]->published / byId[id]->ours, 1 / e));
        }
        *pooled = implied.empty();
        if (!implied.empty())
            return std::min(1.0, median(implied));
        if (gen.empty()) {
            if (key == "roce_efficiency" || key == "efa_efficiency")
                return 1.0;
            return -1.0; // the other CollNet plan's value in the same fold, set by the caller
        }
        std::vector<double> others;
        for (const auto &[name, g] : shipped.generations)
            if (name != gen) {
                GenerationConstants copy = g;
                others.push_back(field(copy, key));
            }
        return median(others);
    };

    std::set<std::string> sources;
    for (const Row &r : m_rows)
        if (r.counted)
            sources.insert(r.source);
    std::vector<double> cv, inSample;
    std::map<std::string, double> signedCv;
    for (const std::string &source : sources) {
        CollectiveConstants left = shipped;
        bool changed = false;
        std::vector<std::string> deferred; // CollNet plans left without rows
        for (const auto &[constant, ids] : fitted) {
            const auto &[gen, key] = constant;
            std::vector<std::string> kept;
            for (const std::string &id : ids)
                if (byId[id]->source != source)
                    kept.push_back(id);
            if (kept.size() == ids.size())
                continue;
            changed = true;
            if (key == "nvls_scale_exponent") { // two points fix the exponent; one left: no size scaling
                left.nvlsScaleExponent = 0.0;
                continue;
            }
            bool pooled = false, fullPooled = false;
            const double v = refit(gen, key, kept, &pooled);
            if (pooled && gen.empty() && !collnetFallback(key).empty()) {
                deferred.push_back(key);
                continue;
            }
            const double full = refit(gen, key, ids, &fullPooled);
            (gen.empty() ? globalField(left, key) : field(left.generations[gen], key))
                = pooled ? v : std::min(1.0, shippedValue(gen, key) * v / full);
        }
        for (const std::string &key : deferred)
            globalField(left, key) = globalField(left, collnetFallback(key));
        for (const Row &r : m_rows) {
            if (!r.counted || r.source != source)
                continue;
            const double ours = changed ? estimate(r, left) : r.ours;
            cv.push_back(std::abs(ours - r.published) / r.published);
            signedCv[r.id] = (ours - r.published) / r.published;
            inSample.push_back(std::abs(r.ours - r.published) / r.published);
            if (std::abs(ours - r.ours) > 1e-9 * r.ours)
                qInfo("row %-3s (%s) left out: %+6.1f %% (in-sample %+6.1f %%)", r.id.c_str(), source.c_str(),
                      100 * (ours - r.published) / r.published, 100 * (r.ours - r.published) / r.published);
        }
    }
    const double cvMedian = median(cv), cvWorst = *std::max_element(cv.begin(), cv.end());
    qInfo("leave-one-source-out over %zu rows from %zu sources: median %.2f %%, worst %.2f %% (in-sample %.2f %%, "
          "%.2f %%)",
          cv.size(), sources.size(), 100 * cvMedian, 100 * cvWorst, 100 * median(inSample),
          100 * *std::max_element(inSample.begin(), inSample.end()));
    QVERIFY(sources.size() >= 10);
    QVERIFY(cv.size() >= 90);

    // The prediction intervals rest on these errors: the file compiled into
    // the model (written by table.py) holds exactly them, and each row's
    // estimate carries the interval of its own regime, built on that row
    // among others and holding the estimate.
    std::ifstream file(RAILYARD_SAMPLES "/../resources/model/collective-validation.json");
    QVERIFY(file);
    const nlohmann::json validation = nlohmann::json::parse(file);
    std::set<std::string> listed;
    for (const nlohmann::json &v : validation.at("rows")) {
        const std::string id = v.at("id").get<std::string>();
        listed.insert(id);
        QVERIFY2(signedCv.count(id), id.c_str());
        QVERIFY2(std::abs(v.at("cross_validated").get<double>() - signedCv[id]) < 2e-6,
                 ("row " + id + ": the file says " + v.at("cross_validated").dump() + ", cross-validation "
                  + std::to_string(signedCv[id]) + " (re-run table.py)").c_str());
    }
    QCOMPARE(listed.size(), signedCv.size());
    for (const Row &r : m_rows) {
        if (!r.counted)
            continue;
        const CollectiveEstimate e = estimateCollective(*r.fabric, CapacityView::of(*r.fabric), r.request);
        QVERIFY2(e.interval.validated, r.id.c_str());
        QVERIFY2(std::find(e.interval.rowIds.begin(), e.interval.rowIds.end(), r.id) != e.interval.rowIds.end(),
                 ("row " + r.id + " not in " + e.interval.regime).c_str());
        QVERIFY(e.interval.lowSeconds <= e.seconds && e.seconds <= e.interval.highSeconds);
        // The row's own cross-validated error is inside its interval.
        const double leftOut = e.seconds * (1 + signedCv[r.id]);
        QVERIFY2(leftOut >= e.interval.lowSeconds * (1 - 1e-5) && leftOut <= e.interval.highSeconds * (1 + 1e-5), // the file rounds to 1e-6
                 r.id.c_str());
    }
    QVERIFY2(cvMedian <= 0.05, std::to_string(100 * cvMedian).c_str());
    QVERIFY2(cvWorst <= 0.20, std::to_string(100 * cvWorst).c_str());
}


void TestModelValidation::nullModelsFail()
{
    // The acceptance must be able to fail: the same rows under models that
    // know less fall outside its bounds (median <= 5 %, worst <= 15 %).
    //  * nominal: every link at its nominal rate (every fitted efficiency 1);
    //  * ring only: NCCL's ring for every row (no tuner: no tree, NVLS, CollNet, PAT).
    auto errorsOf = [&](const CollectiveConstants &constants, bool ringOnly) {
        std::vector<double> errors;
        for (const Row &r : m_rows) {
            if (!r.counted)
                continue;
            CollectiveRequest req = r.request;
            if (ringOnly && req.op != CollectiveOp::AllToAll)
                req.algorithm = CollectiveAlgorithm::Ring;
            const double ours = estimateCollective(*r.fabric, CapacityView::of(*r.fabric), req, constants).busbwGBps;
            errors.push_back(std::abs(ours - r.published) / r.published);
        }
        std::sort(errors.begin(), errors.end());
        return errors;
    };
    CollectiveConstants nominal;
    for (auto &[name, g] : nominal.generations) {
        g.nvlinkEfficiency = 1.0;
        g.nvlsEfficiency = 1.0;
        g.nicEfficiency = 1.0;
    }
    nominal.collnetDirectEfficiency = nominal.collnetChainEfficiency = 1.0;
    nominal.roceEfficiency = nominal.efaEfficiency = 1.0;
    const std::vector<double> a = errorsOf(nominal, false);
    const std::vector<double> b = errorsOf(CollectiveConstants{}, true);
    qInfo("null models: nominal rates median %.2f %%, worst %.2f %%; ring only median %.2f %%, worst %.2f %%",
          100 * median(a), 100 * a.back(), 100 * median(b), 100 * b.back());
    QVERIFY2(median(a) > 0.05 || a.back() > 0.15, "the nominal-rate null passes the acceptance");
    QVERIFY2(median(b) > 0.05 || b.back() > 0.15, "the ring-only null passes the acceptance");
}

void TestModelValidation::uncountedRowsCarryTheirReason()
{
    // Every row left uncounted says why, and docs/model-validation.md lists it
    // with that reason in its table of rows not counted.
    std::ifstream in(RAILYARD_TEST_DATA "/../../docs/model-validation.md");
    QVERIFY(in);
    const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const size_t table = doc.find("## Rows not counted");
    QVERIFY(table != std::string::npos);
    int uncounted = 0;
    for (const nlohmann::json &r : m_doc.at("rows")) {
        if (!r.contains("not_counted"))
            continue;
        ++uncounted;
        const std::string id = r.at("id").get<std::string>();
        const std::string why = r.at("not_counted").get<std::string>();
        QVERIFY2(why.size() >= 10, id.c_str());
        // The row's line in the not-counted table: "| id | ..." with the reason on it.
        const size_t at = doc.find("\n| " + id + " |", table);
        QVERIFY2(at != std::string::npos, ("row " + id + " is not in the doc's table of rows not counted").c_str());
        const std::string line = doc.substr(at + 1, doc.find('\n', at + 1) - at - 1);
        QVERIFY2(line.find(why.substr(0, 40)) != std::string::npos,
                 ("row " + id + ": the doc's line does not give the row's reason").c_str());
    }
    QVERIFY(uncounted > 0);
}

QTEST_GUILESS_MAIN(TestModelValidation)
#include "tst_modelvalidation.moc"
