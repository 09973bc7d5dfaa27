#include "app/cli/fabricmanagercommand.h"

#include "app/cli/clicommon.h"
#include "core/common/inputfile.h"
#include "core/common/outputfile.h"
#include "core/fabricmanager/lftdump.h"
#include "core/fabricmanager/opensmrun.h"
#include "core/fabricmanager/smconfig.h"
#include "core/fabricmanager/subnetrouting.h"
#include "core/intents/intentreader.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace Railyard::Cli {

int runSmConfig(const QStringList &args)
{
    CommandLine cl(QStringLiteral("sm-config"),
                   QStringLiteral("Writes OpenSM's configuration for an InfiniBand design into DIR: opensm.conf "
                                  "(routing engine and the files below), root_guids.conf (the top tier's switches), "
                                  "cn_guids.conf (every HCA port) and partitions.conf. The GUIDs are those of the "
                                  "design's ibnetdiscover export, which ibsim loads (docs/fabric-manager.md)."));
    cl.addPositional(QStringLiteral("FABRIC"), QStringLiteral("The design (any fabric format)."));
    cl.addOption({QStringLiteral("out")}, QStringLiteral("Directory for the files (created)."),
                 QStringLiteral("dir"));
    cl.addOption({QStringLiteral("engine")},
                 QStringLiteral("Routing engine: ftree, updn, minhop or dfsssp. Default ftree."),
                 QStringLiteral("name"), QStringLiteral("ftree"));
    cl.addFlag({QStringLiteral("no-root-guids")},
               QStringLiteral("Leave ftree/updn to find the roots themselves (to compare with the right roots)."));
    cl.addOption({QStringLiteral("intent")},
                 QStringLiteral("A reviewed network intent (*.intent.json): its RDMA allow/deny rules become "
                                "partitions (P_Keys), its PFC priority the partitions' service level. A rule P_Keys "
                                "cannot express is refused, naming it."),
                 QStringLiteral("file"));
    addKeyringOption(cl);
    cl.setEpilog(QStringLiteral("Example:\n  railyard-cli sm-config ft8.fabric.json --out sm/ && opensm -F "
                                "sm/opensm.conf\nExit codes: 0 written, 1 the fabric cannot be read or a file "
                                "cannot be written, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    const QString file = cl.positional(0);
    const FileFormat &format = readFormatFor(cl, file, QString(), QStringLiteral("from"));
    const QString out = cl.requiredString(QStringLiteral("out"));
    std::optional<Fabric> fabric = loadFabric(file, format);
    if (!fabric)
        return ExitBadInput;
    SmConfigOptions options;
    options.engine = cl.value(QStringLiteral("engine")).trimmed().toStdString();
    options.rootGuids = !cl.isSet(QStringLiteral("no-root-guids"));
    options.directory = QFileInfo(out).absoluteFilePath().toStdString();
    std::optional<IntentReadResult> intent;
    if (cl.isSet(QStringLiteral("intent"))) {
        intent = readIntentForCommand(cl, cl.value(QStringLiteral("intent")));
        if (!intent)
            return ExitBadInput;
        options.intent = &*intent->intent;
    }
    SmConfig config;
    try {
        config = subnetManagerConfig(*fabric, options);
    } catch (const SmConfigError &e) {
        const QString message = QString::fromStdString(e.what());
        if (message.startsWith(QLatin1String("engine:")))
            cl.fail(QStringLiteral("--") + message);
        printErr(QStringLiteral("%1: %2").arg(file, message));
        return ExitBadInput;
    } catch (const PartitionPlanError &e) {
        printErr(QStringLiteral("%1: at %2").arg(cl.value(QStringLiteral("intent")), QString::fromStdString(e.what())));
        return ExitBadInput;
    }
    if (!QDir().mkpath(out)) {
        printErr(QStringLiteral("%1: cannot create the directory").arg(out));
        return ExitBadInput;
    }
    for (const auto &[name, content] : config.files) {
        const QString path = QDir(out).filePath(QString::fromStdString(name));
        OutputFile output(path);
        QString error;
        if (!output.open(&error) || output.device().write(content.data(), qint64(content.size())) != qint64(content.size())
            || !output.commit(&error)) {
            printErr(QStringLiteral("%1: %2").arg(path, error.isEmpty() ? QStringLiteral("cannot write") : error));
            return ExitBadInput;
        }
    }
    printOut(QStringLiteral("%1: %2 files in %3").arg(file).arg(config.files.size()).arg(out));
    for (const std::string &note : config.notes)
        printOut(QStringLiteral("  ") + QString::fromStdString(note));
    return ExitOk;
}

int runRouting(const QStringList &args)
{
    CommandLine cl(QStringLiteral("routing"),
                   QStringLiteral("The design under the forwarding tables its subnet manager computed (dump_fts, "
                                  "ibroute or opensm -D output): every HCA pair's path traced (routed, loop-free), "
                                  "the routing balance (destinations per switch port, per tier and direction) and "
                                  "the effective bisection bandwidth over random bisections (docs/fabric-manager.md)."));
    cl.addPositional(QStringLiteral("FABRIC"), QStringLiteral("The design the tables route (any fabric format)."));
    cl.addOption({QStringLiteral("lfts")}, QStringLiteral("The forwarding tables (dump_fts output and the like)."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("engines")},
                 QStringLiteral("Instead of --lfts: run the real OpenSM on the design under ibsim once per engine and "
                                "compare them: ftree, ftree-no-roots, updn, minhop, dfsssp (comma-separated)."),
                 QStringLiteral("list"));
    cl.addFlag({QStringLiteral("model")},
               QStringLiteral("Instead of --lfts: the tables Railyard's static routing model computes (OpenSM's ftree "
                              "as it routes this design, min-hop where ftree refuses it), at any size."));
    cl.addOption({QStringLiteral("permutations")},
                 QStringLiteral("Random bisections for the effective bisection. Default 1000."), QStringLiteral("n"),
                 QStringLiteral("1000"));
    cl.addOption({QStringLiteral("seed")}, QStringLiteral("Seed of the random bisections. Default 1."),
                 QStringLiteral("n"), QStringLiteral("1"));
    cl.addFlag({QStringLiteral("shift")},
               QStringLiteral("The shift pattern instead (HCA i to HCA i + n/2): one deterministic bisection."));
    cl.addOption({QStringLiteral("job")},
                 QStringLiteral("A training job (*.job.json) placed on the design: its step communication time on "
                                "the topology (fluid), under Railyard's static routing model and under these tables."),
                 QStringLiteral("file"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print JSON (docs/cli.md)."));
    cl.setEpilog(QStringLiteral("Exit codes: 0 printed, 1 the fabric, the tables or the job cannot be read, 2 usage "
                                "error."));
    if (!cl.parse(args))
        return ExitOk;
    const QString file = cl.positional(0);
    const FileFormat &format = readFormatFor(cl, file, QString(), QStringLiteral("from"));
    if (int(cl.isSet(QStringLiteral("lfts"))) + int(cl.isSet(QStringLiteral("engines"))) + int(cl.isSet(QStringLiteral("model")))
        != 1)
        cl.fail(QStringLiteral("give one of --lfts (a dump of the tables), --engines (run OpenSM) and --model"));
    QStringList engines;
    for (const QString &engine : cl.value(QStringLiteral("engines")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString name = engine.trimmed();
        const std::vector<std::string> &known = comparableEngines();
        if (std::find(known.begin(), known.end(), name.toStdString()) == known.end())
            cl.fail(QStringLiteral("--engines: unknown engine '%1' (ftree, ftree-no-roots, updn, minhop, dfsssp)")
                        .arg(name.left(40)));
        engines << name;
    }
    const QString lftPath = cl.value(QStringLiteral("lfts"));
    const int permutations = cl.intValue(QStringLiteral("permutations"), 1000, 1);
    if (permutations > 1000000)
        cl.fail(QStringLiteral("--permutations: at most 1,000,000, got %1").arg(permutations));
    const int seed = cl.intValue(QStringLiteral("seed"), 1, 0);
    std::optional<Fabric> fabric = loadFabric(file, format);
    if (!fabric)
        return ExitBadInput;
    std::optional<JobSpec> job;
    if (cl.isSet(QStringLiteral("job")) && !(job = readJobFile(cl.value(QStringLiteral("job")))))
        return ExitBadInput;
    const bool shiftOnly = cl.isSet(QStringLiteral("shift"));
    if (!engines.isEmpty()) {
        const OpenSmTools tools = OpenSmTools::find();
        if (!tools.missing().isEmpty()) {
            printErr(QStringLiteral("--engines: %1").arg(tools.missing()));
            return ExitBadInput;
        }
        std::vector<std::string> names;
        for (const QString &engine : engines)
            names.push_back(engine.toStdString());
        const std::vector<EngineResult> results = compareEngines(*fabric, tools, names, permutations,
                                                                 std::uint64_t(seed), shiftOnly, job ? &*job : nullptr);
        if (std::none_of(results.begin(), results.end(), [](const EngineResult &r) { return r.report.has_value(); })) {
            for (const EngineResult &r : results)
                printErr(QStringLiteral("%1: %2: %3").arg(file, QString::fromStdString(r.engine),
                                                          QString::fromStdString(r.error)));
            return ExitBadInput;
        }
        printOutRaw(cl.isSet(QStringLiteral("json")) ? engineComparisonToJson(fabric->name, results)
                                                     : engineComparisonToText(fabric->name, results));
        return ExitOk;
    }
    std::optional<LftDump> tables;
    if (cl.isSet(QStringLiteral("model"))) {
        try {
            tables = modelTables(*fabric, *StaticRoutes::build(*fabric, CapacityView::of(*fabric)));
        } catch (const std::exception &e) {
            printErr(QStringLiteral("%1: %2").arg(file, QString::fromStdString(e.what())));
            return ExitBadInput;
        }
    } else {
        LftReadResult read = readTablesFor(*fabric, lftPath);
        if (!read.ok()) {
            printErr(read.errorText());
            return ExitBadInput;
        }
        tables = std::move(read.dump);
    }
    const SubnetRouting routing(*fabric, *tables);
    RoutingReport report = analyzeRouting(routing, permutations, std::uint64_t(seed), shiftOnly);
    if (job)
        report.job = evaluateJobUnderTables(routing, *job);
    printOutRaw(cl.isSet(QStringLiteral("json")) ? routingReportToJson(report) : routingReportToText(report));
    return ExitOk;
}

int runSmCheck(const QStringList &args)
{
    CommandLine cl(QStringLiteral("sm-check"),
                   QStringLiteral("Checks that the subnet manager enforces a reviewed intent: every host pair the "
                                  "intent allows RDMA shares a partition (P_Key) on every HCA port pair, no pair it "
                                  "denies shares one, and the partitions' paths are on the intent's service level. "
                                  "Without --pkeys, the real OpenSM runs the design under ibsim with sm-config's "
                                  "configuration and the P_Keys are read back with smpquery and saquery "
                                  "(docs/fabric-manager.md)."));
    cl.addPositional(QStringLiteral("FABRIC"), QStringLiteral("The design (any fabric format)."));
    cl.addOption({QStringLiteral("intent")}, QStringLiteral("The reviewed intent (*.intent.json)."),
                 QStringLiteral("file"));
    addKeyringOption(cl);
    cl.addOption({QStringLiteral("pkeys")},
                 QStringLiteral("P_Keys read from a real fabric instead: `saquery PKTR` output (needs --lfts for the "
                                "LIDs)."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("lfts")},
                 QStringLiteral("With --pkeys: dump_fts output of the same fabric, naming each LID's port GUID."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("engine")}, QStringLiteral("Routing engine of the simulated run. Default ftree."),
                 QStringLiteral("name"), QStringLiteral("ftree"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print JSON (docs/cli.md)."));
    cl.setEpilog(QStringLiteral("Exit codes: 0 enforced, 3 violated or incomplete, 1 an input cannot be read or the "
                                "simulation failed, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    const QString file = cl.positional(0);
    const FileFormat &format = readFormatFor(cl, file, QString(), QStringLiteral("from"));
    const QString intentPath = cl.requiredString(QStringLiteral("intent"));
    if (cl.isSet(QStringLiteral("pkeys")) != cl.isSet(QStringLiteral("lfts")))
        cl.fail(QStringLiteral("--pkeys and --lfts go together"));
    std::optional<Fabric> fabric = loadFabric(file, format);
    if (!fabric)
        return ExitBadInput;
    const std::optional<IntentReadResult> read = readIntentForCommand(cl, intentPath);
    if (!read)
        return ExitBadInput;
    const IntentReadResult &intent = *read;
    EnforcementCheck check;
    if (cl.isSet(QStringLiteral("pkeys"))) {
        const QString pkeyPath = cl.value(QStringLiteral("pkeys"));
        QString readError;
        const std::optional<QByteArray> pkeyBytes = readInputFile(pkeyPath, &readError);
        if (!pkeyBytes) {
            printErr(QStringLiteral("%1: %2").arg(pkeyPath, readError));
            return ExitBadInput;
        }
        const PkeyReadResult pkeys = readPkeyTables(std::string_view(pkeyBytes->constData(), size_t(pkeyBytes->size())),
                                                    pkeyPath);
        if (!pkeys.ok()) {
            printErr(pkeys.errorText());
            return ExitBadInput;
        }
        if (!pkeys.ports->empty() && pkeys.ports->front().lid == 0) {
            printErr(QStringLiteral("%1: smpquery output names no LID; give `saquery PKTR` output").arg(pkeyPath));
            return ExitBadInput;
        }
        const LftReadResult lfts = readTablesFor(*fabric, cl.value(QStringLiteral("lfts")));
        if (!lfts.ok()) {
            printErr(lfts.errorText());
            return ExitBadInput;
        }
        std::vector<std::string> problems;
        check = checkEnforcement(*fabric, *intent.intent, pkeysByPortGuid(*pkeys.ports, *lfts.dump, &problems));
        for (const std::string &problem : problems)
            printErr(QStringLiteral("%1: %2").arg(pkeyPath, QString::fromStdString(problem)));
    } else {
        const OpenSmTools tools = OpenSmTools::find();
        if (!tools.missing().isEmpty()) {
            printErr(QStringLiteral("sm-check: %1 (or give --pkeys and --lfts)").arg(tools.missing()));
            return ExitBadInput;
        }
        SimulatedSubnet subnet(*fabric, tools);
        SmConfigOptions options;
        options.engine = cl.value(QStringLiteral("engine")).trimmed().toStdString();
        options.intent = &*intent.intent;
        const IntentEnforcementRun run = subnet.checkIntent(options, *intent.intent);
        if (!run.ok) {
            printErr(QStringLiteral("%1: %2").arg(file, run.error));
            return ExitBadInput;
        }
        check = run.check;
    }
    printOutRaw(cl.isSet(QStringLiteral("json")) ? enforcementToJson(fabric->name, check)
                                                 : enforcementToText(fabric->name, check));
    return check.verdict == EnforcementCheck::Verdict::Enforced ? ExitOk : 3;
}

} // namespace Railyard::Cli
