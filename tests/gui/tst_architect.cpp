// The architect's day in the real window, offscreen: a blank page drawn by
// hand, an ibnetdiscover dump saved as fabric.topo, the template dialog with
// today's switches, two designs of the same 2,048 GPUs compared, and the
// drawing friction an architect met (each test here failed before its fix):
// a version opened is not "modified", a refusal lists every problem, the
// Connect dialog keeps its fields, a typed port is never changed, the BOM
// chart's axis steps are round, the cabling colours stay until cleared,
// Quit asks once per unsaved document, a switch added from the canvas menu
// lands at the click with the view kept, Fit leaves the legends room,
// versions carry the identity of Preferences, Verify Cabling names its sides.
//
// With RAILYARD_SCREENSHOT_DIR set, the screens are written there as PNG.

#include "core/compare/designcomparison.h"
#include "core/document/fabricdocument.h"
#include "core/generators/hardwarechoice.h"
#include "core/generators/presets.h"
#include "core/jobs/jobentry.h"
#include "core/registry/formatregistry.h"
#include "tests/gui/guitestutil.h"
#include "views/appsettings.h"
#include "views/canvas/comparisonoverlay.h"
#include "views/canvas/edittool.h"
#include "views/canvas/fabriccanvas.h"
#include "views/dialogs/addhostdialog.h"
#include "views/dialogs/addswitchdialog.h"
#include "views/dialogs/bomdialog.h"
#include "views/dialogs/comparisondialog.h"
#include "views/dialogs/connectdialog.h"
#include "views/dialogs/designcomparisondialog.h"
#include "views/dialogs/designcomparisonmodel.h"
#include "views/dialogs/preferencesdialog.h"
#include "views/dialogs/templatedialog.h"
#include "views/docks/versionsdock.h"
#include "views/editactions.h"
#include "views/editoperations.h"
#include "views/mainwindow.h"
#include "views/niceaxis.h"
#include "views/projectsession.h"

#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDialogButtonBox>
#include <QDir>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>

#include <cmath>

using namespace Railyard;

namespace {

const QString kLab = QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json");

/// Writes a widget's picture into RAILYARD_SCREENSHOT_DIR, when set.
void screenshot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("RAILYARD_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    QCoreApplication::processEvents();
    widget->grab().save(QDir(dir).filePath(name + QStringLiteral(".png")));
}

Fabric superpod(const char *model)
{
    ClosParams p = dgxSuperpodParams(8);
    HardwareChoice choice;
    choice.leafSwitch = model;
    applyHardware(p, choice, BomCatalog::defaults());
    return generateClos(p);
}

} // namespace

class TestArchitect : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void blankDesignDrawnByHand();
    void topoDumpOpens();
    void ambiguousImportAsks();
    void templateWithSwitchModels();
    void compareQuantum2AndTomahawk5();
    void openedVersionIsNotModified();
    void refusalListsEveryProblem();
    void typedPortIsNeverChanged();
    void bomChartHasRoundSteps();
    void cablingColoursStayUntilCleared();
    void quitAsksOncePerDocument();
    void switchAddedAtTheClick();
    void fitLeavesRoomForLegends();
    void identityInPreferences();
    void subnetManagerConfiguration();

private:
    FabricDocument *doc() const { return m_window->document(); }
    FabricCanvas *canvas() const { return m_window->canvas(); }
    QPoint at(const std::string &id) const
    {
        const NodeIndex n = doc()->fabric().findNode(id);
        return canvas()->mapFromScene(canvas()->layout()->nodeCenter(n)).toPoint();
    }
    void key(int k, Qt::KeyboardModifiers modifiers = {})
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        QTest::keyClick(canvas(), static_cast<Qt::Key>(k), modifiers);
        QCoreApplication::processEvents();
    }
    /// Right-clicks the canvas at `pos` and triggers the menu entry starting with `entry`.
    bool contextAction(const QPoint &pos, const QString &entry)
    {
        bool found = false;
        whenMenu([&found, entry](QMenu *menu) {
            if (QAction *action = actionNamed(menu, entry)) {
                found = true;
                menu->close();
                action->trigger();
            } else {
                menu->close();
            }
        });
        QContextMenuEvent event(QContextMenuEvent::Mouse, pos, canvas()->mapToGlobal(pos));
        QApplication::sendEvent(canvas(), &event);
        QCoreApplication::processEvents();
        return found;
    }
    QAction *windowAction(const QString &name) const { return m_window->findChild<QAction *>(name); }

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
};

