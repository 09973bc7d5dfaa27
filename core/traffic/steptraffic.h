#pragma once

// Per-step communication of a training job: the collectives each parallel
// group runs per optimizer step (formulas in docs/traffic-model.md,
// "Per-step traffic"), and their expansion into host-to-host network flows
// under a placement.

#include "core/jobs/jobspec.h"
#include "core/model/fabric.h"
#include "core/jobs/placement.h"
#include "core/traffic/flows.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace Railyard {

enum class ParallelKind : std::uint8_t { Tp, Cp, Pp, Dp, Ep };
/// Communication operation of a GroupCollective. (Distinct from the cost
/// model's CollectiveOp in collectivemodel.h: this one has p2p, not broadcast.)
enum class CommOp : std::uint8_t { AllReduce, AllGather, ReduceScatter, AllToAll, P2p };

/// "tp", "cp", "pp", "dp", "ep".
const char *parallelKindName(ParallelKind kind);
/// "all-reduce", "all-gather", "reduce-scatter", "all-to-all", "p2p".
const char *commOpName(CommOp op);

/// One collective of one parallel group, repeated countPerStep times per step.
///
/// bytesPerRank is S in nccl-tests terms: all-reduce: the buffer each rank
/// reduces; all-gather: the gathered output (n × each rank's share);
/// reduce-scatter: the input (n × each rank's result); all-to-all: all a
/// rank sends, its own slice included; p2p: what each stage sends to its
/// neighbour in one direction. For p2p, ranks is the pipeline in stage order
/// and one call moves S forward on every neighbouring pair and S backward.
struct GroupCollective
{
    ParallelKind kind = ParallelKind::Tp;
    CommOp op = CommOp::AllReduce;
    std::vector<std::int32_t> ranks; ///< global ranks, in group order
    double bytesPerRank = 0;
    long long countPerStep = 0;
    std::string label; ///< "activations", "dense gradients", "expert gradients", ...
};

/// Every collective of one training step, grouped by kind (TP, CP, PP, EP,
/// DP), one entry per group. Depends only on the job (ranks in Megatron
/// order, see core/jobs/ranklayout.h), not on where ranks run.
std::vector<GroupCollective> stepCollectives(const JobSpec &job);

/// Calls fn(srcHost, srcGpu, dstHost, dstGpu, bytes) for each network
/// transfer of ONE call of c under the placement (no host-local transfers):
/// - all-reduce / all-gather / reduce-scatter: hierarchical. Ranks on one
///   host reduce over NVLink; across the h hosts of the group, M = the most
///   members any host has rings run in parallel, ring j linking the j-th
///   member (mod its count) of each host to that of the next host in group
///   order (so, rail-aligned placements keep each ring on one rail). Each
///   ring edge carries factor × S / M with factor 2(h−1)/h for all-reduce,
///   (h−1)/h for all-gather and reduce-scatter. With `sharp` (the fabric
///   reduces in its switches, fabricHasSharp in collectivemodel.h) an
///   all-reduce edge carries 1 × S / M: each member sends S / M up the
///   aggregation tree and receives S / M back, whatever h.
/// - all-to-all: pairwise; every ordered pair of ranks on different hosts
///   carries S / n.
/// - p2p: S from each stage to the next and S back, when on different hosts.
///
/// With `units` (nvlinkUnits()), hosts of one multi-host NVLink domain count
/// as one: ranks on them talk over NVLink, and rings and all-to-all cross
/// the network only between domains.
using FlowSink = std::function<void(std::int32_t srcHost, int srcGpu, std::int32_t dstHost, int dstGpu, double bytes)>;
/// Per host index, the first host of its multi-host NVLink domain, or the
/// host itself; empty when the fabric declares no domain (every host alone).
using NvlinkUnits = std::vector<std::int32_t>;
NvlinkUnits nvlinkUnits(const Fabric &fabric);
void forEachNetworkTransfer(const Placement &placement, const GroupCollective &c, const FlowSink &fn,
                            bool sharp = false, const NvlinkUnits *units = nullptr);

/// Bytes one call of c moves inside hosts (NVLink): the intra-host stage of
/// the hierarchical algorithm, Σ_hosts m·factor(m)·S for all-reduce / AG / RS
/// (m members on the host), S/n per same-host pair for all-to-all, S per
/// same-host neighbour pair and direction for p2p.
double hostLocalBytes(const Placement &placement, const GroupCollective &c, const NvlinkUnits *units = nullptr);

/// The network flows of one call of c (rails from the GPUs' NICs:
/// GPU g uses the host's NIC g % nics).
std::vector<Flow> collectiveFlows(const Fabric &fabric, const Placement &placement, const GroupCollective &c,
                                  bool sharp = false);

/// All network flows of a step: every collective's flows × countPerStep,
/// merged per (src host, dst host, src rail, dst rail). `kinds` filters
/// (empty = all kinds). `sharp`: as for forEachNetworkTransfer.
std::vector<Flow> stepFlows(const Fabric &fabric, const Placement &placement,
                            const std::vector<GroupCollective> &collectives,
                            const std::vector<ParallelKind> &kinds = {}, bool sharp = false);

/// Rail of a host's GPU: the rail of NIC g % nics, -1 if the host has no NIC.
int gpuRail(const Fabric &fabric, std::int32_t host, int gpu);

} // namespace Railyard
