// railyard: the desktop designer.
//
//   railyard [FILE]
//   railyard FILE --screenshot OUT.png [--size WxH] [--focus ID] [--zoom PERCENT] [--fail ID]...
//   railyard FILE --intent OLD.intent.json [--intent-diff NEW.intent.json] [--screenshot OUT.png]
//   railyard FILE --health-sim --job JOB [--inject KIND:ID:VALUE[@I]]... [--intervals N] [--incident]
//   railyard FILE --health-replay REC.jsonl|PROJECT.railyard[#ID] [--job JOB] [--intervals N]
//   railyard FILE --study n-1|n-2|monte-carlo [--study-scope SELECTOR] [--study-failures K] [--job JOB]
//                 [--screenshot OUT.png]
//   railyard FILE --health-prometheus URL --job JOB [--health-mapping MAP.json] [--health-record]
//
// --screenshot opens the file, lays it out, waits for the analysis, renders
// the window into OUT.png and exits (for documentation, bug reports and
// tests). Without a display it runs on the offscreen platform. A capture reads
// and writes no user settings (dock layout, recent files), so it is the same
// on every machine.

#include "app/common/memorytuning.h"
#include "core/document/fabricdocument.h"
#include "views/analysisrunner.h"
#include "views/canvas/fabriccanvas.h"
#include "views/docks/controlplanedock.h"
#include "views/docks/healthdock.h"
#include "views/docks/intentsdock.h"
#include "views/docks/jobsdock.h"
#include "views/docks/resiliencedock.h"
#include "views/mainwindow.h"
#include "core/model/hugepages.h"

#include <QApplication>
#include <QDockWidget>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QSettings>
#include <QTemporaryDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTimer>
#include <QTranslator>

#include <algorithm>
#include <initializer_list>
#include <cmath>
#include <cstdio>

