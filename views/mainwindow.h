#pragma once

// The designer window: assembles the canvas, the docks, the actions and the
// menus around one FabricDocument. Logic lives in the document, the analysis
// runner and the views; this class wires them together.

#include "core/formats/fileformat.h"
#include "views/dialogs/bomdialog.h"
#include "views/dialogs/comparisondialog.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>

class QAction;
class QDockWidget;
class QMenu;
class QLabel;
class QProgressBar;
class QToolButton;
class QUndoGroup;
class QUndoView;

namespace Railyard {

class HelpBrowser;
class DesignComparisonDialog;
class ExplorerDialog;
class AnalysisDock;
class ControlPlaneDock;
class AnalysisRunner;
class EditActions;
class ProjectSession;
class VersionsDock;
class FabricCanvas;
class FabricDocument;
class HealthDock;
class IntentsDock;
class JobsDock;
class SubnetManagerDock;
class OutlineDock;
class ProblemsDock;
class PropertiesDock;
class ResilienceDock;
class FloorDock;
class RecentFiles;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens a fabric file. Errors go to the Problems dock and, when
    /// interactive, a message box naming the file and location. Returns false
    /// (keeping the current document) on failure.
    bool openFile(const QString &path);
    /// The status bar's zoom read-out ("Zoom 150 % · racks").
    QString zoomText() const;
    /// The text of the last error shown (or, not interactive, only put in
    /// the status bar): what a headless capture prints when a file fails.
    QString lastError() const { return m_lastError; }
    /// The design has changes not saved (what-if failures aside), or was
    /// never saved at all: the title shows [*] and closing asks to save.
    bool isDocumentModified() const;
    /// File ▸ Save As: asks for a name and a type (the file's own, or a
    /// project when the design has pins); the type chosen wins over the name's
    /// extension (FormatRegistry::pathForSave).
    bool saveAs();
    /// File ▸ Close (Ctrl+W): asks to save changes, then leaves the window
    /// empty; false when there is no document or the user cancelled.
    bool closeDocument();
    /// Help ▸ Railyard Help (F1).
    void showHelp();
    HelpBrowser *helpBrowser() const { return m_help; }
    /// At most maxLines of an error's text, and how many more there are.
    static QString errorSummary(const QString &text, int maxLines = 12);
    /// A zoom factor as the read-out shows it: plain digits, locale separators.
    static QString zoomPercentText(double zoom);
    /// Replaces the document with a new fabric (from a template or generator).
    void setFabric(Fabric fabric, const QString &filePath = QString());
    /// When false, errors are not shown in message boxes (headless capture, tests).
    void setInteractive(bool interactive) { m_interactive = interactive; }

    FabricDocument *document() const { return m_document.get(); }
    FabricCanvas *canvas() const { return m_canvas; }
    AnalysisRunner *analysisRunner() const { return m_runner; }
    AnalysisDock *analysisDock() const { return m_analysisDock; }
    OutlineDock *outlineDock() const { return m_outlineDock; }
    ProblemsDock *problemsDock() const { return m_problemsDock; }
    JobsDock *jobsDock() const { return m_jobsDock; }
    SubnetManagerDock *subnetManagerDock() const { return m_subnetManagerDock; }
    ResilienceDock *resilienceDock() const { return m_resilienceDock; }
    FloorDock *floorDock() const { return m_floorDock; }
    IntentsDock *intentsDock() const { return m_intentsDock; }
    HealthDock *healthDock() const { return m_healthDock; }
    PropertiesDock *propertiesDock() const { return m_propertiesDock; }
    ControlPlaneDock *controlPlaneDock() const { return m_controlPlaneDock; }
    EditActions *editActions() const { return m_editActions; }
    ProjectSession *projectSession() const { return m_session; }
    VersionsDock *versionsDock() const { return m_versionsDock; }

    /// Offers to restore unsaved work found in recovery copies (of `path`
    /// only, or of every document when empty): Restore opens it, "Not now"
    /// keeps the copy for later, Discard removes it. Non-interactive windows
    /// skip the question. Returns how many copies were restored.
    int offerRecovery(const QString &path = QString());
    /// Saves the current project file and adds a named version with message.
    bool saveVersion(const QString &message);

