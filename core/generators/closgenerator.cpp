#include "core/generators/closgenerator.h"

#include "core/floor/floorplan.h"

#include "core/common/limits.h"
#include "core/common/messagetext.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace Railyard {

namespace {

// NVLink bandwidth per GPU, GB/s per direction: NVLink 3 (A100, 12 links),
// NVLink 4 (H100/H200: 18 links; H800: 8 links), NVLink 5 (B200, GB200: 18 links).
const GpuModel kGpuModels[] = {
    {"h100", 450.0}, {"h200", 450.0}, {"b200", 900.0}, {"gb200", 900.0}, {"a100", 300.0}, {"h800", 200.0},
};

constexpr int kMaxTiers = 3; // leaf, spine, core

/// ceil() that ignores floating-point noise: 60.0000000001 -> 60.
long long ceilTolerant(double x)
{
    return static_cast<long long>(std::ceil(x - 1e-9));
}

std::string padded(long long value, int width)
{
    std::string digits = std::to_string(value);
    if (static_cast<int>(digits.size()) < width)
        digits.insert(0, static_cast<size_t>(width) - digits.size(), '0');
    return digits;
}

int digitsFor(long long count, int minimum)
{
    int d = 1;
    for (long long v = count; v >= 10; v /= 10)
        ++d;
    return std::max(d, minimum);
}

Tier tierForLevel(int level)
{
    return level == 1 ? Tier::Leaf : level == 2 ? Tier::Spine : Tier::Core;
}

[[noreturn]] void fail(const std::string &message)
{
    throw GeneratorError(message);
}

/// Everything derived from the parameters before any element is built.
struct Plan
{
    const ClosParams *p = nullptr;
    double portGbps = 0;  ///< speed of one NIC port
    int portsPerHost = 0; ///< rails × NIC ports
    int hostsPerSu = 0;
    int hostsPerLeaf = 0;  ///< ToR style only
    int leafDownPorts = 0; ///< design value (D1)
    int tiers = 0;
    std::vector<int> downPorts; ///< per tier level (index = level), design value
    std::vector<int> leafCountPerPlane;

