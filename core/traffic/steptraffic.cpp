#include "core/traffic/steptraffic.h"

#include "core/jobs/ranklayout.h"
#include "core/traffic/nccltuning.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>
#include <utility>

namespace Railyard {

namespace {

/// Ring factor of the op over n participants: 2(n−1)/n or (n−1)/n.
double ringFactor(CommOp op, int n)
{
    if (n <= 1)
        return 0.0;
    const double f = double(n - 1) / double(n);
    return op == CommOp::AllReduce ? 2.0 * f : f;
}

/// The members of a group per NVLink unit (a host, or a multi-host NVLink
/// domain), units in order of first appearance.
struct HostMembers
{
    std::int32_t unit = -1;
    std::vector<RankSlot> gpus;
};

std::int32_t unitOf(const NvlinkUnits *units, std::int32_t host)
{
    return units && !units->empty() ? (*units)[size_t(host)] : host;
}

std::vector<HostMembers> groupByUnit(const Placement &placement, const std::vector<std::int32_t> &ranks,
                                     const NvlinkUnits *units)
{
    // Called for every group of every candidate layout the placer evaluates:
    // a per-thread slot table indexed by unit (a host index) instead of a hash
    // map, cleared again for the units used.
    thread_local std::vector<std::int32_t> slotOf;
    std::vector<HostMembers> hosts;
    const auto clear = [&hosts] {
        for (const HostMembers &hm : hosts)
            slotOf[size_t(hm.unit)] = -1;
    };
    try {
        for (std::int32_t r : ranks) {
            const RankSlot &slot = placement.ranks[size_t(r)];
            const std::int32_t unit = unitOf(units, slot.host);
            if (size_t(unit) >= slotOf.size())
                slotOf.resize(size_t(unit) + 1, -1);
            if (slotOf[size_t(unit)] < 0) {
                hosts.push_back({unit, {}});
                slotOf[size_t(unit)] = std::int32_t(hosts.size() - 1);
            }
            hosts[size_t(slotOf[size_t(unit)])].gpus.push_back(slot);
        }
    } catch (...) {
        clear();
        throw;
    }
    clear();
    return hosts;
}

} // namespace

const char *parallelKindName(ParallelKind kind)
{
    switch (kind) {
    case ParallelKind::Tp: return "tp";
    case ParallelKind::Cp: return "cp";
    case ParallelKind::Pp: return "pp";
    case ParallelKind::Dp: return "dp";
    case ParallelKind::Ep: return "ep";
    }
    return "?";
}

const char *commOpName(CommOp op)
{
    switch (op) {
    case CommOp::AllReduce: return "all-reduce";
    case CommOp::AllGather: return "all-gather";
    case CommOp::ReduceScatter: return "reduce-scatter";
    case CommOp::AllToAll: return "all-to-all";
    case CommOp::P2p: return "p2p";
    }
    return "?";
}

std::vector<GroupCollective> stepCollectives(const JobSpec &job)
{
    const Parallelism &p = job.parallel;
    const ModelShape &m = job.model;
    const RankLayout layout(p);
    const double b = m.precisionBytes;
    const double tokens = double(job.microBatch) * m.sequenceLength; // per micro-batch per pipeline
    const double act = tokens * m.hiddenSize * b;                    // one full activation tensor
    const long long micro = job.microBatchesPerStep();
    const long long layers = job.layersPerStage();
    const long long moeLayers = job.moeLayersPerStage();

    std::vector<GroupCollective> out;
    auto add = [&](ParallelKind kind, CommOp op, std::vector<std::int32_t> ranks, double bytes, long long count,
                   const char *label) {
        if (ranks.size() < 2 || bytes <= 0 || count <= 0)
            return;
        out.push_back({kind, op, std::move(ranks), bytes, count, label});
    };

    // TP: 2 all-reduces per layer forward, 2 backward, per micro-batch, of the
    // rank's activations (its 1/CP share of the sequence).
    if (p.tp > 1) {
        for (int pp = 0; pp < p.pp; ++pp)
            for (int dp = 0; dp < p.dp; ++dp)
                for (int cp = 0; cp < p.cp; ++cp) {
                    std::vector<std::int32_t> ranks;
                    for (int tp = 0; tp < p.tp; ++tp)
                        ranks.push_back(layout.rank({tp, cp, dp, pp}));
                    add(ParallelKind::Tp, CommOp::AllReduce, std::move(ranks), act / p.cp, 4 * layers * micro,
                        "activations");
                }
    }
    // CP: K and V of the rank's TP shard gathered across the CP group per
    // layer, forward and again in backward; their gradients reduce-scattered.
    // With grouped-query attention K and V are kv_heads / heads of the query.
    if (p.cp > 1) {
        const double kv = 2.0 * act * m.kvShare() / p.tp;
        for (int pp = 0; pp < p.pp; ++pp)
            for (int dp = 0; dp < p.dp; ++dp)
                for (int tp = 0; tp < p.tp; ++tp) {
                    std::vector<std::int32_t> ranks;
                    for (int cp = 0; cp < p.cp; ++cp)
                        ranks.push_back(layout.rank({tp, cp, dp, pp}));
                    add(ParallelKind::Cp, CommOp::AllGather, ranks, kv, 2 * layers * micro, "keys and values");
                    add(ParallelKind::Cp, CommOp::ReduceScatter, std::move(ranks), kv, layers * micro,
                        "key and value gradients");
                }
    }
    // PP: per micro-batch, activations forward and their gradients backward
    // between neighbouring stages; each TP rank sends its 1/TP slice
    // (Megatron's scatter-gather of pipeline tensors).
    if (p.pp > 1) {
        for (int dp = 0; dp < p.dp; ++dp)
            for (int cp = 0; cp < p.cp; ++cp)
                for (int tp = 0; tp < p.tp; ++tp) {
                    std::vector<std::int32_t> ranks;
                    for (int pp = 0; pp < p.pp; ++pp)
                        ranks.push_back(layout.rank({tp, cp, dp, pp}));
                    add(ParallelKind::Pp, CommOp::P2p, std::move(ranks), act / (double(p.cp) * p.tp), micro,
                        "activations");
                }
    }
    // EP: dispatch and combine all-to-all per MoE layer, forward and backward,
    // per micro-batch; each rank routes its sequence-parallel share of the
    // tokens (1/(CP·TP)) to top-k experts.
    if (p.ep > 1 && m.isMoe()) {
        const double bytes = act * m.topK / (double(p.cp) * p.tp);
        for (int pp = 0; pp < p.pp; ++pp)
            for (int edp = 0; edp < p.dp / p.ep; ++edp)
                for (int cp = 0; cp < p.cp; ++cp)
                    for (int tp = 0; tp < p.tp; ++tp) {
                        std::vector<std::int32_t> ranks;
                        for (int e = 0; e < p.ep; ++e)
                            ranks.push_back(layout.rank({tp, cp, layout.dpOf(e, edp), pp}));
                        add(ParallelKind::Ep, CommOp::AllToAll, std::move(ranks), bytes, 4 * moeLayers * micro,
                            "tokens (dispatch + combine)");
                    }
    }
    // DP: gradients of the parameters a rank holds, over the ranks holding
    // the same ones (data × context parallel; for experts, the dp / EP ranks
    // with the same experts).
    auto gradients = [&](std::vector<std::int32_t> ranks, double bytes, const char *label) {
        switch (job.sharding) {
        case OptimizerSharding::None:
            add(ParallelKind::Dp, CommOp::AllReduce, std::move(ranks), bytes, 1, label);
            break;
        case OptimizerSharding::Zero1:
            add(ParallelKind::Dp, CommOp::ReduceScatter, ranks, bytes, 1, label);
            add(ParallelKind::Dp, CommOp::AllGather, std::move(ranks), bytes, 1, "updated parameters");
            break;
        case OptimizerSharding::Fsdp:
            add(ParallelKind::Dp, CommOp::AllGather, ranks, bytes, 2 * micro, "parameters (forward + backward)");
            add(ParallelKind::Dp, CommOp::ReduceScatter, std::move(ranks), bytes, 1, label);
            break;
        }
    };
    const double denseBytes = m.denseParameters() / (double(p.tp) * p.pp) * b;
    const double expertBytes = m.expertParameters() / (double(p.tp) * p.pp * p.ep) * b;
    for (int pp = 0; pp < p.pp; ++pp)
        for (int tp = 0; tp < p.tp; ++tp) {
            std::vector<std::int32_t> ranks;
            for (int dp = 0; dp < p.dp; ++dp)
                for (int cp = 0; cp < p.cp; ++cp)
                    ranks.push_back(layout.rank({tp, cp, dp, pp}));
            gradients(std::move(ranks), denseBytes, m.isMoe() ? "dense gradients" : "gradients");
            if (!m.isMoe())
                continue;
            for (int e = 0; e < p.ep; ++e) {
                std::vector<std::int32_t> expert;
                for (int edp = 0; edp < p.dp / p.ep; ++edp)
                    for (int cp = 0; cp < p.cp; ++cp)
                        expert.push_back(layout.rank({tp, cp, layout.dpOf(e, edp), pp}));
                gradients(std::move(expert), expertBytes, "expert gradients");
            }
        }
    return out;
}

void forEachNetworkTransfer(const Placement &placement, const GroupCollective &c, const FlowSink &fn, bool sharp,
                            const NvlinkUnits *units)
{
    const size_t n = c.ranks.size();
    if (n < 2)
        return;
    const double s = c.bytesPerRank;
    switch (c.op) {
    case CommOp::AllReduce:
    case CommOp::AllGather:
    case CommOp::ReduceScatter: {
        const std::vector<HostMembers> hosts = groupByUnit(placement, c.ranks, units);
        const int h = int(hosts.size());
        if (h < 2)
            return;
        size_t rings = 0;
        for (const HostMembers &hm : hosts)
            rings = std::max(rings, hm.gpus.size());
        // SHARP: in-network reduction, each member sends S/M up and receives S/M down once.
        const double factor = sharp && c.op == CommOp::AllReduce ? 1.0 : ringFactor(c.op, h);
        const double perEdge = factor * s / double(rings);
        for (int i = 0; i < h; ++i) {
            const HostMembers &from = hosts[size_t(i)];
            const HostMembers &to = hosts[size_t((i + 1) % h)];
            for (size_t j = 0; j < rings; ++j) {
                // NCCL's ring leaves and enters each node on one NIC (its
                // graph search keeps a channel on one rail): the sender's.
                // A member on another GPU index is reached over NVLink.
                const RankSlot &a = from.gpus[j % from.gpus.size()], &b = to.gpus[j % to.gpus.size()];
                fn(a.host, a.gpu, b.host, a.gpu, perEdge);
            }
        }
        return;
    }
    case CommOp::AllToAll: {
        // As NCCL runs it, with PXN: the data for remote GPU l first crosses
        // NVLink to the sender's local GPU l, then goes out on l's rail, so
        // no pair crosses rails in the network.
        const double perPair = s / double(n);
        for (size_t i = 0; i < n; ++i) {
            const RankSlot &a = placement.ranks[size_t(c.ranks[i])];
            for (size_t j = 0; j < n; ++j) {
                const RankSlot &bslot = placement.ranks[size_t(c.ranks[j])];
                if (unitOf(units, a.host) != unitOf(units, bslot.host))
                    fn(a.host, bslot.gpu, bslot.host, bslot.gpu, perPair);
            }
        }
        return;
    }
    case CommOp::P2p:
        for (size_t i = 0; i + 1 < n; ++i) {
            const RankSlot &a = placement.ranks[size_t(c.ranks[i])];
            const RankSlot &bslot = placement.ranks[size_t(c.ranks[i + 1])];
            if (unitOf(units, a.host) == unitOf(units, bslot.host))
                continue;
            // PXN: each send leaves on the NIC of the receiver's rail.
            fn(a.host, bslot.gpu, bslot.host, bslot.gpu, s);
            fn(bslot.host, a.gpu, a.host, a.gpu, s);
        }
        return;
    }
}

double hostLocalBytes(const Placement &placement, const GroupCollective &c, const NvlinkUnits *units)
{
    const size_t n = c.ranks.size();
    if (n < 2)
        return 0.0;
    const double s = c.bytesPerRank;
    switch (c.op) {
    case CommOp::AllReduce:
    case CommOp::AllGather:
    case CommOp::ReduceScatter: {
        double total = 0;
        for (const HostMembers &hm : groupByUnit(placement, c.ranks, units)) {
            const int local = int(hm.gpus.size());
            total += local * ringFactor(c.op, local) * s;
        }
        return total;
    }
    case CommOp::AllToAll: {
        double total = 0;
        for (const HostMembers &hm : groupByUnit(placement, c.ranks, units)) {
            const double local = double(hm.gpus.size());
            total += local * (local - 1) * s / double(n);
        }
        return total;
    }
    case CommOp::P2p: {
        double total = 0;
        for (size_t i = 0; i + 1 < n; ++i)
            if (unitOf(units, placement.ranks[size_t(c.ranks[i])].host)
                == unitOf(units, placement.ranks[size_t(c.ranks[i + 1])].host))
                total += 2 * s;
        return total;
    }
    }
    return 0.0;
}

NvlinkUnits nvlinkUnits(const Fabric &fabric)
{
    NvlinkUnits units;
    std::unordered_map<std::string, std::int32_t> first;
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        const std::string &domain = fabric.host(h).nvlinkDomain;
        if (domain.empty())
            continue;
        if (units.empty()) {
            units.resize(size_t(fabric.hostCount()));
            std::iota(units.begin(), units.end(), std::int32_t(0));
        }
        units[size_t(h)] = first.try_emplace(domain, h).first->second;
    }
    return units;
}

