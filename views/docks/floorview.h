#pragma once

// The floor view (docs/floor.md, "The floor view"): the data hall seen from
// above, to scale. Racks are drawn at their (row, slot), coloured by the
// power they draw against the hall's budget; the row and cross trays run
// over them; the cables of the selected devices are drawn along their tray
// routes, coloured by part. Clicking a rack selects its devices (the
// document's shared selection); dragging it moves it as an undoable edit
// (FabricDocument::moveRack), and the dock recomputes lengths, parts, cost
// and power as it goes. The wheel zooms about the cursor, dragging the
// empty floor pans, Home fits.
//
// A thin view: the floor and its report come from the Floor dock, which
// builds them with core/bom's buildFloorReport.

#include "core/bom/floorreport.h"

#include <QPointer>
#include <QTransform>
#include <QWidget>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

class QPainter;

namespace Railyard {

class FabricDocument;

class FloorView : public QWidget
{
    Q_OBJECT
public:
    explicit FloorView(QWidget *parent = nullptr);

    void setDocument(FabricDocument *document);
    /// What to draw: the floor, its report, and each node's rack (nodeRacks).
    void setFloor(std::shared_ptr<const FloorPlan> floor, std::shared_ptr<const FloorReport> report,
                  std::shared_ptr<const std::vector<std::string>> nodeRacks);
    /// The racks outlined and the links whose runs are drawn (at most
    /// maxDrawnRuns of them).
    void setHighlight(std::vector<std::string> racks, std::vector<std::int32_t> links);
    static constexpr int maxDrawnRuns = 4000;

    /// A spot on the floor.
    struct Spot
    {
        int hall = 0, row = 0, slot = 0;
        bool operator==(const Spot &) const = default;
    };
    /// The rack under a widget position, or empty.
    QString rackAt(const QPointF &pos) const;
    /// The spot nearest a widget position (clamped into the nearest hall).
    std::optional<Spot> spotAt(const QPointF &pos) const;
    /// A rack's centre in widget coordinates (tests drive drags with it).
    std::optional<QPointF> rackCentre(const QString &rack) const;
    /// The spot's centre in widget coordinates.
    QPointF spotCentre(const Spot &spot) const;

    /// Draws the floor into `target` (export and the widget's own paint).
    void paintFloor(QPainter &painter, const QRectF &target) const;
    /// The floor's extent in metres (the halls one under the other).
    QRectF floorRect() const;

    void zoomBy(double factor);
    void fitToView();
    double zoom() const { return m_zoom; }
    /// Runs drawn for the highlight (after the cap).
    int drawnRuns() const { return int(m_paths.size()); }

signals:
    /// A press on a rack was released; `moved` when the drag moved it.
    void rackDropped(const QString &rack, bool moved);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;

private:
    QTransform transformFor(const QRectF &target) const;
    QTransform viewTransform() const { return transformFor(QRectF(rect())); }
    /// The top of each hall in floor metres (halls one under the other, 3 m apart).
    double hallOffset(int hall) const;
    QRectF rackRect(const RackSpot &spot) const;
    std::optional<Spot> spotAtFloor(const QPointF &floorPoint, bool clamp) const;
    void rebuildPaths();
    QString tooltipFor(const QString &rack) const;

    QPointer<FabricDocument> m_document;
    std::shared_ptr<const FloorPlan> m_floor;
    std::shared_ptr<const FloorReport> m_report;
    std::shared_ptr<const std::vector<std::string>> m_nodeRacks;
    std::vector<double> m_hallOffsets;
    std::map<std::string, size_t, std::less<>> m_rackIndex;        ///< rack → index into m_floor->racks
    std::map<std::tuple<int, int, int>, size_t> m_spotIndex;       ///< (hall, row, slot) → rack index
    std::map<std::string, const RackPower *, std::less<>> m_power; ///< rack → its power in the report
    std::vector<std::string> m_highlightRacks;
    std::vector<std::int32_t> m_highlightLinks;
    struct Path
    {
        std::vector<QPointF> points; ///< floor metres
        int kind = -1;               ///< CableKind, -1 when no part reaches
    };
    std::vector<Path> m_paths;

    double m_zoom = 1.0;
    QPointF m_pan;
    QString m_dragRack;
    int m_dragId = 0;
    bool m_dragMoved = false;
    int m_nextDragId = 0x4000;
    bool m_panning = false;
    QPointF m_lastMouse;
};

} // namespace Railyard
