// The real parts end to end: `railyard-cli simulate` writes InfiniBand sysfs
// files and serves /metrics on loopback, Debian's prometheus-node-exporter
// reads the files, Debian's prometheus scrapes both, and Railyard reading
// only through Prometheus's HTTP API flags an injected 50 % degraded host link
// and names the job. Then Prometheus is stopped: frames are stale, no new
// alarm or incident; restarted: frames come back. Skips when the binaries
// are absent. Also, without processes: the response parser and the mapper.

#include "core/registry/formatregistry.h"
#include "core/health/healthdetector.h"
#include "core/health/healthreport.h"
#include "core/health/prometheusmapping.h"
#include "core/health/prometheussource.h"
#include "core/health/runningjobs.h"
#include "core/health/telemetrypublisher.h"
#include "core/jobs/jobspec.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>
#include <sys/prctl.h>

using namespace Railyard;

namespace {

const QString prometheusBinary = QStringLiteral("/usr/bin/prometheus");
const QString nodeExporterBinary = QStringLiteral("/usr/bin/prometheus-node-exporter");
const std::string degradedLink = "lab-r1-h1-nic0";

QString sample(const char *name)
{
    return QStringLiteral(RAILYARD_SAMPLES "/") + QLatin1String(name);
}

quint16 freeLoopbackPort()
{
    QTcpServer s;
    if (!s.listen(QHostAddress(QHostAddress::LocalHost), 0))
        return 0;
    return s.serverPort();
}

// A small dense job that fills lab-2rack's 4 hosts: TP 8 × DP 4.
const char *smallJob = R"({
 "format": "railyard-job", "version": 1, "name": "lab-llama",
 "model": {"parameters": 8.0e9, "layers": 8, "hidden_size": 4096, "sequence_length": 4096,
           "vocabulary": 128256, "precision": "bf16"},
 "parallelism": {"tp": 8, "pp": 1, "dp": 4},
 "batch": {"micro_batch": 1, "global_batch": 32},
 "optimizer_sharding": "zero1",
 "gpus": 32
})";

} // namespace

class TestHealthPrometheus : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void parseAndMap();
    void endToEnd();
    void scrapeIntervals_data();
    void scrapeIntervals();
    void gapsAreSaid();
    void cleanup();

private:
    QProcess *start(const QString &program, const QStringList &args, const QString &name);
    void stop(QProcess *&p);
    bool waitForHttp(quint16 port, const QString &path, int ms);
    QString logs() const;
    quint16 startStack(int scrapeSeconds, QString *why);
    QStringList m_promArgs;

    Fabric m_fabric;
    std::vector<RunningJob> m_jobs;
    QTemporaryDir m_dir;
    QProcess *m_sim = nullptr;
    QProcess *m_node = nullptr;
    QProcess *m_prom = nullptr;
};

