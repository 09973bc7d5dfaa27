// The Intents dock in the main window on samples/cluster-3k.fabric.json with
// the v3 → v4 policy samples: the rules side by side with their change marks,
// the diff drawn on the canvas (compared with diffIntents and with racks and
// links checked by hand from the samples), the group and bundle marks at the
// zoomed-out levels and their pixels, lint and change double-clicks, a
// malformed intent in the Problems dock, the two-person review from the dock
// (with the author's own approval refused), intent versions in a project,
// and the overlay on the 24K-GPU sample zoomed out.

#include "core/document/fabricdocument.h"
#include "core/intents/ed25519key.h"
#include "core/intents/intentdiff.h"
#include "core/intents/intentlint.h"
#include "core/intents/intentreader.h"
#include "core/intents/intentreview.h"
#include "core/intents/intentstore.h"
#include "core/intents/keyring.h"
#include "core/layout/fabriclayout.h"
#include "views/canvas/colours.h"
#include "views/canvas/fabriccanvas.h"
#include "views/canvas/comparisonoverlay.h"
#include "views/docks/intentreviewpanel.h"
#include "views/docks/intentrulesview.h"
#include "views/docks/intentsdock.h"
#include "views/docks/intentversionspanel.h"
#include "views/docks/loadedintent.h"
#include "views/docks/problemsdock.h"
#include "views/mainwindow.h"
#include "views/projectsession.h"

#include <QElapsedTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <memory>
#include <set>

using namespace Railyard;

namespace {

const QString v3Path = QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.v3.intent.json");
const QString v4Path = QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.v4.intent.json");

Intent readSample(const QString &path)
{
    IntentReadResult r = readIntentFile(path);
    if (!r.ok())
        qFatal("%s", qPrintable(r.errorText()));
    return *r.intent;
}

ComparisonOverlay::Mark markOf(ChangeKind kind)
{
    return kind == ChangeKind::Added  ? ComparisonOverlay::Added
        : kind == ChangeKind::Removed ? ComparisonOverlay::Removed
                                      : ComparisonOverlay::Changed;
}

/// The first layout group of `level` whose label is `label` and row `row`.
int groupIndex(const LayoutLevel &level, const std::string &label, int row = 0)
{
    for (size_t g = 0; g < level.groups.size(); ++g)
        if (level.groups[g].label == label && level.groups[g].row == row)
            return int(g);
    return -1;
}

bool near(QRgb a, const QColor &b, int tolerance = 10)
{
    return std::abs(qRed(a) - b.red()) <= tolerance && std::abs(qGreen(a) - b.green()) <= tolerance
        && std::abs(qBlue(a) - b.blue()) <= tolerance;
}

} // namespace

class TestIntentsDock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void rulesSideBySide();
    void rulesReadableAtDefaultWidth();
    void canvasOverlayMatchesDiff();
    void structureEditRecomputes();
    void groupMarksZoomedOut();
    void lintAndChangesSelectRacks();
    void malformedIntentInProblemsDock();
    void reviewFromTheDock();
    void keyPathsAndStaleRefusals();
    void overviewFollowsTheDiff();
    void versionsInAProject();
    void meta24kZoomedOut();

private:
    void openV3V4();

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
};

