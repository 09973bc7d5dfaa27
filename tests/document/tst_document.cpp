// Every document command: push, undo, redo, compare the state.

#include "core/analysis/bisection.h"
#include "core/document/fabricdocument.h"
#include "core/generators/presets.h"

#include <QSignalSpy>
#include <QTest>

#include <limits>

using namespace Railyard;

namespace {
std::string state(const FabricDocument &d)
{
    std::string s;
    const Failures f = d.failures();
    for (auto l : f.links)
        s += "L" + std::to_string(l) + ",";
    for (auto w : f.switches)
        s += "S" + std::to_string(w) + ",";
    for (const Link &l : d.fabric().links())
        s += std::to_string(static_cast<long long>(l.capacityGbps)) + ";";
    return s;
}
} // namespace

class TestDocument : public QObject
{
    Q_OBJECT
private slots:
    void failAndRestoreAreUndoable()
    {
        FabricDocument doc(generateClos(fatTreeParams(4, 100)));
        QSignalSpy spy(&doc, &FabricDocument::changed);
        const std::string clean = state(doc);
        doc.setFailed({"core-0001", "host001--leaf-0001"}, true);
        QCOMPARE(spy.count(), 1);
        QVERIFY(doc.hasFailures());
        QVERIFY(doc.isSwitchFailed(doc.fabric().switchIndexOf(doc.fabric().findNode("core-0001"))));
        const std::string failed = state(doc);
        QVERIFY(failed != clean);
        doc.undoStack()->undo();
        QCOMPARE(state(doc), clean);
        QVERIFY(!doc.hasFailures());
        doc.undoStack()->redo();
        QCOMPARE(state(doc), failed);
        doc.restoreAll();
        QCOMPARE(state(doc), clean);
        doc.undoStack()->undo();
        QCOMPARE(state(doc), failed);
    }

    void failingAHostFailsItsLinks()
    {
        FabricDocument doc(generateClos(fatTreeParams(4, 100)));
        std::vector<std::string> unknown;
        doc.setFailed({"host001", "nope"}, true, &unknown);
        QCOMPARE(unknown, std::vector<std::string>{"nope"});
        QCOMPARE(doc.failures().links.size(), size_t(1));
    }

    void whatIfChangesTheBisection()
    {
        FabricDocument doc(generateClos(fatTreeParams(8, 100)));
        doc.setFailed({"core-0001"}, true);
        QCOMPARE(analyzeBisection(doc.fabric(), doc.capacityView()).gbps, 6000.0);
        doc.undoStack()->undo();
        QCOMPARE(analyzeBisection(doc.fabric(), doc.capacityView()).gbps, 6400.0);
    }

    void capacityEditsMerge()
    {
        FabricDocument doc(generateClos(fatTreeParams(4, 100)));
        const std::string clean = state(doc);
        QVERIFY(doc.setLinkCapacity(0, 200));
        QVERIFY(doc.setLinkCapacity(0, 400));
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.fabric().link(0).capacityGbps, 400.0);
        doc.undoStack()->undo();
        QCOMPARE(state(doc), clean);
        doc.undoStack()->redo();
        QCOMPARE(doc.fabric().link(0).capacityGbps, 400.0);
        QVERIFY(!doc.setLinkCapacity(0, -5));
        QVERIFY(!doc.setLinkCapacity(9999, 5));
    }

    void linkRateDegradesAndRestores()
    {
        // A 100G fat-tree link run at 25 Gbit/s is degraded, the capacity view
        // (what analyses and jobs route on) carries 25, 0 takes it down, and
        // undo brings back the healthy link.
        FabricDocument doc(generateClos(fatTreeParams(4, 100)));
        QSignalSpy spy(&doc, &FabricDocument::changed);
        QVERIFY(doc.setLinkRate(0, 25));
        QCOMPARE(doc.fabric().link(0).state, LinkState::Degraded);
        QCOMPARE(doc.fabric().link(0).degradedGbps, 25.0);
        QCOMPARE(doc.capacityView().gbps[0], 25.0);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).value<FabricDocument::Change>(), FabricDocument::Change::Capacities);
        QVERIFY(doc.setLinkRate(0, 0));
        QCOMPARE(doc.fabric().link(0).state, LinkState::Down);
        QCOMPARE(doc.capacityView().gbps[0], 0.0);
        QVERIFY(doc.setLinkRate(0, 100)); // the nominal rate: up again
        QCOMPARE(doc.fabric().link(0).state, LinkState::Up);
        QCOMPARE(doc.undoStack()->count(), 3);
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(doc.fabric().link(0).state, LinkState::Degraded);
        QCOMPARE(doc.fabric().link(0).degradedGbps, 25.0);
        doc.undoStack()->undo();
        QCOMPARE(doc.fabric().link(0).state, LinkState::Up);
        QCOMPARE(doc.capacityView().gbps[0], 100.0);
        QVERIFY(doc.setLinkRate(0, 100)); // no change: no undo step
        QCOMPARE(doc.undoStack()->index(), 0);
        QVERIFY(!doc.setLinkRate(0, -1));
        QVERIFY(!doc.setLinkRate(0, std::numeric_limits<double>::quiet_NaN()));
        QVERIFY(!doc.setLinkRate(99999, 10));
    }

    void capacityBelowDegradedRateRestores()
    {
        // A link running at 200 of 400 Gbit/s whose capacity is then set to 100:
        // it cannot run faster than its capacity, so it is up at 100 — one undo
        // step, and undo brings back 400 degraded to 200. The fabric stays valid.
        FabricDocument doc(generateClos(fatTreeParams(4, 400)));
        QVERIFY(doc.setLinkRate(0, 200));
        QVERIFY(doc.setLinkCapacity(0, 100));
        QCOMPARE(doc.fabric().link(0).state, LinkState::Up);
        QCOMPARE(doc.fabric().link(0).capacityGbps, 100.0);
        QCOMPARE(doc.capacityView().gbps[0], 100.0);
        QVERIFY(doc.fabric().validate().empty());
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.undoStack()->undo();
        QCOMPARE(doc.fabric().link(0).capacityGbps, 400.0);
        QCOMPARE(doc.fabric().link(0).state, LinkState::Degraded);
        QCOMPARE(doc.fabric().link(0).degradedGbps, 200.0);
        // Above the rate, the link stays degraded.
        doc.undoStack()->redo();
        doc.undoStack()->undo();
        QVERIFY(doc.setLinkCapacity(0, 300));
        QCOMPARE(doc.fabric().link(0).state, LinkState::Degraded);
    }

    void selectionIsShared()
    {
        FabricDocument doc(generateClos(fatTreeParams(4, 100)));
        QSignalSpy spy(&doc, &FabricDocument::selectionChanged);
        doc.setSelection({"leaf-0001"});
        doc.setSelection({"leaf-0001"});
        QCOMPARE(spy.count(), 1);
        QCOMPARE(doc.selection().front(), std::string("leaf-0001"));
    }
};

QTEST_GUILESS_MAIN(TestDocument)
#include "tst_document.moc"
