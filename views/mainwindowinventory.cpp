// MainWindow's inventory side: File ▸ Import… / Import Folder… (discovery
// dumps and sources of truth, with their inferences for review), files
// dropped on the window, the format question when a file's content does not
// tell, and the Inventory menu (compare, as-built check, bill of materials,
// designs compared).

#include "core/compare/fabricdiff.h"
#include "views/lastdirectory.h"
#include "core/document/fabricdocument.h"
#include "core/registry/formatregistry.h"
#include "views/canvas/fabriccanvas.h"
#include "views/canvas/comparisonoverlay.h"
#include "views/dialogs/bomdialog.h"
#include "views/dialogs/comparisondialog.h"
#include "views/docks/problemsdock.h"
#include "views/mainwindow.h"
#include "views/appsettings.h"
#include "views/dialogs/designcomparisondialog.h"
#include "views/dialogs/explorerdialog.h"

#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QUrl>
#include <QMimeData>
#include <QDragEnterEvent>
#include <QStatusBar>
#include <QInputDialog>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>

namespace Railyard {

QMenu *MainWindow::createInventoryActions(QMenu *file)
{
    QAction *import = file->addAction(tr("I&mport…"), this, &MainWindow::importInteractive);
    import->setObjectName(QStringLiteral("importFile"));
    import->setShortcut(QKeySequence(tr("Ctrl+I")));
    QAction *importFolder = file->addAction(tr("Import Fol&der…"), this, &MainWindow::importFolderInteractive);
    importFolder->setObjectName(QStringLiteral("importFolder"));
    // An InfiniBand dump whose HCAs carry default descriptions: infiniband-diags' node-name map names them.
    file->addAction(tr("Import Infini&Band Dump with Node-Name Map…"), this, [this] {
        const QString dir = lastDirectory();
        const QString dump
            = QFileDialog::getOpenFileName(this, tr("Import InfiniBand Dump"), dir,
                                           tr("ibnetdiscover output (*.ibnetdiscover *.ibnet *.topo);;All files (*)"));
        if (dump.isEmpty())
            return;
        ReadOptions options;
        options.nodeNameMap = QFileDialog::getOpenFileName(this, tr("Node-Name Map"), QFileInfo(dump).absolutePath(),
                                                           tr("Node-name map (*.map *.txt *.conf);;All files (*)"));
        if (!options.nodeNameMap.isEmpty())
            importPath(dump, QStringLiteral("ibnetdiscover"), options);
    });

    QMenu *inventory = new QMenu(tr("&Inventory"), this);
    QAction *compare = inventory->addAction(tr("&Compare With…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Compare With"),
                                                          lastDirectory(),
                                                          FormatRegistry::instance().readFilter());
        if (!path.isEmpty())
            compareWith(path);
    });
    compare->setObjectName(QStringLiteral("compareWith"));
    QAction *verify = inventory->addAction(tr("&Verify Cabling Against…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Verify Cabling Against a Discovered Fabric"),
                                                          lastDirectory(),
                                                          FormatRegistry::instance().readFilter());
        if (!path.isEmpty())
            verifyCablingAgainst(path);
    });
    verify->setObjectName(QStringLiteral("verifyCabling"));
    QAction *clear = inventory->addAction(tr("C&lear Comparison"), this, &MainWindow::clearComparison);
    clear->setObjectName(QStringLiteral("clearComparison"));
    // The colours stay when the comparison's dialog closes; this hides and shows them.
    m_showComparisonAction = inventory->addAction(tr("&Show Comparison Colours"));
    m_showComparisonAction->setObjectName(QStringLiteral("showComparison"));
    m_showComparisonAction->setCheckable(true);
    m_showComparisonAction->setChecked(true);
    m_showComparisonAction->setEnabled(false);
    m_showComparisonAction->setShortcut(QKeySequence(tr("Ctrl+Shift+K")));
    connect(m_showComparisonAction, &QAction::toggled, m_canvas, &FabricCanvas::setComparisonShown);
    inventory->addSeparator();
    QAction *bom = inventory->addAction(tr("&Bill of Materials…"), this, &MainWindow::showBillOfMaterials);
    bom->setObjectName(QStringLiteral("billOfMaterials"));
    QAction *designs = inventory->addAction(tr("Compare &Designs…"), this, &MainWindow::showDesignComparison);
    designs->setObjectName(QStringLiteral("compareDesigns"));
    designs->setToolTip(tr("This design against other designs: cost, power, bisection and a job's step time"));
    m_documentActions << compare << verify << clear << bom << designs;
    QAction *explore = inventory->addAction(tr("E&xplore Designs…"), this, &MainWindow::showExplorer);
    explore->setObjectName(QStringLiteral("exploreDesigns"));
    explore->setToolTip(tr("From requirements to the best designs: every candidate the catalogue allows, and the "
                           "Pareto front of cost against step time"));
    return inventory;
}

