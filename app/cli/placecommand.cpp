#include "app/cli/placecommand.h"

#include "app/cli/clicommon.h"
#include "core/analysis/capacity.h"
#include "core/export/hostlist.h"
#include "core/jobs/jobspec.h"
#include "core/model/units.h"
#include "core/placement/clusterstate.h"
#include "core/placement/jobevaluation.h"
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

/// Collectives of the same shape, merged for printing: one row per
/// (kind, op, label, group size, bytes per rank, calls per step).
struct CollectiveRow
{
    ParallelKind kind;
    CommOp op;
    std::string label;
    size_t groupSize;
    double bytesPerRank;
    long long countPerStep;
    int groups = 0;
    std::vector<const GroupCollective *> members;
    CollectiveCallTime time;
};

std::vector<CollectiveRow> mergeCollectives(const std::vector<GroupCollective> &collectives)
{
    std::vector<CollectiveRow> rows;
    for (const GroupCollective &c : collectives) {
        auto it = std::find_if(rows.begin(), rows.end(), [&](const CollectiveRow &r) {
            return r.kind == c.kind && r.op == c.op && r.label == c.label && r.groupSize == c.ranks.size()
                && r.bytesPerRank == c.bytesPerRank && r.countPerStep == c.countPerStep;
        });
        if (it == rows.end())
            it = rows.insert(rows.end(),
                             {c.kind, c.op, c.label, c.ranks.size(), c.bytesPerRank, c.countPerStep, 0, {}, {}});
        ++it->groups;
        it->members.push_back(&c);
    }
    return rows;
}

QString spanText(const DomainSpan &s)
{
    return QStringLiteral("%1 hosts, %2 racks, %3 SUs, %4 pods, %5 zones")
        .arg(s.hosts)
        .arg(s.racks)
        .arg(s.sus)
        .arg(s.pods)
        .arg(s.zones);
}

QJsonObject spanJson(const DomainSpan &s)
{
    return {{QStringLiteral("hosts"), s.hosts},
            {QStringLiteral("racks"), s.racks},
            {QStringLiteral("sus"), s.sus},
            {QStringLiteral("pods"), s.pods},
            {QStringLiteral("zones"), s.zones}};
}

const char *tierLabel(FlowTier t)
{
    switch (t) {
    case FlowTier::Host: return "host (NVLink)";
    case FlowTier::Leaf: return "same leaf";
    case FlowTier::Su: return "same SU";
    case FlowTier::Pod: return "same pod";
    case FlowTier::Zone: return "same zone";
    case FlowTier::CrossZone: return "across zones";
    }
    return "?";
}

QJsonObject fragmentationJson(const Fragmentation &f)
{
    return {{QStringLiteral("free_gpus"), double(f.freeGpus)},
            {QStringLiteral("free_hosts"), f.freeHosts},
            {QStringLiteral("largest_free_rack"), f.bestRackFreeHosts},
            {QStringLiteral("largest_free_su"), f.bestSuFreeHosts},
            {QStringLiteral("largest_free_pod"), f.bestPodFreeHosts},
            {QStringLiteral("largest_free_zone"), f.bestZoneFreeHosts},
            {QStringLiteral("largest_contiguous_free"), f.largestContiguousFreeHosts}};
}

