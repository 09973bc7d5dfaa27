// Intent diffs on the small fabric of intenttestdata.h: each rule-level
// kind (added, removed, changed, reordered, renamed), settings, and the
// semantic diff (newly allowed / denied pairs per protocol, egress) with the
// racks and links it marks, counted by hand: racks r1 and r3 talk over the
// 4 NIC links of each rack's hosts (2 hosts × 2 NICs) and the 4 uplinks
// leaf1-spine1/2 and leaf3-spine1/2.

#include "core/registry/formatregistry.h"
#include "core/intents/intentdiff.h"
#include "core/intents/intentreader.h"
#include "tests/intents/intenttestdata.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <set>

using namespace Railyard;
using namespace Railyard::IntentTest;

namespace {

std::set<std::string> linkIds(const Fabric &f, const SemanticDiff &d, ChangeKind kind)
{
    std::set<std::string> ids;
    for (const LinkChange &l : d.links) {
        if (l.kind == kind)
            ids.insert(f.link(l.link).id);
    }
    return ids;
}

std::set<std::string> rackLabels(const SemanticDiff &d, ChangeKind kind)
{
    std::set<std::string> out;
    for (const RackChange &r : d.racks) {
        if (r.kind == kind)
            out.insert(r.label);
    }
    return out;
}

} // namespace

class TestIntentDiff : public QObject
{
    Q_OBJECT

private slots:
    void identical();
    void added();
    void removed();
    void changed();
    void reordered();
    void renamed();
    void settingsAndMetadata();
    void newlyAllowed();
    void newlyDenied();
    void changedRackAndLinks();
    void egressOpened();
    void movedRuleIsNotRedecided();
    void samplesJson();
};

void TestIntentDiff::identical()
{
    const Fabric fabric = smallFabric();
    const Intent a = cleanIntent();
    const IntentDiff d = diffIntents(a, a, fabric);
    QVERIFY(d.rules.changes.empty());
    QCOMPARE(d.rules.unchanged, 3);
    QVERIFY(d.rules.settings.empty());
    QVERIFY(d.semantics.empty());
    QVERIFY(d.semantics.links.empty());
    QCOMPARE(d.semantics.redecided, 0LL);
}

void TestIntentDiff::added()
{
    const Intent a = cleanIntent();
    Intent b = a;
    b.allow.insert(b.allow.begin() + 1, rule("r1", "r3", IntentProtocol::Rdma));
    const RuleDiff d = diffRules(a, b);
    QCOMPARE(d.changes.size(), size_t(1));
    QCOMPARE(d.changes[0].kind, RuleChangeKind::Added);
    QCOMPARE(d.changes[0].newIndex, 1);
    QCOMPARE(d.changes[0].pointer(), std::string("/allow/1"));
    // The rules behind it moved one place but kept their order: not reordered.
    QCOMPARE(d.unchanged, 3);
    QCOMPARE(d.allowPairing, (std::vector<int>{0, 2, 3}));
}

void TestIntentDiff::removed()
{
    const Intent a = cleanIntent();
    Intent b = a;
    b.allow.erase(b.allow.begin());
    const RuleDiff d = diffRules(a, b);
    QCOMPARE(d.changes.size(), size_t(1));
    QCOMPARE(d.changes[0].kind, RuleChangeKind::Removed);
    QCOMPARE(d.changes[0].oldIndex, 0);
    QCOMPARE(d.changes[0].oldRule.from, std::string("z1/*"));
    QCOMPARE(d.count(RuleChangeKind::Removed), 1);
}

void TestIntentDiff::changed()
{
    Intent a = cleanIntent();
    a.allow[2].name.clear(); // unnamed: paired by two of from/to/proto
    Intent b = a;
    b.allow[2].proto = IntentProtocol::Any;
    b.allow[0].comment = "why";
    const RuleDiff d = diffRules(a, b);
    QCOMPARE(d.count(RuleChangeKind::Changed), 2);
    QCOMPARE(d.changes[0].pointer(), std::string("/allow/0"));
    QCOMPARE(d.changes[0].fields, std::vector<std::string>{"comment"});
    QCOMPARE(d.changes[1].pointer(), std::string("/allow/2"));
    QCOMPARE(d.changes[1].fields, std::vector<std::string>{"proto"});
    QVERIFY(!d.changes[1].moved);
}

