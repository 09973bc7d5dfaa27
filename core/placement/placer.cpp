#include "core/placement/placer.h"

#include "core/placement/clusterstate.h"
#include "core/jobs/ranklayout.h"
#include "core/traffic/steptraffic.h"
#include "core/traffic/tierbytes.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <map>
#include <random>
#include <unordered_map>

namespace Railyard {

namespace {

/// A GPU a rank can be put on.
using Slot = RankSlot;

/// What a placement may use: the state's free GPUs minus this placement's exclusions.
class Availability
{
public:
    Availability(const ClusterState &state, const std::vector<std::int32_t> &excluded) : m_state(state)
    {
        m_excluded.assign(size_t(state.fabric().hostCount()), 0);
        for (std::int32_t h : excluded)
            m_excluded[size_t(h)] = 1;
    }
    int freeGpus(std::int32_t h) const { return m_excluded[size_t(h)] ? 0 : m_state.freeGpus(h); }
    bool wholeHostFree(std::int32_t h) const { return !m_excluded[size_t(h)] && m_state.isHostFree(h); }
    bool gpuFree(std::int32_t h, int g) const { return !m_excluded[size_t(h)] && m_state.isGpuFree(h, g); }
    void appendFreeGpus(std::int32_t h, std::vector<Slot> &out) const
    {
        for (int g = 0; g < m_state.fabric().host(h).gpus; ++g)
            if (gpuFree(h, g))
                out.push_back({h, g});
    }

private:
    const ClusterState &m_state;
    std::vector<std::uint8_t> m_excluded;
};

/// alignedSlots' level for multi-host NVLink domains (Host::nvlinkDomain).
constexpr int kNvlinkDomainLevel = 5;

const std::string &levelKey(const Host &h, int level)
{
    switch (level) {
    case 0: return h.location.zone;
    case 1: return h.location.pod;
    case 2: return h.location.su;
    case kNvlinkDomainLevel: return h.nvlinkDomain;
    default: return h.location.rack;
    }
}

/// Chooses hosts from hosts[b, e) (location order) holding at least `need`
/// GPUs: the smallest domain that fits, best fit among its siblings; if no
/// single domain fits, whole domains largest first and the remainder in the
/// best-fitting partial one. Levels: 0 zone, 1 pod, 2 SU, 3 rack, 4 hosts.
void selectHosts(const Fabric &fabric, const std::vector<std::int32_t> &hosts, const std::vector<long long> &prefix,
                 size_t b, size_t e, int level, long long need, std::vector<size_t> &out)
{
    if (need <= 0 || b >= e)
        return;
    if (prefix[e] - prefix[b] <= need || level >= 4) {
        for (size_t i = b; i < e && need > 0; ++i) {
            out.push_back(i);
            need -= fabric.host(hosts[i]).gpus;
        }
        return;
    }
    struct Child
    {
        size_t b, e;
        long long gpus;
    };
    std::vector<Child> children;
    for (size_t i = b; i < e;) {
        size_t j = i + 1;
        while (j < e && levelKey(fabric.host(hosts[j]), level) == levelKey(fabric.host(hosts[i]), level))
            ++j;
        children.push_back({i, j, prefix[j] - prefix[i]});
        i = j;
    }
    auto bestFit = [&](const std::vector<bool> &taken, long long want) -> const Child * {
        const Child *best = nullptr;
        for (size_t c = 0; c < children.size(); ++c)
            if (!taken[c] && children[c].gpus >= want && (!best || children[c].gpus < best->gpus))
                best = &children[c];
        return best;
    };
    std::vector<bool> taken(children.size(), false);
    if (const Child *fit = bestFit(taken, need)) {
        selectHosts(fabric, hosts, prefix, fit->b, fit->e, level + 1, need, out);
        return;
    }
    std::vector<size_t> bySize(children.size());
    std::iota(bySize.begin(), bySize.end(), size_t(0));
    std::stable_sort(bySize.begin(), bySize.end(), [&](size_t x, size_t y) { return children[x].gpus > children[y].gpus; });
    for (size_t c : bySize) {
        if (children[c].gpus <= need) {
            taken[c] = true;
            need -= children[c].gpus;
            for (size_t i = children[c].b; i < children[c].e; ++i)
                out.push_back(i);
        }
    }
    if (const Child *fit = bestFit(taken, need))
        selectHosts(fabric, hosts, prefix, fit->b, fit->e, level + 1, need, out);
}

/// The non-TP dimensions, slowest-varying last in Megatron order.
enum Dim { DimCp, DimEp, DimEdp, DimPp, DimCount };
constexpr const char *dimNames[DimCount] = {"cp", "ep", "edp", "pp"};

/// Maps each rank to gpuSlots[slotIndex] with TP fastest and the other
/// dimensions nested in `nesting` order (fastest first).
void assignRanks(const JobSpec &job, const std::array<int, DimCount> &nesting, const std::vector<Slot> &gpuSlots,
                 Placement &placement)
{
    const Parallelism &p = job.parallel;
    const RankLayout layout(p);
    const std::array<int, DimCount> size = {p.cp, p.ep, p.dp / p.ep, p.pp};
    const auto world = std::int32_t(p.worldSize());
    placement.ranks.assign(size_t(world), {});
    for (std::int32_t r = 0; r < world; ++r) {
        const RankCoords c = layout.coords(r);
        const std::array<int, DimCount> value = {c.cp, layout.epIndex(c.dp), layout.edpIndex(c.dp), c.pp};
        long long slot = 0;
        for (int k = DimCount - 1; k >= 0; --k)
            slot = slot * size[size_t(nesting[size_t(k)])] + value[size_t(nesting[size_t(k)])];
        placement.ranks[size_t(r)] = gpuSlots[size_t(slot * p.tp + c.tp)];
    }
    std::string order = "tp";
    for (int d : nesting)
        if (size[size_t(d)] > 1)
            order += std::string(", ") + (d == DimEdp && p.ep == 1 ? "dp" : dimNames[d]);
    placement.rankOrder = order;
}

/// True when a is better than b: fewer bytes at the highest tier, then the next.
bool fewerHighTierBytes(const TierBytes &a, const TierBytes &b)
{
    for (int t = flowTierCount - 1; t >= int(FlowTier::Leaf); --t) {
        const double x = a.bytes[size_t(t)], y = b.bytes[size_t(t)];
        const double tolerance = 1e-9 * std::max({x, y, 1.0});
        if (x < y - tolerance)
            return true;
        if (x > y + tolerance)
            return false;
    }
    return false;
}

/// GPU slots that keep each of `blocks` consecutive blocks of `blockGpus`
/// ranks inside one domain of the given level (0 zone, 1 pod, 2 SU) on whole
/// free hosts, filling domains in location order. A job whose pipeline
/// stages do not divide a zone then leaves the zone's remainder free instead
/// of splitting a stage (and its data-parallel collectives) across zones.
/// Empty when the blocks do not fit that way or do not fill whole hosts.
std::vector<Slot> alignedSlots(const ClusterState &state, const Availability &avail, long long blockGpus, long long blocks,
                               int level)
{
    const Fabric &fabric = state.fabric();
    std::vector<Slot> chosen;
    std::vector<std::int32_t> domain;
    long long placed = 0;
    auto flush = [&] {
        long long gpus = 0;
        for (std::int32_t h : domain)
            gpus += fabric.host(h).gpus;
        long long fit = std::min(gpus / blockGpus, blocks - placed);
        long long want = fit * blockGpus;
        for (size_t i = 0; i < domain.size() && want > 0; ++i) {
            const int g = fabric.host(domain[i]).gpus;
            if (g > want)
                return false; // a block would end inside a host: not host-aligned
            avail.appendFreeGpus(domain[i], chosen);
            want -= g;
        }
        placed += fit;
        domain.clear();
        return true;
    };
    const std::string *key = nullptr;
    for (std::int32_t h : state.locationOrder()) {
        if (!avail.wholeHostFree(h))
            continue;
        const std::string &k = levelKey(fabric.host(h), level);
        if (k.empty())
            return {};
        if (key && k != *key && !flush())
            return {};
        key = &k;
        domain.push_back(h);
        if (placed == blocks)
            break;
    }
    if (placed < blocks && !flush())
        return {};
    if (placed < blocks)
        return {};
    chosen.resize(size_t(blocks * blockGpus));
    return chosen;
}

void placeTopology(const ClusterState &state, const Availability &avail, const JobSpec &job, Placement &placement)
{
    const Fabric &fabric = state.fabric();
    const long long need = job.parallel.worldSize();
    std::vector<std::int32_t> whole;
    for (std::int32_t h : state.locationOrder())
        if (avail.wholeHostFree(h))
            whole.push_back(h);
    std::vector<long long> prefix(whole.size() + 1, 0);
    for (size_t i = 0; i < whole.size(); ++i)
        prefix[i + 1] = prefix[i] + fabric.host(whole[i]).gpus;

    std::vector<size_t> chosen;
    selectHosts(fabric, whole, prefix, 0, whole.size(), 0, need, chosen);
    std::sort(chosen.begin(), chosen.end());
    std::vector<Slot> gpuSlots;
    for (size_t i : chosen)
        avail.appendFreeGpus(whole[i], gpuSlots);
    if (gpuSlots.size() < size_t(need)) {
        placement.warnings.push_back("not enough whole free hosts: " + std::to_string(need - (long long)gpuSlots.size())
                                     + " GPUs placed on partly used hosts");
        for (std::int32_t h : state.locationOrder())
            if (!avail.wholeHostFree(h) && avail.freeGpus(h) > 0)
                avail.appendFreeGpus(h, gpuSlots);
    }
    gpuSlots.resize(size_t(need));

    // Evaluate every nesting of the non-TP dimensions that matter.
    const Parallelism &p = job.parallel;
    const std::array<int, DimCount> size = {p.cp, p.ep, p.dp / p.ep, p.pp};
    std::array<int, DimCount> nesting = {DimCp, DimEp, DimEdp, DimPp};
    const std::vector<GroupCollective> collectives = stepCollectives(job);
    const TierClassifier classifier(fabric);
    std::optional<TierBytes> bestBytes;
    std::array<int, DimCount> best = nesting;
    std::vector<std::array<int, DimCount>> seen;
    // Candidate slot lists: the best-fit hosts, and for each outermost
    // dimension its blocks aligned to zones, pods or scalable units.
    std::vector<std::vector<Slot>> candidates{gpuSlots};
    std::array<std::vector<size_t>, DimCount> alignedFor;
    for (int d = 0; d < DimCount; ++d) {
        if (size[size_t(d)] <= 1)
            continue;
        for (int level = 0; level <= 2; ++level) {
            std::vector<Slot> aligned = alignedSlots(state, avail, need / size[size_t(d)], size[size_t(d)], level);
            if (aligned.size() == size_t(need)) {
                alignedFor[size_t(d)].push_back(candidates.size());
                candidates.push_back(std::move(aligned));
            }
        }
    }
    // Multi-host NVLink domains (GB200 NVL72): keep TP, and TP × the innermost
    // other dimension (EP above all), inside one domain when it spans hosts,
    // leaving a domain's remainder free rather than splitting a group.
    std::array<std::vector<size_t>, DimCount> domainFor;
    std::vector<size_t> domainTp;
    const bool domains = std::any_of(fabric.hosts().begin(), fabric.hosts().end(),
                                     [](const Host &h) { return !h.nvlinkDomain.empty(); });
    if (domains) {
        std::vector<Slot> tpAligned = alignedSlots(state, avail, p.tp, need / p.tp, kNvlinkDomainLevel);
        if (tpAligned.size() == size_t(need)) {
            domainTp.push_back(candidates.size());
            candidates.push_back(std::move(tpAligned));
        }
        for (int d = 0; d < DimCount; ++d) {
            const long long block = (long long)p.tp * size[size_t(d)];
            if (size[size_t(d)] <= 1 || block >= need)
                continue;
            std::vector<Slot> aligned = alignedSlots(state, avail, block, need / block, kNvlinkDomainLevel);
            if (aligned.size() == size_t(need)) {
                domainFor[size_t(d)].push_back(candidates.size());
                candidates.push_back(std::move(aligned));
            }
        }
    }
    size_t bestCandidate = 0;
    Placement trial = placement;
    do {
        // Dimensions of size 1 do not change the layout: skip duplicates.
        std::array<int, DimCount> key{};
        size_t n = 0;
        int outermost = -1;
        for (int d : nesting)
            if (size[size_t(d)] > 1) {
                key[n++] = d + 1;
                outermost = d;
            }
        if (std::find(seen.begin(), seen.end(), key) != seen.end())
            continue;
        seen.push_back(key);
        std::vector<size_t> tries{0};
        if (outermost >= 0)
            tries.insert(tries.end(), alignedFor[size_t(outermost)].begin(), alignedFor[size_t(outermost)].end());
        tries.insert(tries.end(), domainTp.begin(), domainTp.end());
        if (n > 0) {
            const std::vector<size_t> &inner = domainFor[size_t(key[0] - 1)]; // the innermost dimension
            tries.insert(tries.end(), inner.begin(), inner.end());
        }
        for (size_t c : tries) {
            assignRanks(job, nesting, candidates[c], trial);
            const TierBytes bytes = stepTierBytes(fabric, trial, collectives, classifier);
            if (!bestBytes || fewerHighTierBytes(bytes, *bestBytes)) {
                bestBytes = bytes;
                best = nesting;
                bestCandidate = c;
            }
        }
    } while (std::next_permutation(nesting.begin(), nesting.end()));
    assignRanks(job, best, candidates[bestCandidate], placement);
}

std::vector<Slot> linearSlots(const Fabric &fabric, const Availability &avail)
{
    std::vector<Slot> gpuSlots;
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h)
        avail.appendFreeGpus(h, gpuSlots);
    return gpuSlots;
}

std::vector<Slot> randomSlots(const Fabric &fabric, const Availability &avail, std::uint64_t seed, long long need)
{
    std::mt19937_64 rng(seed);
    auto shuffle = [&](std::vector<std::int32_t> &v) {
        for (size_t i = v.size(); i > 1; --i)
            std::swap(v[i - 1], v[size_t(rng() % i)]);
    };
    std::vector<std::int32_t> whole, partial;
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        if (avail.wholeHostFree(h))
            whole.push_back(h);
        else if (avail.freeGpus(h) > 0)
            partial.push_back(h);
    }
    shuffle(whole);
    std::vector<Slot> gpuSlots;
    for (std::int32_t h : whole) {
        if ((long long)gpuSlots.size() >= need)
            break;
        avail.appendFreeGpus(h, gpuSlots);
    }
    if ((long long)gpuSlots.size() < need) {
        shuffle(partial);
        for (std::int32_t h : partial)
            avail.appendFreeGpus(h, gpuSlots);
    }
    return gpuSlots;
}

