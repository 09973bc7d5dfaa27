// Failure studies checked against hand-derived bisections, brute force and
// the laws they must obey (docs/resilience.md, "A worked example").
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "core/jobs/jobspec.h"
#include "core/resilience/resilience.h"
#include "core/resilience/resiliencecompare.h"
#include "core/resilience/slurmscript.h"
#include "core/export/hostlist.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <functional>
#include <map>

using namespace Railyard;

namespace {

Fabric fatTree4()
{
    return generateClos(fatTreeParams(4)); // 16 hosts of 1 GPU, 100 Gbit/s links
}

JobSpec smallJob(int dp)
{
    const std::string text = R"({"format": "railyard-job", "version": 1, "name": "dp-job",
        "model": {"parameters": 1000000000.0, "layers": 4, "hidden_size": 2048, "sequence_length": 2048,
                  "vocabulary": 32000, "precision": "bf16"},
        "parallelism": {"tp": 1, "pp": 1, "dp": )" + std::to_string(dp) + R"(},
        "batch": {"micro_batch": 1, "global_batch": )" + std::to_string(dp) + R"(},
        "gpus": )" + std::to_string(dp) + "}";
    JobSpecResult r = parseJobSpec(text, QStringLiteral("dp.job.json"));
    if (!r.ok())
        qFatal("%s", qPrintable(r.errorText()));
    return *r.job;
}

/// 64 hosts on 8 leaves and 4 spines, made irregular: leaf i has i % 3 + 1
/// links to spine i % 4 and one to each other spine; leaves 0 and 5 have
/// 200 Gbit/s uplinks; host links 100 Gbit/s.
Fabric asymmetric64()
{
    Fabric f;
    f.name = "asymmetric-64";
    for (int h = 0; h < 64; ++h) {
        Host host;
        host.id = "h" + std::to_string(100 + h);
        host.gpus = 1;
        host.nics = {Nic{0, 100.0, 1, {}}};
        host.location.pod = "p" + std::to_string(h / 32);
        host.location.rack = "r" + std::to_string(h / 8);
        f.addHost(host);
    }
    for (int l = 0; l < 8; ++l) {
        Switch sw;
        sw.id = "leaf" + std::to_string(l);
        sw.tier = Tier::Leaf;
        sw.location.pod = "p" + std::to_string(l / 4);
        f.addSwitch(sw);
    }
    for (int s = 0; s < 4; ++s) {
        Switch sw;
        sw.id = "spine" + std::to_string(s);
        sw.tier = Tier::Spine;
        f.addSwitch(sw);
    }
    int n = 0;
    auto link = [&](NodeIndex a, NodeIndex b, double gbps) {
        Link k;
        k.id = "l" + std::to_string(n++);
        k.a = a;
        k.b = b;
        k.capacityGbps = gbps;
        f.addLink(k);
    };
    for (int h = 0; h < 64; ++h)
        link(f.hostNode(h), f.switchNode(h / 8), 100.0);
    for (int l = 0; l < 8; ++l) {
        const double up = (l == 0 || l == 5) ? 200.0 : 100.0;
        for (int s = 0; s < 4; ++s) {
            const int count = s == l % 4 ? l % 3 + 1 : 1;
            for (int c = 0; c < count; ++c)
                link(f.switchNode(l), f.switchNode(8 + s), up);
        }
    }
    return f;
}

/// Every element's figures under the symmetric study (its class's answer).
std::map<std::string, const ScenarioOutcome *> byElement(const StudyResult &r)
{
    std::map<std::string, const ScenarioOutcome *> out;
    for (const ScenarioOutcome &o : r.outcomes) {
        const std::vector<std::string> ids = o.members.empty() ? o.failed : expandHostlist(o.members, 100000);
        for (const std::string &id : ids)
            out[id] = &o;
    }
    return out;
}

std::string withoutRun(std::string json)
{
    const size_t at = json.rfind("\"run\"");
    return at == std::string::npos ? json : json.substr(0, at);
}

} // namespace

