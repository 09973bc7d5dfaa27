// Lint findings on the small fabric of intenttestdata.h, one case per
// finding, each with its kind, severity, pointer and hand-counted numbers;
// and the reachability matrix and its counts.

#include "core/intents/intentevaluation.h"
#include "core/intents/intentlint.h"
#include "tests/intents/intenttestdata.h"

#include <QtTest>

#include <functional>

using namespace Railyard;
using namespace Railyard::IntentTest;

Q_DECLARE_METATYPE(std::function<void(Intent &)>)

namespace {

const LintFinding *findKind(const LintReport &report, const std::string &kind, const std::string &pointer)
{
    for (const LintFinding &f : report.findings) {
        if (f.kind == kind && f.pointer == pointer)
            return &f;
    }
    return nullptr;
}

QString listFindings(const LintReport &report)
{
    return QString::fromStdString(lintReportToText(report));
}

} // namespace

class TestIntentLint : public QObject
{
    Q_OBJECT

private slots:
    void cleanIntentHasNoFindings();
    void findings_data();
    void findings();
    void backendFromSwitchModels_data();
    void backendFromSwitchModels();
    void reachabilityMatrix();
    void splitRack();
    void jsonReport();
};

void TestIntentLint::cleanIntentHasNoFindings()
{
    const Fabric fabric = smallFabric();
    const LintReport report = lintIntent(cleanIntent(), fabric);
    QVERIFY2(report.findings.empty(), qPrintable(listFindings(report)));
    // 4 racks → 16 rack pairs; RDMA inside each zone: 2 zones × 2 × 2 = 8.
    QCOMPARE(report.groups, 4);
    QCOMPARE(report.totalPairs, 16LL);
    QCOMPARE(report.allowedPairs[0], 8LL);
    QCOMPARE(report.allowedPairs[1], 16LL);
    QCOMPARE(report.egressOpenGroups[0], 0);
}

