#pragma once

// Runs the railyard-cli binary (its path comes from the RAILYARD_CLI compile
// definition) and captures the exit code and both output streams.

#include <QProcess>
#include <QString>
#include <QStringList>

struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

inline CliRun runCli(const QStringList &args, int timeoutMs = 240000)
{
    QProcess process;
    process.start(QStringLiteral(RAILYARD_CLI), args);
    CliRun run;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        run.err = QStringLiteral("railyard-cli did not finish: ") + args.join(QLatin1Char(' '));
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

/// A failure message with the run's exit code and output (stdout cut at 2,000 characters).
inline QString describe(const CliRun &run)
{
    return QStringLiteral("exit %1\nstdout: %2\nstderr: %3").arg(run.exitCode).arg(run.out.left(2000), run.err);
}
