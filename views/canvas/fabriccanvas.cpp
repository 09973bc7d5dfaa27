#include "views/canvas/fabriccanvas.h"

#include "core/document/fabricdocument.h"
#include "views/analysisrunner.h"
#include "views/canvas/colours.h"
#include "views/canvas/healthoverlay.h"
#include "views/canvas/comparisonoverlay.h"
#include "views/docks/analysischarts.h"

#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QGestureEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QMenu>
#include <QNativeGestureEvent>
#include <QPainter>
#include <QPinchGesture>
#include <QTimer>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace Railyard {

namespace {

/// Distance from p to the segment ab.
double segmentDistance(const QPointF &p, const QPointF &a, const QPointF &b)
{
    const QPointF ab = b - a;
    const double len2 = ab.x() * ab.x() + ab.y() * ab.y();
    double t = len2 > 0 ? ((p.x() - a.x()) * ab.x() + (p.y() - a.y()) * ab.y()) / len2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    const QPointF d = p - (a + t * ab);
    return std::sqrt(d.x() * d.x() + d.y() * d.y());
}

} // namespace

FabricCanvas::FabricCanvas(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("FabricCanvas"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(200, 150);
    grabGesture(Qt::PinchGesture);
    m_layoutTimer = new QTimer(this);
    m_layoutTimer->setSingleShot(true);
    connect(m_layoutTimer, &QTimer::timeout, this, &FabricCanvas::flushLayout);
}

FabricCanvas::~FabricCanvas()
{
    emit aboutToBeDestroyed();
}

void FabricCanvas::setDocument(FabricDocument *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_layout.reset();
    m_overlaysDirty = true;
    m_heat.clear();
    m_highlightedHosts.clear();
    m_intentDiff.reset();
    m_health.reset();
    if (m_document) {
        connect(m_document, &FabricDocument::changed, this, [this](FabricDocument::Change change) {
            if (change == FabricDocument::Change::Structure) {
                // An edit keeps the view: the same scene point stays at the
                // centre at the same zoom (unless a fit is still to come).
                const bool keep = m_layout && !m_fitPending;
                const QPointF center = keep ? toScene(QPointF(width(), height()) / 2) : QPointF();
                rebuildLayout();
                if (keep) {
                    m_view.centerOn(center);
                    emit zoomChanged(m_view.zoom());
                }
            } else if (change == FabricDocument::Change::Positions) {
                // A drag moves pins once per mouse move. A cheap layout follows
                // at once; an expensive one (~100 ms at 131K GPUs) at most every
                // few frames, while the edit tool outlines the moved nodes.
                m_layoutPending = true;
                if (!m_layoutTimer->isActive())
                    m_layoutTimer->start(m_layoutMs < 25.0 ? 0 : static_cast<int>(std::min(2.0 * m_layoutMs, 400.0)));
            }
            m_overlaysDirty = true;
            m_overviewStale = true;
            update();
        });
        connect(m_document, &FabricDocument::selectionChanged, this, &FabricCanvas::onSelectionChanged);
        connect(m_document, &QObject::destroyed, this, [this] {
            m_document = nullptr;
            m_layout.reset();
            update();
        });
        rebuildLayout();
        m_fitPending = true;
        fitToView();
    }
    update();
}


void FabricCanvas::setAnalysisRunner(AnalysisRunner *runner)
{
    if (m_runner)
        disconnect(m_runner, nullptr, this, nullptr);
    m_runner = runner;
    if (m_runner)
        connect(m_runner, &AnalysisRunner::finished, this, [this] {
            m_overlaysDirty = true;
            m_overviewStale = true;
            update();
        });
    m_overlaysDirty = true;
    update();
}

void FabricCanvas::rebuildLayout()
{
    m_layoutPending = false;
    QElapsedTimer timer;
    timer.start();
    m_layout
        = std::make_unique<FabricLayout>(FabricLayout::compute(m_document->fabric(), &m_document->pinnedPositions()));
    m_layoutMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    std::vector<double> widths;
    for (const auto &g : m_layout->levels()[1].groups)
        if (g.row == 0)
            widths.push_back(g.rect.width());
    std::nth_element(widths.begin(), widths.begin() + static_cast<long>(widths.size() / 2), widths.end());
    m_suWidth = widths.empty() ? 0.0 : widths[widths.size() / 2];
    m_view.setLayout(*m_layout);
    rebuildDomains();
    m_overviewStale = true;
    if (m_intentDiff)
        m_intentDiff->setLayout(*m_layout);
    if (m_health)
        m_health->setLayout(*m_layout);
    // Scene-space segments of every bundle: lower group's top center to the
    // upper group's bottom center, for fast culling when painting.
    m_segments.assign(m_layout->levels().size(), {});
    for (size_t level = 0; level < m_layout->levels().size(); ++level) {
        const LayoutLevel &lv = m_layout->levels()[level];
        auto &out = m_segments[level];
        out.reserve(lv.bundles.size());
        for (size_t i = 0; i < lv.bundles.size(); ++i) {
            const LayoutBundle &b = lv.bundles[i];
            const auto &ga = lv.groups[static_cast<size_t>(b.groupA)];
            const auto &gb = lv.groups[static_cast<size_t>(b.groupB)];
            const QRectF &lo = (ga.row <= gb.row ? ga : gb).rect;
            const QRectF &hi = (ga.row <= gb.row ? gb : ga).rect;
            out.push_back({static_cast<float>(lo.center().x()), static_cast<float>(lo.top()),
                           static_cast<float>(hi.center().x()), static_cast<float>(hi.bottom()),
                           static_cast<float>(std::min(lo.left(), hi.left())),
                           static_cast<float>(std::max(lo.right(), hi.right())), static_cast<std::int32_t>(i)});
        }
    }
    onSelectionChanged();
}

void FabricCanvas::onSelectionChanged()
{
    if (!m_document)
        return;
    const Fabric &f = m_document->fabric();
    m_selectedNodes.assign(static_cast<size_t>(f.nodeCount()), 0);
    m_selectedLinks.assign(static_cast<size_t>(f.linkCount()), 0);
    for (const std::string &id : m_document->selection()) {
        if (const NodeIndex n = f.findNode(id); n >= 0)
            m_selectedNodes[static_cast<size_t>(n)] = 1;
        else if (const auto l = f.findLink(id); l >= 0)
            m_selectedLinks[static_cast<size_t>(l)] = 1;
    }
    update();
}

void FabricCanvas::updateOverlays() const
{
    if (!m_overlaysDirty || !m_document)
        return;
    const Fabric &fabric = m_document->fabric();
    const FabricDocument &doc = *m_document;
    m_linkFailed.assign(static_cast<size_t>(fabric.linkCount()), 0);
    m_linkDegraded.assign(static_cast<size_t>(fabric.linkCount()), 0);
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
        const Link &link = fabric.link(l);
        const bool down = doc.isLinkDownUnderWhatIf(l);
        m_linkFailed[static_cast<size_t>(l)] = down ? 1 : 0;
        m_linkDegraded[static_cast<size_t>(l)] = !down && link.state == LinkState::Degraded ? 1 : 0;
    }
    m_linkInCut.assign(static_cast<size_t>(fabric.linkCount()), 0);
    const AnalysisReport *report = m_runner ? m_runner->current() : nullptr;
    if (report && m_showCut && !(m_intentDiff && m_comparisonShown)) // an intent diff takes over the link colours
        for (const auto l : report->bisection.cutLinks)
            if (l < fabric.linkCount())
                m_linkInCut[static_cast<size_t>(l)] = 1;
    m_overlaysDirty = false;
}

