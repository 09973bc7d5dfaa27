#include "core/generators/presets.h"
#include "core/layout/fabriclayout.h"

#include <QTest>

#include <algorithm>
#include <set>

using namespace Railyard;

class TestLayout : public QObject
{
    Q_OBJECT
private slots:
    void tiersStackUpward()
    {
        const Fabric f = generateClos(fatTreeParams(4, 100));
        const FabricLayout layout = FabricLayout::compute(f);
        QCOMPARE(layout.rowCount(), 4);
        for (NodeIndex n = 0; n < f.nodeCount(); ++n) {
            QVERIFY(layout.bounds().contains(layout.nodeRect(n)));
            if (f.isSwitch(n))
                QVERIFY(layout.nodeRect(n).bottom() < 0); // above the hosts
        }
        // Core above spine above leaf.
        QVERIFY(layout.rowY(3) < layout.rowY(2));
        QVERIFY(layout.rowY(2) < layout.rowY(1));
    }

    void leavesSitOverTheirRack()
    {
        const Fabric f = generateClos(fatTreeParams(8, 100));
        const FabricLayout layout = FabricLayout::compute(f);
        for (std::int32_t s = 0; s < f.switchCount(); ++s) {
            if (f.switchAt(s).tier != Tier::Leaf)
                continue;
            const NodeIndex n = f.switchNode(s);
            double lo = 1e18, hi = -1e18;
            for (auto l : f.incidentLinks(n)) {
                const NodeIndex u = f.otherEnd(l, n);
                if (f.isHost(u)) {
                    lo = std::min(lo, layout.nodeRect(u).left());
                    hi = std::max(hi, layout.nodeRect(u).right());
                }
            }
            const double cx = layout.nodeCenter(n).x();
            QVERIFY(cx >= lo && cx <= hi);
        }
    }

    void switchesOfARowDoNotOverlap()
    {
        const Fabric f = generateClos(alibabaHpnParams(2));
        const FabricLayout layout = FabricLayout::compute(f);
        for (int row = 1; row < layout.rowCount(); ++row) {
            std::vector<QRectF> rects;
            for (std::int32_t s = 0; s < f.switchCount(); ++s)
                if (layout.rowOf(f.switchNode(s)) == row)
                    rects.push_back(layout.nodeRect(f.switchNode(s)));
            std::sort(rects.begin(), rects.end(), [](const QRectF &a, const QRectF &b) { return a.left() < b.left(); });
            for (size_t i = 1; i < rects.size(); ++i)
                QVERIFY(rects[i].left() >= rects[i - 1].right() - 1e-9);
        }
    }

    void spatialQueriesMatchBruteForce()
    {
        const Fabric f = generateClos(dgxSuperpodParams(2));
        const FabricLayout layout = FabricLayout::compute(f);
        const QRectF probe(100, -300, 400, 320);
        std::set<NodeIndex> expected;
        for (NodeIndex n = 0; n < f.nodeCount(); ++n)
            if (layout.nodeRect(n).intersects(probe))
                expected.insert(n);
        const auto found = layout.nodesIn(probe);
        QCOMPARE(std::set<NodeIndex>(found.begin(), found.end()), expected);
        QVERIFY(!expected.empty());
        const NodeIndex some = *expected.begin();
        QCOMPARE(layout.nodeAt(layout.nodeCenter(some), 0.5), some);
    }

    void pinnedNodesStayWherePinned()
    {
        const Fabric f = generateClos(fatTreeParams(4, 100));
        const FabricLayout free = FabricLayout::compute(f);
        const NodeIndex core = f.findNode("core-0001");
        const NodeIndex host = f.findNode("host001");
        const std::unordered_map<std::string, QPointF> pins{{"core-0001", QPointF(-500, 900)}, {"nope", QPointF(1, 1)}};
        const FabricLayout pinned = FabricLayout::compute(f, &pins);
        QCOMPARE(pinned.nodeCenter(core), QPointF(-500, 900));
        // Unpinned nodes follow the automatic layout unchanged.
        QCOMPARE(pinned.nodeRect(host), free.nodeRect(host));
        // The spatial index, the bounds and the racks-level group see the new place.
        QCOMPARE(pinned.nodeAt(QPointF(-500, 900)), core);
        QVERIFY(pinned.bounds().contains(QPointF(-500, 900)));
        const LayoutLevel &racks = pinned.levels()[2];
        QVERIFY(racks.groups[static_cast<size_t>(racks.groupOfNode[static_cast<size_t>(core)])].rect.contains(QPointF(-500, 900)));
    }

