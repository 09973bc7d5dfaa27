#include "core/analysis/bisection.h"

#include "core/analysis/fmrefiner.h"
#include "core/analysis/maxflow.h"
#include "core/analysis/oversubscription.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <set>
#include <string_view>
#include <thread>
#include <unordered_map>

namespace Railyard {

const char *bisectionMethodName(BisectionMethod method)
{
    switch (method) {
    case BisectionMethod::Exact: return "exact";
    case BisectionMethod::TierCuts: return "tier-cuts";
    case BisectionMethod::Heuristic: return "heuristic";
    }
    return "heuristic";
}

namespace {

struct Candidate
{
    std::string name;
    std::vector<char> hostSide;
};

long long sideGpus(const Fabric &f, const std::vector<char> &hostSide, char side)
{
    long long g = 0;
    for (std::int32_t h = 0; h < f.hostCount(); ++h)
        if (hostSide[static_cast<size_t>(h)] == side)
            g += f.host(h).gpus;
    return g;
}

/// Hosts in the given order fill side 0 up to the target; the rest go to side 1.
std::vector<char> fillInOrder(const Fabric &f, const std::vector<std::int32_t> &order, long long target)
{
    std::vector<char> side(static_cast<size_t>(f.hostCount()), 1);
    long long gpus = 0;
    for (const auto h : order) {
        const int g = f.host(h).gpus;
        if (gpus + g <= target) {
            side[static_cast<size_t>(h)] = 0;
            gpus += g;
        }
        if (gpus == target)
            break;
    }
    return side;
}

/// Hosts grouped by key (groups in order of first appearance), filled group by group.
std::optional<std::vector<char>> alignedSplit(const Fabric &f, long long target,
                                              const std::function<std::string_view(std::int32_t)> &key)
{
    std::unordered_map<std::string_view, size_t> groupIndex;
    std::vector<std::vector<std::int32_t>> groups;
    for (std::int32_t h = 0; h < f.hostCount(); ++h) {
        const std::string_view k = key(h);
        if (k.empty())
            return std::nullopt; // grouping not known for every host
        auto [it, inserted] = groupIndex.emplace(k, groups.size());
        if (inserted)
            groups.emplace_back();
        groups[it->second].push_back(h);
    }
    if (groups.size() < 2)
        return std::nullopt;
    std::vector<std::int32_t> order;
    order.reserve(static_cast<size_t>(f.hostCount()));
    for (const auto &g : groups)
        order.insert(order.end(), g.begin(), g.end());
    return fillInOrder(f, order, target);
}

bool isLayered(const Fabric &f)
{
    if (f.switchCount() == 0)
        return false;
    for (const Switch &s : f.switches())
        if (s.tier == Tier::Unlayered)
            return false;
    for (const Link &l : f.links()) {
        const int ra = f.isHost(l.a) ? 0 : tierLevel(f.switchAt(f.switchIndexOf(l.a)).tier);
        const int rb = f.isHost(l.b) ? 0 : tierLevel(f.switchAt(f.switchIndexOf(l.b)).tier);
        if (std::abs(ra - rb) != 1)
            return false;
    }
    return true;
}

/// Symmetric: nothing failed or degraded, every host alike, and every switch
/// of a tier with the same down and up capacity.
bool isSymmetric(const Fabric &f, const CapacityView &capacity)
{
    for (std::int32_t i = 0; i < f.linkCount(); ++i)
        if (capacity.gbps[static_cast<size_t>(i)] != f.link(i).capacityGbps)
            return false;
    std::vector<double> injection(static_cast<size_t>(f.hostCount()), 0.0);
    for (std::int32_t i = 0; i < f.linkCount(); ++i) {
        const Link &l = f.link(i);
        if (f.isHost(l.a))
            injection[static_cast<size_t>(l.a)] += l.capacityGbps;
        if (f.isHost(l.b))
            injection[static_cast<size_t>(l.b)] += l.capacityGbps;
    }
    for (std::int32_t h = 1; h < f.hostCount(); ++h)
        if (f.host(h).gpus != f.host(0).gpus || injection[static_cast<size_t>(h)] != injection[0])
            return false;
    const OversubscriptionResult o = analyzeOversubscription(f, capacity);
    std::unordered_map<int, std::pair<double, double>> perTier;
    for (const auto &s : o.perSwitch) {
        const int level = tierLevel(f.switchAt(s.switchIndex).tier);
        auto [it, inserted] = perTier.emplace(level, std::make_pair(s.downGbps, s.upGbps));
        if (!inserted && (it->second.first != s.downGbps || it->second.second != s.upGbps))
            return false;
    }
    return true;
}

class Search
{
public:
    Search(const Fabric &f, const CapacityView &c, const BisectionOptions &o)
        : fabric(f)
        , capacity(c)
        , options(o)
        , owned(o.network ? nullptr : std::make_unique<SwitchFlowNetwork>(f, c))
        , network(o.network ? *o.network : *owned)
    {
        total = f.gpuCount();
        target = total / 2;
    }

