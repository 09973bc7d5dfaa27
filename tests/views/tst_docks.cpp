// Outline, properties and problems docks over a FabricDocument: search,
// selection sync both ways, the undoable capacity editor, validation and
// what-if messages, and the outline's build time on a 131,072-GPU fabric.
//
// Set RAILYARD_DOCK_SCREENSHOTS=<dir> to save a grab of each dock there.

#include "core/document/fabricdocument.h"
#include "core/generators/presets.h"
#include "views/analysisrunner.h"
#include "views/docks/outlinedock.h"
#include "views/docks/problemsdock.h"
#include "views/docks/problemsmodel.h"
#include "views/docks/propertiesdock.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTreeView>

#include <memory>

using namespace Railyard;

namespace {

/// First index (column 0) whose text equals `text`, searching depth-first.
QModelIndex findText(const QAbstractItemModel *model, const QString &text, const QModelIndex &parent = {})
{
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex index = model->index(row, 0, parent);
        if (index.data().toString() == text)
            return index;
        if (const QModelIndex found = findText(model, text, index); found.isValid())
            return found;
    }
    return {};
}

/// Texts of every QLabel under `widget` that is visible to the user.
QStringList labelTexts(const QWidget *widget)
{
    QStringList texts;
    for (const QLabel *label : widget->findChildren<QLabel *>())
        if (!label->isHidden() && !label->text().isEmpty())
            texts << label->text();
    return texts;
}

QString cell(const QAbstractItemModel *model, int row, int column)
{
    return model->index(row, column).data().toString();
}

bool anyContains(const QStringList &texts, const QString &needle)
{
    return std::any_of(texts.begin(), texts.end(), [&](const QString &t) { return t.contains(needle); });
}

/// One host, one switch and one link of capacity 0: Fabric::validate() must flag the link.
Fabric zeroCapacityFabric()
{
    Fabric fabric;
    Host host;
    host.id = "h1";
    host.nics = {Nic{0, 400.0, 1}};
    fabric.addHost(host);
    Switch sw;
    sw.id = "s1";
    fabric.addSwitch(sw);
    Link link;
    link.id = "h1--s1";
    link.a = 0;
    link.b = 1;
    link.portA = 0;
    link.portB = 0;
    link.capacityGbps = 0.0;
    fabric.addLink(link);
    return fabric;
}

void saveScreenshot(QWidget *widget, const char *name)
{
    const QString dir = qEnvironmentVariable("RAILYARD_DOCK_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    const QString path = dir + QLatin1Char('/') + QLatin1String(name) + QLatin1String(".png");
    QVERIFY(widget->grab().save(path));
    qInfo("saved %s", qPrintable(path));
}

} // namespace

class TestDocks : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void outlineGroupsHostsAndSwitches();
    void outlineSearchFindsLeaf();
    void outlineSelectionSetsDocument();
    void outlineGroupSelectsNothing();
    void documentSelectionSelectsOutlineItem();
    void outlineActivationEmitsId();
    void outlineFollowsDocumentReplacement();

    void propertiesShowsHost();
    void propertiesShowsSwitchOversubscription();
    void propertiesEditsLinkCapacity();
    void propertiesMultipleSelection();
    void propertiesDegradesLink();

    void problemsShowsValidationError();
    void problemsShowsLoadMessages();
    void problemsShowsWhatIf();
    void problemsListsDegradedLinks();

    void largeFabricTimings();
    void screenshots();

private:
    // DGX SuperPOD, 2 scalable units: 64 hosts × 8 GPUs, 16 leaves (8 rails × 2 SUs).
    Fabric m_superpod;
    std::unique_ptr<FabricDocument> m_doc;
};

void TestDocks::initTestCase()
{
    QLocale::setDefault(QLocale::c()); // numbers without group separators
    m_superpod = generateClos(dgxSuperpodParams(2));
    QCOMPARE(m_superpod.hostCount(), 64);
}

void TestDocks::init()
{
    m_doc = std::make_unique<FabricDocument>(m_superpod);
}

void TestDocks::cleanup()
{
    m_doc.reset();
}