void TestArchitect::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("RailyardTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_architect"));
    QVERIFY(m_dir.isValid());
}

void TestArchitect::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    m_window->resize(1400, 900);
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
}

void TestArchitect::cleanup()
{
    m_window.reset();
}

void TestArchitect::blankDesignDrawnByHand()
{
    // File ▸ New: an empty design, ready to draw.
    QAction *newBlank = windowAction(QStringLiteral("newBlank"));
    QVERIFY(newBlank);
    QCOMPARE(newBlank->shortcut(), QKeySequence(QKeySequence::New));
    newBlank->trigger();
    QVERIFY(doc());
    QCOMPARE(doc()->fabric().nodeCount(), 0);
    canvas()->setFocus();
    key(Qt::Key_E);
    QVERIFY(m_window->editActions()->tool()->isActive());

    // Two leaves and a spine from the canvas menu, each where it is clicked:
    // the first anywhere, the second beside it, the spine above them.
    const int w = canvas()->width(), h = canvas()->height();
    struct Placed
    {
        const char *id;
        Tier tier;
        std::function<QPoint()> click;
    };
    const Placed switches[] = {
        {"leaf-1", Tier::Leaf, [&] { return QPoint(w / 3, h / 2); }},
        {"leaf-2", Tier::Leaf, [&] { return at("leaf-1") + QPoint(w / 3, 0); }},
        {"spine-1", Tier::Spine, [&] { return (at("leaf-1") + at("leaf-2")) / 2 - QPoint(0, h / 4); }}};
    for (const Placed &s : switches) {
        const QPoint click = s.click();
        const QPointF scene = canvas()->mapToScene(QPointF(click));
        bool seen = false;
        whenModal<AddSwitchDialog>(
            [&s](AddSwitchDialog *d) {
                d->findChild<QLineEdit *>(QStringLiteral("SwitchId"))->setText(QString::fromLatin1(s.id));
                auto *tier = d->findChild<QComboBox *>(QStringLiteral("Tier"));
                tier->setCurrentIndex(tier->findData(int(s.tier)));
                d->accept();
            },
            &seen);
        QVERIFY(contextAction(click, QStringLiteral("Add Switch Here")));
        QVERIFY(seen);
        const NodeIndex n = doc()->fabric().findNode(s.id);
        QVERIFY2(n >= 0, s.id);
        QCOMPARE(doc()->fabric().switchAt(doc()->fabric().switchIndexOf(n)).tier, s.tier);
        // At the click's x, in its tier's row.
        QVERIFY(doc()->pinnedPositions().count(s.id));
        QCOMPARE(doc()->pinnedPositions().at(s.id).x(), scene.x());
        QCOMPARE(doc()->pinnedPositions().at(s.id).y(), canvas()->layout()->nodeCenter(n).y());
    }
    // The tiers in their rows: both leaves on one, the spine above (scene y grows downwards).
    QCOMPARE(canvas()->layout()->nodeCenter(doc()->fabric().findNode("leaf-1")).y(),
             canvas()->layout()->nodeCenter(doc()->fabric().findNode("leaf-2")).y());
    QVERIFY(canvas()->layout()->nodeCenter(doc()->fabric().findNode("spine-1")).y()
            < canvas()->layout()->nodeCenter(doc()->fabric().findNode("leaf-1")).y());
    // Four hosts, one NIC each.
    for (int i = 1; i <= 4; ++i) {
        whenModal<AddHostDialog>([i](AddHostDialog *d) {
            d->findChild<QLineEdit *>(QStringLiteral("HostId"))->setText(QStringLiteral("host-%1").arg(i));
            d->findChild<QSpinBox *>(QStringLiteral("NicCount"))->setValue(1);
            d->accept();
        });
        // An empty spot below the leaves (the menu offers Add Host on empty canvas).
        QPoint spot = at("leaf-1") + QPoint(i * 40, 60);
        while (!canvas()->elementAt(spot).isEmpty() && spot.y() < h - 10)
            spot += QPoint(0, 12);
        QVERIFY(contextAction(spot, QStringLiteral("Add Host Here")));
    }
    QCOMPARE(doc()->fabric().hostCount(), 4);
    // Cabled as drawn: hosts 1-2 to leaf-1, 3-4 to leaf-2, both leaves to the spine.
    EditOperations *ops = m_window->editActions()->operations();
    for (const auto &[a, b] : {std::pair("host-1", "leaf-1"), std::pair("host-2", "leaf-1"),
                               std::pair("host-3", "leaf-2"), std::pair("host-4", "leaf-2"),
                               std::pair("leaf-1", "spine-1"), std::pair("leaf-2", "spine-1")})
        QVERIFY2(ops->connectNodes(QLatin1String(a), QLatin1String(b), false), a);
    QCOMPARE(doc()->fabric().linkCount(), 6);
    QVERIFY(doc()->fabric().validate().empty());
    QVERIFY(m_window->isWindowModified());
    canvas()->fitToView();
    screenshot(m_window.get(), QStringLiteral("architect-blank-design"));
}

