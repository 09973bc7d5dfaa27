// FabricCanvas's view: zoom, fit (leaving the legends their room) and
// focusing an element; the viewport's mapping is CanvasViewport's.

#include "views/canvas/fabriccanvas.h"

#include "core/document/fabricdocument.h"

#include <QResizeEvent>

#include <algorithm>
#include <cmath>

namespace Railyard {

void FabricCanvas::resizeEvent(QResizeEvent *)
{
    const QPointF center = toScene(QPointF(width(), height()) / 2); // of the old size
    m_view.setSize(size());
    if (m_fitPending)
        fitToView();
    else if (m_layout)
        m_view.centerOn(center);
}

void FabricCanvas::setZoom(double zoom, const QPointF &anchorScene)
{
    const QPointF anchor = std::isnan(anchorScene.x()) ? toScene(QPointF(width(), height()) / 2) : anchorScene;
    m_view.setZoom(zoom, anchor);
    m_fitPending = false;
    m_fitted = false;
    update();
    emit zoomChanged(m_view.zoom());
}

void FabricCanvas::zoomIn()
{
    setZoom(m_view.zoom() * 1.25);
}

void FabricCanvas::zoomOut()
{
    setZoom(m_view.zoom() / 1.25);
}

void FabricCanvas::fitToView()
{
    if (!m_layout || width() <= 0 || height() <= 0)
        return;
    m_view.setSize(size());
    m_view.fit();
    // The legends (as last drawn) sit in a corner: when the fitted fabric
    // reaches under them, fit again leaving their height free at that edge.
    m_fitReserve = legendReserve();
    if (m_fitReserve > 0 && fitCoversLegends())
        m_view.fit(m_legendAtTop ? m_fitReserve : 0.0, m_legendAtTop ? 0.0 : m_fitReserve);
    m_fitPending = !isVisible(); // fit again once shown at its real size
    m_fitted = true;
    update();
    emit zoomChanged(m_view.zoom());
}

bool FabricCanvas::fitCoversLegends() const
{
    auto underLegend = [this](const QRectF &sceneRect) {
        const QRectF onScreen = m_view.toWidget(sceneRect);
        for (const QRectF &legend : m_legendRects)
            if (legend.intersects(onScreen))
                return true;
        return false;
    };
    // Every element where that stays cheap; a huge fabric by its bounds.
    const Fabric &f = m_document->fabric();
    if (f.nodeCount() > 50000)
        return underLegend(m_layout->bounds());
    for (NodeIndex n = 0; n < f.nodeCount(); ++n)
        if (underLegend(m_layout->nodeRect(n)))
            return true;
    return false;
}

double FabricCanvas::legendReserve() const
{
    // The legend stack's extent from its edge, plus a gap.
    double extent = 0;
    for (const QRectF &box : m_legendRects)
        extent = std::max(extent, m_legendAtTop ? box.bottom() : height() - box.top());
    return extent > 0 ? extent + 4 : 0.0;
}

bool FabricCanvas::focusElement(const QString &id)
{
    if (!m_document || !m_layout)
        return false;
    const Fabric &f = m_document->fabric();
    const std::string key = id.toStdString();
    QPointF center;
    const NodeIndex n = f.findNode(key);
    if (n >= 0) {
        center = m_layout->nodeCenter(n);
        // A host: show its leaves too (the first switch row sits above the hosts).
        if (f.isHost(n) && m_layout->rowCount() > 1)
            center.setY((center.y() + m_layout->rowY(1)) / 2);
    } else if (const auto l = f.findLink(key); l >= 0)
        center = (m_layout->nodeCenter(f.link(l).a) + m_layout->nodeCenter(f.link(l).b)) / 2;
    else
        return false;
    m_fitPending = false;
    m_fitted = false;
    m_focusScene = n >= 0 ? m_layout->nodeRect(n)
                          : QRectF(center, QSizeF(1, 1)).adjusted(-2, -2, 2, 2);
    m_view.setSize(size());
    if (m_view.zoom() < 4.0)
        m_view.setZoom(4.0, center);
    m_view.centerOn(center);
    update();
    emit zoomChanged(m_view.zoom());
    return true;
}

} // namespace Railyard
