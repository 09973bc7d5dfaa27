// railyard-cli's front door: help for every command, the version, the
// command list's columns, and what a directory given as FILE says.

#include "tests/common/clirun.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

class TestCliHelp : public QObject
{
    Q_OBJECT

private slots:
    void help_data();
    void help();
    void version();
    void directoryGivenAsFile();

private:
    QTemporaryDir m_dir;
};

void TestCliHelp::help_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("top") << QStringList{QStringLiteral("--help")};
    QTest::newRow("help command") << QStringList{QStringLiteral("help")};
    QTest::newRow("generate") << QStringList{QStringLiteral("generate"), QStringLiteral("--help")};
    for (const char *design :
         {"fat-tree", "dgx-superpod", "gb200-nvl72", "meta-ai-zone", "alibaba-hpn", "rail-optimized"})
        QTest::newRow(design) << QStringList{QStringLiteral("generate"), QLatin1String(design),
                                             QStringLiteral("--help")};
    for (const char *command : {"analyze", "convert", "validate"})
        QTest::newRow(command) << QStringList{QLatin1String(command), QStringLiteral("--help")};
}

void TestCliHelp::help()
{
    QFETCH(QStringList, args);
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY2(run.out.startsWith(QStringLiteral("Usage: railyard-cli")), qPrintable(run.out));
    // Every command's help names the command in its usage line.
    if (args.size() >= 2)
        QVERIFY2(run.out.section(QLatin1Char('\n'), 0, 0).contains(args.at(args.size() - 2)), qPrintable(run.out));
    // The command list keeps its columns: every summary starts in one column, two spaces
    // after the widest synopsis.
    if (args == QStringList{QStringLiteral("--help")}) {
        const QString list = run.out.section(QStringLiteral("Commands:\n"), 1).section(QStringLiteral("\n\n"), 0, 0);
        qsizetype column = -1;
        for (const QString &line : list.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const qsizetype at = line.indexOf(QStringLiteral("  "), 2 + 1);
            QVERIFY2(at > 0, qPrintable(line));
            qsizetype start = at;
            while (start < line.size() && line.at(start) == QLatin1Char(' '))
                ++start;
            if (column < 0)
                column = start;
            QVERIFY2(start == column, qPrintable(line));
        }
    }
}

void TestCliHelp::version()
{
    const CliRun run = runCli({QStringLiteral("--version")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.startsWith(QStringLiteral("railyard-cli ")), qPrintable(run.out));
    QVERIFY(run.out.contains(QRegularExpression(QStringLiteral("\\d+\\.\\d+\\.\\d+"))));
}

void TestCliHelp::directoryGivenAsFile()
{
    // A folder that is not a dump folder: said so, with what folders are read.
    const CliRun run = runCli({QStringLiteral("analyze"), m_dir.path()});
    QVERIFY2(run.exitCode != 0, qPrintable(describe(run)));
    QVERIFY2(run.err.contains(QStringLiteral("is a directory")), qPrintable(run.err));
    QVERIFY2(!run.err.contains(QStringLiteral("cannot tell the format")), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestCliHelp)
#include "tst_clihelp.moc"
