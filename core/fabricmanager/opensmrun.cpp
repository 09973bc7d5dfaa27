#include "core/fabricmanager/opensmrun.h"

#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QThread>

namespace Railyard {

namespace {

QString findTool(const char *name)
{
    const QString onPath = QStandardPaths::findExecutable(QLatin1String(name));
    if (!onPath.isEmpty())
        return onPath;
    return QStandardPaths::findExecutable(QLatin1String(name), {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
}

bool writeText(const QString &path, const std::string &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text.data(), qint64(text.size())) == qint64(text.size());
}

QProcessEnvironment preloaded(const OpenSmTools &tools)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LD_PRELOAD"), tools.preload);
    return env;
}

} // namespace

OpenSmTools OpenSmTools::find()
{
    OpenSmTools tools;
    tools.ibsim = findTool("ibsim");
    tools.opensm = findTool("opensm");
    tools.dumpFts = findTool("dump_fts");
    for (const char *candidate : {"/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so",
                                  "/usr/lib/aarch64-linux-gnu/umad2sim/libumad2sim.so", "/usr/lib/umad2sim/libumad2sim.so"})
        if (QFileInfo::exists(QLatin1String(candidate))) {
            tools.preload = QLatin1String(candidate);
            break;
        }
    return tools;
}

QString OpenSmTools::missing() const
{
    if (ibsim.isEmpty())
        return QStringLiteral("ibsim is not installed (Debian package ibsim-utils)");
    if (preload.isEmpty())
        return QStringLiteral("libumad2sim.so is not installed (Debian package libumad2sim0)");
    if (opensm.isEmpty())
        return QStringLiteral("opensm is not installed (Debian package opensm)");
    if (dumpFts.isEmpty())
        return QStringLiteral("dump_fts is not installed (Debian package infiniband-diags)");
    return {};
}

SimulatedSubnet::SimulatedSubnet(const Fabric &design, const OpenSmTools &tools)
    : m_design(design)
    , m_tools(tools)
{
    m_error = tools.missing();
    if (!m_error.isEmpty())
        return;
    if (!m_dir.isValid()) {
        m_error = QStringLiteral("cannot create a temporary folder");
        return;
    }
    QString writeError;
    const std::string net = Ibnetdiscover::write(design, &writeError);
    if (net.empty() || !writeText(m_dir.filePath(QStringLiteral("design.ibnetdiscover")), net)) {
        m_error = writeError.isEmpty() ? QStringLiteral("cannot write the design for ibsim") : writeError;
        return;
    }
    m_sim.setWorkingDirectory(m_dir.path());
    m_sim.setProcessChannelMode(QProcess::MergedChannels);
    m_sim.start(tools.ibsim, {QStringLiteral("-s"), QStringLiteral("design.ibnetdiscover")});
    if (!m_sim.waitForStarted(10000))
        m_error = QStringLiteral("ibsim did not start: %1").arg(m_sim.errorString());
}

SimulatedSubnet::~SimulatedSubnet()
{
    if (m_sim.state() != QProcess::NotRunning) {
        m_sim.kill();
        m_sim.waitForFinished(5000);
    }
}

OpenSmRun SimulatedSubnet::route(SmConfigOptions options, int timeoutMs)
{
    OpenSmRun run;
    if (!m_error.isEmpty()) {
        run.error = m_error;
        return run;
    }
    const QString dir = m_dir.filePath(QStringLiteral("sm-%1-%2").arg(++m_runs).arg(QString::fromStdString(options.engine)));
    QDir().mkpath(dir);
    options.directory = dir.toStdString();
    SmConfig config;
    try {
        config = subnetManagerConfig(m_design, options);
    } catch (const SmConfigError &e) {
        run.error = QString::fromStdString(e.what());
        return run;
    }
    for (const auto &[name, content] : config.files)
        if (!writeText(QDir(dir).filePath(QString::fromStdString(name)), content)) {
            run.error = QStringLiteral("cannot write %1").arg(QString::fromStdString(name));
            return run;
        }
    const QString logFile = QDir(dir).filePath(QStringLiteral("opensm.log"));
    QElapsedTimer waited;
    waited.start();
    // ibsim answers once it has read the design: ask until OpenSM gets the subnet up.
    while (waited.elapsed() < timeoutMs) {
        if (m_sim.state() != QProcess::Running) {
            run.error = QStringLiteral("ibsim stopped: %1").arg(QString::fromUtf8(m_sim.readAll().right(300)));
            return run;
        }
        QProcess sm;
        sm.setProcessEnvironment(preloaded(m_tools));
        sm.setWorkingDirectory(dir);
        QElapsedTimer clock;
        clock.start();
        sm.start(m_tools.opensm, {QStringLiteral("-F"), QDir(dir).filePath(QStringLiteral("opensm.conf")),
                                  QStringLiteral("-o"), QStringLiteral("-f"), logFile});
        if (!sm.waitForFinished(std::max(1000, timeoutMs - int(waited.elapsed())))) {
            sm.kill();
            sm.waitForFinished(2000);
        }
        QFile log(logFile);
        if (log.open(QIODevice::ReadOnly))
            run.log = QString::fromUtf8(log.readAll());
        if (run.log.contains(QStringLiteral("SUBNET UP"))) {
            run.seconds = double(clock.elapsed()) / 1000.0;
            break;
        }
        QThread::msleep(300);
    }
    if (!run.log.contains(QStringLiteral("SUBNET UP"))) {
        run.error = QStringLiteral("OpenSM (%1) did not bring the subnet up within %2 s")
                        .arg(QString::fromStdString(options.engine))
                        .arg(timeoutMs / 1000);
        return run;
    }
    QProcess dump;
    dump.setProcessEnvironment(preloaded(m_tools));
    dump.start(m_tools.dumpFts, {});
    if (!dump.waitForFinished(timeoutMs) || dump.exitCode() != 0) {
        run.error = QStringLiteral("dump_fts failed: %1").arg(QString::fromUtf8(dump.readAllStandardError().left(300)));
        return run;
    }
    run.lfts = dump.readAllStandardOutput();
    run.ok = true;
    return run;
}

} // namespace Railyard
