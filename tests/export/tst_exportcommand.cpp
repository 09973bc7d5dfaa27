// End-to-end tests of `railyard-cli export`: runs the built binary and checks
// output, files and exit codes (0 ok, 1 bad input / cannot export, 2 usage).

#include <QFile>
#include "tests/common/clirun.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {


const QString kSample = QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.fabric.json");

} // namespace

class TestExportCommand : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase();
    void help();
    void toStdout_data();
    void toStdout();
    void toFile();
    void labelPrefix();
    void usageErrors_data();
    void usageErrors();
    void badInput();
};

void TestExportCommand::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo::exists(QStringLiteral(RAILYARD_CLI)), RAILYARD_CLI);
}

void TestExportCommand::help()
{
    const CliRun run = runCli({QStringLiteral("export"), QStringLiteral("--help")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY(run.out.startsWith(QLatin1String("Usage: railyard-cli export [options] FABRIC")));
    for (const char *format : {"slurm-tree", "slurm-block", "slurm-yaml", "kueue", "volcano"})
        QVERIFY2(run.out.contains(QLatin1String(format)), format);
    const CliRun top = runCli({QStringLiteral("--help")});
    QVERIFY(top.out.contains(QLatin1String("export FILE --to FORMAT")));
}

void TestExportCommand::toStdout_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("expected");
    QTest::newRow("slurm-tree") << "slurm-tree"
                                << "\nSwitchName=su-001 Nodes=gpu[001-032]\n";
    QTest::newRow("slurm-block") << "slurm-block"
                                 << "\nBlockSizes=32,64,128,256\n";
    QTest::newRow("slurm-yaml") << "slurm-yaml"
                                << "\n      - switch: su-012\n        nodes: \"gpu[353-384]\"\n";
    QTest::newRow("kueue") << "kueue"
                           << "\n  name: gpu384\n  labels:\n    railyard.io/block: pod-03\n";
    QTest::newRow("volcano") << "volcano"
                             << "\n  name: pod-03\nspec:\n  tier: 2\n";
}

void TestExportCommand::toStdout()
{
    QFETCH(QString, format);
    QFETCH(QString, expected);
    const CliRun run = runCli({QStringLiteral("export"), kSample, QStringLiteral("--to"), format});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY2(run.out.contains(expected), qPrintable(run.out.left(3000)));
    QVERIFY(run.out.startsWith(QLatin1Char('#')));
    QVERIFY(run.err.isEmpty());
}

void TestExportCommand::toFile()
{
    const QString file = m_dir.filePath(QStringLiteral("topology.conf"));
    const CliRun run
        = runCli({QStringLiteral("export"), kSample, QStringLiteral("--to=slurm-tree"), QStringLiteral("-o"), file});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY(run.out.contains(QLatin1String("-> ") + file + QLatin1String(" (slurm-tree)")));
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const CliRun toStdout
        = runCli({QStringLiteral("export"), kSample, QStringLiteral("--to"), QStringLiteral("slurm-tree")});
    QCOMPARE(QString::fromUtf8(written.readAll()), toStdout.out);
}

void TestExportCommand::labelPrefix()
{
    const CliRun run = runCli({QStringLiteral("export"), kSample, QStringLiteral("--to"), QStringLiteral("kueue"),
                               QStringLiteral("--label-prefix"), QStringLiteral("example.com")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY(run.out.contains(QLatin1String("    - nodeLabel: example.com/block\n")));
    QVERIFY(!run.out.contains(QLatin1String("railyard.io/")));
}

void TestExportCommand::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown format") << QStringList{kSample, "--to", "slurm"}
                                    << "--to: unknown export format 'slurm' (one of: slurm-tree, slurm-block, "
                                       "slurm-yaml, kueue, volcano)";
    QTest::newRow("missing --to") << QStringList{kSample} << "--to is required";
    QTest::newRow("missing file") << QStringList{"--to", "kueue"} << "missing FABRIC";
    QTest::newRow("bad prefix") << QStringList{kSample, "--to", "kueue", "--label-prefix", "Bad_Prefix"}
                                << "--label-prefix: 'Bad_Prefix' is not a DNS subdomain";
    QTest::newRow("bad block size") << QStringList{kSample, "--to", "slurm-block", "--block-size", "0"}
                                    << "--block-size must be at least 1";
    QTest::newRow("unknown option") << QStringList{kSample, "--to", "kueue", "--bogus"} << "bogus";
}

void TestExportCommand::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun run = runCli(QStringList{QStringLiteral("export")} + args);
    QVERIFY2(run.exitCode == 2, qPrintable(describe(run)));
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(run.err.contains(QLatin1String("Try 'railyard-cli export --help'")));
    QVERIFY(run.out.isEmpty());
}

void TestExportCommand::badInput()
{
    const QString missing = m_dir.filePath(QStringLiteral("missing.fabric.json"));
    CliRun run = runCli({QStringLiteral("export"), missing, QStringLiteral("--to"), QStringLiteral("volcano")});
    QVERIFY2(run.exitCode == 1, qPrintable(describe(run)));
    QVERIFY(run.err.contains(missing));
    // A base block larger than the 32-host blocks cannot be exported.
    run = runCli({QStringLiteral("export"), kSample, QStringLiteral("--to"), QStringLiteral("slurm-block"),
                  QStringLiteral("--block-size"), QStringLiteral("64")});
    QVERIFY2(run.exitCode == 1, qPrintable(describe(run)));
    QVERIFY2(
        run.err.contains(QLatin1String("cannot export as slurm-block: block size: 64 nodes exceeds block 'su-001'")),
        qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestExportCommand)
#include "tst_exportcommand.moc"