FabricCanvas::Detail FabricCanvas::detail() const
{
    return detailAt(m_view.zoom());
}

FabricCanvas::Detail FabricCanvas::detailAt(double scale) const
{
    if (FabricLayout::hostWidth * scale >= 10.0)
        return Detail::Elements;
    if (FabricLayout::rackPitch * scale >= 6.0)
        return Detail::Racks;
    // Scalable units once a typical one is wide enough to read.
    return m_suWidth * scale >= 28.0 ? Detail::ScalableUnits : Detail::Pods;
}

QRectF FabricCanvas::visibleSceneRect() const
{
    return m_view.visibleSceneRect();
}

QPointF FabricCanvas::toScene(const QPointF &widgetPos) const
{
    return m_view.toScene(widgetPos);
}

QPointF FabricCanvas::toWidget(const QPointF &scenePos) const
{
    return m_view.toWidget(scenePos);
}

void FabricCanvas::render(QPainter *painter, const QRectF &target, const QRectF &sourceRect,
                          std::optional<Detail> detail) const
{
    if (!m_document || !m_layout)
        return;
    // The same compressed rows as on screen: the region from its top-left
    // (the visible one gives the widget's picture, scaled to the target), or
    // the whole fabric fitted.
    CanvasViewport view = m_view;
    if (sourceRect.isNull()) {
        view.setSize(target.size(), target.width() / std::max(1, width()));
        view.fit();
    } else {
        view = m_view.showing(sourceRect, target.size());
    }
    painter->save();
    painter->setClipRect(target);
    painter->setRenderHint(QPainter::Antialiasing, view.zoom() > 0.05);
    painter->setRenderHint(QPainter::TextAntialiasing, true);
    paintScene(*painter, view, target, detail.value_or(detailAt(view.zoom())));
    painter->restore();
}

