#include "views/mainwindow.h"
#include "views/lastdirectory.h"

#include "core/analysis/counts.h"
#include "core/document/fabricdocument.h"
#include "core/registry/formatregistry.h"
#include "core/generators/closgenerator.h"
#include "views/analysisrunner.h"
#include "views/canvas/fabriccanvas.h"
#include "views/dialogs/templatedialog.h"
#include "views/docks/analysisdock.h"
#include "views/docks/controlplanedock.h"
#include "views/docks/healthdock.h"
#include "views/docks/intentreviewpanel.h"
#include "views/docks/intentsdock.h"
#include "views/docks/jobsdock.h"
#include "views/docks/subnetmanagerdock.h"
#include "views/docks/outlinedock.h"
#include "views/docks/problemsdock.h"
#include "views/docks/propertiesdock.h"
#include "views/docks/floordock.h"
#include "views/docks/resiliencedock.h"
#include "views/docks/versionsdock.h"
#include "views/editactions.h"

#include "views/projectsession.h"
#include "views/recentfiles.h"
#include "views/helpbrowser.h"
#include "views/icons.h"
#include "views/dialogs/preferencesdialog.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QTabBar>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>
#include <QUndoGroup>
#include <QUndoView>

namespace Railyard {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowNestedDocks | AllowTabbedDocks);
    m_runner = new AnalysisRunner(this);
    m_canvas = new FabricCanvas(this);
    m_canvas->setAnalysisRunner(m_runner);
    setCentralWidget(m_canvas);
    createDocks();
    createActions();
    createStatusBar();
    readSettings();
    updateTitle();
    updateDocumentActions();
}

MainWindow::~MainWindow()
{
    // Views first: they hold pointers to the document.
    m_runner->setDocument(nullptr);
}