void TestIntentsDock::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("RailyardTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_intentsdock"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    m_window->resize(1600, 1000);
    m_window->show();
    QVERIFY(m_window->openFile(QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.fabric.json")));
    QVERIFY(m_window->intentsDock());
    QCOMPARE(m_window->intentsDock()->objectName(), QStringLiteral("IntentsDock"));
}

void TestIntentsDock::openV3V4()
{
    IntentsDock *dock = m_window->intentsDock();
    QVERIFY(dock->openIntent(v4Path));
    // Compare with the older file: the lower metadata.version becomes the old side.
    QVERIFY(dock->compareWith(v3Path));
    QVERIFY(dock->oldIntent() && dock->newIntent());
    QCOMPARE(dock->oldIntent()->intent.metadata.version, 3);
    QCOMPARE(dock->newIntent()->intent.metadata.version, 4);
    QVERIFY(dock->diff());
}

void TestIntentsDock::rulesSideBySide()
{
    openV3V4();
    const IntentRulesView *rules = m_window->intentsDock()->rulesView();
    // v4's allow list in order, v3's removed rules where they stood, then the setting.
    struct Row
    {
        const char *pointer;
        IntentRulesView::Kind kind;
        const char *name; // "" for a setting
        bool hasOld;
        bool hasNew;
    };
    const Row expected[] = {
        {"/allow/0", IntentRulesView::Unchanged, "rdma-zone-01", true, true},
        {"/allow/1", IntentRulesView::Unchanged, "rdma-zone-02", true, true},
        {"/allow/2", IntentRulesView::Unchanged, "rdma-zone-03", true, true},
        {"/allow/3", IntentRulesView::Added, "rdma-zone-01-to-su-005", false, true},
        {"/allow/4", IntentRulesView::Added, "rdma-su-005-to-zone-01", false, true},
        {"/allow/5", IntentRulesView::Changed, "tcp-all", true, true},        // only its comment changed
        {"/allow/4", IntentRulesView::Removed, "ingest-egress", true, false}, // v3's /allow/4, after tcp-all
        {"/deny/0", IntentRulesView::Removed, "no-egress-zone-01", true, false},
        {"/deny/1", IntentRulesView::Removed, "no-egress-zone-02", true, false},
        {"/deny_public_egress", IntentRulesView::Setting, "", true, true},
    };
    QCOMPARE(rules->topLevelItemCount(), int(std::size(expected)));
    const QString marks[] = {QString(),           QStringLiteral("+"), QStringLiteral("−"),
                             QStringLiteral("~"), QStringLiteral("↕"), QStringLiteral("~")};
    for (int i = 0; i < rules->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = rules->topLevelItem(i);
        const Row &row = expected[i];
        const QString pointer = QString::fromLatin1(row.pointer);
        QCOMPARE(item->data(0, IntentRulesView::PointerRole).toString(), pointer);
        QCOMPARE(item->text(IntentRulesView::PointerColumn),
                 *row.name ? pointer + QStringLiteral("  ") + QString::fromLatin1(row.name) : pointer);
        QCOMPARE(IntentRulesView::kindOf(item), row.kind);
        QCOMPARE(item->text(IntentRulesView::MarkColumn), marks[row.kind]);
        QCOMPARE(!item->text(IntentRulesView::OldColumn).isEmpty(), row.hasOld);
        QCOMPARE(!item->text(IntentRulesView::NewColumn).isEmpty(), row.hasNew);
    }
    QCOMPARE(rules->topLevelItem(3)->text(IntentRulesView::NewColumn),
             QStringLiteral("zone-01/* → zone-02/*/su-005/* rdma"));
    QCOMPARE(rules->topLevelItem(6)->text(IntentRulesView::OldColumn), QStringLiteral("zone-03/* → @public tcp"));
    QCOMPARE(rules->topLevelItem(5)->text(IntentRulesView::ChangeColumn), QStringLiteral("changed: comment"));
    QVERIFY(rules->topLevelItem(5)->toolTip(IntentRulesView::NewColumn).contains(QStringLiteral("NCCL bootstrap")));
    QCOMPARE(rules->topLevelItem(9)->text(IntentRulesView::OldColumn), QStringLiteral("false"));
    QCOMPARE(rules->topLevelItem(9)->text(IntentRulesView::NewColumn), QStringLiteral("true"));
    // Marked rows are tinted; unchanged ones keep the base colour.
    QVERIFY(rules->topLevelItem(3)->background(1).color().isValid());
    QCOMPARE(rules->topLevelItem(0)->background(1).style(), Qt::NoBrush);

    // One version alone: its rules only, no old column.
    IntentsDock *dock = m_window->intentsDock();
    QVERIFY(dock->openIntent(v3Path));
    QVERIFY(!dock->diff());
    QVERIFY(!m_window->canvas()->intentDiff());
    QCOMPARE(rules->topLevelItemCount(), 7); // 5 allow + 2 deny
    QVERIFY(rules->isColumnHidden(IntentRulesView::OldColumn));
}

void TestIntentsDock::rulesReadableAtDefaultWidth()
{
    // The dock at its default width (the right dock area, 480 px): every
    // shown column lies inside the view, wide enough for a few characters,
    // and a policy wider than its column wraps onto a taller row.
    openV3V4();
    IntentsDock *dock = m_window->intentsDock();
    dock->show();
    dock->raise();
    QCoreApplication::processEvents();
    IntentRulesView *rules = dock->rulesView();
    QVERIFY2(dock->width() <= 520, qPrintable(QString::number(dock->width())));
    const int viewport = rules->viewport()->width();
    const int minimum = rules->fontMetrics().horizontalAdvance(QLatin1Char('m')) * 8;
    for (const int c : {int(IntentRulesView::OldColumn), int(IntentRulesView::NewColumn),
                        int(IntentRulesView::ChangeColumn)}) {
        QVERIFY(!rules->isColumnHidden(c));
        const int left = rules->header()->sectionViewportPosition(c);
        const int right = left + rules->header()->sectionSize(c);
        QVERIFY2(left >= 0 && right <= viewport, qPrintable(QStringLiteral("column %1: %2-%3 of %4")
                                                                .arg(c).arg(left).arg(right).arg(viewport)));
        QVERIFY(rules->header()->sectionSize(c) >= minimum);
    }
    QTreeWidgetItem *added = rules->topLevelItem(3); // "zone-01/* → zone-02/*/su-005/* rdma"
    const int textWidth = rules->fontMetrics().horizontalAdvance(added->text(IntentRulesView::NewColumn));
    QVERIFY(textWidth > rules->columnWidth(IntentRulesView::NewColumn)); // too wide for one line here
    QVERIFY2(rules->visualItemRect(added).height() >= 2 * rules->fontMetrics().lineSpacing(),
             qPrintable(QString::number(rules->visualItemRect(added).height())));
    if (const QByteArray shots = qgetenv("RAILYARD_SCREENSHOT_DIR"); !shots.isEmpty())
        QVERIFY(dock->grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/intents-rules.png")));
    // Wide enough, nothing wraps and the columns keep their contents' widths.
    rules->resize(1600, rules->height());
    QCoreApplication::processEvents();
    QCOMPARE(rules->visualItemRect(added).height(), rules->visualItemRect(rules->topLevelItem(0)).height());
}

void TestIntentsDock::canvasOverlayMatchesDiff()
{
    openV3V4();
    const ComparisonOverlay *overlay = m_window->canvas()->intentDiff();
    QVERIFY(overlay);
    QCOMPARE(overlay->title(), QStringLiteral("Intent diff v3 → v4"));
    const Fabric &fabric = m_window->document()->fabric();

    // The same diff computed here from the sample files.
    const Intent v3 = readSample(v3Path), v4 = readSample(v4Path);
    const IntentDiff expected = diffIntents(v3, v4, fabric);
    std::vector<int> hostMark(size_t(fabric.hostCount()), 0), linkMark(size_t(fabric.linkCount()), 0);
    for (const RackChange &rack : expected.semantics.racks)
        for (const std::int32_t h : rack.hosts)
            hostMark[size_t(h)] = markOf(rack.kind);
    for (const LinkChange &l : expected.semantics.links)
        linkMark[size_t(l.link)] = markOf(l.kind);
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h)
        QCOMPARE(int(overlay->node(h)), hostMark[size_t(h)]);
    int marked[4] = {0, 0, 0, 0};
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
        QCOMPARE(int(overlay->link(l)), linkMark[size_t(l)]);
        ++marked[overlay->link(l)];
    }
    // A switch carries the merged marks of its links.
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s) {
        const NodeIndex n = fabric.switchNode(s);
        int merged = 0;
        for (const std::int32_t l : fabric.incidentLinks(n))
            merged |= linkMark[size_t(l)];
        QCOMPARE(int(overlay->node(n)), merged);
    }
    QCOMPARE(marked[ComparisonOverlay::Added], 4608);
    QCOMPARE(marked[ComparisonOverlay::Removed], 1024);
    QCOMPARE(marked[ComparisonOverlay::Changed], 0);
    QCOMPARE(overlay->rackCount(ComparisonOverlay::Added), 40);
    QCOMPARE(overlay->rackCount(ComparisonOverlay::Removed), 32);

    // By hand from the samples: v4 opens su-005 (zone-02, racks 033-040, hosts
    // gpu129-gpu160) to RDMA from zone-01 (racks 001-032, gpu001-gpu128), and
    // closes public egress, which v3 left open on zone-03 (racks 065-096,
    // gpu257-gpu384). su-006 (rack-041, gpu161) keeps its policy.
    auto host = [&](const char *id) { return fabric.findNode(id); };
    QCOMPARE(fabric.host(host("gpu129")).location.su, std::string("su-005"));
    QCOMPARE(fabric.host(host("gpu129")).location.rack, std::string("rack-033"));
    QCOMPARE(overlay->node(host("gpu129")), ComparisonOverlay::Added);
    QCOMPARE(overlay->node(host("gpu160")), ComparisonOverlay::Added);
    QCOMPARE(overlay->node(host("gpu001")), ComparisonOverlay::Added);
    QCOMPARE(overlay->node(host("gpu128")), ComparisonOverlay::Added);
    QCOMPARE(fabric.host(host("gpu161")).location.rack, std::string("rack-041"));
    QCOMPARE(overlay->node(host("gpu161")), ComparisonOverlay::None);
    QCOMPARE(overlay->node(host("gpu256")), ComparisonOverlay::None);
    QCOMPARE(fabric.host(host("gpu257")).location.zone, std::string("zone-03"));
    QCOMPARE(overlay->node(host("gpu257")), ComparisonOverlay::Removed);
    QCOMPARE(overlay->node(host("gpu384")), ComparisonOverlay::Removed);
    // Every NIC link of those hosts carries the same mark; none of gpu161's does.
    for (const char *id : {"gpu001", "gpu129"})
        for (const std::int32_t l : fabric.incidentLinks(host(id)))
            QCOMPARE(overlay->link(l), ComparisonOverlay::Added);
    for (const std::int32_t l : fabric.incidentLinks(host("gpu257")))
        QCOMPARE(overlay->link(l), ComparisonOverlay::Removed);
    for (const std::int32_t l : fabric.incidentLinks(host("gpu161"))) {
        QCOMPARE(overlay->link(l), ComparisonOverlay::None);
        // su-006's rail leaves serve only su-006: untouched.
        QCOMPARE(overlay->node(fabric.otherEnd(l, host("gpu161"))), ComparisonOverlay::None);
    }

    // Clearing the intents clears the canvas.
    m_window->intentsDock()->clearIntents();
    QVERIFY(!m_window->canvas()->intentDiff());
}