void FabricCanvas::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    if (!m_document || !m_layout) {
        p.fillRect(rect(), palette().color(QPalette::Base));
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("Open a fabric or create one from a template"));
        return;
    }
    if (m_layoutPending && m_layoutMs < 25.0)
        rebuildLayout();
    if (m_fitPending)
        fitToView();
    // The overview and its breadcrumb go over the top-right corner: the
    // scene's edge labels keep clear of it.
    const QRectF overview = overviewFrame();
    m_reserved = overview.isValid() ? overview.adjusted(-6, -6, 6, 28) : QRectF();
    render(&p, QRectF(rect()), visibleSceneRect());
    m_reserved = QRectF();
    if (m_overlayPainter)
        m_overlayPainter(p);
    if (m_document->fabric().nodeCount() == 0) {
        // An empty design says how to begin, where the user looks.
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(40, 40, -40, -40), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("An empty design.\nRight-click to add a switch, a host or a rack;\n"
                      "Edit Mode (E) draws and connects them."));
    }
    paintOverview(p);
    // A fitted view whose legends changed size since the fit: fit again (next frame).
    if (m_fitted && std::fabs(legendReserve() - m_fitReserve) > 1.0)
        QTimer::singleShot(0, this, [this] {
            if (m_fitted)
                fitToView();
        });
}

void FabricCanvas::flushLayout()
{
    m_layoutTimer->stop();
    if (m_layoutPending && m_document) {
        rebuildLayout();
        update();
    }
}

void FabricCanvas::setOverlayPainter(std::function<void(QPainter &)> paint)
{
    m_overlayPainter = std::move(paint);
    update();
}

void FabricCanvas::setLegendShown(bool shown)
{
    m_legendShown = shown;
    update();
}

void FabricCanvas::setLegendAtTop(bool top)
{
    m_legendAtTop = top;
    update();
}

void FabricCanvas::setShowCut(bool show)
{
    m_showCut = show;
    m_overlaysDirty = true;
    update();
}

void FabricCanvas::setLinkHeat(const std::vector<float> &utilization, const QString &title)
{
    m_heat = utilization;
    m_heatTitle = title;
    update();
}

