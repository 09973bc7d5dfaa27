#include "core/traffic/routing.h"

#include "core/traffic/maxmin.h"
#include "core/traffic/routinggraph_p.h"
#include "core/traffic/staticroutes.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <unordered_map>
#include <utility>

namespace Railyard {

const char *routingModeName(RoutingMode mode)
{
    switch (mode) {
    case RoutingMode::Fluid: return "fluid";
    case RoutingMode::Ecmp: return "ecmp";
    case RoutingMode::Adaptive: return "adaptive";
    case RoutingMode::Hashed: return "hashed";
    case RoutingMode::Static: return "static";
    }
    return "fluid";
}

bool routingModeFromName(const std::string &name, RoutingMode *mode)
{
    for (RoutingMode m : {RoutingMode::Fluid, RoutingMode::Ecmp, RoutingMode::Adaptive, RoutingMode::Hashed,
                          RoutingMode::Static}) {
        if (name == routingModeName(m)) {
            if (mode)
                *mode = m;
            return true;
        }
    }
    return false;
}

RoutingMode routingModeOf(FabricRouting routing)
{
    switch (routing) {
    case FabricRouting::Static: return RoutingMode::Static;
    case FabricRouting::Adaptive: return RoutingMode::Adaptive;
    case FabricRouting::Hashed:
    case FabricRouting::Default: break;
    }
    return RoutingMode::Hashed;
}

RoutingOptions asRoutedOptions(const Fabric &fabric, std::uint64_t seed, int hashSeeds)
{
    RoutingOptions options;
    options.mode = routingModeOf(fabric.effectiveRouting());
    options.seed = seed;
    options.seeds = std::max(1, hashSeeds);
    options.flowletsPerFlow = 4;
    return options;
}

const char *routingModeDescription(RoutingMode mode)
{
    switch (mode) {
    case RoutingMode::Fluid: return "fluid ECMP (every flow split over all shortest paths)";
    case RoutingMode::Ecmp: return "ECMP Monte-Carlo (average link loads)";
    case RoutingMode::Adaptive: return "adaptive routing";
    case RoutingMode::Hashed: return "ECMP hashing (each connection pinned to one path)";
    case RoutingMode::Static: return "static destination routing (the subnet manager's ftree tables)";
    }
    return "";
}

RoutingOptions resolvedOptions(const Fabric &fabric, RoutingOptions options)
{
    if (options.qpsPerConnection == 0)
        options.qpsPerConnection = fabric.nccl.qpsPerConnection();
    if (options.splitDataOnQps < 0)
        options.splitDataOnQps = fabric.nccl.splitDataOnQps() ? 1 : 0;
    return options;
}

int effectiveQueuePairs(const RoutingOptions &options, const Flow &flow, int channels)
{
    const int qps = std::max(1, options.qpsPerConnection);
    if (options.splitDataOnQps > 0 || qps == 1 || !(flow.callBytes > 0.0))
        return qps;
    const double messages = std::ceil(flow.callBytes / std::max(1, channels) / ncclChunkBytes);
    return static_cast<int>(std::clamp<double>(messages, 1.0, qps));
}

int connectionsOf(const RoutingOptions &options, const Flow &flow)
{
    const int channels = flow.channels > 0 ? flow.channels : std::max(1, options.flowletsPerFlow);
    return channels * effectiveQueuePairs(options, flow, channels);
}

Distribution Distribution::of(std::vector<double> values)
{
    Distribution d;
    if (values.empty())
        return d;
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    // Nearest-rank percentiles: the value at rank ceil(p * n), so each is an actual run.
    auto rank = [n](double p) { return std::min(n - 1, static_cast<size_t>(std::ceil(p * static_cast<double>(n))) - 1); };
    d.min = values.front();
    d.max = values.back();
    d.median = values[rank(0.5)];
    d.p95 = values[rank(0.95)];
    double sum = 0.0;
    for (double v : values)
        sum += v;
    d.mean = sum / static_cast<double>(n);
    return d;
}

int hostLinkRail(const Fabric &fabric, std::int32_t hostIndex, std::int32_t link)
{
    const Host &host = fabric.host(hostIndex);
    if (host.nics.empty())
        return -1;
    const Link &l = fabric.link(link);
    const NodeIndex hostNode = fabric.hostNode(hostIndex);
    const int port = l.a == hostNode ? l.portA : l.portB;
    if (port >= 0) {
        // NIC k owns the next `ports` port numbers, in the order the NICs are listed.
        int first = 0;
        for (const Nic &nic : host.nics) {
            if (port < first + std::max(1, nic.ports))
                return nic.rail;
            first += std::max(1, nic.ports);
        }
    }
    const NodeIndex other = fabric.otherEnd(link, hostNode);
    if (fabric.isSwitch(other) && fabric.switchAt(fabric.switchIndexOf(other)).rail >= 0)
        return fabric.switchAt(fabric.switchIndexOf(other)).rail;
    const auto incident = fabric.incidentLinks(hostNode);
    const auto pos = std::find(incident.begin(), incident.end(), link) - incident.begin();
    return host.nics[static_cast<size_t>(pos) % host.nics.size()].rail;
}

CapacityView adaptiveCapacity(const Fabric &fabric, const CapacityView &view, double efficiency)
{
    CapacityView out = view;
    for (std::int32_t l = 0; l < fabric.linkCount() && static_cast<size_t>(l) < out.gbps.size(); ++l) {
        const Link &k = fabric.link(l);
        if (fabric.isSwitch(k.a) && fabric.isSwitch(k.b))
            out.gbps[static_cast<size_t>(l)] *= efficiency;
    }
    return out;
}

Bottleneck findBottleneck(const LinkLoads &loads, const CapacityView &view, double efficiency)
{
    Bottleneck best;
    const size_t n = std::min(view.gbps.size(), loads.bytesAB.size());
    for (size_t i = 0; i < n; ++i) {
        const double gbps = view.gbps[i] * efficiency;
        if (gbps <= 0.0)
            continue;
        for (bool ab : {true, false}) {
            const double bytes = ab ? loads.bytesAB[i] : loads.bytesBA[i];
            const double seconds = bytes * 8.0 / (gbps * 1e9);
            if (bytes > 0.0 && seconds > best.seconds) {
                best = Bottleneck{static_cast<std::int32_t>(i), ab, bytes, gbps, seconds};
            }
        }
    }
    return best;
}

std::vector<double> linkUtilization(const LinkLoads &loads, const CapacityView &view, double seconds)
{
    std::vector<double> util(view.gbps.size(), 0.0);
    if (seconds <= 0.0)
        return util;
    for (size_t i = 0; i < util.size() && i < loads.bytesAB.size(); ++i) {
        if (view.gbps[i] <= 0.0)
            continue;
        util[i] = std::max(loads.bytesAB[i], loads.bytesBA[i]) * 8.0 / (view.gbps[i] * 1e9 * seconds);
    }
    return util;
}

namespace {

using namespace RoutingDetail;

class Router
{
public:
    Router(const Fabric &fabric, const CapacityView &view, std::span<const Flow> flows, const RoutingOptions &options,
           RoutingResult *result)
        : Router(fabric, view, std::span<const std::span<const Flow>>(&flows, 1), options,
                 std::span<RoutingResult *const>(&result, 1))
    {
    }

