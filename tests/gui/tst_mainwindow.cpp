// The designer window end to end, offscreen: open every sample, shared
// selection between outline and canvas, what-if through the document and the
// analysis dock showing the same bisection as railyard-cli.

#include "core/document/fabricdocument.h"
#include "core/layout/fabriclayout.h"
#include "views/analysisrunner.h"
#include "views/canvas/fabriccanvas.h"
#include "views/docks/analysisdock.h"
#include "views/docks/outlinedock.h"
#include "views/export/imageexporter.h"
#include "views/mainwindow.h"

#include <QDir>
#include <QDockWidget>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QProcess>
#include <QSortFilterProxyModel>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

using namespace Railyard;

namespace {

/// Bisection Gbit/s as railyard-cli reports it for the file and failures.
double cliBisection(const QString &file, const QStringList &fail = {})
{
    QStringList args{QStringLiteral("analyze"), file, QStringLiteral("--json")};
    for (const QString &id : fail)
        args << QStringLiteral("--fail") << id;
    QProcess cli;
    cli.start(QStringLiteral(RAILYARD_CLI), args);
    if (!cli.waitForFinished(120000) || cli.exitCode() != 0)
        return -1;
    return QJsonDocument::fromJson(cli.readAllStandardOutput())
        .object()
        .value("bisection")
        .toObject()
        .value("gbps")
        .toDouble();
}

void settle(MainWindow &w)
{
    w.analysisRunner()->waitForFinished();
    QCoreApplication::processEvents();
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RailyardTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
    }

    void opensEverySample_data()
    {
        QTest::addColumn<QString>("file");
        const QDir samples(QStringLiteral(RAILYARD_SAMPLES));
        for (const QString &f : samples.entryList({"*.fabric.json", "*.graphml"}, QDir::Files))
            QTest::newRow(qPrintable(f)) << samples.filePath(f);
    }
    void opensEverySample()
    {
        QFETCH(QString, file);
        MainWindow w;
        w.setInteractive(false);
        w.resize(1200, 800);
        QVERIFY(w.openFile(file));
        QVERIFY(w.document());
        QVERIFY(w.canvas()->layout());
        settle(w);
        QVERIFY(w.analysisRunner()->current());
        QVERIFY(w.windowTitle().contains(QFileInfo(file).fileName()));
        // It paints something other than the background.
        w.show();
        QCoreApplication::processEvents();
        const QImage image = w.canvas()->grab().toImage();
        const QRgb background = image.pixel(2, 2);
        int other = 0;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                other += image.pixel(x, y) != background ? 1 : 0;
        QVERIFY2(other > 50, "the canvas drew almost nothing");
    }

