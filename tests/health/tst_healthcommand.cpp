// `railyard-cli health` end to end: a degraded link on meta-24k named with
// the MoE job in the JSON report; record then replay gives the same report;
// usage errors.

#include "../common/clirun.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString sample(const char *name)
{
    return QStringLiteral(RAILYARD_SAMPLES "/") + QLatin1String(name);
}

const QString degradedLink = QStringLiteral("gpu0129--leaf-0065"); // the MoE job's bottleneck link

} // namespace

class TestHealthCommand : public QObject
{
    Q_OBJECT

private slots:
    void degradedLinkJson();
    void withoutAJobTheImpactIsUnknown();
    void slurmJobsFromSqueue();
    void recordThenReplay();
    void recordIntoProject();
    void usageErrors();
};

void TestHealthCommand::degradedLinkJson()
{
    const CliRun run = runCli({QStringLiteral("health"), sample("meta-24k.fabric.json"), QStringLiteral("--job"),
                               sample("moe-meta-24k.job.json"), QStringLiteral("--inject"),
                               QStringLiteral("degrade:%1:0.5@2").arg(degradedLink), QStringLiteral("--intervals"),
                               QStringLiteral("6"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject o = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("intervals")).toInt(), 6);
    const QJsonArray detections = o.value(QStringLiteral("detections")).toArray();
    QCOMPARE(detections.size(), 1);
    const QJsonObject d = detections[0].toObject();
    QCOMPARE(d.value(QStringLiteral("kind")).toString(), QStringLiteral("link_degraded"));
    QCOMPARE(d.value(QStringLiteral("element")).toString(), degradedLink);
    QCOMPARE(d.value(QStringLiteral("first_interval")).toInt(), 2);
    QVERIFY(d.value(QStringLiteral("evidence")).toObject().contains(QStringLiteral("peers")));
    const QJsonObject job = d.value(QStringLiteral("jobs")).toArray()[0].toObject();
    QCOMPARE(job.value(QStringLiteral("name")).toString(), QStringLiteral("moe-424b-16e"));
    // The half-rate link is the job's busiest NIC link: the communication
    // it carries stretches; the whole step, mostly compute, by less.
    const double comm = job.value(QStringLiteral("communication_slowdown")).toDouble();
    const double whole = job.value(QStringLiteral("slowdown")).toDouble();
    QVERIFY2(comm > 1.05, qPrintable(QString::number(comm)));
    QVERIFY2(whole > 1.0 && whole < comm, qPrintable(QString::number(whole)));
    QVERIFY(!job.value(QStringLiteral("ranks")).toArray().isEmpty());
    QCOMPARE(o.value(QStringLiteral("exclusions")).toObject().value(QStringLiteral("hosts")).toArray()[0].toString(),
             QStringLiteral("gpu0129"));
    const QJsonObject rep = o.value(QStringLiteral("replacements")).toArray()[0].toObject();
    QVERIFY(rep.value(QStringLiteral("placed")).toBool());
    QVERIFY(rep.value(QStringLiteral("step_time_ms")).toObject().value(QStringLiteral("after")).toDouble() > 0);
    const QJsonObject incident = o.value(QStringLiteral("incidents")).toArray()[0].toObject();
    QCOMPARE(incident.value(QStringLiteral("symptom")).toString(), QStringLiteral("link_degraded"));
    QCOMPARE(incident.value(QStringLiteral("cluster")).toString(), QStringLiteral("meta-24k"));
    QVERIFY(incident.value(QStringLiteral("incident_id")).toString().startsWith(QStringLiteral("ni_")));
    QVERIFY(incident.value(QStringLiteral("runbook")).toString().contains(degradedLink));
}

/// Without a job, nothing is predicted: the alarm's job impact is "unknown",
/// never "none", in the JSON, the text and the incident's runbook, which says
/// how to give Railyard the running jobs.
void TestHealthCommand::withoutAJobTheImpactIsUnknown()
{
    const QStringList base{QStringLiteral("health"),         sample("lab-2rack.fabric.json"),
                           QStringLiteral("--inject"),       QStringLiteral("degrade:lab-r1-h1-nic0:0.1@2"),
                           QStringLiteral("--intervals"),    QStringLiteral("5")};
    const CliRun json = runCli(base + QStringList{QStringLiteral("--json")});
    QVERIFY2(json.exitCode == 0, qPrintable(describe(json)));
    const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).object();
    const QJsonArray detections = o.value(QStringLiteral("detections")).toArray();
    QVERIFY(!detections.isEmpty());
    for (const QJsonValue &v : detections) {
        QCOMPARE(v.toObject().value(QStringLiteral("severity")).toString(), QStringLiteral("unknown"));
        QVERIFY(v.toObject().value(QStringLiteral("jobs")).toArray().isEmpty());
    }
    const QJsonArray incidents = o.value(QStringLiteral("incidents")).toArray();
    QVERIFY(!incidents.isEmpty());
    const QString runbook = incidents[0].toObject().value(QStringLiteral("runbook")).toString();
    QVERIFY2(runbook.contains(QStringLiteral("unknown: no job is known on these hosts")), qPrintable(runbook));
    QVERIFY2(runbook.contains(QStringLiteral("--job FILE")), qPrintable(runbook));
    QVERIFY2(!runbook.contains(QStringLiteral("No running job is measurably slowed")), qPrintable(runbook));
    QVERIFY2(!runbook.contains(QStringLiteral("predicted 1.00")), qPrintable(runbook));
    const CliRun text = runCli(base);
    QVERIFY2(text.exitCode == 0, qPrintable(describe(text)));
    QVERIFY2(text.out.contains(QStringLiteral("[unknown]")), qPrintable(text.out));
    QVERIFY2(text.out.contains(QStringLiteral("job impact: unknown: no job is known on these hosts")),
             qPrintable(text.out));
}