    // mainwindowinventory.cpp: File ▸ Import and the Inventory menu
    /// Imports a file or folder (LLDP dumps, NetBox pages…) as a new untitled
    /// document, its warnings and inferences in the Problems dock; the format
    /// from `slug`, else from the name. False (and the errors shown) when it does not read.
    bool importPath(const QString &path, const QString &slug = QString(), const ReadOptions &options = {});
    /// Compares the document with a fabric file (the baseline) and draws it.
    bool compareWith(const QString &path);
    /// Checks the document (the design) against a discovered fabric and draws it.
    bool verifyCablingAgainst(const QString &path);
    ComparisonDialog *comparisonDialog() const { return m_comparison; }
    /// Inventory ▸ Clear Comparison (for tests).
    void clearComparisonForTest() { clearComparison(); }
    /// Inventory ▸ Bill of Materials…
    BomDialog *showBillOfMaterials();
    /// Inventory ▸ Compare Designs: this design against other design files.
    DesignComparisonDialog *showDesignComparison();
    /// Inventory ▸ Explore Designs: requirements to the Pareto front of designs;
    /// a design picked there opens in a new window.
    ExplorerDialog *showExplorer();
    /// Windows opened from the explorer (for tests); closed ones drop out.
    const QList<QPointer<MainWindow>> &openedDesigns() const { return m_openedDesigns; }
    /// File ▸ Export Subnet Manager Configuration…: OpenSM's files for the
    /// design (docs/fabric-manager.md) into `directory`; false and *error when not.
    bool writeSubnetManagerConfig(const QString &directory, const std::string &engine, QString *error);
    /// File ▸ Export Analysis Report… to `path` (.pdf or .html), with the
    /// designs compared when the Compare Designs dialog holds a comparison.
    bool writeReport(const QString &path, QString *error);

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    /// Tabbed docks show their whole titles (scroll arrows instead of "Hea…").
    void showWholeDockTitles();
    /// The View menu's action for a dock (raises a tabified dock rather than hiding it).
    QAction *dockAction(QDockWidget *dock);
    void createActions();
    void createDocks();
    void createStatusBar();
    void readSettings();
    void writeSettings();
    void updateTitle();
    bool maybeSave();
    void showError(const QString &title, const QString &text);

    void open();
    void newFromTemplate();
    /// File ▸ New: an empty design, ready to draw.
    void newBlank();
    void showPreferences();
    /// File ▸ Quit: closes every window, asking once about each unsaved document.
    void quitApplication();
    bool save();
    // mainwindowproject.cpp: the .railyard side of File
    void createProjectActions(QMenu *file);
    bool openProject(const QString &path);
    bool saveToPath(const QString &path, QString *error);
    void saveVersionInteractive();
    void openVersion(std::int64_t id);
    void restoreVersion(std::int64_t id);
    void editAutosaveInterval();
    void exportPicture();
    void exportReport();
    /// Adds File ▸ Import… and Import Folder…; returns the Inventory menu.
    QMenu *createInventoryActions(QMenu *file);
    void importInteractive();
    void importFolderInteractive();
    void clearComparison();
    /// Reads the other side of a comparison; shows the errors when it does not read.
    std::optional<Fabric> readOther(const QString &path);
    /// The format to read `path` with: the one its content (or name) tells
    /// (FormatRegistry::detect), else the one the user picks from the formats
    /// that fit (all readable ones when none does); "" for a folder;
    /// std::nullopt when they cancel.
    std::optional<QString> askFormat(const QString &path);
    /// A comparison was just drawn on the canvas: the Show Comparison Colours toggle applies.
    void comparisonShown();
    /// File ▸ Connect to Control Plane…: asks for the service and shows the Control Plane dock.
    void connectToControlPlane();
    void about();
    void exportSubnetManagerConfig();

    std::unique_ptr<FabricDocument> m_document;
    FabricCanvas *m_canvas = nullptr;
    AnalysisRunner *m_runner = nullptr;
    OutlineDock *m_outlineDock = nullptr;
    PropertiesDock *m_propertiesDock = nullptr;
    AnalysisDock *m_analysisDock = nullptr;
    ProblemsDock *m_problemsDock = nullptr;
    QPointer<ComparisonDialog> m_comparison;
    QPointer<BomDialog> m_bom;
    QPointer<DesignComparisonDialog> m_designComparison;
    QPointer<ExplorerDialog> m_explorer;
    QList<QPointer<MainWindow>> m_openedDesigns;
    QAction *m_showComparisonAction = nullptr;
    JobsDock *m_jobsDock = nullptr;
    SubnetManagerDock *m_subnetManagerDock = nullptr;
    ResilienceDock *m_resilienceDock = nullptr;
    FloorDock *m_floorDock = nullptr;
    IntentsDock *m_intentsDock = nullptr;
    HealthDock *m_healthDock = nullptr;
    ControlPlaneDock *m_controlPlaneDock = nullptr;
    QDockWidget *m_historyDock = nullptr;
    QUndoView *m_undoView = nullptr;
    RecentFiles *m_recentFiles = nullptr;
    EditActions *m_editActions = nullptr;
    ProjectSession *m_session = nullptr;
    VersionsDock *m_versionsDock = nullptr;
    QAction *m_saveVersionAction = nullptr;
    QUndoGroup *m_undoGroup = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_restoreAllAction = nullptr;
    QMenu *m_viewMenu = nullptr;
    QProgressBar *m_progress = nullptr;
    QToolButton *m_cancelButton = nullptr;
    QLabel *m_zoomLabel = nullptr;
    QLabel *m_summaryLabel = nullptr;
    bool m_interactive = true;
    /// The window shows a version saved in a project (openVersion): untitled,
    /// but nothing to lose until it is edited.
    bool m_showsSavedVersion = false;
    QString m_lastError;
    QList<QAction *> m_documentActions; ///< enabled only while a document is open
    HelpBrowser *m_help = nullptr;
    void detachViews();
    void updateDocumentActions();
    QAction *m_legendAction = nullptr;
    QAction *m_legendTopAction = nullptr;
    QAction *m_overviewAction = nullptr;
};

} // namespace Railyard