int gpuRail(const Fabric &fabric, std::int32_t host, int gpu)
{
    const Host &h = fabric.host(host);
    if (h.nics.empty())
        return -1;
    return h.nics[size_t(gpu) % h.nics.size()].rail;
}

namespace {

/// NCCL's channels per network peer for the collective's communicator on
/// the hardware it runs on, memoised per shape (a step has thousands of
/// groups of a few shapes).
class ChannelCounts
{
public:
    ChannelCounts(const Fabric &fabric, const NvlinkUnits *units)
        : m_fabric(fabric)
        , m_units(units)
    {
    }

    int of(const Placement &placement, const GroupCollective &c)
    {
        if (c.ranks.size() < 2)
            return 1;
        const RankSlot &first = placement.ranks[size_t(c.ranks.front())];
        const Host &host = m_fabric.host(first.host);
        int perUnit = 1, units = int(c.ranks.size());
        const bool ring = c.op != CommOp::P2p && c.op != CommOp::AllToAll;
        if (ring) {
            const std::vector<HostMembers> members = groupByUnit(placement, c.ranks, m_units);
            units = int(members.size());
            for (const HostMembers &hm : members)
                perUnit = std::max(perUnit, int(hm.gpus.size()));
        }
        const std::uint64_t nicMbps = host.nics.empty() ? 0 : std::uint64_t(std::llround(host.nics.front().speedGbps * 1000));
        const std::uint64_t key = (std::uint64_t(ring) << 63) ^ (std::uint64_t(std::uint32_t(perUnit)) << 44)
            ^ (std::uint64_t(std::uint32_t(units)) << 24) ^ (nicMbps * 0x9E3779B97F4A7C15ull)
            ^ std::uint64_t(std::hash<std::string>{}(host.gpuModel));
        if (const auto it = m_cache.find(key); it != m_cache.end())
            return it->second;
        NcclTuning::Hardware hw;
        hw.arch = NcclTuning::archOfGpu(host.gpuModel);
        hw.gpusPerNode = perUnit;
        hw.nodes = units;
        hw.nvlinkGBps = host.nvlinkGBps;
        hw.nicsPerNode = std::max(1, std::min(perUnit, int(host.nics.size()) * std::max(1, perUnit / std::max(1, host.gpus))));
        hw.nicGBps = host.nics.empty() ? 50.0 : host.nics.front().speedGbps / 8.0;
        hw.pcieGBps = hw.arch >= NcclTuning::Arch::Hopper ? 48.0 : 24.0;
        hw.nvls = host.nvls;
        const int channels = ring ? NcclTuning::collectiveChannelsPerNic(hw)
                                  : NcclTuning::p2pChannelsPerPeer(hw, int(c.ranks.size()));
        m_cache.emplace(key, channels);
        return channels;
    }

private:
    const Fabric &m_fabric;
    const NvlinkUnits *m_units;
    std::unordered_map<std::uint64_t, int> m_cache;
};

} // namespace