void TestIntentLint::findings_data()
{
    using Edit = std::function<void(Intent &)>;
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<int>("severity");
    QTest::addColumn<QString>("message");
    const int error = int(LintSeverity::Error), warning = int(LintSeverity::Warning), info = int(LintSeverity::Info);

    QTest::newRow("selector matching nothing")
        << Edit([](Intent &i) { i.allow.push_back(rule("h9*", "*", IntentProtocol::Tcp)); })
        << "selector-matches-nothing"
        << "/allow/3/from" << warning << "\"h9*\" matches no host";
    // r1 → r2 over RDMA: 1 rack pair, already allowed by /allow/0 (z1 → z1).
    QTest::newRow("shadowed allow") << Edit([](Intent &i) {
        i.allow.push_back(rule("r1", "r2", IntentProtocol::Rdma));
    }) << "shadowed-rule"
                                    << "/allow/3" << warning
                                    << "never decides: 1 of its 1 group pair are allowed earlier (first by /allow/0)";
    // deny r4 → * rdma first; deny r4 → r3 rdma is then never the first match.
    QTest::newRow("shadowed deny") << Edit([](Intent &i) {
        i.deny = {rule("r4", "*", IntentProtocol::Rdma), rule("r4", "r3", IntentProtocol::Rdma)};
    }) << "shadowed-rule"
                                   << "/deny/1" << warning << "denied earlier (first by /deny/0)";
    // Denying all of z2 → z2 RDMA leaves /allow/1 (4 pairs) nothing to allow.
    QTest::newRow("allow/deny conflict, full")
        << Edit([](Intent &i) { i.deny = {rule("z2/*", "z2/*", IntentProtocol::Any)}; }) << "allow-deny-conflict"
        << "/allow/1" << warning << "has no effect: all 4 group pairs it allows are denied (first by /deny/0)";
    // r4 → * rdma: of /allow/1's 4 pairs, r4→r3 and r4→r4 are denied.
    QTest::newRow("allow/deny conflict, partial")
        << Edit([](Intent &i) { i.deny = {rule("r4", "*", IntentProtocol::Rdma)}; }) << "allow-deny-conflict"
        << "/allow/1" << info << "2 of its 4 group pairs are denied (first by /deny/0)";
    // z1 → z2 RDMA is denied by default anyway: 2 × 2 = 4 pairs.
    QTest::newRow("redundant deny") << Edit([](Intent &i) { i.deny = {rule("z1/*", "z2/*", IntentProtocol::Rdma)}; })
                                    << "redundant-deny"
                                    << "/deny/0" << info << "no allow rule allows any of the 4 pairs it decides";
    QTest::newRow("deny behind deny_public_egress")
        << Edit([](Intent &i) { i.deny = {rule("z1/*", "@public", IntentProtocol::Any)}; }) << "shadowed-rule"
        << "/deny/0" << info << "deny_public_egress already denies its 4 group pairs";
    QTest::newRow("nothing allowed") << Edit([](Intent &i) { i.allow.clear(); }) << "nothing-allowed"
                                     << "/allow" << warning << "no allow rules";
    QTest::newRow("rails mismatch") << Edit([](Intent &i) { i.rails = 8; }) << "rails-mismatch"
                                    << "/rails" << error << "rails is 8 but 8 hosts have 2 NICs (e.g. h1)";
    QTest::newRow("roce without lossless") << Edit([](Intent &i) { i.lossless.reset(); }) << "roce-lossless-missing"
                                           << "/lossless" << error << "no lossless settings";
    QTest::newRow("roce without pfc") << Edit([](Intent &i) { i.lossless->pfcPriority.reset(); })
                                      << "roce-lossless-missing"
                                      << "/lossless" << error << "pfc_priority is not set";
    QTest::newRow("roce without ecn") << Edit([](Intent &i) { i.lossless->ecn.reset(); }) << "roce-lossless-missing"
                                      << "/lossless" << error << "lossless.ecn is not set";
    QTest::newRow("roce without mtu") << Edit([](Intent &i) { i.lossless->mtuBytes.reset(); }) << "roce-mtu-missing"
                                      << "/lossless" << info << "mtu_bytes is not set";
    QTest::newRow("public egress left open")
        << Edit([](Intent &i) { i.denyPublicEgress = false; }) << "public-egress-open"
        << "/deny_public_egress" << error << "left open on 4 GPU racks (r[1-4])";
    // Egress closed by a deny for z2 and opened by an allow for z1: a warning on the rule.
    QTest::newRow("public egress opened by a rule") << Edit([](Intent &i) {
        i.denyPublicEgress = false;
        i.deny = {rule("z2/*", "@public", IntentProtocol::Any)};
        i.allow.push_back(rule("z1/*", "@public", IntentProtocol::Any));
    }) << "public-egress-open"
                                                    << "/allow/3" << warning
                                                    << "opens public egress on 2 GPU racks (r[1-2])";
    QTest::newRow("allow to @public under deny_public_egress")
        << Edit([](Intent &i) { i.allow.push_back(rule("r1", "@public", IntentProtocol::Tcp)); })
        << "allow-deny-conflict"
        << "/allow/3" << warning << "denied (first by /deny_public_egress)";
    QTest::newRow("topology mismatch") << Edit([](Intent &i) { i.topology = IntentTopology::RailOptimized; })
                                       << "topology-mismatch"
                                       << "/topology" << warning << "no leaf switch";
    QTest::newRow("bad selector built in code")
        << Edit([](Intent &i) { i.allow.push_back(rule("rack-[0-", "*", IntentProtocol::Tcp)); }) << "bad-selector"
        << "/allow/3/from" << error << "'[' at character 6 is not closed";
    QTest::newRow("cluster name") << Edit([](Intent &i) { i.cluster = "train-a"; }) << "cluster-name"
                                  << "/cluster" << info << "\"train-a\" but the fabric is named \"small\"";
}

