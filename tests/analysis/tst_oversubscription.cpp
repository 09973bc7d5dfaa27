// Oversubscription on hand-built fabrics whose ratios are worked out by hand.

#include "core/analysis/capacity.h"
#include "core/analysis/oversubscription.h"

#include <QTest>

#include <cmath>

using namespace Railyard;

namespace {
// Two leaves, one spine. leaf-a: 4 hosts × 100G down, 1 × 100G up (4:1).
// leaf-b: 2 hosts × 100G down, 2 × 100G up (1:1).
Fabric handBuilt()
{
    Fabric f;
    for (int i = 0; i < 6; ++i) {
        Host h;
        h.id = "h" + std::to_string(i);
        h.gpus = 1;
        f.addHost(h);
    }
    for (const char *id : {"leaf-a", "leaf-b"}) {
        Switch s;
        s.id = id;
        s.tier = Tier::Leaf;
        f.addSwitch(s);
    }
    Switch spine;
    spine.id = "spine";
    spine.tier = Tier::Spine;
    f.addSwitch(spine);
    auto link = [&](const std::string &id, const char *a, const char *b) {
        f.addLink({id, f.findNode(a), f.findNode(b), -1, -1, 100.0});
    };
    for (int i = 0; i < 4; ++i)
        link("a" + std::to_string(i), ("h" + std::to_string(i)).c_str(), "leaf-a");
    for (int i = 4; i < 6; ++i)
        link("b" + std::to_string(i), ("h" + std::to_string(i)).c_str(), "leaf-b");
    link("up-a", "leaf-a", "spine");
    link("up-b1", "leaf-b", "spine");
    link("up-b2", "leaf-b", "spine");
    return f;
}
} // namespace

class TestOversubscription : public QObject
{
    Q_OBJECT
private slots:
    void perSwitchAndTier()
    {
        const Fabric f = handBuilt();
        const auto r = analyzeOversubscription(f, CapacityView::of(f));
        QCOMPARE(r.perSwitch[0].ratio, 4.0);
        QCOMPARE(r.perSwitch[1].ratio, 1.0);
        QCOMPARE(r.tiers.size(), size_t(2));
        const auto &leaf = r.tiers[0];
        QCOMPARE(leaf.tier, Tier::Leaf);
        QCOMPARE(leaf.downGbps, 600.0);
        QCOMPARE(leaf.upGbps, 300.0);
        QCOMPARE(leaf.ratio, 2.0); // aggregate 600:300
        QCOMPARE(leaf.worstRatio, 4.0);
        QCOMPARE(f.switchAt(leaf.worstSwitch).id, std::string("leaf-a"));
        QVERIFY(r.tiers[1].isTop);
        QVERIFY(std::isnan(r.tiers[1].ratio));
    }

    void failuresAndDegradedLinksCount()
    {
        Fabric f = handBuilt();
        // Degrade one leaf-b uplink to 50G: leaf-b 200:150.
        f.link(f.findLink("up-b2")).state = LinkState::Degraded;
        f.link(f.findLink("up-b2")).degradedGbps = 50.0;
        auto r = analyzeOversubscription(f, CapacityView::of(f));
        QCOMPARE(r.perSwitch[1].ratio, 200.0 / 150.0);
        // Fail leaf-a's only uplink: no uplink capacity left.
        Failures fail;
        fail.links.push_back(f.findLink("up-a"));
        r = analyzeOversubscription(f, CapacityView::of(f, fail));
        QVERIFY(std::isinf(r.perSwitch[0].ratio));
        QVERIFY(std::isinf(r.tiers[0].worstRatio));
    }

    void resolveFailuresNamesUnknownIds()
    {
        const Fabric f = handBuilt();
        Failures out;
        std::string error;
        QVERIFY(resolveFailures(f, {"spine", "up-a"}, &out, &error));
        QCOMPARE(out.switches.size(), size_t(1));
        QCOMPARE(out.links.size(), size_t(1));
        QVERIFY(!resolveFailures(f, {"spine-9"}, &out, &error));
        QVERIFY(error.find("spine-9") != std::string::npos);
        QVERIFY(!resolveFailures(f, {"h1"}, &out, &error));
        QVERIFY(error.find("host") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestOversubscription)
#include "tst_oversubscription.moc"
