#include "views/editactions.h"

#include "core/document/fabricdocument.h"
#include "views/canvas/edittool.h"
#include "views/canvas/fabriccanvas.h"
#include "views/docks/propertiesdock.h"
#include "views/editoperations.h"

#include <QAction>
#include <QActionGroup>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>
#include <QToolBar>

namespace Railyard {

namespace {

/// How long a refused edit's message stays in the status bar.
constexpr int kRefusedTimeoutMs = 8000;

} // namespace

EditActions::EditActions(QMainWindow *window, FabricCanvas *canvas, PropertiesDock *properties)
    : QObject(window)
    , m_window(window)
    , m_canvas(canvas)
    , m_properties(properties)
{
    m_operations = new EditOperations(window, this);
    m_tool = new EditTool(canvas, m_operations, this);

    m_menu = new QMenu(tr("&Draw"), window);
    m_menu->setObjectName(QStringLiteral("DrawMenu"));
    m_toolBar = new QToolBar(tr("Drawing Tools"), window);
    m_toolBar->setObjectName(QStringLiteral("EditToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);

    m_editMode = m_menu->addAction(tr("&Edit Mode"));
    m_editMode->setObjectName(QStringLiteral("EditModeAction"));
    m_editMode->setCheckable(true);
    m_editMode->setShortcut(QKeySequence(tr("E")));
    m_editMode->setToolTip(tr("Edit mode (E): draw and change the fabric on the canvas"));
    connect(m_editMode, &QAction::toggled, m_tool, &EditTool::setActive);
    connect(m_tool, &EditTool::activeChanged, this, [this](bool on) {
        m_editMode->setChecked(on);
        if (m_properties)
            m_properties->setEditing(on);
        if (!on)
            m_window->statusBar()->clearMessage();
    });
    m_toolBar->addAction(m_editMode);
    m_toolBar->addSeparator();
    m_menu->addSeparator();

    m_tools = new QActionGroup(this);
    m_tools->setExclusive(true);
    using Tool = EditTool::Tool;
    addToolAction(tr("&Select"), tr("V"), tr("Select, move and pin (V)"), static_cast<int>(Tool::Select))
        ->setChecked(true);
    addToolAction(tr("Add &Host"), tr("H"), tr("Add a host: click near its rack (H)"), static_cast<int>(Tool::AddHost));
    addToolAction(tr("Add S&witch"), tr("S"), tr("Add a switch: click on its tier's row (S)"),
                  static_cast<int>(Tool::AddSwitch));
    addToolAction(tr("Add R&ack"), tr("R"), tr("Add a rack of hosts: click near the racks (R)"),
                  static_cast<int>(Tool::AddRack));
    addToolAction(tr("&Connect"), tr("C"),
                  tr("Connect two nodes: click one, then the other; Shift+click to "
                     "choose capacity and ports (C)"),
                  static_cast<int>(Tool::Connect));
    addToolAction(tr("&Delete"), tr("X"), tr("Delete the element clicked (X)"), static_cast<int>(Tool::Delete));
    connect(m_tool, &EditTool::toolChanged, this, [this](EditTool::Tool tool) {
        for (QAction *a : m_tools->actions())
            if (a->data().toInt() == static_cast<int>(tool))
                a->setChecked(true);
    });
    connect(m_tool, &EditTool::hint, this, [this](const QString &text) { showMessage(text, 10000); });

    m_menu->addSeparator();
    m_connect = m_menu->addAction(tr("Con&nect…"), this, [this] {
        const std::vector<std::string> sel = selection();
        std::vector<QString> nodes;
        for (const std::string &id : sel)
            if (m_document->fabric().findNode(id) >= 0 && nodes.size() < 2)
                nodes.push_back(QString::fromStdString(id));
        nodes.resize(2);
        m_operations->connectNodes(nodes[0], nodes[1], true);
    });
    m_connect->setShortcut(QKeySequence(tr("Shift+C")));
    m_connect->setStatusTip(tr("Connect two nodes (the two selected, if any), choosing capacity and ports"));
    m_delete = m_menu->addAction(tr("De&lete Selection"), this, [this] { m_operations->deleteElements(selection()); });
    m_delete->setObjectName(QStringLiteral("DeleteSelectionAction"));
    m_delete->setShortcut(QKeySequence::Delete);
    m_menu->addSeparator();
    auto firstNode = [this](auto pick) {
        const Fabric &f = m_document->fabric();
        for (const std::string &id : selection())
            if (const NodeIndex n = f.findNode(id); n >= 0)
                if (pick(f, n))
                    return n;
        return NodeIndex(-1);
    };
    auto locationOf = [](const Fabric &f, NodeIndex n) -> const Location & {
        return f.isHost(n) ? f.host(n).location : f.switchAt(f.switchIndexOf(n)).location;
    };
    m_duplicateRack = m_menu->addAction(tr("Duplicate &Rack"), this, [this, firstNode, locationOf] {
        const NodeIndex n = firstNode([&](const Fabric &f, NodeIndex v) { return !locationOf(f, v).rack.empty(); });
        if (n >= 0)
            m_operations->duplicateRack(locationOf(m_document->fabric(), n).rack);
    });
    m_duplicateRack->setShortcut(QKeySequence(tr("Ctrl+D")));
    m_duplicateRack->setStatusTip(tr("Copy the rack of the selected host: new ids, wired to the same switches"));
    m_duplicateSu = m_menu->addAction(tr("Duplicate Scalable &Unit"), this, [this, firstNode, locationOf] {
        const NodeIndex n = firstNode([&](const Fabric &f, NodeIndex v) {
            return !locationOf(f, v).su.empty() && (f.isHost(v) || f.switchAt(f.switchIndexOf(v)).tier == Tier::Leaf);
        });
        if (n >= 0)
            m_operations->duplicateScalableUnit(locationOf(m_document->fabric(), n).su);
    });
    m_duplicateSu->setShortcut(QKeySequence(tr("Ctrl+Shift+D")));
    m_duplicateSu->setStatusTip(tr("Copy the scalable unit of the selected host or leaf, wired to the same spines"));
    m_addPlane = m_menu->addAction(tr("Add Spine &Plane"), this, [this, firstNode] {
        const NodeIndex n = firstNode([](const Fabric &f, NodeIndex v) {
            return f.isSwitch(v) && f.switchAt(f.switchIndexOf(v)).tier == Tier::Spine;
        });
        const Fabric &f = m_document->fabric();
        m_operations->addSpinePlane(n >= 0 ? f.switchAt(f.switchIndexOf(n)).plane : 0);
    });
    m_addPlane->setShortcut(QKeySequence(tr("Ctrl+Shift+P")));
    m_addPlane->setStatusTip(tr("Copy the spines of the selected spine's plane (or plane 0) as a new plane"));
    m_recable = m_menu->addAction(tr("Re-ca&ble…"), this, [this] {
        for (const std::string &id : selection())
            if (m_document->fabric().findLink(id) >= 0) {
                m_operations->recable(id);
                return;
            }
    });
    m_recable->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
    m_recable->setStatusTip(tr("Move one end of the selected link to another node or port"));
    m_unpin = m_menu->addAction(tr("Unp&in"), this, [this] { m_operations->unpin(selection()); });
    m_unpin->setShortcut(QKeySequence(tr("Ctrl+U")));
    m_unpin->setStatusTip(tr("Return the selected nodes to the automatic layout"));

    connect(m_operations, &EditOperations::message, this, [this](const QString &text) { showMessage(text, 5000); });
    updateEnabled();
}

EditActions::~EditActions() = default;

QAction *EditActions::addToolAction(const QString &text, const QString &shortcut, const QString &toolTip, int tool)
{
    QAction *a = m_menu->addAction(text);
    a->setCheckable(true);
    a->setData(tool);
    a->setShortcut(QKeySequence(shortcut));
    a->setToolTip(toolTip);
    a->setObjectName(QStringLiteral("EditTool%1").arg(tool));
    m_tools->addAction(a);
    m_toolBar->addAction(a);
    connect(a, &QAction::triggered, this, [this, tool] {
        if (!m_document)
            return;
        m_tool->setActive(true);
        m_tool->setTool(static_cast<EditTool::Tool>(tool));
    });
    return a;
}

void EditActions::setDocument(FabricDocument *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_operations->setDocument(document);
    m_tool->setDocument(document);
    if (m_document) {
        connect(m_document, &FabricDocument::editRefused, this,
                [this](const QString &message) { showMessage(message.section(QLatin1Char('\n'), 0, 0), kRefusedTimeoutMs); });
        connect(m_document, &FabricDocument::selectionChanged, this, &EditActions::updateEnabled);
        connect(m_document, &FabricDocument::changed, this, &EditActions::updateEnabled);
    }
    updateEnabled();
}

std::vector<std::string> EditActions::selection() const
{
    return m_document ? m_document->selection() : std::vector<std::string>{};
}

void EditActions::updateEnabled()
{
    const bool doc = m_document != nullptr;
    m_editMode->setEnabled(doc);
    for (QAction *a : m_tools->actions())
        a->setEnabled(doc);
    if (!doc) {
        m_tool->setActive(false);
        for (QAction *a : {m_connect, m_delete, m_duplicateRack, m_duplicateSu, m_addPlane, m_recable, m_unpin})
            a->setEnabled(false);
        return;
    }
    // Look at the selection only up to the first of each kind (it can hold 100K ids).
    const Fabric &f = m_document->fabric();
    bool rack = false, su = false, link = false, pinned = false, spines = false;
    int nodes = 0;
    const auto &pins = m_document->pinnedPositions();
    for (const std::string &id : m_document->selection()) {
        const NodeIndex n = f.findNode(id);
        if (n < 0) {
            link = link || f.findLink(id) >= 0;
            continue;
        }
        ++nodes;
        const bool host = f.isHost(n);
        const Location &loc = host ? f.host(n).location : f.switchAt(f.switchIndexOf(n)).location;
        rack = rack || !loc.rack.empty();
        su = su || (!loc.su.empty() && (host || f.switchAt(f.switchIndexOf(n)).tier == Tier::Leaf));
        pinned = pinned || pins.count(id) > 0;
        if (rack && su && link && pinned && nodes >= 2)
            break;
    }
    for (const Switch &s : f.switches())
        if (s.tier == Tier::Spine) {
            spines = true;
            break;
        }
    m_connect->setEnabled(f.nodeCount() >= 2);
    m_delete->setEnabled(!m_document->selection().empty());
    m_duplicateRack->setEnabled(rack);
    m_duplicateSu->setEnabled(su);
    m_addPlane->setEnabled(spines);
    m_recable->setEnabled(link);
    m_unpin->setEnabled(pinned);
}

void EditActions::showMessage(const QString &text, int timeoutMs)
{
    if (!text.isEmpty())
        m_window->statusBar()->showMessage(text, timeoutMs);
}

} // namespace Railyard