    /// Several sets of flows (a step's phases) routed on one graph: each
    /// destination group's DAG is built once for all of them; `results[i]`
    /// counts set i's unrouted and fallback flows.
    Router(const Fabric &fabric, const CapacityView &view, std::span<const std::span<const Flow>> sets,
           const RoutingOptions &options, std::span<RoutingResult *const> results)
        : m_graph(fabric, view)
        , m_linkCount(static_cast<size_t>(fabric.linkCount()))
        , m_sets(static_cast<int>(sets.size()))
    {
        std::map<std::vector<std::pair<std::int32_t, int>>, size_t> groupOf;
        std::unordered_map<std::int64_t, std::pair<size_t, std::int32_t>> slotOf; // (host, rail) -> (group, slot)
        for (size_t setIndex = 0; setIndex < sets.size(); ++setIndex) {
        RoutingResult *result = results[setIndex];
        for (const Flow &flow : sets[setIndex]) {
            if (flow.srcHost < 0 || flow.srcHost >= fabric.hostCount() || flow.dstHost < 0
                || flow.dstHost >= fabric.hostCount())
                throw std::invalid_argument("routing: flow host index out of range");
            if (flow.srcHost == flow.dstHost || !(flow.bytes > 0.0))
                continue;
            bool srcFallback = false;
            bool dstFallback = false;
            Prepared p;
            p.src = m_graph.links(flow.srcHost, flow.srcRail, &srcFallback);
            p.bytes = flow.bytes;
            p.connections = connectionsOf(options, flow);
            p.srcHost = flow.srcHost;
            p.dstHost = flow.dstHost;
            const std::int64_t key = static_cast<std::int64_t>(flow.dstHost) * 4096 + std::max(-1, flow.dstRail) + 1;
            auto it = slotOf.find(key);
            if (it == slotOf.end()) {
                const auto dst = m_graph.links(flow.dstHost, flow.dstRail, &dstFallback);
                std::map<std::int32_t, std::vector<std::int32_t>> bySwitch;
                for (const Attach &a : dst)
                    bySwitch[a.sw].push_back(a.link);
                std::vector<std::pair<std::int32_t, int>> pattern;
                for (const auto &[sw, links] : bySwitch)
                    pattern.emplace_back(sw, static_cast<int>(links.size()));
                auto [git, inserted] = groupOf.emplace(pattern, m_groups.size());
                if (inserted) {
                    m_groups.emplace_back();
                    m_groups.back().targets = pattern;
                }
                Group &group = m_groups[git->second];
                const auto slot = static_cast<std::int32_t>(group.hosts.size());
                group.hosts.push_back(flow.dstHost);
                for (const auto &[sw, links] : bySwitch)
                    group.finalLinks.push_back(links);
                group.slotLinks.emplace_back();
                for (const Attach &a : dst)
                    group.slotLinks.back().push_back(a.link);
                it = slotOf.emplace(key, std::pair{git->second, slot}).first;
            } else {
                m_graph.links(flow.dstHost, flow.dstRail, &dstFallback);
            }
            if (srcFallback || dstFallback)
                ++result->fallbackFlows;
            if (p.src.empty() || m_groups[it->second.first].targets.empty()) {
                ++result->unroutedFlows;
                result->unroutedBytes += flow.bytes;
                continue;
            }
            p.slot = it->second.second;
            p.set = static_cast<int>(setIndex);
            m_groups[it->second.first].flows.push_back(std::move(p));
        }
        }
    }