/// Slurm's running jobs from `squeue --json` (Slurm 23.02's shape, and
/// 23.11's list of states): the job file named after a running job is placed
/// on that job's nodes (rack 2, where a free placement would not put it);
/// a running job without a job file makes the alarm on its host "unknown",
/// named; a pending job is left out. Bad queues are refused with the file.
void TestHealthCommand::slurmJobsFromSqueue()
{
    QTemporaryDir dir;
    QFile in(sample("lab-2rack.job.json"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QJsonObject job = QJsonDocument::fromJson(in.readAll()).object();
    job[QStringLiteral("name")] = QStringLiteral("lab-small");
    QJsonObject parallel = job.value(QStringLiteral("parallelism")).toObject();
    parallel[QStringLiteral("dp")] = 2;
    job[QStringLiteral("parallelism")] = parallel;
    job[QStringLiteral("gpus")] = 16;
    const QString jobFile = dir.filePath(QStringLiteral("lab-small.job.json"));
    auto write = [](const QString &path, const QByteArray &bytes) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    };
    QVERIFY(write(jobFile, QJsonDocument(job).toJson()));
    const QString queue = dir.filePath(QStringLiteral("squeue.json"));
    QVERIFY(write(queue, R"({"meta":{"plugin":{"type":"openapi/v0.0.39"}},"errors":[],"jobs":[
        {"job_id":1001,"name":"lab-small","user_name":"alice","job_state":"RUNNING","nodes":"lab-r2-h[1-2]"},
        {"job_id":1002,"name":"notebook","user_name":"bob","job_state":["RUNNING"],"nodes":"lab-r1-h1"},
        {"job_id":1003,"name":"queued","user_name":"carol","job_state":"PENDING","nodes":""}]})"));
    const QStringList base{QStringLiteral("health"),   sample("lab-2rack.fabric.json"),
                           QStringLiteral("--job"),    jobFile,
                           QStringLiteral("--squeue"), queue,
                           QStringLiteral("--inject"), QStringLiteral("degrade:lab-r1-h1-nic0:0.1@2"),
                           QStringLiteral("--inject"), QStringLiteral("degrade:lab-r2-h1-nic0:0.1@2"),
                           QStringLiteral("--intervals"), QStringLiteral("5")};
    const CliRun json = runCli(base + QStringList{QStringLiteral("--json")});
    QVERIFY2(json.exitCode == 0, qPrintable(describe(json)));
    const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QJsonObject onRack1, onRack2;
    for (const QJsonValue &v : o.value(QStringLiteral("detections")).toArray()) {
        if (v[QStringLiteral("element")] == QLatin1String("lab-r1-h1-nic0"))
            onRack1 = v.toObject();
        if (v[QStringLiteral("element")] == QLatin1String("lab-r2-h1-nic0"))
            onRack2 = v.toObject();
    }
    QVERIFY2(!onRack1.isEmpty() && !onRack2.isEmpty(), qPrintable(json.out.left(3000)));
    // The notebook has no job file: unknown, and named; lab-small is not there.
    QCOMPARE(onRack1.value(QStringLiteral("severity")).toString(), QStringLiteral("unknown"));
    QVERIFY(onRack1.value(QStringLiteral("jobs")).toArray().isEmpty());
    QCOMPARE(onRack1.value(QStringLiteral("unpriced_jobs")).toArray().first().toString(),
             QStringLiteral("Slurm job 1002 'notebook'"));
    // lab-small runs on rack 2, as Slurm says, and is priced there.
    const QJsonArray jobs2 = onRack2.value(QStringLiteral("jobs")).toArray();
    QVERIFY2(jobs2.size() == 1 && jobs2.first()[QStringLiteral("name")] == QLatin1String("lab-small"),
             qPrintable(QJsonDocument(onRack2).toJson()));
    QVERIFY(onRack2.value(QStringLiteral("unpriced_jobs")).toArray().isEmpty());
    const QStringList running = [&] {
        QStringList l;
        for (const QJsonValue &v : o.value(QStringLiteral("running_jobs")).toArray())
            l << v.toString();
        return l;
    }();
    QVERIFY2(running.contains(QStringLiteral("Slurm job 1001 'lab-small' on lab-r2-h[1-2] (2 host(s)): priced from "
                                             "its job file")),
             qPrintable(running.join('\n')));
    QVERIFY2(running.contains(QStringLiteral("1 job(s) in %1 not running (pending, completing…): left out").arg(queue)),
             qPrintable(running.join('\n')));
    QString runbook;
    for (const QJsonValue &v : o.value(QStringLiteral("incidents")).toArray())
        if (v[QStringLiteral("element")] == QLatin1String("lab-r1-h1-nic0"))
            runbook = v[QStringLiteral("runbook")].toString();
    QVERIFY2(runbook.contains(QStringLiteral("unknown for Slurm job 1002 'notebook'")), qPrintable(runbook));
    const CliRun text = runCli(base);
    QVERIFY2(text.out.contains(QStringLiteral("job impact: unknown for Slurm job 1002 'notebook'")), qPrintable(text.out));

    // A node that is not a host, a queue that is not squeue's, a missing file.
    QVERIFY(write(queue, R"({"jobs":[{"job_id":7,"name":"x","job_state":"RUNNING","nodes":"gpu[001-002]"}]})"));
    const CliRun stranger = runCli(base);
    QCOMPARE(stranger.exitCode, 1);
    QVERIFY2(stranger.err.contains(queue + QStringLiteral(": job 7 runs on gpu001, which is not a host of lab-2rack")),
             qPrintable(stranger.err));
    QVERIFY(write(queue, R"({"nodes":[]})"));
    const CliRun notQueue = runCli(base);
    QCOMPARE(notQueue.exitCode, 1);
    QVERIFY2(notQueue.err.contains(queue + QStringLiteral(": not squeue --json output")), qPrintable(notQueue.err));
    QVERIFY(write(queue, QByteArray(100000, '[')));
    const CliRun deep = runCli(base);
    QCOMPARE(deep.exitCode, 1);
    QVERIFY2(deep.err.contains(queue + QStringLiteral(": line 1: ")), qPrintable(deep.err));
}

