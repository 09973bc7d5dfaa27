// The inventory side of the main window: an InfiniBand dump imported with
// its inferences listed in the Problems dock, one overridden (a tier, and a
// node's role) and undone; Inventory ▸ Compare With… against a design with
// one spine more (the spine's leaves marked "removed" on the canvas, the
// spine listed); Verify Cabling Against… with a swapped pair of cables
// planted (both cables marked, the finding listed); and the bill of
// materials dialog. With RAILYARD_SCREENSHOT_DIR set, the imported fabric
// with its inferences and the as-built check are saved there
// (docs/images/import-inferences.png, asbuilt-diff.png).

#include "core/compare/fabricdiff.h"
#include "core/document/fabricdocument.h"
#include "core/registry/formatregistry.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "views/canvas/fabriccanvas.h"
#include "views/canvas/comparisonoverlay.h"
#include "views/dialogs/bomdialog.h"
#include "views/dialogs/comparisondialog.h"
#include "views/docks/problemsdock.h"
#include "views/mainwindow.h"

#include <QDir>
#include <QPainter>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <set>

using namespace Railyard;

namespace {

std::int32_t linkBetween(const Fabric &f, const std::string &a, const std::string &b)
{
    for (std::int32_t i = 0; i < f.linkCount(); ++i)
        if (f.nodeId(f.link(i).a) == a && f.nodeId(f.link(i).b) == b)
            return i;
    return -1;
}

QStringList groupTitles(const QTreeWidget *tree)
{
    QStringList titles;
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        titles << tree->topLevelItem(i)->text(0);
    return titles;
}

void shoot(QWidget &window, const char *name)
{
    const QByteArray dir = qgetenv("RAILYARD_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QCoreApplication::processEvents();
    QVERIFY(window.grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(QLatin1String(name))));
}

} // namespace

class TestInventory : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void importWithInferences();
    void compareDrawsTheDiff();
    void verifyCablingFindsSwappedPair();
    void billOfMaterials();

private:
    QTemporaryDir m_dir;
    Fabric m_design;
};

void TestInventory::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("RailyardTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_inventory"));
    m_design = generateClos(railOptimizedParams(32)); // 32 hosts × 8 rails, 8 leaves, spines above
}

void TestInventory::importWithInferences()
{
    const QString dump = m_dir.filePath(QStringLiteral("floor.ibnetdiscover"));
    QString error;
    QVERIFY2(FormatRegistry::instance().writeFile(m_design, dump, &error), qPrintable(error));

    MainWindow window;
    window.setInteractive(false);
    window.resize(1400, 900);
    window.show();
    QVERIFY(window.importPath(dump));
    FabricDocument *doc = window.document();
    QVERIFY(doc);
    QVERIFY2(doc->filePath().isEmpty(), "an import is untitled");
    QCOMPARE(doc->fabric().hostCount(), m_design.hostCount());
    QCOMPARE(doc->fabric().switchCount(), m_design.switchCount());

    ProblemsDock *problems = window.problemsDock();
    const std::vector<Inference> &inferences = problems->inferences();
    // A tier per switch (all of them inferred from the distance to the hosts), rails per host.
    int tiers = 0, rails = 0, tierIndex = -1;
    for (size_t i = 0; i < inferences.size(); ++i) {
        if (inferences[i].kind == Inference::Kind::Tier) {
            ++tiers;
            if (tierIndex < 0 && inferences[i].value == "leaf")
                tierIndex = int(i);
        }
        rails += inferences[i].kind == Inference::Kind::Rail;
    }
    QCOMPARE(tiers, m_design.switchCount());
    QCOMPARE(rails, m_design.hostCount());
    QVERIFY(tierIndex >= 0);
    const QStringList texts = problems->messageTexts();
    QVERIFY(texts.filter(QStringLiteral("Inferred: ")).size() >= tiers);
    QVERIFY2(texts.filter(QStringLiteral("Inferred: "))
                 .first()
                 .contains(QStringLiteral("is a leaf switch (hosts are cabled to it)")),
             qPrintable(texts.filter(QStringLiteral("Inferred: ")).first()));
    window.resizeDocks({problems}, {330}, Qt::Vertical);
    shoot(window, "import-inferences.png");

    // Override a leaf's tier, see it marked, undo it.
    const Inference leaf = inferences[size_t(tierIndex)];
    QVERIFY(doc->inferenceHolds(leaf));
    QVERIFY2(problems->overrideInference(tierIndex, "spine", &error), qPrintable(error));
    QCOMPARE(doc->inferredProperty(leaf), std::string("spine"));
    QVERIFY(!doc->inferenceHolds(leaf));
    QTRY_VERIFY(problems->messageTexts().filter(QStringLiteral("Overridden: ")).size() == 1);
    doc->undoStack()->undo();
    QVERIFY(doc->inferenceHolds(leaf));
    QTRY_VERIFY(problems->messageTexts().filter(QStringLiteral("Overridden: ")).isEmpty());
    QVERIFY(!problems->overrideInference(tierIndex, "tier-9", &error));
    QVERIFY(error.contains(QStringLiteral("tier-9")));

    // A role: a host turned into a switch keeps its id and its links; undo gives the host back.
    const std::string host = doc->fabric().host(0).id;
    const auto links = doc->fabric().incidentLinks(doc->fabric().findNode(host)).size();
    Inference role{Inference::Kind::Role, host, "host", QStringLiteral("test")};
    QVERIFY2(doc->overrideInference(role, "switch", &error), qPrintable(error));
    const NodeIndex n = doc->fabric().findNode(host);
    QVERIFY(n >= 0 && doc->fabric().isSwitch(n));
    QCOMPARE(doc->fabric().incidentLinks(n).size(), links);
    QCOMPARE(doc->fabric().hostCount(), m_design.hostCount() - 1);
    doc->undoStack()->undo();
    QVERIFY(doc->fabric().isHost(doc->fabric().findNode(host)));
    QCOMPARE(doc->fabric().hostCount(), m_design.hostCount());
}

