#include "views/canvas/edittool.h"

#include "core/document/fabricdocument.h"
#include "views/canvas/fabriccanvas.h"
#include "views/editoperations.h"

#include <QApplication>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_set>

namespace Railyard {

namespace {

/// Pixels the mouse must travel before a press becomes a drag.
constexpr int kDragThreshold = 4;

/// Each drag gets its own id, so its moves merge into one undo step and the
/// next drag starts a new one.
int nextDragId()
{
    static int id = 0;
    return ++id;
}

QString toolName(EditTool::Tool tool)
{
    switch (tool) {
    case EditTool::Tool::Select: return EditTool::tr("Select");
    case EditTool::Tool::AddHost: return EditTool::tr("Add host");
    case EditTool::Tool::AddSwitch: return EditTool::tr("Add switch");
    case EditTool::Tool::AddRack: return EditTool::tr("Add rack");
    case EditTool::Tool::Connect: return EditTool::tr("Connect");
    case EditTool::Tool::Delete: return EditTool::tr("Delete");
    }
    return {};
}

} // namespace

EditTool::EditTool(FabricCanvas *canvas, EditOperations *operations, QObject *parent)
    : QObject(parent)
    , m_canvas(canvas)
    , m_operations(operations)
{
    m_canvas->installEventFilter(this);
    connect(m_canvas, &FabricCanvas::contextMenuAboutToShow, this, &EditTool::addContextActions);
    // Detach while the canvas is still a whole FabricCanvas: QWidget's
    // destructor still sends events (hide, focus) through event filters.
    connect(m_canvas, &FabricCanvas::aboutToBeDestroyed, this, [this] {
        m_canvas->removeEventFilter(this);
        m_canvas->setOverlayPainter({});
        m_canvas = nullptr;
    });
}

EditTool::~EditTool()
{
    if (m_canvas)
        m_canvas->setOverlayPainter({});
}

void EditTool::setDocument(FabricDocument *document)
{
    m_document = document;
    m_connectFrom.clear();
    m_gesture = Gesture::None;
    m_canvas->update();
}

void EditTool::setActive(bool active)
{
    if (active == m_active)
        return;
    m_active = active;
    m_gesture = Gesture::None;
    m_connectFrom.clear();
    if (m_active)
        m_canvas->setOverlayPainter([this](QPainter &p) { paintOverlay(p); });
    else
        m_canvas->setOverlayPainter({});
    updateCursor();
    emit activeChanged(m_active);
    emit hint(hintText());
}

void EditTool::setTool(Tool tool)
{
    if (tool == m_tool)
        return;
    m_tool = tool;
    m_connectFrom.clear();
    m_gesture = Gesture::None;
    updateCursor();
    m_canvas->update();
    emit toolChanged(m_tool);
    emit hint(hintText());
}

QString EditTool::connectSource() const
{
    return QString::fromStdString(m_connectFrom);
}

QString EditTool::hintText() const
{
    if (!m_active)
        return {};
    switch (m_tool) {
    case Tool::Select:
        return tr("Edit mode: click to select, Ctrl+click to add or remove, drag on empty space to select a "
                  "rectangle, drag a node to move and pin it. Middle button or Space+drag pans.");
    case Tool::AddHost: return tr("Add host: click near the rack the host goes into.");
    case Tool::AddSwitch:
        return tr("Add switch: click on the row of its tier (leaves, spines, …); above the top row adds a tier.");
    case Tool::AddRack: return tr("Add rack: click near the racks the new one joins.");
    case Tool::Connect:
        return m_connectFrom.empty()
            ? tr("Connect: click the first node.")
            : tr("Connect: click the node to connect %1 to (Shift+click: choose capacity and ports; Esc cancels).")
                  .arg(connectSource());
    case Tool::Delete: return tr("Delete: click the element to delete.");
    }
    return {};
}

void EditTool::updateCursor()
{
    if (!m_active) {
        m_canvas->unsetCursor();
        m_canvas->setMouseTracking(false);
        return;
    }
    switch (m_tool) {
    case Tool::Select: m_canvas->setCursor(Qt::ArrowCursor); break;
    case Tool::AddHost:
    case Tool::AddSwitch:
    case Tool::AddRack:
    case Tool::Connect: m_canvas->setCursor(Qt::CrossCursor); break;
    case Tool::Delete: m_canvas->setCursor(Qt::PointingHandCursor); break;
    }
    // The connect line follows the mouse without a button held.
    m_canvas->setMouseTracking(m_tool == Tool::Connect && !m_connectFrom.empty());
}

bool EditTool::eventFilter(QObject *watched, QEvent *event)
{
    if (!m_canvas || watched != m_canvas.get() || !m_active || !m_document || !m_canvas->layout())
        return false;
    switch (event->type()) {
    case QEvent::MouseButtonPress: return mousePress(static_cast<QMouseEvent *>(event));
    case QEvent::MouseMove: return mouseMove(static_cast<QMouseEvent *>(event));
    case QEvent::MouseButtonRelease: return mouseRelease(static_cast<QMouseEvent *>(event));
    case QEvent::KeyPress: return keyPress(static_cast<QKeyEvent *>(event));
    case QEvent::KeyRelease:
        if (static_cast<QKeyEvent *>(event)->key() == Qt::Key_Space
            && !static_cast<QKeyEvent *>(event)->isAutoRepeat()) {
            m_spaceHeld = false;
            updateCursor();
            return true;
        }
        return false;
    case QEvent::FocusOut: m_spaceHeld = false; return false;
    default: return false;
    }
}

bool EditTool::mousePress(QMouseEvent *event)
{
    if (m_canvas->isOverviewAt(event->pos()))
        return false; // the overview moves the view in every mode
    // Middle button and Space+drag pan: the canvas handles them.
    if (event->button() != Qt::LeftButton || m_spaceHeld)
        return false;
    m_canvas->setFocus();
    m_pressPos = event->pos();
    m_pressScene = m_canvas->mapToScene(event->position());
    m_cursorPos = event->pos();
    m_gesture = Gesture::Click;
    if (m_tool != Tool::Select)
        return true;
    const Fabric &f = m_document->fabric();
    const QString id = m_canvas->elementAt(event->pos());
    const NodeIndex n = id.isEmpty() ? -1 : f.findNode(id.toStdString());
    if (n < 0) {
        m_gesture = Gesture::PendingBand;
        return true;
    }
    if (event->modifiers() & Qt::ControlModifier)
        return true; // Ctrl+click toggles on release
    if (!m_canvas->isNodeSelected(n))
        m_document->setSelection({id.toStdString()});
    m_dragStart = selectedNodeCentres();
    m_gesture = Gesture::PendingMove;
    return true;
}

bool EditTool::mouseMove(QMouseEvent *event)
{
    m_cursorPos = event->pos();
    if (!(event->buttons() & Qt::LeftButton)) {
        if (m_tool == Tool::Connect && !m_connectFrom.empty()) {
            m_canvas->update();
            return true;
        }
        return false; // a pan (middle button, Space): the canvas's
    }
    if (m_gesture == Gesture::None)
        return false;
    const bool far = (event->pos() - m_pressPos).manhattanLength() >= kDragThreshold;
    if (m_gesture == Gesture::PendingMove && far) {
        m_gesture = Gesture::Move;
        m_dragId = nextDragId();
    } else if (m_gesture == Gesture::PendingBand && far) {
        m_gesture = Gesture::Band;
    }
    if (m_gesture == Gesture::Move && !m_dragStart.empty()) {
        const QPointF delta = m_canvas->mapToScene(event->position()) - m_pressScene;
        std::vector<std::pair<std::string, QPointF>> positions;
        positions.reserve(m_dragStart.size());
        for (const auto &[id, start] : m_dragStart)
            positions.emplace_back(id, start + delta);
        m_document->moveNodes(positions, m_dragId);
    } else if (m_gesture == Gesture::Band) {
        m_band = QRectF(QPointF(m_pressPos), QPointF(event->pos())).normalized();
        m_canvas->update();
    }
    return true;
}

bool EditTool::mouseRelease(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || m_gesture == Gesture::None)
        return false;
    const Gesture gesture = m_gesture;
    m_gesture = Gesture::None;
    m_dragStart.clear();
    if (gesture == Gesture::Move) {
        m_canvas->flushLayout(); // the drop: the layout catches up with the last move
        return true;
    }
    if (gesture == Gesture::Band) {
        const QRectF scene = QRectF(m_canvas->mapToScene(m_band.topLeft()), m_canvas->mapToScene(m_band.bottomRight()));
        m_band = QRectF();
        const Fabric &f = m_document->fabric();
        std::vector<std::string> selection;
        std::unordered_set<std::string> seen;
        if (event->modifiers() & Qt::ControlModifier) {
            selection = m_document->selection();
            seen.insert(selection.begin(), selection.end());
        }
        std::vector<NodeIndex> nodes = m_canvas->layout()->nodesIn(scene);
        std::sort(nodes.begin(), nodes.end());
        for (const NodeIndex n : nodes)
            if (seen.insert(f.nodeId(n)).second)
                selection.push_back(f.nodeId(n));
        m_document->setSelection(std::move(selection));
        m_canvas->update();
        return true;
    }
    click(event->pos(), event->modifiers());
    return true;
}