void MainWindow::createDocks()
{
    m_outlineDock = new OutlineDock(this);
    m_propertiesDock = new PropertiesDock(this);
    m_analysisDock = new AnalysisDock(this);
    m_problemsDock = new ProblemsDock(this);
    m_jobsDock = new JobsDock(this);
    m_historyDock = new QDockWidget(tr("History"), this);
    m_historyDock->setObjectName(QStringLiteral("HistoryDock"));
    m_undoView = new QUndoView(m_historyDock);
    m_undoView->setEmptyLabel(tr("<opened>"));
    m_historyDock->setWidget(m_undoView);

    m_propertiesDock->setAnalysisRunner(m_runner);
    m_propertiesDock->setCanvas(m_canvas);
    m_analysisDock->setAnalysisRunner(m_runner);
    m_problemsDock->setAnalysisRunner(m_runner);

    addDockWidget(Qt::LeftDockWidgetArea, m_outlineDock);
    addDockWidget(Qt::RightDockWidgetArea, m_analysisDock);
    addDockWidget(Qt::RightDockWidgetArea, m_propertiesDock);
    tabifyDockWidget(m_analysisDock, m_propertiesDock);
    addDockWidget(Qt::RightDockWidgetArea, m_jobsDock);
    tabifyDockWidget(m_propertiesDock, m_jobsDock);
    m_intentsDock = new IntentsDock(this);
    addDockWidget(Qt::RightDockWidgetArea, m_intentsDock);
    tabifyDockWidget(m_jobsDock, m_intentsDock);
    connect(m_intentsDock, &IntentsDock::diffChanged, m_canvas, &FabricCanvas::setIntentDiff);
    connect(m_intentsDock, &IntentsDock::intentErrors, m_problemsDock, &ProblemsDock::setIntentErrors);
    m_healthDock = new HealthDock(this);
    addDockWidget(Qt::RightDockWidgetArea, m_healthDock);
    tabifyDockWidget(m_intentsDock, m_healthDock);
    m_healthDock->setCanvas(m_canvas);
    m_controlPlaneDock = new ControlPlaneDock(this);
    addDockWidget(Qt::RightDockWidgetArea, m_controlPlaneDock);
    tabifyDockWidget(m_healthDock, m_controlPlaneDock);
    m_subnetManagerDock = new SubnetManagerDock(this);
    addDockWidget(Qt::RightDockWidgetArea, m_subnetManagerDock);
    tabifyDockWidget(m_controlPlaneDock, m_subnetManagerDock);
    connect(m_subnetManagerDock, &SubnetManagerDock::linkHeatChanged, m_canvas, &FabricCanvas::setLinkHeat);
    m_resilienceDock = new ResilienceDock(this);
    addDockWidget(Qt::RightDockWidgetArea, m_resilienceDock);
    tabifyDockWidget(m_subnetManagerDock, m_resilienceDock);
    m_resilienceDock->setCanvas(m_canvas);
    m_floorDock = new FloorDock(this);
    addDockWidget(Qt::RightDockWidgetArea, m_floorDock);
    tabifyDockWidget(m_resilienceDock, m_floorDock);
    connect(m_controlPlaneDock, &ControlPlaneDock::connectRequested, this, &MainWindow::connectToControlPlane);
    connect(m_controlPlaneDock, &ControlPlaneDock::pushRequested, this, [this] {
        m_controlPlaneDock->pushIntent(m_intentsDock->reviewPanel()->reviewedFile());
    });
    connect(m_intentsDock->reviewPanel(), &IntentReviewPanel::pushRequested, this, [this](const std::string &file) {
        m_controlPlaneDock->show();
        m_controlPlaneDock->raise();
        m_controlPlaneDock->pushIntent(file);
    });
    // A saved connection is used the first time the dock is shown, not at start-up.
    connect(m_controlPlaneDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible || m_controlPlaneDock->isConnected())
            return;
        QString error;
        if (const std::optional<ControlConnection> saved = ControlClient::loadSaved(&error))
            m_controlPlaneDock->setConnection(*saved);
    });
    m_analysisDock->raise();
    addDockWidget(Qt::BottomDockWidgetArea, m_problemsDock);
    addDockWidget(Qt::BottomDockWidgetArea, m_historyDock);
    tabifyDockWidget(m_problemsDock, m_historyDock);
    m_versionsDock = new VersionsDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_versionsDock);
    tabifyDockWidget(m_historyDock, m_versionsDock);
    m_session = new ProjectSession(this);
    connect(m_versionsDock, &VersionsDock::openRequested, this, &MainWindow::openVersion);
    connect(m_versionsDock, &VersionsDock::restoreRequested, this, &MainWindow::restoreVersion);
    m_problemsDock->raise();
    resizeDocks({m_outlineDock, m_analysisDock}, {250, 480}, Qt::Horizontal);
    // Tabbed docks made or regrouped later keep whole titles too.
    connect(this, &QMainWindow::tabifiedDockWidgetActivated, this, [this] { showWholeDockTitles(); });
    resizeDocks({m_problemsDock}, {140}, Qt::Vertical);

    connect(m_outlineDock, &OutlineDock::elementActivated, m_canvas, &FabricCanvas::focusElement);
    connect(m_jobsDock, &JobsDock::linkHeatChanged, m_canvas, &FabricCanvas::setLinkHeat);
    connect(m_jobsDock, &JobsDock::hostsHighlighted, m_canvas, &FabricCanvas::setHighlightedHosts);
    // The rank's path becomes the selection, so the canvas draws it highlighted.
    connect(m_jobsDock, &JobsDock::pathChanged, this, [this](const std::vector<std::string> &links) {
        if (m_document && !links.empty())
            m_document->setSelection(links);
    });
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QToolBar *toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName(QStringLiteral("MainToolBar"));

    QAction *newAction
        = file->addAction(themedIcon(QStringLiteral("document-new")), tr("&New"), this, &MainWindow::newBlank);
    newAction->setObjectName(QStringLiteral("newBlank"));
    newAction->setShortcut(QKeySequence::New);
    newAction->setToolTip(tr("An empty design, ready to draw"));
    QAction *newTemplate = file->addAction(tr("New from Temp&late…"), this, &MainWindow::newFromTemplate);
    newTemplate->setObjectName(QStringLiteral("newFromTemplate"));
    newTemplate->setShortcut(QKeySequence(tr("Ctrl+Shift+N")));
    QAction *openAction
        = file->addAction(themedIcon(QStringLiteral("document-open")), tr("&Open…"), this, &MainWindow::open);
    openAction->setShortcut(QKeySequence::Open);
    m_recentFiles = new RecentFiles(file->addMenu(tr("Open &Recent")), this);
    connect(m_recentFiles, &RecentFiles::openRequested, this, [this](const QString &path) {
        if (maybeSave())
            openFile(path);
    });
    QMenu *inventory = createInventoryActions(file);
    file->addSeparator();
    m_saveAction
        = file->addAction(themedIcon(QStringLiteral("document-save")), tr("&Save"), this, &MainWindow::save);
    m_saveAction->setShortcut(QKeySequence::Save);
    QAction *saveAs = file->addAction(tr("Save &As…"), this, &MainWindow::saveAs);
    // Ctrl+Shift+S everywhere (QKeySequence::SaveAs is empty on some platforms).
    saveAs->setShortcuts({QKeySequence(tr("Ctrl+Shift+S"))});
    QAction *close = file->addAction(themedIcon(QStringLiteral("document-close")), tr("&Close"), this,
                                     &MainWindow::closeDocument);
    close->setObjectName(QStringLiteral("closeDocument"));
    close->setShortcut(QKeySequence(tr("Ctrl+W")));
    file->addSeparator();
    createProjectActions(file);
    file->addSeparator();
    QAction *exportPicture = file->addAction(tr("Export &Picture…"), this, &MainWindow::exportPicture);
    exportPicture->setShortcut(QKeySequence(tr("Ctrl+E")));
    QAction *exportReport = file->addAction(tr("E&xport Analysis Report…"), this, &MainWindow::exportReport);
    exportReport->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    QAction *exportSm = file->addAction(tr("Export S&ubnet Manager Configuration…"), this,
                                        &MainWindow::exportSubnetManagerConfig);
    exportSm->setObjectName(QStringLiteral("exportSubnetManagerConfig"));
    exportSm->setToolTip(tr("OpenSM's configuration for this InfiniBand design: routing engine, root and "
                            "compute-node GUIDs, partitions"));
    file->addSeparator();
    QAction *connectControl = file->addAction(tr("Connec&t to Control Plane…"), this, &MainWindow::connectToControlPlane);
    connectControl->setObjectName(QStringLiteral("connectControlPlane"));
    file->addSeparator();
    m_documentActions << m_saveAction << saveAs << close << exportPicture << exportReport << exportSm;
    QAction *quit = file->addAction(tr("&Quit"), this, &MainWindow::quitApplication);
    quit->setObjectName(QStringLiteral("quit"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setShortcutContext(Qt::ApplicationShortcut);
    toolbar->addAction(newAction);
    toolbar->addAction(openAction);
    toolbar->addAction(m_saveAction);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    // Undo and Redo follow the open document's stack through the group: the
    // menu says what will be undone ("Undo Add job llama"), the tool bar
    // button keeps its short icon text and says it in its tool tip.
    m_undoGroup = new QUndoGroup(this);
    m_undoAction = m_undoGroup->createUndoAction(this, tr("&Undo"));
    m_undoAction->setIcon(themedIcon(QStringLiteral("edit-undo")));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_undoAction->setIconText(tr("Undo"));
    edit->addAction(m_undoAction);
    m_redoAction = m_undoGroup->createRedoAction(this, tr("&Redo"));
    m_redoAction->setIcon(themedIcon(QStringLiteral("edit-redo")));
    m_redoAction->setShortcut(QKeySequence::Redo);
    m_redoAction->setIconText(tr("Redo"));
    edit->addAction(m_redoAction);
    edit->addSeparator();
    m_restoreAllAction = edit->addAction(tr("Restore &All Failures"), this, [this] {
        if (m_document)
            m_document->restoreAll();
    });
    m_restoreAllAction->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
    QAction *find = edit->addAction(themedIcon(QStringLiteral("edit-find")), tr("&Find Element…"), this, [this] {
        m_outlineDock->show();
        m_outlineDock->raise();
        if (auto *field = m_outlineDock->findChild<QLineEdit *>()) {
            field->setFocus();
            field->selectAll();
        }
    });
    find->setShortcut(QKeySequence::Find);
    m_documentActions << find;
    edit->addSeparator();
    QAction *preferences = edit->addAction(tr("Pr&eferences…"), this, &MainWindow::showPreferences);
    preferences->setObjectName(QStringLiteral("preferences"));
    preferences->setMenuRole(QAction::PreferencesRole);
    preferences->setShortcut(QKeySequence(tr("Ctrl+,")));
    toolbar->addSeparator();
    toolbar->addAction(m_undoAction);
    toolbar->addAction(m_redoAction);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    QAction *zoomIn = m_viewMenu->addAction(themedIcon(QStringLiteral("zoom-in")), tr("Zoom &In"), m_canvas,
                                            &FabricCanvas::zoomIn);
    zoomIn->setShortcut(QKeySequence::ZoomIn);
    QAction *zoomOut = m_viewMenu->addAction(themedIcon(QStringLiteral("zoom-out")), tr("Zoom &Out"), m_canvas,
                                             &FabricCanvas::zoomOut);
    zoomOut->setShortcut(QKeySequence::ZoomOut);
    QAction *fit = m_viewMenu->addAction(themedIcon(QStringLiteral("zoom-fit-best")), tr("&Fit to View"),
                                         m_canvas, &FabricCanvas::fitToView);
    fit->setShortcut(QKeySequence(tr("Ctrl+0")));
    m_documentActions << zoomIn << zoomOut << fit;
    m_viewMenu->addSeparator();
    // A checkable View action bound to one of the canvas's switches.
    auto canvasToggle = [this](const QString &text, const char *name, bool checked, void (FabricCanvas::*set)(bool)) {
        QAction *action = m_viewMenu->addAction(text);
        action->setObjectName(QLatin1String(name));
        action->setCheckable(true);
        action->setChecked(checked);
        connect(action, &QAction::toggled, m_canvas, set);
        return action;
    };
    canvasToggle(tr("Show Bisection &Cut"), "showCut", m_canvas->showCut(), &FabricCanvas::setShowCut)
        ->setShortcut(QKeySequence(tr("Ctrl+B")));
    canvasToggle(tr("Colour &Switches by Oversubscription"), "colourByOversubscription",
                 m_canvas->colourByOversubscription(), &FabricCanvas::setColourByOversubscription);
    m_legendAction = canvasToggle(tr("Show &Legend"), "showLegend", m_canvas->legendShown(), &FabricCanvas::setLegendShown);
    m_legendAction->setShortcut(QKeySequence(tr("Ctrl+Shift+L")));
    m_legendTopAction
        = canvasToggle(tr("Legend at the &Top"), "legendAtTop", m_canvas->legendAtTop(), &FabricCanvas::setLegendAtTop);
    m_overviewAction = canvasToggle(tr("Show O&verview"), "showOverview", m_canvas->overviewShown(),
                                    &FabricCanvas::setOverviewShown);
    m_viewMenu->addSeparator();
    for (QDockWidget *dock :
         {static_cast<QDockWidget *>(m_outlineDock), static_cast<QDockWidget *>(m_analysisDock),
          static_cast<QDockWidget *>(m_propertiesDock), static_cast<QDockWidget *>(m_jobsDock),
          static_cast<QDockWidget *>(m_intentsDock), static_cast<QDockWidget *>(m_healthDock),
          static_cast<QDockWidget *>(m_controlPlaneDock), static_cast<QDockWidget *>(m_subnetManagerDock),
          static_cast<QDockWidget *>(m_resilienceDock), static_cast<QDockWidget *>(m_floorDock),
          static_cast<QDockWidget *>(m_problemsDock), m_historyDock,
          static_cast<QDockWidget *>(m_versionsDock)})
        m_viewMenu->addAction(dockAction(dock));
    m_viewMenu->addAction(toolbar->toggleViewAction());
    toolbar->addSeparator();
    toolbar->addAction(zoomIn);
    toolbar->addAction(zoomOut);
    toolbar->addAction(fit);

    // Drawing: the Draw menu before View, the tool palette beside the main tool bar.
    m_editActions = new EditActions(this, m_canvas, m_propertiesDock);
    menuBar()->insertMenu(m_viewMenu->menuAction(), m_editActions->menu());
    addToolBar(m_editActions->toolBar());
    m_viewMenu->addAction(m_editActions->toolBar()->toggleViewAction());

    menuBar()->addMenu(inventory);
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *helpAction = help->addAction(themedIcon(QStringLiteral("help-contents")), tr("Railyard &Help"), this,
                                          &MainWindow::showHelp);
    helpAction->setObjectName(QStringLiteral("help"));
    helpAction->setShortcut(QKeySequence(tr("F1")));
    help->addAction(tr("&About Railyard"), this, &MainWindow::about);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createStatusBar()
{
    m_summaryLabel = new QLabel(this);
    m_zoomLabel = new QLabel(this);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(240);
    m_progress->setRange(0, 100);
    m_progress->setVisible(false);
    m_cancelButton = new QToolButton(this);
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Cancel the running analysis"));
    m_cancelButton->setVisible(false);
    statusBar()->addWidget(m_summaryLabel, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    statusBar()->addPermanentWidget(m_zoomLabel);
    connect(m_cancelButton, &QToolButton::clicked, m_runner, &AnalysisRunner::cancel);
    connect(m_runner, &AnalysisRunner::started, this, [this] {
        m_progress->setVisible(true);
        m_progress->setRange(0, 0); // busy until the first progress report
        m_cancelButton->setVisible(true);
    });
    connect(m_runner, &AnalysisRunner::progress, this, [this](int percent, const QString &stage) {
        m_progress->setRange(0, 100);
        m_progress->setValue(percent);
        m_progress->setFormat(stage); // in the bar: a message would hide the counts beside it
    });
    auto idle = [this] {
        m_progress->setVisible(false);
        m_cancelButton->setVisible(false);
    };
    connect(m_runner, &AnalysisRunner::finished, this, idle);
    connect(m_runner, &AnalysisRunner::cancelled, this, [this, idle] {
        idle();
        statusBar()->showMessage(tr("Analysis cancelled"), 4000);
    });
    connect(m_canvas, &FabricCanvas::zoomChanged, this, [this](double zoom) {
        static const char *names[]
            = {QT_TR_NOOP("pods"), QT_TR_NOOP("scalable units"), QT_TR_NOOP("racks"), QT_TR_NOOP("elements")};
        m_zoomLabel->setText(
            tr("Zoom %1 % · %2").arg(zoomPercentText(zoom)).arg(tr(names[static_cast<int>(m_canvas->detail())])));
    });
}

QString MainWindow::zoomPercentText(double zoom)
{
    // Plain digits at every zoom (never "4e+03"): one decimal below 10 %.
    const double percent = zoom * 100;
    return QLocale().toString(percent, 'f', percent < 10 ? 1 : 0);
}

QString MainWindow::zoomText() const
{
    return m_zoomLabel->text();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    showWholeDockTitles();
}

void MainWindow::showWholeDockTitles()
{
    // Qt elides the titles of tabbed docks ("Hea…") when the tabs do not
    // fit; whole titles with scroll arrows read better. The main window
    // makes its tab bars as docks are tabbed, so this runs again on show
    // and when a tabbed dock is activated.
    for (QTabBar *bar : findChildren<QTabBar *>(QString(), Qt::FindDirectChildrenOnly)) {
        bar->setElideMode(Qt::ElideNone);
        bar->setUsesScrollButtons(true);
    }
}

void MainWindow::readSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1500, 900);
    if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray()))
        resizeDocks({m_outlineDock}, {290}, Qt::Horizontal); // first run: room for zone › pod › SU › rack › host
    if (m_legendAction) {
        m_legendAction->setChecked(settings.value(QStringLiteral("canvas/legend"), true).toBool());
        m_legendTopAction->setChecked(settings.value(QStringLiteral("canvas/legendAtTop"), false).toBool());
        m_overviewAction->setChecked(settings.value(QStringLiteral("canvas/overview"), true).toBool());
    }
}

