#include "core/placement/placementreport.h"

#include "core/model/units.h"
#include "core/traffic/tierbytes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace Railyard {

namespace {

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

/// The parts of a report both writers use, by short names.
struct Parts
{
    const Fabric *fabric;
    const JobSpec &job;
    const JobEvaluation &evaluation;
    const Placement &placement;
    const PlacementSummary &summary;
    const TierBytes &tiers;
    std::map<ParallelKind, TierBytes> tiersByKind;
    QString routingError;
    QStringList runningJobs;
};

Parts partsOf(const PlacementReport &r)
{
    QStringList running;
    for (const std::string &name : r.runningJobs)
        running << QString::fromStdString(name);
    return {r.fabric,
            r.job,
            r.evaluation,
            r.evaluation.placement,
            r.summary,
            r.evaluation.tierBytes,
            {r.evaluation.tierBytesByKind.begin(), r.evaluation.tierBytesByKind.end()},
            QString::fromStdString(r.evaluation.routingError),
            running};
}

QString bottleneckName(const Fabric &fabric, const CollectiveCallTime &t)
{
    if (!t.error.empty())
        return QStringLiteral("routing failed");
    if (t.bottleneckLink >= 0)
        return QString::fromStdString(fabric.link(t.bottleneckLink).id);
    return t.nvlinkSeconds > 0 ? QStringLiteral("nvlink") : QStringLiteral("none");
}

} // namespace

std::vector<PlacementCollectiveRow> placementCollectiveRows(const Fabric &fabric, const CapacityView &view,
                                                            const JobEvaluation &evaluation, bool timeCalls)
{
    // Collectives of the same shape as one row, timed as one call of all their groups.
    std::vector<PlacementCollectiveRow> rows;
    std::vector<std::vector<const GroupCollective *>> members;
    for (const GroupCollective &c : evaluation.collectives) {
        auto it = std::find_if(rows.begin(), rows.end(), [&](const PlacementCollectiveRow &r) {
            return r.kind == c.kind && r.op == c.op && r.label == c.label && r.groupSize == c.ranks.size()
                && r.bytesPerRank == c.bytesPerRank && r.countPerStep == c.countPerStep;
        });
        if (it == rows.end()) {
            PlacementCollectiveRow row;
            row.kind = c.kind;
            row.op = c.op;
            row.label = c.label;
            row.groupSize = c.ranks.size();
            row.bytesPerRank = c.bytesPerRank;
            row.countPerStep = c.countPerStep;
            rows.push_back(std::move(row));
            members.emplace_back();
            it = rows.end() - 1;
        }
        ++it->groups;
        members[size_t(it - rows.begin())].push_back(&c);
    }
    if (!evaluation.routingError.empty())
        return rows;
    const std::vector<CollectiveCallTime> times
        = timeCalls ? timeCollectiveCalls(fabric, view, evaluation, members) : std::vector<CollectiveCallTime>{};
    for (size_t i = 0; i < rows.size(); ++i) {
        PlacementCollectiveRow &row = rows[i];
        if (timeCalls)
            row.time = times[i];
        // The collective model on the first group: its hosts in group order, with
        // the number of the group's ranks on each.
        CollectiveOp op = CollectiveOp::AllReduce;
        switch (row.op) {
        case CommOp::AllReduce: op = CollectiveOp::AllReduce; break;
        case CommOp::AllGather: op = CollectiveOp::AllGather; break;
        case CommOp::ReduceScatter: op = CollectiveOp::ReduceScatter; break;
        case CommOp::AllToAll: op = CollectiveOp::AllToAll; break;
        case CommOp::P2p: row.modelNote = "point-to-point sends: no collective model, no validation rows"; continue;
        }
        CollectiveRequest request;
        request.op = op;
        request.bytes = row.bytesPerRank;
        request.hosts = hostsOfRanks(evaluation.placement, members[i].front()->ranks);
        try {
            const CollectiveEstimate e = estimateCollective(fabric, view, request);
            row.modelSeconds = e.seconds;
            row.modelAlgorithm = collectiveAlgorithmName(e.algorithm);
            row.interval = e.interval;
        } catch (const std::exception &ex) {
            row.modelNote = ex.what();
        }
    }
    return rows;
}