void TestArchitect::topoDumpOpens()
{
    // `ibnetdiscover > fabric.topo`: opened for its content, as an import (untitled).
    const QString topo = m_dir.filePath(QStringLiteral("fabric.topo"));
    QFile::remove(topo);
    QVERIFY(QFile::copy(QStringLiteral(RAILYARD_TEST_DATA "/ibnetdiscover/ibsim-2sw4hca.ibnetdiscover"), topo));
    QVERIFY2(m_window->openFile(topo), qPrintable(m_window->lastError()));
    QCOMPARE(doc()->fabric().hostCount(), 4);
    QCOMPARE(doc()->fabric().switchCount(), 2);
    QCOMPARE(doc()->filePath(), topo); // .topo is an ibnetdiscover name: kept, as for .ibnetdiscover
    // The same dump under a name that says nothing opens too.
    const QString bare = m_dir.filePath(QStringLiteral("dump-from-the-lab"));
    QFile::remove(bare);
    QVERIFY(QFile::copy(topo, bare));
    QVERIFY2(m_window->openFile(bare), qPrintable(m_window->lastError()));
    QCOMPARE(doc()->fabric().hostCount(), 4);
    QVERIFY(doc()->filePath().isEmpty()); // opened as an import: Save asks where
    canvas()->fitToView();
    screenshot(m_window.get(), QStringLiteral("architect-topo-import"));
}