void EditTool::click(const QPoint &pos, Qt::KeyboardModifiers modifiers)
{
    const Fabric &f = m_document->fabric();
    const QString id = m_canvas->elementAt(pos);
    const NodeIndex n = id.isEmpty() ? -1 : f.findNode(id.toStdString());
    switch (m_tool) {
    case Tool::Select: {
        std::vector<std::string> selection;
        if (modifiers & Qt::ControlModifier)
            selection = m_document->selection();
        if (!id.isEmpty()) {
            const std::string key = id.toStdString();
            const auto it = std::find(selection.begin(), selection.end(), key);
            if (it != selection.end())
                selection.erase(it);
            else
                selection.push_back(key);
        }
        m_document->setSelection(std::move(selection));
        break;
    }
    case Tool::AddHost: m_operations->addHost(nearestHost(pos)); break;
    case Tool::AddSwitch: {
        const auto [tier, near] = rowAt(pos);
        m_operations->addSwitch(near, tier, m_canvas->mapToScene(QPointF(pos))); // where the user clicked
        break;
    }
    case Tool::AddRack: m_operations->addRack(nearestHost(pos)); break;
    case Tool::Connect:
        if (n < 0) {
            break; // a miss keeps the first node picked
        } else if (m_connectFrom.empty()) {
            m_connectFrom = id.toStdString();
            m_document->setSelection({m_connectFrom});
        } else if (m_connectFrom == id.toStdString()) {
            m_connectFrom.clear(); // clicking the first node again cancels
        } else {
            const QString from = connectSource();
            m_connectFrom.clear();
            updateCursor();
            m_canvas->update();
            emit hint(hintText()); // before the edit: a refusal's message must stay in the status bar
            if (!m_operations->connectNodes(from, id, modifiers & Qt::ShiftModifier)) {
                // Refused or cancelled: keep the first node, so another second one can be tried (Esc drops it).
                m_connectFrom = from.toStdString();
                updateCursor();
                m_canvas->update();
            }
            break;
        }
        updateCursor();
        m_canvas->update();
        emit hint(hintText());
        break;
    case Tool::Delete:
        if (!id.isEmpty())
            m_operations->deleteElements({id.toStdString()});
        break;
    }
}