void TestDocks::outlineGroupsHostsAndSwitches()
{
    OutlineDock dock;
    QCOMPARE(dock.objectName(), QStringLiteral("OutlineDock"));
    dock.setDocument(m_doc.get());
    auto *tree = dock.findChild<QTreeView *>();
    QVERIFY(tree);
    const QAbstractItemModel *model = tree->model();
    QCOMPARE(model->rowCount(), 2);
    const QModelIndex hosts = model->index(0, 0);
    const QModelIndex switches = model->index(1, 0);
    QCOMPARE(hosts.data().toString(), QStringLiteral("Hosts"));
    QCOMPARE(switches.data().toString(), QStringLiteral("Switches"));
    QCOMPARE(hosts.siblingAtColumn(1).data().toString(), QStringLiteral("512 GPUs")); // 64 × 8

    // gpu001 sits under its scalable unit and rack: Hosts → … → su-001 → rack-001 → gpu001.
    const QModelIndex gpu = findText(model, QStringLiteral("gpu001"));
    QVERIFY(gpu.isValid());
    QCOMPARE(gpu.parent().data().toString(), QString::fromStdString(m_superpod.host(0).location.rack));
    QCOMPARE(gpu.parent().parent().data().toString(), QString::fromStdString(m_superpod.host(0).location.su));
    QCOMPARE(gpu.siblingAtColumn(1).data().toString(), QStringLiteral("8 GPUs"));
    QCOMPARE(model->rowCount(gpu.parent()), 4); // 4 hosts per rack

    // Leaves: one per rail per SU = 16, all on plane 0, so no plane level.
    const QModelIndex leaf = model->index(0, 0, switches);
    QCOMPARE(leaf.data().toString(), QStringLiteral("Leaf"));
    QCOMPARE(model->rowCount(leaf), 16);
    QCOMPARE(leaf.siblingAtColumn(1).data().toString(), QStringLiteral("16 switches"));
    QCOMPARE(model->index(0, 0, leaf).data().toString(), QStringLiteral("leaf-0001"));
}

void TestDocks::outlineSearchFindsLeaf()
{
    OutlineDock dock;
    dock.setDocument(m_doc.get());
    auto *search = dock.findChild<QLineEdit *>();
    auto *tree = dock.findChild<QTreeView *>();
    QVERIFY(search && tree);
    QCOMPARE(search->placeholderText(), QStringLiteral("Find element…"));
    auto *proxy = qobject_cast<QSortFilterProxyModel *>(tree->model());
    QVERIFY(proxy);

    search->setText(QStringLiteral("LEAF-0003"));                      // case-insensitive
    QTRY_VERIFY(!findText(proxy, QStringLiteral("gpu001")).isValid()); // hosts filtered away
    const QModelIndex match = findText(proxy, QStringLiteral("leaf-0003"));
    QVERIFY(match.isValid());
    QVERIFY(!findText(proxy, QStringLiteral("leaf-0004")).isValid());
    QVERIFY(tree->isExpanded(match.parent())); // the match is revealed

    search->clear();
    QTRY_VERIFY(findText(proxy, QStringLiteral("gpu001")).isValid());
}

void TestDocks::outlineSelectionSetsDocument()
{
    OutlineDock dock;
    dock.setDocument(m_doc.get());
    dock.resize(320, 600);
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    auto *search = dock.findChild<QLineEdit *>();
    auto *tree = dock.findChild<QTreeView *>();
    search->setText(QStringLiteral("leaf-0003"));
    QModelIndex match;
    QTRY_VERIFY((match = findText(tree->model(), QStringLiteral("leaf-0003"))).isValid()
                && !findText(tree->model(), QStringLiteral("gpu001")).isValid());

    QSignalSpy selectionSpy(m_doc.get(), &FabricDocument::selectionChanged);
    tree->scrollTo(match);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(match).center());
    QCOMPARE(m_doc->selection(), std::vector<std::string>{"leaf-0003"});
    QCOMPARE(selectionSpy.count(), 1);
    // The document's echo does not disturb the tree.
    QCOMPARE(tree->selectionModel()->selectedRows().size(), 1);
}

