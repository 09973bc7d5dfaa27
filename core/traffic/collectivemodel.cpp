#include "core/traffic/collectivemodel.h"

#include "core/formats/inputfile.h"
#include "core/formats/messagetext.h"
#include "core/model/limits.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

namespace Railyard {

namespace {

const std::pair<CollectiveOp, const char *> kOps[] = {
    {CollectiveOp::AllReduce, "all-reduce"},         {CollectiveOp::AllGather, "all-gather"},
    {CollectiveOp::ReduceScatter, "reduce-scatter"}, {CollectiveOp::AllToAll, "all-to-all"},
    {CollectiveOp::Broadcast, "broadcast"},
};
const std::pair<CollectiveAlgorithm, const char *> kAlgorithms[] = {
    {CollectiveAlgorithm::Auto, "auto"},       {CollectiveAlgorithm::Ring, "ring"},
    {CollectiveAlgorithm::Tree, "tree"},       {CollectiveAlgorithm::Hierarchical, "hierarchical"},
    {CollectiveAlgorithm::Pxn, "pxn"},         {CollectiveAlgorithm::Direct, "direct"},
    {CollectiveAlgorithm::Nvls, "nvls"},       {CollectiveAlgorithm::NvlsTree, "nvls-tree"},
    {CollectiveAlgorithm::CollNet, "collnet"},
};

} // namespace

const char *collectiveOpName(CollectiveOp op)
{
    for (const auto &[o, name] : kOps)
        if (o == op)
            return name;
    return "all-reduce";
}

bool collectiveOpFromName(const std::string &name, CollectiveOp *op)
{
    for (const auto &[o, n] : kOps)
        if (name == n) {
            if (op)
                *op = o;
            return true;
        }
    return false;
}

const char *collectiveAlgorithmName(CollectiveAlgorithm algorithm)
{
    for (const auto &[a, name] : kAlgorithms)
        if (a == algorithm)
            return name;
    return "auto";
}

bool collectiveAlgorithmFromName(const std::string &name, CollectiveAlgorithm *algorithm)
{
    for (const auto &[a, n] : kAlgorithms)
        if (name == n) {
            if (algorithm)
                *algorithm = a;
            return true;
        }
    return false;
}

double busBwFactor(CollectiveOp op, int ranks)
{
    if (ranks < 1)
        return 0.0;
    const double n = ranks;
    switch (op) {
    case CollectiveOp::AllReduce: return 2.0 * (n - 1.0) / n;
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllToAll: return (n - 1.0) / n;
    case CollectiveOp::Broadcast: return 1.0;
    }
    return 1.0;
}

CollectiveConstants loadCollectiveConstants(const std::string &path)
{
    QString readError;
    const std::optional<QByteArray> data = readInputFile(QString::fromStdString(path), &readError);
    if (!data)
        throw CollectiveConstantsError(path + ": " + readError.toStdString());
    nlohmann::json doc;
    try {
        // Flat object of numbers: anything nested deeper than a few levels is refused.
        doc = nlohmann::json::parse(data->cbegin(), data->cend(),
                                    [](int depth, nlohmann::json::parse_event_t, nlohmann::json &) {
                                        if (depth > Limits::maxNesting)
                                            throw CollectiveConstantsError("values nested too deeply");
                                        return true;
                                    });
    } catch (const CollectiveConstantsError &e) {
        throw CollectiveConstantsError(path + ": invalid JSON: " + e.what());
    } catch (const nlohmann::json::exception &e) { // syntax errors, number overflow (out_of_range.406)
        throw CollectiveConstantsError(path + ": invalid JSON: " + jsonExceptionMessage(e.what()));
    }
    if (!doc.is_object())
        throw CollectiveConstantsError(path + ": expected a JSON object of constants");
    CollectiveConstants c;
    struct Real
    {
        const char *key;
        double *value;
        double min;
        bool minOpen;
        double max;
    };
    const Real reals[] = {
        {"base_latency_us", &c.baseLatencyUs, 0.0, false, 1e9},
        {"nvlink_latency_us", &c.nvlinkLatencyUs, 0.0, false, 1e9},
        {"pcie_latency_us", &c.pcieLatencyUs, 0.0, false, 1e9},
        {"net_latency_us", &c.netLatencyUs, 0.0, false, 1e9},
        {"switch_hop_latency_us", &c.switchHopLatencyUs, 0.0, false, 1e9},
        {"nvlink_efficiency", &c.nvlinkEfficiency, 0.0, true, 1.0},
        {"nvls_efficiency", &c.nvlsEfficiency, 0.0, true, 1.0},
        {"nic_efficiency", &c.nicEfficiency, 0.0, true, 1.0},
        {"pcie_gbytes_per_s", &c.pcieGBps, 0.0, true, 1e9},
        {"adaptive_efficiency", &c.adaptiveEfficiency, 0.0, true, 1.0},
    };
    struct Integer
    {
        const char *key;
        int *value;
        int min;
        int max;
    };
    const Integer integers[] = {
        {"ecmp_flowlets_per_flow", &c.ecmpFlowletsPerFlow, 1, 1024},
        {"ecmp_seeds", &c.ecmpSeeds, 1, 100000},
    };
    for (const auto &item : doc.items()) {
        const std::string &key = item.key(); // not a structured binding: clang 14 cannot capture those
        const auto &value = item.value();
        if (key == "comment" || key.starts_with("_"))
            continue; // free-text notes next to the numbers
        auto fail = [&](const std::string &what) {
            throw CollectiveConstantsError(path + ": key '" + elided(key) + "': " + what);
        };
        bool known = false;
        for (const Real &r : reals) {
            if (key != r.key)
                continue;
            known = true;
            if (!value.is_number())
                fail("expected a number");
            const double v = value.get<double>();
            if (!std::isfinite(v) || v < r.min || (r.minOpen && v == r.min) || v > r.max) {
                std::ostringstream range;
                range << "value " << v << " out of range " << (r.minOpen ? "(" : "[") << r.min << ", " << r.max << "]";
                fail(range.str());
            }
            *r.value = v;
        }
        for (const Integer &i : integers) {
            if (key != i.key)
                continue;
            known = true;
            if (!value.is_number_integer())
                fail("expected an integer");
            const auto v = value.get<long long>();
            if (v < i.min || v > i.max)
                fail("value " + std::to_string(v) + " out of range [" + std::to_string(i.min) + ", "
                     + std::to_string(i.max) + "]");
            *i.value = static_cast<int>(v);
        }
        if (!known)
            fail("unknown key (see docs/traffic-model.md, \"Collective cost model\")");
    }
    return c;
}

bool fabricHasSharp(const Fabric &fabric, std::int32_t *missing)
{
    if (missing)
        *missing = -1;
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s)
        if (!fabric.switches()[static_cast<size_t>(s)].sharp) {
            if (missing)
                *missing = s;
            return false;
        }
    return fabric.switchCount() > 0;
}

