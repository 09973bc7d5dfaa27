#include "app/cli/placecommand.h"

#include "app/cli/clicommon.h"
#include "core/analysis/capacity.h"
#include "core/export/hostlist.h"
#include "core/fabricmanager/subnetrouting.h"
#include "core/jobs/jobspec.h"
#include "core/model/units.h"
#include "core/placement/clusterstate.h"
#include "core/placement/jobevaluation.h"
#include "core/placement/placementreport.h"
#include "core/placement/placementsummary.h"
#include "core/placement/placer.h"
#include "core/traffic/routing.h"
#include "core/traffic/steptraffic.h"
#include "core/traffic/tierbytes.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <map>
#include <tuple>

namespace Railyard::Cli {

namespace {

/// The comma-separated items of an option value, split outside brackets
/// (hostlists keep their commas), trimmed, empty ones dropped.
QStringList optionItems(const CommandLine &cl, const QString &option, const QString &value)
{
    QStringList items;
    try {
        for (const std::string &term : splitHostlist(value.toStdString()))
            if (const QString item = QString::fromStdString(term).trimmed(); !item.isEmpty())
                items << item;
    } catch (const HostlistError &e) {
        cl.fail(QStringLiteral("--%1: %2").arg(option, QString::fromStdString(e.what())));
    }
    return items;
}

} // namespace

int runPlace(const QStringList &args)
{
    CommandLine cl(QStringLiteral("place"),
                   QStringLiteral("Places a training job on a fabric and reports where its ranks run, the collectives "
                                  "of one training step and the bytes crossing each tier of the topology "
                                  "(docs/traffic-model.md)."));
    cl.addPositional(QStringLiteral("FABRIC"), QStringLiteral("Fabric file."));
    cl.addPositional(QStringLiteral("JOB"), QStringLiteral("Job file (*.job.json, docs/job-format.md)."));
    cl.addOption(
        {QStringLiteral("strategy")},
        QStringLiteral("Placement strategy: topology (smallest domain that fits, rail-aligned), linear "
                       "(first fit in host order) or random (seeded scatter of whole hosts). Default topology."),
        QStringLiteral("name"), QStringLiteral("topology"));
    cl.addOption({QStringLiteral("exclude")},
                 QStringLiteral("Never use these hosts (drained): ids or hostlists such as gpu[0001-0008,0013]; "
                                "repeat or separate with commas."),
                 QStringLiteral("id"));
    cl.addOption({QStringLiteral("seed")}, QStringLiteral("Seed of the random strategy. Default 1."),
                 QStringLiteral("n"), QStringLiteral("1"));
    cl.addOption({QStringLiteral("routing")},
                 QStringLiteral("Routing model for link loads: fluid, ecmp, adaptive, hashed (ECMP hashing, each "
                                "connection pinned to one path), static (InfiniBand's destination tables, as OpenSM's ftree computes them) "
                                "or as-routed (the fabric's own: its \"routing\", else static for InfiniBand, "
                                "adaptive for EFA and hashed otherwise). Default fluid. With --fail or --degrade the report also gives "
                                "the slowdown as routed and with adaptive routing."),
                 QStringLiteral("mode"), QStringLiteral("fluid"));
    cl.addOption({QStringLiteral("rank-order")},
                 QStringLiteral("Which host takes which block of ranks: topology (as placed; the topology strategy "
                                "keeps every group in the topology's host order), random (the same hosts shuffled, "
                                "--seed), or FILE: a host list (one id or hostlist per line, # comments), ranks in "
                                "Megatron order host after host. Default topology."),
                 QStringLiteral("order"), QStringLiteral("topology"));
    cl.addOption({QStringLiteral("lfts")},
                 QStringLiteral("Route by the forwarding tables a subnet manager computed for this fabric (dump_fts, "
                                "ibroute or opensm -D output): every connection follows them hop by hop "
                                "(docs/fabric-manager.md). Instead of --routing."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("busy")},
                 QStringLiteral("HOST:GPUS: the first GPUS GPUs of HOST are in use by work Railyard did not place "
                                "(a running job); repeat or separate with commas."),
                 QStringLiteral("host:gpus"));
    cl.addOption({QStringLiteral("running")},
                 QStringLiteral("A job already on the cluster, placed before JOB (a queue, in the order given); "
                                "repeat for several. Its own traffic is not added to JOB's."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("running-strategy")},
                 QStringLiteral("Strategy the --running jobs were placed with. Default topology."),
                 QStringLiteral("name"), QStringLiteral("topology"));
    cl.addOption({QStringLiteral("fail")},
                 QStringLiteral("What-if: this link or switch is down; repeat for several. The report then gives "
                                "the slowdown against the healthy fabric."),
                 QStringLiteral("id"));
    cl.addOption({QStringLiteral("degrade")},
                 QStringLiteral("What-if: LINK=GBPS or LINK=PERCENT% runs the link at that rate (e.g. a flapping "
                                "optic at 100 or 25%); repeat for several."),
                 QStringLiteral("link=rate"));
    cl.addOption({QStringLiteral("link-loads")},
                 QStringLiteral("Write every link the step loads as CSV (link, ends, capacities, bytes per step in "
                                "the busier direction, utilization), busiest first."),
                 QStringLiteral("file"));
    addNcclOptions(cl);
    cl.addOption({QStringLiteral("mfu")},
                 QStringLiteral("The compute efficiency (MFU while computing, (0, 1]) instead of the job's compute.mfu "
                                "or the default fitted for the GPU and precision."),
                 QStringLiteral("x"));
    cl.addOption({QStringLiteral("measured-step")},
                 QStringLiteral("A step time measured on a real run (seconds): the report gives the compute efficiency "
                                "it implies (docs/step-validation.md)."),
                 QStringLiteral("seconds"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print the report as JSON."));
    cl.addOption({QStringLiteral("from")}, QStringLiteral("Fabric format slug, overriding the file name."),
                 QStringLiteral("slug"));
    cl.setEpilog(QStringLiteral("Examples:\n"
                                "  railyard-cli place samples/cluster-3k.fabric.json samples/llama-70b-3k.job.json\n"
                                "  railyard-cli place samples/meta-24k.fabric.json samples/moe-meta-24k.job.json "
                                "--strategy random --seed 7 --json\n"
                                "  railyard-cli place samples/meta-24k.fabric.json samples/moe-meta-24k.job.json "
                                "--degrade gpu0129--leaf-0065=100\n"
                                "Exit codes: 0 placed, 1 bad fabric or job file, unknown --exclude, --busy, --fail or "
                                "--degrade id, a --running job that does not fit, or JOB too big for the free GPUs, "
                                "2 usage error, 3 placed but some of its flows have no path (the job cannot run as "
                                "routed; unrouted_flows in the report)."));
    if (!cl.parse(args))
        return ExitOk;

    PlacementOptions options;
    const QString strategyName = cl.value(QStringLiteral("strategy")).trimmed().toLower();
    const auto strategy = placementStrategyFromName(strategyName.toStdString());
    if (!strategy)
        cl.fail(QStringLiteral("--strategy: unknown strategy '%1' (topology, linear or random)").arg(strategyName));
    options.strategy = *strategy;
    const int seed = cl.intValue(QStringLiteral("seed"), 1, 0);
    options.seed = std::uint64_t(seed);
    RoutingOptions routing;
    const QString routingName = cl.value(QStringLiteral("routing")).trimmed().toLower();
    const bool asRouted = routingName == QLatin1String("as-routed");
    if (!asRouted && !routingModeFromName(routingName.toStdString(), &routing.mode))
        cl.fail(QStringLiteral("--routing: unknown mode '%1' (fluid, ecmp, adaptive, hashed, static or as-routed)")
                    .arg(routingName.left(40)));
    for (const QString &arg : cl.values(QStringLiteral("exclude")))
        for (const QString &item : optionItems(cl, QStringLiteral("exclude"), arg)) {
            try {
                for (std::string &name : expandHostlist(item.toStdString()))
                    options.excludedHosts.push_back(std::move(name));
            } catch (const std::exception &e) {
                cl.fail(QStringLiteral("--exclude: '%1': %2").arg(item, QString::fromStdString(e.what())));
            }
        }

    const QString rankOrder = cl.value(QStringLiteral("rank-order")).trimmed();
    if (rankOrder == QLatin1String("random")) {
        options.rankOrder = RankOrder::Random;
    } else if (rankOrder != QLatin1String("topology")) {
        options.rankOrder = RankOrder::File;
        if (!readHostOrder(rankOrder, &options.hostOrder))
            return ExitBadInput;
    }

    const QString fabricFile = cl.positional(0);
    const QString jobFile = cl.positional(1);
    const FileFormat &format = readFormatFor(cl, fabricFile, cl.value(QStringLiteral("from")), QStringLiteral("from"));
    std::optional<Fabric> fabric = loadFabric(fabricFile, format);
    if (!fabric)
        return ExitBadInput;
    applyNcclOptions(cl, *fabric);
    if (asRouted)
        routing = asRoutedOptions(*fabric, std::uint64_t(seed));
    if (cl.isSet(QStringLiteral("lfts"))) {
        if (cl.isSet(QStringLiteral("routing")))
            cl.fail(QStringLiteral("give one of --routing and --lfts"));
        const LftReadResult tables = readTablesFor(*fabric, cl.value(QStringLiteral("lfts")));
        if (!tables.ok()) {
            printErr(tables.errorText());
            return ExitBadInput;
        }
        routing = tableRoutingOptions(*fabric, *tables.dump);
    }
    const std::optional<JobSpec> jobRead = readJobFile(jobFile);
    if (!jobRead)
        return ExitBadInput;
    JobSpec jobGiven = *jobRead;
    if (cl.isSet(QStringLiteral("mfu"))) {
        const double mfu = cl.doubleValue(QStringLiteral("mfu"), 0.0);
        if (mfu > 1.0)
            cl.fail(QStringLiteral("--mfu: in (0, 1], got %1").arg(mfu));
        jobGiven.compute.mfu = mfu;
    }
    const double measuredStep = cl.isSet(QStringLiteral("measured-step"))
        ? cl.doubleValue(QStringLiteral("measured-step"), 0.0)
        : 0.0;
    const JobSpec &job = jobGiven;

    for (const std::string &name : options.excludedHosts)
        if (!fabric->isHost(fabric->findNode(name))) {
            printErr(QStringLiteral("%1: --exclude: no host '%2'").arg(fabricFile, QString::fromStdString(name)));
            return ExitBadInput;
        }

    // The cluster as it is: busy GPUs, then the running jobs in queue order.
    ClusterState state(*fabric);
    for (const QString &arg : cl.values(QStringLiteral("busy")))
        for (const QString &item : optionItems(cl, QStringLiteral("busy"), arg)) {
            const int colon = item.lastIndexOf(QLatin1Char(':'));
            bool ok = false;
            const int gpus = colon > 0 ? item.mid(colon + 1).toInt(&ok) : 0;
            if (!ok || gpus < 1)
                cl.fail(
                    QStringLiteral("--busy: '%1' is not HOSTS:GPUS (e.g. gpu0001:4 or gpu[0001-0024]:4)").arg(item));
            std::vector<std::string> names;
            try {
                names = expandHostlist(item.left(colon).trimmed().toStdString());
            } catch (const std::exception &e) {
                cl.fail(QStringLiteral("--busy: '%1': %2").arg(item.left(colon), QString::fromStdString(e.what())));
            }
            for (const std::string &name : names) {
                const NodeIndex node = fabric->findNode(name);
                if (node < 0 || !fabric->isHost(node)) {
                    printErr(QStringLiteral("%1: --busy: no host '%2'").arg(fabricFile, QString::fromStdString(name)));
                    return ExitBadInput;
                }
                state.markBusy(node, gpus);
            }
        }
    const QString runningStrategyName = cl.value(QStringLiteral("running-strategy")).trimmed().toLower();
    const auto runningStrategy = placementStrategyFromName(runningStrategyName.toStdString());
    if (!runningStrategy)
        cl.fail(QStringLiteral("--running-strategy: unknown strategy '%1' (topology, linear or random)")
                    .arg(runningStrategyName));
    QStringList runningNames;
    for (const QString &file : cl.values(QStringLiteral("running"))) {
        const JobSpecResult running = readJobSpecFile(file);
        if (!running.ok()) {
            printErr(running.errorText());
            return ExitBadInput;
        }
        PlacementOptions runningOptions;
        runningOptions.strategy = *runningStrategy;
        runningOptions.seed = options.seed;
        runningOptions.excludedHosts = options.excludedHosts;
        JobSpec spec = *running.job;
        spec.name += "#" + std::to_string(runningNames.size() + 1); // the same file may run twice
        try {
            state.place(spec, runningOptions);
        } catch (const PlacementError &e) {
            printErr(QStringLiteral("%1: --running: %2").arg(file, QString::fromStdString(e.what())));
            return ExitBadInput;
        }
        runningNames << QString::fromStdString(spec.name);
    }

    // What-if: failed and degraded links, applied on top of the file's own link states.
    const std::optional<Failures> failures = failuresFromOption(cl, *fabric, fabricFile);
    if (!failures)
        return ExitBadInput;
    CapacityView view = CapacityView::of(*fabric, *failures);
    for (const QString &arg : cl.values(QStringLiteral("degrade"))) {
        const int eq = arg.lastIndexOf(QLatin1Char('='));
        const QString id = arg.left(eq).trimmed();
        QString rate = eq > 0 ? arg.mid(eq + 1).trimmed() : QString();
        const bool percent = rate.endsWith(QLatin1Char('%'));
        if (percent)
            rate.chop(1);
        bool ok = false;
        const double value = rate.toDouble(&ok);
        if (eq <= 0 || !ok || !(value >= 0) || (percent && value > 100))
            cl.fail(QStringLiteral("--degrade: '%1' is not LINK=GBPS or LINK=PERCENT% (e.g. leaf-0001--spine-0001=100)")
                        .arg(arg));
        const std::int32_t link = fabric->findLink(id.toStdString());
        if (link < 0) {
            printErr(QStringLiteral("%1: --degrade: no link '%2'").arg(fabricFile, id));
            return ExitBadInput;
        }
        const double nominal = fabric->link(link).capacityGbps;
        const double gbps = percent ? nominal * value / 100.0 : value;
        if (gbps > nominal) {
            printErr(QStringLiteral("%1: --degrade: %2 Gbit/s is above the nominal %3 Gbit/s of link '%4'")
                         .arg(fabricFile)
                         .arg(gbps)
                         .arg(nominal)
                         .arg(id));
            return ExitBadInput;
        }
        view.gbps[size_t(link)] = std::min(view.gbps[size_t(link)], gbps);
    }

    JobEvaluation evaluation;
    try {
        evaluation = evaluateJob(state, view, job, options, routing);
    } catch (const PlacementError &e) {
        printErr(QStringLiteral("%1: %2").arg(jobFile, QString::fromStdString(e.what())));
        return ExitBadInput;
    }
    if (const QString csv = cl.value(QStringLiteral("link-loads")); !csv.isEmpty()) {
        if (!evaluation.routed()) {
            printErr(QStringLiteral("%1: no link loads: routing failed: %2")
                         .arg(csv, QString::fromStdString(evaluation.routingError)));
            return ExitBadInput;
        }
        std::vector<std::int32_t> loaded;
        for (std::int32_t l = 0; l < fabric->linkCount(); ++l)
            if (evaluation.linkBytes[size_t(l)] > 0)
                loaded.push_back(l);
        std::stable_sort(loaded.begin(), loaded.end(), [&](std::int32_t a, std::int32_t b) {
            return evaluation.linkUtilization[size_t(a)] > evaluation.linkUtilization[size_t(b)];
        });
        QString text = QStringLiteral("link,end_a,end_b,capacity_gbps,effective_gbps,bytes_per_step,utilization\n");
        for (std::int32_t l : loaded) {
            const Link &link = fabric->link(l);
            text += QStringLiteral("%1,%2,%3,%4,%5,%6,%7\n")
                        .arg(QString::fromStdString(link.id), QString::fromStdString(fabric->nodeId(link.a)),
                             QString::fromStdString(fabric->nodeId(link.b)))
                        .arg(link.capacityGbps)
                        .arg(view.gbps[size_t(l)])
                        .arg(evaluation.linkBytes[size_t(l)], 0, 'f', 0)
                        .arg(double(evaluation.linkUtilization[size_t(l)]), 0, 'f', 4);
        }
        QFile file(csv);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text.toUtf8()) < 0) {
            printErr(QStringLiteral("%1: cannot write: %2").arg(csv, file.errorString()));
            return ExitBadInput;
        }
    }
    for (const std::string &w : evaluation.placement.warnings)
        printErr(QStringLiteral("warning: %1").arg(QString::fromStdString(w)));

    std::vector<std::string> running;
    for (const QString &name : runningNames)
        running.push_back(name.toStdString());
    const PlacementReport report
        = buildPlacementReport(*fabric, view, state, job, std::move(evaluation), routing.mode, std::move(running),
                               measuredStep);
    printOutRaw(cl.isSet(QStringLiteral("json")) ? placementReportToJson(report) : placementReportToText(report));
    // A flow without a path is a collective that never completes: the job
    // cannot run as the fabric (or its tables) route it.
    if (report.evaluation.unroutedFlows > 0) {
        printErr(QStringLiteral("%1: %2 of the job's flows have no path%3: the job cannot run as routed")
                     .arg(fabricFile)
                     .arg(report.evaluation.unroutedFlows)
                     .arg(cl.isSet(QStringLiteral("lfts"))
                              ? QStringLiteral(" in the forwarding tables of %1").arg(cl.value(QStringLiteral("lfts")))
                              : QString()));
        return 3;
    }
    return ExitOk;
}

} // namespace Railyard::Cli