void TestDocks::outlineGroupSelectsNothing()
{
    OutlineDock dock;
    dock.setDocument(m_doc.get());
    m_doc->setSelection({"gpu001"});
    auto *tree = dock.findChild<QTreeView *>();
    tree->selectionModel()->select(tree->model()->index(0, 0),
                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QVERIFY(m_doc->selection().empty());
}

void TestDocks::documentSelectionSelectsOutlineItem()
{
    OutlineDock dock;
    dock.setDocument(m_doc.get());
    auto *tree = dock.findChild<QTreeView *>();
    m_doc->setSelection({"gpu001"});
    const QModelIndexList rows = tree->selectionModel()->selectedRows();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.front().data().toString(), QStringLiteral("gpu001"));
    QCOMPARE(tree->selectionModel()->currentIndex().data().toString(), QStringLiteral("gpu001"));
    QVERIFY(tree->isExpanded(rows.front().parent())); // revealed

    // Many ids (one whole SU of hosts plus a link the outline does not show).
    std::vector<std::string> ids;
    for (int h = 0; h < 32; ++h)
        ids.push_back(m_superpod.host(h).id);
    ids.push_back(m_superpod.link(0).id);
    m_doc->setSelection(ids);
    QCOMPARE(tree->selectionModel()->selectedRows().size(), 32);

    m_doc->setSelection({});
    QVERIFY(tree->selectionModel()->selectedRows().isEmpty());
}

void TestDocks::outlineActivationEmitsId()
{
    OutlineDock dock;
    dock.setDocument(m_doc.get());
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    auto *tree = dock.findChild<QTreeView *>();
    QSignalSpy spy(&dock, &OutlineDock::elementActivated);
    m_doc->setSelection({"spine-0002"});
    tree->setFocus();
    QTest::keyClick(tree, Qt::Key_Return);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.front().front().toString(), QStringLiteral("spine-0002"));
}

void TestDocks::outlineFollowsDocumentReplacement()
{
    OutlineDock dock;
    dock.setDocument(m_doc.get());
    auto *tree = dock.findChild<QTreeView *>();
    auto small = std::make_unique<FabricDocument>(zeroCapacityFabric());
    dock.setDocument(small.get());
    QCOMPARE(tree->model()->rowCount(), 2);
    QVERIFY(findText(tree->model(), QStringLiteral("h1")).isValid());
    QCOMPARE(findText(tree->model(), QStringLiteral("h1")).parent().data().toString(),
             QStringLiteral("Unplaced")); // no location at all
    QVERIFY(!findText(tree->model(), QStringLiteral("gpu001")).isValid());
    m_doc->setSelection({"gpu001"}); // the old document no longer drives the tree
    QVERIFY(tree->selectionModel()->selectedRows().isEmpty());
    small.reset(); // destroyed while shown
    QCOMPARE(tree->model()->rowCount(), 0);
    PropertiesDock properties;
    ProblemsDock problems;
    {
        FabricDocument doomed(zeroCapacityFabric());
        properties.setDocument(&doomed);
        problems.setDocument(&doomed);
        doomed.setSelection({"h1"});
        QVERIFY(labelTexts(&properties).contains(QStringLiteral("h1")));
        QCOMPARE(problems.messageCount(), 1);
    }
    QVERIFY(labelTexts(&properties).contains(QStringLiteral("No fabric")));
    QCOMPARE(problems.messageCount(), 0);
    dock.setDocument(nullptr);
    QCOMPARE(tree->model()->rowCount(), 0);
}

void TestDocks::propertiesShowsHost()
{
    PropertiesDock dock;
    QCOMPARE(dock.objectName(), QStringLiteral("PropertiesDock"));
    dock.setDocument(m_doc.get());
    QVERIFY(anyContains(labelTexts(&dock), QStringLiteral("Nothing selected")));
    m_doc->setSelection({"gpu001"});
    const QStringList texts = labelTexts(&dock);
    QVERIFY2(texts.contains(QStringLiteral("gpu001")), qPrintable(texts.join(" | ")));
    QVERIFY(texts.contains(QStringLiteral("Host")));
    QVERIFY(texts.contains(QStringLiteral("rail 7 · 400 Gbit/s · 1 port")));
    QVERIFY(texts.contains(QStringLiteral("3200 Gbit/s"))); // injection: 8 NICs × 400
    QVERIFY(texts.contains(QStringLiteral("450 GB/s per GPU")));
    QVERIFY(texts.contains(QString::fromStdString(m_superpod.host(0).location.rack)));
}

