#pragma once

// The drawing actions of the designer window: the Edit Mode toggle, the tool
// palette (Select, Add host, Add switch, Add rack, Connect, Delete) with a
// shortcut per tool, and the Draw menu (Connect…, Delete, Duplicate Rack /
// Scalable Unit, Add Spine Plane, Re-cable…, Unpin). Owns the canvas's
// EditTool and the EditOperations they share; shows refused edits and tool
// hints in the window's status bar. MainWindow only creates it, adds its
// menu and tool bar, and hands it each new document.

#include <QObject>
#include <QPointer>

#include <string>
#include <vector>

class QAction;
class QActionGroup;
class QMainWindow;
class QMenu;
class QToolBar;

namespace Railyard {

class EditOperations;
class EditTool;
class FabricCanvas;
class FabricDocument;
class PropertiesDock;

class EditActions : public QObject
{
    Q_OBJECT
public:
    /// Builds the actions, menu and tool bar (not yet placed) for window's
    /// canvas; the properties dock shows its edit fields in edit mode.
    EditActions(QMainWindow *window, FabricCanvas *canvas, PropertiesDock *properties);
    ~EditActions() override;

    /// The document the actions edit; null disables them and leaves edit mode.
    void setDocument(FabricDocument *document);

    /// The Draw menu and the tool palette, for the window to place.
    QMenu *menu() const { return m_menu; }
    QToolBar *toolBar() const { return m_toolBar; }
    QAction *editModeAction() const { return m_editMode; }
    EditTool *tool() const { return m_tool; }
    EditOperations *operations() const { return m_operations; }

private:
    QAction *addToolAction(const QString &text, const QString &shortcut, const QString &toolTip, int tool);
    void updateEnabled();
    /// Selected nodes and links, and the first selected node's rack, SU, spine plane.
    std::vector<std::string> selection() const;
    void showMessage(const QString &text, int timeoutMs);

    QMainWindow *m_window = nullptr;
    FabricCanvas *m_canvas = nullptr;
    PropertiesDock *m_properties = nullptr;
    QPointer<FabricDocument> m_document;
    EditOperations *m_operations = nullptr;
    EditTool *m_tool = nullptr;
    QMenu *m_menu = nullptr;
    QToolBar *m_toolBar = nullptr;
    QAction *m_editMode = nullptr;
    QActionGroup *m_tools = nullptr;
    QAction *m_connect = nullptr;
    QAction *m_delete = nullptr;
    QAction *m_duplicateRack = nullptr;
    QAction *m_duplicateSu = nullptr;
    QAction *m_addPlane = nullptr;
    QAction *m_recable = nullptr;
    QAction *m_unpin = nullptr;
};

} // namespace Railyard