std::optional<QString> MainWindow::askFormat(const QString &path)
{
    if (QFileInfo(path).isDir())
        return QString();
    const FormatRegistry::Detection found = FormatRegistry::instance().detectFile(path);
    if (found.format)
        return found.format->slug(); // read with it: no second detection
    std::vector<const FileFormat *> choices = found.candidates;
    if (choices.empty())
        for (const auto &format : FormatRegistry::instance().formats())
            if (format->canRead())
                choices.push_back(format.get());
    QStringList names;
    for (const FileFormat *format : choices)
        names << format->name();
    const QString question
        = found.candidates.empty()
            ? tr("Railyard cannot tell the format of %1 from its content or its name. Read it as:")
                  .arg(QFileInfo(path).fileName())
            : tr("The content of %1 fits %n format(s). Read it as:", nullptr, int(choices.size()))
                  .arg(QFileInfo(path).fileName());
    QInputDialog dialog(this);
    dialog.setObjectName(QStringLiteral("formatQuestion"));
    dialog.setWindowTitle(tr("Choose the Format"));
    dialog.setLabelText(question);
    dialog.setComboBoxItems(names);
    dialog.setComboBoxEditable(false);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return choices[size_t(std::max<qsizetype>(0, names.indexOf(dialog.textValue())))]->slug();
}

bool MainWindow::importPath(const QString &path, const QString &slug, const ReadOptions &options)
{
    if (!maybeSave())
        return false;
    QString format = slug;
    if (format.isEmpty()) {
        const std::optional<QString> asked = askFormat(path);
        if (!asked)
            return false;
        format = *asked;
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    ReadResult result = FormatRegistry::instance().readFile(path, format, options);
    QApplication::restoreOverrideCursor();
    if (!result.ok()) {
        m_problemsDock->setLoadMessages(result.errors, result.warnings);
        m_problemsDock->show();
        m_problemsDock->raise();
        showError(tr("Cannot import %1").arg(QFileInfo(path).fileName()), result.errorText());
        return false;
    }
    rememberDirectoryOf(path);
    // An import is a new, untitled document: Save asks where, in a format that keeps everything.
    setFabric(std::move(*result.fabric), QString());
    m_problemsDock->setLoadMessages({}, result.warnings);
    m_problemsDock->setInferences(std::move(result.inferences));
    if (!m_problemsDock->inferences().empty()) {
        m_problemsDock->show();
        m_problemsDock->raise();
    }
    return true;
}

void MainWindow::importInteractive()
{
    const QString dir = lastDirectory();
    QString filter;
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Fabric"), dir,
                                                      FormatRegistry::instance().readFilter(), &filter);
    if (path.isEmpty())
        return;
    // The filter chosen names the format ("LLDP dump (*.json …)") when the extension is ambiguous.
    QString slug;
    for (const auto &format : FormatRegistry::instance().formats())
        if (format->canRead() && filter.startsWith(format->name() + QLatin1String(" (")))
            slug = format->slug();
    importPath(path, slug);
}

void MainWindow::importFolderInteractive()
{
    const QString dir
        = QFileDialog::getExistingDirectory(this, tr("Import a Folder of LLDP Dumps, NetBox Pages or NCCL Topologies"),
                                            lastDirectory());
    if (dir.isEmpty())
        return;
    QString slug;
    if (!FormatRegistry::instance().forFolder(dir)) {
        QStringList names, slugs;
        for (const auto &format : FormatRegistry::instance().formats())
            if (format->canReadFolder()) {
                names << format->name();
                slugs << format->slug();
            }
        bool ok = false;
        const QString name = QInputDialog::getItem(this, tr("Import Folder"), tr("Read the files of %1 as:").arg(dir),
                                                   names, 0, false, &ok);
        if (!ok)
            return;
        slug = slugs.value(names.indexOf(name));
    }
    importPath(dir, slug);
}

std::optional<Fabric> MainWindow::readOther(const QString &path)
{
    const std::optional<QString> slug = askFormat(path);
    if (!slug)
        return std::nullopt;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    ReadResult result = FormatRegistry::instance().readFile(path, *slug);
    QApplication::restoreOverrideCursor();
    if (!result.ok()) {
        showError(tr("Cannot read %1").arg(QFileInfo(path).fileName()), result.errorText());
        return std::nullopt;
    }
    return std::move(result.fabric);
}

bool MainWindow::compareWith(const QString &path)
{
    if (!m_document)
        return false;
    std::optional<Fabric> other = readOther(path);
    if (!other)
        return false;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const Fabric &current = m_document->fabric();
    const FabricDiff diff = diffFabrics(*other, current, true);
    const DiffMarks marks = diffMarksOn(diff, current);
    QApplication::restoreOverrideCursor();
    const QLocale locale;
    auto counts = [&](DiffMarks::Mark m) {
        return tr("%1 nodes, %2 links").arg(locale.toString(marks.nodeCount[m]), locale.toString(marks.linkCount[m]));
    };
    m_canvas->setComparison(std::make_unique<ComparisonOverlay>(
        marks, current, tr("Compared with %1").arg(QFileInfo(path).fileName()),
        tr("added (%1)").arg(counts(DiffMarks::Added)),
        tr("removed (%1; drawn at their remaining ends)").arg(counts(DiffMarks::Removed)),
        tr("changed (%1)").arg(counts(DiffMarks::Changed))));
    if (!m_comparison) {
        m_comparison = new ComparisonDialog(m_document.get(), this);
    }
    comparisonShown();
    m_comparison->showDiff(diff);
    m_comparison->show();
    m_comparison->raise();
    return true;
}