bool EditTool::keyPress(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat()) {
            m_spaceHeld = true;
            m_canvas->setCursor(Qt::OpenHandCursor);
        }
        return true;
    }
    if (event->key() == Qt::Key_Escape) {
        if (m_gesture == Gesture::Band) {
            m_gesture = Gesture::None;
            m_band = QRectF();
            m_canvas->update();
            return true;
        }
        if (!m_connectFrom.empty()) {
            m_connectFrom.clear();
            updateCursor();
            m_canvas->update();
            emit hint(hintText());
            return true;
        }
        if (m_tool != Tool::Select) {
            setTool(Tool::Select);
            return true;
        }
    }
    return false; // the canvas: zoom keys, arrows, Esc clears the selection
}

std::vector<std::pair<std::string, QPointF>> EditTool::selectedNodeCentres() const
{
    std::vector<std::pair<std::string, QPointF>> nodes;
    const Fabric &f = m_document->fabric();
    for (const std::string &id : m_document->selection())
        if (const NodeIndex n = f.findNode(id); n >= 0)
            nodes.emplace_back(id, m_canvas->layout()->nodeCenter(n));
    return nodes;
}

NodeIndex EditTool::nearestHost(const QPoint &pos) const
{
    const Fabric &f = m_document->fabric();
    const QPointF scene = m_canvas->mapToScene(QPointF(pos));
    const double reach = 300.0 / m_canvas->zoom();
    NodeIndex best = -1;
    double bestDistance = std::numeric_limits<double>::max();
    for (const NodeIndex n :
         m_canvas->layout()->nodesIn(QRectF(scene - QPointF(reach, reach), QSizeF(2 * reach, 2 * reach)))) {
        if (!f.isHost(n))
            continue;
        const QPointF d = m_canvas->layout()->nodeCenter(n) - scene;
        const double distance = std::hypot(d.x(), d.y());
        if (distance < bestDistance) {
            bestDistance = distance;
            best = n;
        }
    }
    return best;
}

