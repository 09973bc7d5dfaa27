#include "app/cli/simulatecommand.h"

#include "app/cli/clicommon.h"
#include "app/cli/healthinputs.h"
#include "core/registry/formatregistry.h"
#include "core/health/metricsserver.h"
#include "core/health/simulatedsource.h"
#include "core/health/telemetrypublisher.h"
#include "core/jobs/jobspec.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QScopeGuard>
#include <QThread>
#include <QTimer>

#include <cmath>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace Railyard::Cli {

int runSimulate(const QStringList &args)
{
    CommandLine cl(QStringLiteral("simulate"),
                   QStringLiteral("Runs the health simulator in real time and publishes what it simulates the way "
                                  "clusters do: host NIC counters as the InfiniBand sysfs files node_exporter reads "
                                  "(--path.sysfs=DIR), switch ports and rank step counters as a Prometheus exporter "
                                  "on loopback (docs/health.md, \"Publishing\"). Runs until killed or --intervals."));
    cl.addPositional(QStringLiteral("FABRIC"), QStringLiteral("Fabric file."));
    cl.addOption({QStringLiteral("job")},
                 QStringLiteral("A running job (*.job.json), placed in the order given; repeat."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("inject")}, QStringLiteral("Fault KIND:ID:VALUE[@INTERVAL] as for 'health'; repeat."),
                 QStringLiteral("fault"));
    cl.addOption({QStringLiteral("seed")}, QStringLiteral("Noise seed. Default 1."), QStringLiteral("s"),
                 QStringLiteral("1"));
    cl.addOption({QStringLiteral("interval-seconds")},
                 QStringLiteral("Simulated and real length of an interval. Default 1."), QStringLiteral("n"),
                 QStringLiteral("1"));
    cl.addOption({QStringLiteral("sysfs")},
                 QStringLiteral("Write the InfiniBand sysfs tree under DIR (DIR/class/infiniband/mlx5_<host "
                                "index>_<rail>/ports/<port>/...)."),
                 QStringLiteral("dir"));
    cl.addOption({QStringLiteral("serve")},
                 QStringLiteral("Serve /metrics (Prometheus text format) on 127.0.0.1:PORT; loopback only."),
                 QStringLiteral("address"));
    cl.addOption({QStringLiteral("intervals")}, QStringLiteral("Stop after N intervals. Default: run until killed."),
                 QStringLiteral("n"), QStringLiteral("0"));
    cl.setEpilog(QStringLiteral(
        "Example:\n"
        "  railyard-cli simulate samples/lab-2rack.fabric.json --job small.job.json \\\n"
        "      --inject degrade:lab-r1-h1-nic0:0.5 --sysfs /tmp/sim-sysfs --serve 127.0.0.1:9464\n"
        "  prometheus-node-exporter --path.sysfs=/tmp/sim-sysfs --collector.disable-defaults \\\n"
        "      --collector.infiniband --web.listen-address=127.0.0.1:9100\n"
        "Exit codes: 0 stopped after --intervals, 1 bad fabric or job, a directory or port that cannot be used, "
        "2 usage error."));
    if (!cl.parse(args))
        return ExitOk;

    const QString file = cl.positional(0);
    const QStringList jobFiles = cl.values(QStringLiteral("job"));
    if (jobFiles.isEmpty())
        cl.fail(QStringLiteral("--job: at least one running job is needed"));
    if (!cl.isSet(QStringLiteral("sysfs")) && !cl.isSet(QStringLiteral("serve")))
        cl.fail(QStringLiteral("nothing to publish: give --sysfs DIR, --serve 127.0.0.1:PORT or both"));
    const int seed = cl.intValue(QStringLiteral("seed"), 1, 0);
    const int intervals = cl.intValue(QStringLiteral("intervals"), 0, 0);
    bool okInterval = false;
    const double intervalSeconds = cl.value(QStringLiteral("interval-seconds")).toDouble(&okInterval);
    if (!okInterval || !(intervalSeconds >= 0.05) || !(intervalSeconds <= 3600))
        cl.fail(QStringLiteral("--interval-seconds: a number of seconds from 0.05 to 3600"));
    quint16 port = 0;
    if (cl.isSet(QStringLiteral("serve"))) {
        const QString serve = cl.value(QStringLiteral("serve"));
        const qsizetype colon = serve.lastIndexOf(QLatin1Char(':'));
        bool okPort = false;
        const int p = colon < 0 ? 0 : serve.mid(colon + 1).toInt(&okPort);
        if (colon < 0 || serve.left(colon) != QLatin1String("127.0.0.1") || !okPort || p < 1 || p > 65535)
            cl.fail(QStringLiteral("--serve: '%1' is not 127.0.0.1:PORT (the exporter listens on loopback only)")
                        .arg(serve));
        port = quint16(p);
    }

    const std::optional<HealthInputs> in = loadHealthInputs(cl, file, jobFiles);
    if (!in)
        return ExitBadInput;
    const Fabric *fabric = &in->fabric;
    const std::vector<HealthFault> &faults = in->faults;
    const std::vector<RunningJob> &jobs = in->jobs;
    SimulatorOptions options;
    options.seed = std::uint64_t(seed);
    options.intervalSeconds = intervalSeconds;
    SimulatedSource source(*fabric, jobs, faults, options);

    TelemetryPublisher publisher(*fabric);
    if (cl.isSet(QStringLiteral("sysfs"))) {
        std::string error;
        if (!publisher.setSysfsRoot(cl.value(QStringLiteral("sysfs")).toStdString(), &error)) {
            printErr(QString::fromStdString(error));
            return ExitBadInput;
        }
    }
    // /metrics is served from a thread of its own, from the text of the last
    // interval published: writing the sysfs tree of a large cluster (a
    // second of file operations an interval at 3K GPUs) never holds a scrape.
    std::mutex metricsMutex;
    std::shared_ptr<const std::string> metrics = std::make_shared<const std::string>();
    QThread serverThread;
    std::unique_ptr<MetricsServer> server;
    if (port != 0) {
        server = std::make_unique<MetricsServer>(
            [&metricsMutex, &metrics](const std::string &path, const std::string &, std::string &body, std::string &) {
                if (path != "/metrics")
                    return false;
                std::shared_ptr<const std::string> text;
                {
                    std::lock_guard lock(metricsMutex);
                    text = metrics;
                }
                body = *text;
                return true;
            });
        QString error;
        if (!server->listen(QHostAddress(QHostAddress::LocalHost), port, &error)) {
            printErr(error);
            return ExitBadInput;
        }
        server->moveToThread(&serverThread);
        serverThread.start();
    }
    const auto stopServer = qScopeGuard([&] {
        if (server) {
            // Deleted in its own thread, then the thread ends.
            QMetaObject::invokeMethod(server.release(), &QObject::deleteLater, Qt::QueuedConnection);
            serverThread.quit();
            serverThread.wait();
        }
    });
    // Say only what is published: sysfs with --sysfs, /metrics with --serve.
    QStringList published;
    if (cl.isSet(QStringLiteral("sysfs")))
        published << QStringLiteral("%1 NIC ports in sysfs").arg(publisher.sysfsPorts());
    if (cl.isSet(QStringLiteral("serve")))
        published << QStringLiteral("%1 switch ports and the ranks on /metrics").arg(publisher.switchPorts());
    printErr(QStringLiteral("simulating %1 (%2 %3, %4 %5): %6, every %7 s")
                 .arg(QString::fromStdString(fabric->name))
                 .arg(jobs.size())
                 .arg(jobs.size() == 1 ? QStringLiteral("job") : QStringLiteral("jobs"))
                 .arg(faults.size())
                 .arg(faults.size() == 1 ? QStringLiteral("fault") : QStringLiteral("faults"))
                 .arg(published.join(QStringLiteral(" and ")))
                 .arg(intervalSeconds));

    // The sysfs tree is written by a thread of its own, from the newest
    // interval's counters whenever it is free: at 3K GPUs a tree takes about
    // a second and a half of file operations on a slow disk, and the
    // simulator's clock must not wait for it. Counters are cumulative, so an
    // interval the writer skips loses nothing (node_exporter's rate() sees
    // the sum at the next write).
    const bool sysfs = cl.isSet(QStringLiteral("sysfs"));
    std::mutex sysfsMutex;
    std::condition_variable sysfsWake, sysfsIdle;
    std::optional<TelemetryPublisher::SysfsSnapshot> sysfsPending;
    bool sysfsStop = false, sysfsBusy = false;
    std::string sysfsError;
    std::int64_t sysfsWrites = 0, sysfsSkipped = 0;
    std::thread sysfsThread;
    if (sysfs)
        sysfsThread = std::thread([&, writer = TelemetryPublisher::SysfsWriter(publisher)]() mutable {
            std::unique_lock lock(sysfsMutex);
            for (;;) {
                sysfsWake.wait(lock, [&] { return sysfsStop || sysfsPending; });
                if (!sysfsPending)
                    return; // stopped with nothing left to write
                const TelemetryPublisher::SysfsSnapshot snapshot = std::move(*sysfsPending);
                sysfsPending.reset();
                sysfsBusy = true;
                lock.unlock();
                std::string error;
                const bool ok = writer.write(snapshot, &error);
                lock.lock();
                sysfsBusy = false;
                ++sysfsWrites;
                if (!ok && sysfsError.empty())
                    sysfsError = error;
                sysfsIdle.notify_all();
            }
        });
    const auto stopSysfs = qScopeGuard([&] {
        if (!sysfsThread.joinable())
            return;
        {
            std::lock_guard lock(sysfsMutex);
            sysfsStop = true; // the last interval's snapshot is still written
        }
        sysfsWake.notify_all();
        sysfsThread.join();
    });

    // One interval per tick, on the wall clock: frame k is published at start + (k + 1) × interval.
    int done = 0;
    int exitCode = ExitOk;
    double latest = 0;     // the latest a tick ran after its time, seconds
    double slowestTick = 0; // the longest a tick took (simulate, publish), seconds
    const double start = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
    QTimer timer;
    timer.setTimerType(Qt::PreciseTimer);
    auto tick = [&] {
        const double tickStart = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
        if (done > 0) // frame k (k ≥ 1) is due at start + (k + 1) × interval
            latest = std::max(latest, tickStart - (start + (done + 1) * intervalSeconds));
        const auto tickEnd = qScopeGuard([&] {
            slowestTick = std::max(slowestTick, double(QDateTime::currentMSecsSinceEpoch()) / 1000.0 - tickStart);
        });
        const TelemetryFrame frame = source.poll();
        std::string error;
        if (!publisher.publish(frame, start + frame.timeSeconds, &error, !sysfs)) {
            printErr(QString::fromStdString(error));
            exitCode = ExitBadInput;
            QCoreApplication::exit(exitCode);
            return;
        }
        if (sysfs) {
            std::lock_guard lock(sysfsMutex);
            if (!sysfsError.empty()) {
                printErr(QString::fromStdString(sysfsError));
                exitCode = ExitBadInput;
                QCoreApplication::exit(exitCode);
                return;
            }
            sysfsSkipped += sysfsPending ? 1 : 0; // the writer had not taken the last one yet
            sysfsPending = publisher.sysfsSnapshot();
            sysfsWake.notify_one();
        }
        if (server) {
            auto text = std::make_shared<const std::string>(publisher.metricsText());
            std::lock_guard lock(metricsMutex);
            metrics = std::move(text);
        }
        ++done;
        if (intervals > 0 && done >= intervals) {
            QCoreApplication::exit(exitCode);
            return;
        }
        const double next = start + (done + 1) * intervalSeconds;
        const double now = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
        timer.start(int(std::max(0.0, (next - now) * 1000.0)));
    };
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, tick);
    // The first frame at once so the exporter and the files are complete from the start.
    QTimer::singleShot(0, tick);
    QCoreApplication::exec();
    if (sysfs) {
        // The last interval's counters are on disk before the command ends.
        std::unique_lock lock(sysfsMutex);
        sysfsIdle.wait(lock, [&] { return !sysfsPending && !sysfsBusy; });
        if (!sysfsError.empty() && exitCode == ExitOk) {
            printErr(QString::fromStdString(sysfsError));
            exitCode = ExitBadInput;
        }
    }
    printErr(QStringLiteral("simulated %1 intervals; the latest an interval was published after its time: %2 s, "
                            "the longest one took: %3 s%4")
                 .arg(done)
                 .arg(latest, 0, 'f', 3)
                 .arg(slowestTick, 0, 'f', 3)
                 .arg(sysfs ? QStringLiteral("; sysfs written %1 times, %2 intervals folded into the next write")
                                  .arg(sysfsWrites)
                                  .arg(sysfsSkipped)
                            : QString()));
    return exitCode;
}

} // namespace Railyard::Cli