void TestIntentsDock::structureEditRecomputes()
{
    openV3V4();
    FabricDocument *doc = m_window->document();
    const int links = doc->fabric().linkCount();
    // Remove a host of su-005: link and host indices move, so the diff is redone.
    QVERIFY(doc->removeElements({"gpu130"}));
    QVERIFY(doc->fabric().linkCount() < links);
    QTRY_VERIFY(m_window->canvas()->intentDiff() && m_window->canvas()->intentDiff()->fits(doc->fabric()));
    const IntentDiff expected = diffIntents(readSample(v3Path), readSample(v4Path), doc->fabric());
    QCOMPARE(int(m_window->intentsDock()->diff()->semantics.links.size()), int(expected.semantics.links.size()));
    for (const LinkChange &l : expected.semantics.links)
        QCOMPARE(m_window->canvas()->intentDiff()->link(l.link), markOf(l.kind));
    QCOMPARE(m_window->canvas()->intentDiff()->node(doc->fabric().findNode("gpu129")), ComparisonOverlay::Added);
    doc->undoStack()->undo();
    QCOMPARE(doc->fabric().linkCount(), links);
    QTRY_VERIFY(m_window->canvas()->intentDiff() && m_window->canvas()->intentDiff()->fits(doc->fabric()));
    QCOMPARE(int(m_window->intentsDock()->diff()->semantics.links.size()), 5632);
}

