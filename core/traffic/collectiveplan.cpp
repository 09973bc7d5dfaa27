#include "core/traffic/collectiveplan_p.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace Railyard::CollectivePlan {

namespace {

int railOf(const Fabric &fabric, std::int32_t host, int gpu)
{
    const auto &nics = fabric.host(host).nics;
    return nics.empty() ? -1 : nics[static_cast<size_t>(gpu) % nics.size()].rail;
}

} // namespace

std::vector<Unit> unitsOf(const Fabric &fabric, const std::vector<HostRanks> &hosts)
{
    std::vector<Unit> units;
    std::unordered_map<std::string, size_t> byDomain;
    for (const HostRanks &h : hosts) {
        const std::string &domain = fabric.host(h.host).nvlinkDomain;
        if (!domain.empty()) {
            const auto [it, added] = byDomain.emplace(domain, units.size());
            if (!added) {
                units[it->second].hosts.push_back(h);
                units[it->second].gpus += h.gpus;
                continue;
            }
        }
        units.push_back({{h}, h.gpus, domain});
    }
    return units;
}

Planner::Planner(const Fabric &fabric, const std::vector<HostRanks> &hosts, double bytes)
    : m_fabric(fabric)
    , m_units(unitsOf(fabric, hosts))
    , S(bytes)
{
    for (const Unit &u : m_units) {
        n += u.gpus;
        g = std::max(g, u.gpus);
    }
    M = static_cast<int>(m_units.size());
}

Planner::End Planner::end(int u, int c) const
{
    const Unit &unit = m_units[static_cast<size_t>(u)];
    int gpu = c % unit.gpus;
    for (const HostRanks &h : unit.hosts) {
        if (gpu < h.gpus)
            return {h.host, railOf(m_fabric, h.host, gpu)};
        gpu -= h.gpus;
    }
    return {unit.hosts.front().host, railOf(m_fabric, unit.hosts.front().host, 0)};
}

Plan Planner::plan(CollectiveOp op, CollectiveAlgorithm algorithm) const
{
    Plan p;
    p.algorithm = algorithm;
    const double dn = n, dg = g, dM = M;
    const double intraShare = M == 1 ? 1.0 : (dg - 1.0) / dg; // share of a ring's edges inside hosts
    switch (op) {
    case CollectiveOp::AllReduce:
        if (algorithm == CollectiveAlgorithm::Ring) {
            ring(p, 2.0 * (dn - 1.0) / dn * S / dg, true);
            p.intraBytesPerGpu = 2.0 * (dn - 1.0) / dn * S * intraShare;
            p.intraSteps = 2.0 * (n - 1) - 2.0 * (M - 1);
            p.netSteps = 2.0 * (M - 1);
        } else if (algorithm == CollectiveAlgorithm::Tree || algorithm == CollectiveAlgorithm::NvlsTree) {
            doubleBinaryTree(p, S / (2.0 * dg));
            if (algorithm == CollectiveAlgorithm::NvlsTree)
                nvlsIntra(p);
            else
                hierarchicalIntra(p);
            p.netSteps = M > 1 ? 2.0 * std::ceil(std::log2(dM)) : 0.0;
        } else if (algorithm == CollectiveAlgorithm::Nvls || algorithm == CollectiveAlgorithm::CollNet) {
            // In-network reduction across hosts (SHARP): each NIC sends its S/g shard up the
            // aggregation tree once and receives the reduced shard once. Modelled as the ring
            // flow plan with S/g per channel: exactly S/g per direction on every NIC link; the
            // inner links approximate the aggregation tree. Steps: up and down the tree.
            ring(p, S / dg, true);
            if (algorithm == CollectiveAlgorithm::Nvls)
                nvlsIntra(p);
            else
                hierarchicalIntra(p);
            p.netSteps = M > 1 ? 2.0 : 0.0;
        } else {
            ring(p, 2.0 * (dM - 1.0) / dM * S / dg, true);
            p.intraBytesPerGpu = 2.0 * (dg - 1.0) / dg * S;
            p.intraSteps = 2.0 * (g - 1);
            p.netSteps = 2.0 * (M - 1);
        }
        break;
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
        if (algorithm == CollectiveAlgorithm::Ring) {
            ring(p, (dn - 1.0) / dn * S / dg, true);
            p.intraBytesPerGpu = (dn - 1.0) / dn * S * intraShare;
            p.intraSteps = (n - 1) - (M - 1);
        } else {
            ring(p, (dM - 1.0) / dM * S / dg, true);
            p.intraBytesPerGpu = (dg - 1.0) / dg * S;
            p.intraSteps = g - 1;
        }
        p.netSteps = M - 1;
        break;
    case CollectiveOp::Broadcast:
        ring(p, S / dg, false); // a pipelined chain: the ring without its closing edge
        p.intraBytesPerGpu = M == 1 ? (dn - 1.0) / dn * S : (dg - 1.0) / dg * S;
        p.intraSteps = (n - 1) - (M - 1);
        p.netSteps = M - 1;
        break;
    case CollectiveOp::AllToAll:
        allToAll(p, algorithm == CollectiveAlgorithm::Pxn);
        // NCCL runs it as one send and one receive per peer, each with its own
        // round trip: a step per NVLink peer and per remote peer. With the
        // message per peer (S/n) shrinking as ranks grow, these steps are what
        // keeps large all-to-alls below the bandwidth bound.
        p.intraSteps = g - 1.0;
        p.netSteps = double(n) - g;
        break;
    }
    return p;
}