    TierSpec spec(int level) const
    {
        const auto &v = p->tierSpecs;
        return v[static_cast<size_t>(std::min<int>(level - 1, static_cast<int>(v.size()) - 1))];
    }
    int planeOf(int rail, int port) const { return (rail * p->nicPorts + port) % p->planes; }
    double downGbps(int level) const { return level == 1 ? portGbps : spec(level - 1).uplinkGbps; }
    int uplinksFor(int level, double downCapacityGbps) const
    {
        if (level >= tiers)
            return 0;
        const TierSpec s = spec(level);
        const long long up = ceilTolerant(downCapacityGbps / (s.oversubscription * s.uplinkGbps));
        if (up < 1 && downCapacityGbps > 0) {
            // A switch with hosts below and no uplink cuts them off: refused,
            // never built (validate would find the fabric partitioned).
            fail("oversubscription: at " + userNumber(s.oversubscription) + ":1 a " + tierName(tierForLevel(level))
                 + " switch with " + userNumber(downCapacityGbps)
                 + " Gbit/s below it keeps no uplink, which would cut its hosts off from the rest; give a ratio of "
                   "at most "
                 + userNumber(downCapacityGbps / s.uplinkGbps) + ":1");
        }
        return static_cast<int>(up);
    }
    /// Largest down-port count that leaves room for its uplinks.
    int maxDownPorts(int level, bool top) const
    {
        const TierSpec s = spec(level);
        if (top)
            return s.radix;
        for (int d = s.radix; d >= 1; --d) {
            const double cap = d * downGbps(level);
            if (d + ceilTolerant(cap / (s.oversubscription * s.uplinkGbps)) <= s.radix)
                return d;
        }
        return 0;
    }
};

void checkParams(const ClosParams &p)
{
    if (p.hosts < 1)
        fail("hosts: need at least 1 host, got " + std::to_string(p.hosts));
    if (p.hosts > Limits::maxGeneratedHosts)
        fail("hosts: Railyard generates at most " + std::to_string(Limits::maxGeneratedHosts) + " hosts, got "
             + std::to_string(p.hosts));
    if (p.gpusPerHost < 1)
        fail("gpus-per-host: need at least 1 GPU per host, got " + std::to_string(p.gpusPerHost));
    if (p.gpusPerHost > Limits::maxGpusPerHost)
        fail("gpus-per-host: at most " + std::to_string(Limits::maxGpusPerHost) + " GPUs per host, got "
             + std::to_string(p.gpusPerHost));
    if (p.rails < 1)
        fail("rails: need at least 1 NIC per host, got " + std::to_string(p.rails));
    if (p.rails > Limits::maxNicsPerHost)
        fail("rails: at most " + std::to_string(Limits::maxNicsPerHost) + " NICs per host, got " + std::to_string(p.rails));
    if (!(p.nicGbps > 0))
        fail("nic-gbps: NIC speed must be positive");
    if (!Limits::isValidGbps(p.nicGbps))
        fail("nic-gbps: NIC speed must be in [0.001, 1e6] Gbit/s");
    // Host links (one per NIC port) bound every later tier's link count.
    if (p.hosts > 0 && p.rails > 0 && p.nicPorts > 0
        && (long long)p.hosts * p.rails * std::max(p.nicPorts, 1) > Limits::maxGeneratedLinks / 4)
        fail("hosts: " + std::to_string(p.hosts) + " hosts × " + std::to_string(p.rails) + " NICs would need more than "
             + std::to_string(Limits::maxGeneratedLinks) + " links, the most Railyard generates");
    if (p.nicPorts < 1 || p.nicPorts > 2)
        fail("nic-ports: a NIC has 1 or 2 ports (2 = dual-ToR), got " + std::to_string(p.nicPorts));
    if (p.planes < 1)
        fail("planes: need at least 1 plane, got " + std::to_string(p.planes));
    if ((p.rails * p.nicPorts) % p.planes != 0)
        fail("planes: rails × NIC ports (" + std::to_string(p.rails * p.nicPorts)
             + ") must be a multiple of the number of planes (" + std::to_string(p.planes) + ")");
    if (p.hostsPerRack < 1)
        fail("hosts-per-rack: need at least 1, got " + std::to_string(p.hostsPerRack));
    if (p.hostsPerSu < 0)
        fail("hosts-per-su: must not be negative");
    if (p.tiers < 0 || p.tiers > kMaxTiers)
        fail("tiers: Railyard models 1 to 3 switch tiers (leaf, spine, core), got " + std::to_string(p.tiers));
    if (p.tierSpecs.empty())
        fail("tiers: no tier parameters given");
    if (p.gpuModel.size() && !findGpuModel(p.gpuModel) && !(p.nvlinkGBps > 0)) {
        std::string known;
        for (const std::string &name : gpuModelNames())
            known += (known.empty() ? "" : ", ") + name;
        fail("gpu: unknown GPU model '" + p.gpuModel + "' (known: " + known + ")");
    }
    if (p.nvlinkDomainGpus < 0)
        fail("nvlink-domain: GPUs per NVLink domain must not be negative, got " + std::to_string(p.nvlinkDomainGpus));
    if (p.nvlinkDomainGpus > 0) {
        if (p.nvlinkDomainGpus % p.gpusPerHost != 0)
            fail("nvlink-domain: " + std::to_string(p.nvlinkDomainGpus)
                 + " GPUs per NVLink domain is not a whole number of " + std::to_string(p.gpusPerHost) + "-GPU hosts");
        const int perDomain = p.nvlinkDomainGpus / p.gpusPerHost;
        if (p.hosts % perDomain != 0)
            fail("nvlink-domain: " + std::to_string(p.hosts) + " hosts do not fill whole NVLink domains of "
                 + std::to_string(perDomain) + " hosts (" + std::to_string(p.nvlinkDomainGpus) + " GPUs)");
    }
    for (size_t i = 0; i < p.tierSpecs.size(); ++i) {
        const TierSpec &s = p.tierSpecs[i];
        const std::string tier = tierName(tierForLevel(static_cast<int>(i) + 1));
        if (s.radix < 2)
            fail("radix: the " + tier + " radix must be at least 2, got " + std::to_string(s.radix));
        if (s.radix > Limits::maxRadix)
            fail("radix: the " + tier + " radix must be at most " + std::to_string(Limits::maxRadix) + ", got "
                 + std::to_string(s.radix));
        if (!(s.uplinkGbps > 0))
            fail("link-gbps: the " + tier + " uplink speed must be positive");
        if (!Limits::isValidGbps(s.uplinkGbps))
            fail("link-gbps: the " + tier + " uplink speed must be in [0.001, 1e6] Gbit/s");
        if (!(s.oversubscription > 0))
            fail("oversubscription: the " + tier + " ratio must be positive");
        if (s.downPorts < 0 || s.downPorts > s.radix)
            fail("down-ports: the " + tier + " down ports must be between 0 and the radix");
    }
}

Plan makePlan(const ClosParams &p)
{
    checkParams(p);
    Plan plan;
    plan.p = &p;
    plan.portGbps = p.nicGbps / p.nicPorts;
    plan.portsPerHost = p.rails * p.nicPorts;

    // Leaf down ports: given, or as many as the radix leaves after uplinks.
    // The leaf might be the only tier, but sizing it as a non-top tier first
    // keeps the plan stable; a single-leaf fabric is detected below.
    const TierSpec leaf = plan.spec(1);
    plan.leafDownPorts = leaf.downPorts > 0 ? leaf.downPorts : plan.maxDownPorts(1, false);
    if (plan.leafDownPorts < 1)
        fail("radix: a leaf of radix " + std::to_string(leaf.radix) + " has no room for down ports at oversubscription "
             + std::to_string(leaf.oversubscription));

    // Ports one host puts on one leaf.
    int portsPerHostPerLeaf = 1;
    if (!p.railOptimized) {
        // ToR style: all ports of one (plane, NIC port) of a host go to one leaf.
        int maxShare = 0;
        for (int q = 0; q < p.planes; ++q)
            for (int port = 0; port < p.nicPorts; ++port) {
                int share = 0;
                for (int r = 0; r < p.rails; ++r)
                    share += plan.planeOf(r, port) == q ? 1 : 0;
                maxShare = std::max(maxShare, share);
            }
        portsPerHostPerLeaf = maxShare;
        plan.hostsPerLeaf = plan.leafDownPorts / portsPerHostPerLeaf;
        if (plan.hostsPerLeaf < 1)
            fail("down-ports: a leaf with " + std::to_string(plan.leafDownPorts) + " down ports cannot take the "
                 + std::to_string(portsPerHostPerLeaf) + " ports of one host");
    }
    if (p.railOptimized) {
        plan.hostsPerSu = p.hostsPerSu > 0 ? p.hostsPerSu : plan.leafDownPorts;
        if (p.suFollowsLeaf) {
            plan.hostsPerSu = std::min(plan.leafDownPorts, p.hosts);
            while (p.hosts % plan.hostsPerSu != 0)
                --plan.hostsPerSu;
        }
        if (plan.hostsPerSu > plan.leafDownPorts)
            fail("hosts-per-su: a rail leaf serves one port of every host of its scalable unit; "
                 + std::to_string(plan.hostsPerSu) + " hosts exceed its " + std::to_string(plan.leafDownPorts)
                 + " down ports");
    } else {
        plan.hostsPerSu = p.hostsPerSu > 0 ? p.hostsPerSu : plan.hostsPerLeaf;
    }

    // Leaves per plane.
    plan.leafCountPerPlane.assign(static_cast<size_t>(p.planes), 0);
    for (int q = 0; q < p.planes; ++q) {
        int keys = 0; // (rail, port) combinations of plane q
        int portSides = 0;
        for (int port = 0; port < p.nicPorts; ++port) {
            bool any = false;
            for (int r = 0; r < p.rails; ++r)
                if (plan.planeOf(r, port) == q) {
                    ++keys;
                    any = true;
                }
            portSides += any ? 1 : 0;
        }
        if (p.railOptimized) {
            const int sus = (p.hosts + plan.hostsPerSu - 1) / plan.hostsPerSu;
            plan.leafCountPerPlane[static_cast<size_t>(q)] = sus * keys;
        } else {
            const int groups = (p.hosts + plan.hostsPerLeaf - 1) / plan.hostsPerLeaf;
            plan.leafCountPerPlane[static_cast<size_t>(q)] = groups * portSides;
        }
    }
    const int leaves = *std::max_element(plan.leafCountPerPlane.begin(), plan.leafCountPerPlane.end());

    // Tier count: given, or the smallest that lets the top tier reach every pod below it.
    plan.downPorts.assign(kMaxTiers + 2, 0);
    plan.downPorts[1] = plan.leafDownPorts;
    auto podsBelowTop = [&](int tiers, bool *ok) {
        long long pods = leaves; // tier-1 pods are single leaves
        for (int level = 2; level < tiers; ++level) {
            const TierSpec s = plan.spec(level);
            int d = s.downPorts > 0 ? s.downPorts : plan.maxDownPorts(level, false);
            if (d < 1) {
                *ok = false;
                return pods;
            }
            pods = (pods + d - 1) / d;
        }
        *ok = true;
        return pods;
    };
    if (p.tiers > 0) {
        plan.tiers = p.tiers;
        if (plan.tiers == 1 && leaves > 1)
            fail("tiers: one tier holds a single leaf per plane, but this design needs " + std::to_string(leaves));
        // The top tier must reach every pod below it with one port each: more
        // would not be a Clos (a second top switch per pod, or pods left out).
        bool ok = false;
        const long long pods = plan.tiers >= 2 ? podsBelowTop(plan.tiers, &ok) : 1;
        const int topRadix = plan.spec(plan.tiers).radix;
        if (plan.tiers >= 2 && (!ok || pods > topRadix)) {
            // The most leaves these tiers hold: the top radix times every
            // lower tier's down ports.
            long long most = topRadix;
            for (int level = 2; level < plan.tiers; ++level) {
                const TierSpec t = plan.spec(level);
                most *= std::max(0, t.downPorts > 0 ? t.downPorts : plan.maxDownPorts(level, false));
            }
            fail("tiers: " + std::to_string(plan.tiers) + " tiers of these switches hold at most " + std::to_string(most)
                 + " leaves per plane as a Clos (top radix " + std::to_string(topRadix)
                 + "), but this design needs " + std::to_string(leaves)
                 + ": use fewer hosts, switches of a larger radix, more planes or another tier");
        }
    } else if (leaves == 1) {
        plan.tiers = 1;
    } else {
        plan.tiers = 0;
        for (int t = 2; t <= kMaxTiers; ++t) {
            bool ok = false;
            const long long pods = podsBelowTop(t, &ok);
            if (ok && pods <= plan.spec(t).radix) {
                plan.tiers = t;
                break;
            }
        }
        if (plan.tiers == 0)
            fail("radix: " + std::to_string(leaves)
                 + " leaves per plane need more than 3 switch tiers; Railyard "
                   "models leaf, spine and core: use switches of a larger radix or more planes");
    }
    for (int level = 2; level <= plan.tiers; ++level) {
        const TierSpec s = plan.spec(level);
        const bool top = level == plan.tiers;
        plan.downPorts[static_cast<size_t>(level)]
            = top ? s.radix : (s.downPorts > 0 ? s.downPorts : plan.maxDownPorts(level, false));
        if (plan.downPorts[static_cast<size_t>(level)] < 1)
            fail("radix: a " + std::string(tierName(tierForLevel(level))) + " switch has no room for down ports");
    }
    if (plan.tiers == 1 && p.railOptimized && p.rails * p.nicPorts / p.planes > 1)
        fail("tiers: a rail-optimized design with several rails per plane needs a spine tier");
    return plan;
}

/// A switch being built: its index and how many uplinks it still offers.
struct Built
{
    std::int32_t index = -1;
    int uplinks = 0;
};

class Builder
{
public:
    explicit Builder(const Plan &plan)
        : m_plan(plan)
        , m_p(*plan.p)
    { }

