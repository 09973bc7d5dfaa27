// The Floor dock in the main window on samples/cluster-3k.fabric.json, which
// has no floor of its own (docs/floor.md):
//
//  * the automatic floor is shown: 112 racks in 13 rows, the three spine
//    racks and the core rack in the middle row (row 6);
//  * dragging spine-rack-01 with the mouse to the far corner of the hall is
//    one undo step that makes the floor the design's own: the rack stands
//    there, the rack that stood there takes its old spot, the longest run
//    grows and the cables cost more; undo brings back the automatic floor
//    and its figures exactly;
//  * clicking a rack selects its devices, and their cables are drawn along
//    their routes and listed with part, stock length and route;
//  * a 30 kW rack budget (an edit, undoable) puts the 40.9 kW host racks,
//    the spine racks and the core rack over budget: the report and the
//    summary say so;
//  * the floor exports as PNG, SVG and PDF; an unknown suffix is an error.
// Screenshots (RAILYARD_SCREENSHOT_DIR): floor-3k.png (a rack selected, its
// cables drawn) and floor-over-budget.png.

#include "core/document/fabricdocument.h"
#include "core/floor/cableruns.h"
#include "core/floor/floorplan.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "views/dialogs/bomdialog.h"
#include "views/docks/floordock.h"
#include "views/docks/floorrunsmodel.h"
#include "views/docks/floorview.h"
#include "views/mainwindow.h"

#include <QTemporaryDir>

#include <set>
#include <QUndoStack>
#include <QtTest>

using namespace Railyard;

namespace {

const QString fabricPath = QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.fabric.json");

void saveShot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("RAILYARD_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(widget->grab().save(QDir(dir).filePath(name)));
}

const RackSpot *spotOf(const FloorPlan &floor, const std::string &rack)
{
    return floor.find(rack);
}

} // namespace