std::vector<std::int32_t> resolveExclusions(const Fabric &fabric, const std::vector<std::string> &ids)
{
    std::vector<std::int32_t> hosts;
    for (const std::string &id : ids) {
        const NodeIndex n = fabric.findNode(id);
        if (n < 0)
            throw PlacementError("unknown host '" + id + "' in the excluded hosts");
        if (!fabric.isHost(n))
            throw PlacementError("'" + id + "' is a switch; only hosts can be excluded");
        hosts.push_back(n);
    }
    return hosts;
}

} // namespace

const char *placementStrategyName(PlacementStrategy strategy)
{
    switch (strategy) {
    case PlacementStrategy::Topology: return "topology";
    case PlacementStrategy::Linear: return "linear";
    case PlacementStrategy::Random: return "random";
    }
    return "?";
}

std::optional<PlacementStrategy> placementStrategyFromName(const std::string &name)
{
    for (auto s : {PlacementStrategy::Topology, PlacementStrategy::Linear, PlacementStrategy::Random})
        if (name == placementStrategyName(s))
            return s;
    return std::nullopt;
}

Placement placeJob(const ClusterState &state, const JobSpec &job, const PlacementOptions &options)
{
    if (const std::vector<std::string> problems = checkJobSpec(job); !problems.empty())
        throw PlacementError("job '" + job.name + "' is invalid: " + problems.front());
    const Fabric &fabric = state.fabric();
    const Availability avail(state, resolveExclusions(fabric, options.excludedHosts));
    const long long need = job.parallel.worldSize();
    long long free = 0;
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h)
        free += avail.freeGpus(h);
    if (free < need)
        throw PlacementError("job '" + job.name + "' needs " + std::to_string(need) + " GPUs but only "
                             + std::to_string(free) + " of the fabric's " + std::to_string(fabric.gpuCount())
                             + " are free (not in use or excluded)");

    Placement placement;
    placement.jobName = job.name;
    placement.strategy = placementStrategyName(options.strategy);
    switch (options.strategy) {
    case PlacementStrategy::Topology:
        placeTopology(state, avail, job, placement);
        break;
    case PlacementStrategy::Linear:
    case PlacementStrategy::Random: {
        std::vector<Slot> gpuSlots = options.strategy == PlacementStrategy::Linear
            ? linearSlots(fabric, avail)
            : randomSlots(fabric, avail, options.seed, need);
        gpuSlots.resize(size_t(need));
        placement.ranks = std::move(gpuSlots);
        placement.rankOrder = "tp, cp, dp, pp";
        break;
    }
    }

    applyRankOrder(fabric, placement, options);

    // TP groups inside hosts need TP to divide every used host's GPU count.
    const int tp = job.parallel.tp;
    for (const RankSlot &slot : placement.ranks) {
        if (fabric.host(slot.host).gpus % tp != 0) {
            placement.warnings.push_back("tp " + std::to_string(tp) + " does not divide the "
                                         + std::to_string(fabric.host(slot.host).gpus) + " GPUs of host '"
                                         + fabric.host(slot.host).id + "': TP groups span hosts");
            break;
        }
    }
    return placement;
}

