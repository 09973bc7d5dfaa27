// The Health dock in the main window on samples/cluster-3k.fabric.json with
// samples/llama-70b-3k.job.json: the simulator with one host link degraded
// to 50 % raises an alarm naming the job with its predicted slowdown; the
// canvas's health overlay marks exactly that link, and at the zoomed-out
// levels exactly the bundles containing it; the incident comes with its
// runbook. A replay with a gap and an end shows stale and raises no
// incident while stale; so does a Prometheus that does not answer.
// Everything is driven through the event loop
// (QTRY_*): the UI thread is never blocked by polling.

#include "core/document/fabricdocument.h"
#include "core/health/healthstore.h"
#include "core/health/simulatedsource.h"
#include "core/health/telemetryrecording.h"
#include "core/layout/fabriclayout.h"
#include "core/project/projectfile.h"
#include "views/canvas/fabriccanvas.h"
#include "views/canvas/healthoverlay.h"
#include "views/docks/healthdock.h"
#include "views/docks/propertiesdock.h"
#include "views/healthmonitor.h"
#include "views/docks/intentsdock.h"
#include "views/mainwindow.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QPainter>
#include <QListWidget>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <fstream>

using namespace Railyard;

namespace {

const QString fabricPath = QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.fabric.json");
const QString jobPath = QStringLiteral(RAILYARD_SAMPLES "/llama-70b-3k.job.json");

/// The first link with a host at one end.
std::int32_t firstHostLink(const Fabric &fabric)
{
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l)
        if (fabric.isHost(fabric.link(l).a) || fabric.isHost(fabric.link(l).b))
            return l;
    return -1;
}

} // namespace

