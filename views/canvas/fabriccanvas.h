#pragma once

// The topology canvas: draws a fabric from its FabricLayout at any scale.
//
// Level of detail by zoom: zoomed far out it draws the layout's aggregate
// groups (pods, then scalable units, then racks with individual switches)
// and links as bundles labelled with count and capacity; zoomed in it draws
// individual hosts with their GPUs and NICs, switches and links, culled to
// the viewport. Never one widget or graphics item per element: everything is
// painted from plain vectors with batched QPainter::drawLines calls.
//
// Multi-host NVLink domains (GB200 NVL72 racks) are outlined around their
// hosts and labelled ("NVL72 nvl-0001") where hosts are drawn one by one.
//
// Overlays: the bisection cut (from the AnalysisRunner), failed elements (from
// the document's what-if), switches coloured by oversubscription, selection,
// and the diff of two intent versions (ComparisonOverlay, from the Intents
// dock), which takes over the colours while it is shown.

#include "core/layout/fabriclayout.h"
#include "views/canvas/canvasviewport.h"

#include <QImage>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QMenu;
class QTimer;

namespace Railyard {

class AnalysisRunner;
class FabricDocument;
class HealthOverlay;
class ComparisonOverlay;
struct SemanticDiff;

class FabricCanvas : public QWidget
{
    Q_OBJECT
public:
    enum class Detail { Pods, ScalableUnits, Racks, Elements };
    Q_ENUM(Detail)

    explicit FabricCanvas(QWidget *parent = nullptr);
    ~FabricCanvas() override;

    void setDocument(FabricDocument *document);
    void setAnalysisRunner(AnalysisRunner *runner);
    const FabricLayout *layout() const { return m_layout.get(); }

    /// Pixels per scene unit.
    double zoom() const { return m_view.zoom(); }
    Detail detail() const;
    /// Scene rectangle currently visible.
    QRectF visibleSceneRect() const;

    bool showCut() const { return m_showCut; }
    bool hasHeatmap() const { return !m_heat.empty(); }
    bool colourByOversubscription() const { return m_colourByOversubscription; }
    bool legendShown() const { return m_legendShown; }
    bool legendAtTop() const { return m_legendAtTop; }
    /// Where the last paint put its legend boxes (widget pixels), for tests.
    const std::vector<QRectF> &legendRects() const { return m_legendRects; }
    bool overviewShown() const { return m_overviewShown; }
    /// Whether the overview is drawn at this widget position (it takes the clicks there).
    bool isOverviewAt(const QPoint &pos) const;
    /// Where the view is, as the overview's breadcrumb says it ("zone-01 › pod-01 › …"); empty when hidden.
    QString overviewBreadcrumb() const;
    /// The intent diff drawn, nullptr when none.
    const ComparisonOverlay *intentDiff() const { return m_intentDiff.get(); }
    /// Colours the racks, switches and links of a semantic intent diff
    /// computed on the document's fabric (added / removed / changed, with a
    /// legend headed `title`) at every zoom level; nullptr clears it. Not a
    /// slot (moc would need the whole diff type); connect it by address.
    void setIntentDiff(const SemanticDiff *diff, const QString &title);
    /// Shows a fabric comparison or as-built check (Inventory menu) the way an
    /// intent diff is shown; null clears it. Replaces any intent diff.
    void setComparison(std::unique_ptr<ComparisonOverlay> overlay);
    /// Hides or shows the comparison (or intent diff) without clearing it.
    void setComparisonShown(bool shown);
    bool comparisonShown() const { return m_comparisonShown; }
    /// Live link health (Health dock): links coloured by state at every zoom
    /// level, suspects outlined, with a legend; nullptr clears it. An intent
    /// diff shown at the same time keeps the colours.
    void setHealthOverlay(std::unique_ptr<HealthOverlay> overlay);
    const HealthOverlay *healthOverlay() const { return m_health.get(); }