void TestDocks::propertiesShowsSwitchOversubscription()
{
    AnalysisRunner runner;
    runner.setDocument(m_doc.get());
    PropertiesDock dock;
    dock.setDocument(m_doc.get());
    dock.setAnalysisRunner(&runner);
    m_doc->setSelection({"leaf-0001"});
    runner.waitForFinished();
    QCoreApplication::processEvents();
    const QStringList texts = labelTexts(&dock);
    QVERIFY2(texts.contains(QStringLiteral("Leaf switch")), qPrintable(texts.join(" | ")));
    QVERIFY(texts.contains(QStringLiteral("64 of 64"))); // 32 hosts down, 32 spine links up
    // Non-blocking leaf: 32 × 400 Gbit/s down and up.
    QCOMPARE(texts.count(QStringLiteral("12800 Gbit/s")), 2);
    QVERIFY(texts.contains(QStringLiteral("1.00 : 1")));
    QVERIFY(texts.contains(QStringLiteral("up")));
    // Generated without --sharp. QFormLayout::addRow(text, value) creates the
    // row's label after its value label, so the value comes first.
    const qsizetype sharp = texts.indexOf(QStringLiteral("SHARP"));
    QVERIFY2(sharp >= 1, qPrintable(texts.join(" | ")));
    QCOMPARE(texts.at(sharp - 1), QStringLiteral("no"));

    m_doc->setFailed({"leaf-0001"}, true);
    QTRY_VERIFY(labelTexts(&dock).contains(QStringLiteral("failed (what-if)")));
}

void TestDocks::propertiesDegradesLink()
{
    // "Runs at" below the nominal rate degrades the link (one undo step), the
    // state row follows, and the capacity the analyses see is the new rate.
    PropertiesDock dock;
    dock.setDocument(m_doc.get());
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    const std::int32_t link = m_superpod.incidentLinks(0).front();
    m_doc->setSelection({m_superpod.link(link).id});
    auto *rate = dock.findChild<QDoubleSpinBox *>(QStringLiteral("LinkRate"));
    QVERIFY(rate);
    QCOMPARE(rate->value(), 400.0);
    QCOMPARE(rate->maximum(), 400.0);
    emit rate->editingFinished(); // focus left without an edit
    QCOMPARE(m_doc->undoStack()->count(), 0);
    rate->setFocus();
    rate->selectAll();
    QTest::keyClicks(rate, QStringLiteral("100"));
    QTest::keyClick(rate, Qt::Key_Return);
    QCOMPARE(m_doc->undoStack()->count(), 1);
    QCOMPARE(m_doc->fabric().link(link).state, LinkState::Degraded);
    QCOMPARE(m_doc->capacityView().gbps[size_t(link)], 100.0);
    QTRY_VERIFY(labelTexts(&dock).contains(QStringLiteral("degraded")));
    m_doc->undoStack()->undo();
    QCOMPARE(m_doc->fabric().link(link).state, LinkState::Up);
    QTRY_COMPARE(rate->value(), 400.0);
}

void TestDocks::propertiesEditsLinkCapacity()
{
    PropertiesDock dock;
    dock.setDocument(m_doc.get());
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    const std::int32_t link = m_superpod.incidentLinks(0).front();
    const std::string id = m_superpod.link(link).id;
    QCOMPARE(m_doc->fabric().link(link).capacityGbps, 400.0);
    m_doc->setSelection({id});
    QVERIFY(labelTexts(&dock).contains(QString::fromStdString(id)));
    auto *spin = dock.findChild<QDoubleSpinBox *>(QStringLiteral("LinkCapacity"));
    QVERIFY(spin);
    QCOMPARE(spin->value(), 400.0);
    QCOMPARE(spin->suffix(), QStringLiteral(" Gbit/s"));
    QCOMPARE(spin->maximum(), 102400.0);

    // Focus leaving without an edit changes nothing.
    emit spin->editingFinished();
    QCOMPARE(m_doc->undoStack()->count(), 0);

    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, QStringLiteral("200"));
    QTest::keyClick(spin, Qt::Key_Return);
    QCOMPARE(m_doc->undoStack()->count(), 1);
    QCOMPARE(m_doc->fabric().link(link).capacityGbps, 200.0);

    m_doc->undoStack()->undo();
    QCOMPARE(m_doc->fabric().link(link).capacityGbps, 400.0);
    QTRY_COMPARE(spin->value(), 400.0);                                               // the editor follows the document
    QCOMPARE(dock.findChild<QDoubleSpinBox *>(QStringLiteral("LinkCapacity")), spin); // not rebuilt
    m_doc->undoStack()->redo();
    QTRY_COMPARE(spin->value(), 200.0);
}