class TestResilience : public QObject
{
    Q_OBJECT

private slots:
    void nMinus1OnFatTreeK4()
    {
        // docs/resilience.md derives these by hand: 800 Gbit/s healthy; a
        // leaf, spine or core down leaves 600; a host, leaf–spine or
        // spine–core link down leaves 700.
        const Fabric f = fatTree4();
        StudyOptions o;
        const StudyResult r = runFailureStudy(f, o);
        QCOMPARE(r.healthyBisectionGbps, 800.0);
        QCOMPARE(r.scenarios, 68.0);
        QCOMPARE(r.classes, 6);
        QCOMPARE(r.verificationSplits, 0);
        std::map<std::string, std::pair<double, double>> byKind;
        for (const ScenarioOutcome &x : r.outcomes)
            byKind[x.kind] = {x.bisectionGbps, x.weight};
        QCOMPARE(byKind["leaf switch"], std::make_pair(600.0, 8.0));
        QCOMPARE(byKind["spine switch"], std::make_pair(600.0, 8.0));
        QCOMPARE(byKind["core switch"], std::make_pair(600.0, 4.0));
        QCOMPARE(byKind["host–leaf link"], std::make_pair(700.0, 16.0));
        QCOMPARE(byKind["leaf–spine link"], std::make_pair(700.0, 16.0));
        QCOMPARE(byKind["spine–core link"], std::make_pair(700.0, 16.0));
        const StudySummary s = summarizeStudy(r);
        QVERIFY(std::fabs(s.bisectionPct.mean - (20 * 75.0 + 48 * 87.5) / 68) < 1e-9);
        QCOMPARE(s.bisectionPct.worst, 75.0);
        QCOMPARE(s.bisectionPct.p50.value, 87.5); // 20 of 68 scenarios at 75 %: the median is 87.5 %
        QCOMPARE(s.bisectionPct.p95.value, 75.0);
        // Ranked: the switches first.
        QVERIFY(r.outcomes[size_t(s.worst.front())].bisectionPct == 75.0);
        // The same without symmetry, element by element.
        o.symmetry = false;
        const StudyResult brute = runFailureStudy(f, o);
        QCOMPARE(brute.classes, 68);
        const auto sym = byElement(r);
        for (const ScenarioOutcome &x : brute.outcomes)
            QCOMPARE(sym.at(x.failed.front())->bisectionGbps, x.bisectionGbps);
    }

    void oversubscriptionPerTierUnderASpine()
    {
        // A spine down in a k=4 pod: the pod's two leaves keep 1 of 2
        // uplinks (2:1), the remaining spine keeps its 2 down and 2 up.
        const Fabric f = fatTree4();
        StudyOptions o;
        o.scope = "spine:spine-0001";
        const StudyResult r = runFailureStudy(f, o);
        QCOMPARE(r.outcomes.size(), size_t(1));
        const ScenarioOutcome &x = r.outcomes.front();
        QCOMPARE(x.tiers.front().tier, Tier::Leaf);
        QCOMPARE(x.tiers.front().worst, 2.0);
    }

    void monteCarloAtRateZeroIsHealthy()
    {
        const Fabric f = fatTree4();
        StudyOptions o;
        o.kind = StudyKind::MonteCarlo;
        o.samples = 200;
        o.rates = FailureRates{};
        o.job = smallJob(8);
        o.routing = "fluid";
        o.placeGpus = 4;
        const StudyResult r = runFailureStudy(f, o);
        QCOMPARE(r.outcomes.size(), size_t(200));
        QCOMPARE(r.evaluated, 0);
        const StudySummary s = summarizeStudy(r);
        for (const Quantile &q : {s.bisectionPct.p50, s.bisectionPct.p95, s.bisectionPct.p99}) {
            QCOMPARE(q.value, 100.0);
            QCOMPARE(q.low, 100.0);
            QCOMPARE(q.high, 100.0);
        }
        for (const Quantile &q : {s.slowdown.p50, s.slowdown.p95, s.slowdown.p99})
            QCOMPARE(q.value, 1.0);
        QCOMPARE(s.placeable, 1.0);
    }

