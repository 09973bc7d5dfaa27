#include "views/canvas/canvasviewport.h"

#include "core/layout/fabriclayout.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace Railyard {

namespace {
constexpr double kMinGapPx = 40.0; ///< rows never closer than this on screen
}

void CanvasViewport::setLayout(const FabricLayout &layout)
{
    // The rows where the layout puts them, not where pinned nodes were
    // dragged: a drag must not change the map under the cursor.
    std::vector<Band> rows;
    if (layout.nodeCount() > 0)
        rows.push_back({0.0, layout.hostRowHeight()});
    for (int r = 1; r < layout.rowCount(); ++r)
        rows.push_back({layout.rowY(r), layout.rowY(r) + FabricLayout::switchHeight});
    rows.erase(std::remove_if(rows.begin(), rows.end(), [](const Band &b) { return b.top > b.bottom; }), rows.end());
    std::sort(rows.begin(), rows.end(), [](const Band &a, const Band &b) { return a.top < b.top; });
    m_bands.clear();
    for (const Band &b : rows) {
        if (!m_bands.empty() && b.top <= m_bands.back().bottom)
            m_bands.back().bottom = std::max(m_bands.back().bottom, b.bottom);
        else
            m_bands.push_back(b);
    }
    if (m_bands.empty())
        m_bands.push_back({0.0, 1.0});
    const QRectF bounds = layout.bounds();
    m_left = bounds.left();
    m_width = std::max(1.0, bounds.width());
    m_top = std::min(bounds.top(), m_bands.front().top);
    m_bottom = std::max(bounds.bottom(), m_bands.back().bottom);
    updateGaps();
    clampScroll();
}

void CanvasViewport::setSize(const QSizeF &size, double scale)
{
    m_size = QSizeF(std::max(1.0, size.width()), std::max(1.0, size.height()));
    m_scale = scale;
    updateGaps();
    clampScroll();
}

void CanvasViewport::updateGaps()
{
    const size_t gaps = m_bands.empty() ? 0 : m_bands.size() - 1;
    m_gapPx.assign(gaps, 0.0);
    if (!gaps)
        return;
    double rowsPx = 0.0;
    for (const Band &b : m_bands)
        rowsPx += (b.bottom - b.top) * m_zoom;
    const double minGap = kMinGapPx * m_scale;
    // Each gap's share of the height left once the rows are drawn.
    const double share = std::max(minGap, (m_size.height() - 2 * margin() - rowsPx) / static_cast<double>(gaps));
    for (size_t i = 0; i < gaps; ++i) {
        const double real = (m_bands[i + 1].top - m_bands[i].bottom) * m_zoom;
        m_gapPx[i] = std::max(minGap, std::min(real, share));
    }
}

double CanvasViewport::contentHeight() const
{
    return contentY(m_bottom) - contentY(m_top);
}

double CanvasViewport::contentY(double y) const
{
    double c = 0.0;
    const Band &first = m_bands.front();
    if (y <= first.top)
        return (y - first.top) * m_zoom;
    for (size_t i = 0; i < m_bands.size(); ++i) {
        const Band &b = m_bands[i];
        if (y <= b.bottom)
            return c + (y - b.top) * m_zoom;
        c += (b.bottom - b.top) * m_zoom;
        if (i + 1 == m_bands.size())
            return c + (y - b.bottom) * m_zoom;
        const double len = m_bands[i + 1].top - b.bottom;
        if (y < m_bands[i + 1].top)
            return c + (y - b.bottom) / len * m_gapPx[i];
        c += m_gapPx[i];
    }
    return c;
}

double CanvasViewport::sceneY(double cy) const
{
    const Band &first = m_bands.front();
    if (cy <= 0.0)
        return first.top + cy / m_zoom;
    double c = 0.0;
    for (size_t i = 0; i < m_bands.size(); ++i) {
        const Band &b = m_bands[i];
        const double h = (b.bottom - b.top) * m_zoom;
        if (cy <= c + h || i + 1 == m_bands.size())
            return b.top + (cy - c) / m_zoom;
        c += h;
        if (cy < c + m_gapPx[i])
            return b.bottom + (cy - c) / m_gapPx[i] * (m_bands[i + 1].top - b.bottom);
        c += m_gapPx[i];
    }
    return m_bands.back().bottom;
}

