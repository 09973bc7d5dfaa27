#pragma once

// Routing flows onto links: where the bytes of a set of host-to-host Flows go
// under shortest-path routing, and which link limits them.
//
// Paths are shortest in hops over the switch graph. A flow leaves its source
// host over the NIC link(s) of its source rail (every live NIC link of the
// host, evenly, for rail -1), crosses switches only (hosts never forward) and
// enters the destination over the NIC link(s) of its destination rail. If a
// host has no live link of the requested rail, the flow falls back to all of
// the host's live NIC links (PXN-style: NCCL forwards over NVLink to another
// NIC) and is counted in RoutingResult::fallbackFlows.
//
// Failures and degraded links come from a CapacityView: a link with capacity
// 0 is absent from the graph; a degraded link keeps its paths and only has
// less capacity.
//
// Modes (docs/traffic-model.md, "Collective cost model"):
//  * Fluid ECMP: every flow is split over ALL equal-cost shortest paths in
//    proportion to the number of shortest paths through each next hop (equal
//    per-hop split in symmetric Clos fabrics). One DAG pass per destination
//    leaf group batches all flows towards it.
//  * ECMP Monte-Carlo: each flow becomes `flowletsPerFlow` sub-flows (QPs x
//    channels), each hashed onto ONE shortest path with a seeded RNG. At every
//    switch the next hop is drawn with probability proportional to the number
//    of shortest paths behind it, i.e. each sub-flow picks a path uniformly
//    among all shortest paths (the same as uniform per-hop hashing in
//    symmetric Clos fabrics; chosen so the mean over seeds equals the fluid
//    loads exactly). Reports the busiest link per seed and its distribution.
//  * Adaptive: the fluid split with every switch-to-switch capacity
//    multiplied by `adaptiveEfficiency` (default 0.95): what spraying
//    packets over the paths costs. A host's link is its only path: adaptive
//    routing neither spreads nor reduces it.
//  * Pinned routing, as a fabric without adaptive routing really forwards:
//    each flow is `flowletsPerFlow` connections (NCCL's channels), each on
//    ONE path, and a phase lasts until its slowest connection finishes at
//    its max-min fair rate (maxmin.h): a connection on a link at half its
//    NIC's rate runs at half rate for the whole phase, whatever the link's
//    average load.
//      - Hashed: ECMP hashing (RoCE): each connection hashed at every hop,
//        `seeds` runs with different hash seeds; the median run is reported
//        and seedSeconds is the spread.
//      - Static: destination-based tables (InfiniBand's subnet manager):
//        OpenSM's ftree as it computes them (staticroutes.h), or the real
//        tables read back (tablePath): deterministic, one run.
//    docs/traffic-model.md, "Pinned routing", works an example by hand.

#include "core/analysis/capacity.h"
#include "core/model/fabric.h"
#include "core/traffic/flows.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace Railyard {

enum class RoutingMode : std::uint8_t { Fluid, Ecmp, Adaptive, Hashed, Static };

/// "fluid", "ecmp", "adaptive", "hashed", "static".
const char *routingModeName(RoutingMode mode);
/// Parses a mode name; false for anything unknown.
bool routingModeFromName(const std::string &name, RoutingMode *mode);

struct RoutingOptions
{
    RoutingMode mode = RoutingMode::Fluid;
    double adaptiveEfficiency = 0.95; ///< adaptive mode: fraction of switch-to-switch capacity usable, (0, 1]
    int flowletsPerFlow = 4;          ///< ECMP, hashed, static: connections per flow when the flow does not say (Flow::channels), >= 1
    /// NCCL_IB_QPS_PER_CONNECTION: queue pairs per connection (1 to 128),
    /// each hashed on its own (RoCE's UDP source port); a connection's
    /// bytes are spread evenly over them. 0: the fabric's (Fabric::nccl).
    int qpsPerConnection = 0;
    /// NCCL_IB_SPLIT_DATA_ON_QPS: 1 splits every message over all the queue
    /// pairs; 0 (NCCL's default) sends each message on one queue pair in
    /// turn, so a call of m messages uses at most m of them (a message is
    /// NCCL's chunk, ncclChunkBytes). -1: the fabric's.
    int splitDataOnQps = -1;
    int seeds = 100;                  ///< ECMP, hashed: runs with different hash seeds, >= 1
    std::uint64_t seed = 1;           ///< ECMP: base seed; run i uses a stream derived from (seed, i)
    /// Static mode: the paths a subnet manager's forwarding tables give
    /// (docs/fabric-manager.md; SubnetRouting::tablePaths) instead of the
    /// modelled ftree tables (StaticRoutes).
    /// Given the source host, the NIC link a connection leaves on and the
    /// destination host, fills `links` (that NIC link first, the destination's
    /// NIC link last) and returns true; false when the tables have no route
    /// (the flow is counted unrouted).
    std::function<bool(std::int32_t srcHost, std::int32_t srcLink, std::int32_t dstHost,
                       std::vector<std::int32_t> &links)>
        tablePath{};
    /// "subnet manager (LFTs)" when tablePath is set: for reports.
    std::string tableSource{};
};

/// NCCL's chunk of the Simple protocol: a 4 MiB buffer in 8 steps. A
/// message a connection posts.
inline constexpr double ncclChunkBytes = 512.0 * 1024.0;

