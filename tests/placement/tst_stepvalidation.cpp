// Step time against published training runs: tests/data/step-validation/runs.json
// (NVIDIA/dgxc-benchmarking, DGX H100 with 8 x 400G InfiniBand per host). Each run
// is generated and placed as `railyard-cli place` does; Railyard prices the
// step's communication. The sources do not separate communication, so the
// comparison is made per weak-scaling series (one model and precision at 3-5
// scales, the same work per GPU): the smallest run fixes everything that does
// not change with scale, and each larger run is predicted as that step plus
// the change in network time Railyard gives:
//   predicted(N) = measured(N0) + network(N) - network(N0).
// The same figures are printed, through the CLI, by
// tests/data/step-validation/table.py (docs/step-validation.md).

#include "core/analysis/capacity.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "core/jobs/jobspec.h"
#include "core/placement/jobevaluation.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

using namespace Railyard;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// What table.py writes as the run's job file (communication in BF16).
std::string jobText(const nlohmann::json &run)
{
    const nlohmann::json &m = run.at("model"), &p = run.at("parallelism"), &b = run.at("batch");
    nlohmann::json job = {
        {"format", "railyard-job"},
        {"version", 1},
        {"name", "run-" + run.at("id").get<std::string>()},
        {"model",
         {{"parameters", m.at("parameters")},
          {"layers", m.at("layers")},
          {"hidden_size", m.at("hidden_size")},
          {"sequence_length", m.at("sequence_length")},
          {"vocabulary", m.at("vocabulary")},
          {"precision", "bf16"}}},
        {"parallelism", {{"tp", p.at("tp")}, {"pp", p.at("pp")}, {"cp", p.at("cp")}, {"dp", p.at("dp")}}},
        {"batch", {{"micro_batch", b.at("micro_batch")}, {"global_batch", b.at("global_batch")}}},
        {"optimizer_sharding", "zero1"},
        {"gpus", run.at("gpus")},
    };
    return job.dump();
}

/// `generate rail-optimized --hosts N --gpu h100 --gpus-per-host 8 --nic-gbps 400 --no-floor`.
Fabric dgxH100(int hosts)
{
    ClosParams p = railOptimizedParams(hosts);
    p.gpuModel = "h100";
    p.nvlinkGBps = 0.0;
    p.gpusPerHost = 8;
    p.rails = 8;
    p.nicGbps = 400;
    p.floor = false;
    p.tierSpecs.push_back(p.tierSpecs.front());
    return generateClos(p);
}

} // namespace

class TestStepValidation : public QObject
{
    Q_OBJECT
private slots:
    void runsAreWhatTheirSourcesState();
    void weakScalingSeries();
};

// Every run's degrees multiply to its GPUs and its global batch is whole
// micro-batches on every data-parallel rank, as each source's table says; each
// cites its source and quotes it.
void TestStepValidation::runsAreWhatTheirSourcesState()
{
    std::ifstream in(RAILYARD_TEST_DATA "/step-validation/runs.json");
    QVERIFY(in);
    const nlohmann::json doc = nlohmann::json::parse(in);
    QCOMPARE(doc.at("format").get<std::string>(), std::string("railyard-step-validation"));
    for (const nlohmann::json &r : doc.at("runs")) {
        const nlohmann::json &p = r.at("parallelism");
        const int gpus = r.at("gpus").get<int>();
        QCOMPARE(p.at("tp").get<int>() * p.at("pp").get<int>() * p.at("cp").get<int>() * p.at("dp").get<int>(), gpus);
        QCOMPARE(r.at("batch").at("global_batch").get<int>()
                     % (r.at("batch").at("micro_batch").get<int>() * p.at("dp").get<int>()),
                 0);
        QVERIFY(!r.at("source").at("repo").get<std::string>().empty());
        QVERIFY(!r.at("quote").get<std::string>().empty());
        QVERIFY(r.at("measured_step_s").get<double>() > 0);
        const JobSpecResult job = parseJobSpec(jobText(r), QStringLiteral("run.job.json"));
        QVERIFY2(job.ok(), qPrintable(job.errorText()));
    }
}

void TestStepValidation::weakScalingSeries()
{
    std::ifstream in(RAILYARD_TEST_DATA "/step-validation/runs.json");
    const nlohmann::json doc = nlohmann::json::parse(in);
    std::map<std::string, std::vector<const nlohmann::json *>> series;
    std::map<std::string, double> network;
    for (const nlohmann::json &r : doc.at("runs")) {
        series[r.at("series").get<std::string>()].push_back(&r);
        const Fabric fabric = dgxH100(r.at("gpus").get<int>() / 8);
        const JobSpecResult job = parseJobSpec(jobText(r), QStringLiteral("run.job.json"));
        QVERIFY(job.ok());
        const JobEvaluation e = evaluateJob(fabric, CapacityView::of(fabric), *job.job, PlacementStrategy::Topology,
                                            RoutingMode::Fluid);
        QVERIFY(e.routed());
        QVERIFY(e.stepSeconds > 0);
        network[r.at("id").get<std::string>()] = e.stepSeconds;
    }
    std::vector<double> errors;
    for (auto &[name, runs] : series) {
        std::sort(runs.begin(), runs.end(), [](auto *a, auto *b) { return a->at("gpus") < b->at("gpus"); });
        const nlohmann::json &base = *runs.front();
        const double baseStep = base.at("measured_step_s").get<double>();
        const double baseNetwork = network[base.at("id").get<std::string>()];
        for (size_t i = 1; i < runs.size(); ++i) {
            const nlohmann::json &r = *runs[i];
            const std::string id = r.at("id").get<std::string>();
            // More data-parallel ranks never make the modelled network step shorter on a non-blocking fabric.
            QVERIFY2(network[id] >= network[runs[i - 1]->at("id").get<std::string>()] * (1 - 1e-9), id.c_str());
            const double predicted = baseStep + network[id] - baseNetwork;
            const double measured = r.at("measured_step_s").get<double>();
            const double error = predicted / measured - 1;
            qInfo("run %-3s %-22s %5d GPUs: measured %6.2f s, predicted %6.2f s, %+5.1f %%", id.c_str(), name.c_str(),
                  r.at("gpus").get<int>(), measured, predicted, 100 * error);
            errors.push_back(std::abs(error));
        }
    }
    const double med = median(errors), worst = *std::max_element(errors.begin(), errors.end());
    qInfo("%zu predicted runs: median absolute error %.2f %%, worst %.2f %%", errors.size(), 100 * med, 100 * worst);
    QVERIFY(errors.size() >= 5); // the issue asks for at least 5 published runs
    QVERIFY2(med <= 0.05, std::to_string(100 * med).c_str());
    QVERIFY2(worst <= 0.15, std::to_string(100 * worst).c_str());
}

QTEST_GUILESS_MAIN(TestStepValidation)
#include "tst_stepvalidation.moc"