std::vector<HostRanks> firstGpus(const Fabric &fabric, long long gpus)
{
    std::vector<HostRanks> out;
    long long left = gpus;
    for (std::int32_t h = 0; h < fabric.hostCount() && left > 0; ++h) {
        const int take = static_cast<int>(std::min<long long>(left, fabric.host(h).gpus));
        if (take <= 0)
            continue;
        out.push_back({h, take});
        left -= take;
    }
    if (left > 0)
        throw std::invalid_argument("the fabric has " + std::to_string(fabric.gpuCount()) + " GPUs, fewer than "
                                    + std::to_string(gpus));
    return out;
}

namespace {

/// One algorithm's traffic: bytes each GPU sends over NVLink/PCIe, the
/// network flows, and its alpha steps.
struct Plan
{
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::Ring;
    double intraBytesPerGpu = 0.0;
    bool nvlsIntra = false; ///< intra bytes go through the NVSwitch's reduction (NVLS bandwidth)
    std::vector<Flow> flows;
    double intraSteps = 0.0;
    double netSteps = 0.0;
};

int railOf(const Fabric &fabric, std::int32_t host, int channel)
{
    const auto &nics = fabric.host(host).nics;
    return nics.empty() ? -1 : nics[static_cast<size_t>(channel) % nics.size()].rail;
}

class Planner
{
public:
    Planner(const Fabric &fabric, const CollectiveRequest &request)
        : m_fabric(fabric)
        , m_hosts(request.hosts)
        , S(request.bytes)
    {
        for (const HostRanks &h : m_hosts) {
            n += h.gpus;
            g = std::max(g, h.gpus);
        }
        M = static_cast<int>(m_hosts.size());
    }