void TestIntentLint::findings()
{
    QFETCH(std::function<void(Intent &)>, edit);
    QFETCH(QString, kind);
    QFETCH(QString, pointer);
    QFETCH(int, severity);
    QFETCH(QString, message);
    Intent intent = cleanIntent();
    edit(intent);
    const Fabric fabric = smallFabric();
    const LintReport report = lintIntent(intent, fabric);
    const LintFinding *f = findKind(report, kind.toStdString(), pointer.toStdString());
    QVERIFY2(f, qPrintable(listFindings(report)));
    QCOMPARE(int(f->severity), severity);
    QVERIFY2(QString::fromStdString(f->message).contains(message), f->message.c_str());
    QCOMPARE(report.hasErrors(), severity == int(LintSeverity::Error));
}

void TestIntentLint::backendFromSwitchModels_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("backend");
    QTest::addColumn<QString>("kind"); // expected finding, "" for none
    const int roce = int(IntentBackend::Roce), ib = int(IntentBackend::Infiniband);
    QTest::newRow("Quantum-2 under roce") << "QM9700" << roce << "backend-mismatch";
    QTest::newRow("Quantum-2 under infiniband") << "QM9700" << ib << "";
    QTest::newRow("Spectrum under infiniband") << "SN5600" << ib << "backend-mismatch";
    QTest::newRow("Tomahawk under roce") << "Broadcom Tomahawk 5" << roce << "";
    QTest::newRow("generic model") << "radix-64 400G" << roce << "backend-unverified";
}

void TestIntentLint::backendFromSwitchModels()
{
    QFETCH(QString, model);
    QFETCH(int, backend);
    QFETCH(QString, kind);
    Intent intent = cleanIntent();
    intent.backend = IntentBackend(backend);
    if (intent.backend == IntentBackend::Infiniband)
        intent.lossless.reset();
    const Fabric fabric = smallFabric(model.toStdString());
    const LintReport report = lintIntent(intent, fabric);
    if (kind.isEmpty()) {
        QVERIFY2(report.findings.empty(), qPrintable(listFindings(report)));
        return;
    }
    const LintFinding *f = findKind(report, kind.toStdString(), "/backend");
    QVERIFY2(f, qPrintable(listFindings(report)));
    if (kind == QLatin1String("backend-mismatch")) {
        QCOMPARE(f->severity, LintSeverity::Error);
        // All 6 switches (4 leaves, 2 spines) carry the model.
        QVERIFY2(QString::fromStdString(f->message).contains(QStringLiteral("6 switches are")), f->message.c_str());
    }
}

void TestIntentLint::reachabilityMatrix()
{
    Intent intent = cleanIntent();
    intent.deny = {rule("r4", "*", IntentProtocol::Rdma)};
    const Fabric fabric = smallFabric();
    const IntentGrouping grouping(fabric, {&intent});
    const IntentEvaluation eval(intent, grouping);
    QCOMPARE(eval.groupCount(), 4);
    const auto groupOf = [&](const char *rack) {
        for (int g = 0; g < grouping.groupCount(); ++g) {
            if (grouping.group(g).rack == rack)
                return g;
        }
        return -1;
    };
    const int r1 = groupOf("r1"), r2 = groupOf("r2"), r3 = groupOf("r3"), r4 = groupOf("r4");
    QVERIFY(r1 >= 0 && r2 >= 0 && r3 >= 0 && r4 >= 0);
    QCOMPARE(grouping.group(r1).hosts, (std::vector<std::int32_t>{0, 1}));
    QCOMPARE(grouping.group(r1).label, std::string("r1"));
    const auto is = [](Decision d, DecisionKind kind, int rule) { return d.kind == kind && d.rule == rule; };
    QVERIFY(is(eval.decide(r1, r2, IntentProtocol::Rdma), DecisionKind::Allow, 0));
    QVERIFY(is(eval.decide(r3, r4, IntentProtocol::Rdma), DecisionKind::Allow, 1));
    QVERIFY(is(eval.decide(r4, r3, IntentProtocol::Rdma), DecisionKind::Deny, 0));
    QVERIFY(is(eval.decide(r4, r3, IntentProtocol::Tcp), DecisionKind::Allow, 2));
    QVERIFY(is(eval.decide(r1, r3, IntentProtocol::Rdma), DecisionKind::DefaultDeny, -1));
    QVERIFY(is(eval.decide(r1, eval.publicDestination(), IntentProtocol::Tcp), DecisionKind::PublicEgressDenied, -1));
    QCOMPARE(eval.decide(r4, r3, IntentProtocol::Rdma).pointer(), std::string("/deny/0"));
    QCOMPARE(eval.decide(r1, r3, IntentProtocol::Rdma).describe(), std::string("default deny"));
    // Statistics of /allow/1 (z2 → z2 rdma): 4 pairs, r4→r3 and r4→r4 denied.
    QCOMPARE(eval.allowStats(1).matched, 4LL);
    QCOMPARE(eval.allowStats(1).decided, 2LL);
    QCOMPARE(eval.allowStats(1).overridden, 2LL);
    // /deny/0 decides r4 → r1..r4 (4 pairs); only r4→r3 and r4→r4 would be allowed.
    QCOMPARE(eval.denyStats(0).decided, 4LL);
    QCOMPARE(eval.denyStats(0).effective, 2LL);

    LintOptions options;
    options.matrix = true;
    const LintReport report = lintIntent(intent, fabric, options);
    QCOMPARE(report.allowedPairs[0], 6LL); // 8 minus r4→r3, r4→r4
    long long pairs[2] = {0, 0};
    for (const MatrixBlock &b : report.matrix) {
        if (b.to != "@public" && b.allowed)
            pairs[b.proto == IntentProtocol::Rdma ? 0 : 1] += (long long)b.fromGroups * b.toGroups;
    }
    QCOMPARE(pairs[0], 6LL);
    QCOMPARE(pairs[1], 16LL);
}