void MainWindow::writeSettings()
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("canvas/legend"), m_legendAction->isChecked());
    settings.setValue(QStringLiteral("canvas/legendAtTop"), m_legendTopAction->isChecked());
    settings.setValue(QStringLiteral("canvas/overview"), m_overviewAction->isChecked());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    writeSettings();
    // Closed with its work saved or knowingly discarded: no recovery needed.
    m_session->discardRecovery();
    event->accept();
}

bool MainWindow::maybeSave()
{
    // An approval only this window holds is asked about first: it cannot be
    // made again without the reviewer's key.
    if (m_interactive && !m_intentsDock->reviewPanel()->maybeExport())
        return false;
    if (!m_document || !isDocumentModified() || !m_interactive)
        return true;
    const auto answer = QMessageBox::warning(this, tr("Railyard"),
                                             tr("%1 has unsaved changes. Save them?").arg(m_document->displayName()),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::showError(const QString &title, const QString &text)
{
    m_lastError = text;
    statusBar()->showMessage(text.section(QLatin1Char('\n'), 0, 0), 8000);
    if (!m_interactive)
        return;
    // A foreign file can give hundreds of problems: the dialog shows the
    // first few and keeps the whole list in its scrollable details.
    QMessageBox box(QMessageBox::Critical, title, errorSummary(text), QMessageBox::Ok, this);
    if (box.text() != text)
        box.setDetailedText(text);
    box.exec();
}

QString MainWindow::errorSummary(const QString &text, int maxLines)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    if (lines.size() <= maxLines)
        return text;
    return lines.mid(0, maxLines).join(QLatin1Char('\n')) + QLatin1Char('\n')
        + tr("… and %n more line(s): see Show Details and the Problems dock.", nullptr,
             static_cast<int>(lines.size() - maxLines));
}

bool MainWindow::openFile(const QString &path)
{
    if (ProjectSession::isProjectPath(path))
        return openProject(path);
    const std::optional<QString> slug = askFormat(path);
    if (!slug)
        return false;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    ReadResult result = FormatRegistry::instance().readFile(path, *slug);
    QApplication::restoreOverrideCursor();
    if (!result.ok()) {
        m_problemsDock->setLoadMessages(result.errors, result.warnings);
        m_problemsDock->show();
        m_problemsDock->raise();
        showError(tr("Cannot open %1").arg(QFileInfo(path).fileName()), result.errorText());
        return false;
    }
    rememberDirectoryOf(path);
    m_recentFiles->add(path);
    // A format Railyard cannot write back (a discovery dump), or content its
    // name does not match (fabric.topo), opens as an import: untitled.
    const FormatRegistry &registry = FormatRegistry::instance();
    const FileFormat *format = registry.bySlug(*slug);
    const bool keepPath = format && format->canWrite() && format == registry.forFileName(path);
    setFabric(std::move(*result.fabric), keepPath ? path : QString());
    m_problemsDock->setLoadMessages({}, result.warnings);
    m_problemsDock->setInferences(std::move(result.inferences));
    offerRecovery(path);
    return true;
}

void MainWindow::setFabric(Fabric fabric, const QString &filePath)
{
    auto document = std::make_unique<FabricDocument>(std::move(fabric));
    document->setFilePath(filePath);
    FabricDocument *doc = document.get();
    if (m_comparison)
        m_comparison->deleteLater(); // it compared the document being replaced
    detachViews();
    m_document = std::move(document);

    m_canvas->setDocument(doc);
    m_showComparisonAction->setEnabled(false); // a new document has no comparison drawn
    m_outlineDock->setDocument(doc);
    m_propertiesDock->setDocument(doc);
    m_analysisDock->setDocument(doc);
    m_problemsDock->setDocument(doc);
    m_jobsDock->setDocument(doc);
    m_subnetManagerDock->setDocument(doc);
    m_resilienceDock->setDocument(doc);
    m_floorDock->setDocument(doc);
    m_session->setDocument(doc);
    m_versionsDock->setProjectPath(ProjectSession::isProjectPath(filePath) ? filePath : QString());
    m_intentsDock->setProjectPath(ProjectSession::isProjectPath(filePath) ? filePath : QString());
    m_intentsDock->setDocument(doc);
    m_healthDock->setDocument(doc);
    m_editActions->setDocument(doc);
    m_undoView->setStack(doc->undoStack());
    m_runner->setDocument(doc);

    QUndoStack *stack = doc->undoStack();
    m_undoGroup->addStack(stack);
    m_undoGroup->setActiveStack(stack);
    connect(stack, &QUndoStack::indexChanged, this, [this] { updateTitle(); });
    connect(stack, &QUndoStack::cleanChanged, this, [this] { updateTitle(); });
    connect(doc, &FabricDocument::changed, this,
            [this] { m_restoreAllAction->setEnabled(m_document && m_document->hasFailures()); });
    m_restoreAllAction->setEnabled(false);

    auto updateSummary = [this] {
        const FabricCounts counts = countFabric(m_document->fabric());
        m_summaryLabel->setText(tr("%1 GPUs · %2 hosts · %3 switches · %4 links")
                                    .arg(QLocale().toString(counts.gpus), QLocale().toString(counts.hosts),
                                         QLocale().toString(counts.switches), QLocale().toString(counts.links)));
    };
    connect(doc, &FabricDocument::changed, this, [updateSummary](FabricDocument::Change change) {
        if (change == FabricDocument::Change::Structure)
            updateSummary();
    });
    updateSummary();
    updateTitle();
    updateDocumentActions();
}

void MainWindow::detachViews()
{
    // Every view lets go of the document before it goes.
    m_runner->setDocument(nullptr);
    m_canvas->setDocument(nullptr);
    m_outlineDock->setDocument(nullptr);
    m_propertiesDock->setDocument(nullptr);
    m_analysisDock->setDocument(nullptr);
    m_problemsDock->setDocument(nullptr);
    m_jobsDock->setDocument(nullptr);
    m_subnetManagerDock->setDocument(nullptr);
    m_resilienceDock->setDocument(nullptr);
    m_floorDock->setDocument(nullptr);
    m_intentsDock->setDocument(nullptr);
    m_healthDock->setDocument(nullptr);
    m_editActions->setDocument(nullptr);
    m_undoView->setStack(nullptr);
}

bool MainWindow::closeDocument()
{
    if (!m_document || !maybeSave())
        return false;
    m_session->discardRecovery();
    detachViews();
    m_session->setDocument(nullptr);
    m_versionsDock->setProjectPath(QString());
    m_intentsDock->setProjectPath(QString());
    m_document.reset();
    disconnect(m_undoAction, nullptr, nullptr, nullptr);
    disconnect(m_redoAction, nullptr, nullptr, nullptr);
    m_undoAction->setEnabled(false);
    m_redoAction->setEnabled(false);
    m_undoAction->setText(tr("&Undo"));
    m_redoAction->setText(tr("&Redo"));
    m_restoreAllAction->setEnabled(false);
    m_summaryLabel->clear();
    updateTitle();
    updateDocumentActions();
    return true;
}

void MainWindow::updateDocumentActions()
{
    for (QAction *action : std::as_const(m_documentActions))
        action->setEnabled(m_document != nullptr);
    if (m_saveVersionAction)
        m_saveVersionAction->setEnabled(m_document != nullptr);
}

void MainWindow::showHelp()
{
    if (!m_help)
        m_help = new HelpBrowser(this);
    m_help->showPage(QStringLiteral("README.md"));
    m_help->show();
    m_help->raise();
}

bool MainWindow::isDocumentModified() const
{
    // A design generated or drawn and never saved has nothing on disk yet; a
    // version opened from a project is on disk until it is edited. A new
    // blank design nobody touched has nothing to lose.
    return m_document
        && (m_document->hasUnsavedEdits()
            || (m_document->filePath().isEmpty() && !m_showsSavedVersion && m_document->fabric().nodeCount() > 0));
}

void MainWindow::updateTitle()
{
    if (!m_document) {
        setWindowTitle(tr("Railyard"));
        return;
    }
    setWindowTitle(tr("%1[*] — Railyard").arg(m_document->displayName()));
    setWindowModified(isDocumentModified());
}

void MainWindow::open()
{
    if (!maybeSave())
        return;
    const QString dir = lastDirectory();
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Open Fabric"), dir, FormatRegistry::instance().readFilter());
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::newBlank()
{
    if (!maybeSave())
        return;
    Fabric fabric;
    fabric.name = tr("untitled").toStdString();
    setFabric(std::move(fabric));
    statusBar()->showMessage(tr("An empty design: right-click the canvas to add switches, hosts and racks"), 8000);
}

void MainWindow::quitApplication()
{
    // Every window closes in turn, each asking about its own unsaved work
    // once; a Cancel stops the quit with the remaining windows open.
    const QList<QWidget *> windows = QApplication::topLevelWidgets();
    for (QWidget *widget : windows) {
        auto *window = qobject_cast<MainWindow *>(widget);
        if (window && window != this && window->isVisible() && !window->close())
            return;
    }
    close();
}

void MainWindow::showPreferences()
{
    PreferencesDialog dialog(this);
    dialog.exec();
}

void MainWindow::newFromTemplate()
{
    if (!maybeSave())
        return;
    TemplateDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    try {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        Fabric fabric = generateClos(dialog.params());
        QApplication::restoreOverrideCursor();
        setFabric(std::move(fabric));
    } catch (const GeneratorError &e) {
        QApplication::restoreOverrideCursor();
        showError(tr("Cannot create the fabric"), QString::fromStdString(e.what()));
    }
}

void MainWindow::about()
{
    QMessageBox::about(
        this, tr("About Railyard"),
        tr("<h3>Railyard %1</h3><p>A topology designer for the networks that train large AI models: "
           "draw, generate or import fabrics, read bisection bandwidth and oversubscription, try failures.</p>"
           "<p>Capacities are in Gbit/s per direction.</p>")
            .arg(QApplication::applicationVersion()));
}

QAction *MainWindow::dockAction(QDockWidget *dock)
{
    // Like QDockWidget::toggleViewAction, but a dock hidden behind another
    // tab is raised, not closed: the menu brings forward what it names.
    auto *action = new QAction(dock->windowTitle(), this);
    action->setObjectName(dock->objectName() + QStringLiteral("Action"));
    action->setCheckable(true);
    action->setChecked(dock->isVisible());
    connect(dock, &QDockWidget::windowTitleChanged, action, &QAction::setText);
    connect(dock, &QDockWidget::visibilityChanged, action, [action, dock](bool visible) {
        action->setChecked(visible && !dock->visibleRegion().isEmpty());
    });
    connect(action, &QAction::triggered, dock, [action, dock] {
        if (dock->isHidden()) {
            dock->show();
            dock->raise();
        } else if (dock->visibleRegion().isEmpty()) {
            dock->raise(); // behind another tab
        } else {
            dock->hide();
        }
        action->setChecked(!dock->isHidden());
    });
    return action;
}

} // namespace Railyard