void CanvasViewport::clampScroll()
{
    // Larger than the view, the fabric may not leave more than the margin
    // empty beside it (a blank half-screen tells nothing); smaller, it stays
    // whole in the view, where it was put (fit() centres it). Not forcing the
    // centre keeps the picture still while a drag moves the fabric's bounds.
    const auto clampAxis
        = [](double value, double a, double b) { return std::clamp(value, std::min(a, b), std::max(a, b)); };
    const double m = margin();
    const double top = contentY(m_top), content = contentHeight();
    m_scrollY = clampAxis(m_scrollY, top - m, top + content - m_size.height() + m);
    m_originX = clampAxis(m_originX, m_left - m / m_zoom, m_left + m_width - (m_size.width() - m) / m_zoom);
}

void CanvasViewport::setZoom(double zoom, const QPointF &anchorScene)
{
    const QPointF anchorWidget = toWidget(anchorScene);
    m_zoom = std::clamp(zoom, minZoom, maxZoom);
    updateGaps();
    m_originX = anchorScene.x() - anchorWidget.x() / m_zoom;
    m_scrollY = contentY(anchorScene.y()) - anchorWidget.y();
    clampScroll();
}

void CanvasViewport::pan(const QPointF &delta)
{
    m_originX -= delta.x() / m_zoom;
    m_scrollY -= delta.y();
    clampScroll();
}

void CanvasViewport::fit(double reserveTop, double reserveBottom)
{
    // Fit into the height left between the reserved bands, then put the
    // content below the top band.
    const QSizeF full = m_size;
    const double reserved = std::clamp(reserveTop + reserveBottom, 0.0, full.height() * 0.6);
    const double top = reserveTop + reserveBottom > 0 ? reserved * reserveTop / (reserveTop + reserveBottom) : 0.0;
    m_size = QSizeF(full.width(), std::max(1.0, full.height() - reserved));
    fitInto();
    m_size = full;
    m_scrollY -= top;
}

void CanvasViewport::fitInto()
{
    const double m = margin();
    const double room = std::max(1.0, m_size.height() - 2 * m);
    double hi = std::clamp((m_size.width() - 2 * m) / m_width, minZoom, maxZoom);
    // The content's height grows with the zoom: the largest zoom that fits.
    m_zoom = hi;
    updateGaps();
    if (contentHeight() > room) {
        double lo = minZoom;
        for (int i = 0; i < 40; ++i) {
            m_zoom = std::sqrt(lo * hi);
            updateGaps();
            (contentHeight() > room ? hi : lo) = m_zoom;
        }
        m_zoom = lo;
        updateGaps();
    }
    m_originX = m_left + m_width / 2 - m_size.width() / 2 / m_zoom;
    m_scrollY = contentY(m_top) + (contentHeight() - m_size.height()) / 2;
}

void CanvasViewport::centerOn(const QPointF &scenePos)
{
    m_originX = scenePos.x() - m_size.width() / 2 / m_zoom;
    m_scrollY = contentY(scenePos.y()) - m_size.height() / 2;
    clampScroll();
}

QPointF CanvasViewport::toWidget(const QPointF &s) const
{
    return {(s.x() - m_originX) * m_zoom, contentY(s.y()) - m_scrollY};
}

QPointF CanvasViewport::toScene(const QPointF &w) const
{
    return {m_originX + w.x() / m_zoom, sceneY(w.y() + m_scrollY)};
}

QRectF CanvasViewport::toWidget(const QRectF &r) const
{
    return QRectF(toWidget(r.topLeft()), toWidget(r.bottomRight()));
}

QRectF CanvasViewport::visibleSceneRect() const
{
    return QRectF(toScene(QPointF(0, 0)), toScene(QPointF(m_size.width(), m_size.height())));
}

CanvasViewport CanvasViewport::showing(const QRectF &source, const QSizeF &target) const
{
    CanvasViewport v = *this;
    v.m_size = target;
    v.m_zoom = std::clamp(target.width() / std::max(1e-9, source.width()), minZoom, maxZoom);
    v.m_scale = m_scale * v.m_zoom / m_zoom;
    v.updateGaps();
    v.m_originX = source.left();
    v.m_scrollY = v.contentY(source.top());
    return v;
}

} // namespace Railyard