void FabricCanvas::setHighlightedHosts(const std::vector<std::string> &hostIds)
{
    m_highlightedHosts.clear();
    if (m_document && !hostIds.empty()) {
        const Fabric &f = m_document->fabric();
        m_highlightedHosts.assign(static_cast<size_t>(f.nodeCount()), 0);
        for (const std::string &id : hostIds)
            if (const NodeIndex n = f.findNode(id); f.isHost(n))
                m_highlightedHosts[static_cast<size_t>(n)] = 1;
    }
    update();
}

void FabricCanvas::setIntentDiff(const SemanticDiff *diff, const QString &title)
{
    m_intentDiff.reset();
    if (diff && m_document) {
        m_intentDiff = std::make_unique<ComparisonOverlay>(*diff, m_document->fabric(), title);
        if (m_layout)
            m_intentDiff->setLayout(*m_layout);
    }
    m_overlaysDirty = true;
    m_overviewStale = true; // the overview shows the diff too
    update();
}

void FabricCanvas::setComparison(std::unique_ptr<ComparisonOverlay> overlay)
{
    m_intentDiff = std::move(overlay);
    if (m_intentDiff && m_layout)
        m_intentDiff->setLayout(*m_layout);
    m_overlaysDirty = true;
    m_overviewStale = true;
    update();
}

void FabricCanvas::setComparisonShown(bool shown)
{
    if (m_comparisonShown == shown)
        return;
    m_comparisonShown = shown;
    m_overlaysDirty = true;
    m_overviewStale = true;
    update();
}

void FabricCanvas::setHealthOverlay(std::unique_ptr<HealthOverlay> overlay)
{
    m_health = std::move(overlay);
    if (m_health && m_layout)
        m_health->setLayout(*m_layout);
    m_overviewStale = true; // and the overview's colours with it
    update();
    emit healthOverlayChanged();
}

void FabricCanvas::setColourByOversubscription(bool on)
{
    m_colourByOversubscription = on;
    update();
}

QString FabricCanvas::elementAt(const QPoint &pos) const
{
    if (!m_document || !m_layout)
        return {};
    const Fabric &f = m_document->fabric();
    const QPointF scene = toScene(pos);
    const NodeIndex n = m_layout->nodeAt(scene, 3.0 / m_view.zoom());
    if (n >= 0)
        return QString::fromStdString(f.nodeId(n));
    if (detail() != Detail::Elements)
        return {};
    // Nearest link within 4 pixels, among links of nodes near the point.
    double best = 4.0;
    std::int32_t bestLink = -1;
    const QRectF around(scene.x() - 400, scene.y() - 2000, 800, 4000);
    for (const NodeIndex v : m_layout->nodesIn(around))
        for (const auto l : f.incidentLinks(v)) {
            const Link &link = f.link(l);
            const double d = segmentDistance(QPointF(pos), toWidget(m_layout->nodeCenter(link.a)),
                                             toWidget(m_layout->nodeCenter(link.b)));
            if (d < best) {
                best = d;
                bestLink = l;
            }
        }
    return bestLink >= 0 ? QString::fromStdString(f.link(bestLink).id) : QString();
}

void FabricCanvas::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0)
        return;
    setZoom(m_view.zoom() * std::pow(1.2, steps), toScene(event->position()));
    event->accept();
}

void FabricCanvas::mousePressEvent(QMouseEvent *event)
{
    setFocus();
    if (event->button() == Qt::LeftButton && isOverviewAt(event->pos())) {
        m_overviewDragging = true;
        moveToOverviewPoint(event->position());
        return;
    }
    m_pressPos = event->pos();
    m_pressView = m_view;
    m_dragging = false;
}