class TestFloorDock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RailyardTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_floordock"));
        QSettings().clear();
        m_window = std::make_unique<MainWindow>();
        m_window->setInteractive(false);
        m_window->resize(1500, 950);
        m_window->show();
        QVERIFY(m_window->openFile(fabricPath));
        m_dock = m_window->floorDock();
        QVERIFY(m_dock);
        // Floated and large, as an architect would work on the floor.
        m_dock->setFloating(true);
        m_dock->resize(1400, 1000);
        m_dock->show();
        m_dock->raise();
        QVERIFY(QTest::qWaitForWindowExposed(m_dock));
        QTRY_VERIFY(m_dock->report());
    }

    void automaticFloorShown()
    {
        const FloorReport *r = m_dock->report();
        QVERIFY(r->automatic);
        QCOMPARE(r->racks, 112);
        // Three pods, a hall each, and the core's rack in a hall of its own
        // between the first two: 4 + 4 + 4 rows of scalable units, a spine
        // row in the middle of each pod's hall, and the core's row.
        QCOMPARE(r->halls, 4);
        QCOMPARE(r->rows, 16);
        QVERIFY(r->problems.empty());
        const FabricDocument *doc = m_window->document();
        QVERIFY(!doc->fabric().floor); // shown, not yet the design's
        const auto floor = doc->floorInUse();
        QCOMPARE(floor->halls.size(), size_t(4));
        std::set<int> spineHalls;
        for (const char *rack : {"spine-rack-01", "spine-rack-02", "spine-rack-03"}) {
            const RackSpot *s = spotOf(*floor, rack);
            QVERIFY2(s, rack);
            QCOMPARE(s->row, 2); // the middle row of its hall's 5
            spineHalls.insert(s->hall);
        }
        QCOMPARE(spineHalls, (std::set<int>{0, 2, 3}));
        QCOMPARE(spotOf(*floor, "core-rack-01")->hall, 1);
        QVERIFY2(m_dock->summaryText().contains(QStringLiteral("Placed automatically")), qPrintable(m_dock->summaryText()));
        // Nothing selected: the longest runs are listed, longest first.
        QCOMPARE(m_dock->runsModel()->rowCount(), 200);
    }

    /// The BOM dialog and the Floor dock price the cabling from one floor: the
    /// same dollars and watts, and a budget typed in the dock changes no price.
    void bomDialogAndFloorDockAgree()
    {
        FabricDocument *doc = m_window->document();
        BomDialog dialog(doc);
        const BillOfMaterials bom = dialog.bom();
        const FloorReport report = *m_dock->report(); // a copy: the budget replaces the dock's
        double cablePrice = 0, cableWatts = 0;
        for (const BomLine &l : bom.lines)
            if (l.category == "cable" || l.category == "transceiver") {
                cablePrice += l.price();
                cableWatts += l.watts();
            }
        QCOMPARE(std::llround(cablePrice), std::llround(report.cables.price));
        QVERIFY(std::abs(cableWatts - report.cables.watts) < 1e-6);
        QCOMPARE(bom.transceivers, report.cables.transceivers);
        QVERIFY(bom.automaticFloor);

        const int steps = doc->undoStack()->count();
        QVERIFY(m_dock->setBudgets(45, 400, false));
        QVERIFY(doc->fabric().floor); // the budget made the floor the design's
        const BillOfMaterials afterBudget = BomDialog(doc).bom();
        QCOMPARE(std::llround(afterBudget.price), std::llround(bom.price));
        QVERIFY(std::abs(afterBudget.watts - bom.watts) < 1e-6);
        QCOMPARE(std::llround(m_dock->report()->cables.price), std::llround(report.cables.price));
        doc->undoStack()->undo();
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        QVERIFY(!doc->fabric().floor);
        doc->undoStack()->clear(); // the tests below count their own steps
    }

    void dragSpineRackToTheFarCorner()
    {
        FabricDocument *doc = m_window->document();
        const FloorReport before = *m_dock->report();
        const auto floorBefore = doc->floorInUse();
        const RackSpot home = *spotOf(*floorBefore, "spine-rack-01");
        const FloorHall &hall = floorBefore->halls[size_t(home.hall)];
        const FloorView::Spot corner{home.hall, hall.rows - 1, hall.slotsPerRow - 1};
        std::string occupant;
        for (const RackSpot &r : floorBefore->racks)
            if (r.hall == corner.hall && r.row == corner.row && r.slot == corner.slot)
                occupant = r.rack;
        QVERIFY(!occupant.empty());
        const int commands = doc->undoStack()->count();

        FloorView *view = m_dock->view();
        const auto from = view->rackCentre(QStringLiteral("spine-rack-01"));
        QVERIFY(from);
        QCOMPARE(view->rackAt(*from), QStringLiteral("spine-rack-01"));
        const QPointF to = view->spotCentre(corner);
        QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, from->toPoint());
        // Through a spot on the way, then to the corner: one drag, one undo
        // step; the rack displaced on the way goes back to its spot.
        QTest::mouseMove(view, ((*from + to) / 2).toPoint());
        QTest::mouseMove(view, to.toPoint());
        QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, to.toPoint());

        QCOMPARE(doc->undoStack()->count(), commands + 1);
        QCOMPARE(doc->undoStack()->text(doc->undoStack()->index() - 1), QStringLiteral("Move rack spine-rack-01"));
        QVERIFY(doc->fabric().floor);
        QVERIFY(!doc->fabric().floor->automatic);
        const RackSpot *moved = spotOf(*doc->fabric().floor, "spine-rack-01");
        QCOMPARE(moved->row, corner.row);
        QCOMPARE(moved->slot, corner.slot);
        const RackSpot *swapped = spotOf(*doc->fabric().floor, occupant);
        QCOMPARE(swapped->row, home.row);
        QCOMPARE(swapped->slot, home.slot);
        // Every other rack stayed.
        for (const RackSpot &r : floorBefore->racks)
            if (r.rack != "spine-rack-01" && r.rack != occupant) {
                const RackSpot *now = spotOf(*doc->fabric().floor, r.rack);
                QCOMPARE(now->row, r.row);
                QCOMPARE(now->slot, r.slot);
            }
        // The dock followed, live: longer runs, dearer cables.
        const FloorReport after = *m_dock->report(); // a copy: undo replaces the dock's report
        QVERIFY(!after.automatic);
        // The longest runs are the spine's to the core's hall; from the far
        // corner of its own hall they grow.
        QVERIFY2(after.cables.longestM > before.cables.longestM,
                 qPrintable(QStringLiteral("%1 -> %2").arg(before.cables.longestM).arg(after.cables.longestM)));
        QVERIFY(after.cables.price > before.cables.price);
        QVERIFY(m_dock->summaryText().contains(QStringLiteral("own floor")));
        QVERIFY(m_dock->lastUpdateMs() > 0);
        QVERIFY(doc->hasUnsavedEdits());

        doc->undoStack()->undo();
        QVERIFY(!doc->fabric().floor);
        const FloorReport &undone = *m_dock->report();
        QVERIFY(undone.automatic);
        QCOMPARE(undone.cables.price, before.cables.price);
        QCOMPARE(undone.cables.longestM, before.cables.longestM);
        QCOMPARE(undone.cables.transceivers, before.cables.transceivers);
        QCOMPARE(undone.totalKw, before.totalKw);
        doc->undoStack()->redo();
        QCOMPARE(spotOf(*doc->fabric().floor, "spine-rack-01")->row, corner.row);
        QCOMPARE(m_dock->report()->cables.price, after.cables.price);
    }

    void refusedMoves()
    {
        FabricDocument *doc = m_window->document();
        const int commands = doc->undoStack()->count();
        QString error;
        QVERIFY(!doc->moveRack("no-such-rack", 0, 0, 0, 0, &error));
        QVERIFY2(error.contains(QStringLiteral("no-such-rack")), qPrintable(error));
        QVERIFY(!doc->moveRack("rack-001", 0, 99, 0, 0, &error));
        QVERIFY2(error.contains(QStringLiteral("row 99")), qPrintable(error));
        QCOMPARE(doc->undoStack()->count(), commands);
    }

    void clickingARackDrawsItsCables()
    {
        FabricDocument *doc = m_window->document();
        FloorView *view = m_dock->view();
        const auto at = view->rackCentre(QStringLiteral("spine-rack-02"));
        QVERIFY(at);
        QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, at->toPoint());
        // The rack's switches are selected, and each of their cables drawn.
        const Fabric &fabric = doc->fabric();
        const std::vector<std::string> racks = nodeRacks(fabric);
        int devices = 0, cables = 0, outside = 0;
        for (NodeIndex n = 0; n < fabric.nodeCount(); ++n)
            if (racks[size_t(n)] == "spine-rack-02") {
                ++devices;
                for (const std::int32_t l : fabric.incidentLinks(n)) {
                    ++cables;
                    const Link &link = fabric.link(l);
                    outside += racks[size_t(link.a)] != racks[size_t(link.b)] ? 1 : 0;
                }
            }
        QVERIFY(devices > 0);
        QCOMPARE(int(doc->selection().size()), devices);
        QCOMPARE(m_dock->runsModel()->rowCount(), cables);
        QCOMPARE(view->drawnRuns(), std::min(outside, FloorView::maxDrawnRuns));
        // Each listed run names its part and route.
        const QModelIndex part = m_dock->runsModel()->index(0, FloorRunsModel::PartColumn);
        QVERIFY(!part.data().toString().isEmpty());
        QVERIFY(m_dock->runsModel()->index(0, FloorRunsModel::RouteColumn).data().toString().contains(QStringLiteral("tray")));
        saveShot(m_dock, QStringLiteral("floor-3k.png"));
    }

    void overBudgetRacks()
    {
        FabricDocument *doc = m_window->document();
        QVERIFY(m_dock->setBudgets(30, 0, false));
        const FloorReport &r = *m_dock->report();
        int over = 0;
        for (const RackPower &p : r.rackPower) {
            QCOMPARE(p.budgetKw, 30.0);
            over += p.over() ? 1 : 0;
        }
        // The 96 host racks (four DGX H100 at 10.2 kW and their cable ends:
        // 40.9 kW), the three spine racks and the core rack; not the 12
        // scalable units' leaf racks.
        QCOMPARE(over, 100);
        QVERIFY2(m_dock->summaryText().contains(QStringLiteral("over budget")), qPrintable(m_dock->summaryText()));
        QCOMPARE(doc->undoStack()->text(doc->undoStack()->index() - 1), QStringLiteral("Set the floor's power budget"));
        saveShot(m_dock, QStringLiteral("floor-over-budget.png"));
        // Zoomed in on the middle row: the racks carry their names and kW.
        m_dock->view()->zoomBy(4);
        saveShot(m_dock->view(), QStringLiteral("floor-over-budget-zoomed.png"));
        m_dock->view()->fitToView();
        doc->undoStack()->undo();
        QCOMPARE(m_dock->report()->rackPower.front().budgetKw, 0.0);
    }

    void exportsPictures()
    {
        QTemporaryDir dir;
        for (const char *name : {"floor.png", "floor.svg", "floor.pdf"}) {
            QString error;
            const QString path = dir.filePath(QLatin1String(name));
            QVERIFY2(m_dock->exportPicture(path, &error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
        QString error;
        QVERIFY(!m_dock->exportPicture(dir.filePath(QStringLiteral("floor.bmpx")), &error));
        QVERIFY2(error.contains(QStringLiteral("floor.bmpx")), qPrintable(error));
    }

    void automaticFloorFollowsStructureEdits()
    {
        // A generated design keeps its floor as automatic: adding a rack
        // places it anew (the new rack on it, the budget kept); undo places
        // the old racks back exactly. A drag back to where it began leaves
        // no undo step.
        ClosParams p = dgxSuperpodParams(1);
        Fabric generated = generateClos(p);
        FloorPlan withBudget = *generated.floor;
        withBudget.halls.front().rackBudgetKw = 45;
        generated.floor = std::make_shared<const FloorPlan>(withBudget);
        FabricDocument doc(std::move(generated));
        const std::string before = floorToJson(*doc.fabric().floor);
        Location where;
        where.su = "su-001";
        where.rack = "rack-new";
        QString error;
        QVERIFY2(doc.addRack(where, 2, doc.fabric().host(0), &error), qPrintable(error));
        QVERIFY(doc.fabric().floor->automatic);
        QVERIFY(doc.fabric().floor->find("rack-new"));
        QCOMPARE(doc.fabric().floor->halls.front().rackBudgetKw, 45.0);
        QVERIFY(floorProblems(doc.fabric(), CablePartCatalog::defaults()).empty());
        doc.undoStack()->undo();
        QCOMPARE(floorToJson(*doc.fabric().floor), before);

        const int steps = doc.undoStack()->index(); // the undone rack is dropped by the next edit
        const RackSpot home = *doc.fabric().floor->find("rack-001");
        // The first drag makes the automatic floor the design's own: one step,
        // even back where it began.
        QVERIFY(doc.moveRack("rack-001", home.hall, home.row, home.slot + 1, 7));
        QVERIFY(doc.moveRack("rack-001", home.hall, home.row, home.slot, 7));
        QCOMPARE(doc.undoStack()->index(), steps + 1);
        QVERIFY(!doc.fabric().floor->automatic);
        // On the design's own floor, a drag there and back is no step at all.
        QVERIFY(doc.moveRack("rack-001", home.hall, home.row, home.slot + 1, 8));
        QCOMPARE(doc.undoStack()->index(), steps + 2);
        QVERIFY(doc.moveRack("rack-001", home.hall, home.row, home.slot, 8));
        QCOMPARE(doc.undoStack()->index(), steps + 1);
        QCOMPARE(doc.fabric().floor->find("rack-001")->slot, home.slot);
    }

    void cleanupTestCase()
    {
        m_window.reset();
    }

private:
    std::unique_ptr<MainWindow> m_window;
    FloorDock *m_dock = nullptr;
};

QTEST_MAIN(TestFloorDock)
#include "tst_floordock.moc"
