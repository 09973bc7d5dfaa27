// Desktop behaviours a user relies on at every scale: Find goes to what it
// finds, infinite ratios are plotted as such, long errors fit the screen,
// the legend can be hidden and moved, and headless captures are
// reproducible (--zoom, no user settings, reasons for failures).

#include "core/analysis/report.h"
#include "core/document/fabricdocument.h"
#include "views/analysisrunner.h"
#include "views/canvas/fabriccanvas.h"
#include "views/docks/analysischarts.h"
#include "views/dialogs/exportpicturedialog.h"
#include "views/docks/outlinedock.h"
#include "views/export/imageexporter.h"
#include "views/helpbrowser.h"
#include "views/icons.h"
#include "views/mainwindow.h"

#include <QAction>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QLabel>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QTimer>
#include <QTextBrowser>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChartView>
#include <QtCharts/QValueAxis>

#include <cmath>
#include <limits>

using namespace Railyard;

namespace {

QString sample(const char *name)
{
    return QStringLiteral(RAILYARD_SAMPLES "/") + QLatin1String(name);
}

struct Run
{
    int exitCode = -1;
    QString err;
};

Run runGui(const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(RAILYARD_GUI), args);
    if (!p.waitForFinished(180000))
        return {};
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardError())};
}

} // namespace