std::vector<Flow> collectiveFlows(const Fabric &fabric, const Placement &placement, const GroupCollective &c,
                                  bool sharp)
{
    std::vector<Flow> flows;
    const NvlinkUnits units = nvlinkUnits(fabric);
    ChannelCounts counts(fabric, &units);
    const int channels = counts.of(placement, c);
    forEachNetworkTransfer(
        placement, c,
        [&](std::int32_t sh, int sg, std::int32_t dh, int dg, double bytes) {
            flows.push_back({sh, dh, gpuRail(fabric, sh, sg), gpuRail(fabric, dh, dg), bytes, channels, bytes});
        },
        sharp, &units);
    return flows;
}

std::vector<Flow> stepFlows(const Fabric &fabric, const Placement &placement,
                            const std::vector<GroupCollective> &collectives, const std::vector<ParallelKind> &kinds,
                            bool sharp)
{
    // Key: src host (24 bits) | dst host (24 bits) | src rail + 1 (8) | dst rail + 1 (8).
    std::unordered_map<std::uint64_t, size_t> index;
    std::vector<Flow> flows;
    const NvlinkUnits units = nvlinkUnits(fabric);
    ChannelCounts counts(fabric, &units);
    for (const GroupCollective &c : collectives) {
        if (!kinds.empty() && std::find(kinds.begin(), kinds.end(), c.kind) == kinds.end())
            continue;
        const double times = double(c.countPerStep);
        const int channels = counts.of(placement, c);
        forEachNetworkTransfer(
            placement, c,
            [&](std::int32_t sh, int sg, std::int32_t dh, int dg, double bytes) {
                const int sr = gpuRail(fabric, sh, sg);
                const int dr = gpuRail(fabric, dh, dg);
                const std::uint64_t key = (std::uint64_t(std::uint32_t(sh)) << 40)
                    | (std::uint64_t(std::uint32_t(dh)) << 16) | (std::uint64_t((sr + 1) & 0xff) << 8)
                    | std::uint64_t((dr + 1) & 0xff);
                const auto [it, inserted] = index.try_emplace(key, flows.size());
                if (inserted)
                    flows.push_back({sh, dh, sr, dr, 0.0, 0, 0.0});
                Flow &f = flows[it->second];
                f.bytes += bytes * times;
                // One communicator's connections carry the merged calls.
                f.channels = std::max(f.channels, channels);
                f.callBytes = std::max(f.callBytes, bytes);
            },
            sharp, &units);
    }
    return flows;
}

} // namespace Railyard