std::pair<Tier, NodeIndex> EditTool::rowAt(const QPoint &pos) const
{
    const FabricLayout &layout = *m_canvas->layout();
    const Fabric &f = m_document->fabric();
    const QPointF scene = m_canvas->mapToScene(QPointF(pos));
    const int rows = layout.rowCount();
    if (rows == 0)
        return {Tier::Leaf, -1};
    int row = 0;
    for (int r = 1; r < rows; ++r)
        if (std::abs(layout.rowY(r) - scene.y()) < std::abs(layout.rowY(row) - scene.y()))
            row = r;
    // Above the top row (past its nodes, a quarter of a row): a new tier on top.
    const double spacing = rows >= 2 ? std::abs(layout.rowY(rows - 1) - layout.rowY(rows - 2)) : 80.0;
    if (row == rows - 1 && layout.rowY(row) - scene.y() > spacing / 4)
        row = rows;
    auto tierOfRow = [](int r) { return r <= 1 ? Tier::Leaf : r == 2 ? Tier::Spine : Tier::Core; };
    if (row == 0 || row == rows)
        return {row == 0 ? Tier::Leaf : tierOfRow(row), -1};
    // The switch of that row nearest the click proposes its settings.
    const double reach = std::max(400.0 / m_canvas->zoom(), layout.bounds().width());
    NodeIndex best = -1;
    double bestDistance = std::numeric_limits<double>::max();
    const QRectF strip(scene.x() - reach, layout.rowY(row) - 1.0, 2 * reach, 2.0);
    for (const NodeIndex n : layout.nodesIn(strip)) {
        if (!f.isSwitch(n) || layout.rowOf(n) != row)
            continue;
        const double distance = std::abs(layout.nodeCenter(n).x() - scene.x());
        if (distance < bestDistance) {
            bestDistance = distance;
            best = n;
        }
    }
    if (best < 0)
        return {tierOfRow(row), -1};
    return {f.switchAt(f.switchIndexOf(best)).tier, best};
}

void EditTool::addContextActions(QMenu *menu, const QString &elementId, const QPoint &pos)
{
    if (!m_document || !m_canvas->layout())
        return;
    const Fabric &f = m_document->fabric();
    const std::string key = elementId.toStdString();
    const NodeIndex n = key.empty() ? -1 : f.findNode(key);
    const std::int32_t l = key.empty() || n >= 0 ? -1 : f.findLink(key);
    // Adding on empty canvas needs no Edit Mode (a blank design starts so);
    // changing an element does.
    if (!m_active && (n >= 0 || l >= 0))
        return;
    menu->addSection(tr("Edit"));
    if (n < 0 && l < 0) {
        const NodeIndex host = nearestHost(pos);
        const auto [tier, sw] = rowAt(pos);
        menu->addAction(tr("Add &Host Here…"), this, [this, host] { m_operations->addHost(host); });
        // The switch goes where the user clicked (pinned there), and the view stays.
        const QPointF scene = m_canvas->mapToScene(QPointF(pos));
        menu->addAction(tr("Add &Switch Here…"), this,
                        [this, tier = tier, sw = sw, scene] { m_operations->addSwitch(sw, tier, scene); });
        menu->addAction(tr("Add &Rack Here…"), this, [this, host] { m_operations->addRack(host); });
        return;
    }
    // The selection when the element is part of it, else the element alone.
    const std::vector<std::string> &selection = m_document->selection();
    const bool inSelection = std::find(selection.begin(), selection.end(), key) != selection.end();
    const std::vector<std::string> ids = inSelection ? selection : std::vector<std::string>{key};
    if (l >= 0)
        menu->addAction(tr("Re-&cable %1…").arg(elementId), this, [this, key] { m_operations->recable(key); });
    if (n >= 0) {
        menu->addAction(tr("&Connect %1 to…").arg(elementId), this, [this, key] {
            setTool(Tool::Connect);
            m_connectFrom = key;
            updateCursor();
            emit hint(hintText());
        });
        Location location;
        bool spine = false, leafOrHost = f.isHost(n);
        int plane = 0;
        if (f.isHost(n)) {
            location = f.host(n).location;
        } else {
            const Switch &s = f.switchAt(f.switchIndexOf(n));
            location = s.location;
            spine = s.tier == Tier::Spine;
            leafOrHost = s.tier == Tier::Leaf;
            plane = s.plane;
        }
        if (!location.rack.empty())
            menu->addAction(tr("Duplicate &Rack %1").arg(QString::fromStdString(location.rack)), this,
                            [this, rack = location.rack] { m_operations->duplicateRack(rack); });
        if (leafOrHost && !location.su.empty())
            menu->addAction(tr("Duplicate Scalable &Unit %1").arg(QString::fromStdString(location.su)), this,
                            [this, su = location.su] { m_operations->duplicateScalableUnit(su); });
        if (spine)
            menu->addAction(tr("Add Spine &Plane (Copy of Plane %1)").arg(plane), this,
                            [this, plane] { m_operations->addSpinePlane(plane); });
        const auto &pins = m_document->pinnedPositions();
        std::vector<std::string> pinned;
        for (const std::string &id : ids)
            if (pins.count(id))
                pinned.push_back(id);
        if (!pinned.empty())
            menu->addAction(pinned.size() == 1 ? tr("U&npin %1").arg(QString::fromStdString(pinned.front()))
                                               : tr("U&npin %1 Nodes").arg(pinned.size()),
                            this, [this, pinned] { m_operations->unpin(pinned); });
    }
    menu->addAction(ids.size() == 1 ? tr("&Delete %1…").arg(elementId)
                                    : tr("&Delete %1 Selected Elements…").arg(ids.size()),
                    this, [this, ids] { m_operations->deleteElements(ids); });
}

