// railyard-bench-gui: open + layout + first paint of a large generated fabric,
// then full-view and zoomed-in repaints of the canvas, offscreen.
//
//   railyard-bench-gui [--hosts N] [--repeat R]
//   railyard-bench-gui --floor FABRIC [--repeat R]
//
// --floor times a rack dragged on the Floor dock: each step moves a rack
// to another slot (FabricDocument::moveRack, one drag), and the dock
// recomputes every cable's length and part, the cost and the power, and
// repaints the floor (docs/performance.md, "Floor").
//
// Prints median timings in milliseconds and the peak resident memory. Not
// part of the test run: timings depend on the machine.

#include "app/common/memorytuning.h"
#include "app/bench/benchutil.h"
#include "core/document/fabricdocument.h"
#include "core/registry/formatregistry.h"
#include "core/generators/presets.h"
#include "views/analysisrunner.h"
#include "views/canvas/fabriccanvas.h"
#include "views/docks/floordock.h"
#include "views/docks/floorview.h"
#include "core/floor/floorplan.h"
#include "views/mainwindow.h"
#include "core/model/hugepages.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

using Railyard::Bench::peakRssMiB;

/// Median time of repaints of the canvas into an image the size of the widget.
double repaintMs(Railyard::FabricCanvas *canvas, int repeat)
{
    QImage image(canvas->size(), QImage::Format_ARGB32_Premultiplied);
    std::vector<double> times;
    for (int i = 0; i < repeat; ++i) {
        QElapsedTimer t;
        t.start();
        QPainter p(&image);
        canvas->render(&p, QRectF(QPointF(0, 0), QSizeF(canvas->size())), canvas->visibleSceneRect());
        p.end();
        times.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    return Railyard::Bench::median(times);
}

/// Drags a rack across the floor of `file`, one slot a step; prints the
/// median and worst time of a step (the edit, the report, the repaint).
int runFloorBench(const QString &file, int repeat)
{
    Railyard::MainWindow window;
    window.setInteractive(false);
    window.resize(1600, 1000);
    window.show();
    if (!window.openFile(file))
        return 1;
    Railyard::FloorDock *dock = window.floorDock();
    dock->setFloating(true);
    dock->resize(1400, 1000);
    dock->show();
    dock->raise();
    QApplication::processEvents();
    dock->refreshNow();
    Railyard::FabricDocument *doc = window.document();
    const auto floor = doc->floorInUse();
    // The first spine rack (else the first rack), dragged along its row and
    // back, then across the rows: every step lands on another slot.
    std::string rack = floor->racks.front().rack;
    for (const Railyard::RackSpot &r : floor->racks)
        if (r.rack.find("spine") != std::string::npos) {
            rack = r.rack;
            break;
        }
    const Railyard::RackSpot home = *floor->find(rack);
    const Railyard::FloorHall &hall = floor->halls[size_t(home.hall)];
    std::vector<std::pair<int, int>> path;
    for (int i = 0; i < std::max(repeat, 20); ++i) {
        const int row = (home.row + i / hall.slotsPerRow) % hall.rows;
        path.emplace_back(row, i % hall.slotsPerRow);
    }
    QImage image(dock->view()->size(), QImage::Format_ARGB32_Premultiplied);
    std::vector<double> stepMs, reportMs;
    for (const auto &[row, slot] : path) {
        QElapsedTimer t;
        t.start();
        if (!doc->moveRack(rack, home.hall, row, slot, 1))
            return 1;
        QPainter p(&image);
        dock->view()->paintFloor(p, QRectF(QPointF(0, 0), QSizeF(image.size())));
        p.end();
        stepMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        reportMs.push_back(dock->lastUpdateMs());
    }
    const Railyard::FloorReport *report = dock->report();
    std::printf("floor drag on %s: %d racks, %zu cable runs, rack %s, %zu steps\n", qPrintable(file),
                int(floor->racks.size()), report->cables.runs.size(), rack.c_str(), stepMs.size());
    std::printf("  step (move + lengths, parts, cost, power + repaint): median %.1f ms, worst %.1f ms\n",
                Railyard::Bench::median(stepMs), *std::max_element(stepMs.begin(), stepMs.end()));
    std::printf("  of which the dock's recomputation:                  median %.1f ms\n",
                Railyard::Bench::median(reportMs));
    std::printf("peak RSS %.0f MiB\n", peakRssMiB());
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    Railyard::restartWithHugePages(argv);
    Railyard::tuneAllocatorForLargeFabrics();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RailyardBench"));
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption hostsOption(QStringLiteral("hosts"),
                                         QStringLiteral("Hosts of 8 GPUs (default 16384 = 131,072 GPUs)."),
                                         QStringLiteral("n"), QStringLiteral("16384"));
    const QCommandLineOption repeatOption(QStringLiteral("repeat"), QStringLiteral("Repaints to time (default 15)."),
                                          QStringLiteral("n"), QStringLiteral("15"));
    const QCommandLineOption floorOption(QStringLiteral("floor"),
                                         QStringLiteral("Time a rack dragged on the Floor dock of this fabric instead."),
                                         QStringLiteral("fabric"));
    parser.addOptions({hostsOption, repeatOption, floorOption});
    parser.process(app);
    if (parser.isSet(floorOption))
        return runFloorBench(parser.value(floorOption), std::max(1, parser.value(repeatOption).toInt()));
    const int hosts = parser.value(hostsOption).toInt();
    const int repeat = std::max(1, parser.value(repeatOption).toInt());

    Railyard::ClosParams params = Railyard::railOptimizedParams(hosts);
    params.name = "bench";
    params.tierSpecs[0].radix = 128; // 51.2T switches at 400G: three tiers hold 131,072 GPUs
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("bench.fabric.json"));
    {
        QString error;
        if (!Railyard::FormatRegistry::instance().writeFile(Railyard::generateClos(params), file, &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
    }

    Railyard::MainWindow window;
    window.setInteractive(false);
    window.resize(1600, 1000);
    window.show();
    QApplication::processEvents();

    QElapsedTimer t;
    t.start();
    if (!window.openFile(file))
        return 1;
    const double openMs = static_cast<double>(t.nsecsElapsed()) / 1e6;
    window.canvas()->fitToView();
    const QImage first = window.canvas()->grab().toImage(); // first paint
    const double firstPaintMs = static_cast<double>(t.nsecsElapsed()) / 1e6;

    const double fullMs = repaintMs(window.canvas(), repeat);
    window.canvas()->focusElement(QStringLiteral("gpu08000"));
    const double zoomedMs = repaintMs(window.canvas(), repeat);
    window.canvas()->setZoom(0.35); // racks level: individual switches and rack bundles
    const double racksMs = repaintMs(window.canvas(), repeat);
    // The intermediate zooms between fit and individual elements, around the
    // same host (the status bar's percentages).
    const double levels[] = {0.02, 0.05, 0.15, 0.30, 0.60, 1.50, 4.00};
    std::vector<double> levelMs;
    for (const double z : levels) {
        window.canvas()->focusElement(QStringLiteral("gpu08000"));
        window.canvas()->setZoom(z);
        levelMs.push_back(repaintMs(window.canvas(), repeat));
    }

    t.restart();
    window.analysisRunner()->waitForFinished();
    const double analysisMs = static_cast<double>(t.nsecsElapsed()) / 1e6;

    // One edit at full scale: add a leaf switch and cable it to a spine, each
    // followed by the re-layout and a repaint of the zoomed-in view (what the
    // user waits for); the analysis then follows on its worker thread.
    Railyard::FabricDocument *doc = window.document();
    // Links go to a spine-tier switch of our own: the generated ones are full.
    const std::string spine = "bench-spine";
    {
        Railyard::Switch anchor;
        anchor.id = spine;
        anchor.tier = Railyard::Tier::Spine;
        anchor.radix = 128;
        doc->addSwitch(anchor);
        QApplication::processEvents();
        window.analysisRunner()->waitForFinished();
    }
    window.canvas()->focusElement(QStringLiteral("gpu08000"));
    const int editCount = qEnvironmentVariableIntValue("RAILYARD_BENCH_EDITS") > 0 ? qEnvironmentVariableIntValue("RAILYARD_BENCH_EDITS") : 6;
    std::vector<double> editTimes;
    for (int i = 0; i < editCount; ++i) {
        QElapsedTimer e;
        e.start();
        const std::string leaf = "bench-leaf-" + std::to_string(i / 2);
        if (i % 2 == 0) {
            Railyard::Switch sw;
            sw.id = leaf;
            sw.radix = 128;
            doc->addSwitch(sw);
        } else {
            if (!doc->connect(leaf, spine, 400.0)) {
                std::fprintf(stderr, "railyard-bench-gui: the benchmark's connect was refused\n");
                return 1;
            }
        }
        QApplication::processEvents();
        repaintMs(window.canvas(), 1);
        editTimes.push_back(static_cast<double>(e.nsecsElapsed()) / 1e6);
        window.analysisRunner()->waitForFinished();
    }
    const double editMs = Railyard::Bench::median(editTimes);

    // An edit while the analysis of the previous one still runs: the worker
    // reads the document's fabric, so the edit first cancels and waits for it.
    std::vector<double> busyTimes;
    for (int i = 0; i < 3; ++i) {
        const std::string leaf = "bench-busy-" + std::to_string(i);
        Railyard::Switch sw;
        sw.id = leaf;
        sw.radix = 128;
        doc->addSwitch(sw);
        QApplication::processEvents();
        QElapsedTimer e;
        e.start();
        if (!doc->connect(leaf, spine, 400.0)) {
            std::fprintf(stderr, "railyard-bench-gui: the benchmark's connect was refused\n");
            return 1;
        }
        QApplication::processEvents();
        repaintMs(window.canvas(), 1);
        busyTimes.push_back(static_cast<double>(e.nsecsElapsed()) / 1e6);
        window.analysisRunner()->waitForFinished();
    }
    const double busyMs = Railyard::Bench::median(busyTimes);

    std::printf("GPUs                           %d\n", hosts * 8);
    std::printf("open + layout (read, model)    %8.1f ms\n", openMs);
    std::printf("open + layout + first paint    %8.1f ms\n", firstPaintMs);
    std::printf("full-view repaint (median)     %8.1f ms\n", fullMs);
    std::printf("racks-level repaint (median)   %8.1f ms\n", racksMs);
    std::printf("zoomed-in repaint (median)     %8.1f ms\n", zoomedMs);
    for (size_t i = 0; i < levelMs.size(); ++i)
        std::printf("repaint at zoom %5.0f %%         %8.1f ms\n", levels[i] * 100, levelMs[i]);
    std::printf("analysis finished after paint  %8.1f ms (background thread)\n", analysisMs);
    std::printf("edit + re-layout + repaint     %8.1f ms (median of %d: add a switch / connect it)\n", editMs, editCount);
    std::printf("edit during a running analysis %8.1f ms (median of 3: cancel + wait + edit + repaint)\n", busyMs);
    std::printf("peak RSS                       %8.1f MiB\n", peakRssMiB());
    return first.isNull() ? 1 : 0;
}