    Fabric build()
    {
        const long long ports = static_cast<long long>(m_p.hosts) * m_plan.portsPerHost;
        m_fabric.name = m_p.name;
        m_fabric.transport = m_p.transport;
        m_fabric.routing = m_p.routing;
        m_fabric.reserve(static_cast<size_t>(m_p.hosts), 0, static_cast<size_t>(ports * 3));
        addHosts();
        for (int q = 0; q < m_p.planes; ++q)
            buildPlane(q);
        return std::move(m_fabric);
    }

private:
    std::string switchId(int level, int plane)
    {
        auto &counter = m_counters[static_cast<size_t>(level)];
        ++counter;
        std::string id = m_p.planes > 1 ? "p" + std::to_string(plane) + "-" : std::string();
        id += tierName(tierForLevel(level));
        id += "-" + padded(counter, 4);
        return id;
    }

    void addHosts()
    {
        const GpuModel *gpu = findGpuModel(m_p.gpuModel);
        const double nvlink = m_p.nvlinkGBps > 0 ? m_p.nvlinkGBps : (gpu ? gpu->nvlinkGBps : 450.0);
        const int width = digitsFor(m_p.hosts, 3);
        const int rackWidth = digitsFor((m_p.hosts + m_p.hostsPerRack - 1) / m_p.hostsPerRack, 3);
        const int perDomain = m_p.nvlinkDomainGpus > 0 ? m_p.nvlinkDomainGpus / m_p.gpusPerHost : 0;
        const int domainWidth = perDomain > 0 ? digitsFor(m_p.hosts / perDomain, 4) : 0;
        for (int h = 0; h < m_p.hosts; ++h) {
            Host host;
            host.id = m_p.hostPrefix + padded(h + 1, width);
            host.gpuModel = m_p.gpuModel;
            host.gpus = m_p.gpusPerHost;
            host.nvlinkGBps = nvlink;
            host.nvls = m_p.nvls;
            host.nics.reserve(static_cast<size_t>(m_p.rails));
            for (int r = 0; r < m_p.rails; ++r)
                host.nics.push_back(Nic{r, m_p.nicGbps, m_p.nicPorts, m_p.nicModel});
            if (perDomain > 0)
                host.nvlinkDomain = "nvl-" + padded(h / perDomain + 1, domainWidth);
            host.location.rack = "rack-" + padded(h / m_p.hostsPerRack + 1, rackWidth);
            host.location.su = "su-" + padded(h / m_plan.hostsPerSu + 1, 3);
            m_fabric.addHost(std::move(host));
        }
    }

