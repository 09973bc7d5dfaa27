// Min-hop routing, OpenSM's default engine and its fallback when ftree
// refuses a topology: every switch forwards to each destination over a port
// on a shortest path, the one that already carries the fewest routes (ties
// to the lowest port number), destinations in order. Hosts never forward.
//
// Approximations against OpenSM's osm_ucast_mgr.c: OpenSM gives out its own
// LIDs and counts routes to switch LIDs too, so its order of destinations
// and its per-port counts can differ; the balance criterion is the same.

#include "core/traffic/staticroutes_p.h"

#include <cstdint>
#include <deque>
#include <limits>
#include <vector>

namespace Railyard::StaticRoutesDetail {

void routeMinHop(const SubnetGraph &graph, const std::vector<std::int32_t> &switches, const std::vector<int> &cns,
                 const SubnetTables &out)
{
    const auto S = static_cast<size_t>(graph.switches);
    constexpr int kFar = std::numeric_limits<int>::max();
    std::vector<int> dist(S, kFar);
    std::vector<std::int32_t> queue;
    // Routes per port (indexed like graph.ports).
    std::vector<std::uint32_t> load(graph.ports.size(), 0);
    std::vector<char> inSubnet(S, 0);
    for (std::int32_t s : switches)
        inSubnet[static_cast<size_t>(s)] = 1;
    std::int32_t lastLeaf = -1;
    for (int cn : cns) {
        const std::int32_t leaf = graph.cnSwitch[static_cast<size_t>(cn)];
        if (leaf < 0)
            continue;
        if (leaf != lastLeaf) {
            // Hop counts to the CN's switch (breadth-first over switch links).
            std::fill(dist.begin(), dist.end(), kFar);
            queue.clear();
            dist[static_cast<size_t>(leaf)] = 0;
            queue.push_back(leaf);
            for (size_t head = 0; head < queue.size(); ++head) {
                const std::int32_t x = queue[head];
                for (std::int32_t k = graph.portBegin[static_cast<size_t>(x)]; k < graph.portBegin[static_cast<size_t>(x) + 1];
                     ++k) {
                    const std::int32_t y = graph.ports[static_cast<size_t>(k)].remoteSw;
                    if (y < 0 || !inSubnet[static_cast<size_t>(y)] || dist[static_cast<size_t>(y)] != kFar)
                        continue;
                    dist[static_cast<size_t>(y)] = dist[static_cast<size_t>(x)] + 1;
                    queue.push_back(y);
                }
            }
            lastLeaf = leaf;
        }
        for (std::int32_t s : switches) {
            const auto si = static_cast<size_t>(s);
            if (dist[si] == kFar)
                continue;
            std::int32_t best = -1;
            for (std::int32_t k = graph.portBegin[si]; k < graph.portBegin[si + 1]; ++k) {
                const SwitchPort &p = graph.ports[static_cast<size_t>(k)];
                const bool toTarget = s == leaf ? p.remoteCn == cn
                                                : p.remoteSw >= 0 && inSubnet[static_cast<size_t>(p.remoteSw)]
                                                      && dist[static_cast<size_t>(p.remoteSw)] + 1 == dist[si];
                if (!toTarget)
                    continue;
                if (best < 0 || load[static_cast<size_t>(k)] < load[static_cast<size_t>(best)])
                    best = k;
            }
            if (best < 0)
                continue;
            ++load[static_cast<size_t>(best)];
            out.set(cn, s, best - graph.portBegin[si]);
        }
    }
    if (out.routed)
        for (int cn : cns)
            (*out.routed)[static_cast<size_t>(cn)] = 1;
}

} // namespace Railyard::StaticRoutesDetail