void TestInventory::compareDrawsTheDiff()
{
    // The baseline has spine-0001; the document does not.
    const QString baseline = m_dir.filePath(QStringLiteral("design.fabric.json"));
    QString error;
    QVERIFY2(FormatRegistry::instance().writeFile(m_design, baseline, &error), qPrintable(error));
    FabricDocument without(m_design);
    const std::string spine = "spine-0001";
    QVERIFY(without.fabric().findNode(spine) >= 0);
    const NodeIndex spineNode = without.fabric().findNode(spine);
    const int spineLinks = int(without.fabric().incidentLinks(spineNode).size());
    std::set<std::string> spineLeaves; // the leaves cabled to the spine (several cables each)
    for (const std::int32_t l : without.fabric().incidentLinks(spineNode)) {
        const Link &link = without.fabric().link(l);
        spineLeaves.insert(without.fabric().nodeId(link.a == spineNode ? link.b : link.a));
    }
    QVERIFY(without.removeElements({spine}));

    MainWindow window;
    window.setInteractive(false);
    window.setFabric(without.fabric());
    QVERIFY(window.compareWith(baseline));
    ComparisonDialog *dialog = window.comparisonDialog();
    QVERIFY(dialog && dialog->isVisible());
    const QStringList groups = groupTitles(dialog->changeList());
    QVERIFY2(groups.contains(QStringLiteral("Removed switches (1)")), qPrintable(groups.join(" | ")));
    QVERIFY2(groups.contains(QStringLiteral("Removed links (%1)").arg(spineLinks)), qPrintable(groups.join(" | ")));
    QCOMPARE(
        dialog->changeList()->topLevelItem(groups.indexOf(QStringLiteral("Removed switches (1)")))->child(0)->text(0),
        QString::fromStdString(spine));
    // The spine's leaves carry the "removed" mark; a host does not.
    const ComparisonOverlay *overlay = window.canvas()->intentDiff();
    QVERIFY(overlay);
    const Fabric &current = window.document()->fabric();
    int markedLeaves = 0;
    for (std::int32_t s = 0; s < current.switchCount(); ++s)
        if (current.switchAt(s).tier == Tier::Leaf
            && overlay->node(current.switchNode(s)) == ComparisonOverlay::Removed)
            ++markedLeaves;
    QCOMPARE(markedLeaves, int(spineLeaves.size()));
    QCOMPARE(overlay->node(current.hostNode(0)), ComparisonOverlay::None);
    // The analyses side by side. Rail-optimized: each rail's 32 hosts share one leaf, so
    // the bisection is the hosts' NICs (32 × 8 × 400 Gb/s / 2 = 51.2 Tb/s) on both sides;
    // each leaf had 32 uplinks (8 to each of 4 spines) for 32 host ports (1:1), now 24 (4:3).
    const QTableWidget *table = dialog->summaryTable();
    QMap<QString, QStringList> rows;
    for (int r = 0; r < table->rowCount(); ++r)
        rows[table->item(r, 0)->text()]
            = {table->item(r, 1)->text(), table->item(r, 2)->text(), table->item(r, 3)->text()};
    QCOMPARE(rows.value(QStringLiteral("Bisection (Tbit/s)")), (QStringList{"51.2", "51.2", ""}));
    QCOMPARE(rows.value(QStringLiteral("Oversubscription, leaf")), (QStringList{"1.00", "1.33", "+0.33"}));
    QCOMPARE(rows.value(QStringLiteral("Switches")), (QStringList{"12", "11", "-1"}));
    window.clearComparisonForTest();
    QVERIFY(!window.canvas()->intentDiff());
}