    /// Adds a link, assigning the next free port on each switch end.
    void connect(NodeIndex lower, NodeIndex upper, int hostPort, double gbps, int plane, int multiplicity)
    {
        Link l;
        l.id = m_fabric.nodeId(lower) + "--" + m_fabric.nodeId(upper);
        if (multiplicity > 1)
            l.id += "#" + std::to_string(multiplicity);
        l.a = lower;
        l.b = upper;
        l.portA = m_fabric.isHost(lower) ? hostPort : m_nextPort[static_cast<size_t>(m_fabric.switchIndexOf(lower))]++;
        l.portB = m_nextPort[static_cast<size_t>(m_fabric.switchIndexOf(upper))]++;
        l.capacityGbps = gbps;
        l.plane = plane;
        m_fabric.addLink(std::move(l));
    }

    std::int32_t newSwitch(int level, int plane, int rail, const Location &loc)
    {
        const TierSpec s = m_plan.spec(level);
        Switch sw;
        sw.id = switchId(level, plane);
        sw.tier = tierForLevel(level);
        sw.radix = s.radix;
        sw.model = s.model;
        sw.plane = plane;
        sw.rail = rail;
        sw.sharp = m_p.sharp;
        sw.location = loc;
        m_nextPort.push_back(0);
        return m_fabric.addSwitch(std::move(sw));
    }