    void monteCarloWithOneFailureAgreesWithNMinus1()
    {
        const Fabric f = fatTree4();
        StudyOptions n1;
        const StudySummary exact = summarizeStudy(runFailureStudy(f, n1));
        StudyOptions mc;
        mc.kind = StudyKind::MonteCarlo;
        mc.forcedFailures = 1;
        mc.samples = 3000;
        mc.seed = 11;
        mc.threads = 1; // one thread: no two threads compute the same class at once
        const StudyResult r = runFailureStudy(f, mc);
        const StudySummary s = summarizeStudy(r);
        QVERIFY2(s.bisectionPct.meanLow <= exact.bisectionPct.mean && exact.bisectionPct.mean <= s.bisectionPct.meanHigh,
                 qPrintable(QStringLiteral("N-1 mean %1 outside Monte Carlo's %2–%3")
                                .arg(exact.bisectionPct.mean)
                                .arg(s.bisectionPct.meanLow)
                                .arg(s.bisectionPct.meanHigh)));
        QVERIFY(s.bisectionPct.meanHigh - s.bisectionPct.meanLow < 1.0);
        // Every scenario failed exactly one element, and single failures reuse their class.
        for (const ScenarioOutcome &x : r.outcomes)
            QCOMPARE(x.failed.size(), size_t(1));
        QVERIFY(r.evaluated <= 6);
    }

    void monteCarloIsReproducibleAcrossThreads()
    {
        const Fabric f = fatTree4();
        StudyOptions o;
        o.kind = StudyKind::MonteCarlo;
        o.samples = 300;
        o.rates.link = {0.5, 24};
        o.rates.spine = {0.2, 24};
        o.threads = 1;
        const std::string one = withoutRun(studyToJson(runFailureStudy(f, o)));
        o.threads = 3;
        QCOMPARE(withoutRun(studyToJson(runFailureStudy(f, o))), one);
        // Rates high enough that scenarios fail several elements.
        const StudyResult r = runFailureStudy(f, o);
        QVERIFY(std::any_of(r.outcomes.begin(), r.outcomes.end(), [](const ScenarioOutcome &x) { return x.failed.size() > 1; }));
    }

    void symmetryMatchesBruteForceOnAnAsymmetricFabric()
    {
        const Fabric f = asymmetric64();
        StudyOptions o;
        o.threads = 2;
        const StudyResult sym = runFailureStudy(f, o);
        o.symmetry = false;
        const StudyResult brute = runFailureStudy(f, o);
        QCOMPARE(brute.classes, std::int64_t(f.switchCount() + f.linkCount()));
        QVERIFY2(sym.classes < brute.classes, "the 64 hosts' links fall into a few classes");
        const auto bySym = byElement(sym);
        QCOMPARE(bySym.size(), size_t(brute.classes));
        for (const ScenarioOutcome &x : brute.outcomes) {
            const ScenarioOutcome *c = bySym.at(x.failed.front());
            QVERIFY2(std::fabs(c->bisectionGbps - x.bisectionGbps) < 1e-6,
                     qPrintable(QString::fromStdString(x.failed.front())));
            QCOMPARE(c->tiers.size(), x.tiers.size());
            for (size_t t = 0; t < x.tiers.size(); ++t)
                QVERIFY(std::fabs(c->tiers[t].worst - x.tiers[t].worst) < 1e-9 || (std::isnan(c->tiers[t].worst) && std::isnan(x.tiers[t].worst)));
        }
        // N-2 over the spines and leaf uplinks of leaf 0: weights stand for every pair,
        // and the weighted answers equal brute force.
        o.kind = StudyKind::NMinus2;
        o.scope = "spine,switch-links:leaf0";
        o.symmetry = true;
        const StudyResult pairs = runFailureStudy(f, o);
        o.symmetry = false;
        const StudyResult allPairs = runFailureStudy(f, o);
        const double n = double(pairs.scopeElements);
        double weight = 0;
        for (const ScenarioOutcome &x : pairs.outcomes)
            weight += x.weight;
        QCOMPARE(weight, n * (n - 1) / 2);
        QCOMPARE(double(allPairs.outcomes.size()), n * (n - 1) / 2);
        const StudySummary a = summarizeStudy(pairs), b = summarizeStudy(allPairs);
        QVERIFY(std::fabs(a.bisectionPct.mean - b.bisectionPct.mean) < 1e-9);
        QCOMPARE(a.bisectionPct.worst, b.bisectionPct.worst);
        QCOMPARE(a.bisectionPct.p95.value, b.bisectionPct.p95.value);
    }

