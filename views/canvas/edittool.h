#pragma once

// The canvas's Edit mode: while active, an event filter on the FabricCanvas
// turns left-button gestures into edits (the canvas keeps the middle button,
// Space+drag, the wheel and double-click for navigation):
//
//  * Select: click selects, Ctrl+click toggles, a drag on empty space draws a
//    rubber band (FabricLayout::nodesIn; Ctrl adds to the selection), a drag
//    on a node moves the selected nodes — one FabricDocument::moveNodes per
//    mouse move, one drag id per drag, so the drag is one undo step and the
//    nodes are pinned where they are dropped.
//  * Add host / switch / rack: a click opens the dialog, proposing the
//    neighbourhood of the click (the nearest host's rack, the row's tier).
//  * Connect: click a node, then another (Shift: the Connect dialog); when
//    the link is refused the first node stays picked (Esc drops it).
//  * Delete: click an element (confirmation with its link count).
//
// Hit testing goes through the layout's spatial index only (nodeAt, nodesIn),
// and the overlay (band, connect line, pin marks) is painted over the canvas
// without one item per element, so it stays fast at 131K GPUs.

#include "core/model/fabric.h"

#include <QObject>
#include <QPointF>
#include <QPointer>
#include <QRectF>

#include <string>
#include <utility>
#include <vector>

class QKeyEvent;
class QMenu;
class QMouseEvent;
class QPainter;

namespace Railyard {

class EditOperations;
class FabricCanvas;
class FabricDocument;

class EditTool : public QObject
{
    Q_OBJECT
public:
    enum class Tool { Select, AddHost, AddSwitch, AddRack, Connect, Delete };
    Q_ENUM(Tool)

    /// Installs itself on canvas; edits go through operations.
    EditTool(FabricCanvas *canvas, EditOperations *operations, QObject *parent = nullptr);
    ~EditTool() override;

    /// The document edited (null: none); drops a half-drawn link.
    void setDocument(FabricDocument *document);
    /// Edit mode on or off (off: the canvas behaves as a viewer).
    bool isActive() const { return m_active; }
    void setActive(bool active);
    /// The tool the left button uses in edit mode (Select by default).
    Tool tool() const { return m_tool; }
    void setTool(Tool tool);
    /// The node the Connect tool starts from, empty when none is picked yet.
    QString connectSource() const;
    /// What the current tool expects next (shown in the status bar).
    QString hintText() const;

signals:
    void activeChanged(bool active);
    void toolChanged(Railyard::EditTool::Tool tool);
    /// The tool's hint changed (tool switched, first node of a link picked).
    void hint(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    enum class Gesture { None, Click, PendingMove, Move, PendingBand, Band };

    bool mousePress(QMouseEvent *event);
    bool mouseMove(QMouseEvent *event);
    bool mouseRelease(QMouseEvent *event);
    bool keyPress(QKeyEvent *event);
    void click(const QPoint &pos, Qt::KeyboardModifiers modifiers);
    void addContextActions(QMenu *menu, const QString &elementId, const QPoint &pos);
    void paintOverlay(QPainter &painter) const;
    void updateCursor();
    /// The nearest host to a widget position (within a few hundred pixels), or -1.
    NodeIndex nearestHost(const QPoint &pos) const;
    /// The tier of the switch row nearest a widget position and a switch in it near the position.
    std::pair<Tier, NodeIndex> rowAt(const QPoint &pos) const;
    /// Selected nodes (not links) with their current centres.
    std::vector<std::pair<std::string, QPointF>> selectedNodeCentres() const;

    QPointer<FabricCanvas> m_canvas; ///< the window may delete the canvas first
    EditOperations *m_operations = nullptr;
    QPointer<FabricDocument> m_document;
    bool m_active = false;
    Tool m_tool = Tool::Select;
    bool m_spaceHeld = false;
    Gesture m_gesture = Gesture::None;
    QPoint m_pressPos;
    QPointF m_pressScene;
    QPoint m_cursorPos;
    std::vector<std::pair<std::string, QPointF>> m_dragStart; ///< nodes moved and their centres at the press
    int m_dragId = 0;
    QRectF m_band; ///< widget coordinates
    std::string m_connectFrom;
};

} // namespace Railyard
