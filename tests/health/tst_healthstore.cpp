// Live health kept in a .railyard project (core/health/healthstore.h): a
// recording made while monitoring meta-24k replays from the project with the
// same detections, exports byte for byte as the JSON-lines recording of the
// same frames and survives saves of the project; incidents are filed once per
// run and updated when their alarm clears; unknown recordings, frames of
// another fabric, damaged frames (after the good ones before them) and files
// that are not projects give errors naming the project.

#include "core/registry/formatregistry.h"
#include "core/health/healthdetector.h"
#include "core/health/healthfault.h"
#include "core/health/healthreport.h"
#include "core/health/healthstore.h"
#include "core/health/runningjobs.h"
#include "core/health/simulatedsource.h"
#include "core/health/telemetryrecording.h"
#include "core/jobs/jobspec.h"
#include "core/project/projectfile.h"
#include "healthtestdata.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace Railyard;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool exec(const QString &path, const char *sql)
{
    sqlite3 *db = nullptr;
    bool ok = sqlite3_open(path.toUtf8().constData(), &db) == SQLITE_OK;
    ok = ok && sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

} // namespace

class TestHealthStore : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void recordReplayExport();
    void incidentsFiledOnceThenUpdated();
    void errorsNameTheProject();
    void damagedFrameEndsReplayStale();

private:
    HealthFault fault(const std::string &text) const;
    Fabric m_fabric;
    std::vector<RunningJob> m_jobs;
    std::string m_hostLink;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_project;
};

HealthFault TestHealthStore::fault(const std::string &text) const
{
    return HealthTestData::fault(m_fabric, text);
}

void TestHealthStore::initTestCase()
{
    const QString error = HealthTestData::loadMeta24kWithMoe(m_fabric, m_jobs);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_hostLink = m_jobs[0].evaluation.bottleneckLinkId;
}

void TestHealthStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_project = m_dir->filePath(QStringLiteral("lab.railyard"));
    ProjectData data;
    data.fabric = m_fabric;
    ProjectError error;
    QVERIFY2(ProjectFile(m_project).save(data, &error), qPrintable(error.toString()));
}

void TestHealthStore::recordReplayExport()
{
    // Live: the simulator with a degraded link and a hung rank, recorded into
    // the project (batches of 3, so the last batch is a partial one flushed
    // at the end) and, for comparison, as JSON lines.
    const QString jsonl = m_dir->filePath(QStringLiteral("run.jsonl"));
    SimulatedSource source(m_fabric, m_jobs, {fault("degrade:" + m_hostLink + ":0.5@2"), fault("hang:rank:9@4")});
    HealthDetector live(m_fabric);
    TelemetryRecorder fileRecorder;
    std::string fileError;
    QVERIFY2(fileRecorder.open(jsonl.toStdString(), m_fabric.name, m_fabric.linkCount(), &fileError),
             fileError.c_str());
    ProjectError error;
    {
        ProjectTelemetryRecorder recorder(m_project, 3);
        QVERIFY2(recorder.open("lab run", m_fabric.name, m_fabric.linkCount(), "sim", &error),
                 qPrintable(error.toString()));
        bool ok = true;
        monitorHealth(source, live, 8, &fileRecorder, [&](const TelemetryFrame &frame) {
            ok = recorder.write(frame, &error) && ok;
            return true;
        });
        QVERIFY2(ok, qPrintable(error.toString()));
        QCOMPARE(recorder.framesWritten(), std::int64_t(6)); // two full batches; the rest on destruction
    }
    fileRecorder.close();

    const auto list = HealthStore(m_project).recordings(&error);
    QVERIFY2(list, qPrintable(error.toString()));
    QCOMPARE(list->size(), size_t(1));
    const StoredRecording &rec = list->front();
    QCOMPARE(rec.name, std::string("lab run"));
    QCOMPARE(rec.fabric, m_fabric.name);
    QCOMPARE(rec.links, std::int64_t(m_fabric.linkCount()));
    QCOMPARE(rec.source, std::string("sim"));
    QCOMPARE(rec.frames, std::int64_t(8));
    QCOMPARE(rec.staleFrames, std::int64_t(0));
    QCOMPARE(rec.firstInterval, std::int64_t(0));
    QCOMPARE(rec.lastInterval, std::int64_t(7));

    // Replay from the project: the same detections and report.
    ProjectReplaySource replay(m_project, 0); // 0: the newest recording
    std::string replayError;
    QVERIFY2(replay.open(m_fabric.linkCount(), &replayError), replayError.c_str());
    HealthDetector replayed(m_fabric);
    monitorHealth(replay, replayed, 100);
    QVERIFY(replay.atEnd());
    QCOMPARE(replayed.framesObserved(), 8);
    QCOMPARE(live.alarms().size(), size_t(2));
    QCOMPARE(healthReportToJson(buildHealthReport(m_fabric, m_jobs, replayed, "sim")),
             healthReportToJson(buildHealthReport(m_fabric, m_jobs, live, "sim")));

    // Export: byte for byte the JSON-lines recording of the same frames.
    const QString exported = m_dir->filePath(QStringLiteral("exported.jsonl"));
    QVERIFY2(HealthStore(m_project).exportRecording(rec.id, exported, &error), qPrintable(error.toString()));
    QCOMPARE(readAll(exported), readAll(jsonl));

    // Saving the project's current state keeps its recordings.
    ProjectData data;
    data.fabric = m_fabric;
    data.metadata["note"] = "saved again";
    QVERIFY2(ProjectFile(m_project).save(data, &error), qPrintable(error.toString()));
    QCOMPARE(HealthStore(m_project).recordings()->size(), size_t(1));

    // Removing it removes its frames.
    QVERIFY2(HealthStore(m_project).removeRecording(rec.id, &error), qPrintable(error.toString()));
    QVERIFY(HealthStore(m_project).recordings()->empty());
    QVERIFY(!HealthStore(m_project).frames(rec.id, 0, 10, &error));
    QCOMPARE(error.kind, ProjectError::Kind::NoSuchVersion);
}