void TestIntentsDock::groupMarksZoomedOut()
{
    openV3V4();
    FabricCanvas *canvas = m_window->canvas();
    const ComparisonOverlay *overlay = canvas->intentDiff();
    QVERIFY(overlay);
    const FabricLayout &layout = *canvas->layout();
    const Fabric &fabric = m_window->document()->fabric();
    canvas->fitToView();
    QVERIFY(canvas->detail() != FabricCanvas::Detail::Elements);

    // Every group and bundle of every level: the OR of its members' marks.
    for (size_t lv = 0; lv < layout.levels().size(); ++lv) {
        const LayoutLevel &level = layout.levels()[lv];
        for (size_t g = 0; g < level.groups.size(); ++g) {
            int merged = 0, hosts = 0;
            for (const NodeIndex n : level.groups[g].members) {
                merged |= overlay->node(n);
                hosts += fabric.isHost(n) && overlay->node(n) ? 1 : 0;
            }
            QCOMPARE(int(overlay->group(lv, std::int32_t(g))), merged);
            QCOMPARE(overlay->markedHosts(lv, std::int32_t(g)), hosts);
        }
        for (size_t b = 0; b < level.bundles.size(); ++b) {
            int merged = 0;
            for (const std::int32_t l : level.bundles[b].links)
                merged |= overlay->link(l);
            QCOMPARE(int(overlay->bundle(lv, std::int32_t(b))), merged);
        }
    }
    // By hand: the pods of zone-01 and zone-03 are wholly added and removed;
    // zone-02's pod holds the 32 hosts of su-005, marked added.
    const LayoutLevel &pods = layout.levels()[0];
    const int pod1 = groupIndex(pods, "zone-01/pod-01"), pod2 = groupIndex(pods, "zone-02/pod-02"),
              pod3 = groupIndex(pods, "zone-03/pod-03");
    QVERIFY(pod1 >= 0 && pod2 >= 0 && pod3 >= 0);
    QCOMPARE(overlay->group(0, pod1), ComparisonOverlay::Added);
    QCOMPARE(overlay->markedHosts(0, pod1), 128);
    QCOMPARE(overlay->group(0, pod2), ComparisonOverlay::Added);
    QCOMPARE(overlay->markedHosts(0, pod2), 32);
    QCOMPARE(int(pods.groups[size_t(pod2)].members.size()), 128);
    QCOMPARE(overlay->group(0, pod3), ComparisonOverlay::Removed);
    QCOMPARE(overlay->markedHosts(0, pod3), 128);
    // Scalable units: su-005 added, su-006 untouched.
    const LayoutLevel &sus = layout.levels()[1];
    int su5 = -1, su6 = -1;
    for (size_t g = 0; g < sus.groups.size(); ++g) {
        if (sus.groups[g].row != 0)
            continue;
        const std::string &su = fabric.host(sus.groups[g].members.front()).location.su;
        su5 = su == "su-005" ? int(g) : su5;
        su6 = su == "su-006" ? int(g) : su6;
    }
    QVERIFY(su5 >= 0 && su6 >= 0);
    QCOMPARE(overlay->group(1, su5), ComparisonOverlay::Added);
    QCOMPARE(overlay->group(1, su6), ComparisonOverlay::None);

    // The pixels: rendered at the pods level, zone-03's box is filled with
    // the removed tint and zone-01's with the added tint.
    QImage image(420, 460, QImage::Format_RGB32); // tall: the legend stays below the boxes
    image.fill(Qt::white);
    {
        QPainter p(&image);
        canvas->render(&p, QRectF(image.rect()));
    }
    const QRectF bounds = layout.bounds();
    const double scale = std::min(image.width() / bounds.width(), image.height() / bounds.height());
    const QRectF source(bounds.center() - QPointF(image.width() / scale / 2, image.height() / scale / 2),
                        QSizeF(image.width() / scale, image.height() / scale));
    const QColor base = canvas->palette().color(QPalette::Base);
    auto tinted = [&](int mark) {
        const QColor c = intentDiffColour(mark);
        return QColor::fromRgbF(base.redF() + (c.redF() - base.redF()) * 0.3,
                                base.greenF() + (c.greenF() - base.greenF()) * 0.3,
                                base.blueF() + (c.blueF() - base.blueF()) * 0.3);
    };
    auto share = [&](int group, const QColor &colour) {
        const QRectF r = pods.groups[size_t(group)].rect;
        const QPointF centre = (r.center() - source.topLeft()) * scale;
        const double w = r.width() * scale;
        int hits = 0, total = 0;
        for (int x = int(centre.x() - w / 2 + 3); x < int(centre.x() + w / 2 - 3); ++x)
            for (int y = int(centre.y()) - 4; y <= int(centre.y()) + 4; ++y, ++total)
                hits += near(image.pixel(x, y), colour) ? 1 : 0;
        return total ? double(hits) / total : 0.0;
    };
    QVERIFY2(share(pod3, tinted(ComparisonOverlay::Removed)) > 0.3, "zone-03 is not drawn removed");
    QVERIFY2(share(pod1, tinted(ComparisonOverlay::Added)) > 0.3, "zone-01 is not drawn added");
    QCOMPARE(share(pod3, tinted(ComparisonOverlay::Added)), 0.0);
}