    Plan plan(CollectiveOp op, CollectiveAlgorithm algorithm) const
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
            p.intraSteps = g > 1 ? 1.0 : 0.0;
            p.netSteps = M > 1 ? 1.0 : 0.0;
            break;
        }
        return p;
    }

    int n = 0; ///< ranks
    int g = 0; ///< most ranks on one host
    int M = 0; ///< hosts

private:
    /// NVLS: each GPU moves S through the NVSwitch (multimem reduce, then
    /// multicast), at NVLink x nvls_efficiency; one reduce and one multicast step.
    void nvlsIntra(Plan &p) const
    {
        p.nvlsIntra = true;
        p.intraBytesPerGpu = g > 1 ? S : 0.0;
        p.intraSteps = g > 1 ? 2.0 : 0.0;
    }

    /// NVLink reduce-scatter + all-gather inside each host: 2(g-1)/g S per GPU.
    void hierarchicalIntra(Plan &p) const
    {
        const double dg = g;
        p.intraBytesPerGpu = 2.0 * (dg - 1.0) / dg * S;
        p.intraSteps = 2.0 * (g - 1);
    }

    /// Ring (closed) or chain edges between consecutive hosts, one flow per
    /// channel c (GPU c of each host uses rail c).
    void ring(Plan &p, double bytesPerChannel, bool closed) const
    {
        if (M < 2)
            return;
        for (int i = 0; i < (closed ? M : M - 1); ++i) {
            const HostRanks &a = m_hosts[static_cast<size_t>(i)];
            const HostRanks &b = m_hosts[static_cast<size_t>((i + 1) % M)];
            for (int c = 0; c < g; ++c)
                p.flows.push_back(
                    {a.host, b.host, railOf(m_fabric, a.host, c), railOf(m_fabric, b.host, c), bytesPerChannel});
        }
    }

    /// NCCL's double binary tree over the hosts (ncclGetDtree): tree 0 is
    /// NCCL's binary tree on positions 0..M-1 — position 0 the root with a
    /// single child, a position's children at ± half its lowest set bit — and
    /// tree 1 its mirror (M-1-i) for even M, its shift by one for odd M, so
    /// inner nodes of one are leaves of the other. Each tree carries half the
    /// data up (reduce) and down (broadcast) every edge, per channel.
    void doubleBinaryTree(Plan &p, double bytesPerTreePerChannel) const
    {
        for (int tree = 0; tree < 2 && M > 1; ++tree)
            for (int i = 0; i < M; ++i) {
                // Position i's parent in tree 0, mapped into the second tree.
                const int pos = tree == 0 ? i : (M % 2 == 0 ? M - 1 - i : (i - 1 + M) % M);
                const int up = btreeParent(M, pos);
                if (up < 0)
                    continue;
                const int parent = tree == 0 ? up : (M % 2 == 0 ? M - 1 - up : (up + 1) % M);
                const auto hc = m_hosts[static_cast<size_t>(i)].host;
                const auto hp = m_hosts[static_cast<size_t>(parent)].host;
                for (int c = 0; c < g; ++c) {
                    const int rc = railOf(m_fabric, hc, c), rp = railOf(m_fabric, hp, c);
                    p.flows.push_back({hc, hp, rc, rp, bytesPerTreePerChannel});
                    p.flows.push_back({hp, hc, rp, rc, bytesPerTreePerChannel});
                }
            }
    }

    /// Parent of `rank` in NCCL's binary tree of n ranks (ncclGetBtree), -1
    /// for the root (rank 0).
    static int btreeParent(int n, int rank)
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

    /// Every rank sends S/n to every rank. PXN: data for GPU l of a remote
    /// host first crosses NVLink to local GPU l, then rail l; direct: GPU k
    /// sends on its own rail k to the remote rail l.
    void allToAll(Plan &p, bool pxn) const
    {
        const double chunk = S / n;
        const double flowCount = pxn ? double(M) * M * g : double(M) * M * g * g;
        if (flowCount > 2e7)
            throw std::invalid_argument("all-to-all over " + std::to_string(M) + " hosts needs "
                                        + std::to_string(static_cast<long long>(flowCount))
                                        + " flows; the model handles up to 20 million");
        for (const HostRanks &a : m_hosts)
            for (const HostRanks &b : m_hosts) {
                if (a.host == b.host)
                    continue;
                for (int l = 0; l < b.gpus; ++l) {
                    const int rl = railOf(m_fabric, b.host, l);
                    if (pxn) {
                        p.flows.push_back({a.host, b.host, railOf(m_fabric, a.host, l), rl, a.gpus * chunk});
                        continue;
                    }
                    for (int k = 0; k < a.gpus; ++k)
                        p.flows.push_back({a.host, b.host, railOf(m_fabric, a.host, k), rl, chunk});
                }
            }
        // PXN: all of a GPU's data not for itself crosses NVLink once; direct: only local peers.
        p.intraBytesPerGpu = pxn ? (g - 1.0) / g * S : (g - 1.0) * chunk;
    }

    const Fabric &m_fabric;
    const std::vector<HostRanks> &m_hosts;
    double S = 0.0;
};