bool MainWindow::verifyCablingAgainst(const QString &path)
{
    if (!m_document)
        return false;
    std::optional<Fabric> discovered = readOther(path);
    if (!discovered)
        return false;
    const Fabric &design = m_document->fabric();
    CablingReport report = verifyCabling(design, *discovered);
    // The as-built side by the file it came from (its fabric may carry the design's name).
    report.discoveredName = QFileInfo(path).fileName().toStdString()
        + (discovered->name.empty() ? std::string() : " (" + discovered->name + ")");
    const DiffMarks marks = cablingMarksOn(report, design);
    const QLocale locale;
    m_canvas->setComparison(std::make_unique<ComparisonOverlay>(
        marks, design, tr("As built: %1").arg(QFileInfo(path).fileName()),
        tr("extra cables (%1)").arg(locale.toString(marks.linkCount[DiffMarks::Added])),
        tr("missing cables (%1)").arg(locale.toString(marks.linkCount[DiffMarks::Removed])),
        tr("miswired, swapped or wrong speed (%1)").arg(locale.toString(marks.linkCount[DiffMarks::Changed]))));
    if (!m_comparison) {
        m_comparison = new ComparisonDialog(m_document.get(), this);
    }
    comparisonShown();
    m_comparison->showCabling(report);
    m_comparison->show();
    m_comparison->raise();
    return true;
}

void MainWindow::clearComparison()
{
    m_canvas->setComparison(nullptr);
    m_showComparisonAction->setEnabled(false);
    if (m_comparison)
        m_comparison->hide();
}

void MainWindow::comparisonShown()
{
    m_showComparisonAction->setEnabled(true);
    m_showComparisonAction->setChecked(true);
    m_canvas->setComparisonShown(true);
}

DesignComparisonDialog *MainWindow::showDesignComparison()
{
    if (!m_document)
        return nullptr;
    delete m_designComparison; // a new one for the current document
    QString catalogError;
    const BomCatalog catalog = AppSettings::catalog(&catalogError);
    if (!catalogError.isEmpty())
        statusBar()->showMessage(tr("Using the built-in catalogue: %1").arg(catalogError), 10000);
    m_designComparison = new DesignComparisonDialog(m_document.get(), catalog, this);
    m_designComparison->setAttribute(Qt::WA_DeleteOnClose);
    m_designComparison->show();
    return m_designComparison;
}

ExplorerDialog *MainWindow::showExplorer()
{
    if (m_explorer) {
        m_explorer->show();
        m_explorer->raise();
        return m_explorer;
    }
    QString catalogError;
    const BomCatalog catalog = AppSettings::catalog(&catalogError);
    if (!catalogError.isEmpty())
        statusBar()->showMessage(tr("Using the built-in catalogue: %1").arg(catalogError), 10000);
    m_explorer = new ExplorerDialog(catalog, this);
    m_explorer->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_explorer, &ExplorerDialog::designRequested, this, [this](const Fabric &fabric) {
        // Beside the current design, ready for Compare Designs; here when the window is empty.
        if (!m_document) {
            setFabric(fabric);
            return;
        }
        auto *window = new MainWindow;
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->setInteractive(m_interactive);
        window->setFabric(fabric);
        window->show();
        m_openedDesigns.push_back(window);
    });
    m_explorer->show();
    return m_explorer;
}

BomDialog *MainWindow::showBillOfMaterials()
{
    if (!m_document)
        return nullptr;
    delete m_bom; // a new one for the current document
    m_bom = new BomDialog(m_document.get(), this);
    m_bom->setAttribute(Qt::WA_DeleteOnClose);
    m_bom->show();
    return m_bom;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!event->mimeData()->hasUrls())
        return;
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile()
            && (QFileInfo(url.toLocalFile()).isFile() || FormatRegistry::instance().forFolder(url.toLocalFile()))) {
            event->acceptProposedAction();
            return;
        }
}

void MainWindow::dropEvent(QDropEvent *event)
{
    for (const QUrl &url : event->mimeData()->urls()) {
        if (!url.isLocalFile())
            continue;
        if (FormatRegistry::instance().forFolder(url.toLocalFile())) {
            importPath(url.toLocalFile()); // a folder of LLDP dumps, NetBox pages…
            event->acceptProposedAction();
            return;
        }
        if (QFileInfo(url.toLocalFile()).isFile()) {
            // openFile() tells the format from the content, or asks.
            if (maybeSave())
                openFile(url.toLocalFile());
            event->acceptProposedAction();
            return;
        }
    }
}

} // namespace Railyard