void TestDocks::propertiesMultipleSelection()
{
    PropertiesDock dock;
    dock.setDocument(m_doc.get());
    m_doc->setSelection({"gpu001", "gpu002", "leaf-0001"});
    const QStringList texts = labelTexts(&dock);
    QVERIFY2(texts.contains(QStringLiteral("3 elements selected")), qPrintable(texts.join(" | ")));
    QVERIFY(anyContains(texts, QStringLiteral("2 hosts, 1 switch")));
    dock.setDocument(nullptr);
    QVERIFY(labelTexts(&dock).contains(QStringLiteral("No fabric")));
}

void TestDocks::problemsShowsValidationError()
{
    FabricDocument doc(zeroCapacityFabric());
    ProblemsDock dock;
    QCOMPARE(dock.objectName(), QStringLiteral("ProblemsDock"));
    dock.resize(600, 300);
    dock.setDocument(&doc);
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    QCOMPARE(dock.messageCount(), 1);
    auto *list = dock.findChild<QTreeView *>(QStringLiteral("ProblemsList"));
    QVERIFY(list);
    const QAbstractItemModel *rows = list->model();
    QCOMPARE(cell(rows, 0, 1), QStringLiteral("h1--s1"));
    QVERIFY(cell(rows, 0, 0).contains(QStringLiteral("capacity")));
    QVERIFY(!rows->index(0, 0).data(Qt::DecorationRole).value<QIcon>().isNull());

    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(rows->index(0, 0)).center());
    QCOMPARE(doc.selection(), std::vector<std::string>{"h1--s1"});

    ProblemsDock clean;
    clean.setDocument(m_doc.get());
    QCOMPARE(clean.messageCount(), 0); // the generated fabric is valid
}

void TestDocks::problemsShowsLoadMessages()
{
    ProblemsDock dock;
    dock.setDocument(m_doc.get());
    FormatError warning;
    warning.file = QStringLiteral("pod.graphml");
    warning.line = 12;
    warning.message = QStringLiteral("unknown attribute 'colour' ignored");
    dock.setLoadMessages({}, {warning});
    QCOMPARE(dock.messageCount(), 1);
    QVERIFY(cell(dock.filter(), 0, 0).contains(QStringLiteral("pod.graphml:12")));

    FabricDocument other(m_superpod);
    dock.setDocument(&other); // load messages belong to the previous document
    QCOMPARE(dock.messageCount(), 0);
}

void TestDocks::problemsListsDegradedLinks()
{
    ProblemsDock dock;
    dock.setDocument(m_doc.get());
    QCOMPARE(dock.messageCount(), 0);
    const std::int32_t link = m_superpod.incidentLinks(0).front();
    const QString id = QString::fromStdString(m_superpod.link(link).id);
    QVERIFY(m_doc->setLinkRate(link, 100));
    const QAbstractItemModel *rows = dock.filter();
    QTRY_COMPARE(dock.messageCount(), 1);
    QCOMPARE(cell(rows, 0, 0), QStringLiteral("%1 is degraded: 100 of 400 Gbit/s").arg(id));
    QCOMPARE(cell(rows, 0, 1), id);
    QVERIFY(m_doc->setLinkRate(link, 0));
    QTRY_COMPARE(cell(rows, 0, 0), QStringLiteral("%1 is down").arg(id));
    m_doc->undoStack()->undo();
    m_doc->undoStack()->undo();
    QTRY_COMPARE(dock.messageCount(), 0);
}