    /// Fluid split of every flow; fills result->loads.
    void routeFluid(RoutingResult *result)
    {
        LinkLoads &loads = result->loads;
        loads.bytesAB.assign(m_linkCount, 0.0);
        loads.bytesBA.assign(m_linkCount, 0.0);
        double *ab = loads.bytesAB.data();
        double *ba = loads.bytesBA.data();
        std::vector<double> inflow(static_cast<size_t>(m_graph.switchCount()), 0.0);
        for (Group &group : m_groups) {
            m_dag.build(m_graph, group);
            const size_t T = group.targets.size();
            std::vector<double> arrive(group.hosts.size() * T, 0.0);
            for (Prepared &p : group.flows) {
                if (!dropUnreachable(p, result))
                    continue;
                const double share = p.bytes / static_cast<double>(p.src.size());
                for (const Attach &a : p.src) {
                    m_graph.addLoad(ab, ba, a.link, m_graph.hostNode(p.srcHost), share);
                    const auto s = static_cast<size_t>(a.sw);
                    inflow[s] += share;
                    result->maxSwitchHops = std::max(result->maxSwitchHops, m_dag.dist[s] + 1);
                    for (size_t t = 0; t < T; ++t)
                        arrive[static_cast<size_t>(p.slot) * T + t] +=
                            T == 1 ? share : share * m_dag.sigmaT[s * T + t] / m_dag.sigma[s];
                }
            }
            for (auto it = m_dag.order.rbegin(); it != m_dag.order.rend(); ++it) {
                const auto x = static_cast<size_t>(*it);
                const double f = inflow[x];
                inflow[x] = 0.0;
                if (f == 0.0 || m_dag.dist[x] == 0)
                    continue;
                for (auto k = m_graph.arcBegin(*it); k < m_graph.arcEnd(*it); ++k) {
                    const auto y = static_cast<size_t>(m_graph.arcTo(k));
                    if (m_dag.dist[y] + 1 != m_dag.dist[x])
                        continue;
                    const double part = f * m_dag.sigma[y] / m_dag.sigma[x];
                    m_graph.addLoad(ab, ba, m_graph.arcLink(k), m_graph.switchNode(*it), part);
                    inflow[y] += part;
                }
            }
            for (size_t slot = 0; slot < group.hosts.size(); ++slot)
                for (size_t t = 0; t < T; ++t) {
                    const auto &links = group.finalLinks[slot * T + t];
                    const double b = arrive[slot * T + t] / static_cast<double>(links.size());
                    for (auto l : links)
                        m_graph.addLoad(ab, ba, l, m_graph.switchNode(group.targets[t].first), b);
                }
        }
    }