    /// Renders the scene rectangle source into target on any painter (PNG,
    /// SVG and PDF export use it). The level of detail follows the target's
    /// scale. A null source renders the whole fabric.
    void render(QPainter *painter, const QRectF &target, const QRectF &source = QRectF(),
                std::optional<Detail> detail = std::nullopt) const;

    /// Whether a node or link is drawn selected (mirrors the document's selection).
    bool isNodeSelected(NodeIndex n) const
    {
        return n >= 0 && static_cast<size_t>(n) < m_selectedNodes.size() && m_selectedNodes[static_cast<size_t>(n)];
    }
    bool isLinkSelected(std::int32_t l) const
    {
        return l >= 0 && static_cast<size_t>(l) < m_selectedLinks.size() && m_selectedLinks[static_cast<size_t>(l)];
    }

    /// Ids of the elements under a widget position: a node, else a link.
    QString elementAt(const QPoint &pos) const;

    /// Widget position of a scene point and back (scene units, see FabricLayout).
    QPointF mapFromScene(const QPointF &scenePos) const { return toWidget(scenePos); }
    QPointF mapToScene(const QPointF &widgetPos) const { return toScene(widgetPos); }
    /// Paints over the scene after each repaint of the widget (not in exports):
    /// the edit tool's rubber band, connect line and pin marks. Empty = none.
    void setOverlayPainter(std::function<void(QPainter &)> paint);
    /// True while pinned positions moved and the layout has not followed yet:
    /// at large scale a drag re-lays out only every few frames.
    bool isLayoutPending() const { return m_layoutPending; }
    /// Re-lays out now if positions moved since the last layout (end of a drag).
    void flushLayout();

public slots:
    void zoomIn();
    void zoomOut();
    void fitToView();
    /// Centers on an element (host, switch or link id) and zooms so it is
    /// legible; false (and nothing moves) when no element has that id.
    bool focusElement(const QString &id);
    void setZoom(double zoom, const QPointF &anchorScene = QPointF(qQNaN(), qQNaN()));
    void setShowCut(bool show);
    /// Colours links by utilization (one value per link, 1.0 = full); an
    /// empty vector turns the heatmap off. The title names it in the legend.
    void setLinkHeat(const std::vector<float> &utilization, const QString &title);
    /// Outlines these hosts (e.g. the groups of a selected rank); empty clears.
    void setHighlightedHosts(const std::vector<std::string> &hostIds);
    void setColourByOversubscription(bool on);
    /// The legend (View menu): shown or hidden, at the bottom or the top.
    void setLegendShown(bool shown);
    void setLegendAtTop(bool top);
    /// The overview (View menu): the whole fabric in a corner with the part
    /// in view outlined, and where that is (zone › pod › SU › rack); a click
    /// or drag in it moves the view. Shown while zoomed in past "fit".
    void setOverviewShown(bool shown);

signals:
    /// First thing in the destructor, while the canvas is still whole: event
    /// filters and overlays (EditTool) detach here, not from a half-destroyed
    /// QWidget's events.
    void aboutToBeDestroyed();
    void zoomChanged(double zoom);
    /// The live health overlay was replaced (a new interval) or removed.
    void healthOverlayChanged();
    /// The user asked for a what-if on these element ids.
    void failRequested(const QStringList &ids, bool failed);
    /// The context menu for the element under pos (empty id: none) is about
    /// to open; receivers may add actions to it (connect directly).
    void contextMenuAboutToShow(QMenu *menu, const QString &elementId, const QPoint &pos);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Painter;
    friend struct Painter;
    void rebuildLayout();
    /// Recomputes the NVLink domains' outlines from the layout (fabriccanvaselements.cpp). O(H).
    void rebuildDomains();
    /// Level of detail at a scale (pixels per scene unit).
    Detail detailAt(double scale) const;
    /// Draws the scene rectangle source into target at a level of detail
    /// (fabriccanvaspainter.cpp).
    void paintScene(QPainter &painter, const CanvasViewport &view, const QRectF &target, Detail level,
                    bool legend = true) const;
    /// The overview and its breadcrumb over the widget (canvasoverview.cpp).
    void paintOverview(QPainter &painter);
    /// The overview's frame on the widget; null when it is not shown.
    QRectF overviewFrame() const;
    /// Centres the view on the scene point under an overview position.
    void moveToOverviewPoint(const QPointF &pos);
    /// Recomputes the per-link failed and in-cut flags after a change (O(L)),
    /// so a repaint never walks every link.
    void updateOverlays() const;
    void onSelectionChanged();
    QPointF toScene(const QPointF &widgetPos) const;
    QPointF toWidget(const QPointF &scenePos) const;
    QRectF toWidgetRect(const QRectF &sceneRect) const { return m_view.toWidget(sceneRect); }

