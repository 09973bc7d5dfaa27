#include "core/traffic/collectivemodel.h"
#include "core/traffic/predictioninterval.h"

#include "core/traffic/collectiveplan_p.h"
#include "core/traffic/nccltuning.h"

#include "core/common/inputfile.h"
#include "core/common/messagetext.h"
#include "core/common/limits.h"
#include "core/floor/cableruns.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
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
    {CollectiveAlgorithm::CollNet, "collnet"}, {CollectiveAlgorithm::Pat, "pat"},
    {CollectiveAlgorithm::CollNetDirect, "collnet-direct"}, {CollectiveAlgorithm::CollNetChain, "collnet-chain"},
};

/// Reads "generations": {"a100": {"nvlink_efficiency": 0.77, ...}, ...}.
void readGenerations(const nlohmann::json &value, const std::string &path,
                     std::map<std::string, GenerationConstants> &out)
{
    if (!value.is_object())
        throw CollectiveConstantsError(path + ": key 'generations': expected an object of GPU models");
    for (const auto &entry : value.items()) {
        const std::string name = entry.key();
        const std::string where = path + ": generations." + elided(name);
        if (!entry.value().is_object())
            throw CollectiveConstantsError(where + ": expected an object of efficiencies");
        std::string lower;
        for (char ch : name)
            lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        GenerationConstants g = out.count(lower) ? out[lower] : GenerationConstants{};
        for (const auto &field : entry.value().items()) {
            const std::string key = field.key();
            double *target = key == "nvlink_efficiency" ? &g.nvlinkEfficiency
                : key == "nvls_efficiency"              ? &g.nvlsEfficiency
                : key == "nic_efficiency"               ? &g.nicEfficiency
                                                        : nullptr;
            if (!target)
                throw CollectiveConstantsError(where + ": unknown key '" + elided(key)
                                               + "' (nvlink_efficiency, nvls_efficiency, nic_efficiency)");
            if (!field.value().is_number())
                throw CollectiveConstantsError(where + "." + elided(key) + ": expected a number");
            const double v = field.value().get<double>();
            if (!std::isfinite(v) || v <= 0.0 || v > 1.0) {
                std::ostringstream range;
                range << where << "." << elided(key) << ": value " << v << " out of range (0, 1]";
                throw CollectiveConstantsError(range.str());
            }
            *target = v;
        }
        out[lower] = g;
    }
}

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

std::map<std::string, GenerationConstants> defaultGenerations()
{
    // Sources per row: docs/traffic-model.md, "Per-generation constants".
    return {
        {"a100", {0.772, 0.61, 0.96}}, // 231.6 GB/s ring busbw on 8 x A100; 24 GB/s per 200G NIC
        {"h100", {0.82, 0.61, 0.92}},  // 370 ring, 480 NVLS busbw on 8 x H100; 46 GB/s per 400G NIC
        {"h800", {0.82, 0.614, 0.92}}, // 215 NVLS busbw on 8 x H800 (NVLink 200 GB/s)
        {"h200", {0.82, 0.61, 0.92}},  // 475-480 NVLS busbw on 8 x H200
        {"b200", {0.772, 0.532, 0.976, true}}, // 830-845 NVLS busbw on 8 x B200; ring 695 on NVLink 5 (B300); 48.8 GB/s per 400G NIC; tree at NCCL's ceiling
        // GB200: B200's NVLink 5 and NVSwitch figures (one source each for the tray's own
        // ring and NVLS did not survive cross-validation); 49 GB/s per NIC.
        {"gb200", {0.772, 0.532, 0.98}},
    };
}