void TestArchitect::ambiguousImportAsks()
{
    // Content that carries two formats' signatures: the window asks, listing both.
    const QString path = m_dir.filePath(QStringLiteral("both.txt"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
               "<!-- {\"format\": \"railyard-fabric\"} -->\n<graph edgedefault=\"undirected\"/></graphml>\n");
    file.close();
    QStringList offered;
    bool seen = false;
    whenModal<QInputDialog>(
        [&offered](QInputDialog *d) {
            QCOMPARE(d->objectName(), QStringLiteral("formatQuestion"));
            offered = d->comboBoxItems();
            d->reject();
        },
        &seen);
    QVERIFY(!m_window->openFile(path)); // cancelled
    QVERIFY(seen);
    QCOMPARE(offered.size(), 2);
    QVERIFY(offered.contains(QStringLiteral("GraphML")) || offered.join(QLatin1Char(',')).contains(QStringLiteral("GraphML")));
}

void TestArchitect::templateWithSwitchModels()
{
    TemplateDialog dialog;
    dialog.show();
    auto *leaf = dialog.findChild<QComboBox *>(QStringLiteral("leafSwitch"));
    auto *nic = dialog.findChild<QComboBox *>(QStringLiteral("nicModel"));
    auto *transport = dialog.findChild<QComboBox *>(QStringLiteral("transport"));
    QVERIFY(leaf && nic && transport);
    // DGX SuperPOD on Tomahawk 5 at 400G: 128-port leaves, an Ethernet fabric.
    leaf->setCurrentIndex(leaf->findData(QStringLiteral("tomahawk5")));
    QVERIFY(leaf->currentIndex() > 0);
    QTRY_VERIFY(dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
    ClosParams p = dialog.params();
    QCOMPARE(p.tierSpecs.front().radix, 128);
    QCOMPARE(p.transport, Transport::Ethernet);
    // Quantum-X800 needs 800G NICs: refused, naming the field, until ConnectX-8 is chosen.
    transport->setCurrentIndex(transport->findData(QStringLiteral("infiniband")));
    leaf->setCurrentIndex(leaf->findData(QStringLiteral("q3400")));
    auto *status = dialog.findChild<QLabel *>(QStringLiteral("previewStatus"));
    QTRY_VERIFY(status->text().startsWith(QStringLiteral("Leaf switch: Q3400 runs ports at 800G")));
    QVERIFY(!dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
    screenshot(&dialog, QStringLiteral("architect-template-refused"));
    nic->setCurrentIndex(nic->findData(QStringLiteral("connectx-8")));
    QTRY_VERIFY(dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
    p = dialog.params();
    QCOMPARE(p.tierSpecs.front().radix, 144);
    QCOMPARE(p.nicModel, std::string("ConnectX-8"));
    QTRY_VERIFY(!dialog.findChild<QLabel *>(QStringLiteral("previewSwitches"))->text().startsWith(QStringLiteral("–")));
    screenshot(&dialog, QStringLiteral("architect-template-x800"));
}

void TestArchitect::compareQuantum2AndTomahawk5()
{
    const QString q2 = m_dir.filePath(QStringLiteral("quantum2-2k.fabric.json"));
    const QString th5 = m_dir.filePath(QStringLiteral("tomahawk5-2k.fabric.json"));
    QString error;
    QVERIFY2(FormatRegistry::instance().writeFile(superpod("qm9700"), q2, &error), qPrintable(error));
    QVERIFY2(FormatRegistry::instance().writeFile(superpod("tomahawk5"), th5, &error), qPrintable(error));
    QVERIFY(m_window->openFile(q2));
    QFile job(QStringLiteral(RAILYARD_SAMPLES "/llama-70b-2k.job.json"));
    QVERIFY(job.open(QIODevice::ReadOnly));
    const int index = doc()->addJob(JobEntry::fromText("llama-70b-2k", job.readAll().toStdString()));
    QVERIFY(index >= 0);

    DesignComparisonDialog *dialog = m_window->showDesignComparison();
    QVERIFY(dialog);
    QVERIFY2(dialog->addDesign(th5, &error), qPrintable(error));
    dialog->setJob(index);
    dialog->waitForResult();
    const DesignComparison &c = dialog->model()->comparison();
    QCOMPARE(c.designs.size(), size_t(2));
    QCOMPARE(c.job, std::string("llama-70b-2k"));
    QCOMPARE(dialog->model()->columnCount(), 2);
    QVERIFY(dialog->model()->rowCount() >= 12);
    // The table states the change per row; the sentence for B names the job.
    int spineRow = -1;
    for (int r = 0; r < dialog->model()->rowCount(); ++r)
        if (dialog->model()->headerData(r, Qt::Vertical).toString() == QStringLiteral("Switches, spine"))
            spineRow = r;
    QVERIFY(spineRow >= 0);
    QCOMPARE(dialog->model()->data(dialog->model()->index(spineRow, 1)).toString(), QStringLiteral("16 (−50 %)"));
    QVERIFY2(dialog->summary()->text().startsWith(QStringLiteral("B: tomahawk5-2k.fabric.json: ")),
             qPrintable(dialog->summary()->text()));
    QVERIFY2(dialog->summary()->text().contains(QStringLiteral("on llama-70b-2k")), qPrintable(dialog->summary()->text()));
    // The chart: one bar set per design, categories relative to A.
    auto *series = qobject_cast<QBarSeries *>(dialog->chart()->chart()->series().value(0));
    QVERIFY(series);
    QCOMPARE(series->count(), 2);
    QVERIFY(series->barSets().at(0)->count() >= 5);
    QCOMPARE(series->barSets().at(0)->at(0), 100.0); // A is the reference
    dialog->resize(1100, 820);
    screenshot(dialog, QStringLiteral("architect-compare-designs"));
    // The analysis report carries the comparison: table, sentences, chart.
    const QString report = m_dir.filePath(QStringLiteral("report.html"));
    QVERIFY2(m_window->writeReport(report, &error), qPrintable(error));
    QFile html(report);
    QVERIFY(html.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(html.readAll());
    QVERIFY(text.contains(QStringLiteral("<h2>Designs compared</h2>")));
    QVERIFY(text.contains(QStringLiteral("B: tomahawk5-2k.fabric.json: ")));
    QVERIFY(text.contains(QStringLiteral("16 (−50 %)")));
    QVERIFY(text.contains(QStringLiteral("alt=\"Designs compared, relative to the first\"")));
}

void TestArchitect::openedVersionIsNotModified()
{
    const QString project = m_dir.filePath(QStringLiteral("versions.railyard"));
    QFile::remove(project);
    ReadResult lab = FormatRegistry::instance().readFile(kLab);
    QVERIFY(lab.ok());
    m_window->setFabric(std::move(*lab.fabric));
    QString error;
    QVERIFY2(m_window->projectSession()->saveProject(project, &error), qPrintable(error));
    doc()->setFilePath(project);
    doc()->undoStack()->setClean();
    QVERIFY(m_window->saveVersion(QStringLiteral("first")));
    const auto before = QApplication::topLevelWidgets();
    emit m_window->versionsDock()->openRequested(1);
    MainWindow *opened = nullptr;
    for (QWidget *w : QApplication::topLevelWidgets())
        if (auto *window = qobject_cast<MainWindow *>(w); window && !before.contains(w))
            opened = window;
    QVERIFY(opened);
    QCoreApplication::processEvents();
    QVERIFY(!opened->isDocumentModified());
    QVERIFY(!opened->isWindowModified());
    opened->close(); // nothing to ask about
    QCoreApplication::processEvents();
}

void TestArchitect::refusalListsEveryProblem()
{
    QVERIFY(m_window->openFile(kLab));
    // leaf-1's port 0 and lab-r1-h1's first port are both taken: several problems.
    QStringList problems;
    QString reason;
    int fieldHeight = 0, fieldHeightAfter = 0;
    bool visible = false;
    whenModal<ConnectDialog>([&](ConnectDialog *d) {
        auto *a = d->findChild<QLineEdit *>(QStringLiteral("NodeA"));
        fieldHeight = a->height();
        d->findChild<QSpinBox *>(QStringLiteral("PortA"))->setValue(0);
        d->findChild<QSpinBox *>(QStringLiteral("PortB"))->setValue(0);
        d->accept();
        QCoreApplication::processEvents();
        reason = d->reason();
        problems = d->refusalProblems();
        fieldHeightAfter = a->height();
        visible = d->isVisible();
        screenshot(d, QStringLiteral("architect-connect-refused"));
        d->reject();
    });
    m_window->editActions()->operations()->connectNodes(QStringLiteral("lab-r1-h1"), QStringLiteral("leaf-1"), true);
    QVERIFY(visible);
    // "refused: 3 problems" (the English plural comes from railyard_en.qm in the app).
    QVERIFY(problems.size() >= 2);
    QVERIFY2(reason.contains(QStringLiteral("refused: %1 problem").arg(problems.size())), qPrintable(reason));
    QVERIFY(!reason.contains(QStringLiteral("more problem")));
    QCOMPARE(fieldHeightAfter, fieldHeight); // the fields keep their size
}

void TestArchitect::typedPortIsNeverChanged()
{
    QVERIFY(m_window->openFile(kLab));
    const int radix = doc()->fabric().switchAt(doc()->fabric().switchIndexOf(doc()->fabric().findNode("leaf-1"))).radix;
    int value = -2;
    QString reason, suffix;
    bool okEnabled = true;
    whenModal<ConnectDialog>([&](ConnectDialog *d) {
        auto *port = d->findChild<QSpinBox *>(QStringLiteral("PortB"));
        port->setFocus();
        port->selectAll();
        QTest::keyClicks(port, QString::number(radix + 6));
        QCoreApplication::processEvents();
        value = port->value();
        suffix = port->suffix();
        reason = d->reason();
        okEnabled = d->canAccept();
        d->reject();
    });
    m_window->editActions()->operations()->connectNodes(QStringLiteral("spine-2"), QStringLiteral("leaf-1"), true);
    QCOMPARE(value, radix + 6);
    QCOMPARE(suffix, QStringLiteral(" (of 0–%1)").arg(radix - 1));
    QVERIFY(!okEnabled);
    QVERIFY2(reason.contains(QStringLiteral("out of range")) && reason.contains(QString::number(radix - 1)),
             qPrintable(reason));
}

void TestArchitect::bomChartHasRoundSteps()
{
    // The steps are 1, 2, 2.5 or 5 × 10^n and the top is a step above the tallest bar.
    for (const double top : {0.7, 3.0, 17.0, 233.0, 466.0, 2880.0, 12345.0, 1e6}) {
        const NiceAxis axis = niceAxis(top);
        const double magnitude = std::pow(10.0, std::floor(std::log10(axis.step)));
        const double mantissa = axis.step / magnitude;
        QVERIFY2(std::fabs(mantissa - 1) < 1e-9 || std::fabs(mantissa - 2) < 1e-9 || std::fabs(mantissa - 2.5) < 1e-9
                     || std::fabs(mantissa - 5) < 1e-9,
                 qPrintable(QString::number(axis.step)));
        QVERIFY(axis.top > top);
        QVERIFY(std::fabs(axis.top / axis.step - std::round(axis.top / axis.step)) < 1e-9);
        QCOMPARE(axis.ticks, int(std::lround(axis.top / axis.step)) + 1);
        QVERIFY(axis.ticks >= 3 && axis.ticks <= 11);
    }
    QCOMPARE(niceAxis(2880).step, 1000.0);
    QCOMPARE(niceAxis(466).step, 100.0);
    QCOMPARE(niceAxis(466).top, 500.0);
    // An axis between: whole steps of explored designs, 5,459.9 to 5,565.1 ms.
    const NiceAxis between = niceAxisBetween(5459.9, 5565.1);
    QCOMPARE(between.step, 25.0);
    QCOMPARE(between.bottom, 5450.0);
    QCOMPARE(between.top, 5575.0);
    QCOMPARE(between.ticks, 6);
    QVERIFY(between.bottom < 5459.9 && between.top > 5565.1);
    QCOMPARE(niceAxisBetween(0, 100).bottom, 0.0); // from 0: niceAxis

    QVERIFY(m_window->openFile(kLab));
    BomDialog *bom = m_window->showBillOfMaterials();
    QVERIFY(bom);
    bom->resize(1000, 800);
    QCoreApplication::processEvents();
    const QList<QChartView *> charts = bom->findChildren<QChartView *>();
    QVERIFY(!charts.isEmpty());
    for (QChartView *view : charts) {
        auto *y = qobject_cast<QValueAxis *>(view->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(y);
        const NiceAxis nice = niceAxis(y->max() - 1e-9);
        QVERIFY(y->tickCount() >= 3);
        QVERIFY(std::fabs((y->max() / (y->tickCount() - 1)) / nice.step - std::round((y->max() / (y->tickCount() - 1)) / nice.step)) < 1e-6);
    }
    screenshot(bom, QStringLiteral("architect-bom"));
    bom->close();
}

void TestArchitect::cablingColoursStayUntilCleared()
{
    QVERIFY(m_window->openFile(kLab));
    // The as-built: one cable missing, one extra, two swapped (leaf-1's ports 0 and 1).
    ReadResult read = FormatRegistry::instance().readFile(kLab);
    const Fabric built = std::move(*read.fabric);
    const QString asBuilt = m_dir.filePath(QStringLiteral("as-built.fabric.json"));
    {
        Fabric f = built;
        // Swap the leaf ends of the first two host cables on leaf-1.
        std::vector<std::int32_t> onLeaf;
        const NodeIndex leaf = f.findNode("leaf-1");
        for (std::int32_t l = 0; l < f.linkCount(); ++l)
            if ((f.link(l).a == leaf || f.link(l).b == leaf) && (f.isHost(f.link(l).a) || f.isHost(f.link(l).b)))
                onLeaf.push_back(l);
        QVERIFY(onLeaf.size() >= 2);
        Link &x = f.link(onLeaf[0]);
        Link &y = f.link(onLeaf[1]);
        int &px = x.a == leaf ? x.portA : x.portB;
        int &py = y.a == leaf ? y.portA : y.portB;
        std::swap(px, py);
        QString error;
        QVERIFY2(FormatRegistry::instance().writeFile(f, asBuilt, &error), qPrintable(error));
    }
    QVERIFY(m_window->verifyCablingAgainst(asBuilt));
    ComparisonDialog *dialog = m_window->comparisonDialog();
    QVERIFY(dialog);
    // Which side is which, and the tally.
    QVERIFY2(dialog->headingText().contains(QStringLiteral("<b>Design</b>")), qPrintable(dialog->headingText()));
    QVERIFY2(dialog->headingText().contains(QStringLiteral("<b>As built</b>")), qPrintable(dialog->headingText()));
    QVERIFY(dialog->tally().at(QStringLiteral("swapped")) + dialog->tally().at(QStringLiteral("miswired")) >= 1);
    QCOMPARE(dialog->tally().at(QStringLiteral("missing")), 0);
    screenshot(dialog, QStringLiteral("architect-verify-cabling"));
    // Closing the dialog keeps the colours and their legend.
    dialog->reject();
    QCoreApplication::processEvents();
    QVERIFY(canvas()->intentDiff());
    canvas()->grab();
    QVERIFY(!canvas()->legendRects().empty());
    // The toggle hides and shows them; Clear removes them.
    QAction *toggle = windowAction(QStringLiteral("showComparison"));
    QVERIFY(toggle && toggle->isEnabled() && toggle->isChecked());
    toggle->trigger();
    QVERIFY(!canvas()->comparisonShown());
    toggle->trigger();
    QVERIFY(canvas()->comparisonShown());
    screenshot(m_window.get(), QStringLiteral("architect-cabling-overlay"));
    windowAction(QStringLiteral("clearComparison"))->trigger();
    QVERIFY(!canvas()->intentDiff());
    QVERIFY(!toggle->isEnabled());
}

void TestArchitect::quitAsksOncePerDocument()
{
    // Two windows, each with an unsaved design; Quit asks once about each.
    m_window->setInteractive(true);
    m_window->setFabric(generateClos(fatTreeParams(4)));
    auto *second = new MainWindow;
    second->setAttribute(Qt::WA_DeleteOnClose);
    second->setFabric(generateClos(fatTreeParams(4)));
    second->show();
    QPointer<MainWindow> secondAlive(second);
    int asked = 0;
    std::function<void()> answer;
    answer = [&] {
        whenModal<QMessageBox>([&](QMessageBox *box) {
            ++asked;
            box->button(QMessageBox::Discard)->click();
            if (asked < 2)
                answer();
        });
    };
    answer();
    QAction *quit = windowAction(QStringLiteral("quit"));
    QVERIFY(quit);
    QCOMPARE(quit->shortcutContext(), Qt::ApplicationShortcut);
    quit->trigger();
    QCoreApplication::processEvents();
    QTRY_VERIFY(!secondAlive);
    QVERIFY(!m_window->isVisible());
    QCOMPARE(asked, 2);
}

void TestArchitect::switchAddedAtTheClick()
{
    QVERIFY(m_window->openFile(kLab));
    canvas()->setFocus();
    canvas()->fitToView();
    key(Qt::Key_E);
    // Zoomed in far, on an empty spot of the spine row.
    canvas()->setZoom(7.25, canvas()->layout()->nodeCenter(doc()->fabric().findNode("spine-2")));
    QCoreApplication::processEvents();
    const double zoom = canvas()->zoom();
    const QPoint click = at("spine-2") + QPoint(180, 0);
    const QPointF scene = canvas()->mapToScene(QPointF(click));
    whenModal<AddSwitchDialog>([](AddSwitchDialog *d) { d->accept(); });
    QVERIFY(contextAction(click, QStringLiteral("Add Switch Here")));
    QCOMPARE(doc()->fabric().switchCount(), 5);
    const std::string id = doc()->fabric().switchAt(4).id;
    QCOMPARE(canvas()->zoom(), zoom); // the view stays
    QCOMPARE(doc()->pinnedPositions().at(id).x(), scene.x());
    QVERIFY(std::fabs(doc()->pinnedPositions().at(id).y() - scene.y()) <= 2.0); // the spine row's centre
    const QPoint placed = at(id);
    QVERIFY2((placed - click).manhattanLength() <= 4,
             qPrintable(QStringLiteral("placed at %1,%2, clicked %3,%4").arg(placed.x()).arg(placed.y()).arg(click.x()).arg(click.y())));
    // One undo step takes it away, pin and all.
    doc()->undoStack()->undo();
    QCOMPARE(doc()->fabric().switchCount(), 4);
    QVERIFY(!doc()->pinnedPositions().count(id));
}

void TestArchitect::fitLeavesRoomForLegends()
{
    QVERIFY(m_window->openFile(kLab));
    m_window->resize(1000, 640);
    QCoreApplication::processEvents();
    canvas()->fitToView();
    canvas()->grab();
    QCoreApplication::processEvents(); // a refit once the legend's size is known
    canvas()->grab();
    QVERIFY(!canvas()->legendRects().empty());
    const Fabric &f = doc()->fabric();
    for (NodeIndex n = 0; n < f.nodeCount(); ++n) {
        const QRectF node(canvas()->mapFromScene(canvas()->layout()->nodeRect(n).topLeft()),
                          canvas()->mapFromScene(canvas()->layout()->nodeRect(n).bottomRight()));
        for (const QRectF &legend : canvas()->legendRects())
            QVERIFY2(!node.intersects(legend), f.nodeId(n).c_str());
    }
    screenshot(canvas(), QStringLiteral("architect-fit"));
}

void TestArchitect::identityInPreferences()
{
    // By default the account's name, never "unknown".
    AppSettings::setIdentity({});
    QVERIFY(!ProjectSession::authorName().isEmpty());
    QVERIFY(ProjectSession::authorName() != QStringLiteral("unknown"));
    QCOMPARE(ProjectSession::authorName(), AppSettings::accountName());
    PreferencesDialog dialog(m_window.get());
    dialog.findChild<QLineEdit *>(QStringLiteral("identityName"))->setText(QStringLiteral("Ada Lovelace"));
    dialog.findChild<QLineEdit *>(QStringLiteral("identityEmail"))->setText(QStringLiteral("ada@example.com"));
    // A catalogue that does not read is refused, and nothing is stored.
    const QString bad = m_dir.filePath(QStringLiteral("bad-catalogue.json"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"format\": \"railyard-bom-catalog\", \"switches\": {\"x\": {\"price\": -1}}}");
    file.close();
    dialog.findChild<QLineEdit *>(QStringLiteral("catalogPath"))->setText(bad);
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QVERIFY2(dialog.findChild<QLabel *>(QStringLiteral("catalogState"))->text().contains(QStringLiteral("/switches/x/price")),
             qPrintable(dialog.findChild<QLabel *>(QStringLiteral("catalogState"))->text()));
    QVERIFY(AppSettings::identity().email.isEmpty());
    dialog.findChild<QLineEdit *>(QStringLiteral("catalogPath"))->clear();
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(ProjectSession::authorName(), QStringLiteral("Ada Lovelace <ada@example.com>"));
    AppSettings::setIdentity({});
}

void TestArchitect::subnetManagerConfiguration()
{
    // File ▸ Export Subnet Manager Configuration: OpenSM's files for the design.
    m_window->setFabric(generateClos(fatTreeParams(4, 200)));
    QVERIFY(windowAction(QStringLiteral("exportSubnetManagerConfig")));
    const QString dir = m_dir.filePath(QStringLiteral("opensm"));
    QString error;
    QVERIFY2(m_window->writeSubnetManagerConfig(dir, "ftree", &error), qPrintable(error));
    QFile conf(QDir(dir).filePath(QStringLiteral("opensm.conf")));
    QVERIFY(conf.open(QIODevice::ReadOnly));
    const QByteArray text = conf.readAll();
    QVERIFY(text.contains("routing_engine ftree"));
    QVERIFY(text.contains(QDir(dir).filePath(QStringLiteral("root_guids.conf")).toUtf8()));
    QFile roots(QDir(dir).filePath(QStringLiteral("root_guids.conf")));
    QVERIFY(roots.open(QIODevice::ReadOnly));
    QCOMPARE(roots.readAll().count("0x52590100"), 4); // the k = 4 fat-tree's 4 core switches
    QVERIFY(!m_window->writeSubnetManagerConfig(dir, "telepathy", &error));
    QVERIFY2(error.contains(QStringLiteral("unknown routing engine")), qPrintable(error));
}

QTEST_MAIN(TestArchitect)
#include "tst_architect.moc"