    FabricDocument *m_document = nullptr;
    AnalysisRunner *m_runner = nullptr;
    std::unique_ptr<FabricLayout> m_layout;
    CanvasViewport m_view;  ///< zoom, pan and the compressed rows
    double m_suWidth = 0.0; ///< median width of a scalable unit's hosts, scene units
    bool m_fitPending = true;
    bool m_fitted = false;     ///< the view is as fitToView() left it (no zoom or pan since)
    double m_fitReserve = 0;   ///< legend room the last fit left
    /// Pixels the legends take from their edge, as last painted.
    double legendReserve() const;
    /// Whether the view as fitted puts a node under a legend.
    bool fitCoversLegends() const;
    bool m_showCut = true;
    bool m_colourByOversubscription = true;
    bool m_legendShown = true;
    bool m_legendAtTop = false;
    mutable std::vector<QRectF> m_legendRects;
    QRectF m_focusScene; ///< the element focusElement() went to: the legend keeps off it
    bool m_overviewShown = true;
    QRectF m_reserved; ///< while painting the widget: where labels must not go (the overview)
    bool m_overviewDragging = false;
    QImage m_overviewImage;      ///< the whole fabric at pod level, redrawn when stale
    bool m_overviewStale = true; ///< layout, failures or analysis changed
    QPoint m_pressPos;
    CanvasViewport m_pressView;
    bool m_dragging = false;
    std::vector<char> m_selectedNodes;
    std::vector<char> m_selectedLinks;
    /// A bundle as a scene-space segment, for culling without touching the groups.
    struct Segment
    {
        float x1, y1, x2, y2; ///< lower group's top centre, upper group's bottom centre
        float left, right;    ///< both groups' horizontal extent (a ribbon spans them)
        std::int32_t bundle;
    };
    std::vector<std::vector<Segment>> m_segments; ///< per layout level
    /// A multi-host NVLink domain as drawn: its hosts' bounding box and labels.
    struct DomainOutline
    {
        QRectF rect;  ///< scene units
        QString kind; ///< "NVL72": the GPUs of its hosts
        QString name; ///< "nvl-0001"
    };
    std::vector<DomainOutline> m_domains;
    std::vector<std::int32_t> m_domainOfHost; ///< per host: index into m_domains, -1 for none
    std::vector<float> m_heat;
    QString m_heatTitle;
    std::function<void(QPainter &)> m_overlayPainter;
    bool m_layoutPending = false; ///< pinned positions moved: re-layout soon
    double m_layoutMs = 0.0;      ///< what the last layout cost
    QTimer *m_layoutTimer = nullptr;
    std::vector<char> m_highlightedHosts;
    std::unique_ptr<ComparisonOverlay> m_intentDiff;
    bool m_comparisonShown = true;
    std::unique_ptr<HealthOverlay> m_health;
    mutable bool m_overlaysDirty = true;
    mutable std::vector<char> m_linkFailed;
    mutable std::vector<char> m_linkDegraded; ///< per link: up but below its nominal rate
    mutable std::vector<char> m_linkInCut;
};

} // namespace Railyard