    void buildPlane(int q)
    {
        // --- Leaves -------------------------------------------------------
        std::vector<Built> leaves;
        std::vector<int> leafFirstHost; // for locations
        const int suWidth = 3;
        if (m_p.railOptimized) {
            const int sus = (m_p.hosts + m_plan.hostsPerSu - 1) / m_plan.hostsPerSu;
            for (int su = 0; su < sus; ++su) {
                const int first = su * m_plan.hostsPerSu;
                const int last = std::min(m_p.hosts, first + m_plan.hostsPerSu);
                for (int r = 0; r < m_p.rails; ++r)
                    for (int port = 0; port < m_p.nicPorts; ++port) {
                        if (m_plan.planeOf(r, port) != q)
                            continue;
                        Location loc;
                        loc.su = "su-" + padded(su + 1, suWidth);
                        loc.rack = loc.su + "-net";
                        const auto s = newSwitch(1, q, r, loc);
                        const NodeIndex sn = m_fabric.switchNode(s);
                        for (int h = first; h < last; ++h)
                            connect(m_fabric.hostNode(h), sn, r * m_p.nicPorts + port, m_plan.portGbps, q, 1);
                        leaves.push_back({s, m_plan.uplinksFor(1, (last - first) * m_plan.portGbps)});
                        leafFirstHost.push_back(first);
                    }
            }
        } else {
            const int groups = (m_p.hosts + m_plan.hostsPerLeaf - 1) / m_plan.hostsPerLeaf;
            for (int g = 0; g < groups; ++g) {
                const int first = g * m_plan.hostsPerLeaf;
                const int last = std::min(m_p.hosts, first + m_plan.hostsPerLeaf);
                for (int port = 0; port < m_p.nicPorts; ++port) {
                    int share = 0;
                    for (int r = 0; r < m_p.rails; ++r)
                        share += m_plan.planeOf(r, port) == q ? 1 : 0;
                    if (share == 0)
                        continue;
                    Location loc = m_fabric.host(first).location;
                    loc.zone.clear();
                    const auto s = newSwitch(1, q, -1, loc);
                    const NodeIndex sn = m_fabric.switchNode(s);
                    int down = 0;
                    for (int h = first; h < last; ++h) {
                        int multiplicity = 0;
                        for (int r = 0; r < m_p.rails; ++r) {
                            if (m_plan.planeOf(r, port) != q)
                                continue;
                            connect(m_fabric.hostNode(h), sn, r * m_p.nicPorts + port, m_plan.portGbps, q,
                                    ++multiplicity);
                            ++down;
                        }
                    }
                    leaves.push_back({s, m_plan.uplinksFor(1, down * m_plan.portGbps)});
                    leafFirstHost.push_back(first);
                }
            }
        }
        checkRadix(leaves, 1);

        // --- Upper tiers --------------------------------------------------
        // Pods: contiguous ranges of switches of the current tier. Tier-1 pods are single leaves.
        std::vector<std::vector<Built>> pods;
        pods.reserve(leaves.size());
        for (const Built &b : leaves)
            pods.push_back({b});
        // For locations: the leaf range under each pod.
        std::vector<std::pair<size_t, size_t>> podLeaves;
        for (size_t i = 0; i < leaves.size(); ++i)
            podLeaves.emplace_back(i, i + 1);
        std::vector<int> leafPod(leaves.size(), 0), leafZone(leaves.size(), -1);

        for (int level = 2; level <= m_plan.tiers; ++level) {
            const bool top = level == m_plan.tiers;
            const int chunkPods = top ? static_cast<int>(pods.size()) : m_plan.downPorts[static_cast<size_t>(level)];
            const int capacity = m_plan.downPorts[static_cast<size_t>(level)];
            const double linkGbps = m_plan.downGbps(level);
            std::vector<std::vector<Built>> nextPods;
            std::vector<std::pair<size_t, size_t>> nextPodLeaves;
            for (size_t c = 0; c * static_cast<size_t>(chunkPods) < pods.size(); ++c) {
                const size_t begin = c * static_cast<size_t>(chunkPods);
                const size_t end = std::min(pods.size(), begin + static_cast<size_t>(chunkPods));
                const size_t leafBegin = podLeaves[begin].first, leafEnd = podLeaves[end - 1].second;
                long long uplinks = 0; // uplinks the members offer toward this tier
                for (size_t i = begin; i < end; ++i)
                    for (const Built &b : pods[i])
                        uplinks += b.uplinks;
                if (uplinks == 0)
                    fail("oversubscription: tier " + std::string(tierName(tierForLevel(level - 1)))
                         + " has no uplinks toward the " + tierName(tierForLevel(level)) + " tier");
                const int count = static_cast<int>((uplinks + capacity - 1) / capacity);
                Location loc;
                if (level == 2)
                    loc.pod = "pod-" + padded(static_cast<long long>(c) + 1, 2);
                loc.rack
                    = std::string(tierName(tierForLevel(level))) + "-rack-" + padded(static_cast<long long>(c) + 1, 2);
                std::vector<Built> created;
                created.reserve(static_cast<size_t>(count));
                for (int s = 0; s < count; ++s)
                    created.push_back({newSwitch(level, q, -1, loc), 0});
                std::vector<int> down(static_cast<size_t>(count), 0);
                long long t = 0;
                for (size_t i = begin; i < end; ++i)
                    for (const Built &b : pods[i]) {
                        const NodeIndex lowerNode = m_fabric.switchNode(b.index);
                        for (int u = 0; u < b.uplinks; ++u, ++t) {
                            const auto s = static_cast<size_t>(t % count);
                            // The uplinks of one switch land on consecutive upper switches,
                            // so its u-th uplink is parallel link number u / count + 1.
                            connect(lowerNode, m_fabric.switchNode(created[s].index), -1, linkGbps, q, u / count + 1);
                            ++down[s];
                        }
                    }
                for (size_t s = 0; s < created.size(); ++s)
                    created[s].uplinks = m_plan.uplinksFor(level, down[s] * linkGbps);
                checkRadix(created, level);
                nextPods.push_back(std::move(created));
                nextPodLeaves.emplace_back(leafBegin, leafEnd);
                for (size_t l = leafBegin; l < leafEnd; ++l) {
                    if (level == 2)
                        leafPod[l] = static_cast<int>(c);
                    if (!top && level == std::max(2, m_plan.tiers - 1))
                        leafZone[l] = static_cast<int>(c);
                }
            }
            pods = std::move(nextPods);
            podLeaves = std::move(nextPodLeaves);
        }

        // --- Locations ----------------------------------------------------
        for (size_t l = 0; l < leaves.size(); ++l) {
            Switch &sw = m_fabric.switchAt(leaves[l].index);
            if (m_plan.tiers >= 2)
                sw.location.pod = "pod-" + padded(leafPod[l] + 1, 2);
            if (leafZone[l] >= 0)
                sw.location.zone = "zone-" + padded(leafZone[l] + 1, 2);
            if (q != 0)
                continue;
            // Hosts take the pod and zone of their plane-0 leaves.
            const int first = leafFirstHost[l];
            const int last = std::min(m_p.hosts, first + (m_p.railOptimized ? m_plan.hostsPerSu : m_plan.hostsPerLeaf));
            for (int h = first; h < last; ++h) {
                Location &loc = m_fabric.host(h).location;
                loc.pod = sw.location.pod;
                loc.zone = sw.location.zone;
            }
        }
    }