/// The queue pairs a flow's connection really spreads over: all of them
/// when data is split on them, else at most one per message of one call.
/// `options` with the fabric's settings filled in (resolvedOptions).
int effectiveQueuePairs(const RoutingOptions &options, const Flow &flow, int channels);

/// Connections a flow is routed as under pinned routing: its channels (or
/// the options' default) x its effective queue pairs.
int connectionsOf(const RoutingOptions &options, const Flow &flow);

/// `options` with what it leaves to the fabric taken from it (its NCCL
/// queue pairs and data splitting).
RoutingOptions resolvedOptions(const Fabric &fabric, RoutingOptions options);

/// The link that limits a set of loads: the largest bytes / capacity.
struct Bottleneck
{
    std::int32_t link = -1; ///< link index, -1 when nothing crosses the network
    bool aToB = true;       ///< direction of the limiting load
    double bytes = 0.0;     ///< bytes in that direction
    double gbps = 0.0;      ///< usable capacity, Gbit/s (after the adaptive efficiency)
    double seconds = 0.0;   ///< bytes * 8 / (gbps * 1e9): time to drain the link
};

/// min / median / p95 / max / mean of a sample (nearest-rank percentiles).
struct Distribution
{
    double min = 0.0;
    double median = 0.0;
    double p95 = 0.0;
    double max = 0.0;
    double mean = 0.0;

    static Distribution of(std::vector<double> values);
};

struct RoutingResult
{
    RoutingMode mode = RoutingMode::Fluid;
    /// Fluid and adaptive: the loads. ECMP: the loads of the run whose
    /// bottleneck is the median one (run `medianSeedIndex`).
    LinkLoads loads;
    /// Of `loads`; pinned modes: the slowest connection of the median run (its
    /// bytes, its rate as `gbps`, and the link that limits it).
    Bottleneck bottleneck;
    int maxSwitchHops = 0; ///< most switches on any routed path (1 = same leaf)
    std::int64_t unroutedFlows = 0; ///< no live NIC link or no path: not in `loads`
    double unroutedBytes = 0.0;
    std::int64_t fallbackFlows = 0; ///< requested rail had no live link: used the other NICs

    // ECMP, hashed and static: one entry per run, in run order.
    std::vector<double> seedBottleneckSeconds; ///< busiest link's drain time (pinned: slowest connection's time) per run
    std::vector<std::int32_t> seedBottleneckLinks;
    Distribution seedSeconds;      ///< over seedBottleneckSeconds
    int medianSeedIndex = -1;
};

/// Routes `flows` on `fabric` with the capacities of `view` (indexed like
/// fabric.links()). Flows with srcHost == dstHost (NVLink traffic) and
/// zero-byte flows are skipped. Throws std::invalid_argument for host indices
/// out of range or bad options.
/// Cost: one BFS + DAG pass per destination group (hosts sharing the same
/// attachment leaves), O(groups x switch links + flows x hops); ECMP adds
/// O(seeds x flows x flowlets x hops).
RoutingResult routeFlows(const Fabric &fabric, const CapacityView &view, std::span<const Flow> flows,
                         const RoutingOptions &options = {});

/// routeFlows for several sets of flows on the same view (a step's phases,
/// which run one after another): the same results, one per set, from one
/// routing graph and, in the pinned modes, one DAG per destination group and
/// one pass over the hash seeds for all the sets together.
std::vector<RoutingResult> routeFlowSets(const Fabric &fabric, const CapacityView &view,
                                        std::span<const std::span<const Flow>> sets, const RoutingOptions &options = {});

/// The mode that prices a fabric's routing: hashed → Hashed, static → Static,
/// adaptive → Adaptive (Default is resolved by Fabric::effectiveRouting).
RoutingMode routingModeOf(FabricRouting routing);

/// Options that route as `fabric` really forwards (Fabric::effectiveRouting):
/// hashed over `hashSeeds` hash seeds, static (ftree tables), or adaptive; 4
/// connections per flow (NCCL's channels per peer on one NIC).
RoutingOptions asRoutedOptions(const Fabric &fabric, std::uint64_t seed = 1, int hashSeeds = 16);

/// "ECMP hashing", "static destination routing (…)", … for reports.
const char *routingModeDescription(RoutingMode mode);

/// The capacities adaptive routing makes usable: switch-to-switch links
/// times `efficiency`, host links as they are (a single path).
CapacityView adaptiveCapacity(const Fabric &fabric, const CapacityView &view, double efficiency);

/// The limiting link of `loads`: max over links and directions of
/// bytes / (capacity x efficiency). Links with capacity 0 are skipped.
Bottleneck findBottleneck(const LinkLoads &loads, const CapacityView &view, double efficiency = 1.0);

/// Utilization of every link over a time window: max over both directions of
/// bytes * 8 / (capacity Gbit/s * 1e9 * seconds); 0 for links with capacity 0.
std::vector<double> linkUtilization(const LinkLoads &loads, const CapacityView &view, double seconds);

/// The rail a host's link serves, from the host's NIC port numbering, else
/// the leaf's rail, else the link's position among the host's links; -1 when
/// the host has no NICs. `link` must be incident to host `hostIndex`.
int hostLinkRail(const Fabric &fabric, std::int32_t hostIndex, std::int32_t link);

} // namespace Railyard
