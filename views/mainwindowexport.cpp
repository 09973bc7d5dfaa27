// MainWindow's exports: the picture, the analysis report (with the designs
// compared, when there are) and the subnet manager's configuration.

#include "views/mainwindow.h"

#include "core/document/fabricdocument.h"
#include "core/fabricmanager/smconfig.h"
#include "views/analysisrunner.h"
#include "views/canvas/fabriccanvas.h"
#include "views/dialogs/designcomparisondialog.h"
#include "views/dialogs/designcomparisonmodel.h"
#include "views/dialogs/exportpicturedialog.h"
#include "views/export/imageexporter.h"
#include "views/export/reportexporter.h"
#include "views/lastdirectory.h"

#include <QApplication>
#include <QChartView>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QSaveFile>
#include <QStatusBar>

namespace Railyard {

void MainWindow::exportPicture()
{
    if (!m_document)
        return;
    const QString dir = lastDirectory();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Picture"), dir, tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (path.isEmpty())
        return;
    ExportPictureDialog options(m_canvas->size(), this);
    if (options.exec() != QDialog::Accepted)
        return;
    rememberDirectoryOf(path);
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const bool ok = ImageExporter(m_canvas).write(path, options.options(), &error);
    QApplication::restoreOverrideCursor();
    if (!ok)
        showError(tr("Cannot export the picture"), error);
    else
        statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 3000);
}

void MainWindow::exportReport()
{
    if (!m_document)
        return;
    const QString dir = lastDirectory();
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Analysis Report"), dir,
                                                      tr("PDF document (*.pdf);;HTML page (*.html)"));
    if (path.isEmpty())
        return;
    rememberDirectoryOf(path);
    QString error;
    if (!writeReport(path, &error))
        showError(tr("Cannot export the report"), error);
    else
        statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 3000);
}

bool MainWindow::writeSubnetManagerConfig(const QString &directory, const std::string &engine, QString *error)
{
    if (!m_document)
        return false;
    SmConfigOptions options;
    options.engine = engine;
    options.directory = QFileInfo(directory).absoluteFilePath().toStdString();
    SmConfig config;
    try {
        config = subnetManagerConfig(m_document->fabric(), options);
    } catch (const SmConfigError &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    if (!QDir().mkpath(directory)) {
        if (error)
            *error = tr("%1: cannot create the folder").arg(directory);
        return false;
    }
    for (const auto &[name, content] : config.files) {
        QSaveFile file(QDir(directory).filePath(QString::fromStdString(name)));
        if (!file.open(QIODevice::WriteOnly) || file.write(content.data(), qint64(content.size())) != qint64(content.size())
            || !file.commit()) {
            if (error)
                *error = tr("%1: %2").arg(file.fileName(), file.errorString());
            return false;
        }
    }
    return true;
}

void MainWindow::exportSubnetManagerConfig()
{
    if (!m_document)
        return;
    QStringList engines;
    for (const std::string &engine : smRoutingEngines())
        engines << QString::fromStdString(engine);
    bool ok = false;
    const QString engine = QInputDialog::getItem(this, tr("Subnet Manager Configuration"),
                                                 tr("OpenSM's routing engine (ftree routes a Clos from its root "
                                                    "switches):"),
                                                 engines, 0, false, &ok);
    if (!ok)
        return;
    const QString directory
        = QFileDialog::getExistingDirectory(this, tr("Folder for OpenSM's Files"), lastDirectory());
    if (directory.isEmpty())
        return;
    QString error;
    if (!writeSubnetManagerConfig(directory, engine.toStdString(), &error))
        showError(tr("Cannot write the subnet manager configuration"), error);
    else
        statusBar()->showMessage(tr("Wrote opensm.conf and its GUID and partition files to %1 (opensm -F %2)")
                                     .arg(directory, QDir(directory).filePath(QStringLiteral("opensm.conf"))),
                                 8000);
}

bool MainWindow::writeReport(const QString &path, QString *error)
{
    if (!m_document)
        return false;
    m_runner->waitForFinished();
    ReportExporter exporter(m_document.get(), m_runner, m_canvas);
    // The designs compared with this one (Inventory ▸ Compare Designs), when there are.
    if (m_designComparison) {
        m_designComparison->waitForResult();
        if (m_designComparison->model()->columnCount() >= 2)
            exporter.setDesignComparison(m_designComparison->model(), m_designComparison->chart()->grab().toImage());
    }
    return exporter.write(path, error);
}

} // namespace Railyard