void TestHealthPrometheus::initTestCase()
{
    QVERIFY(m_dir.isValid());
    ReadResult r = FormatRegistry::instance().readFile(sample("lab-2rack.fabric.json"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    m_fabric = std::move(*r.fabric);
    QFile job(m_dir.filePath(QStringLiteral("lab.job.json")));
    QVERIFY(job.open(QIODevice::WriteOnly));
    job.write(smallJob);
    job.close();
    const JobSpecResult spec = readJobSpecFile(job.fileName());
    QVERIFY2(spec.ok(), qPrintable(spec.errorText()));
    m_jobs = placeRunningJobs(m_fabric, {*spec.job});
}

void TestHealthPrometheus::cleanup()
{
    stop(m_prom);
    stop(m_node);
    stop(m_sim);
}

QProcess *TestHealthPrometheus::start(const QString &program, const QStringList &args, const QString &name)
{
    auto *p = new QProcess(this);
    p->setObjectName(name);
    p->setProcessChannelMode(QProcess::MergedChannels);
    p->setStandardOutputFile(m_dir.filePath(name + QStringLiteral(".log")), QIODevice::Append);
    // Killed with the test even when it crashes (cleanup() kills them on failures).
    p->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    p->start(program, args);
    if (!p->waitForStarted(10000)) {
        delete p;
        return nullptr;
    }
    return p;
}

void TestHealthPrometheus::stop(QProcess *&p)
{
    if (!p)
        return;
    if (p->state() != QProcess::NotRunning) {
        p->kill();
        p->waitForFinished(10000);
    }
    delete p;
    p = nullptr;
}

bool TestHealthPrometheus::waitForHttp(quint16 port, const QString &path, int ms)
{
    QDeadlineTimer deadline(ms);
    while (!deadline.hasExpired()) {
        QTcpSocket s;
        s.connectToHost(QHostAddress(QHostAddress::LocalHost), port);
        if (s.waitForConnected(1000)) {
            s.write(
                QStringLiteral("GET %1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").arg(path).toLatin1());
            QByteArray reply;
            while (s.waitForReadyRead(2000))
                reply += s.readAll();
            reply += s.readAll();
            if (reply.startsWith("HTTP/1.1 200") || reply.startsWith("HTTP/1.0 200"))
                return true;
        }
        QTest::qWait(250);
    }
    return false;
}

QString TestHealthPrometheus::logs() const
{
    QString out;
    for (const char *name : {"simulate", "node_exporter", "prometheus"}) {
        QFile f(m_dir.filePath(QLatin1String(name) + QStringLiteral(".log")));
        if (f.open(QIODevice::ReadOnly))
            out += QStringLiteral("--- %1 (tail)\n%2\n")
                       .arg(QLatin1String(name), QString::fromUtf8(f.readAll().right(1500)));
    }
    return out;
}

void TestHealthPrometheus::parseAndMap()
{
    // A hand-written response in Prometheus's shape: the NIC of host 0 rail 0
    // sends 1 GB/s and runs at 200 Gbit/s of its 400; an unknown device is unmatched.
    const std::string body = R"({"status":"success","data":{"resultType":"vector","result":[
        {"metric":{"device":"mlx5_0_0","port":"1","instance":"127.0.0.1:9100"},"value":[1718000000.1,"1e9"]},
        {"metric":{"device":"mlx5_9_0","port":"1"},"value":[1718000000.1,"5"]}]}})";
    std::vector<PromSample> series;
    std::string error;
    QVERIFY2(parsePromVector(body.data(), body.size(), series, &error), error.c_str());
    QCOMPARE(series.size(), size_t(2));
    QCOMPARE(*series[0].label("device"), std::string("mlx5_0_0"));
    QCOMPARE(series[0].value, 1e9);
    const std::string failed = R"({"status":"error","errorType":"bad_data","error":"parse error at char 5"})";
    std::vector<PromSample> none;
    QVERIFY(!parsePromVector(failed.data(), failed.size(), none, &error));
    QVERIFY2(error.find("parse error at char 5") != std::string::npos, error.c_str());

    PrometheusMapping mapping;
    QVERIFY2(PrometheusMapping::fromJson(PrometheusMapping::defaultJson(), mapping, &error), error.c_str());
    QVERIFY(!PrometheusMapping::fromJson(R"({"nic":{"hots":{}}})", mapping, &error));
    QVERIFY2(error.find("hots") != std::string::npos, error.c_str());
    mapping = PrometheusMapping::defaults();
    PrometheusMapper mapper(m_fabric, mapping, {{"lab-llama", 32}});
    TelemetryFrame frame;
    frame.intervalSeconds = 2;
    mapper.begin(frame);
    const std::vector<PromQuery> queries = mapper.queries();
    auto query = [&](PromLinkField f) {
        for (const PromQuery &q : queries)
            if (q.target == PromQuery::Target::Nic && q.field == f)
                return q;
        return PromQuery{};
    };
    QCOMPARE(query(PromLinkField::TxBytes).promql,
             std::string("rate(node_infiniband_port_data_transmitted_bytes_total[5s])"));
    QCOMPARE(mapper.apply(query(PromLinkField::TxBytes), series, frame), std::int64_t(1));
    QCOMPARE(mapper.unmatched(), std::int64_t(1));
    std::vector<PromSample> rate(1);
    rate[0].labels = {{"device", "mlx5_0_0"}, {"port", "1"}};
    rate[0].value = 25e9; // bytes per second = 200 Gbit/s
    mapper.apply(query(PromLinkField::RateBytesPerSecond), rate, frame);
    mapper.finish(frame);
    const std::int32_t l = m_fabric.findLink(degradedLink);
    QVERIFY(l >= 0);
    const LinkSample &s = frame.links[size_t(l)];
    QVERIFY(s.present);
    const bool hostIsA = m_fabric.isHost(m_fabric.link(l).a);
    QCOMPARE(hostIsA ? s.bytesAtoB : s.bytesBtoA, 2e9); // 1 GB/s × 2 s
    QCOMPARE(s.rateGbps, 200.0f);
    QCOMPARE(s.state, LinkState::Degraded);
    QCOMPARE(frame.presentLinkSamples(), std::int64_t(1)); // the rest are gaps
}