void applyRankOrder(const Fabric &fabric, Placement &placement, const PlacementOptions &options)
{
    if (options.rankOrder == RankOrder::Strategy || placement.ranks.empty())
        return;
    // The placed hosts in order of their first rank, each with its GPUs in
    // rank order: the blocks the new order deals out.
    std::vector<std::int32_t> hosts;
    std::unordered_map<std::int32_t, std::vector<int>> gpusOf;
    for (const RankSlot &slot : placement.ranks) {
        auto [it, inserted] = gpusOf.try_emplace(slot.host);
        if (inserted)
            hosts.push_back(slot.host);
        it->second.push_back(slot.gpu);
    }
    std::vector<std::int32_t> order = hosts;
    if (options.rankOrder == RankOrder::Random) {
        std::mt19937_64 rng(options.seed ^ 0x5241'4E4B'4F52'4452ull); // own stream: not the random strategy's
        for (size_t i = order.size(); i > 1; --i)
            std::swap(order[i - 1], order[size_t(rng() % i)]);
        placement.hostOrder = "random (seed " + std::to_string(options.seed) + ")";
    } else {
        std::unordered_map<std::int32_t, size_t> position;
        for (const std::string &id : options.hostOrder) {
            const NodeIndex n = fabric.findNode(id);
            if (n < 0 || !fabric.isHost(n))
                throw PlacementError("rank order: no host '" + id.substr(0, 60) + "'");
            position.try_emplace(n, position.size());
        }
        for (std::int32_t h : hosts)
            if (!position.count(h))
                throw PlacementError("rank order: host '" + fabric.host(h).id
                                     + "' of the placement is not in the host order given");
        std::stable_sort(order.begin(), order.end(),
                         [&](std::int32_t a, std::int32_t b) { return position.at(a) < position.at(b); });
        placement.hostOrder = "as the host list gives it";
    }
    // Deal the blocks: the i-th block goes to the i-th host of the new order
    // that has the same GPUs (hosts of one GPU set trade among themselves).
    std::map<std::vector<int>, std::vector<std::int32_t>> byGpus; // GPU set -> hosts in the new order
    for (std::int32_t h : order)
        byGpus[gpusOf[h]].push_back(h);
    std::map<std::vector<int>, size_t> next;
    std::unordered_map<std::int32_t, std::int32_t> moveTo;
    for (std::int32_t h : hosts) {
        const std::vector<int> &gpus = gpusOf[h];
        moveTo[h] = byGpus[gpus][next[gpus]++];
    }
    for (RankSlot &slot : placement.ranks)
        slot.host = moveTo[slot.host];
}

Placement placeJob(const Fabric &fabric, const JobSpec &job, const PlacementOptions &options)
{
    const ClusterState state(fabric);
    return placeJob(state, job, options);
}

} // namespace Railyard