    void nMinus2OnFatTreeK4Switches()
    {
        const Fabric f = fatTree4();
        StudyOptions o;
        o.kind = StudyKind::NMinus2;
        o.scope = "switches";
        const StudyResult sym = runFailureStudy(f, o);
        o.symmetry = false;
        const StudyResult brute = runFailureStudy(f, o);
        QCOMPARE(brute.outcomes.size(), size_t(190));
        QVERIFY(sym.outcomes.size() < 40);
        const StudySummary a = summarizeStudy(sym), b = summarizeStudy(brute);
        QVERIFY(std::fabs(a.bisectionPct.mean - b.bisectionPct.mean) < 1e-9);
        QCOMPARE(a.bisectionPct.worst, b.bisectionPct.worst);
        QCOMPARE(a.bisectionPct.cdf, b.bisectionPct.cdf);
    }

    void shardsMergeIntoTheSingleRun_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("n-1") << int(StudyKind::NMinus1);
        QTest::newRow("n-2") << int(StudyKind::NMinus2);
        QTest::newRow("monte-carlo") << int(StudyKind::MonteCarlo);
    }

    void shardsMergeIntoTheSingleRun()
    {
        QFETCH(int, kind);
        const Fabric f = fatTree4();
        StudyOptions o;
        o.kind = StudyKind(kind);
        o.samples = 120;
        o.rates.link = {0.3, 24};
        o.job = smallJob(8);
        o.routing = "fluid";
        if (o.kind == StudyKind::NMinus2)
            o.scope = "spine,core";
        const std::string single = withoutRun(studyToJson(runFailureStudy(f, o)));
        std::vector<StudyResult> parts;
        for (int i : {2, 0, 1}) {
            o.shardIndex = i;
            o.shardCount = 3;
            // Through the JSON, as the CLI's parts travel.
            parts.push_back(studyFromJson(studyToJson(runFailureStudy(f, o)), "part.json"));
        }
        QCOMPARE(withoutRun(studyToJson(mergeStudies(parts))), single);
        // Parts that do not make a whole.
        parts.pop_back();
        QVERIFY_THROWS_EXCEPTION(ResilienceError, mergeStudies(parts));
        parts.push_back(parts.front());
        QVERIFY_THROWS_EXCEPTION(ResilienceError, mergeStudies(parts));
    }

    /// Parts edited to lie are refused, naming the file and the field: an
    /// outcome repeated inside a part or across parts, one dropped (the N-1
    /// weights no longer sum to the study's scenarios), a weight of -1e308,
    /// a part of another study (the field that differs), and a million-shard
    /// part whose missing shards are listed ten at a time.
    void mergeRefusesPartsThatLie()
    {
        const Fabric f = fatTree4();
        StudyOptions o;
        o.kind = StudyKind::NMinus1;
        auto part = [&](int index, int count) {
            o.shardIndex = index;
            o.shardCount = count;
            return QJsonDocument::fromJson(QByteArray::fromStdString(studyToJson(runFailureStudy(f, o)))).object();
        };
        auto read = [](const QJsonObject &j, const char *name) {
            return studyFromJson(QJsonDocument(j).toJson().toStdString(), name);
        };
        auto refused = [](const std::function<void()> &f) -> std::string {
            try {
                f();
            } catch (const ResilienceError &e) {
                return e.what();
            }
            return "accepted";
        };
        const QJsonObject a = part(0, 2), b = part(1, 2);
        QVERIFY(refused([&] { mergeStudies({read(a, "a.json"), read(b, "b.json")}); }) == "accepted");

        QJsonObject repeated = a;
        QJsonArray outcomes = repeated[QStringLiteral("outcomes")].toArray();
        QVERIFY(outcomes.size() >= 1);
        outcomes.append(outcomes.first());
        repeated[QStringLiteral("outcomes")] = outcomes;
        std::string e = refused([&] { read(repeated, "a.json"); });
        QVERIFY2(e.find("a.json: /outcomes/" + std::to_string(outcomes.size() - 1) + ": outcome ") == 0
                     && e.find("is given twice") != std::string::npos,
                 e.c_str());

        QJsonObject dropped = a;
        outcomes = dropped[QStringLiteral("outcomes")].toArray();
        outcomes.removeLast();
        dropped[QStringLiteral("outcomes")] = outcomes;
        e = refused([&] { mergeStudies({read(dropped, "a.json"), read(b, "b.json")}); });
        QVERIFY2(e.find("merge: the parts' outcomes stand for ") == 0 && e.find("(outcomes were dropped or repeated)")
                     != std::string::npos,
                 e.c_str());

        QJsonObject weighed = a;
        outcomes = weighed[QStringLiteral("outcomes")].toArray();
        QJsonObject first = outcomes.first().toObject();
        first[QStringLiteral("weight")] = -1e308;
        outcomes.replace(0, first);
        weighed[QStringLiteral("outcomes")] = outcomes;
        e = refused([&] { read(weighed, "a.json"); });
        QVERIFY2(e == "a.json: /outcomes/0/weight: must be a positive number of scenarios (at most 1e15)", e.c_str());

        QJsonObject other = b;
        other[QStringLiteral("seed")] = 7;
        e = refused([&] { mergeStudies({read(a, "a.json"), read(other, "other.json")}); });
        QVERIFY2(e == "merge: other.json (shard 1/2) is of another study than a.json (shard 0/2): /seed is 7 in other.json and 1 "
                           "in a.json",
                 e.c_str());

        const QJsonObject lonely = part(1, 1000000);
        e = refused([&] { mergeStudies({read(lonely, "one.json")}); });
        QVERIFY2(e == "merge: missing shard(s) 0, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 999989 more of 1000000", e.c_str());
    }

    void designsComparedByResilience()
    {
        // The same k=4 shape at 100 and 200 Gbit/s: the same percentages
        // (derived by hand in nMinus1OnFatTreeK4), twice the healthy bisection.
        const Fabric a = fatTree4();
        Fabric b = generateClos(fatTreeParams(4, 200.0));
        b.name = "ft4-200g";
        StudyOptions o;
        const ResilienceComparison c = compareResilience({{"A", &a}, {"B", &b}}, o);
        QCOMPARE(c.designs.size(), size_t(2));
        QCOMPARE(c.designs[0].healthyBisectionGbps, 800.0);
        QCOMPARE(c.designs[1].healthyBisectionGbps, 1600.0);
        QCOMPARE(c.designs[1].classes, 6);
        QCOMPARE(c.designs[1].scenarios, 68.0);
        std::map<std::string, std::vector<double>> rows;
        for (const ComparisonRow &row : resilienceRows(c)) {
            rows[row.key] = row.values;
            QVERIFY(!row.changed(1));
        }
        QCOMPARE(rows.size(), size_t(4)); // no slowdown rows without a job
        QCOMPARE(rows["resilience_bisection_p50"], (std::vector<double>{87.5, 87.5}));
        QCOMPARE(rows["resilience_bisection_p95"], (std::vector<double>{75.0, 75.0}));
        QCOMPARE(rows["resilience_bisection_p99"], (std::vector<double>{75.0, 75.0}));
        QCOMPARE(rows["resilience_bisection_worst"], (std::vector<double>{75.0, 75.0}));
        const std::string text = resilienceComparisonToText(c);
        QVERIFY2(text.find("Bisection p95 (% of healthy)     75.00    75.00") != std::string::npos, text.c_str());
        QVERIFY2(text.find("6 / 68") != std::string::npos, text.c_str());
        const std::string json = withResilienceJson(R"({"report": 1})", c);
        QVERIFY2(json.find("\"report\": 1") != std::string::npos, json.c_str());
        QVERIFY2(json.find("\"resilience\"") != std::string::npos, json.c_str());

        // With a job: the slowdown rows; a switch class cuts hosts off, so
        // the job is re-placed or slowed, never faster than healthy.
        o.job = smallJob(8);
        const ResilienceComparison withJob = compareResilience({{"A", &a}}, o);
        QVERIFY2(withJob.designs[0].error.empty(), withJob.designs[0].error.c_str());
        bool slowdown = false;
        for (const ComparisonRow &row : resilienceRows(withJob))
            if (row.key == "resilience_slowdown_p99") {
                slowdown = true;
                QVERIFY(row.values[0] >= 1.0);
            }
        QVERIFY(slowdown);

        // A design the study cannot run on keeps its error; the other still compares.
        StudyOptions scoped;
        scoped.scope = "leaf:leaf0";
        const Fabric asym = asymmetric64();
        const ResilienceComparison partial = compareResilience({{"A", &a}, {"B", &asym}}, scoped);
        QVERIFY(!partial.designs[0].error.empty());
        QVERIFY2(partial.designs[1].error.empty(), partial.designs[1].error.c_str());
        for (const ComparisonRow &row : resilienceRows(partial)) {
            QVERIFY(std::isnan(row.values[0]));
            QVERIFY(!std::isnan(row.values[1]));
        }
        QVERIFY(resilienceComparisonToText(partial).find("A: ") != std::string::npos);
    }

    void badInput()
    {
        const Fabric f = fatTree4();
        auto message = [&](const StudyOptions &o) {
            try {
                runFailureStudy(f, o);
            } catch (const ResilienceError &e) {
                return std::string(e.what());
            }
            return std::string();
        };
        StudyOptions o;
        o.scope = "spines";
        QVERIFY(message(o).find("unknown kind 'spines'") != std::string::npos);
        o.scope = "spine:nothing-*";
        QVERIFY(message(o).find("selects no switch or link") != std::string::npos);
        o.scope.clear();
        o.shardIndex = 3;
        o.shardCount = 3;
        QVERIFY(message(o).find("--shard") != std::string::npos);
        o.shardIndex = 0;
        o.shardCount = 1;
        o.kind = StudyKind::MonteCarlo;
        o.forcedFailures = 1000;
        QVERIFY(message(o).find("--failures") != std::string::npos);
        o.forcedFailures = 0;
        o.job = smallJob(64);
        QVERIFY(message(o).find("--job") != std::string::npos);

        auto ratesError = [](const std::string &text) {
            try {
                parseFailureRates(text, "rates.json");
            } catch (const ResilienceError &e) {
                return std::string(e.what());
            }
            return std::string();
        };
        QCOMPARE(ratesError(R"({"spine": {"per_day": -1}})"),
                 std::string("rates.json: /spine/per_day: must be a number ≥ 0 (failures per element per day)"));
        QVERIFY(ratesError(R"({"router": {}})").find("/router: unknown element class") != std::string::npos);
        QVERIFY(ratesError("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[").find("rates.json:1:") == 0);
        QVERIFY(ratesError("{").find("rates.json: not JSON") == 0);
        const FailureRates r = parseFailureRates(R"({"leaf": {"per_day": 0.001, "repair_hours": 12}})", "r.json");
        QCOMPARE(r.leaf.perDay, 0.001);
        QCOMPARE(r.spine, FailureRates::defaults().spine);
        QVERIFY(std::fabs(r.leaf.downProbability() - 0.0005 / 1.0005) < 1e-15);

        QVERIFY_THROWS_EXCEPTION(ResilienceError, studyFromJson(R"({"study": "n-3"})", "x.json"));
        try {
            studyFromJson(R"({"study": "n-1", "scope": 7})", "x.json");
            QFAIL("accepted");
        } catch (const ResilienceError &e) {
            QCOMPARE(std::string(e.what()), std::string("x.json: /scope: expected a string"));
        }
    }

    void slurmScriptSubmitsAnArrayAndAMerge()
    {
        SlurmScriptOptions s;
        s.cli = "/opt/railyard/bin/railyard-cli";
        s.script = "/work/study.sbatch";
        s.studyArgs = {"/work/ft'8.fabric.json", "--study", "monte-carlo"};
        s.shards = 16;
        s.partition = "gpu";
        s.workDir = "/work/parts";
        s.result = "/work/result.json";
        const std::string text = slurmScript(s);
        QVERIFY(text.find("#SBATCH --partition=gpu\n") != std::string::npos);
        QVERIFY(text.find("--array=0-$((SHARDS - 1))") != std::string::npos);
        QVERIFY(text.find("SHARDS=16\n") != std::string::npos);
        QVERIFY(text.find("--dependency=afterok:\"$array\"") != std::string::npos);
        QVERIFY(text.find("'/work/ft'\\''8.fabric.json'") != std::string::npos);
        s.partition = "gpu; rm -rf /";
        QVERIFY_THROWS_EXCEPTION(ResilienceError, slurmScript(s));
        s.partition.clear();
        s.workDir = "relative";
        QVERIFY_THROWS_EXCEPTION(ResilienceError, slurmScript(s));
    }
};

QTEST_GUILESS_MAIN(TestResilience)
#include "tst_resilience.moc"