GenerationConstants CollectiveConstants::forGpu(const std::string &gpuModel) const
{
    std::string key;
    for (char c : gpuModel)
        key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto it = generations.find(key);
    if (it != generations.end())
        return it->second;
    return {nvlinkEfficiency, nvlsEfficiency, nicEfficiency};
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
        {"nvls_scale_exponent", &c.nvlsScaleExponent, 0.0, false, 1.0},
        {"collnet_direct_efficiency", &c.collnetDirectEfficiency, 0.0, true, 1.0},
        {"collnet_chain_efficiency", &c.collnetChainEfficiency, 0.0, true, 1.0},
        {"roce_efficiency", &c.roceEfficiency, 0.0, true, 1.0},
        {"roce_latency_us", &c.roceLatencyUs, 0.0, false, 1e9},
        {"efa_efficiency", &c.efaEfficiency, 0.0, true, 1.0},
        {"efa_latency_us", &c.efaLatencyUs, 0.0, false, 1e9},
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
        if (key == "generations")
            continue; // read after the top-level keys, which it overrides
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
    // A top-level efficiency applies to every generation; "generations" then sets single ones.
    for (auto &[name, g] : c.generations) {
        (void)name;
        if (doc.contains("nvlink_efficiency"))
            g.nvlinkEfficiency = c.nvlinkEfficiency;
        if (doc.contains("nvls_efficiency"))
            g.nvlsEfficiency = c.nvlsEfficiency;
        if (doc.contains("nic_efficiency"))
            g.nicEfficiency = c.nicEfficiency;
    }
    if (doc.contains("generations"))
        readGenerations(doc["generations"], path, c.generations);
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

using CollectivePlan::Plan;
using CollectivePlan::Planner;

bool isCollNet(CollectiveAlgorithm a)
{
    return a == CollectiveAlgorithm::CollNet || a == CollectiveAlgorithm::CollNetDirect
        || a == CollectiveAlgorithm::CollNetChain;
}

bool inSwitch(CollectiveAlgorithm a)
{
    return a == CollectiveAlgorithm::Nvls || a == CollectiveAlgorithm::NvlsTree || isCollNet(a);
}

/// Why the hardware cannot run an in-switch algorithm; empty when it can.
/// nvls / nvls-tree: every host with more than one rank has NVLink and
/// Host::nvls. Across hosts, nvls and collnet: fabricHasSharp.
std::string inSwitchProblem(const Fabric &fabric, const CollectiveRequest &request, int hostCount,
                            CollectiveAlgorithm a)
{
    if ((a == CollectiveAlgorithm::NvlsTree || isCollNet(a)) && hostCount < 2)
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
    if ((a == CollectiveAlgorithm::Nvls && hostCount > 1) || isCollNet(a)) {
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

namespace {

using NcclTuning::Algo;

/// NCCL's algorithm for ours; nullopt for those NCCL does not have.
std::optional<std::vector<Algo>> ncclAlgosOf(CollectiveAlgorithm a)
{
    switch (a) {
    case CollectiveAlgorithm::Ring: return std::vector<Algo>{Algo::Ring};
    case CollectiveAlgorithm::Tree: return std::vector<Algo>{Algo::Tree};
    case CollectiveAlgorithm::Nvls: return std::vector<Algo>{Algo::Nvls};
    case CollectiveAlgorithm::NvlsTree: return std::vector<Algo>{Algo::NvlsTree};
    case CollectiveAlgorithm::CollNet: return std::vector<Algo>{Algo::CollNetDirect, Algo::CollNetChain};
    case CollectiveAlgorithm::CollNetDirect: return std::vector<Algo>{Algo::CollNetDirect};
    case CollectiveAlgorithm::CollNetChain: return std::vector<Algo>{Algo::CollNetChain};
    case CollectiveAlgorithm::Pat: return std::vector<Algo>{Algo::Pat};
    default: return std::nullopt;
    }
}

CollectiveAlgorithm ourAlgorithm(Algo a)
{
    switch (a) {
    case Algo::Tree: return CollectiveAlgorithm::Tree;
    case Algo::Ring: return CollectiveAlgorithm::Ring;
    case Algo::CollNetDirect: return CollectiveAlgorithm::CollNetDirect;
    case Algo::CollNetChain: return CollectiveAlgorithm::CollNetChain;
    case Algo::Nvls: return CollectiveAlgorithm::Nvls;
    case Algo::NvlsTree: return CollectiveAlgorithm::NvlsTree;
    case Algo::Pat: return CollectiveAlgorithm::Pat;
    }
    return CollectiveAlgorithm::Ring;
}

/// What NCCL's model sees of the participating hosts.
NcclTuning::Hardware ncclHardwareOf(const Fabric &fabric, const CollectiveRequest &request, const Planner &planner)
{
    NcclTuning::Hardware hw;
    hw.arch = NcclTuning::Arch::Blackwell;
    hw.nvlinkGBps = -1.0;
    hw.nvls = true;
    double nicGBps = 0.0;
    for (const HostRanks &h : request.hosts) {
        const Host &host = fabric.host(h.host);
        hw.arch = std::min(hw.arch, NcclTuning::archOfGpu(host.gpuModel));
        if (h.gpus > 1 || planner.g > 1) {
            hw.nvlinkGBps = hw.nvlinkGBps < 0.0 ? host.nvlinkGBps : std::min(hw.nvlinkGBps, host.nvlinkGBps);
            hw.nvls = hw.nvls && host.nvls;
        }
        for (const Nic &nic : host.nics)
            nicGBps = nicGBps == 0.0 ? nic.speedGbps / 8.0 : std::min(nicGBps, nic.speedGbps / 8.0);
    }
    hw.nvlinkGBps = std::max(0.0, hw.nvlinkGBps);
    hw.gpusPerNode = planner.g;
    hw.nodes = planner.M;
    int nics = 0;
    for (const CollectivePlan::Unit &u : planner.units()) {
        int count = 0;
        for (const HostRanks &h : u.hosts)
            count += static_cast<int>(fabric.host(h.host).nics.size());
        nics = nics == 0 ? count : std::min(nics, count);
    }
    hw.nicsPerNode = std::max(1, nics);
    hw.nicGBps = nicGBps > 0.0 ? nicGBps : 12.5;
    hw.pcieGBps = hw.arch >= NcclTuning::Arch::Hopper ? 48.0 : 24.0; // Gen5 / Gen4 x16 to the NIC
    hw.collnet = fabricHasSharp(fabric);
    return hw;
}

NcclTuning::System ncclSystem(const Fabric &fabric, const CollectiveRequest &request, const Planner &planner)
{
    return NcclTuning::systemFor(ncclHardwareOf(fabric, request, planner));
}

NcclTuning::Coll ncclColl(CollectiveOp op)
{
    switch (op) {
    case CollectiveOp::AllGather: return NcclTuning::Coll::AllGather;
    case CollectiveOp::ReduceScatter: return NcclTuning::Coll::ReduceScatter;
    case CollectiveOp::Broadcast: return NcclTuning::Coll::Broadcast;
    default: return NcclTuning::Coll::AllReduce;
    }
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
    Planner planner(fabric, request.hosts, request.bytes);
    if (planner.n < 2)
        throw std::invalid_argument("a collective needs at least 2 ranks");
    // NCCL's channels across units: its search channels' NICs, its
    // connections per NIC and per all-to-all peer.
    if (planner.M > 1) {
        const NcclTuning::Hardware hw = ncclHardwareOf(fabric, request, planner);
        const NcclTuning::System system = NcclTuning::systemFor(hw);
        const int nics = std::max(1, std::min({planner.g, system.ring.channels, hw.nicsPerNode}));
        planner.setChannels(nics, std::max(1, system.commChannels / nics), NcclTuning::p2pChannelsPerPeer(hw, planner.n));
    }

    const CollectiveOp op = request.op;
    const bool allToAll = op == CollectiveOp::AllToAll;
    CollectiveAlgorithm algorithm = request.algorithm;
    switch (request.algorithm) {
    case CollectiveAlgorithm::Auto: break;
    case CollectiveAlgorithm::Pxn:
    case CollectiveAlgorithm::Direct:
        if (!allToAll)
            throw std::invalid_argument(std::string("algorithm '") + collectiveAlgorithmName(request.algorithm)
                                        + "' applies to all-to-all only");
        break;
    default:
        if (allToAll)
            throw std::invalid_argument("all-to-all takes the algorithm pxn, direct or auto");
        if (request.algorithm == CollectiveAlgorithm::Tree && op != CollectiveOp::AllReduce)
            throw std::invalid_argument("the tree algorithm applies to all-reduce only");
        if (request.algorithm == CollectiveAlgorithm::Hierarchical && op == CollectiveOp::Broadcast)
            throw std::invalid_argument("broadcast takes the algorithm ring or auto");
        if (request.algorithm == CollectiveAlgorithm::Pat) {
            if (op != CollectiveOp::AllGather && op != CollectiveOp::ReduceScatter)
                throw std::invalid_argument("the pat algorithm applies to all-gather and reduce-scatter only");
            if (planner.n != planner.M)
                throw std::invalid_argument("the pat algorithm needs exactly one GPU per node (NCCL's PAT)");
        }
        if (inSwitch(request.algorithm)) {
            if (op != CollectiveOp::AllReduce)
                throw std::invalid_argument(std::string("the ") + collectiveAlgorithmName(request.algorithm)
                                            + " algorithm applies to all-reduce only");
            if (const std::string why = inSwitchProblem(fabric, request, planner.M, request.algorithm); !why.empty())
                throw std::invalid_argument(std::string(collectiveAlgorithmName(request.algorithm)) + ": " + why);
        }
    }

    // NCCL's choice of algorithm and protocol (all-to-all is point-to-point, not tuned).
    std::optional<NcclTuning::Choice> nccl;
    std::optional<NcclTuning::System> ncclHardware;
    if (!allToAll) {
        const NcclTuning::System system = ncclSystem(fabric, request, planner);
        ncclHardware = system;
        std::vector<Algo> allowed;
        if (algorithm == CollectiveAlgorithm::Auto) {
            // The algorithms our model can run on this hardware.
            for (Algo a : {Algo::Tree, Algo::Ring, Algo::CollNetDirect, Algo::CollNetChain, Algo::Nvls, Algo::NvlsTree,
                           Algo::Pat}) {
                const CollectiveAlgorithm ours = ourAlgorithm(a);
                if (inSwitch(ours) && (op != CollectiveOp::AllReduce || !inSwitchProblem(fabric, request, planner.M, ours).empty()))
                    continue;
                allowed.push_back(a);
            }
            nccl = NcclTuning::choose(system, ncclColl(op), request.bytes, allowed);
            algorithm = nccl->timeUs > 0.0 ? ourAlgorithm(nccl->algo) : CollectiveAlgorithm::Ring;
        } else if (const auto forced = ncclAlgosOf(algorithm)) {
            nccl = NcclTuning::choose(system, ncclColl(op), request.bytes, *forced);
            if (!(nccl->timeUs > 0.0))
                nccl.reset(); // NCCL's model has no figure for it here: Simple
            if (algorithm == CollectiveAlgorithm::CollNet) // which of the two NCCL would run
                algorithm = nccl ? ourAlgorithm(nccl->algo) : CollectiveAlgorithm::CollNetDirect;
        }
    } else if (algorithm == CollectiveAlgorithm::Auto) {
        algorithm = CollectiveAlgorithm::Pxn;
    }

    // Intra-unit bandwidth: the slowest participating host with more than one rank in its unit.
    const bool multiRankUnits = planner.g > 1;
    double intraGBps = 0.0;
    bool pcie = false;
    double nicEff = 1.0;
    bool treeCap = false; // some host's generation runs the tree at NCCL's per-channel ceiling
    double nvlsGBps = 0.0;
    bool nvlsOff = false; // some NVSwitch host with more than one rank has NVLS off
    const double nvlsScale = planner.g > 8 ? std::pow(planner.g / 8.0, -constants.nvlsScaleExponent) : 1.0;
    for (const HostRanks &h : request.hosts) {
        const Host &host = fabric.host(h.host);
        const GenerationConstants gen = constants.forGpu(host.gpuModel);
        nicEff = std::min(nicEff, gen.nicEfficiency);
        treeCap = treeCap || gen.treeChannelCap;
        if (h.gpus < 2 && !(multiRankUnits && !host.nvlinkDomain.empty()))
            continue;
        const bool viaPcie = !(host.nvlinkGBps > 0.0);
        const double bw = viaPcie ? constants.pcieGBps : host.nvlinkGBps * gen.nvlinkEfficiency;
        if (intraGBps == 0.0 || bw < intraGBps) {
            intraGBps = bw;
            pcie = viaPcie;
        }
        if (viaPcie)
            continue;
        nvlsOff = nvlsOff || !host.nvls;
        const double nvls = host.nvlinkGBps * gen.nvlsEfficiency * nvlsScale;
        if (host.nvls && (nvlsGBps == 0.0 || nvls < nvlsGBps))
            nvlsGBps = nvls;
    }
    const double intraLatencyUs = pcie ? constants.pcieLatencyUs : constants.nvlinkLatencyUs;

    RoutingOptions routing;
    routing.mode = request.routing;
    routing.adaptiveEfficiency = constants.adaptiveEfficiency;
    routing.flowletsPerFlow = constants.ecmpFlowletsPerFlow;
    routing.seeds = constants.ecmpSeeds;
    routing.seed = request.seed;

    Plan plan = planner.plan(op, algorithm == CollectiveAlgorithm::Pat ? CollectiveAlgorithm::Ring
                                 : isCollNet(algorithm)              ? CollectiveAlgorithm::CollNet
                                                                     : algorithm);
    CollectiveEstimate e;
    e.op = op;
    e.algorithm = algorithm;
    e.routing = request.routing;
    e.ranks = planner.n;
    e.hosts = static_cast<int>(request.hosts.size());
    e.nodes = planner.M;
    e.bytes = request.bytes;
    // The protocol scales the bandwidth terms and the latency as NCCL's model does.
    const double protoBw = nccl ? nccl->protocolBandwidthRatio : 1.0;
    const double protoLat = nccl ? nccl->protocolLatencyRatio : 1.0;
    if (nccl) {
        e.protocol = NcclTuning::protoName(nccl->proto);
        e.ncclAlgorithm = NcclTuning::algoName(nccl->algo);
        e.ncclProtocol = NcclTuning::protoName(nccl->proto);
        e.ncclReason = nccl->reason;
        for (const NcclTuning::Candidate &k : nccl->table)
            e.ncclCandidates.push_back({NcclTuning::algoName(k.algo), NcclTuning::protoName(k.proto), k.timeUs, k.why});
    }
    const double planIntraGBps = (plan.nvlsIntra ? nvlsGBps : intraGBps) * protoBw;
    e.intraSeconds = planIntraGBps > 0.0 ? plan.intraBytesPerGpu / (planIntraGBps * 1e9) : 0.0;
    if (algorithm == CollectiveAlgorithm::NvlsTree && nccl && nccl->algo == Algo::NvlsTree) {
        // NCCL caps NVLS-tree per channel from its own measurements (perChMaxNVLSTreeBws): its
        // bandwidth bounds ours.
        for (const NcclTuning::Candidate &k : nccl->table)
            if (k.algo == Algo::NvlsTree && k.proto == NcclTuning::Proto::Simple && k.algbwGBps > 0.0)
                e.intraSeconds = std::max(e.intraSeconds, request.bytes / (k.algbwGBps * 1e9));
    }
    if (!plan.flows.empty()) {
        e.network = routeFlows(fabric, view, plan.flows, routing);
        if (e.network.unroutedFlows > 0)
            throw std::runtime_error(std::to_string(e.network.unroutedFlows) + " of " + std::to_string(plan.flows.size())
                                     + " host-to-host flows have no path (failed links or switches?)");
    }
    // The transport: InfiniBand's figures are the generations' own; RoCE and EFA have theirs.
    double transportEff = 1.0, transportLatencyUs = constants.netLatencyUs;
    if (fabric.transport == Transport::Ethernet) {
        transportEff = constants.roceEfficiency;
        if (constants.roceLatencyUs >= 0.0)
            transportLatencyUs = constants.roceLatencyUs;
    } else if (fabric.transport == Transport::Efa) {
        transportEff = constants.efaEfficiency;
        if (constants.efaLatencyUs >= 0.0)
            transportLatencyUs = constants.efaLatencyUs;
    }
    const double netStepUs = transportLatencyUs + constants.switchHopLatencyUs * e.network.maxSwitchHops;
    if (fabric.floor && !e.network.loads.bytesAB.empty()) {
        // Propagation: each tier pair's longest loaded run, up and down.
        const CableRunSummary runs = cableRuns(fabric, *fabric.floor, CablePartCatalog::defaults(), false);
        std::map<std::pair<int, int>, double> longestNs;
        auto level = [&](NodeIndex n) { return fabric.isHost(n) ? -1 : int(fabric.switchAt(fabric.switchIndexOf(n)).tier); };
        for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
            const CableRun &run = runs.runs[size_t(l)];
            if (run.metres <= 0 || e.network.loads.bytesAB[size_t(l)] + e.network.loads.bytesBA[size_t(l)] <= 0)
                continue;
            const int a = level(fabric.link(l).a), b = level(fabric.link(l).b);
            double &ns = longestNs[{std::min(a, b), std::max(a, b)}];
            ns = std::max(ns, run.propagationNs);
        }
        for (const auto &[pair, ns] : longestNs)
            e.propagationSeconds += 2 * ns * 1e-9;
    }
    double netSteps = plan.netSteps;
    if (algorithm == CollectiveAlgorithm::Pat && planner.M > 1)
        netSteps = std::ceil(std::log2(double(planner.M))); // PAT: log-depth exchanges
    e.latencySeconds = (constants.baseLatencyUs + plan.intraSteps * intraLatencyUs + netSteps * netStepUs) * protoLat * 1e-6
        + netSteps * e.propagationSeconds;
    // In-network reduction reaches a measured share of the NICs' rate (collnet_*_efficiency).
    const double collnetEff = algorithm == CollectiveAlgorithm::CollNetChain ? constants.collnetChainEfficiency
        : isCollNet(algorithm)                                              ? constants.collnetDirectEfficiency
                                                                            : 1.0;
    const double netEff = nicEff * transportEff * collnetEff * protoBw;
    // B200's tree runs at NCCL's per-channel ceiling (tree_channel_cap): a bound on the network part.
    double treeCapSeconds = 0.0;
    if (algorithm == CollectiveAlgorithm::Tree && treeCap && ncclHardware && planner.M > 1)
        if (const double capGBps = NcclTuning::treeChannelCapGBps(*ncclHardware); capGBps > 0.0)
            treeCapSeconds = request.bytes / (capGBps * 1e9);
    if (request.routing == RoutingMode::Ecmp && !e.network.seedBottleneckSeconds.empty()) {
        std::vector<double> totals;
        for (double sec : e.network.seedBottleneckSeconds)
            totals.push_back(e.latencySeconds + std::max(e.intraSeconds, std::max(sec / netEff, treeCapSeconds)));
        e.ecmpSeconds = Distribution::of(totals);
    }
    e.networkSeconds = e.network.bottleneck.seconds / netEff;
    if (treeCapSeconds > e.networkSeconds) {
        e.networkSeconds = treeCapSeconds;
        e.notes.push_back("tree at NCCL's per-channel ceiling (" + std::to_string(ncclHardware->tree.channels)
                          + " channels), as measured on this generation");
    }
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

    if (e.network.fallbackFlows > 0)
        e.notes.push_back(std::to_string(e.network.fallbackFlows)
                          + " flows found no live NIC link on their rail and used the host's other NICs");
    if (op == CollectiveOp::AllReduce && e.nodes == 1 && !pcie && nvlsOff)
        e.notes.push_back("NVLS is off for these hosts (set \"nvls\": true, or generate --nvls): NCCL's default "
                          "all-reduce on HGX H100 reaches ~480 GB/s busbw with it");
    if (isCollNet(e.algorithm) || (e.algorithm == CollectiveAlgorithm::Nvls && e.nodes > 1))
        e.notes.push_back("SHARP: each NIC sends S/g up the switches' aggregation tree and receives S/g once; inner "
                          "links are approximated by ring flows");
    if (isCollNet(e.algorithm))
        e.notes.push_back(std::string(e.algorithm == CollectiveAlgorithm::CollNetChain ? "CollNet chain" : "CollNet direct")
                          + ": in-network reduction priced at " + std::to_string(int(std::lround(collnetEff * 100)))
                          + " % of the NICs' rate, as measured runs reach");
    if (e.algorithm == CollectiveAlgorithm::Pxn && e.nodes > 1)
        e.notes.push_back("PXN: cross-rail data crosses NVLink to the GPU on the destination's rail, then one rail");
    if (planner.M < static_cast<int>(request.hosts.size()))
        e.notes.push_back(std::to_string(request.hosts.size()) + " hosts form " + std::to_string(planner.M)
                          + " NVLink units (multi-host NVLink domains): ranks inside a domain talk over NVLink");
    if (nccl && request.algorithm == CollectiveAlgorithm::Auto)
        e.notes.push_back(nccl->reason);
    e.interval = predictionInterval(fabric.host(request.hosts.front().host).gpuModel, op, e.nodes, e.seconds);
    return e;
}

} // namespace Railyard