void TestIntentDiff::reordered()
{
    const Intent a = cleanIntent();
    Intent b = a;
    // Move tcp-all from the end to the front.
    std::rotate(b.allow.begin(), b.allow.begin() + 2, b.allow.end());
    const RuleDiff d = diffRules(a, b);
    QCOMPARE(d.changes.size(), size_t(1));
    QCOMPARE(d.changes[0].kind, RuleChangeKind::Reordered);
    QCOMPARE(d.changes[0].newRule.name, std::string("tcp-all"));
    QCOMPARE(d.changes[0].oldIndex, 2);
    QCOMPARE(d.changes[0].newIndex, 0);
    QCOMPARE(d.unchanged, 2);
    // The effect is the same.
    const Fabric fabric = smallFabric();
    QVERIFY(diffSemantics(a, b, fabric).empty());
}

void TestIntentDiff::renamed()
{
    const Intent a = cleanIntent();
    Intent b = a;
    b.allow[1].name = "rdma-zone-2";
    const RuleDiff d = diffRules(a, b);
    QCOMPARE(d.changes.size(), size_t(1));
    QCOMPARE(d.changes[0].kind, RuleChangeKind::Changed);
    QCOMPARE(d.changes[0].fields, std::vector<std::string>{"name"});
}

void TestIntentDiff::settingsAndMetadata()
{
    const Intent a = cleanIntent();
    Intent b = a;
    b.denyPublicEgress = false;
    b.lossless->ecn->kmaxKiB = 800;
    b.metadata.version = 2;
    b.metadata.parent = 1;
    const RuleDiff d = diffRules(a, b);
    QCOMPARE(d.settings.size(), size_t(2));
    QCOMPARE(d.settings[0].pointer, std::string("/deny_public_egress"));
    QCOMPARE(d.settings[0].oldValue, std::string("true"));
    QCOMPARE(d.settings[0].newValue, std::string("false"));
    QCOMPARE(d.settings[1].pointer, std::string("/lossless/ecn/kmax_kib"));
    QCOMPARE(d.settings[1].newValue, std::string("800"));
    QCOMPARE(d.metadata.size(), size_t(2));
    QCOMPARE(d.metadata[0].pointer, std::string("/metadata/parent"));
    QCOMPARE(d.metadata[0].oldValue, std::string());
    QCOMPARE(d.metadata[1].pointer, std::string("/metadata/version"));
}

void TestIntentDiff::newlyAllowed()
{
    const Fabric fabric = smallFabric();
    const Intent a = cleanIntent();
    Intent b = a;
    b.allow.push_back(rule("r1", "r3", IntentProtocol::Rdma));
    const SemanticDiff d = diffSemantics(a, b, fabric);
    QCOMPARE(d.newlyAllowed[0], 1LL);
    QCOMPARE(d.newlyDenied[0], 0LL);
    QCOMPARE(d.newlyAllowed[1], 0LL);
    QCOMPARE(d.blocks.size(), size_t(1));
    const PairChangeBlock &block = d.blocks[0];
    QVERIFY(block.allowedNow);
    QCOMPARE(block.proto, IntentProtocol::Rdma);
    QCOMPARE(d.grouping->group(block.from.at(0)).label, std::string("r1"));
    QCOMPARE(d.grouping->group(block.to.at(0)).label, std::string("r3"));
    QCOMPARE(block.before.kind, DecisionKind::DefaultDeny);
    QCOMPARE(block.after.pointer(), std::string("/allow/3"));
    QCOMPARE(rackLabels(d, ChangeKind::Added), (std::set<std::string>{"r1", "r3"}));
    QVERIFY(rackLabels(d, ChangeKind::Removed).empty());
    QCOMPARE(d.racks[0].hosts, (std::vector<std::int32_t>{0, 1}));
    // NIC links of h1, h2 (r1) and h5, h6 (r3), and leaf1/leaf3 to both spines.
    QCOMPARE(linkIds(fabric, d, ChangeKind::Added),
             (std::set<std::string>{"h1-n0", "h1-n1", "h2-n0", "h2-n1", "h5-n0", "h5-n1", "h6-n0", "h6-n1",
                                    "leaf1-spine1", "leaf1-spine2", "leaf3-spine1", "leaf3-spine2"}));
    QCOMPARE(d.links.size(), size_t(12));
}

