#include "views/docks/floorview.h"

#include "core/document/fabricdocument.h"
#include "core/floor/cableruns.h"
#include "views/canvas/colours.h"

#include <QApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace Railyard {

namespace {

constexpr double hallGapM = 3.0;   ///< between halls drawn one under the other
constexpr double marginM = 1.5;    ///< around the floor
constexpr double hallTitleM = 1.0; ///< above each hall, for its name

double hallHeight(const FloorHall &h)
{
    return (h.rows - 1) * h.rowPitchM + h.rackDepthM;
}

} // namespace

FloorView::FloorView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("floorView"));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(240, 180);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void FloorView::setDocument(FabricDocument *document)
{
    m_document = document;
    m_dragRack.clear();
}

void FloorView::setFloor(std::shared_ptr<const FloorPlan> floor, std::shared_ptr<const FloorReport> report,
                         std::shared_ptr<const std::vector<std::string>> nodeRacks)
{
    // Keep the zoom and pan while the floor keeps its extent (a rack moved).
    const bool hadFloor = bool(m_floor);
    const QRectF extentBefore = floorRect();
    m_floor = std::move(floor);
    m_report = std::move(report);
    m_nodeRacks = std::move(nodeRacks);
    m_hallOffsets.clear();
    m_rackIndex.clear();
    m_spotIndex.clear();
    m_power.clear();
    if (m_floor) {
        double top = 0;
        for (const FloorHall &h : m_floor->halls) {
            m_hallOffsets.push_back(top + hallTitleM);
            top += hallTitleM + hallHeight(h) + hallGapM;
        }
        for (size_t i = 0; i < m_floor->racks.size(); ++i) {
            const RackSpot &r = m_floor->racks[i];
            m_rackIndex.emplace(r.rack, i);
            m_spotIndex.emplace(std::tuple(r.hall, r.row, r.slot), i);
        }
    }
    if (m_report)
        for (const RackPower &p : m_report->rackPower)
            m_power.emplace(p.rack, &p);
    if (!hadFloor || !m_floor || floorRect() != extentBefore) {
        m_zoom = 1.0;
        m_pan = QPointF();
    }
    rebuildPaths();
    update();
}

void FloorView::setHighlight(std::vector<std::string> racks, std::vector<std::int32_t> links)
{
    m_highlightRacks = std::move(racks);
    std::sort(m_highlightRacks.begin(), m_highlightRacks.end());
    m_highlightLinks = std::move(links);
    rebuildPaths();
    update();
}

void FloorView::rebuildPaths()
{
    m_paths.clear();
    if (!m_floor || !m_report)
        return;
    const std::vector<CableRun> &runs = m_report->cables.runs;
    // Cables between the same two racks share their route: one trayPath per pair.
    std::map<std::pair<size_t, size_t>, std::vector<QPointF>> routes;
    for (const std::int32_t l : m_highlightLinks) {
        if (int(m_paths.size()) == maxDrawnRuns)
            break;
        if (l < 0 || size_t(l) >= runs.size())
            continue;
        const CableRun &run = runs[size_t(l)];
        const auto a = m_rackIndex.find(run.aRack), b = m_rackIndex.find(run.bRack);
        if (a == m_rackIndex.end() || b == m_rackIndex.end() || a->second == b->second)
            continue; // in one rack: a vertical run, nothing to draw from above
        Path path;
        path.kind = run.choice.part ? int(run.choice.part->kind) : -1;
        auto [route, fresh] = routes.try_emplace({a->second, b->second});
        if (fresh) {
            // The floor's y is a row's centre line; drawn, a row starts at its top edge.
            for (const FloorPoint &p : trayPath(*m_floor, m_floor->racks[a->second], m_floor->racks[b->second]))
                route->second.emplace_back(p.x, hallOffset(p.hall) + p.y + m_floor->halls[size_t(p.hall)].rackDepthM / 2);
        }
        path.points = route->second;
        if (path.points.size() >= 2)
            m_paths.push_back(std::move(path));
    }
}

double FloorView::hallOffset(int hall) const
{
    return hall >= 0 && size_t(hall) < m_hallOffsets.size() ? m_hallOffsets[size_t(hall)] : 0.0;
}