void FabricCanvas::mouseMoveEvent(QMouseEvent *event)
{
    if (!(event->buttons() & (Qt::LeftButton | Qt::MiddleButton)))
        return;
    if (m_overviewDragging) {
        moveToOverviewPoint(event->position());
        return;
    }
    const QPoint delta = event->pos() - m_pressPos;
    if (!m_dragging && delta.manhattanLength() < 4)
        return;
    m_dragging = true;
    setCursor(Qt::ClosedHandCursor);
    m_view = m_pressView;
    m_view.pan(QPointF(delta));
    m_fitted = false;
    m_fitPending = false;
    update();
}

void FabricCanvas::mouseReleaseEvent(QMouseEvent *event)
{
    unsetCursor();
    if (m_overviewDragging) {
        m_overviewDragging = false;
        return;
    }
    if (m_dragging || event->button() != Qt::LeftButton || !m_document) {
        m_dragging = false;
        return;
    }
    const QString id = elementAt(event->pos());
    std::vector<std::string> selection;
    if (event->modifiers() & Qt::ControlModifier)
        selection = m_document->selection();
    if (!id.isEmpty()) {
        const std::string key = id.toStdString();
        auto it = std::find(selection.begin(), selection.end(), key);
        if (it != selection.end())
            selection.erase(it);
        else
            selection.push_back(key);
    }
    m_document->setSelection(std::move(selection));
}

void FabricCanvas::mouseDoubleClickEvent(QMouseEvent *event)
{
    const QString id = elementAt(event->pos());
    if (!id.isEmpty()) {
        focusElement(id);
        return;
    }
    // Zoom into the group under the cursor.
    setZoom(m_view.zoom() * 3.0, toScene(event->position()));
}

void FabricCanvas::keyPressEvent(QKeyEvent *event)
{
    const double step = 0.125;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomIn(); break;
    case Qt::Key_Minus: zoomOut(); break;
    case Qt::Key_0: fitToView(); break;
    case Qt::Key_Left:
        m_view.pan(QPointF(width() * step, 0));
        m_fitted = false;
        update();
        break;
    case Qt::Key_Right:
        m_view.pan(QPointF(-width() * step, 0));
        m_fitted = false;
        update();
        break;
    case Qt::Key_Up:
        m_view.pan(QPointF(0, height() * step));
        m_fitted = false;
        update();
        break;
    case Qt::Key_Down:
        m_view.pan(QPointF(0, -height() * step));
        m_fitted = false;
        update();
        break;
    case Qt::Key_Escape:
        if (m_document)
            m_document->setSelection({});
        break;
    default: QWidget::keyPressEvent(event); return;
    }
    m_fitPending = false;
}