void TestIntentDiff::newlyDenied()
{
    const Fabric fabric = smallFabric();
    const Intent a = cleanIntent();
    Intent b = a;
    b.deny.push_back(rule("r2", "r1", IntentProtocol::Tcp));
    const SemanticDiff d = diffSemantics(a, b, fabric);
    QCOMPARE(d.newlyDenied[1], 1LL);
    QCOMPARE(d.newlyAllowed[1], 0LL);
    QCOMPARE(d.newlyDenied[0], 0LL);
    QCOMPARE(rackLabels(d, ChangeKind::Removed), (std::set<std::string>{"r1", "r2"}));
    QCOMPARE(linkIds(fabric, d, ChangeKind::Removed),
             (std::set<std::string>{"h1-n0", "h1-n1", "h2-n0", "h2-n1", "h3-n0", "h3-n1", "h4-n0", "h4-n1",
                                    "leaf1-spine1", "leaf1-spine2", "leaf2-spine1", "leaf2-spine2"}));
    QCOMPARE(d.blocks[0].before.pointer(), std::string("/allow/2"));
    QCOMPARE(d.blocks[0].after.pointer(), std::string("/deny/0"));
}

void TestIntentDiff::changedRackAndLinks()
{
    // r1 gains RDMA to r3 and loses TCP from r2: r1 and its links are "changed".
    const Fabric fabric = smallFabric();
    const Intent a = cleanIntent();
    Intent b = a;
    b.allow.push_back(rule("r1", "r3", IntentProtocol::Rdma));
    b.deny.push_back(rule("r2", "r1", IntentProtocol::Tcp));
    const SemanticDiff d = diffSemantics(a, b, fabric);
    QCOMPARE(rackLabels(d, ChangeKind::Changed), std::set<std::string>{"r1"});
    QCOMPARE(rackLabels(d, ChangeKind::Added), std::set<std::string>{"r3"});
    QCOMPARE(rackLabels(d, ChangeKind::Removed), std::set<std::string>{"r2"});
    QCOMPARE(linkIds(fabric, d, ChangeKind::Changed),
             (std::set<std::string>{"h1-n0", "h1-n1", "h2-n0", "h2-n1", "leaf1-spine1", "leaf1-spine2"}));
    QCOMPARE(linkIds(fabric, d, ChangeKind::Added).size(), size_t(6));
    QCOMPARE(linkIds(fabric, d, ChangeKind::Removed).size(), size_t(6));
    // Group r1: gained 1 RDMA pair (as a source), lost 1 TCP pair (as a destination).
    for (const GroupChange &g : d.groups) {
        if (d.grouping->group(g.group).label == "r1") {
            QCOMPARE(g.pairsGained[0], 1LL);
            QCOMPARE(g.pairsLost[1], 1LL);
            QCOMPARE(g.kind, ChangeKind::Changed);
        }
    }
}

void TestIntentDiff::egressOpened()
{
    const Fabric fabric = smallFabric();
    const Intent a = cleanIntent();
    Intent b = a;
    b.denyPublicEgress = false;
    const SemanticDiff d = diffSemantics(a, b, fabric);
    QCOMPARE(d.egressOpened[0], 4);
    QCOMPARE(d.egressOpened[1], 4);
    QCOMPARE(d.newlyAllowed[0], 0LL); // pairs between hosts only
    QCOMPARE(d.racks.size(), size_t(4));
    for (const GroupChange &g : d.groups)
        QVERIFY(g.egressGained && !g.egressLost);
    // The fabric has no border: egress marks the hosts' NIC links (8 hosts × 2).
    QCOMPARE(linkIds(fabric, d, ChangeKind::Added).size(), size_t(16));
    QCOMPARE(d.blocks.front().before.kind, DecisionKind::PublicEgressDenied);
    QCOMPARE(d.blocks.front().after.kind, DecisionKind::PublicEgressOpen);
}

