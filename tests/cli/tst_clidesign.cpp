// End-to-end tests of railyard-cli's design tools: a partitioned design
// refused by validate and the generator, the floor report and what it writes,
// the design explorer on the bundled requirements (split from tst_cli).

#include "tests/common/clirun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

class TestCliDesign : public QObject
{
    Q_OBJECT

private:
    /// Runs analyze --json and parses the report.
    QJsonObject analyzeJson(const QStringList &extraArgs, const QString &file);

    QTemporaryDir m_dir;

private slots:
    void initTestCase();
    void partitionedDesignRefused();
    void floorReport();
    void exploreRequirements();
};

QJsonObject TestCliDesign::analyzeJson(const QStringList &extraArgs, const QString &file)
{
    const CliRun run = runCli(QStringList{QStringLiteral("analyze"), file, QStringLiteral("--json")} + extraArgs);
    if (run.exitCode != 0) {
        qWarning("%s", qPrintable(describe(run)));
        return {};
    }
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

void TestCliDesign::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo::exists(QStringLiteral(RAILYARD_CLI)), RAILYARD_CLI);
}

/// A design whose hosts cannot all reach each other: validate names the
/// cut-off group (two leaves, no spine: by hand, h0-h1 and h2-h3, the first
/// group found is the largest part), and the generator refuses the
/// oversubscription that would leave the last, partial leaf of 68 hosts
/// (64 + 4) without an uplink.
void TestCliDesign::partitionedDesignRefused()
{
    const QString file = QStringLiteral(RAILYARD_TEST_DATA "/partitioned/two-islands.fabric.json");
    const CliRun run = runCli({QStringLiteral("validate"), file});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("two-islands.fabric.json: element 'h2': hosts 'h2' … 'h3' (2) reach no "
                                             "host outside their group: the fabric is partitioned")),
             qPrintable(describe(run)));
    const CliRun generated
        = runCli({QStringLiteral("generate"), QStringLiteral("rail-optimized"), QStringLiteral("--hosts"),
                  QStringLiteral("68"), QStringLiteral("--oversubscription"), QStringLiteral("1e10"), QStringLiteral("-o"),
                  QDir::temp().filePath(QStringLiteral("railyard-partitioned-never-written.fabric.json"))});
    QCOMPARE(generated.exitCode, 2);
    QVERIFY2(generated.err.contains(QStringLiteral("keeps no uplink, which would cut its hosts off from the rest")),
             qPrintable(describe(generated)));
    QVERIFY(!QFile::exists(QDir::temp().filePath(QStringLiteral("railyard-partitioned-never-written.fabric.json"))));
}


void TestCliDesign::floorReport()
{
    // The lab sample on its automatic floor: a report, the floor written
    // back, and the same report from that file.
    const QString fabric = QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json");
    const QString floorFile = m_dir.filePath(QStringLiteral("lab.floor.json"));
    const QString svg = m_dir.filePath(QStringLiteral("lab.svg"));
    const CliRun run = runCli({QStringLiteral("floor"), fabric, QStringLiteral("--json"), QStringLiteral("--write-floor"),
                               floorFile, QStringLiteral("--svg"), svg});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject doc = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QVERIFY(doc[QStringLiteral("automatic_floor")].toBool());
    QVERIFY(doc[QStringLiteral("total_kw")].toDouble() > 0);
    QVERIFY(!doc[QStringLiteral("parts")].toObject().isEmpty());
    QVERIFY(doc[QStringLiteral("problems")].toArray().isEmpty());
    QVERIFY(QFile(svg).size() > 0);
    // A budget every rack breaks: exit 1 and each rack named.
    QFile f(floorFile);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject floor = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    QJsonArray halls = floor[QStringLiteral("halls")].toArray();
    QJsonObject hall = halls[0].toObject();
    hall[QStringLiteral("rack_budget_kw")] = 0.001;
    halls[0] = hall;
    floor[QStringLiteral("halls")] = halls;
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(floor).toJson());
    f.close();
    const QString overSvg = m_dir.filePath(QStringLiteral("over.svg")), overFloor = m_dir.filePath(QStringLiteral("over.floor.json"));
    const CliRun over = runCli({QStringLiteral("floor"), fabric, QStringLiteral("--floor"), floorFile, QStringLiteral("--svg"),
                                overSvg, QStringLiteral("--write-floor"), overFloor});
    QCOMPARE(over.exitCode, 1);
    QVERIFY2(over.out.contains(QStringLiteral("over its 0.001 kW budget")), qPrintable(over.out));
    // Nothing written for a floor with problems, and the command says so.
    QVERIFY(!QFile::exists(overSvg) && !QFile::exists(overFloor));
    QVERIFY2(over.err.contains(QStringLiteral("%1 and %2 not written").arg(overFloor, overSvg)), qPrintable(over.err));
    // A bad floor: the field named, nothing printed as a report.
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(R"({"halls": [{"rows": 2, "slots_per_row": 2, "row_pitch_m": -1}]})");
    f.close();
    const CliRun bad = runCli({QStringLiteral("floor"), fabric, QStringLiteral("--floor"), floorFile});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains(QStringLiteral("/floor/halls/0/row_pitch_m: must be a number > 0")), qPrintable(bad.err));
    QVERIFY(bad.out.isEmpty());
}