void TestHealthPrometheus::endToEnd()
{
    if (!QFileInfo::exists(prometheusBinary))
        QSKIP("/usr/bin/prometheus is not installed (apt-get install prometheus); the Prometheus path is not tested");
    if (!QFileInfo::exists(nodeExporterBinary))
        QSKIP("/usr/bin/prometheus-node-exporter is not installed (apt-get install prometheus-node-exporter); "
              "the Prometheus path is not tested");

    QString why;
    const quint16 promPort = startStack(1, &why);
    QVERIFY2(promPort, qPrintable(why));
    PrometheusSourceOptions options;
    options.url = QStringLiteral("http://127.0.0.1:%1").arg(promPort).toStdString();
    options.intervalSeconds = 1;
    options.timeoutSeconds = 5;
    PrometheusSource source(m_fabric, m_jobs, PrometheusMapping::defaults(), options);
    HealthDetector detector(m_fabric);
    const std::int32_t link = m_fabric.findLink(degradedLink);
    QVERIFY(link >= 0);

    // Detection through Prometheus only: poll until the degraded link is flagged.
    auto flagged = [&] {
        for (const HealthAlarm &a : detector.activeAlarms())
            if (a.kind == AlarmKind::LinkDegraded && a.link == link)
                return true;
        return false;
    };
    std::string lastStale;
    for (int i = 0; i < 45 && !flagged(); ++i) {
        const TelemetryFrame frame = source.poll();
        if (frame.stale)
            lastStale = frame.staleReason;
        detector.observe(frame);
    }
    QVERIFY2(flagged(),
             qPrintable(QStringLiteral("not flagged; mapped %1 series, %2 unmatched; last stale: %3\n%4")
                            .arg(source.mappedSeries())
                            .arg(source.unmatchedSeries())
                            .arg(QString::fromStdString(lastStale), logs())));
    QVERIFY(source.mappedSeries() > 0);
    HealthReport report = buildHealthReport(m_fabric, m_jobs, detector, source.kind());
    QCOMPARE(report.source, std::string("prometheus"));
    bool named = false;
    for (const HealthDetection &d : report.detections)
        if (d.alarm.link == link)
            for (const JobImpact &j : d.jobs)
                named = named || j.name == "lab-llama";
    QVERIFY2(named, healthReportToText(report).c_str());
    const size_t alarmsBefore = detector.alarms().size();
    const size_t incidentsBefore = report.incidents.size();

    // Prometheus goes away: stale frames, nothing new raised.
    stop(m_prom);
    for (int i = 0; i < 3; ++i) {
        const TelemetryFrame frame = source.poll();
        QVERIFY2(frame.stale, "a frame without Prometheus is not stale");
        QVERIFY(!frame.staleReason.empty());
        QVERIFY(frame.links.empty());
        detector.observe(frame);
    }
    QVERIFY(detector.isStale());
    QCOMPARE(detector.alarms().size(), alarmsBefore);
    report = buildHealthReport(m_fabric, m_jobs, detector, source.kind());
    QVERIFY(report.stale);
    QCOMPARE(report.incidents.size(), incidentsBefore);

    // It comes back (same data directory): frames with samples again.
    m_prom = start(prometheusBinary, m_promArgs, QStringLiteral("prometheus"));
    QVERIFY(m_prom);
    QVERIFY2(waitForHttp(promPort, QStringLiteral("/-/ready"), 40000), qPrintable(logs()));
    bool recovered = false;
    for (int i = 0; i < 30 && !recovered; ++i) {
        const TelemetryFrame frame = source.poll();
        detector.observe(frame);
        recovered = !frame.stale && frame.links[size_t(link)].present;
    }
    QVERIFY2(recovered, qPrintable(logs()));
    QVERIFY(!detector.isStale());
}