void TestHealthCommand::recordThenReplay()
{
    QTemporaryDir dir;
    const QString rec = dir.filePath(QStringLiteral("run.jsonl"));
    const QStringList base{QStringLiteral("health"),        sample("meta-24k.fabric.json"), QStringLiteral("--job"),
                           sample("moe-meta-24k.job.json"), QStringLiteral("--intervals"),  QStringLiteral("6"),
                           QStringLiteral("--json")};
    const CliRun live = runCli(
        base
        + QStringList{QStringLiteral("--inject"), QStringLiteral("hang:rank:3@2"), QStringLiteral("--record"), rec});
    QVERIFY2(live.exitCode == 0, qPrintable(describe(live)));
    const CliRun replay = runCli(base + QStringList{QStringLiteral("--source"), QStringLiteral("replay=") + rec});
    QVERIFY2(replay.exitCode == 0, qPrintable(describe(replay)));
    QJsonObject a = QJsonDocument::fromJson(live.out.toUtf8()).object();
    QJsonObject b = QJsonDocument::fromJson(replay.out.toUtf8()).object();
    QCOMPARE(b.value(QStringLiteral("source")).toString(), QStringLiteral("replay"));
    QCOMPARE(a.value(QStringLiteral("detections")).toArray().size(), 1);
    QCOMPARE(b.value(QStringLiteral("detections")), a.value(QStringLiteral("detections")));
    QCOMPARE(b.value(QStringLiteral("incidents")), a.value(QStringLiteral("incidents")));
}