    /// ECMP Monte-Carlo for runs [first, first + count): loads per run in
    /// `runLoads` (2 x links doubles per run: AB then BA).
    void routeEcmp(const RoutingOptions &options, int first, int count, std::vector<double> &runLoads,
                   RoutingResult *result)
    {
        const size_t stride = 2 * m_linkCount;
        runLoads.assign(stride * static_cast<size_t>(count), 0.0);
        std::vector<Rng> rngs;
        for (int r = 0; r < count; ++r)
            rngs.push_back(rngForRun(options.seed, first + r));
        for (Group &group : m_groups) {
            m_dag.build(m_graph, group);
            m_succ.build(m_graph, m_dag);
            const size_t T = group.targets.size();
            for (Prepared &p : group.flows) {
                if (!dropUnreachable(p, result))
                    continue;
                const int F = p.connections;
                const double part = p.bytes / F;
                for (int r = 0; r < count; ++r) {
                    Rng &rng = rngs[static_cast<size_t>(r)];
                    double *ab = runLoads.data() + stride * static_cast<size_t>(r);
                    double *ba = ab + m_linkCount;
                    for (int j = 0; j < F; ++j) {
                        const Attach &a = p.src[rng.below(static_cast<std::uint32_t>(p.src.size()))];
                        m_graph.addLoad(ab, ba, a.link, m_graph.hostNode(p.srcHost), part);
                        std::int32_t x = a.sw;
                        while (m_dag.dist[static_cast<size_t>(x)] > 0) {
                            const std::int32_t k = m_succ.uniform[static_cast<size_t>(x)]
                                ? m_succ.at(x, rng.below(m_succ.count(x)))
                                : m_succ.proportional(x, rng.uniform(), m_graph, m_dag);
                            m_graph.addLoad(ab, ba, m_graph.arcLink(k), m_graph.switchNode(x), part);
                            x = m_graph.arcTo(k);
                        }
                        const auto t = static_cast<size_t>(m_dag.targetOf[static_cast<size_t>(x)]);
                        const auto &links = group.finalLinks[static_cast<size_t>(p.slot) * T + t];
                        const auto l = links[rng.below(static_cast<std::uint32_t>(links.size()))];
                        m_graph.addLoad(ab, ba, l, m_graph.switchNode(x), part);
                    }
                }
                if (first == 0)
                    for (const Attach &a : p.src)
                        result->maxSwitchHops = std::max(result->maxSwitchHops, m_dag.dist[static_cast<size_t>(a.sw)] + 1);
            }
        }
    }