/// NVLS: each GPU moves S through the NVSwitch (multimem reduce, then
/// multicast), at the NVLS bandwidth; one reduce and one multicast step.
void Planner::nvlsIntra(Plan &p) const
{
    p.nvlsIntra = true;
    p.intraBytesPerGpu = g > 1 ? S : 0.0;
    p.intraSteps = g > 1 ? 2.0 : 0.0;
}

/// NVLink reduce-scatter + all-gather inside each unit: 2(g-1)/g S per GPU.
void Planner::hierarchicalIntra(Plan &p) const
{
    const double dg = g;
    p.intraBytesPerGpu = 2.0 * (dg - 1.0) / dg * S;
    p.intraSteps = 2.0 * (g - 1);
}

/// Ring (closed) or chain edges between consecutive units, one flow per
/// network channel c (GPU c of each unit, on its NIC's rail); with fewer
/// channels than GPUs each carries the share of g / channels GPUs.
void Planner::ring(Plan &p, double bytesPerChannel, bool closed) const
{
    if (M < 2)
        return;
    const int channels = netChannels();
    const double bytes = bytesPerChannel * g / channels;
    for (int i = 0; i < (closed ? M : M - 1); ++i)
        for (int c = 0; c < channels; ++c) {
            const End a = end(i, c), b = end((i + 1) % M, c);
            p.flows.push_back({a.host, b.host, a.rail, b.rail, bytes, m_channelsPerNic, bytes});
        }
}

/// NCCL's double binary tree over the units (ncclGetDtree): tree 0 is NCCL's
/// binary tree on positions 0..M-1 — position 0 the root with a single
/// child, a position's children at ± half its lowest set bit — and tree 1
/// its mirror (M-1-i) for even M, its shift by one for odd M, so inner nodes
/// of one are leaves of the other. Each tree carries half the data up
/// (reduce) and down (broadcast) every edge, per channel.
void Planner::doubleBinaryTree(Plan &p, double bytesPerTreePerChannel) const
{
    for (int tree = 0; tree < 2 && M > 1; ++tree)
        for (int i = 0; i < M; ++i) {
            // Position i's parent in tree 0, mapped into the second tree.
            const int pos = tree == 0 ? i : (M % 2 == 0 ? M - 1 - i : (i - 1 + M) % M);
            const int up = btreeParent(M, pos);
            if (up < 0)
                continue;
            const int parent = tree == 0 ? up : (M % 2 == 0 ? M - 1 - up : (up + 1) % M);
            const int channels = netChannels();
            const double bytes = bytesPerTreePerChannel * g / channels;
            for (int c = 0; c < channels; ++c) {
                const End child = end(i, c), top = end(parent, c);
                p.flows.push_back({child.host, top.host, child.rail, top.rail, bytes, m_channelsPerNic, bytes});
                p.flows.push_back({top.host, child.host, top.rail, child.rail, bytes, m_channelsPerNic, bytes});
            }
        }
}

int btreeParent(int n, int rank)
{
    if (rank == 0)
        return -1;
    int bit = 1;
    while (bit < n && !(bit & rank))
        bit <<= 1;
    int up = (rank ^ bit) | (bit << 1);
    if (up >= n)
        up = rank ^ bit;
    return up;
}

/// Every rank sends S/n to every rank. Across units, NCCL sends to each peer
/// over the network (NVLink peers inside a unit directly). PXN: the data
/// for GPU l of a remote unit first crosses NVLink to the local GPU on l's
/// rail, then that rail; direct: GPU k sends on its own rail to l's rail.
void Planner::allToAll(Plan &p, bool pxn) const
{
    const double chunk = S / n;
    const double flowCount = pxn ? double(M) * M * g : double(M) * M * g * g;
    if (flowCount > 2e7)
        throw std::invalid_argument("all-to-all over " + std::to_string(M) + " NVLink units needs "
                                    + std::to_string(static_cast<long long>(flowCount))
                                    + " flows; the model handles up to 20 million");
    for (int a = 0; a < M; ++a)
        for (int b = 0; b < M; ++b) {
            if (a == b)
                continue;
            const int ga = m_units[static_cast<size_t>(a)].gpus, gb = m_units[static_cast<size_t>(b)].gpus;
            for (int l = 0; l < gb; ++l) {
                const End to = end(b, l);
                if (pxn) {
                    const End from = end(a, l);
                    p.flows.push_back({from.host, to.host, from.rail, to.rail, ga * chunk, m_p2pPerPeer, ga * chunk});
                    continue;
                }
                for (int k = 0; k < ga; ++k) {
                    const End from = end(a, k);
                    p.flows.push_back({from.host, to.host, from.rail, to.rail, chunk, m_p2pPerPeer, chunk});
                }
            }
        }
    // PXN: all of a GPU's data not for itself crosses NVLink once; direct: only its unit's peers.
    p.intraBytesPerGpu = pxn ? (g - 1.0) / g * S : (g - 1.0) * chunk;
}

} // namespace Railyard::CollectivePlan
