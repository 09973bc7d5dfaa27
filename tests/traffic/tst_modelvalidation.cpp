// The validation table of docs/model-validation.md, recomputed: every row of
// tests/data/model-validation/rows.json (a published nccl-tests busbw and the
// setup it was measured on) is generated as a fabric, estimated with the
// default constants and compared with the published figure. The acceptance
// of the model: median absolute error <= 5 %, no counted row worse than 15 %
// (rows whose own source reports the run as abnormal are listed, not counted).
// The published figures are the reference here, never an earlier output.

#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "core/traffic/collectivemodel.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
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
    p.tierSpecs.push_back(p.tierSpecs.front());
    return generateClos(p);
}

struct Row
{
    std::string id;
    double published = 0;
    double ours = 0;
    bool counted = true;
    std::string algorithm;
};

} // namespace

class TestModelValidation : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void rowsMatchTheirSources();
    void rowsCoverTheGenerations();
    void acceptance();

private:
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
        const Fabric f = fabricOf(r.at("fabric"));
        CollectiveRequest req;
        QVERIFY(collectiveOpFromName(r.at("op").get<std::string>(), &req.op));
        QVERIFY(collectiveAlgorithmFromName(r.at("algorithm").get<std::string>(), &req.algorithm));
        req.bytes = bytesOf(r.at("size").get<std::string>());
        for (std::int32_t h = 0; h < f.hostCount(); ++h)
            req.hosts.push_back({h, f.host(h).gpus});
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
    QVERIFY(counted >= 30);
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

QTEST_GUILESS_MAIN(TestModelValidation)
#include "tst_modelvalidation.moc"