void TestIntentLint::splitRack()
{
    // A rule naming h1 splits rack r1 into {h1} and {h2}.
    Intent intent = cleanIntent();
    intent.allow.push_back(rule("h1", "z2/*", IntentProtocol::Rdma));
    const Fabric fabric = smallFabric();
    const IntentGrouping grouping(fabric, {&intent});
    QCOMPARE(grouping.groupCount(), 5);
    QCOMPARE(grouping.group(grouping.groupOfHost(0)).label, std::string("r1:h1"));
    QCOMPARE(grouping.group(grouping.groupOfHost(1)).label, std::string("r1:h2"));
    const LintReport report = lintIntent(intent, fabric);
    // 5 groups: RDMA allowed r1:h1,r1:h2,r2 among themselves (9), r3,r4 (4), h1 → r3,r4 (2).
    QCOMPARE(report.totalPairs, 25LL);
    QCOMPARE(report.allowedPairs[0], 15LL);
}

void TestIntentLint::jsonReport()
{
    Intent intent = cleanIntent();
    intent.rails = 8;
    const Fabric fabric = smallFabric();
    LintReport report = lintIntent(intent, fabric);
    report.sha256 = "abc";
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(lintReportToJson(report)));
    QVERIFY(doc.isObject());
    const QJsonObject o = doc.object();
    QCOMPARE(o.value(QStringLiteral("errors")).toInt(), 1);
    QCOMPARE(o.value(QStringLiteral("intent")).toObject().value(QStringLiteral("sha256")).toString(),
             QStringLiteral("abc"));
    const QJsonObject rdma = o.value(QStringLiteral("reachability"))
                                 .toObject()
                                 .value(QStringLiteral("protocols"))
                                 .toObject()
                                 .value(QStringLiteral("rdma"))
                                 .toObject();
    QCOMPARE(rdma.value(QStringLiteral("allowed_pairs")).toInt(), 8);
    QCOMPARE(rdma.value(QStringLiteral("denied_pairs")).toInt(), 8);
    const QJsonObject finding = o.value(QStringLiteral("findings")).toArray().first().toObject();
    QCOMPARE(finding.value(QStringLiteral("kind")).toString(), QStringLiteral("rails-mismatch"));
    QCOMPARE(finding.value(QStringLiteral("pointer")).toString(), QStringLiteral("/rails"));
    QCOMPARE(finding.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
}

QTEST_GUILESS_MAIN(TestIntentLint)
#include "tst_intentlint.moc"