    /// Pinned routing for runs [first, first + count): every flow becomes
    /// `flowletsPerFlow` connections (NCCL's channels), each on ONE path.
    /// Static: the subnet manager's forwarding tables (the real ones through
    /// tablePath, else StaticRoutes: OpenSM's ftree as it computes them), so
    /// all connections towards one HCA port share a path; connection j
    /// leaves on the source rail's NIC port j. Hashed: each connection's 5-tuple
    /// hash picks uniformly (or in proportion to the paths behind a hop) at
    /// every hop, seeded per run. Appends each connection of run first + r
    /// to outs[r] as a path of arcs (2 x link + 0 for a -> b, + 1 for
    /// b -> a). Each group's DAG is built once for all the runs: a run's
    /// connections depend only on its hash seed, so they are the same as
    /// routing the run alone.
    /// Several sets: set s of run first + r goes to outs[r x sets + s], its
    /// counts to results[s].
    void routePinned(const RoutingOptions &options, int first, int count, std::vector<PinnedFlows> &outs,
                     std::span<RoutingResult *const> results)
    {
        const bool hashed = options.mode == RoutingMode::Hashed;
        std::vector<std::int32_t> path, tableLinks;
        auto arcOf = [&](std::int32_t link, NodeIndex from) {
            return 2 * link + (m_graph.isEndA(link, from) ? 0 : 1);
        };
        outs.resize(static_cast<size_t>(count) * static_cast<size_t>(m_sets));
        for (PinnedFlows &out : outs)
            out.clear();
        for (size_t gi = 0; gi < m_groups.size(); ++gi) {
            Group &group = m_groups[gi];
            m_dag.build(m_graph, group);
            const size_t T = group.targets.size();
            m_succ.build(m_graph, m_dag);
            for (Prepared &p : group.flows) {
                RoutingResult *result = results[static_cast<size_t>(p.set)];
                if (!dropUnreachable(p, result))
                    continue;
                const int C = p.connections;
                const double part = p.bytes / C;
                for (int r = 0; r < count; ++r) {
                    const int run = first + r;
                    PinnedFlows &out = outs[static_cast<size_t>(r) * static_cast<size_t>(m_sets) + static_cast<size_t>(p.set)];
                    if (!hashed) {
                        // Destination tables: the subnet manager's (tablePath: each
                        // connection leaves on its NIC, index mod the NICs) or
                        // StaticRoutes' (ftree as OpenSM computes it: connection j
                        // leaves on NIC port j of the source's rail and goes to port
                        // j of the destination's), followed hop by hop.
                        const auto &dst = group.slotLinks[static_cast<size_t>(p.slot)];
                        for (int j = 0; j < C; ++j) {
                            const Attach &a = p.src[static_cast<std::uint32_t>(j) % p.src.size()];
                            tableLinks.clear();
                            bool routed = false;
                            if (options.tablePath) {
                                routed = options.tablePath(p.srcHost, a.link, p.dstHost, tableLinks) && !tableLinks.empty();
                            } else {
                                const int cn = m_static->cnOfLink(dst[static_cast<std::uint32_t>(j) % dst.size()]);
                                routed = cn >= 0 && m_static->trace(a.link, cn, tableLinks);
                            }
                            if (!routed) {
                                if (run == 0) {
                                    ++result->unroutedFlows;
                                    result->unroutedBytes += part;
                                }
                                continue;
                            }
                            path.clear();
                            NodeIndex node = m_graph.hostNode(p.srcHost);
                            for (const std::int32_t l : tableLinks) {
                                path.push_back(arcOf(l, node));
                                node = m_graph.otherEnd(l, node);
                            }
                            if (run == 0)
                                result->maxSwitchHops = std::max(result->maxSwitchHops, int(tableLinks.size()) - 1);
                            out.add(part, path);
                        }
                        continue;
                    }
                    // The destination address: the destination's first NIC link of
                    // the flow's rail.
                    const std::int32_t dstNic = group.slotLinks[static_cast<size_t>(p.slot)].empty()
                        ? -1 - p.dstHost
                        : group.slotLinks[static_cast<size_t>(p.slot)].front();
                    for (int j = 0; j < C; ++j) {
                        // Connection j leaves on NIC port j of the source's rail. Its
                        // hash is its 5-tuple's: the NIC it leaves (the source
                        // address), the destination's NIC (the destination
                        // address), its index (the queue pair: RoCE's UDP source
                        // port) and the run's hash seed, whatever else is routed
                        // with it.
                        const Attach &a = p.src[static_cast<std::uint32_t>(j) % p.src.size()];
                        Rng rng{mix64(options.seed, static_cast<std::uint64_t>(run), static_cast<std::uint64_t>(a.link),
                                      static_cast<std::uint64_t>(dstNic), static_cast<std::uint64_t>(j))};
                        path.clear();
                        path.push_back(arcOf(a.link, m_graph.hostNode(p.srcHost)));
                        std::int32_t x = a.sw;
                        while (m_dag.dist[static_cast<size_t>(x)] > 0) {
                            const std::int32_t k = m_succ.uniform[static_cast<size_t>(x)]
                                ? m_succ.at(x, rng.below(m_succ.count(x)))
                                : m_succ.proportional(x, rng.uniform(), m_graph, m_dag);
                            path.push_back(arcOf(m_graph.arcLink(k), m_graph.switchNode(x)));
                            x = m_graph.arcTo(k);
                        }
                        const auto t = static_cast<size_t>(m_dag.targetOf[static_cast<size_t>(x)]);
                        const auto &links = group.finalLinks[static_cast<size_t>(p.slot) * T + t];
                        const auto l = links[rng.below(static_cast<std::uint32_t>(links.size()))];
                        path.push_back(arcOf(l, m_graph.switchNode(x)));
                        out.add(part, path);
                    }
                }
                if (first == 0)
                    for (const Attach &a : p.src)
                        result->maxSwitchHops = std::max(result->maxSwitchHops, m_dag.dist[static_cast<size_t>(a.sw)] + 1);
            }
        }
    }


private:
    /// Keeps only source links whose leaf reaches the destination; false (and
    /// counts the flow as unrouted) when none does. Idempotent.
    bool dropUnreachable(Prepared &p, RoutingResult *result)
    {
        if (p.src.empty())
            return false;
        std::erase_if(p.src, [&](const Attach &a) { return !m_dag.reached(a.sw); });
        if (p.src.empty()) {
            ++result->unroutedFlows;
            result->unroutedBytes += p.bytes;
            return false;
        }
        return true;
    }
public:
    /// Static mode without tablePath: the subnet manager's tables to follow.
    void useStaticRoutes(std::shared_ptr<const StaticRoutes> routes) { m_static = std::move(routes); }

private:
    RoutingGraph m_graph;
    size_t m_linkCount;
    int m_sets = 1;
    std::shared_ptr<const StaticRoutes> m_static;
    std::vector<Group> m_groups;
    Dag m_dag;
    Successors m_succ;
};

Bottleneck bottleneckOfRun(const double *ab, const double *ba, size_t links, const CapacityView &view)
{
    Bottleneck best;
    for (size_t i = 0; i < links; ++i) {
        const double gbps = view.gbps[i];
        if (gbps <= 0.0)
            continue;
        const double bytes = std::max(ab[i], ba[i]);
        const double seconds = bytes * 8.0 / (gbps * 1e9);
        if (bytes > 0.0 && seconds > best.seconds)
            best = Bottleneck{static_cast<std::int32_t>(i), ab[i] >= ba[i], bytes, gbps, seconds};
    }
    return best;
}

/// Pinned routing of every set of a Router: per hash seed (one run for
/// static tables) each set's connections are rated max-min fair and its
/// slowest one is the set's time for that run; each result gets its runs,
/// their median and the median run's loads.
void routePinnedSets(Router &router, const Fabric &fabric, const CapacityView &view, const RoutingOptions &options,
                     std::span<const std::span<const Flow>> sets, std::span<RoutingResult *const> results)
{
    const size_t L = static_cast<size_t>(fabric.linkCount());
    const size_t S = sets.size();
    std::vector<double> arcCapacity(2 * L);
    for (size_t l = 0; l < L; ++l)
        arcCapacity[2 * l] = arcCapacity[2 * l + 1] = view.gbps[l] * 1e9 / 8.0;
    // Static routing is deterministic: one run.
    const int runs = options.mode == RoutingMode::Static ? 1 : options.seeds;
    // Runs share each group's DAG; batch them so their connections stay
    // under ~256 MiB (a connection: its bytes, its offset and ~6 arcs).
    std::vector<std::size_t> connections(S, 0);
    std::size_t connectionsPerRun = 0;
    for (size_t i = 0; i < S; ++i) {
        for (const Flow &flow : sets[i])
            if (flow.srcHost != flow.dstHost && flow.bytes > 0.0)
                connections[i] += static_cast<std::size_t>(connectionsOf(options, flow));
        connectionsPerRun += connections[i];
    }
    const std::size_t bytesPerRun = std::max<std::size_t>(1, connectionsPerRun * (8 + 4 + 6 * 4));
    const int batch = static_cast<int>(std::clamp<std::size_t>((256u << 20) / bytesPerRun, 1, std::size_t(runs)));
    // The connections' buffers stay with the thread: a failure study prices
    // thousands of scenarios, and fresh buffers cost their page faults and
    // growth copies each time (a third of the time at 16K GPUs).
    thread_local std::vector<PinnedFlows> outs;
    auto reserve = [&](std::vector<PinnedFlows> &buffers, int count) {
        buffers.resize(static_cast<size_t>(count) * S);
        for (int r = 0; r < count; ++r)
            for (size_t i = 0; i < S; ++i) {
                PinnedFlows &out = buffers[static_cast<size_t>(r) * S + i];
                out.bytes.reserve(connections[i]);
                out.pathBegin.reserve(connections[i] + 1);
                out.arcs.reserve(connections[i] * 6);
            }
    };
    std::vector<std::vector<Bottleneck>> perRun(S);
    // Runs in several batches: each run's loads kept as they are routed (in
    // single precision) while they fit in 256 MiB, so the median run's need
    // not be routed again; past that, the median run is routed again.
    const bool batched = batch < runs;
    const bool keepLoads = batched && 2 * L * sizeof(float) * S * static_cast<size_t>(runs) <= (256u << 20);
    std::vector<float> runLoads(keepLoads ? 2 * L * S * static_cast<size_t>(runs) : 0);
    for (int first = 0; first < runs; first += batch) {
        const int count = std::min(batch, runs - first);
        reserve(outs, count);
        router.routePinned(options, first, count, outs, results);
        for (int r = 0; r < count; ++r)
            for (size_t i = 0; i < S; ++i) {
                const PinnedFlows &flows = outs[static_cast<size_t>(r) * S + i];
                if (keepLoads) {
                    float *loads = runLoads.data() + 2 * L * (static_cast<size_t>(first + r) * S + i);
                    for (size_t f = 0; f < flows.size(); ++f)
                        for (std::int32_t k = flows.pathBegin[f]; k < flows.pathBegin[f + 1]; ++k)
                            loads[static_cast<size_t>(flows.arcs[static_cast<size_t>(k)])] += static_cast<float>(flows.bytes[f]);
                }
                const MaxMinResult rates = maxMinFair(flows, arcCapacity, MaxMinScope::SlowestOnly);
                Bottleneck b;
                if (rates.slowestFlow >= 0) {
                    const auto f = static_cast<size_t>(rates.slowestFlow);
                    const std::int32_t arc = rates.limit[f];
                    b.link = arc >= 0 ? arc / 2 : -1;
                    b.aToB = arc >= 0 && arc % 2 == 0;
                    b.bytes = flows.bytes[f];
                    b.gbps = rates.rate[f] * 8.0 / 1e9;
                    b.seconds = rates.seconds;
                }
                perRun[i].push_back(b);
                results[i]->seedBottleneckSeconds.push_back(b.seconds);
                results[i]->seedBottleneckLinks.push_back(b.link);
            }
    }
    std::vector<PinnedFlows> replayed;
    std::vector<RoutingResult> scratch(S); // counts were taken in run 0
    std::vector<RoutingResult *> scratchPointers;
    for (RoutingResult &r : scratch)
        scratchPointers.push_back(&r);
    for (size_t i = 0; i < S; ++i) {
        RoutingResult &result = *results[i];
        result.seedSeconds = Distribution::of(result.seedBottleneckSeconds);
        for (size_t k = 0; k < perRun[i].size(); ++k)
            if (result.seedBottleneckSeconds[k] == result.seedSeconds.median) {
                result.medianSeedIndex = static_cast<int>(k);
                break;
            }
        // The loads of the median run: its connections' bytes on their arcs
        // (routed again when the runs did not fit in one batch).
        const int medianRun = std::max(0, result.medianSeedIndex);
        std::vector<double> ab(L, 0.0), ba(L, 0.0);
        if (keepLoads) {
            const float *loads = runLoads.data() + 2 * L * (static_cast<size_t>(medianRun) * S + i);
            for (size_t l = 0; l < L; ++l) {
                ab[l] = loads[2 * l];
                ba[l] = loads[2 * l + 1];
            }
            result.loads.bytesAB = std::move(ab);
            result.loads.bytesBA = std::move(ba);
            if (result.medianSeedIndex >= 0)
                result.bottleneck = perRun[i][static_cast<size_t>(result.medianSeedIndex)];
            continue;
        }
        const PinnedFlows *median = nullptr;
        if (!batched) {
            median = &outs[static_cast<size_t>(medianRun) * S + i];
        } else {
            router.routePinned(options, medianRun, 1, replayed, scratchPointers);
            median = &replayed[i];
        }
        for (size_t f = 0; f < median->size(); ++f)
            for (std::int32_t k = median->pathBegin[f]; k < median->pathBegin[f + 1]; ++k) {
                const std::int32_t arc = median->arcs[static_cast<size_t>(k)];
                (arc % 2 == 0 ? ab : ba)[static_cast<size_t>(arc / 2)] += median->bytes[f];
            }
        result.loads.bytesAB = std::move(ab);
        result.loads.bytesBA = std::move(ba);
        if (result.medianSeedIndex >= 0)
            result.bottleneck = perRun[i][static_cast<size_t>(result.medianSeedIndex)];
    }
}

/// Per host: 1 when a flow of the sets goes to it (the tables static
/// routing needs).
std::vector<char> destinationHosts(const Fabric &fabric, std::span<const std::span<const Flow>> sets)
{
    std::vector<char> needed(static_cast<size_t>(fabric.hostCount()), 0);
    for (const std::span<const Flow> &set : sets)
        for (const Flow &flow : set)
            if (flow.dstHost >= 0 && flow.dstHost < fabric.hostCount() && flow.srcHost != flow.dstHost)
                needed[static_cast<size_t>(flow.dstHost)] = 1;
    return needed;
}

/// What routeFlows checks of its options (after resolvedOptions).
void checkOptions(const Fabric &fabric, const CapacityView &view, const RoutingOptions &given,
                  const RoutingOptions &options)
{
    if (view.gbps.size() != static_cast<size_t>(fabric.linkCount()))
        throw std::invalid_argument("routing: the capacity view does not match the fabric");
    if (options.mode == RoutingMode::Adaptive && !(options.adaptiveEfficiency > 0.0 && options.adaptiveEfficiency <= 1.0))
        throw std::invalid_argument("routing: the adaptive efficiency must be in (0, 1]");
    if (given.qpsPerConnection < 0 || options.qpsPerConnection < 1 || options.qpsPerConnection > 128)
        throw std::invalid_argument("routing: queue pairs per connection must be 1 to 128");
    if (options.mode == RoutingMode::Ecmp && (options.flowletsPerFlow < 1 || options.seeds < 1))
        throw std::invalid_argument("routing: ECMP needs at least 1 flowlet per flow and 1 seed");
    const bool pinned = options.mode == RoutingMode::Hashed || options.mode == RoutingMode::Static;
    if (pinned && (options.flowletsPerFlow < 1 || options.seeds < 1))
        throw std::invalid_argument("routing: pinned routing needs at least 1 connection per flow and 1 seed");
}

} // namespace

RoutingResult routeFlows(const Fabric &fabric, const CapacityView &view, std::span<const Flow> flows,
                         const RoutingOptions &given)
{
    const RoutingOptions options = resolvedOptions(fabric, given);
    checkOptions(fabric, view, given, options);
    const bool pinned = options.mode == RoutingMode::Hashed || options.mode == RoutingMode::Static;

    RoutingResult result;
    result.mode = options.mode;
    Router router(fabric, view, flows, options, &result);
    if (options.mode == RoutingMode::Static && !options.tablePath) {
        const std::vector<char> needed = destinationHosts(fabric, std::span<const std::span<const Flow>>(&flows, 1));
        router.useStaticRoutes(StaticRoutes::of(fabric, view, &needed));
    }
    if (pinned) {
        RoutingResult *results[] = {&result};
        routePinnedSets(router, fabric, view, options, std::span<const std::span<const Flow>>(&flows, 1), results);
        return result;
    }
    if (options.mode != RoutingMode::Ecmp) {
        router.routeFluid(&result);
        result.bottleneck = options.mode == RoutingMode::Adaptive
            ? findBottleneck(result.loads, adaptiveCapacity(fabric, view, options.adaptiveEfficiency))
            : findBottleneck(result.loads, view);
        return result;
    }

    const size_t L = static_cast<size_t>(fabric.linkCount());
    const size_t stride = std::max<size_t>(1, 2 * L);
    // Runs share each group's DAG; batch them so the per-run loads stay under ~32 MiB.
    const int batch = static_cast<int>(std::clamp<size_t>((32u << 20) / (stride * sizeof(double)), 1, 256));
    std::vector<double> runLoads;
    for (int first = 0; first < options.seeds; first += batch) {
        const int count = std::min(batch, options.seeds - first);
        router.routeEcmp(options, first, count, runLoads, &result);
        for (int r = 0; r < count; ++r) {
            const double *ab = runLoads.data() + stride * static_cast<size_t>(r);
            const Bottleneck b = bottleneckOfRun(ab, ab + L, L, view);
            result.seedBottleneckSeconds.push_back(b.seconds);
            result.seedBottleneckLinks.push_back(b.link);
        }
    }
    result.seedSeconds = Distribution::of(result.seedBottleneckSeconds);
    for (size_t i = 0; i < result.seedBottleneckSeconds.size(); ++i)
        if (result.seedBottleneckSeconds[i] == result.seedSeconds.median) {
            result.medianSeedIndex = static_cast<int>(i);
            break;
        }
    // Loads of the median run: replay that one run.
    router.routeEcmp(options, result.medianSeedIndex, 1, runLoads, &result);
    result.loads.bytesAB.assign(runLoads.begin(), runLoads.begin() + static_cast<std::ptrdiff_t>(L));
    result.loads.bytesBA.assign(runLoads.begin() + static_cast<std::ptrdiff_t>(L), runLoads.end());
    result.bottleneck = findBottleneck(result.loads, view);
    return result;
}

std::vector<RoutingResult> routeFlowSets(const Fabric &fabric, const CapacityView &view,
                                        std::span<const std::span<const Flow>> sets, const RoutingOptions &given)
{
    const RoutingOptions options = resolvedOptions(fabric, given);
    checkOptions(fabric, view, given, options);
    std::vector<RoutingResult> results(sets.size());
    const bool pinned = options.mode == RoutingMode::Hashed || options.mode == RoutingMode::Static;
    if (!pinned || sets.size() < 2) {
        for (size_t i = 0; i < sets.size(); ++i)
            results[i] = routeFlows(fabric, view, sets[i], given);
        return results;
    }
    std::vector<RoutingResult *> pointers;
    for (RoutingResult &r : results) {
        r.mode = options.mode;
        pointers.push_back(&r);
    }
    Router router(fabric, view, sets, options, pointers);
    if (options.mode == RoutingMode::Static && !options.tablePath) {
        const std::vector<char> needed = destinationHosts(fabric, sets);
        router.useStaticRoutes(StaticRoutes::of(fabric, view, &needed));
    }
    routePinnedSets(router, fabric, view, options, sets, pointers);
    return results;
}

} // namespace Railyard