void FabricCanvas::contextMenuEvent(QContextMenuEvent *event)
{
    if (!m_document || !m_layout)
        return;
    const Fabric &f = m_document->fabric();
    QMenu menu(this);
    auto addToggle = [&](const QString &what, const std::vector<std::string> &ids, bool allFailed) {
        if (ids.empty())
            return;
        QAction *a = menu.addAction(allFailed ? tr("Restore %1").arg(what) : tr("Fail %1").arg(what));
        connect(a, &QAction::triggered, this, [this, ids, allFailed] { m_document->setFailed(ids, !allFailed); });
    };
    // What is under the cursor: an element, or (zoomed out) a group.
    QString id = elementAt(event->pos());
    std::vector<NodeIndex> groupMembers;
    QString groupLabel;
    if (id.isEmpty() && detail() != Detail::Elements) {
        const int level = detail() == Detail::Racks ? 2 : detail() == Detail::ScalableUnits ? 1 : 0;
        for (const LayoutGroup &g : m_layout->levels()[static_cast<size_t>(level)].groups) {
            QRectF r = toWidgetRect(g.rect);
            if (r.height() < 16.0)
                r.adjust(0, -(16.0 - r.height()) / 2, 0, (16.0 - r.height()) / 2);
            if (r.contains(QPointF(event->pos()))) {
                groupMembers = g.members;
                groupLabel = QString::fromStdString(g.label);
                break;
            }
        }
    }
    auto linkFailed = [&](std::int32_t l) { return m_document->isLinkFailed(l); };
    // Elements of a location (rack or pod): its switches and the links of its hosts.
    auto locationIds = [&](bool rack, const std::string &value, bool *allFailed) {
        std::vector<std::string> ids;
        *allFailed = true;
        for (std::int32_t s = 0; s < f.switchCount(); ++s) {
            const Location &loc = f.switchAt(s).location;
            if ((rack ? loc.rack : loc.pod) == value) {
                ids.push_back(f.switchAt(s).id);
                *allFailed = *allFailed && m_document->isSwitchFailed(s);
            }
        }
        for (std::int32_t h = 0; h < f.hostCount(); ++h) {
            const Location &loc = f.host(h).location;
            if ((rack ? loc.rack : loc.pod) == value)
                for (const auto l : f.incidentLinks(h)) {
                    ids.push_back(f.link(l).id);
                    *allFailed = *allFailed && linkFailed(l);
                }
        }
        return ids;
    };

    if (!id.isEmpty()) {
        const std::string key = id.toStdString();
        const NodeIndex n = f.findNode(key);
        Location loc;
        if (f.isSwitch(n)) {
            addToggle(tr("switch %1").arg(id), {key}, m_document->isSwitchFailed(f.switchIndexOf(n)));
            loc = f.switchAt(f.switchIndexOf(n)).location;
        } else if (f.isHost(n)) {
            bool all = true;
            for (const auto l : f.incidentLinks(n))
                all = all && linkFailed(l);
            addToggle(tr("links of host %1").arg(id), {key}, all);
            loc = f.host(n).location;
        } else if (const auto l = f.findLink(key); l >= 0) {
            addToggle(tr("link %1").arg(id), {key}, linkFailed(l));
        }
        if (!loc.rack.empty()) {
            bool all = false;
            const auto ids = locationIds(true, loc.rack, &all);
            addToggle(tr("rack %1").arg(QString::fromStdString(loc.rack)), ids, all);
        }
        if (!loc.pod.empty()) {
            bool all = false;
            const auto ids = locationIds(false, loc.pod, &all);
            addToggle(tr("pod %1").arg(QString::fromStdString(loc.pod)), ids, all);
        }
    } else if (!groupMembers.empty()) {
        std::vector<std::string> ids;
        bool all = true;
        for (const NodeIndex n : groupMembers) {
            ids.push_back(f.nodeId(n));
            if (f.isSwitch(n))
                all = all && m_document->isSwitchFailed(f.switchIndexOf(n));
            else
                for (const auto l : f.incidentLinks(n))
                    all = all && linkFailed(l);
        }
        addToggle(tr("%1 (%n elements)", nullptr, static_cast<int>(ids.size())).arg(groupLabel), ids, all);
    }
    if (m_document->hasFailures()) {
        menu.addSeparator();
        QAction *restore = menu.addAction(tr("Restore All"));
        connect(restore, &QAction::triggered, m_document, &FabricDocument::restoreAll);
    }
    emit contextMenuAboutToShow(&menu, id, event->pos());
    if (!menu.isEmpty())
        menu.exec(event->globalPos());
}