class TestDesktop : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RailyardTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_desktop"));
        QSettings().clear();
    }

    void findGoesToWhatItFinds()
    {
        MainWindow w;
        w.setInteractive(false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(w.openFile(sample("cluster-3k.fabric.json")));
        w.analysisRunner()->waitForFinished();
        w.canvas()->fitToView();
        const Fabric &f = w.document()->fabric();
        FabricCanvas *canvas = w.canvas();
        OutlineDock *outline = w.outlineDock();

        // A switch, typed in another case: selected, and the canvas goes there.
        const std::string sw = f.switchAt(f.switchCount() / 2).id;
        QVERIFY(outline->find(QString::fromStdString(sw).toUpper()));
        QCOMPARE(w.document()->selection(), std::vector<std::string>{sw});
        QCOMPARE(canvas->detail(), FabricCanvas::Detail::Elements);
        const QPointF at = canvas->mapFromScene(canvas->layout()->nodeCenter(f.findNode(sw)));
        QVERIFY2(QRectF(canvas->rect()).contains(at), qPrintable(QStringLiteral("%1,%2").arg(at.x()).arg(at.y())));

        // A link, which the outline does not list: found by its id.
        const Link &link = f.link(f.linkCount() - 1);
        QVERIFY(outline->find(QString::fromStdString(link.id)));
        QCOMPARE(w.document()->selection(), std::vector<std::string>{link.id});
        const QPointF mid = (canvas->mapFromScene(canvas->layout()->nodeCenter(link.a))
                             + canvas->mapFromScene(canvas->layout()->nodeCenter(link.b)))
            / 2;
        QVERIFY(QRectF(canvas->rect()).contains(mid));

        // Nothing: said, and the selection stays.
        QVERIFY(!outline->find(QStringLiteral("no-such-element")));
        QVERIFY2(outline->findStatus().contains(QStringLiteral("No host, switch or link matches")),
                 qPrintable(outline->findStatus()));
        QVERIFY(outline->findChild<QLabel *>(QStringLiteral("OutlineFindStatus"))->isVisibleTo(outline));
        QCOMPARE(w.document()->selection(), std::vector<std::string>{link.id});
    }

    void overviewShowsWhereAndMoves()
    {
        MainWindow w;
        w.setInteractive(false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(w.openFile(sample("cluster-3k.fabric.json")));
        FabricCanvas *canvas = w.canvas();
        canvas->fitToView();
        QVERIFY(canvas->overviewBreadcrumb().isEmpty()); // everything in view: no overview
        const Fabric &f = w.document()->fabric();
        const Host &host = f.host(f.hostCount() / 2); // mid-fabric: the view centres on it
        QVERIFY(canvas->focusElement(QString::fromStdString(host.id)));
        QVERIFY2(canvas->overviewBreadcrumb().endsWith(QString::fromStdString(host.location.rack)),
                 qPrintable(canvas->overviewBreadcrumb()));
        // A click near the overview's right end takes the view to the fabric's far end.
        const QPoint click(canvas->width() - 16, 40);
        QVERIFY(canvas->isOverviewAt(click));
        const double before = canvas->visibleSceneRect().center().x();
        QTest::mouseClick(canvas, Qt::LeftButton, {}, click);
        QVERIFY(canvas->visibleSceneRect().center().x() > before + canvas->layout()->bounds().width() / 3);
        QVERIFY(w.document()->selection().empty()); // a click there selects nothing
    }

    void infiniteRatioIsPlottedAsSuch()
    {
        // Leaves whose spines all failed: no uplink left, ratio ∞.
        AnalysisReport before, after;
        TierOversubscription leaf;
        leaf.tier = Tier::Leaf;
        leaf.ratio = 1.0;
        leaf.worstRatio = 1.0;
        TierOversubscription spine;
        spine.tier = Tier::Spine;
        spine.ratio = 6.86;
        spine.worstRatio = 6.86;
        before.oversubscription.tiers = {leaf, spine};
        leaf.ratio = 1.14;
        leaf.worstRatio = std::numeric_limits<double>::infinity();
        after.oversubscription.tiers = {leaf, spine};

        QChartView view(AnalysisCharts::oversubscriptionChart(before, &after, QChart::ChartThemeLight));
        view.resize(500, 320);
        view.show();
        QCoreApplication::processEvents();
        QChart *chart = view.chart();
        auto *series = qobject_cast<QBarSeries *>(chart->series().value(0));
        QVERIFY(series);
        QCOMPARE(series->count(), 4);
        const auto *axis = qobject_cast<QValueAxis *>(chart->axes(Qt::Vertical).value(0));
        QVERIFY(axis);
        QBarSet *worstWhatIf = series->barSets().at(3);
        // The bar reaches the top of the axis, marked: selected in the off-scale colour.
        QCOMPARE(worstWhatIf->at(0), axis->max());
        QVERIFY(worstWhatIf->isBarSelected(0));
        QVERIFY(!worstWhatIf->isBarSelected(1));
        QVERIFY(!series->barSets().at(0)->isBarSelected(0));
        // Its label says ∞, and no label shows the axis's top as a value.
        QStringList labels;
        for (QGraphicsItem *item : chart->childItems())
            if (auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(item))
                labels << text->text();
        QVERIFY2(labels.contains(QStringLiteral("\u221e")), qPrintable(labels.join(QLatin1Char('|'))));
        QVERIFY(labels.contains(QStringLiteral("1.14")));
        QVERIFY(!labels.contains(QLocale().toString(axis->max())));
    }

    void longErrorsAreSummarized()
    {
        QStringList problems;
        for (int i = 1; i <= 300; ++i)
            problems << QStringLiteral("foreign.graphml:%1: node n%1 has no role").arg(i);
        const QString text = problems.join(QLatin1Char('\n'));
        const QString summary = MainWindow::errorSummary(text);
        QCOMPARE(summary.count(QLatin1Char('\n')), 12); // 12 lines and the count of the rest
        QVERIFY(summary.startsWith(problems.front()));
        QVERIFY2(summary.contains(QStringLiteral("288 more")), qPrintable(summary));
        QCOMPARE(MainWindow::errorSummary(QStringLiteral("one line")), QStringLiteral("one line"));
    }

    void legendCanBeHiddenAndMoved()
    {
        {
            MainWindow w;
            w.setInteractive(false);
            auto *shown = w.findChild<QAction *>(QStringLiteral("showLegend"));
            auto *top = w.findChild<QAction *>(QStringLiteral("legendAtTop"));
            QVERIFY(shown && top);
            QVERIFY(shown->isChecked() && w.canvas()->legendShown());
            shown->setChecked(false);
            top->setChecked(true);
            QVERIFY(!w.canvas()->legendShown());
            QVERIFY(w.canvas()->legendAtTop());
            w.close(); // writes the settings
        }
        MainWindow again;
        QVERIFY(!again.canvas()->legendShown());
        QVERIFY(again.canvas()->legendAtTop());
        again.findChild<QAction *>(QStringLiteral("showLegend"))->setChecked(true);
        again.findChild<QAction *>(QStringLiteral("legendAtTop"))->setChecked(false);
        again.close();
    }

    void whatIfIsNotAnUnsavedEdit()
    {
        MainWindow w;
        w.setInteractive(false);
        QVERIFY(w.openFile(sample("lab-2rack.fabric.json")));
        FabricDocument *doc = w.document();
        QVERIFY(!w.isDocumentModified());
        // A what-if: undoable, but not written by Save, so not a change to save.
        doc->setFailed({"leaf-1"}, true);
        QVERIFY(doc->undoStack()->canUndo());
        QVERIFY(!w.isDocumentModified());
        QVERIFY(!w.isWindowModified());
        // A real edit is; undoing it (the what-if still there) is not.
        QVERIFY(doc->setLinkCapacity(0, 200));
        QVERIFY(w.isDocumentModified());
        QVERIFY(w.isWindowModified());
        doc->undoStack()->undo();
        QVERIFY(!w.isDocumentModified());
        QVERIFY(!w.isWindowModified());
        // A generated design never saved counts as modified.
        Fabric generated = doc->fabric();
        w.setFabric(std::move(generated));
        QVERIFY(w.isDocumentModified());
    }

    void documentActionsAndHelp()
    {
        MainWindow w;
        w.setInteractive(false);
        auto *close = w.findChild<QAction *>(QStringLiteral("closeDocument"));
        auto *help = w.findChild<QAction *>(QStringLiteral("help"));
        QVERIFY(close && help);
        QCOMPARE(close->shortcut(), QKeySequence(QStringLiteral("Ctrl+W")));
        QCOMPARE(help->shortcut(), QKeySequence(Qt::Key_F1));
        QVERIFY(!close->isEnabled()); // nothing open
        QVERIFY(help->isEnabled());
        // Icons on every desktop: Railyard's own where no icon theme has one.
        for (const char *name : {"document-open", "document-save", "edit-undo", "zoom-in", "zoom-fit-best", "help-contents"})
            QVERIFY2(!themedIcon(QLatin1String(name)).pixmap(24, 24).isNull(), name);
        QVERIFY(!help->icon().isNull() && !close->icon().isNull());
        QVERIFY(w.openFile(sample("lab-2rack.fabric.json")));
        QVERIFY(close->isEnabled());
        QVERIFY(w.closeDocument());
        QVERIFY(!w.document());
        QVERIFY(!close->isEnabled());
        QCOMPARE(w.windowTitle(), QStringLiteral("Railyard"));

        // F1: the bundled documentation, links between its pages followed.
        QVERIFY(!HelpBrowser::documentationDir().isEmpty());
        w.showHelp();
        QTextBrowser *browser = w.helpBrowser()->browser();
        QVERIFY2(browser->toPlainText().contains(QStringLiteral("Railyard documentation")),
                 qPrintable(browser->toPlainText().left(200)));
        browser->setSource(QUrl(QStringLiteral("cli.md")));
        QVERIFY(browser->toPlainText().contains(QStringLiteral("railyard-cli")));
    }

    void exportAsksSizeAndDetail()
    {
        ExportPictureDialog dialog(QSize(800, 500));
        // Every label reads as a label: a mnemonic without its buddy shows its '&'.
        for (const QLabel *label : dialog.findChildren<QLabel *>())
            QVERIFY2(!label->text().contains(QLatin1Char('&')) || label->buddy(), qPrintable(label->text()));
        PictureOptions o = dialog.options();
        QVERIFY(!o.wholeFabric);
        QCOMPARE(o.size, QSize(1600, 1000)); // twice the view
        QVERIFY(!o.detail);
        dialog.setWholeFabric(true);
        auto *detail = dialog.findChild<QComboBox *>(QStringLiteral("detail"));
        QVERIFY(detail && detail->isEnabled());
        detail->setCurrentIndex(detail->findData(static_cast<int>(FabricCanvas::Detail::Racks)));
        o = dialog.options();
        QVERIFY(o.wholeFabric);
        QCOMPARE(o.size, QSize(2400, 1350));
        QCOMPARE(o.detail, std::optional<int>(static_cast<int>(FabricCanvas::Detail::Racks)));

        MainWindow w;
        w.setInteractive(false);
        w.resize(1000, 700);
        w.show();
        QVERIFY(w.openFile(sample("cluster-3k.fabric.json")));
        QTemporaryDir dir;
        o.size = QSize(1200, 700);
        QString error;
        QVERIFY2(ImageExporter(w.canvas()).write(dir.filePath(QStringLiteral("f.png")), o, &error), qPrintable(error));
        QCOMPARE(QImage(dir.filePath(QStringLiteral("f.png"))).size(), QSize(1200, 700));
    }

    /// Save As keeps the type chosen in the dialog: a Railyard project, with
    /// the pins, even when the suggested name ends in .fabric.json.
    void saveAsKeepsTheChosenType()
    {
        MainWindow w;
        w.setInteractive(false);
        w.resize(1000, 700);
        w.show();
        QVERIFY(w.openFile(sample("lab-2rack.fabric.json")));
        w.document()->moveNodes({{"spine-1", QPointF(12.0, -40.0)}});
        QVERIFY(!w.document()->pinnedPositions().empty());
        QTemporaryDir dir;
        const QString typed = dir.filePath(QStringLiteral("lab-2rack.fabric.json")); // the suggested name, kept
        bool seen = false;
        QTimer::singleShot(0, &w, [&] {
            auto *dialog = w.findChild<QFileDialog *>(QStringLiteral("SaveAsDialog"));
            QVERIFY(dialog);
            seen = true;
            // Suggested: the file's own type (it has one); the user picks the project.
            QCOMPARE(dialog->selectedNameFilter(), QStringLiteral("Railyard fabric (*.fabric.json)"));
            dialog->selectNameFilter(QStringLiteral("Railyard project (*.railyard)"));
            dialog->selectFile(typed);
            dialog->resize(900, 520);
            if (const QString shots = qEnvironmentVariable("RAILYARD_SCREENSHOT_DIR"); !shots.isEmpty())
                QVERIFY(dialog->grab().save(QDir(shots).filePath(QStringLiteral("save-as.png"))));
            QMetaObject::invokeMethod(dialog, "accept");
        });
        QVERIFY(w.saveAs());
        QVERIFY(seen);
        const QString project = dir.filePath(QStringLiteral("lab-2rack.railyard"));
        QCOMPARE(w.document()->filePath(), project);
        QVERIFY(QFileInfo::exists(project));
        QVERIFY(!QFileInfo::exists(typed));
        MainWindow again;
        again.setInteractive(false);
        QVERIFY(again.openFile(project));
        QVERIFY(again.document()->pinnedPositions().count("spine-1"));
    }

    void headlessCaptureAtAZoom()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("meta.png"));
        Run r = runGui({sample("meta-24k.fabric.json"), QStringLiteral("--focus"), QStringLiteral("spine-0003"),
                        QStringLiteral("--zoom"), QStringLiteral("30"), QStringLiteral("--screenshot"), out,
                        QStringLiteral("--size"), QStringLiteral("1200x800")});
        QCOMPARE(r.exitCode, 0);
        const QImage image(out);
        QCOMPARE(image.size(), QSize(1200, 800));

        r = runGui({sample("meta-24k.fabric.json"), QStringLiteral("--focus"), QStringLiteral("spine-9999"),
                    QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("no host, switch or link 'spine-9999'")), qPrintable(r.err));

        r = runGui({sample("meta-24k.fabric.json"), QStringLiteral("--zoom"), QStringLiteral("lots"),
                    QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("--zoom")));

        // A bad file: the reason, with the file and line, not just "cannot open".
        const QString bad = dir.filePath(QStringLiteral("bad.graphml"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("<graphml>\n<graph");
        file.close();
        r = runGui({bad, QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("bad.graphml:2")), qPrintable(r.err));
    }
};

QTEST_MAIN(TestDesktop)
#include "tst_desktop.moc"