QRectF FloorView::floorRect() const
{
    if (!m_floor || m_floor->halls.empty())
        return QRectF(0, 0, 10, 10);
    double width = 0, height = 0;
    for (const FloorHall &h : m_floor->halls) {
        width = std::max(width, h.slotsPerRow * h.rackWidthM);
        height += hallTitleM + hallHeight(h) + hallGapM;
    }
    return QRectF(-marginM, -marginM, width + 2 * marginM, height - hallGapM + 2 * marginM);
}

QRectF FloorView::rackRect(const RackSpot &spot) const
{
    const FloorHall &h = m_floor->halls[size_t(spot.hall)];
    const double top = hallOffset(spot.hall) + spot.row * h.rowPitchM;
    return QRectF(spot.slot * h.rackWidthM, top, h.rackWidthM, h.rackDepthM);
}

QTransform FloorView::transformFor(const QRectF &target) const
{
    const QRectF world = floorRect();
    const double fit = std::min(target.width() / world.width(), target.height() / world.height());
    const double s = fit * m_zoom;
    const QPointF c = world.center();
    return QTransform(s, 0, 0, s, target.center().x() - c.x() * s + m_pan.x(), target.center().y() - c.y() * s + m_pan.y());
}

void FloorView::zoomBy(double factor)
{
    m_zoom = std::clamp(m_zoom * factor, 0.25, 200.0);
    update();
}

void FloorView::fitToView()
{
    m_zoom = 1.0;
    m_pan = QPointF();
    update();
}

std::optional<FloorView::Spot> FloorView::spotAtFloor(const QPointF &p, bool clamp) const
{
    if (!m_floor || m_floor->halls.empty())
        return std::nullopt;
    // The hall whose band of y holds the point (or the nearest one).
    int hall = 0;
    double bestD = std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < m_floor->halls.size(); ++i) {
        const double top = hallOffset(int(i)), bottom = top + hallHeight(m_floor->halls[i]);
        const double d = p.y() < top ? top - p.y() : p.y() > bottom ? p.y() - bottom : 0.0;
        if (d < bestD) {
            bestD = d;
            hall = int(i);
        }
    }
    const FloorHall &h = m_floor->halls[size_t(hall)];
    const double y = p.y() - hallOffset(hall);
    int row = int(std::floor(y / h.rowPitchM));
    const bool inRack = y - row * h.rowPitchM <= h.rackDepthM;
    int slot = int(std::floor(p.x() / h.rackWidthM));
    if (!clamp && (bestD > 0 || !inRack || row < 0 || row >= h.rows || slot < 0 || slot >= h.slotsPerRow))
        return std::nullopt;
    if (clamp && !inRack && y - row * h.rowPitchM > h.rackDepthM + (h.rowPitchM - h.rackDepthM) / 2)
        ++row; // nearer the next row across the aisle
    row = std::clamp(row, 0, h.rows - 1);
    slot = std::clamp(slot, 0, h.slotsPerRow - 1);
    return Spot{hall, row, slot};
}

std::optional<FloorView::Spot> FloorView::spotAt(const QPointF &pos) const
{
    return spotAtFloor(viewTransform().inverted().map(pos), true);
}

QString FloorView::rackAt(const QPointF &pos) const
{
    const auto spot = spotAtFloor(viewTransform().inverted().map(pos), false);
    if (!spot)
        return {};
    const auto it = m_spotIndex.find(std::tuple(spot->hall, spot->row, spot->slot));
    return it == m_spotIndex.end() ? QString() : QString::fromStdString(m_floor->racks[it->second].rack);
}

std::optional<QPointF> FloorView::rackCentre(const QString &rack) const
{
    const auto it = m_rackIndex.find(rack.toStdString());
    if (it == m_rackIndex.end())
        return std::nullopt;
    return viewTransform().map(rackRect(m_floor->racks[it->second]).center());
}

QPointF FloorView::spotCentre(const Spot &spot) const
{
    return viewTransform().map(rackRect(RackSpot{std::string(), spot.hall, spot.row, spot.slot}).center());
}

void FloorView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paintFloor(p, QRectF(rect()));
}