void EditTool::paintOverlay(QPainter &p) const
{
    if (!m_document || !m_canvas->layout())
        return;
    const FabricLayout &layout = *m_canvas->layout();
    const Fabric &f = m_document->fabric();
    const QColor highlight = m_canvas->palette().color(QPalette::Highlight);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);

    // Pinned nodes: a small pin head on the top-right corner (zoomed in only).
    if (m_canvas->detail() == FabricCanvas::Detail::Elements) {
        const QRectF view = m_canvas->visibleSceneRect();
        p.setPen(QPen(QColor(60, 60, 60), 1.0));
        p.setBrush(QColor(230, 120, 30));
        for (const auto &[id, centre] : m_document->pinnedPositions()) {
            if (!view.contains(centre))
                continue;
            const NodeIndex n = f.findNode(id);
            if (n < 0)
                continue;
            const QPointF corner = m_canvas->mapFromScene(layout.nodeRect(n).topRight());
            p.drawEllipse(corner, 3.5, 3.5);
        }
    }

    // A drag at large scale: the layout follows every few frames, the moved
    // nodes' outlines follow the mouse (their pinned positions are current).
    if (m_gesture == Gesture::Move && m_canvas->isLayoutPending()) {
        const auto &pins = m_document->pinnedPositions();
        p.setPen(QPen(highlight, 1.5, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        const size_t shown = std::min<size_t>(m_dragStart.size(), 2000);
        for (size_t i = 0; i < shown; ++i) {
            const NodeIndex n = f.findNode(m_dragStart[i].first);
            const auto pin = pins.find(m_dragStart[i].first);
            if (n < 0 || pin == pins.end())
                continue;
            QRectF r = layout.nodeRect(n);
            r.moveCenter(pin->second);
            p.drawRect(QRectF(m_canvas->mapFromScene(r.topLeft()), m_canvas->mapFromScene(r.bottomRight())));
        }
    }

    // The first node of a link being drawn, and the line to the mouse.
    if (!m_connectFrom.empty()) {
        if (const NodeIndex n = f.findNode(m_connectFrom); n >= 0) {
            const QRectF r = QRectF(m_canvas->mapFromScene(layout.nodeRect(n).topLeft()),
                                    m_canvas->mapFromScene(layout.nodeRect(n).bottomRight()))
                                 .adjusted(-3, -3, 3, 3);
            p.setPen(QPen(highlight, 2.0));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(r, 3, 3);
            p.setPen(QPen(highlight, 1.5, Qt::DashLine));
            p.drawLine(r.center(), QPointF(m_cursorPos));
        }
    }

    // The rubber band.
    if (m_gesture == Gesture::Band && !m_band.isNull()) {
        QColor fill = highlight;
        fill.setAlpha(40);
        p.setPen(QPen(highlight, 1.0, Qt::DashLine));
        p.setBrush(fill);
        p.drawRect(m_band);
    }

    // Which tool is active, in the top-right corner.
    const QString label = tr("Edit · %1").arg(toolName(m_tool));
    QFont font = m_canvas->font();
    font.setBold(true);
    p.setFont(font);
    const QFontMetricsF fm(font);
    const QRectF chip(m_canvas->width() - fm.horizontalAdvance(label) - 26, 8, fm.horizontalAdvance(label) + 16,
                      fm.height() + 8);
    QColor chipFill = highlight;
    chipFill.setAlpha(220);
    p.setPen(Qt::NoPen);
    p.setBrush(chipFill);
    p.drawRoundedRect(chip, 5, 5);
    p.setPen(m_canvas->palette().color(QPalette::HighlightedText));
    p.drawText(chip, Qt::AlignCenter, label);
    p.restore();
}

} // namespace Railyard