bool inSwitch(CollectiveAlgorithm a)
{
    return a == CollectiveAlgorithm::Nvls || a == CollectiveAlgorithm::NvlsTree || a == CollectiveAlgorithm::CollNet;
}

/// Why the hardware cannot run an in-switch algorithm; empty when it can.
/// nvls / nvls-tree: every host with more than one rank has NVLink and
/// Host::nvls. Across hosts, nvls and collnet: fabricHasSharp.
std::string inSwitchProblem(const Fabric &fabric, const CollectiveRequest &request, int hostCount,
                            CollectiveAlgorithm a)
{
    if ((a == CollectiveAlgorithm::NvlsTree || a == CollectiveAlgorithm::CollNet) && hostCount < 2)
        return "needs ranks on at least 2 hosts"
            + std::string(a == CollectiveAlgorithm::NvlsTree ? " (on one host use nvls)" : "");
    if (a == CollectiveAlgorithm::Nvls || a == CollectiveAlgorithm::NvlsTree)
        for (const HostRanks &h : request.hosts) {
            const Host &host = fabric.host(h.host);
            if (h.gpus < 2)
                continue;
            if (!(host.nvlinkGBps > 0.0))
                return "host '" + host.id + "' has no NVLink (nvlink_gbytes_per_s 0), so no NVLink SHARP";
            if (!host.nvls)
                return "host '" + host.id + "' has no NVLink SHARP (\"nvls\": false)";
        }
    if ((a == CollectiveAlgorithm::Nvls && hostCount > 1) || a == CollectiveAlgorithm::CollNet) {
        std::int32_t missing = -1;
        if (!fabricHasSharp(fabric, &missing))
            return missing < 0 ? std::string("the fabric has no switches to reduce in")
                               : "switch '" + fabric.switches()[static_cast<size_t>(missing)].id
                    + "' has no SHARP (\"sharp\": false); in-network reduction across hosts "
                      "needs it on every switch";
    }
    return {};
}

} // namespace