void TestDocks::problemsShowsWhatIf()
{
    AnalysisRunner runner;
    runner.setDocument(m_doc.get());
    ProblemsDock dock;
    dock.setDocument(m_doc.get());
    dock.setAnalysisRunner(&runner);
    runner.waitForFinished();
    // Symmetric Clos, nothing failed: the bisection is exact and nothing is wrong.
    QCOMPARE(dock.messageCount(), 0);

    // Fail every uplink of leaf-0001: it keeps its hosts but has no way up.
    const Fabric &fabric = m_doc->fabric();
    const NodeIndex leaf = fabric.findNode("leaf-0001");
    std::vector<std::string> uplinks;
    for (const std::int32_t l : fabric.incidentLinks(leaf))
        if (fabric.isSwitch(fabric.otherEnd(l, leaf)))
            uplinks.push_back(fabric.link(l).id);
    QCOMPARE(uplinks.size(), size_t(32));
    m_doc->setFailed(uplinks, true);
    runner.waitForFinished();

    const QAbstractItemModel *rows = dock.filter();
    QStringList messages;
    int noUplink = -1;
    for (int i = 0; i < rows->rowCount(); ++i) {
        messages << cell(rows, i, 0);
        if (noUplink < 0 && cell(rows, i, 0).contains(QStringLiteral("no uplink capacity left (what-if)")))
            noUplink = i;
    }
    QVERIFY2(noUplink >= 0, qPrintable(messages.join('\n')));
    QCOMPARE(cell(rows, noUplink, 1), QStringLiteral("leaf-0001"));
    QVERIFY(anyContains(messages, QStringLiteral("Bisection is an upper bound")));
    // 32 failed links listed one by one as information.
    QCOMPARE(messages.filter(QStringLiteral(" failed (what-if)")).size(), 32);
    QCOMPARE(dock.messageCount(), 1 + 1 + 32);

    // A warning sorts before information.
    QCOMPARE(noUplink, 0);

    // The dock's filters: warnings and errors only hide the 32 information
    // rows; a text filter keeps the rows that name the leaf.
    auto *severity = dock.findChild<QComboBox *>(QStringLiteral("ProblemsSeverity"));
    QVERIFY(severity);
    severity->setCurrentIndex(1); // errors and warnings
    QCOMPARE(rows->rowCount(), 1); // the bound and the failed links are information
    severity->setCurrentIndex(0); // all
    auto *text = dock.findChild<QLineEdit *>(QStringLiteral("ProblemsFilter"));
    QVERIFY(text);
    text->setText(QStringLiteral("LEAF-0001"));
    QTRY_VERIFY(rows->rowCount() >= 1);
    for (int i = 0; i < rows->rowCount(); ++i)
        QVERIFY(cell(rows, i, 0).contains(QLatin1String("leaf-0001"), Qt::CaseInsensitive)
                || cell(rows, i, 1).contains(QLatin1String("leaf-0001"), Qt::CaseInsensitive));
    text->clear();
    QTRY_COMPARE(rows->rowCount(), 1 + 1 + 32);
    m_doc->restoreAll();
    runner.waitForFinished();
    QCOMPARE(dock.messageCount(), 0);
}

void TestDocks::largeFabricTimings()
{
    ClosParams params = railOptimizedParams(16384);
    params.tierSpecs[0].radix = 128;
    QElapsedTimer timer;
    timer.start();
    FabricDocument doc(generateClos(params));
    qInfo("131K-GPU fabric: %d hosts, %d switches, %d links, %lld GPUs, generated in %lld ms", doc.fabric().hostCount(),
          doc.fabric().switchCount(), doc.fabric().linkCount(), doc.fabric().gpuCount(), timer.elapsed());

    OutlineDock outline;
    outline.resize(320, 700);
    outline.show();
    QVERIFY(QTest::qWaitForWindowExposed(&outline));
    timer.restart();
    outline.setDocument(&doc);
    const qint64 buildMs = timer.elapsed();
    QCoreApplication::processEvents(); // first paint
    const qint64 paintMs = timer.elapsed();
    qInfo("outline build (model + proxy + view reset): %lld ms; with first paint: %lld ms", buildMs, paintMs);

    auto *search = outline.findChild<QLineEdit *>();
    auto *tree = outline.findChild<QTreeView *>();
    search->setText(QStringLiteral("leaf-0003"));
    timer.restart();
    QTest::keyClick(search, Qt::Key_Return); // applies at once
    qInfo("outline filter 'leaf-0003': %lld ms", timer.elapsed());
    QVERIFY(findText(tree->model(), QStringLiteral("leaf-0003")).isValid());
    search->setText(QStringLiteral("gpu1"));
    timer.restart();
    QTest::keyClick(search, Qt::Key_Return);
    qInfo("outline filter 'gpu1' (thousands of matches): %lld ms", timer.elapsed());
    search->clear();
    QTest::keyClick(search, Qt::Key_Return);

    std::vector<std::string> ids;
    for (std::int32_t h = 0; h < doc.fabric().hostCount(); ++h)
        ids.push_back(doc.fabric().host(h).id);
    timer.restart();
    doc.setSelection(ids);
    qInfo("outline follows a selection of all %zu hosts: %lld ms", ids.size(), timer.elapsed());
    // 4,096 racks' worth of ranges: only rows under expanded items are
    // selected (the first host is revealed), more as the user expands.
    QItemSelectionModel *selection = tree->selectionModel();
    QCOMPARE(selection->currentIndex().data().toString(), QString::fromStdString(ids.front()));
    QVERIFY(selection->isSelected(selection->currentIndex()));
    QModelIndex last = findText(tree->model(), QString::fromStdString(ids.back()));
    QVERIFY(last.isValid());
    QVERIFY(!selection->isSelected(last));
    QModelIndexList chain;
    for (QModelIndex p = last.parent(); p.isValid(); p = p.parent())
        chain.prepend(p);
    timer.restart();
    for (const QModelIndex &p : chain)
        tree->expand(p);
    qInfo("expanding down to the last host selects it: %lld ms", timer.elapsed());
    QVERIFY(selection->isSelected(last));
    // Every expanded rack shows all its 4 hosts selected, nothing else is.
    const QModelIndexList rows = selection->selectedRows();
    QVERIFY(rows.size() < 64);
    QCOMPARE(rows.size() % 4, 0);
    for (const QModelIndex &row : rows)
        QVERIFY(tree->isExpanded(row.parent()));

    ProblemsDock problems;
    timer.restart();
    problems.setDocument(&doc);
    qInfo("problems: validate() and list: %lld ms", timer.elapsed());
    QCOMPARE(problems.messageCount(), 0);

    PropertiesDock properties;
    properties.setDocument(&doc);
    timer.restart();
    doc.setSelection({doc.fabric().host(0).id});
    qInfo("properties of one host: %lld ms", timer.elapsed());
}