void TestHealthPrometheus::scrapeIntervals_data()
{
    QTest::addColumn<int>("scrape");
    QTest::newRow("5 s scrape") << 5;
    QTest::newRow("15 s scrape") << 15;
}

void TestHealthPrometheus::scrapeIntervals()
{
    // An operator's Prometheus scrapes every 5 or 15 s, and Railyard polls
    // every second with the default mapping (window_seconds 5). The source
    // asks Prometheus for its targets' scrape interval and widens rate()'s
    // window to 4 scrapes, so the degraded link is found in both.
    if (!QFileInfo::exists(prometheusBinary))
        QSKIP("/usr/bin/prometheus is not installed (apt-get install prometheus); the Prometheus path is not tested");
    if (!QFileInfo::exists(nodeExporterBinary))
        QSKIP("/usr/bin/prometheus-node-exporter is not installed (apt-get install prometheus-node-exporter); "
              "the Prometheus path is not tested");
    QFETCH(int, scrape);
    QString why;
    const quint16 promPort = startStack(scrape, &why);
    QVERIFY2(promPort, qPrintable(why + logs()));
    PrometheusSourceOptions options;
    options.url = QStringLiteral("http://127.0.0.1:%1").arg(promPort).toStdString();
    options.intervalSeconds = 1;
    PrometheusSource source(m_fabric, m_jobs, PrometheusMapping::defaults(), options);
    HealthDetector detector(m_fabric);
    const std::int32_t link = m_fabric.findLink(degradedLink);
    auto flagged = [&] {
        for (const HealthAlarm &a : detector.activeAlarms())
            if (a.kind == AlarmKind::LinkDegraded && a.link == link)
                return true;
        return false;
    };
    // Two scrapes must land in the window, then the rule's intervals pass.
    const int polls = 6 * scrape + 30;
    for (int i = 0; i < polls && !(flagged() && source.scrapeIntervalSeconds() > 0); ++i)
        detector.observe(source.poll());
    QVERIFY2(flagged(), qPrintable(QStringLiteral("not flagged after %1 polls; mapped %2 series\n%3")
                                       .arg(polls)
                                       .arg(source.mappedSeries())
                                       .arg(logs())));
    HealthReport report = buildHealthReport(m_fabric, m_jobs, detector, source.kind());
    describePrometheusWindow(source, report);
    // Learnt even though the first question came before Prometheus' service
    // discovery had handed over any target (the source asks again).
    QVERIFY2(source.scrapeIntervalSeconds() == double(scrape), source.scrapeIntervalProblem().c_str());
    QCOMPARE(source.windowSeconds(), 4.0 * scrape);
    QVERIFY(source.scrapeIntervalProblem().empty());
}

void TestHealthPrometheus::gapsAreSaid()
{
    // Frames whose links are all gaps (what a too-short rate() window gives):
    // the report says so, in text and JSON, instead of a quiet "No alarms".
    HealthDetector detector(m_fabric);
    for (int i = 0; i < 5; ++i) {
        TelemetryFrame frame;
        frame.interval = i;
        frame.intervalSeconds = 5;
        frame.links.resize(size_t(m_fabric.linkCount())); // every sample absent
        detector.observe(frame);
    }
    const HealthReport report = buildHealthReport(m_fabric, {}, detector, "prometheus");
    QCOMPARE(report.linkGapFraction, 1.0);
    QCOMPARE(report.warnings.size(), size_t(1));
    const std::string text = healthReportToText(report);
    QVERIFY2(text.find("WARNING: 100 % of the link samples were gaps") != std::string::npos, text.c_str());
    QVERIFY(text.find("\nNo alarms.\n") == std::string::npos);
    QVERIFY(healthReportToJson(report).find("\"link_gap_fraction\": 1.0") != std::string::npos);

    // Scrape intervals as Prometheus writes them.
    QCOMPARE(*parsePromDuration("15s"), 15.0);
    QCOMPARE(*parsePromDuration("1m30s"), 90.0);
    QCOMPARE(*parsePromDuration("500ms"), 0.5);
    QVERIFY(!parsePromDuration("15"));
    QVERIFY(!parsePromDuration("s"));
    std::string error;
    QCOMPARE(*longestScrapeInterval(R"({"status":"success","data":{"activeTargets":[)"
                                    R"({"scrapeInterval":"5s"},{"scrapeInterval":"15s"}],"droppedTargets":[]}})",
                                    &error),
             15.0);
    QVERIFY(!longestScrapeInterval(R"({"data":{"activeTargets":[]}})", &error));
    QVERIFY(!error.empty());
    QVERIFY(!longestScrapeInterval(std::string(100000, '['), &error)); // bounded before any parse
}