void TestIntentDiff::movedRuleIsNotRedecided()
{
    const Fabric fabric = smallFabric();
    const Intent a = cleanIntent();
    Intent b = a;
    b.allow.insert(b.allow.begin(), rule("h9", "h9", IntentProtocol::Tcp)); // matches nothing
    const SemanticDiff d = diffSemantics(a, b, fabric);
    QVERIFY(d.empty());
    QCOMPARE(d.redecided, 0LL);
    // A rule that takes over pairs counts them as re-decided: r1 → * tcp
    // before tcp-all decides 4 pairs now.
    Intent c = a;
    c.allow.insert(c.allow.begin(), rule("r1", "*", IntentProtocol::Tcp));
    QCOMPARE(diffSemantics(a, c, fabric).redecided, 4LL);
}

void TestIntentDiff::samplesJson()
{
    // The bundled v3 → v4: su-005 (racks 033-040, zone-02) opened to RDMA
    // from zone-01 (racks 001-032) both ways: 2 × 32 × 8 = 512 pairs; egress
    // closed on zone-03's 32 racks for both protocols.
    const QString dir = QStringLiteral(RAILYARD_SAMPLES "/");
    const IntentReadResult v3 = readIntentFile(dir + QStringLiteral("cluster-3k.v3.intent.json"));
    const IntentReadResult v4 = readIntentFile(dir + QStringLiteral("cluster-3k.v4.intent.json"));
    QVERIFY(v3.ok() && v4.ok());
    const ReadResult fabric = FormatRegistry::instance().readFile(dir + QStringLiteral("cluster-3k.fabric.json"));
    QVERIFY(fabric.ok());
    const IntentDiff diff = diffIntents(*v3.intent, *v4.intent, *fabric.fabric);
    QCOMPARE(diff.semantics.newlyAllowed[0], 512LL);
    QCOMPARE(diff.semantics.newlyDenied[0], 0LL);
    QCOMPARE(diff.semantics.egressClosed[0], 32);
    QCOMPARE(diff.semantics.egressClosed[1], 32);
    QCOMPARE(diff.rules.count(RuleChangeKind::Added), 2);
    QCOMPARE(diff.rules.count(RuleChangeKind::Removed), 3);
    const QJsonObject o
        = QJsonDocument::fromJson(QByteArray::fromStdString(intentDiffToJson(diff, *v3.intent, *v4.intent))).object();
    QCOMPARE(o.value(QStringLiteral("racks")).toObject().value(QStringLiteral("added")).toInt(), 40);
    QCOMPARE(o.value(QStringLiteral("racks")).toObject().value(QStringLiteral("removed")).toInt(), 32);
    const QJsonArray settings = o.value(QStringLiteral("settings")).toArray();
    QCOMPARE(settings.size(), 1);
    QCOMPARE(settings[0].toObject().value(QStringLiteral("after")).toBool(), true);
    const QJsonObject rdma = o.value(QStringLiteral("reachability"))
                                 .toObject()
                                 .value(QStringLiteral("protocols"))
                                 .toObject()
                                 .value(QStringLiteral("rdma"))
                                 .toObject();
    QCOMPARE(rdma.value(QStringLiteral("newly_allowed_pairs")).toInt(), 512);
    // zone-01 hosts: 128 × 8 NIC links; su-005: 32 × 8; all added.
    const QJsonObject links = o.value(QStringLiteral("links")).toObject();
    QVERIFY(links.value(QStringLiteral("added")).toInt() > 128 * 8 + 32 * 8);
    QCOMPARE(links.value(QStringLiteral("changes")).toArray().size(),
             links.value(QStringLiteral("added")).toInt() + links.value(QStringLiteral("removed")).toInt()
                 + links.value(QStringLiteral("changed")).toInt());
}

QTEST_GUILESS_MAIN(TestIntentDiff)
#include "tst_intentdiff.moc"
