// What the Problems dock and `railyard-cli analyze` list about an analysis
// (core/analysis/analysisfindings.h), worked out by hand on a k=4 fat-tree
// (16 hosts, 8 leaves with 2 uplinks each, 8 aggregation switches, 4 cores).

#include "core/analysis/analysisfindings.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"

#include <QtTest>

using namespace Railyard;

namespace {

Fabric fatTree()
{
    return generateClos(fatTreeParams(4));
}

/// The indices of every link between `switchId` and a switch of a higher tier.
std::vector<std::int32_t> uplinksOf(const Fabric &fabric, const std::string &switchId)
{
    std::vector<std::int32_t> out;
    const NodeIndex node = fabric.findNode(switchId);
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
        const Link &link = fabric.link(l);
        const NodeIndex other = link.a == node ? link.b : link.b == node ? link.a : -1;
        if (other >= 0 && fabric.isSwitch(other)
            && tierLevel(*fabric.nodeTier(other)) > tierLevel(*fabric.nodeTier(node)))
            out.push_back(l);
    }
    return out;
}

} // namespace

class TestAnalysisFindings : public QObject
{
    Q_OBJECT

private slots:
    void healthyFatTreeHasNone();
    void leafWithoutUplinks();
    void failedElementsAreCounted();
    void reportTextAndJsonCarryThem();
};

void TestAnalysisFindings::healthyFatTreeHasNone()
{
    const Fabric fabric = fatTree();
    const AnalysisReport report = analyzeFabric(fabric);
    QVERIFY(report.bisection.exact); // 16 hosts: every balanced split enumerated
    QVERIFY(analysisFindings(&report, fabric, {}).empty());
}

void TestAnalysisFindings::leafWithoutUplinks()
{
    const Fabric fabric = fatTree();
    // The first leaf loses both of its uplinks: down : up = 2 × 100 : 0 = ∞.
    std::string leaf;
    for (std::int32_t s = 0; s < fabric.switchCount() && leaf.empty(); ++s)
        if (fabric.switchAt(s).tier == Tier::Leaf)
            leaf = fabric.switchAt(s).id;
    Failures failures;
    failures.links = uplinksOf(fabric, leaf);
    QCOMPARE(failures.links.size(), size_t(2));
    const AnalysisReport report = analyzeFabric(fabric, failures);
    const std::vector<AnalysisFinding> findings = analysisFindings(&report, fabric, failures);
    int noUplink = 0, failed = 0;
    for (const AnalysisFinding &f : findings) {
        if (f.kind == AnalysisFinding::Kind::NoUplink) {
            ++noUplink;
            QCOMPARE(f.elementId, leaf);
            QCOMPARE(f.tier, Tier::Leaf);
            QVERIFY(f.whatIf);
            QCOMPARE(f.severity, AnalysisFinding::Severity::Warning);
            QCOMPARE(analysisFindingText(f), leaf + " has no uplink capacity left (what-if): oversubscription ∞");
        }
        failed += f.kind == AnalysisFinding::Kind::Failed;
    }
    QCOMPARE(noUplink, 1);
    QCOMPARE(failed, 2);
}

void TestAnalysisFindings::failedElementsAreCounted()
{
    const Fabric fabric = fatTree();
    Failures failures;
    for (std::int32_t l = 0; l < 10; ++l)
        failures.links.push_back(l);
    // Without a report (the what-if's analysis still running): only the failed elements.
    const std::vector<AnalysisFinding> findings = analysisFindings(nullptr, fabric, failures, 4);
    QCOMPARE(findings.size(), size_t(5)); // 4 named, 1 "and 6 more"
    QCOMPARE(findings.back().kind, AnalysisFinding::Kind::MoreFailed);
    QCOMPARE(findings.back().count, 6);
    QCOMPARE(analysisFindingText(findings.back()), std::string("… and 6 more failed elements (what-if)"));
}

void TestAnalysisFindings::reportTextAndJsonCarryThem()
{
    const Fabric fabric = fatTree();
    std::string leaf;
    for (std::int32_t s = 0; s < fabric.switchCount() && leaf.empty(); ++s)
        if (fabric.switchAt(s).tier == Tier::Leaf)
            leaf = fabric.switchAt(s).id;
    Failures failures;
    failures.links = uplinksOf(fabric, leaf);
    AnalysisReport report = analyzeFabric(fabric, failures);
    const std::string text = reportToText(fabric, report);
    QVERIFY2(text.find("\nFindings\n  warning: " + leaf + " has no uplink capacity left") != std::string::npos,
             text.c_str());
    const std::string json = reportToJson(fabric, report);
    QVERIFY(json.find("\"findings\"") != std::string::npos);
    QVERIFY(json.find("\"severity\": \"warning\"") != std::string::npos);
    // Healthy: no Findings section in the text, an empty list in the JSON.
    const AnalysisReport healthy = analyzeFabric(fabric);
    QVERIFY(reportToText(fabric, healthy).find("Findings") == std::string::npos);
    QVERIFY(reportToJson(fabric, healthy).find("\"findings\": []") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestAnalysisFindings)
#include "tst_analysisfindings.moc"
