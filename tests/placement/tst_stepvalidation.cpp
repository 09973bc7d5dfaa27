// The whole-step model against published training runs
// (tests/data/step-validation/runs.json, docs/step-validation.md): every run
// generated, placed and routed as `railyard-cli step-validation` does, each
// predicted with the compute efficiency of the OTHER models of its GPU,
// precision and architecture (leave one model out), and scaling series
// predicted from their smallest run.
//
// Each bound is one the null models fail: one efficiency for every GPU and
// precision misses the absolute bound, and no network term misses the
// scaling bound. A validation that passes with nothing is no validation.

#include "core/placement/stepvalidation.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

using namespace Railyard;

namespace {

std::string readFile(const char *path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The bounds (docs/step-validation.md gives the figures they hold).
constexpr double kMedianAll = 0.10;     // every predicted run
constexpr double kMedianDense = 0.08;   // dense models
constexpr double kWorstDense = 0.40;
constexpr double kScalingMedian = 0.0145; // each run from the smallest of its series
constexpr double kScalingWorst = 0.115;

bool passes(const StepValidationSummary &all, const StepValidationSummary &scaling)
{
    return all.median <= kMedianAll && scaling.median <= kScalingMedian && scaling.worst <= kScalingWorst;
}

} // namespace

class TestStepValidation : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_v = validateStepModel(readFile(RAILYARD_TEST_DATA "/step-validation/runs.json"));
        qInfo("%s", stepValidationToText(m_v).c_str());
    }

    /// Every run cites its source, quotes it, and states a consistent job.
    void runsAreWhatTheirSourcesState()
    {
        const nlohmann::json doc = nlohmann::json::parse(readFile(RAILYARD_TEST_DATA "/step-validation/runs.json"));
        QCOMPARE(doc.at("format").get<std::string>(), std::string("railyard-step-validation"));
        QVERIFY(doc.at("runs").size() >= 250);
        for (const nlohmann::json &r : doc.at("runs")) {
            const nlohmann::json &p = r.at("parallelism");
            QCOMPARE(p.at("tp").get<int>() * p.at("pp").get<int>() * p.at("cp").get<int>() * p.at("dp").get<int>(),
                     r.at("gpus").get<int>());
            QCOMPARE(r.at("batch").at("global_batch").get<int>()
                         % (r.at("batch").at("micro_batch").get<int>() * p.at("dp").get<int>()),
                     0);
            QVERIFY(!r.at("source").at("repo").get<std::string>().empty());
            QVERIFY(!r.at("quote").get<std::string>().empty());
            QVERIFY(r.at("measured_step_s").get<double>() > 0);
        }
        int evaluated = 0;
        for (const StepValidationRow &row : m_v.rows)
            evaluated += row.problem.empty() ? 1 : 0;
        QCOMPARE(evaluated, int(m_v.rows.size())); // every selected run builds, places and routes
    }

    /// Absolute step times, leave one model out.
    void absoluteStepTimes()
    {
        QVERIFY(m_v.model.predicted >= 250);
        QVERIFY2(m_v.model.median <= kMedianAll, std::to_string(m_v.model.median).c_str());
        QVERIFY2(m_v.dense.median <= kMedianDense, std::to_string(m_v.dense.median).c_str());
        QVERIFY2(m_v.dense.worst <= kWorstDense, std::to_string(m_v.dense.worst).c_str());
        // Every prediction uses the median efficiency of the other models' runs
        // of its class, recomputed here from the rows: none uses its own model.
        for (const StepValidationRow &r : m_v.rows) {
            if (!r.predicted)
                continue;
            std::vector<double> others;
            for (const StepValidationRow &o : m_v.rows)
                if (o.model != r.model && o.generation == r.generation && o.precision == r.precision
                    && o.architecture == r.architecture && std::isfinite(o.impliedMfu))
                    others.push_back(o.impliedMfu);
            QVERIFY2(!others.empty(), r.id.c_str());
            std::sort(others.begin(), others.end());
            const size_t n = others.size();
            const double median = n % 2 ? others[n / 2] : (others[n / 2 - 1] + others[n / 2]) / 2;
            QVERIFY2(std::abs(median - r.predictedMfu) < 1e-12, r.id.c_str());
            QVERIFY(std::abs(r.predictedSeconds / r.measuredSeconds - 1 - r.error) < 1e-12);
        }
    }

    /// Step growth with scale: from the smallest run of each series.
    void scaling()
    {
        QVERIFY(m_v.scaling.predicted >= 100);
        QVERIFY2(m_v.scaling.median <= kScalingMedian, std::to_string(m_v.scaling.median).c_str());
        QVERIFY2(m_v.scaling.worst <= kScalingWorst, std::to_string(m_v.scaling.worst).c_str());
    }

    /// The null models fail the bounds the model passes.
    void nullModelsFail()
    {
        QVERIFY(passes(m_v.model, m_v.scaling));
        QVERIFY2(!passes(m_v.model, m_v.scalingNoNetwork),
                 "the step model without its network term passes the scaling bounds");
        QVERIFY2(!passes(m_v.constantMfu, m_v.scaling), "one efficiency for every GPU passes the absolute bounds");
        QVERIFY(m_v.noNetwork.median > m_v.model.median);
        QVERIFY(m_v.constantMfu.median > m_v.model.median);
    }

    /// resources/model/compute-efficiency.json is what this validation fits.
    void defaultsAreTheFit()
    {
        const std::string file = readFile(RAILYARD_SAMPLES "/../resources/model/compute-efficiency.json");
        QVERIFY2(file == computeEfficiencyJson(m_v),
                 "re-run: railyard-cli step-validation tests/data/step-validation/runs.json --write-defaults "
                 "resources/model/compute-efficiency.json");
    }

private:
    StepValidation m_v;
};

QTEST_GUILESS_MAIN(TestStepValidation)
#include "tst_stepvalidation.moc"