void TestHealthStore::incidentsFiledOnceThenUpdated()
{
    SimulatedSource source(m_fabric, m_jobs, {fault("degrade:" + m_hostLink + ":0.5@2")});
    HealthDetector detector(m_fabric);
    monitorHealth(source, detector, 6);
    HealthReport report = buildHealthReport(m_fabric, m_jobs, detector, source.kind());
    QCOMPARE(report.incidents.size(), size_t(1));
    const HealthStore store(m_project);
    ProjectError error;
    QCOMPARE(store.fileIncidents(report, "run-1", &error), std::optional<int>(1));
    QCOMPARE(store.fileIncidents(report, "run-1", &error), std::optional<int>(0)); // the same incident again

    auto stored = store.incidents(&error);
    QVERIFY2(stored, qPrintable(error.toString()));
    QCOMPARE(stored->size(), size_t(1));
    const StoredIncident &i = stored->front();
    QCOMPARE(i.id, report.incidents[0].id);
    QCOMPARE(i.symptom, std::string("link_degraded"));
    QCOMPARE(i.element, m_hostLink);
    QCOMPARE(i.cluster, m_fabric.name);
    QCOMPARE(i.status, std::string("open"));
    QCOMPARE(i.source, std::string("sim"));
    QCOMPARE(i.run, std::string("run-1"));
    const QJsonObject json = QJsonDocument::fromJson(QByteArray::fromStdString(i.json)).object();
    QCOMPARE(json.value(QStringLiteral("incident_id")).toString().toStdString(), i.id);
    QCOMPARE(json.value(QStringLiteral("status")).toString(), QStringLiteral("open"));
    QVERIFY(json.value(QStringLiteral("runbook")).toString().contains(QString::fromStdString(m_hostLink)));

    // The alarm cleared: the same incident is updated to resolved, not filed again.
    report.detections[size_t(report.incidents[0].alarm)].alarm.clearedInterval = 9;
    QCOMPARE(store.fileIncidents(report, "run-1", &error), std::optional<int>(0));
    stored = store.incidents(&error);
    QCOMPARE(stored->size(), size_t(1));
    QCOMPARE(stored->front().status, std::string("resolved"));
    QVERIFY(QByteArray::fromStdString(stored->front().json).contains("\"status\":\"resolved\""));
    QVERIFY(stored->front().updatedUtc >= stored->front().filedUtc);

    // Another run (intervals restart, so the same incident id) files its own
    // incident and leaves the first run's alone.
    report.detections[size_t(report.incidents[0].alarm)].alarm.clearedInterval = -1;
    QCOMPARE(store.fileIncidents(report, "run-2", &error), std::optional<int>(1));
    stored = store.incidents(&error);
    QCOMPARE(stored->size(), size_t(2));
    int open = 0, resolved = 0;
    for (const StoredIncident &s : *stored) {
        QCOMPARE(s.id, report.incidents[0].id);
        open += s.status == "open" && s.run == "run-2";
        resolved += s.status == "resolved" && s.run == "run-1";
    }
    QCOMPARE(open, 1);
    QCOMPARE(resolved, 1);
}

