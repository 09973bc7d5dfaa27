#pragma once

// Max-flow / min-cut between two sets of hosts over the switch graph.
// Hosts are collapsed into the switches they attach to: a super-source feeds
// every switch with the capacity of its side-A host links, and every switch
// drains into a super-sink with the capacity of its side-B host links. This
// is exact (a host is just a node between the source and its switches) and
// shrinks a 100K-GPU fabric to a few thousand vertices. Parallel links
// between two switches become one arc pair. Capacities are integers in
// Mbit/s so the flow runs on exact arithmetic.

#include "core/analysis/capacity.h"
#include "core/model/fabric.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace Railyard {

class SwitchFlowNetwork
{
public:
    /// Builds the switch graph once: O(L). Reuse it for many host splits.
    SwitchFlowNetwork(const Fabric &fabric, const CapacityView &capacity);
    /// The same fabric under other capacities (a what-if of `base`): shares
    /// base's graph and updates only the links whose capacity differs, so no
    /// graph is built. `base`, its capacity view and `capacity` must outlive it.
    SwitchFlowNetwork(const SwitchFlowNetwork &base, const CapacityView &capacity);
    ~SwitchFlowNetwork();
    SwitchFlowNetwork(const SwitchFlowNetwork &) = delete;
    SwitchFlowNetwork &operator=(const SwitchFlowNetwork &) = delete;

    /// Min cut, Gbit/s per direction, separating the hosts with hostSide 0
    /// from those with hostSide 1 (Dinic's algorithm on the switch graph). If cutLinks is
    /// given it receives the links crossing the cut (sorted), whose effective
    /// capacities sum to the returned value. If switchSide is given it
    /// receives the side of every switch in that cut.
    /// Thread-safe: the network is read only, each call works on its own
    /// residual capacities.
    double minCut(const std::vector<char> &hostSide, std::vector<std::int32_t> *cutLinks = nullptr,
                  std::vector<char> *switchSide = nullptr) const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// Mbit/s used by the flow network for a capacity in Gbit/s.
std::int64_t toMbps(double gbps);

} // namespace Railyard