    bool cancelled() const { return options.cancel && options.cancel->load(); }

    void consider(const std::string &name, const std::vector<char> &hostSide)
    {
        const double gbps = network.minCut(hostSide);
        if (!bestSide.size() || gbps < bestGbps - 1e-9) {
            bestGbps = gbps;
            bestSide = hostSide;
            bestName = name;
        }
    }

    /// Evaluates the candidates on up to options.threads threads (the flow
    /// network is shared, read only); the best is taken as consider() would,
    /// in the candidates' order, so ties go to the earlier one.
    void considerAll(const std::vector<std::pair<std::string, std::vector<char>>> &candidates)
    {
        std::vector<double> gbps(candidates.size(), std::numeric_limits<double>::quiet_NaN());
        std::atomic<size_t> next{0};
        auto work = [&] {
            for (size_t i = next++; i < candidates.size(); i = next++) {
                if (cancelled())
                    return;
                gbps[i] = network.minCut(candidates[i].second);
            }
        };
        const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
        const size_t threads = std::min<size_t>(candidates.size(), options.threads > 0 ? unsigned(options.threads) : hardware);
        std::vector<std::thread> pool;
        for (size_t t = 1; t < threads; ++t)
            pool.emplace_back(work);
        work();
        for (std::thread &t : pool)
            t.join();
        for (size_t i = 0; i < candidates.size(); ++i) {
            if (std::isnan(gbps[i]))
                continue; // cancelled before it ran
            if (!bestSide.size() || gbps[i] < bestGbps - 1e-9) {
                bestGbps = gbps[i];
                bestSide = candidates[i].second;
                bestName = candidates[i].first;
            }
        }
    }

    /// FM on the node partition implied by the best split, then max-flow again.
    void refineBest(int passes)
    {
        if (bestSide.empty() || passes <= 0)
            return;
        std::vector<char> switchSide;
        network.minCut(bestSide, nullptr, &switchSide);
        std::vector<char> nodeSide(static_cast<size_t>(fabric.nodeCount()));
        std::copy(bestSide.begin(), bestSide.end(), nodeSide.begin());
        std::copy(switchSide.begin(), switchSide.end(), nodeSide.begin() + fabric.hostCount());
        const long long gpusA = sideGpus(fabric, bestSide, 0);
        FmRefiner refiner(fabric, capacity);
        refiner.refine(nodeSide, gpusA, passes, options.cancel);
        std::vector<char> refined(nodeSide.begin(), nodeSide.begin() + fabric.hostCount());
        if (refined != bestSide)
            consider(bestName + "+fm", refined);
    }