std::string modelTimeText(const PlacementCollectiveRow &row)
{
    if (row.modelSeconds < 0)
        return row.modelNote.empty() ? std::string("not estimated") : row.modelNote;
    char buf[160];
    if (row.interval.validated)
        std::snprintf(buf, sizeof buf, "%.3f ms (%.3f-%.3f)", row.modelSeconds * 1e3, row.interval.lowSeconds * 1e3,
                      row.interval.highSeconds * 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.3f ms (outside every validated regime)", row.modelSeconds * 1e3);
    return buf;
}

namespace {

QJsonValue finiteOrNull(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

QJsonObject stepJson(const PlacementReport &report)
{
    const StepTime &t = report.step;
    QJsonObject o;
    o[QStringLiteral("computed")] = t.computed;
    if (!t.computed) {
        o[QStringLiteral("problem")] = QString::fromStdString(t.problem);
        o[QStringLiteral("communication_s")] = t.communicationSeconds;
        return o;
    }
    o[QStringLiteral("step_s")] = t.stepSeconds;
    o[QStringLiteral("compute_s")] = t.computeSeconds;
    o[QStringLiteral("bubble_s")] = t.bubbleSeconds;
    o[QStringLiteral("exposed_communication_s")] = QJsonObject{{QStringLiteral("tp"), t.tpSeconds},
                                                                {QStringLiteral("cp"), t.cpSeconds},
                                                                {QStringLiteral("ep"), t.epSeconds},
                                                                {QStringLiteral("pp"), t.ppSeconds},
                                                                {QStringLiteral("dp"), t.dpSeconds},
                                                                {QStringLiteral("total"), t.exposedSeconds()}};
    o[QStringLiteral("communication_s")] = t.communicationSeconds;
    o[QStringLiteral("flops_per_step")] = t.flopsPerStep;
    o[QStringLiteral("precision")] = QString::fromStdString(t.precision);
    o[QStringLiteral("peak_tflops")] = t.peakTflops;
    o[QStringLiteral("mfu")] = t.mfu;
    o[QStringLiteral("mfu_source")] = QString::fromStdString(t.mfuSource);
    o[QStringLiteral("step_mfu")] = t.stepMfu();
    if (report.measuredStepSeconds > 0) {
        o[QStringLiteral("measured_step_s")] = report.measuredStepSeconds;
        o[QStringLiteral("implied_mfu")] = finiteOrNull(report.impliedMfu);
    }
    return o;
}

QString stepText(const PlacementReport &report)
{
    const StepTime &t = report.step;
    if (!t.computed)
        return QStringLiteral("\nStep: not computed (%1); step communication only above\n")
            .arg(QString::fromStdString(t.problem));
    QString text = QStringLiteral("\nStep (compute, pipeline bubble and the communication compute does not hide; "
                                  "docs/traffic-model.md, \"The whole step\"):\n");
    text += QStringLiteral("  step_ms: %1 (the step's MFU %2)\n")
                .arg(t.stepSeconds * 1e3, 0, 'f', 1)
                .arg(t.stepMfu(), 0, 'f', 3);
    text += QStringLiteral("    compute: %1 ms (%2 TFLOP/s peak in %3, MFU %4 while computing: %5)\n")
                .arg(t.computeSeconds * 1e3, 0, 'f', 1)
                .arg(t.peakTflops, 0, 'f', 0)
                .arg(QString::fromStdString(t.precision))
                .arg(t.mfu, 0, 'f', 3)
                .arg(QString::fromStdString(t.mfuSource));
    text += QStringLiteral("    pipeline bubble: %1 ms\n").arg(t.bubbleSeconds * 1e3, 0, 'f', 1);
    text += QStringLiteral("    exposed communication: %1 ms (TP %2, CP %3, EP %4, PP %5, DP %6)\n")
                .arg(t.exposedSeconds() * 1e3, 0, 'f', 1)
                .arg(t.tpSeconds * 1e3, 0, 'f', 1)
                .arg(t.cpSeconds * 1e3, 0, 'f', 1)
                .arg(t.epSeconds * 1e3, 0, 'f', 1)
                .arg(t.ppSeconds * 1e3, 0, 'f', 1)
                .arg(t.dpSeconds * 1e3, 0, 'f', 1);
    text += QStringLiteral("  communication in all: %1 ms, %2 ms of it hidden behind compute\n")
                .arg(t.communicationSeconds * 1e3, 0, 'f', 1)
                .arg(std::max(0.0, t.communicationSeconds - t.exposedSeconds()) * 1e3, 0, 'f', 1);
    if (report.measuredStepSeconds > 0)
        text += std::isfinite(report.impliedMfu)
            ? QStringLiteral("  measured step %1 ms implies MFU %2 while computing\n")
                  .arg(report.measuredStepSeconds * 1e3, 0, 'f', 1)
                  .arg(report.impliedMfu, 0, 'f', 3)
            : QStringLiteral("  measured step %1 ms: no MFU up to 1.5 gives it\n").arg(report.measuredStepSeconds * 1e3, 0, 'f', 1);
    return text;
}

} // namespace

PlacementReport buildPlacementReport(const Fabric &fabric, const CapacityView &view, const ClusterState &state,
                                     const JobSpec &job, JobEvaluation evaluation, RoutingMode routing,
                                     std::vector<std::string> runningJobs, double measuredStepSeconds)
{
    PlacementReport report;
    report.fabric = &fabric;
    report.job = job;
    report.routing = routing;
    report.runningJobs = std::move(runningJobs);
    report.freeGpusBefore = state.freeGpuCount();
    report.before = state.fragmentation();
    ClusterState afterState = state;
    afterState.add(evaluation.placement);
    report.after = afterState.fragmentation();
    report.impact = degradationImpact(fabric, view, evaluation);
    report.impaired = !impairedLinks(fabric, view).empty() && evaluation.routed();
    report.summary = summarizePlacement(fabric, job, evaluation.placement);

    report.collectives = placementCollectiveRows(fabric, view, evaluation);
    if (evaluation.routed()) {
        const std::vector<StepCollective> collectives
            = stepCollectives(fabric, CapacityView::nominal(fabric), evaluation, true);
        report.step = stepTimeOf(fabric, job, evaluation, collectives);
        if (measuredStepSeconds > 0) {
            report.measuredStepSeconds = measuredStepSeconds;
            report.impliedMfu
                = impliedComputeEfficiency(job, gpuModelOf(fabric, evaluation), collectives, measuredStepSeconds);
        }
    }
    report.evaluation = std::move(evaluation);
    return report;
}

std::string placementReportToJson(const PlacementReport &report)
{
    const auto [fabric, job, evaluation, placement, summary, tiers, tiersByKind, routingError, runningJobs]
        = partsOf(report);
    QJsonObject o;
    o[QStringLiteral("job")] = QString::fromStdString(job.name);
    o[QStringLiteral("fabric")] = QString::fromStdString(fabric->name);
    o[QStringLiteral("strategy")] = QString::fromStdString(placement.strategy);
    o[QStringLiteral("rank_order")] = QString::fromStdString(placement.rankOrder);
    o[QStringLiteral("host_order")] = placement.hostOrder.empty() ? QStringLiteral("as placed")
                                                                 : QString::fromStdString(placement.hostOrder);
    o[QStringLiteral("gpus")] = double(summary.gpus);
    o[QStringLiteral("hosts")] = summary.hosts;
    o[QStringLiteral("placement_ms")] = evaluation.placementMs;
    o[QStringLiteral("micro_batches_per_step")] = double(job.microBatchesPerStep());
    o[QStringLiteral("tp_groups")] = summary.tpGroups;
    o[QStringLiteral("tp_groups_across_hosts")] = summary.tpGroupsAcrossHosts;
    o[QStringLiteral("rail_aligned")] = summary.railAligned;
    o[QStringLiteral("job_span")] = spanJson(summary.job);
    o[QStringLiteral("pipeline_span")] = spanJson(summary.pipeline);
    o[QStringLiteral("dp_span")] = spanJson(summary.dataParallel);
    if (!runningJobs.isEmpty())
        o[QStringLiteral("running_jobs")] = QJsonArray::fromStringList(runningJobs);
    o[QStringLiteral("free_gpus_before")] = double(report.freeGpusBefore);
    o[QStringLiteral("fragmentation_before")] = fragmentationJson(report.before);
    o[QStringLiteral("fragmentation_after")] = fragmentationJson(report.after);
    QJsonArray coll;
    for (const PlacementCollectiveRow &r : report.collectives) {
        QJsonObject row{{QStringLiteral("kind"), QString::fromLatin1(parallelKindName(r.kind))},
                        {QStringLiteral("op"), QString::fromLatin1(commOpName(r.op))},
                        {QStringLiteral("label"), QString::fromStdString(r.label)},
                        {QStringLiteral("groups"), r.groups},
                        {QStringLiteral("group_size"), double(r.groupSize)},
                        {QStringLiteral("bytes_per_rank"), r.bytesPerRank},
                        {QStringLiteral("count_per_step"), double(r.countPerStep)}};
        if (routingError.isEmpty() && r.time.error.empty()) {
            row[QStringLiteral("time_per_call_ms")] = r.time.seconds * 1e3;
            row[QStringLiteral("network_ms")] = r.time.networkSeconds * 1e3;
            row[QStringLiteral("nvlink_ms")] = r.time.nvlinkSeconds * 1e3;
            row[QStringLiteral("bottleneck")] = bottleneckName(*fabric, r.time);
        }
        // The collective model on one group, with its prediction interval.
        QJsonObject model;
        if (r.modelSeconds >= 0) {
            model[QStringLiteral("time_ms")] = r.modelSeconds * 1e3;
            model[QStringLiteral("algorithm")] = QString::fromStdString(r.modelAlgorithm);
            QJsonObject interval{{QStringLiteral("validated"), r.interval.validated},
                                 {QStringLiteral("rows"), r.interval.rows},
                                 {QStringLiteral("regime"), QString::fromStdString(r.interval.regime)}};
            if (r.interval.validated) {
                interval[QStringLiteral("low_ms")] = r.interval.lowSeconds * 1e3;
                interval[QStringLiteral("high_ms")] = r.interval.highSeconds * 1e3;
            }
            model[QStringLiteral("interval")] = interval;
        } else if (!r.modelNote.empty()) {
            model[QStringLiteral("note")] = QString::fromStdString(r.modelNote).left(200);
        }
        if (!model.isEmpty())
            row[QStringLiteral("model_one_group")] = model;
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
    o[QStringLiteral("routing")] = QLatin1String(routingModeName(report.routing));
    if (!report.evaluation.routing.tableSource.empty())
        o[QStringLiteral("routing_tables")] = QString::fromStdString(report.evaluation.routing.tableSource);
    if (routingError.isEmpty()) {
        o[QStringLiteral("step_comm_time_ms")] = evaluation.stepSeconds * 1e3;
        o[QStringLiteral("max_link_utilization")] = evaluation.maxUtilization;
        o[QStringLiteral("bottleneck_link")] = QString::fromStdString(evaluation.bottleneckLinkId);
        o[QStringLiteral("unrouted_flows")] = qint64(evaluation.unroutedFlows);
        QJsonObject phases;
        for (const JobPhaseTime &ph : evaluation.phases)
            phases[QLatin1String(parallelKindName(ph.kind))] = ph.seconds * 1e3;
        o[QStringLiteral("phase_time_ms")] = phases;
        o[QStringLiteral("step")] = stepJson(report);
        if (report.impaired) {
            o[QStringLiteral("healthy_step_comm_time_ms")] = report.impact.own.healthyCommSeconds * 1e3;
            if (report.impact.own.wholeStep()) {
                o[QStringLiteral("healthy_step_ms")] = report.impact.own.healthyStepSeconds * 1e3;
                o[QStringLiteral("step_ms")] = std::isfinite(report.impact.own.stepSeconds)
                    ? QJsonValue(report.impact.own.stepSeconds * 1e3)
                    : QJsonValue();
            }
            o[QStringLiteral("slowdown")] = finiteOrNull(report.impact.slowdown());
            o[QStringLiteral("slowdown_of")] = report.impact.own.wholeStep() ? QStringLiteral("step")
                                                                            : QStringLiteral("step communication");
            o[QStringLiteral("communication_slowdown")] = finiteOrNull(report.impact.own.commSlowdown());
            QJsonArray links;
            for (const ImpairedLinkCost &c : report.impact.links)
                links.append(QJsonObject{
                    {QStringLiteral("link"), QString::fromStdString(fabric->link(c.link).id)},
                    {QStringLiteral("nominal_gbps"), c.nominalGbps},
                    {QStringLiteral("effective_gbps"), c.effectiveGbps},
                    {QStringLiteral("step_comm_time_ms_alone"),
                     std::isfinite(c.commSecondsAlone) ? QJsonValue(c.commSecondsAlone * 1e3) : QJsonValue()},
                    {QStringLiteral("step_ms_alone"),
                     c.stepSecondsAlone > 0 && std::isfinite(c.stepSecondsAlone) ? QJsonValue(c.stepSecondsAlone * 1e3)
                                                                                 : QJsonValue()},
                    {QStringLiteral("slowdown_alone"),
                     std::isfinite(c.slowdownAlone) ? QJsonValue(c.slowdownAlone) : QJsonValue()}});
            auto routed = [](const RoutedSlowdown &r) {
                QJsonObject x{{QStringLiteral("routing"), QLatin1String(routingModeName(r.mode))}};
                if (r.computed()) {
                    x[QStringLiteral("healthy_step_comm_time_ms")] = r.healthyCommSeconds * 1e3;
                    x[QStringLiteral("step_comm_time_ms")]
                        = std::isfinite(r.commSeconds) ? QJsonValue(r.commSeconds * 1e3) : QJsonValue();
                    if (r.wholeStep()) {
                        x[QStringLiteral("healthy_step_ms")] = r.healthyStepSeconds * 1e3;
                        x[QStringLiteral("step_ms")]
                            = std::isfinite(r.stepSeconds) ? QJsonValue(r.stepSeconds * 1e3) : QJsonValue();
                    }
                    x[QStringLiteral("slowdown")] = std::isfinite(r.slowdown()) ? QJsonValue(r.slowdown()) : QJsonValue();
                    x[QStringLiteral("communication_slowdown")]
                        = std::isfinite(r.commSlowdown()) ? QJsonValue(r.commSlowdown()) : QJsonValue();
                }
                return x;
            };
            if (report.impact.asRouted.computed()) {
                o[QStringLiteral("as_routed")] = routed(report.impact.asRouted);
                o[QStringLiteral("with_adaptive_routing")] = routed(report.impact.adaptive);
            }
            o[QStringLiteral("impaired_links_used")] = report.impact.impairedLinks;
            o[QStringLiteral("impaired_links")] = links;
        }
    } else {
        o[QStringLiteral("routing_error")] = routingError;
    }
    return QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString();
}

std::string placementReportToText(const PlacementReport &report)
{
    const auto [fabric, job, evaluation, placement, summary, tiers, tiersByKind, routingError, runningJobs]
        = partsOf(report);
    const Parallelism &p = job.parallel;
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
                .arg(evaluation.placementMs, 0, 'f', 1);
    if (!report.runningJobs.empty() || report.freeGpusBefore < fabric->gpuCount())
        text += QStringLiteral("  cluster before: %1 of %2 GPUs free%3\n")
                    .arg(report.freeGpusBefore)
                    .arg(fabric->gpuCount())
                    .arg(report.runningJobs.empty()
                             ? QString()
                             : QStringLiteral(", running: %1").arg(runningJobs.join(QStringLiteral(", "))));
    text += QStringLiteral("  largest free domain (hosts), before → after: %1\n")
                .arg(fragmentationText(report.before, report.after));
    text += QStringLiteral("  rank order over the placed GPUs (fastest first): %1; hosts %2\n")
                .arg(QString::fromStdString(placement.rankOrder),
                     placement.hostOrder.empty() ? QStringLiteral("as placed")
                                                 : QString::fromStdString(placement.hostOrder));
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
    for (const PlacementCollectiveRow &r : report.collectives)
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
                    .arg(routingError.isEmpty() ? bottleneckName(*fabric, r.time) : QString());
    if (routingError.isEmpty() && !report.collectives.empty()) {
        text += QStringLiteral("\nCollective model, one group alone (NCCL's algorithm, latency included; the interval is from "
                               "the cross-validated errors of the validation rows of the same GPU, op and node count, "
                               "docs/model-validation.md):\n");
        for (const PlacementCollectiveRow &r : report.collectives) {
            QString line = QStringLiteral("  %1 %2 %3")
                               .arg(QLatin1String(parallelKindName(r.kind)), -5)
                               .arg(QLatin1String(commOpName(r.op)), -15)
                               .arg(QString::fromStdString(modelTimeText(r)).left(200));
            if (r.modelSeconds >= 0)
                line += QStringLiteral("  %1").arg(QString::fromStdString(r.modelAlgorithm));
            if (r.interval.validated)
                line += QStringLiteral(", %1 %2 (%3)")
                            .arg(r.interval.rows)
                            .arg(r.interval.rows == 1 ? QStringLiteral("row") : QStringLiteral("rows"))
                            .arg(QString::fromStdString(r.interval.regime));
            text += line + QLatin1Char('\n');
        }
    }
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
            += QStringLiteral("\nNetwork (%1 routing; phases TP, CP, PP, EP, DP run one after another, each %2):\n")
                   .arg(report.evaluation.routing.tableSource.empty()
                            ? QString::fromLatin1(routingModeName(report.routing))
                            : QString::fromStdString(report.evaluation.routing.tableSource),
                        report.routing == RoutingMode::Hashed || report.routing == RoutingMode::Static
                            ? QStringLiteral("ending with its slowest connection at its fair share of its path")
                            : QStringLiteral("limited by its busiest link"));
        text += QStringLiteral("  step_comm_time_ms: %1\n").arg(evaluation.stepSeconds * 1e3, 0, 'f', 1);
        for (const JobPhaseTime &ph : evaluation.phases)
            text += QStringLiteral("    %1: %2 ms\n")
                        .arg(QLatin1String(parallelKindName(ph.kind)))
                        .arg(ph.seconds * 1e3, 0, 'f', 1);
        text += QStringLiteral("  max_link_utilization: %1\n").arg(evaluation.maxUtilization, 0, 'f', 3);
        text += QStringLiteral("  bottleneck_link: %1\n")
                    .arg(evaluation.bottleneckLinkId.empty() ? QStringLiteral("none")
                                                             : QString::fromStdString(evaluation.bottleneckLinkId));
        if (evaluation.unroutedFlows > 0)
            text += QStringLiteral("  unrouted_flows: %1: they have no path, so the job cannot run as routed and the "
                                   "times above leave them out\n")
                        .arg(evaluation.unroutedFlows);
        text += stepText(report);
        if (report.impaired) {
            text += QStringLiteral(
                "\nImpaired links (failed or degraded) against the healthy fabric, same placement:\n");
            text += QStringLiteral("  healthy_step_comm_time_ms: %1\n").arg(report.impact.own.healthyCommSeconds * 1e3, 0, 'f', 1);
            if (report.impact.own.wholeStep())
                text += QStringLiteral("  step: %1 ms against %2 ms healthy\n")
                            .arg(report.impact.own.stepSeconds * 1e3, 0, 'f', 1)
                            .arg(report.impact.own.healthyStepSeconds * 1e3, 0, 'f', 1);
            text += QStringLiteral("  slowdown: %1x of the %2 (%3); step communication %4x\n")
                        .arg(report.impact.slowdown(), 0, 'f', 3)
                        .arg(report.impact.own.wholeStep() ? QStringLiteral("step") : QStringLiteral("step communication"))
                        .arg(QLatin1String(routingModeName(report.routing)))
                        .arg(report.impact.own.commSlowdown(), 0, 'f', 3);
            if (report.impact.asRouted.computed()) {
                // Each as its step against its own healthy step: "3359.6 ms, 1.345x of
                // 2497.5 ms healthy", so the two routings read in the same units.
                auto figure = [](const RoutedSlowdown &r) {
                    const double healthy = (r.wholeStep() ? r.healthyStepSeconds : r.healthyCommSeconds) * 1e3;
                    const double now = (r.wholeStep() ? r.stepSeconds : r.commSeconds) * 1e3;
                    if (!std::isfinite(r.slowdown()))
                        return QStringLiteral("stalled (routing fails; %1 ms healthy)").arg(healthy, 0, 'f', 1);
                    return QStringLiteral("%1 ms, %2x of %3 ms healthy")
                        .arg(now, 0, 'f', 1)
                        .arg(r.slowdown(), 0, 'f', 3)
                        .arg(healthy, 0, 'f', 1);
                };
                const RoutedSlowdown &r = report.impact.asRouted;
                text += QStringLiteral("  as routed (%1): %2\n  with adaptive routing: %3\n")
                            .arg(QLatin1String(routingModeDescription(r.mode)), figure(r), figure(report.impact.adaptive));
            }
            text += QStringLiteral("  impaired links carrying this job's traffic: %1; each alone, the others "
                                   "healthy (%2):\n")
                        .arg(report.impact.impairedLinks)
                        .arg(QLatin1String(routingModeName(report.routing)));
            for (const ImpairedLinkCost &c : report.impact.links)
                text += QStringLiteral("    %1 at %2 of %3 Gbit/s: alone %4\n")
                            .arg(QString::fromStdString(fabric->link(c.link).id))
                            .arg(c.effectiveGbps)
                            .arg(c.nominalGbps)
                            .arg(std::isfinite(c.slowdownAlone) ? QStringLiteral("%1 ms, %2x")
                                                                      .arg((c.stepSecondsAlone > 0 ? c.stepSecondsAlone
                                                                                                   : c.commSecondsAlone)
                                                                               * 1e3,
                                                                           0, 'f', 1)
                                                                      .arg(c.slowdownAlone, 0, 'f', 3)
                                                                : QStringLiteral("routing fails"));
        }
    } else {
        text += QStringLiteral("\nNetwork: not computed (routing failed: %1)\n").arg(routingError);
    }
    return text.toStdString();
}

} // namespace Railyard
