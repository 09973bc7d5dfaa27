#include "core/fabricmanager/opensmrun.h"

#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"
#include "core/formats/ibnetdiscover/infinibandrates.h"
#include "core/model/infinibandids.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QLocale>
#include <QThread>

#include <algorithm>
#include <map>

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
    tools.smpquery = findTool("smpquery");
    tools.saquery = findTool("saquery");
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
    if (smpquery.isEmpty())
        return QStringLiteral("smpquery is not installed (Debian package infiniband-diags)");
    if (saquery.isEmpty())
        return QStringLiteral("saquery is not installed (Debian package infiniband-diags)");
    return {};
}

QString ibsimCapacityProblem(const Fabric &design)
{
    long long hcas = 0, ports = 0;
    for (std::int32_t h = 0; h < design.hostCount(); ++h)
        for (const Nic &nic : design.host(h).nics) {
            ++hcas;
            ports += std::max(1, nic.ports);
        }
    for (std::int32_t s = 0; s < design.switchCount(); ++s)
        ports += design.switchAt(s).radix + 1; // and the switch's management port 0
    const long long nodes = design.switchCount() + hcas;
    if (nodes <= kIbsimMaxNodes && ports <= kIbsimMaxPorts)
        return {};
    const QLocale c = QLocale::c();
    return QStringLiteral("%1 is beyond what ibsim simulates: %2 nodes (%3 switches, %4 HCAs) and %5 ports, where "
                          "Debian's ibsim holds at most %6 nodes and %7 ports; check a part of it (a pod, or a "
                          "smaller design of the same shape)")
        .arg(QString::fromStdString(design.name).left(80), c.toString(nodes), c.toString(design.switchCount()),
             c.toString(hcas), c.toString(ports), c.toString(kIbsimMaxNodes), c.toString(kIbsimMaxPorts));
}

QString mapRatesForIbsim(const Fabric &design, Fabric &simulated)
{
    simulated = design;
    std::map<std::string, long long> mapped; // "4xNDR → 4xHDR" → links
    for (std::int32_t l = 0; l < simulated.linkCount(); ++l) {
        Link &link = simulated.link(l);
        for (double *gbps : {&link.capacityGbps, &link.degradedGbps}) {
            if (*gbps <= 0)
                continue;
            const std::optional<std::string> name = InfinibandRates::nameOf(*gbps);
            if (!name)
                continue;
            const size_t x = name->find('x');
            const std::string speed = name->substr(x + 1);
            if (speed != "NDR" && speed != "XDR")
                continue;
            const int width = std::stoi(name->substr(0, x));
            *gbps = width * 50.0;
            if (gbps == &link.capacityGbps)
                ++mapped[*name + " as " + std::to_string(width) + "xHDR"];
        }
    }
    if (mapped.empty())
        return {};
    QStringList parts;
    for (const auto &[what, count] : mapped)
        parts << QStringLiteral("%1 links of %2").arg(count).arg(QString::fromStdString(what));
    return QStringLiteral("ibsim knows speeds up to HDR: simulated %1. Routing does not depend on the rate; the "
                          "job is priced at the design's own rates.")
        .arg(parts.join(QStringLiteral(", ")));
}