void TestHealthCommand::recordIntoProject()
{
    // --record PROJECT.railyard creates the project (holding the fabric),
    // keeps the recording and files the incidents; replay=PROJECT gives the
    // same detections; `recordings` lists and exports it, byte for byte the
    // JSON lines --record FILE.jsonl writes for the same run.
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("lab.railyard"));
    const QString jsonl = dir.filePath(QStringLiteral("run.jsonl"));
    const QStringList base{QStringLiteral("health"),        sample("meta-24k.fabric.json"), QStringLiteral("--job"),
                           sample("moe-meta-24k.job.json"), QStringLiteral("--intervals"),  QStringLiteral("6"),
                           QStringLiteral("--json")};
    // The same seed and start: the same run, byte for byte.
    const QStringList fault{QStringLiteral("--inject"), QStringLiteral("degrade:%1:0.5@2").arg(degradedLink),
                            QStringLiteral("--start"), QStringLiteral("2026-12-05T10:00:00Z")};
    const CliRun live = runCli(base + fault + QStringList{QStringLiteral("--record"), project});
    QVERIFY2(live.exitCode == 0, qPrintable(describe(live)));
    const CliRun file = runCli(base + fault + QStringList{QStringLiteral("--record"), jsonl});
    QVERIFY2(file.exitCode == 0, qPrintable(describe(file)));

    const CliRun replay = runCli(base + QStringList{QStringLiteral("--source"), QStringLiteral("replay=") + project});
    QVERIFY2(replay.exitCode == 0, qPrintable(describe(replay)));
    const QJsonObject a = QJsonDocument::fromJson(live.out.toUtf8()).object();
    const QJsonObject b = QJsonDocument::fromJson(replay.out.toUtf8()).object();
    QCOMPARE(a.value(QStringLiteral("detections")).toArray().size(), 1);
    QCOMPARE(b.value(QStringLiteral("detections")), a.value(QStringLiteral("detections")));
    // The simulated clock started at --start: the alarm carries that wall-clock
    // time (the fault began at interval 2 of 1 s intervals).
    const double firstTime
        = a.value(QStringLiteral("detections")).toArray()[0].toObject().value(QStringLiteral("first_time")).toDouble();
    const double start = double(QDateTime::fromString(QStringLiteral("2026-12-05T10:00:00Z"), Qt::ISODate)
                                    .toMSecsSinceEpoch())
        / 1000.0;
    QVERIFY2(firstTime > start && firstTime <= start + 6, qPrintable(QString::number(firstTime, 'f', 3)));

    const CliRun list = runCli({QStringLiteral("recordings"), project, QStringLiteral("--json")});
    QVERIFY2(list.exitCode == 0, qPrintable(describe(list)));
    const QJsonArray recordings = QJsonDocument::fromJson(list.out.toUtf8()).array();
    QCOMPARE(recordings.size(), 1);
    QCOMPARE(recordings[0].toObject().value(QStringLiteral("frames")).toInt(), 6);
    QCOMPARE(recordings[0].toObject().value(QStringLiteral("fabric")).toString(), QStringLiteral("meta-24k"));
    const QString exported = dir.filePath(QStringLiteral("exported.jsonl"));
    const CliRun exportRun = runCli({QStringLiteral("recordings"), project, QStringLiteral("--export"),
                                     QStringLiteral("1"), QStringLiteral("--out"), exported});
    QVERIFY2(exportRun.exitCode == 0, qPrintable(describe(exportRun)));
    QFile e(exported), f(jsonl);
    QVERIFY(e.open(QIODevice::ReadOnly) && f.open(QIODevice::ReadOnly));
    QCOMPARE(e.readAll(), f.readAll());

    const CliRun incidents = runCli({QStringLiteral("incidents"), project, QStringLiteral("--json")});
    QVERIFY2(incidents.exitCode == 0, qPrintable(describe(incidents)));
    const QJsonArray filed = QJsonDocument::fromJson(incidents.out.toUtf8()).array();
    QCOMPARE(filed.size(), 1);
    const QJsonObject incident = filed[0].toObject();
    QCOMPARE(incident.value(QStringLiteral("incident_id")),
             a.value(QStringLiteral("incidents")).toArray()[0].toObject().value(QStringLiteral("incident_id")));
    QCOMPARE(incident.value(QStringLiteral("symptom")).toString(), QStringLiteral("link_degraded"));
    QCOMPARE(incident.value(QStringLiteral("status")).toString(), QStringLiteral("open"));
    QCOMPARE(incident.value(QStringLiteral("incident")).toObject().value(QStringLiteral("element")).toString(),
             degradedLink);

    // Unknown recording, missing project: exit 1 naming the file.
    const CliRun unknown
        = runCli(base + QStringList{QStringLiteral("--source"), QStringLiteral("replay=%1#9").arg(project)});
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY2(unknown.err.contains(project + QStringLiteral(": the project has no telemetry recording 9")),
             qPrintable(unknown.err));
    const QString missing = dir.filePath(QStringLiteral("missing.railyard"));
    const CliRun none = runCli({QStringLiteral("recordings"), missing});
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.err.contains(missing), qPrintable(none.err));
}

void TestHealthCommand::usageErrors()
{
    const CliRun noJob = runCli({QStringLiteral("health"), sample("meta-24k.fabric.json")});
    QCOMPARE(noJob.exitCode, 0); // links are watched without a job
    const CliRun badFault
        = runCli({QStringLiteral("health"), sample("lab-2rack.fabric.json"), QStringLiteral("--job"),
                  sample("moe-meta-24k.job.json"), QStringLiteral("--inject"), QStringLiteral("degrade:nope:0.5")});
    QCOMPARE(badFault.exitCode, 2);
    QVERIFY2(badFault.err.contains(QStringLiteral("unknown link 'nope'")), qPrintable(badFault.err));
}

QTEST_GUILESS_MAIN(TestHealthCommand)
#include "tst_healthcommand.moc"