void TestIntentsDock::lintAndChangesSelectRacks()
{
    IntentsDock *dock = m_window->intentsDock();
    FabricDocument *doc = m_window->document();
    // v3 alone: it leaves public egress open on zone-03, an error at /deny_public_egress.
    QVERIFY(dock->openIntent(v3Path));
    QVERIFY(dock->lint());
    QTreeWidget *lint = dock->lintView();
    QCOMPARE(lint->topLevelItemCount(), int(dock->lint()->findings.size()));
    bool egress = false;
    for (int i = 0; i < lint->topLevelItemCount(); ++i)
        egress = egress
            || (lint->topLevelItem(i)->text(0) == QStringLiteral("error")
                && lint->topLevelItem(i)->text(1) == QStringLiteral("/deny_public_egress"));
    QVERIFY(egress);
    // A finding about a rule selects the rule and the hosts its selectors
    // name: /allow/1 (racks 001-009, 36 hosts, among themselves) is shadowed
    // by /allow/0 (zone-01 among itself).
    const QString shadowed = m_dir.filePath(QStringLiteral("shadowed.intent.json"));
    QFile file(shadowed);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "railyard-intent", "format_version": 1, "metadata": {"version": 1},
  "cluster": "cluster-3k", "backend": "roce", "rails": 8, "topology": "rail_optimized",
  "lossless": {"pfc_priority": 3, "ecn": {"kmin_kib": 150, "kmax_kib": 1500}},
  "allow": [{"from": "zone-01/*", "to": "zone-01/*", "proto": "rdma"},
            {"from": "rack-00?", "to": "rack-00?", "proto": "rdma"}],
  "deny_public_egress": true}
)");
    file.close();
    QVERIFY(dock->openIntent(shadowed));
    QTreeWidgetItem *finding = nullptr;
    for (int i = 0; i < lint->topLevelItemCount() && !finding; ++i)
        if (lint->topLevelItem(i)->text(1) == QStringLiteral("/allow/1"))
            finding = lint->topLevelItem(i);
    QVERIFY2(finding, "no lint finding about /allow/1");
    QCOMPARE(finding->text(0), QStringLiteral("warning"));
    doc->setSelection({});
    dock->activateLintItem(finding);
    QCOMPARE(int(doc->selection().size()), 36);
    QCOMPARE(doc->selection().front(), std::string("gpu001"));
    QCOMPARE(doc->selection().back(), std::string("gpu036"));
    QCOMPARE(dock->rulesView()->currentItem()->data(0, IntentRulesView::PointerRole).toString(),
             QStringLiteral("/allow/1"));
    QVERIFY(dock->openIntent(v3Path));

    // A change block selects the racks on both sides: zone-01 and su-005.
    QVERIFY(dock->compareWith(v4Path));
    QTreeWidget *changes = dock->changesView();
    QCOMPARE(changes->topLevelItemCount(), 4);
    QCOMPARE(changes->topLevelItem(0)->text(0), QStringLiteral("+"));
    QCOMPARE(changes->topLevelItem(0)->text(2), QStringLiteral("rack-[001-032]"));
    QCOMPARE(changes->topLevelItem(0)->text(3), QStringLiteral("rack-[033-040]"));
    QCOMPARE(changes->topLevelItem(3)->text(3), QStringLiteral("@public"));
    dock->activateChangeItem(changes->topLevelItem(0));
    const std::set<std::string> selected(doc->selection().begin(), doc->selection().end());
    QCOMPARE(int(selected.size()), 160);
    QVERIFY(selected.count("gpu001") && selected.count("gpu160") && !selected.count("gpu161"));
    doc->setSelection({});
}