bool FabricCanvas::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && m_document && m_layout) {
        auto *help = static_cast<QHelpEvent *>(event);
        const Fabric &f = m_document->fabric();
        const QString id = elementAt(help->pos());
        QString text;
        const std::string key = id.toStdString();
        const NodeIndex n = id.isEmpty() ? -1 : f.findNode(key);
        const AnalysisReport *report = m_runner ? m_runner->current() : nullptr;
        if (f.isHost(n)) {
            const Host &h = f.host(n);
            double injection = 0;
            for (const auto l : f.incidentLinks(n))
                injection += f.link(l).capacityGbps;
            text = tr("<b>%1</b><br>%2 × %3 GPUs, NVLink %4 GB/s per GPU<br>%5 NICs, %6 injection<br>rack %7, %8, %9")
                       .arg(id)
                       .arg(h.gpus)
                       .arg(QString::fromStdString(h.gpuModel).toUpper())
                       .arg(h.nvlinkGBps)
                       .arg(h.nics.size())
                       .arg(AnalysisCharts::capacityText(injection))
                       .arg(QString::fromStdString(h.location.rack), QString::fromStdString(h.location.su),
                            QString::fromStdString(h.location.pod));
        } else if (f.isSwitch(n)) {
            const auto s = f.switchIndexOf(n);
            const Switch &sw = f.switchAt(s);
            text = tr("<b>%1</b><br>%2, radix %3, %4 links used<br>%5")
                       .arg(id, QString::fromLatin1(tierName(sw.tier)))
                       .arg(sw.radix)
                       .arg(f.incidentLinks(n).size())
                       .arg(QString::fromStdString(sw.model));
            if (report && static_cast<size_t>(s) < report->oversubscription.perSwitch.size()) {
                const auto &o = report->oversubscription.perSwitch[static_cast<size_t>(s)];
                text += tr("<br>down %1, up %2")
                            .arg(AnalysisCharts::capacityText(o.downGbps), AnalysisCharts::capacityText(o.upGbps));
                if (std::isfinite(o.ratio))
                    text += tr("<br>oversubscription %1:1").arg(QLocale().toString(o.ratio, 'g', 3));
            }
            if (m_document->isSwitchFailed(s))
                text += tr("<br><b>failed (what-if)</b>");
        } else if (const auto l = id.isEmpty() ? -1 : f.findLink(key); l >= 0) {
            const Link &link = f.link(l);
            text = tr("<b>%1</b><br>%2 ↔ %3<br>%4 per direction, %5")
                       .arg(id, QString::fromStdString(f.nodeId(link.a)), QString::fromStdString(f.nodeId(link.b)),
                            AnalysisCharts::capacityText(link.capacityGbps),
                            QString::fromLatin1(linkStateName(link.state)));
            if (m_document->isLinkFailed(l))
                text += tr("<br><b>failed (what-if)</b>");
            if (static_cast<size_t>(l) < m_heat.size()) // the heatmap shown: this link's share of it
                text += tr("<br>utilization %1 % (%2)")
                            .arg(QLocale().toString(100.0 * m_heat[static_cast<size_t>(l)], 'f', 1),
                                 m_heatTitle.toHtmlEscaped());
        }
        if (!text.isEmpty() && m_health) {
            // Live values beside the design values, while Health watches.
            const std::int32_t l = n >= 0 ? -1 : f.findLink(key);
            const std::vector<HealthOverlay::LiveFact> facts =
                n >= 0 ? m_health->liveNodeFacts(f, n) : m_health->liveLinkFacts(f, l);
            if (!facts.empty())
                text += tr("<br><b>Live</b>");
            for (const HealthOverlay::LiveFact &fact : facts)
                text += QStringLiteral("<br>%1: %2").arg(fact.label.toHtmlEscaped(), fact.value.toHtmlEscaped());
        }
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    if (event->type() == QEvent::NativeGesture) {
        auto *g = static_cast<QNativeGestureEvent *>(event);
        if (g->gestureType() == Qt::ZoomNativeGesture) {
            setZoom(m_view.zoom() * (1.0 + g->value()), toScene(g->position()));
            return true;
        }
    }
    if (event->type() == QEvent::Gesture) {
        auto *g = static_cast<QGestureEvent *>(event);
        if (auto *pinch = static_cast<QPinchGesture *>(g->gesture(Qt::PinchGesture))) {
            setZoom(m_view.zoom() * pinch->scaleFactor(), toScene(mapFromGlobal(pinch->centerPoint().toPoint())));
            return true;
        }
    }
    return QWidget::event(event);
}

} // namespace Railyard