    void checkRadix(const std::vector<Built> &built, int level)
    {
        for (const Built &b : built) {
            const int used = m_nextPort[static_cast<size_t>(b.index)] + b.uplinks;
            const int radix = m_plan.spec(level).radix;
            if (used > radix)
                fail("radix: a " + std::string(tierName(tierForLevel(level))) + " switch needs " + std::to_string(used)
                     + " ports (" + std::to_string(m_nextPort[static_cast<size_t>(b.index)]) + " down, "
                     + std::to_string(b.uplinks) + " up) but has radix " + std::to_string(radix));
        }
    }

    const Plan &m_plan;
    const ClosParams &m_p;
    Fabric m_fabric;
    std::vector<int> m_nextPort;
    long long m_counters[kMaxTiers + 2] = {};
};

} // namespace

double referenceNicGbps(const std::string &gpuModel)
{
    return gpuModel == "a100" ? 200.0 : 400.0;
}

bool nvlsByDefault(const std::string &gpuModel, int gpusPerHost)
{
    if (gpuModel == "gb200")
        return true;
    return (gpuModel == "h100" || gpuModel == "h200" || gpuModel == "b200") && gpusPerHost == 8;
}

const GpuModel *findGpuModel(const std::string &name)
{
    for (const GpuModel &g : kGpuModels)
        if (name == g.name)
            return &g;
    return nullptr;
}

std::vector<std::string> gpuModelNames()
{
    std::vector<std::string> names;
    for (const GpuModel &g : kGpuModels)
        names.emplace_back(g.name);
    return names;
}

int derivedTierCount(const ClosParams &params)
{
    return makePlan(params).tiers;
}

Fabric generateClos(const ClosParams &params)
{
    const Plan plan = makePlan(params);
    Fabric fabric = Builder(plan).build();
    if (params.floor)
        fabric.floor = std::make_shared<const FloorPlan>(autoFloor(fabric));
    return fabric;
}

} // namespace Railyard