CollectiveEstimate estimateCollective(const Fabric &fabric, const CapacityView &view, const CollectiveRequest &request,
                                      const CollectiveConstants &constants)
{
    if (!(request.bytes >= 0.0) || !std::isfinite(request.bytes))
        throw std::invalid_argument("the size must be a finite number of bytes >= 0");
    std::set<std::int32_t> seen;
    for (const HostRanks &h : request.hosts) {
        if (h.host < 0 || h.host >= fabric.hostCount())
            throw std::invalid_argument("host index " + std::to_string(h.host) + " is not in the fabric");
        if (!seen.insert(h.host).second)
            throw std::invalid_argument("host '" + fabric.host(h.host).id + "' is listed twice");
        if (h.gpus < 1 || h.gpus > fabric.host(h.host).gpus)
            throw std::invalid_argument("host '" + fabric.host(h.host).id + "' has "
                                        + std::to_string(fabric.host(h.host).gpus) + " GPUs, asked for "
                                        + std::to_string(h.gpus));
    }
    const Planner planner(fabric, request);
    if (planner.n < 2)
        throw std::invalid_argument("a collective needs at least 2 ranks");

    const CollectiveOp op = request.op;
    std::vector<CollectiveAlgorithm> candidates;
    const bool allToAll = op == CollectiveOp::AllToAll;
    switch (request.algorithm) {
    case CollectiveAlgorithm::Auto:
        if (allToAll)
            candidates = {CollectiveAlgorithm::Pxn};
        else if (op == CollectiveOp::Broadcast)
            candidates = {CollectiveAlgorithm::Ring};
        else if (op == CollectiveOp::AllReduce) {
            // NCCL's all-reduce algorithms: ring and tree, and the in-switch ones the
            // hardware allows. (Hierarchical is not one of them: it stays selectable.)
            candidates = {CollectiveAlgorithm::Ring, CollectiveAlgorithm::Tree};
            for (CollectiveAlgorithm a :
                 {CollectiveAlgorithm::Nvls, CollectiveAlgorithm::NvlsTree, CollectiveAlgorithm::CollNet})
                if (inSwitchProblem(fabric, request, planner.M, a).empty())
                    candidates.push_back(a);
        } else
            candidates = {CollectiveAlgorithm::Ring, CollectiveAlgorithm::Hierarchical};
        break;
    case CollectiveAlgorithm::Pxn:
    case CollectiveAlgorithm::Direct:
        if (!allToAll)
            throw std::invalid_argument(std::string("algorithm '") + collectiveAlgorithmName(request.algorithm)
                                        + "' applies to all-to-all only");
        candidates = {request.algorithm};
        break;
    default:
        if (allToAll)
            throw std::invalid_argument("all-to-all takes the algorithm pxn, direct or auto");
        if (request.algorithm == CollectiveAlgorithm::Tree && op != CollectiveOp::AllReduce)
            throw std::invalid_argument("the tree algorithm applies to all-reduce only");
        if (request.algorithm == CollectiveAlgorithm::Hierarchical && op == CollectiveOp::Broadcast)
            throw std::invalid_argument("broadcast takes the algorithm ring or auto");
        if (inSwitch(request.algorithm)) {
            if (op != CollectiveOp::AllReduce)
                throw std::invalid_argument(std::string("the ") + collectiveAlgorithmName(request.algorithm)
                                            + " algorithm applies to all-reduce only");
            if (const std::string why = inSwitchProblem(fabric, request, planner.M, request.algorithm); !why.empty())
                throw std::invalid_argument(std::string(collectiveAlgorithmName(request.algorithm)) + ": " + why);
        }
        candidates = {request.algorithm};
    }

    // Intra-host bandwidth: the slowest participating host with more than one rank.
    double intraGBps = 0.0;
    bool pcie = false;
    for (const HostRanks &h : request.hosts) {
        if (h.gpus < 2)
            continue;
        const Host &host = fabric.host(h.host);
        const bool viaPcie = !(host.nvlinkGBps > 0.0);
        const double bw = viaPcie ? constants.pcieGBps : host.nvlinkGBps * constants.nvlinkEfficiency;
        if (intraGBps == 0.0 || bw < intraGBps) {
            intraGBps = bw;
            pcie = viaPcie;
        }
    }
    const double intraLatencyUs = pcie ? constants.pcieLatencyUs : constants.nvlinkLatencyUs;
    // NVLS bandwidth: the slowest participating NVLS host with more than one rank.
    double nvlsGBps = 0.0;
    bool nvlsOff = false; // some NVSwitch host with more than one rank has NVLS off
    for (const HostRanks &h : request.hosts) {
        const Host &host = fabric.host(h.host);
        if (h.gpus < 2 || !(host.nvlinkGBps > 0.0))
            continue;
        nvlsOff = nvlsOff || !host.nvls;
        const double bw = host.nvlinkGBps * constants.nvlsEfficiency;
        if (host.nvls && (nvlsGBps == 0.0 || bw < nvlsGBps))
            nvlsGBps = bw;
    }

    RoutingOptions routing;
    routing.mode = request.routing;
    routing.adaptiveEfficiency = constants.adaptiveEfficiency;
    routing.flowletsPerFlow = constants.ecmpFlowletsPerFlow;
    routing.seeds = constants.ecmpSeeds;
    routing.seed = request.seed;

    std::optional<CollectiveEstimate> best;
    for (CollectiveAlgorithm algorithm : candidates) {
        Plan plan = planner.plan(op, algorithm);
        CollectiveEstimate e;
        e.op = op;
        e.algorithm = algorithm;
        e.routing = request.routing;
        e.ranks = planner.n;
        e.hosts = planner.M;
        e.bytes = request.bytes;
        const double planIntraGBps = plan.nvlsIntra ? nvlsGBps : intraGBps;
        e.intraSeconds = planIntraGBps > 0.0 ? plan.intraBytesPerGpu / (planIntraGBps * 1e9) : 0.0;
        if (!plan.flows.empty()) {
            e.network = routeFlows(fabric, view, plan.flows, routing);
            if (e.network.unroutedFlows > 0)
                throw std::runtime_error(std::to_string(e.network.unroutedFlows) + " of "
                                         + std::to_string(plan.flows.size())
                                         + " host-to-host flows have no path (failed links or switches?)");
        }
        const double netStepUs = constants.netLatencyUs + constants.switchHopLatencyUs * e.network.maxSwitchHops;
        e.latencySeconds
            = (constants.baseLatencyUs + plan.intraSteps * intraLatencyUs + plan.netSteps * netStepUs) * 1e-6;
        const double nicEff = constants.nicEfficiency;
        if (request.routing == RoutingMode::Ecmp && !e.network.seedBottleneckSeconds.empty()) {
            std::vector<double> totals;
            for (double s : e.network.seedBottleneckSeconds)
                totals.push_back(e.latencySeconds + std::max(e.intraSeconds, s / nicEff));
            e.ecmpSeconds = Distribution::of(totals);
        }
        e.networkSeconds = e.network.bottleneck.seconds / nicEff;
        e.seconds = e.latencySeconds + std::max(e.intraSeconds, e.networkSeconds);
        if (e.networkSeconds > 0.0 && e.networkSeconds >= e.intraSeconds) {
            e.bottleneckLink = e.network.bottleneck.link;
            e.bottleneck = fabric.link(e.bottleneckLink).id;
        } else if (e.intraSeconds > 0.0) {
            e.bottleneck = pcie ? "pcie" : "nvlink";
        } else {
            e.bottleneck = "latency";
        }
        if (e.seconds > 0.0) {
            e.algbwGBps = request.bytes / e.seconds / 1e9;
            e.busbwGBps = e.algbwGBps * busBwFactor(op, e.ranks);
        }
        if (!best || e.seconds < best->seconds)
            best = std::move(e);
    }

    CollectiveEstimate &e = *best;
    if (e.network.fallbackFlows > 0)
        e.notes.push_back(std::to_string(e.network.fallbackFlows)
                          + " flows found no live NIC link on their rail and used the host's other NICs");
    if (op == CollectiveOp::AllReduce && e.hosts == 1 && !pcie && nvlsOff)
        e.notes.push_back("NVLS is off for these hosts (set \"nvls\": true, or generate --nvls): NCCL's default "
                          "all-reduce on HGX H100 reaches ~480 GB/s busbw with it");
    if (e.algorithm == CollectiveAlgorithm::CollNet || (e.algorithm == CollectiveAlgorithm::Nvls && e.hosts > 1))
        e.notes.push_back("SHARP: each NIC sends S/g up the switches' aggregation tree and receives S/g once; inner "
                          "links are approximated by ring flows");
    if (e.algorithm == CollectiveAlgorithm::Pxn && e.hosts > 1)
        e.notes.push_back("PXN: cross-rail data crosses NVLink to the GPU on the destination's rail, then one rail");
    if (request.bytes < 4.0 * 1024 * 1024)
        e.notes.push_back("Simple protocol only: below a few MiB NCCL switches to LL/LL128, so small sizes are "
                          "estimated slower than measured");
    return e;
}

} // namespace Railyard