void TestDocks::screenshots()
{
    if (qEnvironmentVariableIsEmpty("RAILYARD_DOCK_SCREENSHOTS"))
        QSKIP("set RAILYARD_DOCK_SCREENSHOTS=<dir> to save grabs of the docks");
    AnalysisRunner runner;
    runner.setDocument(m_doc.get());
    runner.waitForFinished();

    OutlineDock outline;
    outline.setDocument(m_doc.get());
    outline.resize(340, 560);
    outline.show();
    QVERIFY(QTest::qWaitForWindowExposed(&outline));
    m_doc->setSelection({"gpu006"});
    QCoreApplication::processEvents();
    saveScreenshot(&outline, "outline");
    outline.findChild<QLineEdit *>()->setText(QStringLiteral("leaf-000"));
    QTest::qWait(300);
    saveScreenshot(&outline, "outline-search");

    PropertiesDock properties;
    properties.setDocument(m_doc.get());
    properties.setAnalysisRunner(&runner);
    properties.resize(340, 560);
    properties.show();
    QVERIFY(QTest::qWaitForWindowExposed(&properties));
    m_doc->setSelection({"gpu006"});
    QCoreApplication::processEvents();
    saveScreenshot(&properties, "properties-host");
    m_doc->setSelection({"leaf-0001"});
    QCoreApplication::processEvents();
    saveScreenshot(&properties, "properties-switch");
    m_doc->setSelection({m_doc->fabric().link(m_doc->fabric().incidentLinks(0).front()).id});
    QCoreApplication::processEvents();
    saveScreenshot(&properties, "properties-link");

    ProblemsDock problems;
    problems.setDocument(m_doc.get());
    problems.setAnalysisRunner(&runner);
    problems.resize(640, 260);
    problems.show();
    QVERIFY(QTest::qWaitForWindowExposed(&problems));
    const NodeIndex leaf = m_doc->fabric().findNode("leaf-0001");
    std::vector<std::string> uplinks;
    for (const std::int32_t l : m_doc->fabric().incidentLinks(leaf))
        if (m_doc->fabric().isSwitch(m_doc->fabric().otherEnd(l, leaf)))
            uplinks.push_back(m_doc->fabric().link(l).id);
    m_doc->setFailed(uplinks, true);
    runner.waitForFinished();
    QCoreApplication::processEvents();
    saveScreenshot(&problems, "problems");
    m_doc->setSelection({"leaf-0001"});
    QCoreApplication::processEvents();
    saveScreenshot(&properties, "properties-switch-whatif");
}

QTEST_MAIN(TestDocks)
#include "tst_docks.moc"
