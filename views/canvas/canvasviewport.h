#pragma once

// The canvas's mapping between scene units (FabricLayout) and widget pixels.
//
// Horizontally it is a plain zoom and pan. Vertically the layout's rows
// (hosts, leaves, spines, core...) keep their own height at the zoom, but the
// gaps between rows are compressed so every tier stays on screen together: a
// gap is drawn at its real length times the zoom, never longer than its share
// of the view's height and never shorter than a legible minimum. A large
// fabric's rows are thousands of scene units apart (the layout spreads them
// to make the whole fabric 2.5 times wider than tall); without this, zooming
// in past "fit" shows one row with lines running off the screen.
//
// The map is monotonic and piecewise linear, so it inverts exactly (hit
// tests, rubber bands and pins use toScene) and straight lines between
// mapped points are what the reader sees. Panning stops at a margin beyond
// the fabric's edges; a fabric smaller than the view stays whole in it.

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <vector>

namespace Railyard {

class FabricLayout;

class CanvasViewport
{
public:
    static constexpr double minZoom = 1e-4;
    static constexpr double maxZoom = 40.0;

    /// Reads the rows' vertical extents from the layout (O(nodes)); keeps
    /// the zoom and the horizontal position.
    void setLayout(const FabricLayout &layout);
    /// The widget's size in pixels; scale multiplies the fixed pixel sizes
    /// (margin, minimum gap) for exports larger than the widget.
    void setSize(const QSizeF &size, double scale = 1.0);
    QSizeF size() const { return m_size; }

    double zoom() const { return m_zoom; }
    /// Zooms keeping anchorScene where it is on the widget (unless that
    /// would leave more than the margin empty beside the fabric).
    void setZoom(double zoom, const QPointF &anchorScene);
    /// Moves the content by a widget-pixel delta (a drag).
    void pan(const QPointF &delta);
    /// Zoom and position showing the whole layout with a margin on every side.
    /// Zooms and scrolls so the whole scene fits, leaving `reserveTop` and
    /// `reserveBottom` pixels free at the edges (for the legends).
    void fit(double reserveTop = 0, double reserveBottom = 0);
    /// Puts a scene point at the widget's centre.
    void centerOn(const QPointF &scenePos);

    QPointF toWidget(const QPointF &scenePos) const;
    QPointF toScene(const QPointF &widgetPos) const;
    QRectF toWidget(const QRectF &sceneRect) const;
    /// The scene rectangle the widget shows (its height in scene units
    /// includes the compressed gaps).
    QRectF visibleSceneRect() const;
    /// Height of the whole layout on screen at the current zoom.
    double contentHeight() const;

    /// A view of the scene rectangle source on a target of that size,
    /// source's top at the target's top (export of a given region). Every
    /// pixel measure (margin, gaps) scales with the zoom, so the visible
    /// rectangle on a target k times the widget is the widget's picture k
    /// times larger.
    CanvasViewport showing(const QRectF &source, const QSizeF &target) const;

    /// Pixel margin kept around the content by fit().
    double margin() const { return 24.0 * m_scale; }

private:
    /// fit() into m_size, without reserved bands.
    void fitInto();
    struct Band
    {
        double top = 0.0, bottom = 0.0; ///< scene y
    };
    /// Content y (0 = top of the first row) of a scene y, and back.
    double contentY(double sceneY) const;
    double sceneY(double contentY) const;
    void updateGaps();
    void clampScroll();

    std::vector<Band> m_bands{Band{0.0, 1.0}}; ///< rows' extents, top to bottom, merged where they overlap
    std::vector<double> m_gapPx;               ///< per gap between bands, on screen at this zoom
    double m_left = 0.0, m_width = 1.0;        ///< the layout's horizontal bounds
    double m_top = 0.0, m_bottom = 1.0;        ///< its vertical bounds, pinned nodes included
    QSizeF m_size{1.0, 1.0};
    double m_scale = 1.0;
    double m_zoom = 1.0;
    double m_originX = 0.0; ///< scene x at the widget's left edge
    double m_scrollY = 0.0; ///< content y at the widget's top edge
};

} // namespace Railyard