    const Fabric &fabric;
    const CapacityView &capacity;
    const BisectionOptions &options;
    std::unique_ptr<SwitchFlowNetwork> owned;
    const SwitchFlowNetwork &network;
    long long total = 0;
    long long target = 0;
    double bestGbps = std::numeric_limits<double>::infinity();
    std::vector<char> bestSide;
    std::string bestName;
};

void exactSearch(Search &search)
{
    const Fabric &f = search.fabric;
    const int n = f.hostCount();
    // The best achievable balance first (hosts may differ in GPU count).
    long long bestImbalance = std::numeric_limits<long long>::max();
    const std::uint32_t masks = 1u << (n - 1); // host 0 always on side 0
    std::vector<long long> gpus(static_cast<size_t>(n));
    for (int h = 0; h < n; ++h)
        gpus[static_cast<size_t>(h)] = f.host(h).gpus;
    auto sideZeroGpus = [&](std::uint32_t mask) {
        long long g = gpus[0];
        for (int h = 1; h < n; ++h)
            if (mask & (1u << (h - 1)))
                g += gpus[static_cast<size_t>(h)];
        return g;
    };
    for (std::uint32_t m = 0; m < masks; ++m)
        bestImbalance = std::min(bestImbalance, std::llabs(2 * sideZeroGpus(m) - search.total));
    std::vector<char> side(static_cast<size_t>(n));
    for (std::uint32_t m = 0; m < masks; ++m) {
        if (std::llabs(2 * sideZeroGpus(m) - search.total) != bestImbalance)
            continue;
        side[0] = 0;
        for (int h = 1; h < n; ++h)
            side[static_cast<size_t>(h)] = (m & (1u << (h - 1))) ? 0 : 1;
        search.consider("all balanced splits", side);
        if ((m & 0xff) == 0 && search.cancelled())
            return;
    }
}

void alignedCandidates(Search &search)
{
    const Fabric &f = search.fabric;
    std::set<std::vector<char>> seen;
    std::vector<std::pair<std::string, std::vector<char>>> candidates;
    auto add = [&](const std::string &name, std::optional<std::vector<char>> side) {
        if (!side || search.cancelled() || !seen.insert(*side).second)
            return;
        candidates.emplace_back(name, std::move(*side));
    };
    using Key = std::string_view;
    add("zone-aligned", alignedSplit(f, search.target, [&](std::int32_t h) -> Key { return f.host(h).location.zone; }));
    add("pod-aligned", alignedSplit(f, search.target, [&](std::int32_t h) -> Key { return f.host(h).location.pod; }));
    add("su-aligned", alignedSplit(f, search.target, [&](std::int32_t h) -> Key { return f.host(h).location.su; }));
    add("rack-aligned", alignedSplit(f, search.target, [&](std::int32_t h) -> Key { return f.host(h).location.rack; }));
    add("leaf-aligned", alignedSplit(f, search.target, [&](std::int32_t h) -> Key {
        NodeIndex first = -1;
        for (const auto l : f.incidentLinks(f.hostNode(h))) {
            const NodeIndex other = f.otherEnd(l, f.hostNode(h));
            if (f.isSwitch(other) && (first < 0 || other < first))
                first = other;
        }
        return first < 0 ? std::string_view("unattached") : std::string_view(f.nodeId(first));
    }));
    std::vector<std::int32_t> order(static_cast<size_t>(f.hostCount()));
    for (std::int32_t h = 0; h < f.hostCount(); ++h)
        order[static_cast<size_t>(h)] = h;
    add("host-order", fillInOrder(f, order, search.target));
    search.considerAll(candidates);
}

void randomCandidates(Search &search, int count)
{
    const Fabric &f = search.fabric;
    std::mt19937_64 rng(search.options.seed);
    std::vector<std::int32_t> order(static_cast<size_t>(f.hostCount()));
    for (std::int32_t h = 0; h < f.hostCount(); ++h)
        order[static_cast<size_t>(h)] = h;
    for (int i = 0; i < count && !search.cancelled(); ++i) {
        std::shuffle(order.begin(), order.end(), rng);
        const auto side = fillInOrder(f, order, search.target);
        // Each random start is refined on its own: FM from a random split finds
        // structure the aligned candidates miss.
        const std::string name = "random-" + std::to_string(i + 1);
        const double before = search.bestGbps;
        const auto saved = search.bestSide;
        const auto savedName = search.bestName;
        search.bestGbps = std::numeric_limits<double>::infinity();
        search.bestSide.clear();
        search.consider(name, side);
        search.refineBest(search.options.refinementPasses);
        if (search.bestGbps >= before) {
            search.bestGbps = before;
            search.bestSide = saved;
            search.bestName = savedName;
        }
    }
}

} // namespace

double minCutForHostSplit(const Fabric &fabric, const CapacityView &capacity, const std::vector<char> &hostSide,
                          std::vector<std::int32_t> *cutLinks)
{
    fabric.prepare();
    SwitchFlowNetwork network(fabric, capacity);
    return network.minCut(hostSide, cutLinks);
}

BisectionResult analyzeBisection(const Fabric &fabric, const CapacityView &capacity, const BisectionOptions &options)
{
    fabric.prepare();
    BisectionResult result;
    for (const Link &l : fabric.links()) {
        if (fabric.isHost(l.a) != fabric.isHost(l.b))
            result.fullGbps += l.capacityGbps;
    }
    result.fullGbps /= 2.0;
    if (fabric.hostCount() < 2) {
        result.method = BisectionMethod::Exact;
        result.exact = true;
        result.candidate = "fewer than two hosts";
        result.hostSide.assign(static_cast<size_t>(fabric.hostCount()), 0);
        return result;
    }

    Search search(fabric, capacity, options);
    const bool small = fabric.hostCount() <= std::min(options.exactHostLimit, 20);
    if (small && !options.forceHeuristic) {
        result.method = BisectionMethod::Exact;
        result.exact = true;
        exactSearch(search);
    } else if (!options.forceHeuristic && isLayered(fabric)) {
        result.method = BisectionMethod::TierCuts;
        alignedCandidates(search);
        result.exact = isSymmetric(fabric, capacity);
        if (!result.exact && !search.cancelled())
            search.refineBest(options.refinementPasses);
    } else {
        result.method = BisectionMethod::Heuristic;
        alignedCandidates(search);
        if (!search.cancelled())
            search.refineBest(options.refinementPasses);
        randomCandidates(search, options.randomCandidates);
        result.exact = false;
    }
    result.cancelled = search.cancelled();
    if (search.bestSide.empty()) {
        result.exact = false;
        return result;
    }
    if (result.cancelled) {
        // Nobody reads a cancelled result: skip the final max-flow, so an
        // edit waiting for the cancel waits as little as possible.
        result.exact = false;
        return result;
    }
    result.hostSide = search.bestSide;
    result.candidate = search.bestName;
    result.gbps = search.network.minCut(search.bestSide, &result.cutLinks);
    result.ratio = result.fullGbps > 0 ? result.gbps / result.fullGbps : 0.0;
    result.gpusSideA = sideGpus(fabric, result.hostSide, 0);
    result.gpusSideB = sideGpus(fabric, result.hostSide, 1);
    return result;
}

} // namespace Railyard