SimulatedSubnet::SimulatedSubnet(const Fabric &design, const OpenSmTools &tools)
    : m_design(design)
    , m_tools(tools)
{
    m_error = tools.missing();
    if (!m_error.isEmpty())
        return;
    m_error = ibsimCapacityProblem(design);
    if (!m_error.isEmpty())
        return;
    if (!m_dir.isValid()) {
        m_error = QStringLiteral("cannot create a temporary folder");
        return;
    }
    QString writeError;
    Fabric simulated;
    m_note = mapRatesForIbsim(design, simulated);
    const std::string net = Ibnetdiscover::write(simulated, &writeError);
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

QString SimulatedSubnet::writeConfig(SmConfigOptions &options, SmConfig &config, QString *error)
{
    const QString dir = m_dir.filePath(QStringLiteral("sm-%1-%2").arg(++m_runs).arg(QString::fromStdString(options.engine)));
    QDir().mkpath(dir);
    options.directory = dir.toStdString();
    try {
        config = subnetManagerConfig(m_design, options);
    } catch (const std::runtime_error &e) {
        *error = QString::fromStdString(e.what());
        return {};
    }
    for (const auto &[name, content] : config.files)
        if (!writeText(QDir(dir).filePath(QString::fromStdString(name)), content)) {
            *error = QStringLiteral("cannot write %1").arg(QString::fromStdString(name));
            return {};
        }
    return dir;
}

OpenSmRun SimulatedSubnet::route(SmConfigOptions options, int timeoutMs)
{
    OpenSmRun run;
    if (!m_error.isEmpty()) {
        run.error = m_error;
        return run;
    }
    SmConfig config;
    const QString dir = writeConfig(options, config, &run.error);
    if (dir.isEmpty())
        return run;
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

IntentEnforcementRun SimulatedSubnet::checkIntent(SmConfigOptions options, const Intent &intent, int timeoutMs,
                                                  const Progress &progress)
{
    IntentEnforcementRun run;
    if (!m_error.isEmpty()) {
        run.error = m_error;
        return run;
    }
    QElapsedTimer clock;
    clock.start();
    auto goOn = [&](const QString &stage, int done, int total) {
        if (!progress || progress(stage, done, total))
            return true;
        run.cancelled = true;
        run.error = QStringLiteral("cancelled");
        return false;
    };
    if (!goOn(QStringLiteral("writing OpenSM's configuration"), 0, 0))
        return run;
    SmConfig config;
    const QString dir = writeConfig(options, config, &run.error);
    if (dir.isEmpty())
        return run;
    run.plan = config.partitions;
    // The daemon's log is buffered: flush it so SUBNET UP shows when it happens.
    QFile conf(QDir(dir).filePath(QStringLiteral("opensm.conf")));
    if (!conf.open(QIODevice::Append) || conf.write("force_log_flush TRUE\n") < 0) {
        run.error = QStringLiteral("cannot write opensm.conf");
        return run;
    }
    conf.close();
    const QString logFile = QDir(dir).filePath(QStringLiteral("opensm.log"));
    QProcess sm;
    sm.setProcessEnvironment(preloaded(m_tools));
    sm.setWorkingDirectory(dir);
    sm.setProcessChannelMode(QProcess::MergedChannels);
    sm.start(m_tools.opensm, {QStringLiteral("-F"), conf.fileName(), QStringLiteral("-f"), logFile});
    auto stop = [&sm] {
        if (sm.state() != QProcess::NotRunning) {
            sm.terminate();
            if (!sm.waitForFinished(3000)) {
                sm.kill();
                sm.waitForFinished(2000);
            }
        }
    };
    // From here on a tool that fails gives the Incomplete verdict with its
    // message, on what was read (docs/fabric-manager.md): a loaded machine
    // slows ibsim, it does not make the intent wrong.
    PkeysByPort pkeys;
    auto incomplete = [&](const QString &reason) {
        stop();
        run.check = checkEnforcement(m_design, intent, pkeys);
        run.check.verdict = EnforcementCheck::Verdict::Incomplete;
        run.check.incompleteReason = reason.left(400).toStdString();
        run.seconds = double(clock.elapsed()) / 1000.0;
        run.ok = true;
        return run;
    };
    bool up = false;
    while (clock.elapsed() < timeoutMs && sm.state() != QProcess::NotRunning) {
        QFile log(logFile);
        if (log.open(QIODevice::ReadOnly) && log.readAll().contains("SUBNET UP")) {
            up = true;
            break;
        }
        if (!goOn(QStringLiteral("OpenSM is bringing the subnet up (%1 s of at most %2 s)")
                      .arg(clock.elapsed() / 1000)
                      .arg(timeoutMs / 1000),
                  0, 0)) {
            stop();
            return run;
        }
        sm.waitForFinished(200);
    }
    if (!up)
        return incomplete(sm.state() == QProcess::NotRunning
                              ? QStringLiteral("OpenSM stopped before SUBNET UP: %1")
                                    .arg(QString::fromUtf8(sm.readAll().right(300)).trimmed())
                              : QStringLiteral("OpenSM did not bring the subnet up within %1 s (a loaded machine "
                                               "slows ibsim; try again when it is idle)")
                                    .arg(double(timeoutMs) / 1000.0));
    QString toolError;
    auto tool = [&](const QString &program, const QStringList &args, QByteArray *out) {
        QProcess p;
        p.setProcessEnvironment(preloaded(m_tools));
        p.start(program, args);
        if (!p.waitForFinished(30000) || p.exitCode() != 0) {
            p.kill();
            toolError = QStringLiteral("%1 %2 failed: %3")
                            .arg(QFileInfo(program).fileName(), args.join(QLatin1Char(' ')).left(80),
                                 QString::fromUtf8(p.readAllStandardError().right(200)).trimmed());
            return false;
        }
        *out = p.readAllStandardOutput();
        return true;
    };
    if (!goOn(QStringLiteral("reading the forwarding tables (dump_fts)"), 0, 0)) {
        stop();
        return run;
    }
    QByteArray lfts;
    if (!tool(m_tools.dumpFts, {}, &lfts))
        return incomplete(toolError);
    const LftReadResult tables = readLftDump(std::string_view(lfts.constData(), size_t(lfts.size())),
                                             QStringLiteral("dump_fts"));
    if (!tables.ok())
        return incomplete(tables.errorText());
    // Every HCA port's table, straight from the port (SMPs).
    int hcaLids = 0;
    for (const auto &[lid, destination] : tables.dump->destinations)
        hcaLids += destination.kind == LftDestination::Kind::ChannelAdapter ? 1 : 0;
    std::map<std::uint64_t, int> lidOf;
    int read = 0;
    for (const auto &[lid, destination] : tables.dump->destinations) {
        if (destination.kind != LftDestination::Kind::ChannelAdapter)
            continue;
        if (!goOn(QStringLiteral("reading P_Keys back (smpquery)"), read, hcaLids)) {
            stop();
            return run;
        }
        lidOf[destination.portGuid] = lid;
        QByteArray out;
        // Under load ibsim's umad layer may refuse a write: the tool's words.
        if (!tool(m_tools.smpquery, {QStringLiteral("pkeys"), QString::number(lid)}, &out))
            return incomplete(toolError);
        const PkeyReadResult table = readPkeyTables(std::string_view(out.constData(), size_t(out.size())),
                                                    QStringLiteral("smpquery pkeys %1").arg(lid));
        if (!table.ok() || table.ports->size() != 1)
            return incomplete(table.ok() ? QStringLiteral("smpquery pkeys %1: no table").arg(lid) : table.errorText());
        pkeys[destination.portGuid] = table.ports->front().pkeys;
        ++read;
    }
    // One path per partition from the subnet administrator, for its service level.
    std::vector<PathRecordEntry> records;
    if (run.plan && run.plan->serviceLevel) {
        const InfinibandIds ids = InfinibandIds::of(m_design);
        for (const PlannedPartition &p : run.plan->partitions) {
            std::vector<std::int32_t> members = p.fullHosts;
            members.insert(members.end(), p.limitedHosts.begin(), p.limitedHosts.end());
            if (members.size() < 2)
                continue;
            auto lidOfHost = [&](std::int32_t h) {
                const int ca = ids.caOfHost[size_t(h)].empty() ? -1 : ids.caOfHost[size_t(h)].front();
                const auto found = ca < 0 ? lidOf.end() : lidOf.find(ids.cas[size_t(ca)].guid + 1);
                return found == lidOf.end() ? 0 : found->second;
            };
            const int a = lidOfHost(members[0]), b = lidOfHost(members[1]);
            if (!a || !b)
                continue;
            if (!goOn(QStringLiteral("reading the partitions' paths (saquery)"), read, hcaLids)) {
                stop();
                return run;
            }
            QByteArray out;
            const QStringList args{QStringLiteral("-p"), QStringLiteral("--pkey"),
                                   QStringLiteral("0x%1").arg(unsigned(p.pkey) | 0x8000u, 4, 16, QLatin1Char('0')),
                                   QStringLiteral("--src-to-dst"), QStringLiteral("%1:%2").arg(a).arg(b)};
            if (!tool(m_tools.saquery, args, &out))
                return incomplete(toolError);
            const PathRecordReadResult paths = readPathRecords(std::string_view(out.constData(), size_t(out.size())),
                                                               QStringLiteral("saquery -p"));
            if (!paths.ok())
                return incomplete(paths.errorText());
            records.insert(records.end(), paths.records->begin(), paths.records->end());
        }
    }
    stop();
    run.check = checkEnforcement(m_design, intent, pkeys);
    if (run.plan)
        checkServiceLevels(run.check, *run.plan, records);
    run.seconds = double(clock.elapsed()) / 1000.0;
    run.ok = true;
    return run;
}

const std::vector<std::string> &comparableEngines()
{
    static const std::vector<std::string> engines{"ftree", "ftree-no-roots", "updn", "minhop", "dfsssp"};
    return engines;
}

SmConfigOptions comparableEngineOptions(const std::string &engine)
{
    SmConfigOptions options;
    options.engine = engine == "ftree-no-roots" ? std::string("ftree") : engine;
    options.rootGuids = engine != "ftree-no-roots";
    return options;
}

std::vector<EngineResult> compareEngines(const Fabric &design, const OpenSmTools &tools,
                                         const std::vector<std::string> &engines, int permutations,
                                         std::uint64_t seed, bool shiftOnly, const JobSpec *job,
                                         const std::function<bool(int done)> &progress)
{
    std::vector<EngineResult> results;
    SimulatedSubnet subnet(design, tools);
    for (const std::string &engine : engines) {
        EngineResult result;
        result.engine = engine;
        result.simulationNote = subnet.note().toStdString();
        if (!subnet.error().isEmpty()) {
            result.error = subnet.error().toStdString();
        } else {
            const OpenSmRun run = subnet.route(comparableEngineOptions(engine));
            result.opensmSeconds = run.seconds;
            if (!run.ok) {
                result.error = run.error.toStdString();
            } else {
                LftReadResult tables = readLftDump(std::string_view(run.lfts.constData(), size_t(run.lfts.size())),
                                                   QStringLiteral("dump_fts (%1)").arg(QString::fromStdString(engine)));
                if (!tables.ok()) {
                    result.error = tables.errorText().toStdString();
                } else {
                    result.tables = std::make_shared<const LftDump>(std::move(*tables.dump));
                    const SubnetRouting routing(design, *result.tables);
                    RoutingReport report = analyzeRouting(routing, permutations, seed, shiftOnly);
                    result.shiftShare = effectiveBisection(routing, 1, 1, true).meanShare;
                    if (job)
                        report.job = evaluateJobUnderTables(routing, *job);
                    result.report = std::move(report);
                }
            }
        }
        results.push_back(std::move(result));
        if (progress && !progress(int(results.size())))
            break;
    }
    return results;
}

} // namespace Railyard