void TestIntentsDock::malformedIntentInProblemsDock()
{
    openV3V4();
    const QString path = m_dir.filePath(QStringLiteral("bad.intent.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\n"
               "  \"format\": \"railyard-intent\",\n"
               "  \"format_version\": 1,\n"
               "  \"metadata\": {\"version\": 5},\n"
               "  \"cluster\": \"cluster-3k\",\n"
               "  \"backend\": \"roce\",\n"
               "  \"rails\": 8,\n"
               "  \"topology\": \"rail_optimized\",\n"
               "  \"allow\": [{\"from\": \"rack-[0-\", \"to\": \"*\", \"proto\": \"rdma\"}],\n"
               "  \"deny_public_egress\": true\n"
               "}\n");
    file.close();
    IntentsDock *dock = m_window->intentsDock();
    QVERIFY(!dock->compareWith(path));
    // The dock keeps what it showed and lists the error with file, line and pointer.
    QCOMPARE(dock->newIntent()->intent.metadata.version, 4);
    QVERIFY(m_window->canvas()->intentDiff());
    QVERIFY2(dock->errorText().contains(QStringLiteral("bad.intent.json:9:")), qPrintable(dock->errorText()));
    QVERIFY2(dock->errorText().contains(QStringLiteral("at /allow/0/from")), qPrintable(dock->errorText()));
    QVERIFY(dock->findChild<QLabel *>(QStringLiteral("intentErrors"))->isVisibleTo(dock));
    const QStringList problems = m_window->problemsDock()->messageTexts();
    const auto found = std::find_if(problems.begin(), problems.end(), [](const QString &t) {
        return t.contains(QStringLiteral("bad.intent.json:9:")) && t.contains(QStringLiteral("at /allow/0/from"))
            && t.contains(QStringLiteral("rack-[0-"));
    });
    QVERIFY2(found != problems.end(), qPrintable(problems.join(QLatin1Char('\n'))));
    // Unknown fields too, each with its pointer.
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{\"format\": \"railyard-intent\", \"format_version\": 1, \"metadata\": {\"version\": 5},\n"
               " \"cluster\": \"c\", \"backend\": \"roce\", \"rails\": 8, \"topology\": \"fat_tree\",\n"
               " \"allow\": [{\"from\": \"*\", \"to\": \"*\", \"proto\": \"rdma\", \"frm\": 1}], "
               "\"deny_public_egress\": true}\n");
    file.close();
    QVERIFY(!dock->openIntent(path));
    QVERIFY2(dock->errorText().contains(QStringLiteral("at /allow/0/frm")), qPrintable(dock->errorText()));
    // A good read clears them.
    QVERIFY(dock->openIntent(v4Path));
    QVERIFY(dock->errorText().isEmpty());
    for (const QString &t : m_window->problemsDock()->messageTexts())
        QVERIFY2(!t.contains(QStringLiteral("bad.intent.json")), qPrintable(t));
}

void TestIntentsDock::reviewFromTheDock()
{
    QTemporaryDir keys, keyring;
    QString error;
    QVERIFY2(Ed25519Key::generate().writeKeyPair(keys.path(), QStringLiteral("alice"), &error), qPrintable(error));
    QVERIFY2(Ed25519Key::generate().writeKeyPair(keys.path(), QStringLiteral("bob"), &error), qPrintable(error));
    for (const char *name : {"alice.pub", "bob.pub"})
        QVERIFY(QFile::copy(keys.filePath(QString::fromLatin1(name)), keyring.filePath(QString::fromLatin1(name))));

    IntentsDock *dock = m_window->intentsDock();
    IntentReviewPanel *review = dock->reviewPanel();
    openV3V4();
    QCOMPARE(review->state(), ReviewState::Draft);
    // The author submits v4 with their key; the choice is remembered.
    review->setSigningKeyFile(keys.filePath(QStringLiteral("alice.key")));
    QCOMPARE(QSettings().value(QStringLiteral("intents/signingKey")).toString(),
             keys.filePath(QStringLiteral("alice.key")));
    QVERIFY2(review->submit(), qPrintable(review->messageText()));
    QCOMPARE(review->state(), ReviewState::InReview);
    QVERIFY(!review->reviewedFile().empty());

    // The author cannot approve their own change: refused, nothing signed.
    const std::string submitted = review->reviewedFile();
    QVERIFY(!review->decide(true, QStringLiteral("looks fine to me")));
    QVERIFY(review->lastActionFailed());
    QVERIFY2(review->messageText().contains(QStringLiteral("cannot approve or reject their own change")),
             qPrintable(review->messageText()));
    QCOMPARE(review->state(), ReviewState::InReview);
    QCOMPARE(review->reviewedFile(), submitted);
    // Verifying a submission names what is missing.
    review->setKeyringFolder(keyring.path());
    QVERIFY(!review->verify());
    QVERIFY(review->lastVerification() && !review->lastVerification()->valid);

    // The reviewer approves with their own key.
    review->setSigningKeyFile(keys.filePath(QStringLiteral("bob.key")));
    QVERIFY2(review->decide(true, QStringLiteral("egress closed, su-005 opened as planned")),
             qPrintable(review->messageText()));
    QCOMPARE(review->state(), ReviewState::Approved);
    // Not in a project and not exported: closing or opening asks first.
    QVERIFY(review->hasUnexportedDecision());
    QVERIFY2(review->verify(), qPrintable(review->messageText()));
    QCOMPARE(review->lastVerification()->author, std::string("alice"));
    QCOMPARE(review->lastVerification()->reviewer, std::string("bob"));
    QCOMPARE(review->lastVerification()->version, 4);

    // Export: the file verifies on its own; a changed byte does not.
    const QString out = m_dir.filePath(QStringLiteral("v4.reviewed.json"));
    QVERIFY(review->exportReviewed(out));
    QVERIFY(!review->hasUnexportedDecision());
    QFile exported(out);
    QVERIFY(exported.open(QIODevice::ReadOnly));
    QByteArray bytes = exported.readAll();
    const auto ring = Keyring::load(keyring.path(), &error);
    QVERIFY(ring);
    QVERIFY(IntentReview::verify(bytes.toStdString(), *ring).valid);
    bytes[bytes.indexOf("su-005")] = 'S';
    QVERIFY(!IntentReview::verify(bytes.toStdString(), *ring).valid);

    // The reviewed file opens in the dock with its state, and the comparison
    // with v3 stays: it is the version under review, again.
    QVERIFY(dock->openIntent(out));
    QCOMPARE(review->state(), ReviewState::Approved);
    QVERIFY(dock->oldIntent() && dock->diff());
    QCOMPARE(dock->oldIntent()->intent.metadata.version, 3);
    QCOMPARE(dock->newIntent()->path, out);
    QVERIFY(m_window->canvas()->intentDiff());
    // A tampered one fails verification from the dock with the reason.
    const QString tampered = m_dir.filePath(QStringLiteral("v4.tampered.json"));
    QFile t(tampered);
    QVERIFY(t.open(QIODevice::WriteOnly));
    t.write(bytes);
    t.close();
    QVERIFY(!dock->headerText().contains(QStringLiteral("NOT VERIFIED")));
    QVERIFY(dock->openIntent(tampered));
    QVERIFY(!review->verify());
    QVERIFY2(review->messageText().contains(QStringLiteral("content_sha256")), qPrintable(review->messageText()));
    // Above every tab, not only on Review: the tampered file is NOT VERIFIED,
    // its hash only what it claims.
    QVERIFY2(dock->headerText().contains(QStringLiteral("NOT VERIFIED")) && dock->headerText().contains(QStringLiteral("claims sha256")),
             qPrintable(dock->headerText()));
    for (const IntentsDock::Tab tab : {IntentsDock::Tab::Rules, IntentsDock::Tab::Lint, IntentsDock::Tab::Changes}) {
        dock->showTab(tab);
        if (const QString dir = qEnvironmentVariable("RAILYARD_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(dock->grab().save(QDir(dir).filePath(QStringLiteral("intents-not-verified-%1.png").arg(int(tab)))));
    }
    // Without a keyring nothing reviewed verifies.
    review->setKeyringFolder(QString());
    QVERIFY(dock->openIntent(out));
    QVERIFY2(dock->headerText().contains(QStringLiteral("NOT VERIFIED")), qPrintable(dock->headerText()));
}

void TestIntentsDock::keyPathsAndStaleRefusals()
{
    // Key and keyring are stored absolute (the next session may start
    // elsewhere); a missing one is reported as missing; a refusal about the
    // previous key goes when the key changes.
    IntentsDock *dock = m_window->intentsDock();
    IntentReviewPanel *review = dock->reviewPanel();
    QVERIFY(dock->openIntent(v4Path));
    QTemporaryDir keys;
    QString error;
    QVERIFY(Ed25519Key::generate().writeKeyPair(keys.path(), QStringLiteral("alice"), &error));
    const QString absolute = keys.filePath(QStringLiteral("alice.key"));
    review->setSigningKeyFile(QDir::current().relativeFilePath(absolute));
    QCOMPARE(review->signingKeyFile(), QFileInfo(absolute).absoluteFilePath());
    QVERIFY(QFileInfo(review->signingKeyFile()).isAbsolute());
    review->setKeyringFolder(QDir::current().relativeFilePath(keys.path()));
    QVERIFY(QFileInfo(review->keyringFolder()).isAbsolute());

    const QString missing = keys.filePath(QStringLiteral("gone.key"));
    review->setSigningKeyFile(missing);
    QVERIFY(!review->submit());
    QVERIFY(review->lastActionFailed());
    QVERIFY2(review->messageText().contains(QStringLiteral("no such file (the key is missing)")),
             qPrintable(review->messageText()));
    bool labelSaysMissing = false;
    for (const QLabel *label : review->findChildren<QLabel *>())
        labelSaysMissing = labelSaysMissing || label->text().contains(QStringLiteral("the key is missing"));
    QVERIFY(labelSaysMissing);
    // Another key: the red refusal is gone.
    review->setSigningKeyFile(absolute);
    QVERIFY(!review->lastActionFailed());
    QVERIFY(review->messageText().isEmpty());
    review->setKeyringFolder({});
}

void TestIntentsDock::overviewFollowsTheDiff()
{
    // Zoomed in, the overview shows the whole fabric with the diff's
    // colours; clearing (or replacing) the diff redraws it, never keeping
    // the old colours.
    IntentsDock *dock = m_window->intentsDock();
    FabricCanvas *canvas = m_window->canvas();
    dock->clearIntents();
    const Fabric &f = m_window->document()->fabric();
    QVERIFY(canvas->focusElement(QString::fromStdString(f.host(f.hostCount() / 2).id)));
    QCoreApplication::processEvents();
    const auto overviewPixels = [&]() {
        const QImage image = canvas->grab().toImage();
        QVector<QRgb> pixels;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2)
                if (canvas->isOverviewAt(QPoint(x, y)))
                    pixels << image.pixel(x, y);
        return pixels;
    };
    const QVector<QRgb> plain = overviewPixels();
    QVERIFY(!plain.isEmpty());
    openV3V4();
    QCoreApplication::processEvents();
    QVERIFY(canvas->intentDiff());
    QVERIFY(overviewPixels() != plain);
    dock->clearIntents();
    QCoreApplication::processEvents();
    QVERIFY(!canvas->intentDiff());
    QCOMPARE(overviewPixels(), plain);
    canvas->fitToView();
}

void TestIntentsDock::versionsInAProject()
{
    const QString project = m_dir.filePath(QStringLiteral("cluster-3k.railyard"));
    QString error;
    QVERIFY2(m_window->projectSession()->saveProject(project, &error), qPrintable(error));
    QVERIFY(m_window->openFile(project));
    IntentsDock *dock = m_window->intentsDock();
    IntentVersionsPanel *versions = dock->versionsPanel();
    QCOMPARE(versions->projectPath(), project);
    QVERIFY(versions->versionIds().empty());

    // Add v3 as a version; submit v4 (stored with its submission).
    QVERIFY(dock->openIntent(v3Path));
    QVERIFY2(dock->addToProject(), qPrintable(dock->errorText()));
    QCOMPARE(int(versions->versionIds().size()), 1);
    QTemporaryDir keys;
    QVERIFY(Ed25519Key::generate().writeKeyPair(keys.path(), QStringLiteral("alice"), &error));
    dock->reviewPanel()->setSigningKeyFile(keys.filePath(QStringLiteral("alice.key")));
    QVERIFY(dock->openIntent(v4Path));
    QVERIFY2(dock->reviewPanel()->submit(), qPrintable(dock->reviewPanel()->messageText()));
    QCOMPARE(int(versions->versionIds().size()), 2);
    // Newest first: v4 in review by alice, then v3 a draft.
    const QTreeWidgetItem *top = versions->list()->topLevelItem(0);
    QCOMPARE(top->text(0), QStringLiteral("4"));
    QCOMPARE(top->text(5), QStringLiteral("in review"));
    QCOMPARE(top->text(2), QString::fromStdString(dock->newIntent()->sha256.substr(0, 12)));
    QCOMPARE(versions->list()->topLevelItem(1)->text(5), QStringLiteral("draft"));
    const auto stored = IntentStore(project).versions();
    QVERIFY(stored && stored->size() == 2);
    QCOMPARE(stored->back().state, ReviewState::InReview);

    // Showing v4 alone brings its parent v3 as the old side, and its submission.
    dock->clearIntents();
    QVERIFY(dock->showStoredVersions({versions->versionIds().front()}));
    QVERIFY(dock->oldIntent() && dock->newIntent());
    QCOMPARE(dock->oldIntent()->intent.metadata.version, 3);
    QCOMPARE(dock->newIntent()->intent.metadata.version, 4);
    QCOMPARE(dock->reviewPanel()->state(), ReviewState::InReview);
    QVERIFY(m_window->canvas()->intentDiff());
    QCOMPARE(m_window->canvas()->intentDiff()->rackCount(ComparisonOverlay::Added), 40);
    // Two selected versions compare in version order whatever the selection order.
    QVERIFY(dock->showStoredVersions({versions->versionIds().back(), versions->versionIds().front()}));
    QCOMPARE(dock->oldIntent()->intent.metadata.version, 3);
}

void TestIntentsDock::meta24kZoomedOut()
{
    QVERIFY(m_window->openFile(QStringLiteral(RAILYARD_SAMPLES "/meta-24k.fabric.json")));
    IntentsDock *dock = m_window->intentsDock();
    QElapsedTimer timer;
    timer.start();
    QVERIFY(dock->openIntent(QStringLiteral(RAILYARD_TEST_DATA "/intents/meta-24k.v1.intent.json")));
    QVERIFY(dock->compareWith(QStringLiteral(RAILYARD_TEST_DATA "/intents/meta-24k.v2.intent.json")));
    const qint64 diffMs = timer.elapsed();
    FabricCanvas *canvas = m_window->canvas();
    const ComparisonOverlay *overlay = canvas->intentDiff();
    QVERIFY(overlay);
    canvas->fitToView();
    QCOMPARE(canvas->detail(), FabricCanvas::Detail::Pods);
    // Pods are zones here: 02, 03, 05 gain, 07 and 08 lose, 04 both, 01 and 06 keep their policy.
    const LayoutLevel &pods = canvas->layout()->levels()[0];
    const ComparisonOverlay::Mark expected[]
        = {ComparisonOverlay::None,  ComparisonOverlay::Added, ComparisonOverlay::Added,   ComparisonOverlay::Changed,
           ComparisonOverlay::Added, ComparisonOverlay::None,  ComparisonOverlay::Removed, ComparisonOverlay::Removed};
    for (int z = 1; z <= 8; ++z) {
        const std::string label = "zone-0" + std::to_string(z) + "/pod-0" + std::to_string(z);
        const int g = groupIndex(pods, label);
        QVERIFY2(g >= 0, label.c_str());
        QCOMPARE(overlay->group(0, g), expected[z - 1]);
    }
    // Painting zoomed out only looks marks up: as fast as without the diff.
    QImage image(1600, 1000, QImage::Format_RGB32);
    auto paintMs = [&] {
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < 5; ++i) {
            QPainter p(&image);
            canvas->render(&p, QRectF(image.rect()), canvas->visibleSceneRect());
        }
        return double(t.nsecsElapsed()) / 5e6;
    };
    const double withDiff = paintMs();
    dock->clearIntents();
    QVERIFY(!canvas->intentDiff());
    const double without = paintMs();
    qInfo("meta-24k: open + lint + diff %lld ms; paint zoomed out %.1f ms with the diff, %.1f ms without", diffMs,
          withDiff, without);
    QVERIFY2(withDiff < 250.0, qPrintable(QString::number(withDiff)));
}

QTEST_MAIN(TestIntentsDock)
#include "tst_intentsdock.moc"