namespace {

bool hasArgument(int argc, char **argv, std::initializer_list<const char *> names)
{
    for (int i = 1; i < argc; ++i)
        for (const char *name : names)
            if (qstrcmp(argv[i], name) == 0)
                return true;
    return false;
}

void installTranslators(QApplication &app)
{
    auto *qt = new QTranslator(&app);
    if (qt->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
    // The user's language, else English, whose catalogue holds the plural
    // forms of the %n messages ("1 link", "2 links"); the C locale of a
    // server or a test run finds no catalogue of its own.
    auto *own = new QTranslator(&app);
    if (own->load(QLocale(), QStringLiteral("railyard"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        || own->load(QStringLiteral("railyard_en"), QStringLiteral(":/i18n")))
        app.installTranslator(own);
}

} // namespace

int main(int argc, char **argv)
{
    Railyard::restartWithHugePages(argv);
    Railyard::tuneAllocatorForLargeFabrics();
    // Headless capture, --help and --version need no display.
    if (hasArgument(argc, argv, {"--screenshot", "--help", "-h", "--help-all", "--version", "-v"})
        && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Railyard"));
    QApplication::setApplicationName(QStringLiteral("Railyard"));
    QApplication::setApplicationVersion(QStringLiteral(RAILYARD_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.railyard.Railyard"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/railyard.svg")));
    installTranslators(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Topology designer for AI training networks."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QApplication::translate("main", "Fabric file to open (.fabric.json, .graphml)."));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QApplication::translate("main", "Render the window to <png> and exit."),
                                        QStringLiteral("png"));
    const QCommandLineOption size(QStringLiteral("size"), QApplication::translate("main", "Window size for --screenshot, e.g. 1600x1000."),
                                  QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    const QCommandLineOption focus(QStringLiteral("focus"), QApplication::translate("main", "Zoom in on the element <id>."),
                                   QStringLiteral("id"));
    const QCommandLineOption zoom(QStringLiteral("zoom"),
                                  QApplication::translate("main", "Zoom to <percent> as the status bar shows it, around the --focus element or the fabric's center."),
                                  QStringLiteral("percent"));
    const QCommandLineOption fail(QStringLiteral("fail"), QApplication::translate("main", "Fail the element <id> (what-if); repeatable."),
                                  QStringLiteral("id"));
    const QCommandLineOption job(QStringLiteral("job"), QApplication::translate("main", "Place the training job <file> (*.job.json) and show its link heatmap."),
                                 QStringLiteral("file"));
    const QCommandLineOption compare(QStringLiteral("compare"),
                                     QApplication::translate("main", "With --job: compare placement strategies and routing modes."));
    const QCommandLineOption dock(QStringLiteral("dock"),
                                  QApplication::translate("main", "Bring the dock <name> to the front (e.g. Versions, History, Problems)."),
                                  QStringLiteral("name"));
    const QCommandLineOption intent(QStringLiteral("intent"),
                                    QApplication::translate("main", "Open the network intent <file> (*.intent.json) in the Intents dock."),
                                    QStringLiteral("file"));
    const QCommandLineOption intentDiff(QStringLiteral("intent-diff"),
                                        QApplication::translate("main", "With --intent: compare with the version <file> and draw the diff on the canvas."),
                                        QStringLiteral("file"));
    const QCommandLineOption healthSim(QStringLiteral("health-sim"),
                                       QApplication::translate("main", "Start live health monitoring with the simulator running the --job."));
    const QCommandLineOption healthReplay(QStringLiteral("health-replay"),
                                          QApplication::translate("main", "Start live health monitoring replaying the recording <file> (a .jsonl file, or PROJECT.railyard[#ID])."),
                                          QStringLiteral("file"));
    const QCommandLineOption healthPrometheus(QStringLiteral("health-prometheus"),
                                              QApplication::translate("main", "Start live health monitoring reading the Prometheus server at <url> (its HTTP API) for the --job."),
                                              QStringLiteral("url"));
    const QCommandLineOption healthMapping(QStringLiteral("health-mapping"),
                                           QApplication::translate("main", "With --health-prometheus: the series-to-fabric mapping <file> (JSON, docs/health.md)."),
                                           QStringLiteral("file"));
    const QCommandLineOption healthRecord(QStringLiteral("health-record"),
                                          QApplication::translate("main", "Record the live telemetry into the open .railyard project."));
    const QCommandLineOption inject(QStringLiteral("inject"),
                                    QApplication::translate("main", "With --health-sim: inject the fault KIND:ID:VALUE[@INTERVAL]; repeatable."),
                                    QStringLiteral("fault"));
    const QCommandLineOption intervals(QStringLiteral("intervals"),
                                       QApplication::translate("main", "With --screenshot: capture live health after <n> intervals."),
                                       QStringLiteral("n"), QStringLiteral("5"));
    const QCommandLineOption incident(QStringLiteral("incident"),
                                      QApplication::translate("main", "Show the first incident and its runbook in the Health dock."));
    const QCommandLineOption study(QStringLiteral("study"),
                                   QApplication::translate("main", "Run the failure study <kind> (n-1, n-2, monte-carlo) in the Resilience dock (with --job: pricing the job)."),
                                   QStringLiteral("kind"));
    const QCommandLineOption studyScope(QStringLiteral("study-scope"),
                                        QApplication::translate("main", "With --study: the elements to fail (docs/resilience.md), e.g. spine."),
                                        QStringLiteral("selector"));
    const QCommandLineOption studyFailures(QStringLiteral("study-failures"),
                                           QApplication::translate("main", "With --study monte-carlo: <k> random failures per scenario instead of the default rates."),
                                           QStringLiteral("k"));
    parser.addOptions({screenshot, size, focus, zoom, fail, job, compare, dock, intent, intentDiff, healthSim, healthReplay, inject,
                       intervals, incident, healthPrometheus, healthMapping, healthRecord, study, studyScope, studyFailures});
    parser.process(app);

    const bool capture = parser.isSet(screenshot);
    double zoomPercent = 0;
    if (parser.isSet(zoom)) {
        bool ok = false;
        zoomPercent = QLocale::c().toDouble(parser.value(zoom).remove(QLatin1Char('%')).trimmed(), &ok);
        if (!ok || !(zoomPercent > 0) || !std::isfinite(zoomPercent)) {
            std::fprintf(stderr, "railyard: --zoom: expected a percentage above 0, got '%s'\n", qPrintable(parser.value(zoom)));
            return 2;
        }
    }
    // A capture starts from defaults and leaves the user's settings alone.
    QTemporaryDir captureSettings;
    if (capture) {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, captureSettings.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, captureSettings.path());
    }

    Railyard::MainWindow window;
    window.setInteractive(!capture);
    const QStringList files = parser.positionalArguments();
    if (!files.isEmpty() && !window.openFile(files.first())) {
        if (capture) {
            const QString why = window.lastError();
            std::fprintf(stderr, "%s\n",
                         qPrintable(why.isEmpty() ? QApplication::translate("main", "railyard: cannot open %1").arg(files.first())
                                                  : QStringLiteral("railyard: ") + why));
            return 1;
        }
    }
    if (parser.isSet(fail) && window.document()) {
        std::vector<std::string> ids, unknown;
        for (const QString &id : parser.values(fail))
            ids.push_back(id.toStdString());
        window.document()->setFailed(ids, true, &unknown);
        if (!unknown.empty()) {
            std::fprintf(stderr, "railyard: %s: unknown element '%s' in --fail\n", qPrintable(files.value(0)), unknown.front().c_str());
            return 1;
        }
    }

    if (parser.isSet(job) && window.document()) {
        Railyard::JobsDock *jobs = window.jobsDock();
        if (!jobs->openJob(parser.value(job))) {
            std::fprintf(stderr, "railyard: %s\n", qPrintable(jobs->errorText()));
            if (capture)
                return 1;
        } else {
            jobs->show();
            jobs->raise();
            if (parser.isSet(compare))
                jobs->compare();
            else
                jobs->place();
        }
    }

    if (parser.isSet(intent) && window.document()) {
        Railyard::IntentsDock *intents = window.intentsDock();
        const bool ok = intents->openIntent(parser.value(intent))
            && (!parser.isSet(intentDiff) || intents->compareWith(parser.value(intentDiff)));
        if (!ok) {
            std::fprintf(stderr, "%s\n", qPrintable(intents->errorText()));
            if (capture)
                return 1;
        }
        intents->show();
        intents->raise();
        window.resizeDocks({intents}, {640}, Qt::Horizontal); // room for the rules side by side
    }

    const bool health
        = (parser.isSet(healthSim) || parser.isSet(healthReplay) || parser.isSet(healthPrometheus)) && window.document();
    if (health) {
        Railyard::HealthSourceConfig config;
        config.kind = parser.isSet(healthReplay)       ? Railyard::HealthSourceConfig::Kind::Replay
                    : parser.isSet(healthPrometheus) ? Railyard::HealthSourceConfig::Kind::Prometheus
                                                     : Railyard::HealthSourceConfig::Kind::Simulator;
        config.replayFile = parser.value(healthReplay);
        config.prometheusUrl = parser.value(healthPrometheus);
        config.mappingFile = parser.value(healthMapping);
        config.recordToProject = parser.isSet(healthRecord);
        if (parser.isSet(job))
            config.jobFiles << parser.value(job);
        config.faults = parser.values(inject);
        Railyard::HealthDock *healthDock = window.healthDock();
        if (capture)
            healthDock->monitor()->setIntervalMs(200, false); // fast, and not remembered
        healthDock->setSourceConfig(config);
        healthDock->show();
        healthDock->raise();
        if (!healthDock->start() && capture) {
            std::fprintf(stderr, "railyard: %s\n", qPrintable(healthDock->statusText()));
            return 1;
        }
    }

    if (parser.isSet(study)) {
        const auto kind = Railyard::studyKindFromName(parser.value(study).toStdString());
        if (!kind) {
            std::fprintf(stderr, "railyard: --study: unknown study '%s' (n-1, n-2 or monte-carlo)\n",
                         qPrintable(parser.value(study).left(40)));
            return 2;
        }
        Railyard::ResilienceDock *resilience = window.resilienceDock();
        Railyard::StudyOptions options = resilience->options();
        options.kind = *kind;
        options.scope = parser.value(studyScope).toStdString();
        options.forcedFailures = std::max(0, parser.value(studyFailures).toInt());
        resilience->setOptions(options, parser.isSet(job));
        resilience->show();
        resilience->raise();
        // The job's placement first, when one is asked for.
        QElapsedTimer placed;
        placed.start();
        while (parser.isSet(job) && window.jobsDock()->isBusy() && placed.elapsed() < 300000)
            QApplication::processEvents(QEventLoop::AllEvents, 50);
        if (!resilience->run() || (resilience->waitForFinished(), !resilience->errorText().isEmpty())) {
            std::fprintf(stderr, "railyard: --study: %s\n", qPrintable(resilience->errorText()));
            if (capture)
                return 1;
        }
    }

    if (parser.isSet(dock)) {
        const QString wanted = parser.value(dock);
        QDockWidget *found = nullptr;
        for (QDockWidget *d : window.findChildren<QDockWidget *>())
            if (d->objectName().compare(wanted + QStringLiteral("Dock"), Qt::CaseInsensitive) == 0
                || d->windowTitle().compare(wanted, Qt::CaseInsensitive) == 0)
                found = d;
        if (!found) {
            std::fprintf(stderr, "railyard: --dock: no dock named '%s'\n", qPrintable(wanted));
            return 2;
        }
        found->show();
        found->raise();
    }

    if (!capture) {
        // A person at the window: pushes to the control plane ask first.
        window.controlPlaneDock()->setConfirmPush(true);
        window.show();
        // Unsaved work of an earlier session that ended without saving (a
        // file given here had its own copy offered when it opened).
        if (files.isEmpty())
            QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
        if (parser.isSet(focus) || zoomPercent > 0)
            QTimer::singleShot(0, &window, [&] {
                if (parser.isSet(focus))
                    window.canvas()->focusElement(parser.value(focus));
                if (zoomPercent > 0)
                    window.canvas()->setZoom(zoomPercent / 100.0);
            });
        return QApplication::exec();
    }

    const QStringList wh = parser.value(size).split(QLatin1Char('x'));
    const QSize windowSize(wh.value(0).toInt(), wh.value(1).toInt());
    if (!windowSize.isValid() || windowSize.width() < 200 || windowSize.height() < 150) {
        std::fprintf(stderr, "railyard: --size: expected WxH of at least 200x150, got '%s'\n", qPrintable(parser.value(size)));
        return 2;
    }
    window.resize(windowSize);
    window.show();
    QApplication::processEvents();
    window.canvas()->fitToView();
    if (parser.isSet(focus) && !window.canvas()->focusElement(parser.value(focus))) {
        std::fprintf(stderr, "railyard: %s: --focus: no host, switch or link '%s'\n", qPrintable(files.value(0)),
                     qPrintable(parser.value(focus)));
        return 1;
    }
    if (zoomPercent > 0)
        window.canvas()->setZoom(zoomPercent / 100.0); // around the view's center: the focus
    window.analysisRunner()->waitForFinished();
    // A job placement (or comparison) runs in the background: wait for it, bounded.
    QElapsedTimer waited;
    waited.start();
    while (parser.isSet(job) && window.jobsDock()->isBusy() && waited.elapsed() < 300000)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    if (parser.isSet(job) && parser.isSet(compare)) {
        window.jobsDock()->place(); // the heatmap of the selected strategy, after the comparison
        while (window.jobsDock()->isBusy() && waited.elapsed() < 300000)
            QApplication::processEvents(QEventLoop::AllEvents, 50);
    }
    if (health) {
        // Live health: wait (bounded) for the intervals asked for, or the end of a replay.
        Railyard::HealthMonitor *monitor = window.healthDock()->monitor();
        const qint64 wanted = std::max(1, parser.value(intervals).toInt());
        while (monitor->framesReceived() < wanted && monitor->isActive() && waited.elapsed() < 300000)
            QApplication::processEvents(QEventLoop::AllEvents, 50);
        monitor->setPaused(true);
        if (!window.healthDock()->statusText().isEmpty() && monitor->state() == Railyard::HealthMonitor::State::Stopped) {
            std::fprintf(stderr, "railyard: %s\n", qPrintable(window.healthDock()->statusText()));
            return 1;
        }
        if (parser.isSet(incident))
            window.healthDock()->showIncident(0);
        window.resizeDocks({window.healthDock()}, {std::max(520, windowSize.width() * 36 / 100)}, Qt::Horizontal);
        QApplication::processEvents();
        if (!parser.isSet(focus) && !(zoomPercent > 0))
            window.canvas()->fitToView();
    }
    if (parser.isSet(study)) {
        window.resizeDocks({window.resilienceDock()}, {std::max(560, windowSize.width() * 40 / 100)}, Qt::Horizontal);
        QApplication::processEvents();
        if (!parser.isSet(focus) && !(zoomPercent > 0))
            window.canvas()->fitToView();
    }
    QApplication::processEvents();
    const QImage image = window.grab().toImage();
    if (!image.save(parser.value(screenshot))) {
        std::fprintf(stderr, "railyard: %s: cannot write the screenshot\n", qPrintable(parser.value(screenshot)));
        return 1;
    }
    return 0;
}