    void levelsAggregateEveryLink()
    {
        const Fabric f = generateClos(dgxSuperpodParams(2));
        const FabricLayout layout = FabricLayout::compute(f);
        QCOMPARE(layout.levels().size(), size_t(3));
        // Racks level: every link joins two different groups (hosts to switches).
        const LayoutLevel &racks = layout.levels()[2];
        size_t links = 0;
        for (const auto &b : racks.bundles)
            links += b.links.size();
        QCOMPARE(static_cast<std::int32_t>(links), f.linkCount());
        // 2 SUs of 32 hosts in racks of 4: 16 rack groups + one group per switch.
        QCOMPARE(static_cast<std::int32_t>(racks.groups.size()), 16 + f.switchCount());
        // SU level: one host group per SU, the leaves of an SU in one group.
        const LayoutLevel &sus = layout.levels()[1];
        int hostGroups = 0;
        for (const auto &g : sus.groups)
            hostGroups += g.row == 0 ? 1 : 0;
        QCOMPARE(hostGroups, 2);
        QCOMPARE(sus.groupOfNode[static_cast<size_t>(f.findNode("leaf-0001"))],
                 sus.groupOfNode[static_cast<size_t>(f.findNode("leaf-0008"))]);
    }

    void spansNameTheLocationsUnderTheHosts()
    {
        // 2 SUs of 32 hosts in racks of 4, in one pod, no zone: at the racks
        // level, each SU spans its 8 racks and the pod all 16; no zone row.
        const Fabric f = generateClos(dgxSuperpodParams(2));
        const FabricLayout layout = FabricLayout::compute(f);
        const LayoutLevel &racks = layout.levels()[2];
        std::vector<const LayoutGroup *> rackGroups;
        for (const auto &g : racks.groups)
            if (g.row == 0)
                rackGroups.push_back(&g);
        std::sort(rackGroups.begin(), rackGroups.end(),
                  [](const LayoutGroup *a, const LayoutGroup *b) { return a->rect.left() < b->rect.left(); });
        QCOMPARE(rackGroups.size(), size_t(16));
        QCOMPARE(racks.spans.size(), size_t(3));
        const LayoutSpan &pod = racks.spans[0], &su1 = racks.spans[1], &su2 = racks.spans[2];
        QCOMPARE(pod.depth, LayoutSpan::Pod);
        QCOMPARE(pod.label, f.host(0).location.pod);
        QVERIFY(!pod.label.empty());
        QCOMPARE(pod.groups, 16);
        QCOMPARE(pod.left, rackGroups.front()->rect.left());
        QCOMPARE(pod.right, rackGroups.back()->rect.right());
        QCOMPARE(su1.depth, LayoutSpan::ScalableUnit);
        QCOMPARE(su1.groups, 8);
        QCOMPARE(su2.groups, 8);
        QCOMPARE(su1.left, rackGroups[0]->rect.left());
        QCOMPARE(su1.right, rackGroups[7]->rect.right());
        QCOMPARE(su2.left, rackGroups[8]->rect.left());
        QVERIFY(su1.label != su2.label);
        QCOMPARE(su1.label, f.host(rackGroups[0]->members.front()).location.su);
        // The SU level: the pod over its two SUs, then the SUs themselves
        // (one group each), for boxes too small for their labels.
        const LayoutLevel &sus = layout.levels()[1];
        QCOMPARE(sus.spans.size(), size_t(3));
        QCOMPARE(sus.spans[0].depth, LayoutSpan::Pod);
        QCOMPARE(sus.spans[0].groups, 2);
        QCOMPARE(sus.spans[1].depth, LayoutSpan::ScalableUnit);
        QCOMPARE(sus.spans[1].label, su1.label);
        QCOMPARE(sus.spans[1].groups, 1);
        // The pods level: no zone; the one pod as its own run.
        QCOMPARE(layout.levels()[0].spans.size(), size_t(1));
        QCOMPARE(layout.levels()[0].spans[0].depth, LayoutSpan::Pod);
    }
};

QTEST_GUILESS_MAIN(TestLayout)
#include "tst_layout.moc"