    void viewMenuRaisesATabbedDock()
    {
        // View ▸ Intents on a window where the Intents dock sits behind another
        // tab brings it forward; only a dock already in front is closed.
        MainWindow w;
        w.setInteractive(false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *intents = w.findChild<QDockWidget *>(QStringLiteral("IntentsDock"));
        auto *jobs = w.findChild<QDockWidget *>(QStringLiteral("JobsDock"));
        QVERIFY(intents && jobs);
        QAction *action = w.findChild<QAction *>(QStringLiteral("IntentsDockAction"));
        QVERIFY(action);
        intents->show();
        jobs->show();
        jobs->raise();
        QCoreApplication::processEvents();
        QTRY_VERIFY(intents->visibleRegion().isEmpty()); // behind the Jobs tab
        action->trigger();
        QCoreApplication::processEvents();
        QVERIFY(!intents->isHidden());
        QTRY_VERIFY(!intents->visibleRegion().isEmpty()); // in front now
        action->trigger(); // in front: the menu closes it
        QVERIFY(intents->isHidden());
        action->trigger(); // closed: the menu opens and raises it
        QVERIFY(!intents->isHidden());
    }

    void tabbedDocksShowWholeTitles()
    {
        // Six docks share the right-hand tabs: at the default layout each
        // title is whole ("Health", not "Hea…"), with scroll arrows if needed.
        MainWindow w;
        w.setInteractive(false);
        w.resize(1500, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QStringList titles;
        for (QTabBar *bar : w.findChildren<QTabBar *>(QString(), Qt::FindDirectChildrenOnly)) {
            QCOMPARE(bar->elideMode(), Qt::ElideNone);
            for (int i = 0; i < bar->count(); ++i)
                titles << bar->tabText(i);
        }
        for (const char *title : {"Analysis", "Properties", "Jobs", "Intents", "Health", "Control Plane"})
            QVERIFY2(titles.contains(QLatin1String(title)), qPrintable(titles.join(QLatin1String(", "))));
    }

    void badFileKeepsTheDocument()
    {
        MainWindow w;
        w.setInteractive(false);
        QVERIFY(w.openFile(QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json")));
        FabricDocument *before = w.document();
        QVERIFY(!w.openFile(QStringLiteral(RAILYARD_TEST_DATA "/bad/syntax-error.fabric.json")));
        QCOMPARE(w.document(), before);
    }

    void outlineSelectionReachesTheCanvas()
    {
        MainWindow w;
        w.setInteractive(false);
        w.resize(1200, 800);
        w.show();
        QVERIFY(w.openFile(QStringLiteral(RAILYARD_SAMPLES "/superpod-4su.fabric.json")));
        auto *search = w.outlineDock()->findChild<QLineEdit *>();
        auto *tree = w.outlineDock()->findChild<QTreeView *>();
        QVERIFY(search && tree);
        search->setText(QStringLiteral("leaf-0003"));
        QCoreApplication::processEvents();
        const QModelIndexList hits
            = tree->model()->match(tree->model()->index(0, 0), Qt::DisplayRole, QStringLiteral("leaf-0003"), 1,
                                   Qt::MatchExactly | Qt::MatchRecursive);
        QCOMPARE(hits.size(), 1);
        tree->selectionModel()->setCurrentIndex(hits.first(),
                                                QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QCoreApplication::processEvents();
        QCOMPARE(w.document()->selection(), std::vector<std::string>{"leaf-0003"});
        const NodeIndex n = w.document()->fabric().findNode("leaf-0003");
        QVERIFY(w.canvas()->isNodeSelected(n));
        QVERIFY(!w.canvas()->isNodeSelected(w.document()->fabric().findNode("leaf-0004")));
    }

    void failingASpineMatchesTheCli()
    {
        const QString file = QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.fabric.json");
        const double baseline = cliBisection(file);
        const double failed = cliBisection(file, {QStringLiteral("spine-0001")});
        QVERIFY(baseline > 0 && failed > 0);
        QVERIFY(failed < baseline);

        MainWindow w;
        w.setInteractive(false);
        QVERIFY(w.openFile(file));
        settle(w);
        const QString baselineText = QString::number(baseline, 'f', 0);
        QVERIFY2(w.analysisDock()->bisectionText().remove(QLatin1Char(',')).contains(baselineText),
                 qPrintable(w.analysisDock()->bisectionText() + " vs " + baselineText));
        w.document()->setFailed({"spine-0001"}, true);
        settle(w);
        QVERIFY2(w.analysisDock()->bisectionText().remove(QLatin1Char(',')).contains(QString::number(failed, 'f', 0)),
                 qPrintable(w.analysisDock()->bisectionText()));
        w.document()->undoStack()->undo(); // restore
        settle(w);
        QVERIFY(w.analysisDock()->bisectionText().remove(QLatin1Char(',')).contains(baselineText));
    }

    void exportsPictures()
    {
        MainWindow w;
        w.setInteractive(false);
        w.resize(1000, 700);
        w.show();
        QVERIFY(w.openFile(QStringLiteral(RAILYARD_SAMPLES "/superpod-4su.fabric.json")));
        settle(w);
        QTemporaryDir dir;
        const ImageExporter exporter(w.canvas());
        QString error;
        QVERIFY2(exporter.write(dir.filePath("whole.png"), true, &error, QSize(800, 450)), qPrintable(error));
        QCOMPARE(QImage(dir.filePath("whole.png")).size(), QSize(800, 450));
        QVERIFY2(exporter.write(dir.filePath("view.svg"), false, &error), qPrintable(error));
        QFile svg(dir.filePath("view.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray svgText = svg.readAll();
        QVERIFY(svgText.contains("<svg"));
        QVERIFY(svgText.contains("<path") || svgText.contains("<polyline") || svgText.contains("<rect"));
        QVERIFY2(exporter.write(dir.filePath("whole.pdf"), true, &error), qPrintable(error));
        QFile pdf(dir.filePath("whole.pdf"));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        QVERIFY(!exporter.write(dir.filePath("picture.bmp"), true, &error));
        QVERIFY(error.contains("picture.bmp"));
    }

    void zoomReadoutAndUndoButton()
    {
        // The zoom read-out has plain digits at every zoom (never "4e+03"),
        // and the Undo tool button keeps its text and width whatever the
        // command it would undo is called.
        QCOMPARE(MainWindow::zoomPercentText(40.0), QLocale().toString(4000.0, 'f', 0));
        QCOMPARE(MainWindow::zoomPercentText(0.0143), QLocale().toString(1.4, 'f', 1));
        MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json")));
        w.resize(1200, 800);
        w.show();
        settle(w);
        w.canvas()->setZoom(40.0);
        QVERIFY2(!w.zoomText().contains(QStringLiteral("e+")), qPrintable(w.zoomText()));
        QVERIFY2(w.zoomText().contains(QLocale().toString(4000.0, 'f', 0)), qPrintable(w.zoomText()));
        QToolButton *undo = nullptr;
        for (QToolButton *b : w.findChildren<QToolButton *>())
            if (b->defaultAction() && b->defaultAction()->shortcut() == QKeySequence(QKeySequence::Undo))
                undo = b;
        QVERIFY(undo);
        const QString before = undo->text();
        const int width = undo->sizeHint().width();
        const Fabric &fabric = w.document()->fabric();
        w.document()->setFailed({fabric.link(0).id}, true);
        QCoreApplication::processEvents();
        QVERIFY(undo->defaultAction()->text().size() > before.size()); // the menu names the command
        QCOMPARE(undo->text(), before);
        QCOMPARE(undo->sizeHint().width(), width);
        QVERIFY(undo->toolTip().size() > before.size());
    }

    void zoomedOutNamesAndSelection()
    {
        // cluster-3k fitted: racks are a few pixels wide. The hosts of one
        // selected rack are outlined around their group's box (and no other
        // group is), and the zones are named under the host row.
        MainWindow w;
        w.setInteractive(false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(w.openFile(QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.fabric.json")));
        FabricCanvas *canvas = w.canvas();
        canvas->fitToView();
        QCoreApplication::processEvents();
        // Racks or scalable units, as the canvas's size allows.
        QVERIFY(canvas->detail() == FabricCanvas::Detail::Racks
                || canvas->detail() == FabricCanvas::Detail::ScalableUnits);
        const Fabric &fabric = w.document()->fabric();
        const LayoutLevel &racks
            = canvas->layout()->levels()[canvas->detail() == FabricCanvas::Detail::Racks ? 2 : 1];
        const std::string rack = fabric.host(0).location.rack;
        std::vector<std::string> hosts;
        for (std::int32_t h = 0; h < fabric.hostCount(); ++h)
            if (fabric.host(h).location.rack == rack)
                hosts.push_back(fabric.host(h).id);
        QVERIFY(hosts.size() > 1);
        const auto boxOf = [&](std::int32_t host) {
            const QRectF scene = racks.groups[size_t(racks.groupOfNode[size_t(host)])].rect;
            return QRectF(canvas->mapFromScene(scene.topLeft()), canvas->mapFromScene(scene.bottomRight()));
        };
        std::int32_t far = -1; // a host in the last zone
        for (std::int32_t h = 0; h < fabric.hostCount(); ++h)
            if (fabric.host(h).location.zone != fabric.host(0).location.zone)
                far = h;
        QVERIFY(far >= 0);
        const QColor highlight = canvas->palette().color(QPalette::Highlight);
        const auto outlined = [&](const QImage &image, const QRectF &box) {
            // Highlight pixels in the ring just outside the box (its minimum
            // legible height included).
            int hits = 0;
            const QRectF ring = box.adjusted(-4, -12, 4, 12);
            for (int x = int(ring.left()); x <= int(ring.right()); ++x)
                for (int y = int(ring.top()); y <= int(ring.bottom()); ++y)
                    if (image.valid(x, y) && QColor(image.pixel(x, y)) == highlight)
                        ++hits;
            return hits;
        };
        QImage before = canvas->grab().toImage();
        QCOMPARE(outlined(before, boxOf(0)), 0);
        w.document()->setSelection(hosts);
        QCoreApplication::processEvents();
        QImage after = canvas->grab().toImage();
        QVERIFY2(outlined(after, boxOf(0)) > 20, qPrintable(QString::number(outlined(after, boxOf(0)))));
        QCOMPARE(outlined(after, boxOf(far)), 0);

        // Zone names: ink under the host row, at the middle of zone-02's racks.
        double left = 1e18, right = -1e18, bottom = -1e18;
        for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
            const QRectF box = boxOf(h);
            bottom = std::max(bottom, box.bottom());
            if (fabric.host(h).location.zone == "zone-02") {
                left = std::min(left, box.left());
                right = std::max(right, box.right());
            }
        }
        QVERIFY(right > left);
        int ink = 0;
        const QColor base = canvas->palette().color(QPalette::Base);
        for (int x = int((left + right) / 2) - 20; x <= int((left + right) / 2) + 20; ++x)
            for (int y = int(bottom) + 8; y <= int(bottom) + 80; ++y)
                ink += after.valid(x, y) && QColor(after.pixel(x, y)).lightness() < base.lightness() - 100 ? 1 : 0;
        QVERIFY2(ink > 20, qPrintable(QString::number(ink)));
        if (const QByteArray shots = qgetenv("RAILYARD_SCREENSHOT_DIR"); !shots.isEmpty())
            after.save(QString::fromLocal8Bit(shots) + QStringLiteral("/canvas-zoomed-out-selection.png"));
    }

    void headlessScreenshot()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("shot.png"));
        QProcess gui;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        gui.setProcessEnvironment(env);
        gui.start(QStringLiteral(RAILYARD_GUI),
                  {QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json"), QStringLiteral("--screenshot"), out,
                   QStringLiteral("--size"), QStringLiteral("900x600")});
        QVERIFY(gui.waitForFinished(60000));
        QCOMPARE(gui.exitCode(), 0);
        const QImage image(out);
        QCOMPARE(image.size(), QSize(900, 600));
        // A missing file fails with a message naming it.
        gui.start(QStringLiteral(RAILYARD_GUI),
                  {QStringLiteral("/nonexistent.fabric.json"), QStringLiteral("--screenshot"), out});
        QVERIFY(gui.waitForFinished(60000));
        QVERIFY(gui.exitCode() != 0);
        QVERIFY(gui.readAllStandardError().contains("nonexistent.fabric.json"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