class TestHealthDock : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RailyardTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_healthdock"));
    }

    void dockRemembersItsSource()
    {
        // Source, URL, mapping, job files and interval come back in the next
        // session (a new dock), even when Start could not run.
        QSettings().remove(QStringLiteral("HealthDock"));
        {
            HealthDock dock;
            HealthSourceConfig config;
            config.kind = HealthMonitor::hasPrometheus() ? HealthSourceConfig::Kind::Prometheus
                                                         : HealthSourceConfig::Kind::Replay;
            config.prometheusUrl = QStringLiteral("http://127.0.0.1:9090");
            config.replayFile = config.prometheusUrl;
            config.mappingFile = QStringLiteral("/tmp/site-mapping.json");
            config.jobFiles = {QStringLiteral("/tmp/a.job.json"), QStringLiteral("/tmp/b.job.json")};
            dock.setSourceConfig(config);
            QVERIFY(!dock.start()); // no fabric open
        }
        HealthDock next;
        const HealthSourceConfig restored = next.configFromFields();
        QCOMPARE(restored.kind, HealthMonitor::hasPrometheus() ? HealthSourceConfig::Kind::Prometheus
                                                               : HealthSourceConfig::Kind::Replay);
        QCOMPARE(HealthMonitor::hasPrometheus() ? restored.prometheusUrl : restored.replayFile,
                 QStringLiteral("http://127.0.0.1:9090"));
        QCOMPARE(restored.mappingFile, QStringLiteral("/tmp/site-mapping.json"));
        QCOMPARE(restored.jobFiles, QStringList({QStringLiteral("/tmp/a.job.json"), QStringLiteral("/tmp/b.job.json")}));
        QSettings().remove(QStringLiteral("HealthDock"));
    }

    /// The simulator runs without a job, as the command line's does; the
    /// alarm's job impact is then "unknown", never "none", and so is its
    /// incident's. A refused start leaves nothing of the last run.
    void withoutAJobTheImpactIsUnknown()
    {
        MainWindow window;
        QVERIFY(window.openFile(QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json")));
        window.resize(1400, 900);
        window.show();
        const Fabric &fabric = window.document()->fabric();
        const std::int32_t link = firstHostLink(fabric);
        QVERIFY(link >= 0);
        const QString linkId = QString::fromStdString(fabric.link(link).id);
        HealthDock *dock = window.healthDock();
        dock->monitor()->setIntervalMs(40, false);
        HealthSourceConfig config;
        config.faults << QStringLiteral("degrade:%1:0.1@1").arg(linkId);
        dock->setSourceConfig(config);
        QVERIFY(dock->start());
        QTRY_VERIFY_WITH_TIMEOUT(dock->alarmModel()->rowCount() >= 1, 30000);
        const HealthAlarmModel *alarms = dock->alarmModel();
        QCOMPARE(alarms->index(0, HealthAlarmModel::SeverityColumn).data().toString(),
                 QStringLiteral("unknown: no job known"));
        QTRY_VERIFY_WITH_TIMEOUT(dock->incidentList()->count() >= 1, 10000);
        dock->showIncident(0);
        QVERIFY2(dock->runbookText().contains(QStringLiteral("unknown: no job is known on these hosts")),
                 qPrintable(dock->runbookText()));
        QVERIFY(!dock->runbookText().contains(QStringLiteral("No running job is measurably slowed")));
        if (const QString dir = qEnvironmentVariable("RAILYARD_SCREENSHOT_DIR"); !dir.isEmpty()) {
            window.healthDock()->raise();
            QVERIFY(window.grab().save(QDir(dir).filePath(QStringLiteral("health-unknown.png"))));
        }
        dock->stop();
        QCOMPARE(dock->alarmModel()->rowCount(), 0); // no longer live, no longer listed
        // A start that is refused (no fabric) clears the table.
        dock->setDocument(nullptr);
        QVERIFY(!dock->start());
        QCOMPARE(dock->alarmModel()->rowCount(), 0);
    }

    void degradedLinkLive()
    {
        MainWindow window;
        QVERIFY(window.openFile(fabricPath));
        window.resize(1400, 900);
        window.show();
        const Fabric &fabric = window.document()->fabric();
        const std::int32_t link = firstHostLink(fabric);
        QVERIFY(link >= 0);
        const QString linkId = QString::fromStdString(fabric.link(link).id);

        HealthDock *dock = window.healthDock();
        dock->monitor()->setIntervalMs(40, false);
        HealthSourceConfig config;
        config.jobFiles << jobPath;
        // cluster-3k is RoCE: priced under ECMP hashing, whose collisions
        // already hold the slowest connection near 30 Gbit/s on the healthy
        // fabric, so a host link at half rate (50 Gbit/s per connection)
        // costs nothing as routed; at 10 % it slows the whole job.
        config.faults << QStringLiteral("degrade:%1:0.1@1").arg(linkId);
        dock->setSourceConfig(config);
        QElapsedTimer blocked;
        blocked.start();
        QVERIFY(dock->start());
        // start() returns at once: placement and polling run on the worker.
        QVERIFY(blocked.elapsed() < 500);

        QTRY_VERIFY_WITH_TIMEOUT(dock->alarmModel()->rowCount() >= 1, 30000);
        const HealthAlarmModel *alarms = dock->alarmModel();
        const auto text = [alarms](int column) { return alarms->index(0, column).data().toString(); };
        QCOMPARE(text(HealthAlarmModel::KindColumn), QStringLiteral("link_degraded"));
        QCOMPARE(text(HealthAlarmModel::ElementColumn), linkId);
        QCOMPARE(alarms->index(0, 0).data(HealthAlarmModel::FocusRole).toString(), linkId);
        QVERIFY2(text(HealthAlarmModel::JobsColumn).contains(QStringLiteral("llama-70b-3k ×")),
                 qPrintable(text(HealthAlarmModel::JobsColumn)));
        const double slowdown = QRegularExpression(QStringLiteral("×([0-9.]+)"))
                                    .match(text(HealthAlarmModel::JobsColumn))
                                    .captured(1)
                                    .toDouble();
        QVERIFY2(slowdown > 1.05, qPrintable(text(HealthAlarmModel::JobsColumn))); // one host link slows the whole job
        // Priced as routed, with the adaptive figure beside it.
        QVERIFY2(text(HealthAlarmModel::JobsColumn).contains(QStringLiteral(" as routed; ×"))
                     && text(HealthAlarmModel::JobsColumn).endsWith(QStringLiteral("with adaptive routing")),
                 qPrintable(text(HealthAlarmModel::JobsColumn)));
        // Its severity follows from that impact.
        QCOMPARE(text(HealthAlarmModel::SeverityColumn), QStringLiteral("slowdown"));
        QVERIFY(!text(HealthAlarmModel::RanksColumn).isEmpty());                    // the ranks behind it
        QCOMPARE(dock->alarmModel()->rowCount(), 1);
        dock->selectAlarm(0);
        QVERIFY2(dock->chartTitle().contains(linkId), qPrintable(dock->chartTitle()));

        // The canvas: exactly that link alarmed, and exactly the bundles holding it.
        QTRY_VERIFY_WITH_TIMEOUT(window.canvas()->healthOverlay()
                                     && window.canvas()->healthOverlay()->link(link) == HealthOverlay::Alarm,
                                 10000);
        const HealthOverlay *overlay = window.canvas()->healthOverlay();
        for (std::int32_t l = 0; l < fabric.linkCount(); ++l)
            if (l != link)
                QVERIFY2(overlay->link(l) < HealthOverlay::Alarm,
                         qPrintable(QString::fromStdString(fabric.link(l).id)));
        const FabricLayout *layout = window.canvas()->layout();
        QVERIFY(layout);
        for (size_t level = 0; level < layout->levels().size(); ++level) {
            const auto &bundles = layout->levels()[level].bundles;
            int alarmed = 0;
            for (size_t b = 0; b < bundles.size(); ++b) {
                const bool holds
                    = std::find(bundles[b].links.begin(), bundles[b].links.end(), link) != bundles[b].links.end();
                const bool marked = overlay->bundle(level, std::int32_t(b)) >= HealthOverlay::Alarm;
                QCOMPARE(marked, holds);
                alarmed += marked;
            }
            QCOMPARE(alarmed, 1);
        }
        // The host at the link's end is a suspect, and so is its group at every level.
        const NodeIndex host = fabric.isHost(fabric.link(link).a) ? fabric.link(link).a : fabric.link(link).b;
        QVERIFY(overlay->isSuspect(host));
        for (size_t level = 0; level < layout->levels().size(); ++level)
            QVERIFY(overlay->isSuspectGroup(level, layout->levels()[level].groupOfNode[size_t(host)]));

        // The incident and its runbook.
        QTRY_VERIFY_WITH_TIMEOUT(dock->incidentList()->count() >= 1, 10000);
        dock->showIncident(0);
        QVERIFY(dock->incidentList()->item(0)->text().startsWith(QStringLiteral("link_degraded")));
        QVERIFY2(dock->runbookText().contains(linkId), qPrintable(dock->runbookText()));
        QVERIFY(dock->runbookText().contains(QStringLiteral("llama-70b-3k")));

        // Live values beside the design values: the overlay's facts (the
        // canvas tooltip's Live rows) and the Properties dock's Live section.
        const auto facts = overlay->liveLinkFacts(fabric, link);
        const auto fact = [&facts](const QString &label) {
            for (const HealthOverlay::LiveFact &f : facts)
                if (f.label == label)
                    return f.value;
            return QString();
        };
        QVERIFY2(fact(QStringLiteral("Live state")).startsWith(QStringLiteral("alarm; link_degraded (slowdown) since")),
                 qPrintable(fact(QStringLiteral("Live state"))));
        const QString nominal = QLocale().toString(fabric.link(link).capacityGbps, 'g', 6);
        QVERIFY2(fact(QStringLiteral("Live rate"))
                     .endsWith(QStringLiteral("Gbit/s of %1 Gbit/s nominal (10 %)").arg(nominal)),
                 qPrintable(fact(QStringLiteral("Live rate"))));
        QVERIFY(fact(QStringLiteral("Utilization")).contains(QStringLiteral("% of the running rate")));
        QVERIFY(fact(QStringLiteral("Live sample")).startsWith(QStringLiteral("interval ")));
        QVERIFY(overlay->liveNodeFacts(fabric, host).size() >= 3);
        window.document()->setSelection({linkId.toStdString()});
        const auto propertiesShow = [&window](const QString &text) {
            for (const QLabel *label : window.propertiesDock()->findChildren<QLabel *>())
                if (label->text().contains(text))
                    return true;
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(propertiesShow(QStringLiteral("nominal (10 %)")), 5000);
        QVERIFY(propertiesShow(QStringLiteral("Live")));
        QVERIFY(propertiesShow(QStringLiteral("link_degraded (slowdown) since")));
        if (const QString dir = qEnvironmentVariable("RAILYARD_SCREENSHOT_DIR"); !dir.isEmpty()) {
            window.propertiesDock()->show();
            window.propertiesDock()->raise();
            QCoreApplication::processEvents();
            window.propertiesDock()->grab().save(dir + QStringLiteral("/properties-live.png"));
        }

        // In a narrow picture the health legend (right) and the
        // oversubscription legend (left) would meet: they are stacked
        // instead, never drawn over each other.
        QImage narrow(340, 520, QImage::Format_RGB32);
        narrow.fill(Qt::white);
        {
            QPainter painter(&narrow);
            window.canvas()->render(&painter, QRectF(narrow.rect()));
        }
        if (const QString dir = qEnvironmentVariable("RAILYARD_SCREENSHOT_DIR"); !dir.isEmpty())
            narrow.save(dir + QStringLiteral("/canvas-legends.png"));
        const std::vector<QRectF> legends = window.canvas()->legendRects();
        QVERIFY2(legends.size() == 2, qPrintable(QString::number(legends.size())));
        QVERIFY(legends[0].right() > legends[1].left() && legends[1].right() > legends[0].left()); // side by side they would meet
        QVERIFY(!legends[0].intersects(legends[1]));
        for (const QRectF &r : legends)
            QVERIFY(QRectF(narrow.rect()).contains(r));

        // An intent diff on the canvas (v3 → v4) keeps the live problem in
        // view: the alarmed link is drawn in the alarm's colour over the
        // diff's, and a second legend names it. Counted in pixels of the
        // alarm colour, with and without the diff.
        const auto alarmPixels = [&window] {
            QImage image(1000, 700, QImage::Format_RGB32);
            image.fill(Qt::white);
            {
                QPainter painter(&image);
                window.canvas()->render(&painter, QRectF(image.rect()));
            }
            const QRgb alarm = HealthOverlay::colour(HealthOverlay::Alarm).rgb();
            int n = 0;
            for (int y = 0; y < image.height(); ++y) {
                const QRgb *row = reinterpret_cast<const QRgb *>(image.constScanLine(y));
                for (int x = 0; x < image.width(); ++x)
                    n += (row[x] & 0xffffff) == (alarm & 0xffffff);
            }
            return std::make_pair(n, image);
        };
        const int withoutDiff = alarmPixels().first;
        window.intentsDock()->show();
        QVERIFY(window.intentsDock()->openIntent(QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.v4.intent.json")));
        QVERIFY(window.intentsDock()->compareWith(QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.v3.intent.json")));
        QVERIFY(window.canvas()->intentDiff());
        const auto [withDiff, picture] = alarmPixels();
        if (const QString dir = qEnvironmentVariable("RAILYARD_SCREENSHOT_DIR"); !dir.isEmpty())
            picture.save(dir + QStringLiteral("/canvas-diff-over-health.png"));
        QVERIFY2(withoutDiff > 40 && withDiff >= withoutDiff * 8 / 10,
                 qPrintable(QStringLiteral("%1 alarm pixels with the diff, %2 without").arg(withDiff).arg(withoutDiff)));
        QCOMPARE(window.canvas()->legendRects().size(), size_t(2)); // the diff's, and live health's problems
        window.intentsDock()->clearIntents();
        QVERIFY(!window.canvas()->intentDiff());

        // A link selected on the canvas gets its series.
        const std::string other = fabric.link(link + 1).id;
        window.document()->setSelection({other});
        QTRY_VERIFY_WITH_TIMEOUT(dock->chartTitle().contains(QString::fromStdString(other)), 5000);
        dock->selectAlarm(0);
        QVERIFY(dock->chartTitle().contains(linkId));

        // Paused, nothing new arrives; stopping clears the canvas.
        dock->monitor()->setPaused(true);
        const qint64 frames = dock->monitor()->framesReceived();
        QTest::qWait(200);
        QVERIFY(dock->monitor()->framesReceived() <= frames + 1); // one poll may have been under way
        dock->stop();
        QVERIFY(!window.canvas()->healthOverlay());
    }

    void replayGapAndEnd()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow window;
        QVERIFY(window.openFile(fabricPath));
        window.show();
        const Fabric &fabric = window.document()->fabric();

        // A healthy recording with a stale gap at interval 3, ending after 6.
        const std::string path = (dir.path() + QStringLiteral("/healthy.jsonl")).toStdString();
        {
            std::vector<RunningJob> none;
            SimulatedSource sim(fabric, none, {});
            TelemetryRecorder recorder;
            std::string error;
            QVERIFY2(recorder.open(path, fabric.name, fabric.linkCount(), &error), error.c_str());
            for (int i = 0; i < 6; ++i) {
                TelemetryFrame frame = sim.poll();
                if (i == 3) {
                    frame.stale = true;
                    frame.staleReason = "connection refused";
                    frame.links.clear();
                    frame.jobs.clear();
                }
                recorder.write(frame);
            }
        }
        HealthDock *dock = window.healthDock();
        dock->monitor()->setIntervalMs(40, false);
        HealthSourceConfig config;
        config.kind = HealthSourceConfig::Kind::Replay;
        config.replayFile = QString::fromStdString(path);
        dock->setSourceConfig(config);
        bool sawStale = false, recovered = false;
        connect(dock->monitor(), &HealthMonitor::stateChanged, this, [&](HealthMonitor::State s) {
            if (s == HealthMonitor::State::Stale)
                sawStale = true;
            else if (s == HealthMonitor::State::Running && sawStale)
                recovered = true;
        });
        QVERIFY(dock->start());
        QTRY_VERIFY_WITH_TIMEOUT(dock->monitor()->state() == HealthMonitor::State::Ended, 20000);
        QVERIFY(sawStale);
        QVERIFY(recovered);
        QVERIFY2(dock->statusText().contains(QStringLiteral("Stale")), qPrintable(dock->statusText()));
        QCOMPARE(dock->alarmModel()->rowCount(), 0);
        QCOMPARE(dock->incidentList()->count(), 0);
        QVERIFY(window.canvas()->healthOverlay() && window.canvas()->healthOverlay()->isStale());
    }

    void recordIntoProject()
    {
        // A .railyard project open in the window: a live run records its
        // telemetry into the project and files its incident there; the
        // recording then replays from the project (PROJECT#ID) with the
        // same alarm.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString project = dir.filePath(QStringLiteral("lab.railyard"));
        {
            MainWindow first;
            QVERIFY(first.openFile(fabricPath));
            ProjectData data;
            data.fabric = first.document()->fabric();
            ProjectError error;
            QVERIFY2(ProjectFile(project).save(data, &error), qPrintable(error.toString()));
        }
        MainWindow window;
        QVERIFY(window.openFile(project));
        window.show();
        const Fabric &fabric = window.document()->fabric();
        const QString linkId = QString::fromStdString(fabric.link(firstHostLink(fabric)).id);
        HealthDock *dock = window.healthDock();
        dock->monitor()->setIntervalMs(40, false);
        HealthSourceConfig config;
        config.jobFiles << jobPath;
        // A rate that slows the job as routed (see degradedLinkLive).
        config.faults << QStringLiteral("degrade:%1:0.1@1").arg(linkId);
        config.recordToProject = true;
        dock->setSourceConfig(config);
        QVERIFY(dock->start());
        QTRY_VERIFY_WITH_TIMEOUT(dock->incidentList()->count() >= 1, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(dock->statusText().contains(QStringLiteral("filed into the project")), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(dock->monitor()->framesReceived() >= 20, 30000);
        dock->stop(); // the session flushes the last frames on the worker
        QTRY_VERIFY_WITH_TIMEOUT(HealthStore(project).recordings()->size() == 1
                                     && HealthStore(project).recordings()->front().frames >= 20,
                                 10000);
        const StoredRecording recording = HealthStore(project).recordings()->front();
        QCOMPARE(recording.fabric, fabric.name);
        QCOMPARE(recording.source, std::string("sim"));
        const auto incidents = HealthStore(project).incidents();
        QVERIFY(incidents);
        QCOMPARE(incidents->size(), size_t(1));
        QCOMPARE(incidents->front().element, linkId.toStdString());

        // Replay it from the project: the same alarm, and nothing recorded again.
        HealthSourceConfig replay;
        replay.kind = HealthSourceConfig::Kind::Replay;
        replay.jobFiles << jobPath;
        replay.replayFile = project + QStringLiteral("#%1").arg(recording.id);
        replay.recordToProject = true; // ignored for a replay
        dock->setSourceConfig(replay);
        QVERIFY(dock->start());
        QTRY_VERIFY_WITH_TIMEOUT(dock->monitor()->state() == HealthMonitor::State::Ended, 30000);
        QCOMPARE(dock->alarmModel()->rowCount(), 1);
        QCOMPARE(dock->alarmModel()->index(0, HealthAlarmModel::ElementColumn).data().toString(), linkId);
        QCOMPARE(HealthStore(project).recordings()->size(), size_t(1));
        QCOMPARE(HealthStore(project).incidents()->size(), size_t(1)); // a replay records and files nothing
    }

    void prometheusAway()
    {
        // Nothing listens on port 1: every poll is stale, nothing is raised,
        // and the window keeps running its event loop.
        MainWindow window;
        QVERIFY(window.openFile(fabricPath));
        window.show();
        HealthDock *dock = window.healthDock();
        dock->monitor()->setIntervalMs(100, false);
        HealthSourceConfig config;
        config.kind = HealthSourceConfig::Kind::Prometheus;
        config.prometheusUrl = QStringLiteral("http://127.0.0.1:1");
        dock->setSourceConfig(config);
        QVERIFY(dock->start());
        QTRY_VERIFY_WITH_TIMEOUT(dock->monitor()->state() == HealthMonitor::State::Stale, 20000);
        QVERIFY2(dock->statusText().contains(QStringLiteral("Stale")), qPrintable(dock->statusText()));
        QTRY_VERIFY_WITH_TIMEOUT(dock->monitor()->framesReceived() >= 3, 20000);
        QCOMPARE(dock->alarmModel()->rowCount(), 0);
        QCOMPARE(dock->incidentList()->count(), 0);
        dock->stop();
    }
};

QTEST_MAIN(TestHealthDock)
#include "tst_healthdock.moc"