/// Starts the simulator (the lab job, `degradedLink` at half rate), the node
/// exporter and Prometheus scraping both every `scrapeSeconds`; returns
/// Prometheus's port, or 0 with *why.
quint16 TestHealthPrometheus::startStack(int scrapeSeconds, QString *why)
{
#define CHECK(x) CHECK2(x, "")
#define CHECK2(x, text)                                                                                                \
    do {                                                                                                               \
        if (!(x)) {                                                                                                    \
            *why = QStringLiteral("%1 failed: %2").arg(QLatin1String(#x), QString(text));                              \
            return 0;                                                                                                  \
        }                                                                                                              \
    } while (false)
    const quint16 simPort = freeLoopbackPort(), nodePort = freeLoopbackPort(), promPort = freeLoopbackPort();
    CHECK(simPort && nodePort && promPort);
    CHECK(simPort != nodePort && nodePort != promPort && simPort != promPort);
    const QString sysfs = m_dir.filePath(QStringLiteral("sysfs"));
    m_sim = start(QStringLiteral(RAILYARD_CLI),
                  {QStringLiteral("simulate"), sample("lab-2rack.fabric.json"), QStringLiteral("--job"),
                   m_dir.filePath(QStringLiteral("lab.job.json")), QStringLiteral("--inject"),
                   QStringLiteral("degrade:%1:0.5").arg(QString::fromStdString(degradedLink)),
                   QStringLiteral("--interval-seconds"), QStringLiteral("1"), QStringLiteral("--sysfs"), sysfs,
                   QStringLiteral("--serve"), QStringLiteral("127.0.0.1:%1").arg(simPort)},
                  QStringLiteral("simulate"));
    CHECK(m_sim);
    CHECK2(waitForHttp(simPort, QStringLiteral("/metrics"), 30000), qPrintable(logs()));
    m_node = start(nodeExporterBinary,
                   {QStringLiteral("--path.sysfs=%1").arg(sysfs),
                    QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(nodePort),
                    QStringLiteral("--collector.disable-defaults"), QStringLiteral("--collector.infiniband")},
                   QStringLiteral("node_exporter"));
    CHECK(m_node);
    CHECK2(waitForHttp(nodePort, QStringLiteral("/metrics"), 30000), qPrintable(logs()));

    QFile config(m_dir.filePath(QStringLiteral("prometheus.yml")));
    CHECK(config.open(QIODevice::WriteOnly));
    config.write(QStringLiteral("global:\n  scrape_interval: %3s\n  evaluation_interval: %3s\n"
                                "scrape_configs:\n"
                                "  - job_name: node\n    static_configs:\n      - targets: ['127.0.0.1:%1']\n"
                                "  - job_name: railyard\n    static_configs:\n      - targets: ['127.0.0.1:%2']\n")
                     .arg(nodePort)
                     .arg(simPort)
                     .arg(scrapeSeconds)
                     .toUtf8());
    config.close();
    m_promArgs = {QStringLiteral("--config.file=%1").arg(config.fileName()),
                                  QStringLiteral("--storage.tsdb.path=%1").arg(m_dir.filePath(QStringLiteral("tsdb"))),
                                  QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(promPort)};
    m_prom = start(prometheusBinary, m_promArgs, QStringLiteral("prometheus"));
    CHECK(m_prom);
    CHECK2(waitForHttp(promPort, QStringLiteral("/-/ready"), 40000), qPrintable(logs()));

    return promPort;
#undef CHECK
#undef CHECK2
}

QTEST_GUILESS_MAIN(TestHealthPrometheus)
#include "tst_healthprometheus.moc"
