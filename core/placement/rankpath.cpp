#include "core/placement/rankpath.h"

#include "core/jobs/ranklayout.h"
#include "core/traffic/routing.h"
#include "core/traffic/steptraffic.h"

#include <deque>

namespace Railyard {

namespace {

/// The host's live NIC link on a rail, else any live one (PXN-style fallback).
std::int32_t nicLink(const Fabric &fabric, const CapacityView &capacity, std::int32_t host, int rail)
{
    std::int32_t any = -1;
    for (const std::int32_t l : fabric.incidentLinks(fabric.hostNode(host))) {
        if (capacity.gbps[static_cast<size_t>(l)] <= 0)
            continue;
        if (hostLinkRail(fabric, host, l) == rail)
            return l;
        if (any < 0)
            any = l;
    }
    return any;
}

} // namespace

std::optional<RankPath> pipelinePeerPath(const Fabric &fabric, const CapacityView &capacity,
                                         const Parallelism &parallel, const Placement &placement, std::int32_t rank)
{
    if (parallel.pp < 2)
        return std::nullopt;
    const RankLayout layout(parallel);
    RankCoords c = layout.coords(rank);
    RankPath path;
    path.rank = rank;
    path.toPrevious = c.pp + 1 >= parallel.pp;
    c.pp = path.toPrevious ? c.pp - 1 : c.pp + 1;
    path.peer = layout.rank(c);
    const RankSlot &slot = placement.ranks[static_cast<size_t>(rank)];
    const RankSlot &peerSlot = placement.ranks[static_cast<size_t>(path.peer)];
    path.rail = gpuRail(fabric, slot.host, slot.gpu);
    path.peerRail = gpuRail(fabric, peerSlot.host, peerSlot.gpu);
    if (peerSlot.host == slot.host) {
        path.sameHost = true;
        return path;
    }
    path.srcNic = nicLink(fabric, capacity, slot.host, path.rail);
    path.dstNic = nicLink(fabric, capacity, peerSlot.host, path.peerRail);
    if (path.srcNic < 0 || path.dstNic < 0)
        return path;
    const NodeIndex srcLeaf = fabric.otherEnd(path.srcNic, fabric.hostNode(slot.host));
    const NodeIndex dstLeaf = fabric.otherEnd(path.dstNic, fabric.hostNode(peerSlot.host));
    // BFS over switches and live links.
    std::vector<NodeIndex> parent(static_cast<size_t>(fabric.nodeCount()), -2);
    std::vector<std::int32_t> parentLink(static_cast<size_t>(fabric.nodeCount()), -1);
    std::deque<NodeIndex> queue{srcLeaf};
    parent[static_cast<size_t>(srcLeaf)] = -1;
    while (!queue.empty() && parent[static_cast<size_t>(dstLeaf)] == -2) {
        const NodeIndex n = queue.front();
        queue.pop_front();
        for (const std::int32_t l : fabric.incidentLinks(n)) {
            if (capacity.gbps[static_cast<size_t>(l)] <= 0)
                continue;
            const NodeIndex m = fabric.otherEnd(l, n);
            if (!fabric.isSwitch(m) || parent[static_cast<size_t>(m)] != -2)
                continue;
            parent[static_cast<size_t>(m)] = n;
            parentLink[static_cast<size_t>(m)] = l;
            queue.push_back(m);
        }
    }
    if (parent[static_cast<size_t>(dstLeaf)] == -2)
        return path;
    std::vector<std::int32_t> hops;
    for (NodeIndex n = dstLeaf; n >= 0; n = parent[static_cast<size_t>(n)]) {
        path.switches.insert(path.switches.begin(), n);
        if (parentLink[static_cast<size_t>(n)] >= 0)
            hops.insert(hops.begin(), parentLink[static_cast<size_t>(n)]);
    }
    path.links.push_back(path.srcNic);
    path.links.insert(path.links.end(), hops.begin(), hops.end());
    path.links.push_back(path.dstNic);
    return path;
}

} // namespace Railyard
