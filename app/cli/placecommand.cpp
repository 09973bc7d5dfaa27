#include "app/cli/placecommand.h"

#include "app/cli/clicommon.h"
#include "core/model/units.h"
#include "core/analysis/capacity.h"
#include "core/jobs/jobspec.h"
#include "core/placement/jobevaluation.h"
#include "core/placement/placementsummary.h"
#include "core/placement/placer.h"
#include "core/traffic/routing.h"
#include "core/traffic/steptraffic.h"
#include "core/traffic/tierbytes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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
            it = rows.insert(rows.end(), {c.kind, c.op, c.label, c.ranks.size(), c.bytesPerRank, c.countPerStep, 0});
        ++it->groups;
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
    return {{QStringLiteral("hosts"), s.hosts}, {QStringLiteral("racks"), s.racks}, {QStringLiteral("sus"), s.sus},
            {QStringLiteral("pods"), s.pods},   {QStringLiteral("zones"), s.zones}};
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

} // namespace

int runPlace(const QStringList &args)
{
    CommandLine cl(QStringLiteral("place"),
                   QStringLiteral("Places a training job on a fabric and reports where its ranks run, the collectives "
                                  "of one training step and the bytes crossing each tier of the topology "
                                  "(docs/traffic-model.md)."));
    cl.addPositional(QStringLiteral("FABRIC"), QStringLiteral("Fabric file."));
    cl.addPositional(QStringLiteral("JOB"), QStringLiteral("Job file (*.job.json, docs/job-format.md)."));
    cl.addOption({QStringLiteral("strategy")},
                 QStringLiteral("Placement strategy: topology (smallest domain that fits, rail-aligned), linear "
                                "(first fit in host order) or random (seeded scatter of whole hosts). Default topology."),
                 QStringLiteral("name"), QStringLiteral("topology"));
    cl.addOption({QStringLiteral("exclude")}, QStringLiteral("Never use this host; repeat for several."),
                 QStringLiteral("id"));
    cl.addOption({QStringLiteral("seed")}, QStringLiteral("Seed of the random strategy. Default 1."),
                 QStringLiteral("n"), QStringLiteral("1"));
    cl.addOption({QStringLiteral("routing")},
                 QStringLiteral("Routing model for link loads: fluid, ecmp or adaptive. Default fluid."),
                 QStringLiteral("mode"), QStringLiteral("fluid"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print the report as JSON."));
    cl.addOption({QStringLiteral("from")}, QStringLiteral("Fabric format slug, overriding the file name."),
                 QStringLiteral("slug"));
    cl.setEpilog(QStringLiteral("Examples:\n"
                                "  railyard-cli place samples/cluster-3k.fabric.json samples/llama-70b-3k.job.json\n"
                                "  railyard-cli place samples/meta-24k.fabric.json samples/moe-meta-24k.job.json "
                                "--strategy random --seed 7 --json\n"
                                "Exit codes: 0 placed, 1 bad fabric or job file, unknown --exclude id or job too big "
                                "for the free GPUs, 2 usage error."));
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
    for (const QString &id : cl.values(QStringLiteral("exclude")))
        for (const QString &part : id.split(QLatin1Char(','), Qt::SkipEmptyParts))
            options.excludedHosts.push_back(part.trimmed().toStdString());

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

    JobEvaluation evaluation;
    try {
        evaluation = evaluateJob(*fabric, CapacityView::of(*fabric), job, options, routing);
    } catch (const PlacementError &e) {
        printErr(QStringLiteral("%1: %2").arg(jobFile, QString::fromStdString(e.what())));
        return ExitBadInput;
    }
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
    const std::vector<CollectiveRow> rows = mergeCollectives(collectives);
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
        QJsonArray coll;
        for (const CollectiveRow &r : rows)
            coll.append(QJsonObject{{QStringLiteral("kind"), parallelKindName(r.kind)},
                                    {QStringLiteral("op"), commOpName(r.op)},
                                    {QStringLiteral("label"), QString::fromStdString(r.label)},
                                    {QStringLiteral("groups"), r.groups},
                                    {QStringLiteral("group_size"), double(r.groupSize)},
                                    {QStringLiteral("bytes_per_rank"), r.bytesPerRank},
                                    {QStringLiteral("count_per_step"), double(r.countPerStep)}});
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
    text += QStringLiteral("\nCollectives per step:\n  %1 %2 %3 %4 %5 %6  %7\n")
                .arg(QStringLiteral("kind"), -5)
                .arg(QStringLiteral("op"), -15)
                .arg(QStringLiteral("groups"), 7)
                .arg(QStringLiteral("ranks"), 6)
                .arg(QStringLiteral("bytes/rank"), 11)
                .arg(QStringLiteral("calls"), 6)
                .arg(QStringLiteral("what"));
    for (const CollectiveRow &r : rows)
        text += QStringLiteral("  %1 %2 %3 %4 %5 %6  %7\n")
                    .arg(QLatin1String(parallelKindName(r.kind)), -5)
                    .arg(QLatin1String(commOpName(r.op)), -15)
                    .arg(r.groups, 7)
                    .arg(qulonglong(r.groupSize), 6)
                    .arg(formatBytes(r.bytesPerRank), 11)
                    .arg(r.countPerStep, 6)
                    .arg(QString::fromStdString(r.label));
    text += QStringLiteral("\nBytes per step by tier (each transfer counted at the highest boundary it crosses):\n");
    if (evaluation.sharp)
        text += QStringLiteral("  (SHARP in every switch: all-reduce ring edges carry S/M, in-network reduction)\n");
    text += QStringLiteral("  %1 %2").arg(QStringLiteral("tier"), -14).arg(QStringLiteral("total"), 10);
    for (const auto &[kind, tb] : tiersByKind)
        text += QStringLiteral(" %1").arg(QLatin1String(parallelKindName(kind)), 10);
    text += QLatin1Char('\n');
    for (int t = 0; t < flowTierCount; ++t) {
        text += QStringLiteral("  %1 %2").arg(QLatin1String(tierLabel(FlowTier(t))), -14).arg(formatBytes(tiers.bytes[size_t(t)]), 10);
        for (const auto &[kind, tb] : tiersByKind)
            text += QStringLiteral(" %1").arg(formatBytes(tb.bytes[size_t(t)]), 10);
        text += QLatin1Char('\n');
    }
    text += QStringLiteral("  %1 %2\n").arg(QStringLiteral("network total"), -14).arg(formatBytes(tiers.network()), 10);
    if (routingError.isEmpty()) {
        text += QStringLiteral("\nNetwork (%1 routing; phases TP, CP, PP, EP, DP run one after another, each limited by "
                               "its busiest link):\n")
                    .arg(QLatin1String(routingModeName(routing.mode)));
        text += QStringLiteral("  step_comm_time_ms: %1\n").arg(net.stepSeconds * 1e3, 0, 'f', 1);
        for (const JobPhaseTime &ph : net.phases)
            text += QStringLiteral("    %1: %2 ms\n").arg(QLatin1String(parallelKindName(ph.kind))).arg(ph.seconds * 1e3, 0, 'f', 1);
        text += QStringLiteral("  max_link_utilization: %1\n").arg(net.maxUtilization, 0, 'f', 3);
        text += QStringLiteral("  bottleneck_link: %1\n")
                    .arg(net.bottleneckLinkId.empty() ? QStringLiteral("none") : QString::fromStdString(net.bottleneckLinkId));
        if (net.unroutedFlows > 0)
            text += QStringLiteral("  warning: %1 flows could not be routed\n").arg(net.unroutedFlows);
    } else {
        text += QStringLiteral("\nNetwork: not computed (routing failed: %1)\n").arg(routingError);
    }
    printOutRaw(text.toStdString());
    return ExitOk;
}

} // namespace Railyard::Cli
