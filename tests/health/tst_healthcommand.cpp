// `railyard-cli health` end to end: a degraded link on meta-24k named with
// the MoE job in the JSON report; record then replay gives the same report;
// usage errors.

#include "../common/clirun.h"

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
    void recordThenReplay();
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
    QVERIFY(job.value(QStringLiteral("slowdown")).toDouble() > 1.05);
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

void TestHealthCommand::usageErrors()
{
    const CliRun noJob = runCli({QStringLiteral("health"), sample("meta-24k.fabric.json")});
    QCOMPARE(noJob.exitCode, 2);
    QVERIFY(noJob.err.contains(QStringLiteral("--job")));
    const CliRun badFault
        = runCli({QStringLiteral("health"), sample("lab-2rack.fabric.json"), QStringLiteral("--job"),
                  sample("moe-meta-24k.job.json"), QStringLiteral("--inject"), QStringLiteral("degrade:nope:0.5")});
    QCOMPARE(badFault.exitCode, 2);
    QVERIFY2(badFault.err.contains(QStringLiteral("unknown link 'nope'")), qPrintable(badFault.err));
}

QTEST_GUILESS_MAIN(TestHealthCommand)
#include "tst_healthcommand.moc"