void TestInventory::verifyCablingFindsSwappedPair()
{
    Fabric built = m_design;
    const std::int32_t l1 = linkBetween(built, "gpu001", "leaf-0001");
    const std::int32_t l2 = linkBetween(built, "gpu002", "leaf-0001");
    QVERIFY(l1 >= 0 && l2 >= 0);
    std::swap(built.link(l1).portB, built.link(l2).portB);
    // An uplink not found on the floor (discovery does not see a dark cable) and a host
    // cable that trained at 200 Gb/s instead of 400.
    const std::int32_t dark = linkBetween(built, "leaf-0003", "spine-0002");
    const std::int32_t slow = linkBetween(built, "gpu017", "leaf-0005");
    QVERIFY(dark >= 0 && slow >= 0);
    built.link(dark).state = LinkState::Down;
    built.link(slow).state = LinkState::Degraded;
    built.link(slow).degradedGbps = 200;
    const QString discovered = m_dir.filePath(QStringLiteral("built.ibnetdiscover"));
    QString error;
    QVERIFY2(FormatRegistry::instance().writeFile(built, discovered, &error), qPrintable(error));

    MainWindow window;
    window.setInteractive(false);
    window.resize(1400, 900);
    window.show();
    window.setFabric(m_design);
    QVERIFY(window.verifyCablingAgainst(discovered));
    ComparisonDialog *dialog = window.comparisonDialog();
    QVERIFY(dialog);
    QStringList groups = groupTitles(dialog->changeList());
    groups.sort();
    QCOMPARE(groups,
             (QStringList{QStringLiteral("Missing cables (1)"), QStringLiteral("Swapped pairs (1)"),
                          QStringLiteral("Wrong speed (1)")}));
    const ComparisonOverlay *overlay = window.canvas()->intentDiff();
    QVERIFY(overlay);
    QCOMPARE(overlay->link(l1), ComparisonOverlay::Changed);
    QCOMPARE(overlay->link(l2), ComparisonOverlay::Changed);
    QCOMPARE(overlay->link(dark), ComparisonOverlay::Removed);
    QCOMPARE(overlay->link(slow), ComparisonOverlay::Changed);
    int marked = 0;
    for (std::int32_t l = 0; l < m_design.linkCount(); ++l)
        marked += overlay->link(l) != ComparisonOverlay::None;
    QCOMPARE(marked, 4);
    const QByteArray dir = qgetenv("RAILYARD_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        // The window with the findings dialog where a window manager would put it, on the right.
        window.canvas()->fitToView();
        dialog->resize(620, 330);
        QCoreApplication::processEvents();
        QImage shot = window.grab().toImage();
        const QImage list = dialog->grab().toImage();
        QPainter painter(&shot);
        const QPoint at(shot.width() - list.width() - 12, shot.height() - list.height() - 40);
        painter.fillRect(QRect(at - QPoint(1, 1), list.size() + QSize(2, 2)), Qt::darkGray);
        painter.drawImage(at, list);
        painter.end();
        QVERIFY(shot.save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("asbuilt-diff.png"))));
    }
}

void TestInventory::billOfMaterials()
{
    MainWindow window;
    window.setInteractive(false);
    window.setFabric(generateClos(dgxSuperpodParams(1)));
    BomDialog *dialog = window.showBillOfMaterials();
    QVERIFY(dialog);
    const BillOfMaterials &bom = dialog->bom();
    QCOMPARE(bom.switches, std::int64_t(window.document()->fabric().switchCount()));
    QCOMPARE(bom.cables, std::int64_t(window.document()->fabric().linkCount()));
    QCOMPARE(dialog->table()->rowCount(), int(bom.lines.size()));
    QVERIFY(bom.price > 0 && bom.watts > 0);
    // A user's catalog that does not parse is refused with the file named; the built-in one stays.
    const QString bad = m_dir.filePath(QStringLiteral("bad-catalog.json"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"switches\": 3}");
    file.close();
    QString error;
    QVERIFY(!dialog->setCatalogPath(bad, &error));
    QVERIFY2(error.startsWith(bad), qPrintable(error));
    QCOMPARE(dialog->bom().price, bom.price);
    const QByteArray dir = qgetenv("RAILYARD_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        dialog->resize(900, 720);
        QCoreApplication::processEvents();
        QVERIFY(dialog->grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("bom-dialog.png"))));
    }
}

QTEST_MAIN(TestInventory)
#include "tst_inventory.moc"