QString fragmentationText(const Fragmentation &a, const Fragmentation &b)
{
    return QStringLiteral("rack %1 → %2, SU %3 → %4, pod %5 → %6, zone %7 → %8; free hosts %9 → %10")
        .arg(a.bestRackFreeHosts)
        .arg(b.bestRackFreeHosts)
        .arg(a.bestSuFreeHosts)
        .arg(b.bestSuFreeHosts)
        .arg(a.bestPodFreeHosts)
        .arg(b.bestPodFreeHosts)
        .arg(a.bestZoneFreeHosts)
        .arg(b.bestZoneFreeHosts)
        .arg(a.freeHosts)
        .arg(b.freeHosts);
}

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
                 QStringLiteral("Routing model for link loads: fluid, ecmp or adaptive. Default fluid."),
                 QStringLiteral("mode"), QStringLiteral("fluid"));
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
                                "2 usage error."));
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
    if (!routingModeFromName(routingName.toStdString(), &routing.mode))
        cl.fail(QStringLiteral("--routing: unknown mode '%1' (fluid, ecmp or adaptive)").arg(routingName));
    for (const QString &arg : cl.values(QStringLiteral("exclude")))
        for (const QString &item : optionItems(cl, QStringLiteral("exclude"), arg)) {
            try {
                for (std::string &name : expandHostlist(item.toStdString()))
                    options.excludedHosts.push_back(std::move(name));
            } catch (const std::exception &e) {
                cl.fail(QStringLiteral("--exclude: '%1': %2").arg(item, QString::fromStdString(e.what())));
            }
        }

    const QString fabricFile = cl.positional(0);
    const QString jobFile = cl.positional(1);
    const FileFormat &format = readFormatFor(cl, fabricFile, cl.value(QStringLiteral("from")), QStringLiteral("from"));
    std::optional<Fabric> fabric = loadFabric(fabricFile, format);
    if (!fabric)
        return ExitBadInput;
    const JobSpecResult jobResult = readJobSpecFile(jobFile);
    for (const FormatError &w : jobResult.warnings)
        printErr(QStringLiteral("warning: %1").arg(w.toString()));
    if (!jobResult.ok()) {
        printErr(jobResult.errorText());
        return ExitBadInput;
    }
    const JobSpec &job = *jobResult.job;

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
    const Fragmentation before = state.fragmentation();
    ClusterState afterState = state;
    afterState.add(evaluation.placement);
    const Fragmentation after = afterState.fragmentation();
    const DegradationImpact impact = degradationImpact(*fabric, view, evaluation);
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
    const bool impaired = !impairedLinks(*fabric, view).empty() && evaluation.routed();
    const Placement &placement = evaluation.placement;
    const double placeMs = evaluation.placementMs;
    for (const std::string &w : placement.warnings)
        printErr(QStringLiteral("warning: %1").arg(QString::fromStdString(w)));

    const PlacementSummary summary = summarizePlacement(*fabric, job, placement);
    const std::vector<GroupCollective> &collectives = evaluation.collectives;
    const TierBytes &tiers = evaluation.tierBytes;
    const std::map<ParallelKind, TierBytes> tiersByKind(evaluation.tierBytesByKind.begin(),
                                                        evaluation.tierBytesByKind.end());
    const JobEvaluation &net = evaluation;
    const QString routingError = QString::fromStdString(evaluation.routingError);
    std::vector<CollectiveRow> rows = mergeCollectives(collectives);
    if (routingError.isEmpty()) {
        std::vector<std::vector<const GroupCollective *>> members;
        for (const CollectiveRow &r : rows)
            members.push_back(r.members);
        const std::vector<CollectiveCallTime> times = timeCollectiveCalls(*fabric, view, evaluation, members);
        for (size_t i = 0; i < rows.size(); ++i)
            rows[i].time = times[i];
    }
    auto bottleneckName = [&](const CollectiveCallTime &t) {
        if (!t.error.empty())
            return QStringLiteral("routing failed");
        if (t.bottleneckLink >= 0)
            return QString::fromStdString(fabric->link(t.bottleneckLink).id);
        return t.nvlinkSeconds > 0 ? QStringLiteral("nvlink") : QStringLiteral("none");
    };
    const Parallelism &p = job.parallel;

    if (cl.isSet(QStringLiteral("json"))) {
        QJsonObject o;
        o[QStringLiteral("job")] = QString::fromStdString(job.name);
        o[QStringLiteral("fabric")] = QString::fromStdString(fabric->name);
        o[QStringLiteral("strategy")] = QString::fromStdString(placement.strategy);
        o[QStringLiteral("rank_order")] = QString::fromStdString(placement.rankOrder);
        o[QStringLiteral("gpus")] = double(summary.gpus);
        o[QStringLiteral("hosts")] = summary.hosts;
        o[QStringLiteral("placement_ms")] = placeMs;
        o[QStringLiteral("micro_batches_per_step")] = double(job.microBatchesPerStep());
        o[QStringLiteral("tp_groups")] = summary.tpGroups;
        o[QStringLiteral("tp_groups_across_hosts")] = summary.tpGroupsAcrossHosts;
        o[QStringLiteral("rail_aligned")] = summary.railAligned;
        o[QStringLiteral("job_span")] = spanJson(summary.job);
        o[QStringLiteral("pipeline_span")] = spanJson(summary.pipeline);
        o[QStringLiteral("dp_span")] = spanJson(summary.dataParallel);
        if (!runningNames.isEmpty())
            o[QStringLiteral("running_jobs")] = QJsonArray::fromStringList(runningNames);
        o[QStringLiteral("free_gpus_before")] = double(state.freeGpuCount());
        o[QStringLiteral("fragmentation_before")] = fragmentationJson(before);
        o[QStringLiteral("fragmentation_after")] = fragmentationJson(after);
        QJsonArray coll;
        for (const CollectiveRow &r : rows) {
            QJsonObject row{{QStringLiteral("kind"), parallelKindName(r.kind)},
                            {QStringLiteral("op"), commOpName(r.op)},
                            {QStringLiteral("label"), QString::fromStdString(r.label)},
                            {QStringLiteral("groups"), r.groups},
                            {QStringLiteral("group_size"), double(r.groupSize)},
                            {QStringLiteral("bytes_per_rank"), r.bytesPerRank},
                            {QStringLiteral("count_per_step"), double(r.countPerStep)}};
            if (routingError.isEmpty() && r.time.error.empty()) {
                row[QStringLiteral("time_per_call_ms")] = r.time.seconds * 1e3;
                row[QStringLiteral("network_ms")] = r.time.networkSeconds * 1e3;
                row[QStringLiteral("nvlink_ms")] = r.time.nvlinkSeconds * 1e3;
                row[QStringLiteral("bottleneck")] = bottleneckName(r.time);
            }
            coll.append(row);
        }
        o[QStringLiteral("collectives")] = coll;
        QJsonObject tierJson;
        for (int t = 0; t < flowTierCount; ++t)
            tierJson[QLatin1String(flowTierName(FlowTier(t)))] = tiers.bytes[size_t(t)];
        o[QStringLiteral("bytes_per_step_by_tier")] = tierJson;
        QJsonObject kindJson;
        for (const auto &[kind, tb] : tiersByKind) {
            QJsonObject k;
            for (int t = 0; t < flowTierCount; ++t)
                k[QLatin1String(flowTierName(FlowTier(t)))] = tb.bytes[size_t(t)];
            kindJson[QLatin1String(parallelKindName(kind))] = k;
        }
        o[QStringLiteral("bytes_per_step_by_kind_and_tier")] = kindJson;
        o[QStringLiteral("sharp")] = evaluation.sharp;
        o[QStringLiteral("routing")] = QLatin1String(routingModeName(routing.mode));
        if (routingError.isEmpty()) {
            o[QStringLiteral("step_comm_time_ms")] = net.stepSeconds * 1e3;
            o[QStringLiteral("max_link_utilization")] = net.maxUtilization;
            o[QStringLiteral("bottleneck_link")] = QString::fromStdString(net.bottleneckLinkId);
            QJsonObject phases;
            for (const JobPhaseTime &ph : net.phases)
                phases[QLatin1String(parallelKindName(ph.kind))] = ph.seconds * 1e3;
            o[QStringLiteral("phase_time_ms")] = phases;
            if (impaired) {
                o[QStringLiteral("healthy_step_comm_time_ms")] = impact.healthyStepSeconds * 1e3;
                o[QStringLiteral("slowdown")] = impact.slowdown();
                QJsonArray links;
                for (const ImpairedLinkCost &c : impact.links)
                    links.append(QJsonObject{
                        {QStringLiteral("link"), QString::fromStdString(fabric->link(c.link).id)},
                        {QStringLiteral("nominal_gbps"), c.nominalGbps},
                        {QStringLiteral("effective_gbps"), c.effectiveGbps},
                        {QStringLiteral("step_comm_time_ms_alone"),
                         std::isfinite(c.stepSecondsAlone) ? QJsonValue(c.stepSecondsAlone * 1e3) : QJsonValue()},
                        {QStringLiteral("slowdown_alone"),
                         std::isfinite(c.slowdownAlone) ? QJsonValue(c.slowdownAlone) : QJsonValue()}});
                o[QStringLiteral("impaired_links_used")] = impact.impairedLinks;
                o[QStringLiteral("impaired_links")] = links;
            }
        } else {
            o[QStringLiteral("routing_error")] = routingError;
        }
        printOutRaw(QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString());
        return ExitOk;
    }

    QString text;
    text += QStringLiteral("Job %1: %2 GPUs = TP %3 × CP %4 × PP %5 × DP %6 (EP %7), %8 micro-batches per step, "
                           "optimizer sharding %9\n")
                .arg(QString::fromStdString(job.name))
                .arg(p.worldSize())
                .arg(p.tp)
                .arg(p.cp)
                .arg(p.pp)
                .arg(p.dp)
                .arg(p.ep)
                .arg(job.microBatchesPerStep())
                .arg(QLatin1String(optimizerShardingName(job.sharding)));
    text += QStringLiteral("Placement (%1) on %2: %3 GPUs on %4 hosts (%5), placed in %6 ms\n")
                .arg(QString::fromStdString(placement.strategy), QString::fromStdString(fabric->name))
                .arg(summary.gpus)
                .arg(summary.hosts)
                .arg(spanText(summary.job))
                .arg(placeMs, 0, 'f', 1);
    if (!runningNames.isEmpty() || state.freeGpuCount() < fabric->gpuCount())
        text += QStringLiteral("  cluster before: %1 of %2 GPUs free%3\n")
                    .arg(state.freeGpuCount())
                    .arg(fabric->gpuCount())
                    .arg(runningNames.isEmpty()
                             ? QString()
                             : QStringLiteral(", running: %1").arg(runningNames.join(QStringLiteral(", "))));
    text += QStringLiteral("  largest free domain (hosts), before → after: %1\n").arg(fragmentationText(before, after));
    text += QStringLiteral("  rank order over the placed GPUs (fastest first): %1\n")
                .arg(QString::fromStdString(placement.rankOrder));
    text += QStringLiteral("  TP groups inside one host: %1 (%2 of %3 groups span hosts)\n")
                .arg(summary.tpInsideHosts() ? QStringLiteral("yes") : QStringLiteral("no"))
                .arg(summary.tpGroupsAcrossHosts)
                .arg(summary.tpGroups);
    text += QStringLiteral("  PP stage spread (widest pipeline): %1\n").arg(spanText(summary.pipeline));
    text += QStringLiteral("  DP span (widest DP group): %1\n").arg(spanText(summary.dataParallel));
    text += QStringLiteral("  rail-aligned (each pipeline and DP group on one rail): %1\n")
                .arg(summary.railAligned ? QStringLiteral("yes") : QStringLiteral("no"));
    text += QStringLiteral("\nCollectives per step (ms/call: one call by all groups at once, bandwidth only):\n"
                           "  %1 %2 %3 %4 %5 %6 %7  %8 %9\n")
                .arg(QStringLiteral("kind"), -5)
                .arg(QStringLiteral("op"), -15)
                .arg(QStringLiteral("groups"), 7)
                .arg(QStringLiteral("ranks"), 6)
                .arg(QStringLiteral("bytes/rank"), 11)
                .arg(QStringLiteral("calls"), 6)
                .arg(QStringLiteral("ms/call"), 8)
                .arg(QStringLiteral("what"), -18)
                .arg(QStringLiteral("bottleneck"));
    for (const CollectiveRow &r : rows)
        text += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7  %8 %9\n")
                    .arg(QLatin1String(parallelKindName(r.kind)), -5)
                    .arg(QLatin1String(commOpName(r.op)), -15)
                    .arg(r.groups, 7)
                    .arg(qulonglong(r.groupSize), 6)
                    .arg(formatBytes(r.bytesPerRank), 11)
                    .arg(r.countPerStep, 6)
                    .arg(routingError.isEmpty() && r.time.error.empty() ? QString::number(r.time.seconds * 1e3, 'f', 3)
                                                                        : QStringLiteral("—"),
                         8)
                    .arg(QString::fromStdString(r.label), -18)
                    .arg(routingError.isEmpty() ? bottleneckName(r.time) : QString());
    text += QStringLiteral("\nBytes per step by tier (each transfer counted at the highest boundary it crosses):\n");
    if (evaluation.sharp)
        text += QStringLiteral("  (SHARP in every switch: all-reduce ring edges carry S/M, in-network reduction)\n");
    text += QStringLiteral("  %1 %2").arg(QStringLiteral("tier"), -14).arg(QStringLiteral("total"), 10);
    for (const auto &[kind, tb] : tiersByKind)
        text += QStringLiteral(" %1").arg(QLatin1String(parallelKindName(kind)), 10);
    text += QLatin1Char('\n');
    for (int t = 0; t < flowTierCount; ++t) {
        text += QStringLiteral("  %1 %2")
                    .arg(QLatin1String(tierLabel(FlowTier(t))), -14)
                    .arg(formatBytes(tiers.bytes[size_t(t)]), 10);
        for (const auto &[kind, tb] : tiersByKind)
            text += QStringLiteral(" %1").arg(formatBytes(tb.bytes[size_t(t)]), 10);
        text += QLatin1Char('\n');
    }
    text += QStringLiteral("  %1 %2\n").arg(QStringLiteral("network total"), -14).arg(formatBytes(tiers.network()), 10);
    if (routingError.isEmpty()) {
        text
            += QStringLiteral("\nNetwork (%1 routing; phases TP, CP, PP, EP, DP run one after another, each limited by "
                              "its busiest link):\n")
                   .arg(QLatin1String(routingModeName(routing.mode)));
        text += QStringLiteral("  step_comm_time_ms: %1\n").arg(net.stepSeconds * 1e3, 0, 'f', 1);
        for (const JobPhaseTime &ph : net.phases)
            text += QStringLiteral("    %1: %2 ms\n")
                        .arg(QLatin1String(parallelKindName(ph.kind)))
                        .arg(ph.seconds * 1e3, 0, 'f', 1);
        text += QStringLiteral("  max_link_utilization: %1\n").arg(net.maxUtilization, 0, 'f', 3);
        text += QStringLiteral("  bottleneck_link: %1\n")
                    .arg(net.bottleneckLinkId.empty() ? QStringLiteral("none")
                                                      : QString::fromStdString(net.bottleneckLinkId));
        if (net.unroutedFlows > 0)
            text += QStringLiteral("  warning: %1 flows could not be routed\n").arg(net.unroutedFlows);
        if (impaired) {
            text += QStringLiteral(
                "\nImpaired links (failed or degraded) against the healthy fabric, same placement:\n");
            text += QStringLiteral(
                        "  healthy_step_comm_time_ms: %1\n  slowdown: %2x\n  impaired links carrying this job's "
                        "traffic: %3; each alone, the others healthy:\n")
                        .arg(impact.healthyStepSeconds * 1e3, 0, 'f', 1)
                        .arg(impact.slowdown(), 0, 'f', 3)
                        .arg(impact.impairedLinks);
            for (const ImpairedLinkCost &c : impact.links)
                text += QStringLiteral("    %1 at %2 of %3 Gbit/s: alone %4\n")
                            .arg(QString::fromStdString(fabric->link(c.link).id))
                            .arg(c.effectiveGbps)
                            .arg(c.nominalGbps)
                            .arg(std::isfinite(c.slowdownAlone) ? QStringLiteral("%1 ms, %2x")
                                                                      .arg(c.stepSecondsAlone * 1e3, 0, 'f', 1)
                                                                      .arg(c.slowdownAlone, 0, 'f', 3)
                                                                : QStringLiteral("routing fails"));
        }
    } else {
        text += QStringLiteral("\nNetwork: not computed (routing failed: %1)\n").arg(routingError);
    }
    printOutRaw(text.toStdString());
    return ExitOk;
}

} // namespace Railyard::Cli