void FloorView::paintFloor(QPainter &p, const QRectF &target) const
{
    p.save();
    p.fillRect(target, palette().base());
    p.setRenderHint(QPainter::Antialiasing);
    if (!m_floor) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(target, Qt::AlignCenter, tr("No design open"));
        p.restore();
        return;
    }
    const QTransform t = transformFor(target);
    const double pxPerM = t.m11();
    const QColor text = palette().color(QPalette::Text);
    const bool dark = palette().color(QPalette::Base).lightness() < 128;
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.8));

    // Halls: outline and name.
    for (size_t hi = 0; hi < m_floor->halls.size(); ++hi) {
        const FloorHall &h = m_floor->halls[hi];
        const QRectF hallRect(0, hallOffset(int(hi)), h.slotsPerRow * h.rackWidthM, hallHeight(h));
        p.setPen(QPen(palette().color(QPalette::Mid), 1, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(t.mapRect(hallRect.adjusted(-0.3, -0.3, 0.3, 0.3)));
        p.setPen(text);
        QString title = tr("%1: %2 rows × %3 slots, rack %4 × %5 m, pitch %6 m")
                            .arg(QString::fromStdString(h.id))
                            .arg(h.rows)
                            .arg(h.slotsPerRow)
                            .arg(h.rackWidthM)
                            .arg(h.rackDepthM)
                            .arg(h.rowPitchM);
        if (h.rackBudgetKw > 0)
            title += tr(" · budget %1 kW a rack").arg(h.rackBudgetKw);
        if (h.rowBudgetKw > 0)
            title += tr(", %1 kW a row").arg(h.rowBudgetKw);
        title += QStringLiteral(" · ") + (h.cooling == Cooling::Liquid ? tr("liquid-cooled") : tr("air-cooled"));
        // Above the hall, from its left edge (or the view's, scrolled), elided to the view.
        QPointF at = t.map(QPointF(0, hallOffset(int(hi)) - 0.35));
        at.setX(std::max(at.x(), target.left() + 6));
        const QFontMetrics titleMetrics(p.font());
        p.drawText(at, titleMetrics.elidedText(title, Qt::ElideRight, int(target.right() - at.x() - 6)));
    }

    // Racks, coloured by power against the budget.
    for (const RackSpot &spot : m_floor->racks) {
        if (spot.hall < 0 || size_t(spot.hall) >= m_floor->halls.size())
            continue;
        const QRectF r = t.mapRect(rackRect(spot));
        if (!r.intersects(target))
            continue;
        const auto it = m_power.find(spot.rack);
        const RackPower *power = it == m_power.end() ? nullptr : it->second;
        double share = -1;
        if (power && power->budgetKw > 0)
            share = power->kw() / power->budgetKw;
        QColor fill = rackPowerColour(share);
        if (power && power->hosts + power->switches == 0)
            fill = palette().color(QPalette::Button);
        const bool selected = std::binary_search(m_highlightRacks.begin(), m_highlightRacks.end(), spot.rack);
        p.setPen(selected ? QPen(palette().color(QPalette::Highlight), 3) : QPen(fill.darker(150), 1));
        p.setBrush(fill);
        p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
        if (r.width() >= 12 && r.height() >= 44) {
            // The name along the rack, and its kW across the bottom when there is room.
            p.save();
            p.setFont(small);
            p.setPen(fill.lightness() > 140 ? QColor(20, 20, 20) : QColor(250, 250, 250));
            p.translate(r.center());
            p.rotate(-90);
            const QRectF along(-r.height() / 2 + 2, -r.width() / 2, r.height() - 4, r.width());
            QString label = QString::fromStdString(spot.rack);
            if (power && r.width() >= 26)
                label += QLatin1Char('\n') + tr("%1 kW").arg(power->kw(), 0, 'f', 1);
            p.drawText(along, Qt::AlignCenter,
                       QFontMetrics(small).elidedText(label, Qt::ElideMiddle, int(along.width()) * 2));
            p.restore();
        }
    }

    // Trays over the racks: along each row, and across at the cross slots
    // (or the user's tray graph).
    QColor tray = dark ? QColor(200, 200, 200, 90) : QColor(70, 70, 70, 80);
    p.setPen(QPen(tray, std::clamp(0.08 * pxPerM, 1.0, 6.0), Qt::SolidLine, Qt::FlatCap));
    for (size_t hi = 0; hi < m_floor->halls.size(); ++hi) {
        const FloorHall &h = m_floor->halls[hi];
        const double top = hallOffset(int(hi)) + h.rackDepthM / 2;
        if (h.trayPoints.empty()) {
            const double right = h.slotsPerRow * h.rackWidthM;
            for (int row = 0; row < h.rows; ++row)
                p.drawLine(t.map(QLineF(0, top + h.rowY(row), right, top + h.rowY(row))));
            for (const int c : h.effectiveCrossSlots())
                p.drawLine(t.map(QLineF(h.slotX(c), top, h.slotX(c), top + h.rowY(h.rows - 1))));
        } else {
            for (const TraySegment &s : h.traySegments) {
                const TrayPoint &a = h.trayPoints[size_t(s.a)], &b = h.trayPoints[size_t(s.b)];
                p.drawLine(t.map(QLineF(a.x, top + a.y, b.x, top + b.y)));
            }
        }
    }

    // The selected devices' cables along their routes, over the trays.
    if (!m_paths.empty()) {
        const double width = std::clamp(0.08 * pxPerM, 1.5, 4.0);
        for (const Path &path : m_paths) {
            QColor c = cableKindColour(path.kind);
            c.setAlpha(200);
            p.setPen(QPen(c, width, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            QPolygonF line;
            for (const QPointF &q : path.points)
                line << t.map(q);
            p.drawPolyline(line);
        }
    }

    // Legend, bottom left.
    QStringList labels{tr("≤ 80 % of budget"), tr("80–100 %"), tr("over budget"), tr("no budget")};
    const double shares[] = {0.5, 0.9, 1.5, -1};
    p.setFont(small);
    const QFontMetrics fm(small);
    const int line = fm.height() + 2;
    int rows = int(labels.size());
    const bool withCables = !m_paths.empty();
    QStringList kinds{tr("copper"), tr("active copper"), tr("active optical"), tr("multimode"), tr("single mode"),
                      tr("no part reaches")};
    if (withCables)
        rows += int(kinds.size());
    int legendWidth = 0;
    for (const QString &l : labels + (withCables ? kinds : QStringList()))
        legendWidth = std::max(legendWidth, fm.horizontalAdvance(l));
    QRectF box(target.left() + 8, target.bottom() - 8 - rows * line - 8, legendWidth + 36, rows * line + 8);
    QColor boxFill = palette().color(QPalette::Window);
    boxFill.setAlpha(225);
    p.setPen(palette().color(QPalette::Mid));
    p.setBrush(boxFill);
    p.drawRoundedRect(box, 4, 4);
    double y = box.top() + 4;
    for (int i = 0; i < int(labels.size()); ++i, y += line) {
        p.setPen(Qt::NoPen);
        p.setBrush(rackPowerColour(shares[i]));
        p.drawRect(QRectF(box.left() + 6, y + 2, 16, line - 5));
        p.setPen(text);
        p.drawText(QPointF(box.left() + 28, y + fm.ascent()), labels[i]);
    }
    if (withCables)
        for (int i = 0; i < int(kinds.size()); ++i, y += line) {
            p.setPen(QPen(cableKindColour(i == 5 ? -1 : i), 3));
            p.drawLine(QPointF(box.left() + 6, y + line / 2.0), QPointF(box.left() + 22, y + line / 2.0));
            p.setPen(text);
            p.drawText(QPointF(box.left() + 28, y + fm.ascent()), kinds[i]);
        }
    // Scale bar, bottom right: a round number of metres near 120 px.
    const double metres = [&] {
        const double raw = 120.0 / std::max(pxPerM, 1e-6);
        const double step = std::pow(10.0, std::floor(std::log10(raw)));
        for (const double m : {1.0, 2.0, 5.0, 10.0})
            if (m * step >= raw)
                return m * step;
        return 10 * step;
    }();
    const double barPx = metres * pxPerM;
    const QPointF barEnd(target.right() - 12, target.bottom() - 12);
    p.setPen(QPen(text, 2));
    p.drawLine(barEnd - QPointF(barPx, 0), barEnd);
    p.drawLine(barEnd - QPointF(barPx, 4), barEnd - QPointF(barPx, -4));
    p.drawLine(barEnd - QPointF(0, 4), barEnd + QPointF(0, 4));
    p.drawText(QRectF(barEnd.x() - barPx, barEnd.y() - line - 4, barPx, line), Qt::AlignCenter,
               tr("%1 m").arg(metres));
    p.restore();
}

QString FloorView::tooltipFor(const QString &rack) const
{
    const auto it = m_power.find(rack.toStdString());
    if (it == m_power.end())
        return rack;
    const RackPower &p = *it->second;
    QString tip = tr("<b>%1</b><br>row %2, slot %3<br>%4 hosts, %5 switches<br>%6 kW")
                      .arg(rack.toHtmlEscaped())
                      .arg(p.row)
                      .arg(p.slot)
                      .arg(p.hosts)
                      .arg(p.switches)
                      .arg(p.kw(), 0, 'f', 1);
    if (p.budgetKw > 0)
        tip += tr(" of %1 kW (%2 %)").arg(p.budgetKw).arg(100.0 * p.kw() / p.budgetKw, 0, 'f', 0);
    tip += tr("<br>hosts %1 kW, switches %2 kW, cable ends %3 kW")
               .arg(p.hostWatts / 1000, 0, 'f', 1)
               .arg(p.switchWatts / 1000, 0, 'f', 1)
               .arg(p.cableWatts / 1000, 0, 'f', 2);
    return tip;
}

bool FloorView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString rack = rackAt(help->pos());
        if (rack.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tooltipFor(rack), this);
        return true;
    }
    return QWidget::event(event);
}

void FloorView::mousePressEvent(QMouseEvent *event)
{
    m_lastMouse = event->position();
    if (event->button() == Qt::MiddleButton) {
        m_panning = true;
        return;
    }
    if (event->button() != Qt::LeftButton)
        return;
    const QString rack = rackAt(event->position());
    if (rack.isEmpty()) {
        m_panning = true;
        setCursor(Qt::ClosedHandCursor);
        return;
    }
    m_dragRack = rack;
    m_dragId = ++m_nextDragId;
    m_dragMoved = false;
    setCursor(Qt::ClosedHandCursor);
    if (m_document && m_nodeRacks) {
        // Selects the rack's devices: the dock draws their cables.
        std::vector<std::string> ids;
        const std::string name = rack.toStdString();
        const Fabric &fabric = m_document->fabric();
        for (NodeIndex n = 0; n < NodeIndex(m_nodeRacks->size()) && n < fabric.nodeCount(); ++n)
            if ((*m_nodeRacks)[size_t(n)] == name)
                ids.push_back(fabric.nodeId(n));
        m_document->setSelection(std::move(ids));
    }
}

void FloorView::mouseMoveEvent(QMouseEvent *event)
{
    const QPointF pos = event->position();
    if (m_panning) {
        m_pan += pos - m_lastMouse;
        m_lastMouse = pos;
        update();
        return;
    }
    if (m_dragRack.isEmpty()) {
        setCursor(rackAt(pos).isEmpty() ? Qt::ArrowCursor : Qt::OpenHandCursor);
        return;
    }
    const auto spot = spotAt(pos);
    const auto it = m_rackIndex.find(m_dragRack.toStdString());
    if (!spot || !m_document || it == m_rackIndex.end())
        return;
    const RackSpot &now = m_floor->racks[it->second];
    if (Spot{now.hall, now.row, now.slot} == *spot)
        return;
    if (m_document->moveRack(m_dragRack.toStdString(), spot->hall, spot->row, spot->slot, m_dragId))
        m_dragMoved = true;
}

void FloorView::mouseReleaseEvent(QMouseEvent *event)
{
    Q_UNUSED(event);
    if (!m_dragRack.isEmpty()) {
        const QString rack = m_dragRack;
        m_dragRack.clear();
        emit rackDropped(rack, m_dragMoved);
    }
    m_panning = false;
    setCursor(Qt::ArrowCursor);
}

void FloorView::wheelEvent(QWheelEvent *event)
{
    const QPointF pos = event->position();
    const QPointF world = viewTransform().inverted().map(pos);
    const double factor = std::pow(1.0015, event->angleDelta().y());
    m_zoom = std::clamp(m_zoom * factor, 0.25, 200.0);
    m_pan += pos - viewTransform().map(world); // keeps the point under the cursor
    update();
    event->accept();
}

void FloorView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Plus || event->key() == Qt::Key_Equal)
        zoomBy(1.25);
    else if (event->key() == Qt::Key_Minus)
        zoomBy(0.8);
    else if (event->key() == Qt::Key_Home)
        fitToView();
    else
        QWidget::keyPressEvent(event);
}

} // namespace Railyard