void TestHealthStore::errorsNameTheProject()
{
    const HealthStore store(m_project);
    ProjectError error;
    QVERIFY(!store.recording(42, &error));
    QCOMPARE(error.kind, ProjectError::Kind::NoSuchVersion);
    QCOMPARE(error.toString(), m_project + QStringLiteral(": the project has no telemetry recording 42"));
    QVERIFY(!store.appendFrames(42, {TelemetryFrame{}}, &error));
    QCOMPARE(error.kind, ProjectError::Kind::NoSuchVersion);

    // A frame of another fabric is refused and nothing of the batch is kept.
    const std::optional<std::int64_t> id = store.createRecording("r", m_fabric.name, m_fabric.linkCount(), "sim");
    QVERIFY(id);
    TelemetryFrame good;
    good.links.resize(size_t(m_fabric.linkCount()));
    TelemetryFrame other;
    other.links.resize(3);
    QVERIFY(!store.appendFrames(*id, {good, other}, &error));
    QCOMPARE(error.kind, ProjectError::Kind::InvalidData);
    QVERIFY2(error.message.contains(QStringLiteral("a frame of 3 links")), qPrintable(error.toString()));
    QCOMPARE(store.recording(*id)->frames, std::int64_t(0));

    // A replay on a fabric with another link count.
    ProjectReplaySource replay(m_project, *id);
    std::string text;
    QVERIFY(!replay.open(m_fabric.linkCount() + 1, &text));
    QVERIFY2(text.find("links") != std::string::npos && text.find(m_project.toStdString()) == 0, text.c_str());

    // Not a project: nothing is written.
    const QString notProject = m_dir->filePath(QStringLiteral("notes.railyard"));
    QFile f(notProject);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("not a database\n");
    f.close();
    QVERIFY(!HealthStore(notProject).createRecording("r", "x", 1, "sim", &error));
    QCOMPARE(error.kind, ProjectError::Kind::NotSqlite);
    QCOMPARE(readAll(notProject), QByteArray("not a database\n"));

    // Specs: a project with an optional recording id.
    QString path;
    std::int64_t rec = -1;
    QVERIFY(parseProjectRecordingSpec(QStringLiteral("a/lab.railyard#7"), &path, &rec));
    QCOMPARE(path, QStringLiteral("a/lab.railyard"));
    QCOMPARE(rec, std::int64_t(7));
    QVERIFY(parseProjectRecordingSpec(QStringLiteral("lab.railyard"), &path, &rec));
    QCOMPARE(rec, std::int64_t(0));
    QVERIFY(!parseProjectRecordingSpec(QStringLiteral("run.jsonl"), &path, &rec));
    QVERIFY(parseProjectRecordingSpec(QStringLiteral("lab.railyard#x"), &path, &rec)); // a project, a bad id
    QCOMPARE(rec, std::int64_t(-1));
    ProjectReplaySource badId(m_project, -1);
    QVERIFY(!badId.open(m_fabric.linkCount(), &text));
    QVERIFY2(text.find("positive number") != std::string::npos, text.c_str());

    // Exporting a recording over the project itself is refused.
    QVERIFY(!store.exportRecording(*id, m_project, &error));
    QCOMPARE(error.kind, ProjectError::Kind::InvalidData);
    QVERIFY(store.recording(*id)); // the project is still there
}

void TestHealthStore::damagedFrameEndsReplayStale()
{
    const HealthStore store(m_project);
    const std::optional<std::int64_t> id = store.createRecording("r", m_fabric.name, m_fabric.linkCount(), "sim");
    QVERIFY(id);
    SimulatedSource source(m_fabric, m_jobs, {});
    std::vector<TelemetryFrame> frames{source.poll(), source.poll()};
    ProjectError error;
    QVERIFY2(store.appendFrames(*id, frames, &error), qPrintable(error.toString()));
    QVERIFY(exec(m_project, "UPDATE telemetry_frames SET frame = x'00000010deadbeef' WHERE seq = 1"));

    ProjectReplaySource replay(m_project, *id);
    std::string text;
    QVERIFY2(replay.open(m_fabric.linkCount(), &text), text.c_str());
    QTest::ignoreMessage(QtWarningMsg, "qUncompress: Input data is corrupted");
    // The good frame before the damaged one is replayed, then a stale frame says why.
    const TelemetryFrame first = replay.poll();
    QVERIFY(!first.stale);
    QCOMPARE(first.interval, frames[0].interval);
    QVERIFY(!replay.atEnd());
    const TelemetryFrame second = replay.poll();
    QVERIFY(second.stale);
    QVERIFY2(second.staleReason.find("damaged: frame 1 of telemetry recording") != std::string::npos,
             second.staleReason.c_str());
    QVERIFY(replay.atEnd());
}

QTEST_GUILESS_MAIN(TestHealthStore)
#include "tst_healthstore.moc"