void TestCliDesign::exploreRequirements()
{
    // The bundled requirements: a front, and the best design written as a fabric file.
    const QString best = m_dir.filePath(QStringLiteral("best.fabric.json"));
    const CliRun run = runCli({QStringLiteral("explore"), QStringLiteral(RAILYARD_SAMPLES "/h100-2k.explore.json"),
                               QStringLiteral("--json"), QStringLiteral("--write-design"), best});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject doc = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QVERIFY(doc[QStringLiteral("infeasible")].isNull());
    QVERIFY(!doc[QStringLiteral("front")].toArray().isEmpty());
    const QString first = doc[QStringLiteral("ranking")].toArray().at(0).toString();
    QVERIFY(!first.isEmpty());
    const QJsonObject analysed = analyzeJson({}, best);
    QCOMPARE(analysed[QStringLiteral("gpus")].toInt(), 2048);
    // --cache: the second run builds nothing.
    const QString cacheFile = m_dir.filePath(QStringLiteral("explore-cache.json"));
    for (int run = 0; run < 2; ++run) {
        const CliRun cached = runCli({QStringLiteral("explore"), QStringLiteral(RAILYARD_SAMPLES "/h100-2k.explore.json"),
                                      QStringLiteral("--json"), QStringLiteral("--cache"), cacheFile});
        QVERIFY2(cached.exitCode == 0, qPrintable(describe(cached)));
        const QJsonObject o = QJsonDocument::fromJson(cached.out.toUtf8()).object();
        QCOMPARE(o[QStringLiteral("cache_hits")].toInt(), run == 0 ? 0 : o[QStringLiteral("scored")].toInt());
        QCOMPARE(o[QStringLiteral("ranking")].toArray().at(0).toString(), first);
    }
    // Requirements no design meets: exit 1, the binding constraint named.
    const QString tight = m_dir.filePath(QStringLiteral("tight.explore.json"));
    QFile f(tight);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"gpus": 2048, "constraints": {"switch_models": ["qm9700"], "budget": 1000}})");
    f.close();
    const CliRun none = runCli({QStringLiteral("explore"), tight});
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.err.contains(QStringLiteral("budget: the cheapest design that meets every other constraint costs")),
             qPrintable(none.err));
    // A bad file names the field.
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(R"({"gpus": 2048, "constraints": {"max_tiers": 9}})");
    f.close();
    const CliRun bad = runCli({QStringLiteral("explore"), tight});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains(QStringLiteral("/constraints/max_tiers: must be between 1 and 4")), qPrintable(bad.err));
}

QTEST_GUILESS_MAIN(TestCliDesign)
#include "tst_clidesign.moc"
