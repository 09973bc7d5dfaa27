#pragma once

// Collective cost model: time, algbw and busbw of an NCCL-style collective
// (all-reduce, all-gather, reduce-scatter, all-to-all, broadcast) on a set of
// ranks of a fabric. The intra-host part is alpha-beta over NVLink (or PCIe);
// the network part builds the algorithm's host-to-host flows per rail,
// routes them (core/traffic/routing.h) and takes the bottleneck link, so
// oversubscription, failures and degraded links show up in the time.
// Definitions, constants and their sources: docs/traffic-model.md,
// "Collective cost model".

#include "core/analysis/capacity.h"
#include "core/model/fabric.h"
#include "core/traffic/routing.h"

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace Railyard {

enum class CollectiveOp : std::uint8_t { AllReduce, AllGather, ReduceScatter, AllToAll, Broadcast };
/// Ring: NCCL's flat ring over all ranks (channel c on rail c), pipelined.
/// Tree: NCCL double binary tree across hosts, chain inside (all-reduce only).
/// Hierarchical: NVLink reduce-scatter, per-rail ring across hosts, NVLink
/// all-gather, phases pipelined (a design alternative: NCCL does not run it,
/// so auto never picks it). Pat: NCCL's parallel aggregated trees for
/// all-gather / reduce-scatter with one GPU per node (ring traffic, log-depth
/// latency). Pxn: all-to-all with cross-rail data first
/// moved over NVLink to the GPU on the destination's rail; Direct: without.
/// In-switch reduction (all-reduce only): Nvls reduces in the hosts' NVSwitch
/// (NVLink SHARP; across hosts only with SHARP switches, NCCL's NVLS +
/// CollNet); NvlsTree: NVLS inside, double binary tree across hosts; CollNet:
/// NVLink reduce-scatter / all-gather inside, SHARP in the switches across;
/// CollNetDirect and CollNetChain are NCCL's two CollNet algorithms (each
/// GPU's NIC talks to the switches, or one chain per channel does), and
/// CollNet lets NCCL's model pick between them.
enum class CollectiveAlgorithm : std::uint8_t {
    Auto,
    Ring,
    Tree,
    Hierarchical,
    Pxn,
    Direct,
    Nvls,
    NvlsTree,
    CollNet,
    Pat,
    CollNetDirect,
    CollNetChain
};

/// "all-reduce", "all-gather", "reduce-scatter", "all-to-all", "broadcast".
const char *collectiveOpName(CollectiveOp op);
bool collectiveOpFromName(const std::string &name, CollectiveOp *op);
/// "auto", "ring", "tree", "hierarchical", "pxn", "direct", "nvls", "nvls-tree", "collnet", "pat",
/// "collnet-direct", "collnet-chain".
const char *collectiveAlgorithmName(CollectiveAlgorithm algorithm);
bool collectiveAlgorithmFromName(const std::string &name, CollectiveAlgorithm *algorithm);

/// nccl-tests busbw factor: 2(n-1)/n all-reduce; (n-1)/n all-gather,
/// reduce-scatter, all-to-all; 1 broadcast.
double busBwFactor(CollectiveOp op, int ranks);

/// Achieved over nominal bandwidth for one GPU generation: NVLink (ring and
/// the other point-to-point algorithms), NVLink SHARP, and the NICs. Defaults
/// and their public sources: docs/traffic-model.md, "Per-generation constants".
struct GenerationConstants
{
    double nvlinkEfficiency = 0.82; ///< (nvlink_efficiency)
    double nvlsEfficiency = 0.61;   ///< NVLS algbw / NVLink GB/s, at 8 GPUs per NVLink domain (nvls_efficiency)
    double nicEfficiency = 0.92;    ///< (nic_efficiency)
    /// Bound the double binary tree by NCCL's own per-channel tree bandwidth
    /// (its tuning table, perChMaxTreeBws), as measured B200 clusters reach
    /// (tree_channel_cap; docs/traffic-model.md).
    bool treeChannelCap = false;
};

/// a100, h100, h800, h200, b200, gb200 with their measured efficiencies.
std::map<std::string, GenerationConstants> defaultGenerations();

/// Alpha-beta constants per link type. Defaults: NCCL's tuning constants for
/// the Simple protocol and published measurements per GPU generation (tables
/// and sources in docs/traffic-model.md). JSON keys in parentheses; the
/// per-generation ones under "generations": {"a100": {...}}, and a top-level
/// nvlink_efficiency / nvls_efficiency / nic_efficiency applies to every
/// generation.
struct CollectiveConstants
{
    double baseLatencyUs = 8.4;      ///< per collective (base_latency_us)
    double nvlinkLatencyUs = 3.4;    ///< per intra-host step over NVLink (nvlink_latency_us)
    double pcieLatencyUs = 5.7;      ///< per intra-host step over PCIe (pcie_latency_us)
    double netLatencyUs = 14.0;      ///< per network step (net_latency_us)
    double switchHopLatencyUs = 0.3; ///< added per switch on the longest path (switch_hop_latency_us)
    double nvlinkEfficiency = 0.82;  ///< achieved / nominal NVLink bandwidth (nvlink_efficiency)
    /// NVLS all-reduce: S per GPU / (NVLink GB/s x this); 0.61 gives NCCL's ~480 GB/s busbw on 8 x H100
    /// (nvls_efficiency)
    double nvlsEfficiency = 0.61;
    double nicEfficiency = 0.92;      ///< achieved / nominal network bandwidth (nic_efficiency)
    double pcieGBps = 48.0;           ///< per GPU, GB/s per direction, hosts without NVLink (pcie_gbytes_per_s)
    double adaptiveEfficiency = 0.95; ///< adaptive routing: usable capacity (adaptive_efficiency)
    int ecmpFlowletsPerFlow = 4;      ///< ECMP: QPs x channels per flow (ecmp_flowlets_per_flow)
    int ecmpSeeds = 100;              ///< ECMP Monte-Carlo runs (ecmp_seeds)
    /// NVLS over larger NVLink domains (GB200 NVL72): efficiency x (GPUs / 8)^-this
    /// (nvls_scale_exponent); 0.057 fits 834.6 GB/s busbw on the 72 GB200s of an
    /// NVL72 rack from the 8-GPU efficiency.
    double nvlsScaleExponent = 0.057;
    /// In-network reduction (SHARP) reaches this share of the NICs' routed
    /// rate: measured CollNet runs do not carry S/g per NIC at line rate
    /// (collnet_direct_efficiency, collnet_chain_efficiency; fitted on the
    /// validation rows, docs/model-validation.md).
    double collnetDirectEfficiency = 0.76;
    double collnetChainEfficiency = 0.712;
    /// The network transport (Fabric::transport): achieved rate relative to
    /// InfiniBand's (the nic_efficiency of each generation is InfiniBand's)
    /// and the latency of one network step, which is net_latency_us unless set
    /// (-1). Unspecified fabrics are priced as InfiniBand. (roce_efficiency,
    /// roce_latency_us, efa_efficiency, efa_latency_us)
    double roceEfficiency = 0.935;
    double roceLatencyUs = -1.0;
    double efaEfficiency = 0.94;
    double efaLatencyUs = -1.0;
    /// Per GPU model (Host::gpuModel, lower case); models not listed use the
    /// three efficiencies above.
    std::map<std::string, GenerationConstants> generations = defaultGenerations();

    /// The efficiencies for a GPU model.
    GenerationConstants forGpu(const std::string &gpuModel) const;
};

/// A bad constants file; the message names the file and the key.
class CollectiveConstantsError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// Reads a JSON object of the keys above (any subset; the rest keep their
/// defaults). Throws CollectiveConstantsError for an unreadable file, invalid
/// JSON, an unknown key, or a value of the wrong type or out of range.
CollectiveConstants loadCollectiveConstants(const std::string &path);

/// The rule for in-network reduction (SHARP): the fabric has switches and
/// every one of them has Switch::sharp. Returns the first switch without it
/// in *missing (or -1). Used by the collnet / multi-host nvls algorithms and
/// by the per-step traffic of a job.
bool fabricHasSharp(const Fabric &fabric, std::int32_t *missing = nullptr);

/// Ranks on one host: GPU slots 0..gpus-1 (GPU g uses rail g % rails).
struct HostRanks
{
    std::int32_t host = -1;
    int gpus = 0;
};

/// The first `gpus` GPUs in host order, whole hosts first (the last host may
/// be partial). Throws std::invalid_argument when the fabric has fewer.
std::vector<HostRanks> firstGpus(const Fabric &fabric, long long gpus);

struct CollectiveRequest
{
    CollectiveOp op = CollectiveOp::AllReduce;
    double bytes = 0.0;           ///< nccl-tests S: all-reduce/broadcast buffer, AG output, RS input, A2A send buffer
    std::vector<HostRanks> hosts; ///< participating hosts in ring order, each at most once
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::Auto;
    RoutingMode routing = RoutingMode::Fluid;
    std::uint64_t seed = 1; ///< ECMP
};

/// How far to trust an estimate (core/traffic/predictioninterval.h,
/// docs/model-validation.md "Prediction intervals").
struct PredictionInterval
{
    /// False when no validation row shares the generation, the operation and
    /// the node-count class: the estimate is outside every validated regime.
    bool validated = false;
    double lowSeconds = 0, highSeconds = 0;
    int rows = 0;        ///< validation rows it rests on
    std::string regime;  ///< "h100 all-reduce, 2-8 nodes"
    std::vector<std::string> rowIds;
};

struct CollectiveEstimate
{
    CollectiveOp op = CollectiveOp::AllReduce;
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::Ring; ///< the one used (auto resolved)
    RoutingMode routing = RoutingMode::Fluid;
    int ranks = 0;
    int hosts = 0;
    int nodes = 0; ///< NVLink units NCCL sees as nodes: hosts, or multi-host NVLink domains
    double bytes = 0.0;
    double seconds = 0.0;        ///< latency + max(intra, network); ECMP: the median run
    double latencySeconds = 0.0; ///< alpha terms (with propagation)
    /// Light in the cables, per network step: with a floor (docs/floor.md), 2 ×
    /// the sum over tier pairs of the longest run the collective loads in that
    /// pair (up and down the tree); 0 without a floor.
    double propagationSeconds = 0.0;
    double intraSeconds = 0.0;   ///< NVLink / PCIe bandwidth term
    double networkSeconds = 0.0; ///< routed bottleneck / nic efficiency; ECMP: median run
    double algbwGBps = 0.0;      ///< bytes / seconds / 1e9
    double busbwGBps = 0.0;      ///< algbw x busBwFactor
    std::string bottleneck;      ///< link id, "nvlink", "pcie" or "latency"
    std::int32_t bottleneckLink = -1;
    /// The protocol (LL, LL128, Simple) NCCL would use with this algorithm,
    /// and NCCL's own choice: what NCCL's tuning model picks and why
    /// (core/traffic/nccltuning.h); empty for all-to-all and algorithms NCCL
    /// does not have (hierarchical).
    std::string protocol = "Simple";
    std::string ncclAlgorithm;
    std::string ncclProtocol;
    std::string ncclReason;
    struct NcclCandidate
    {
        std::string algorithm, protocol;
        double timeUs = -1.0; ///< -1: not available
        std::string why;      ///< why not, when not
    };
    std::vector<NcclCandidate> ncclCandidates;
    RoutingResult network;    ///< routing of the network flows (loads, ECMP runs)
    Distribution ecmpSeconds; ///< ECMP: total collective time over runs
    std::vector<std::string> notes;
    /// The time's prediction interval from the validation rows of the same
    /// generation, op and node-count class; not validated outside them.
    PredictionInterval interval;
};

/// Estimates one collective. Throws std::invalid_argument for fewer than 2
/// ranks, unknown hosts, a host listed twice, an algorithm that does not
/// apply to the op, or a forced in-switch algorithm (nvls, nvls-tree, collnet)
/// the hardware lacks; std::runtime_error when some hosts cannot reach each other.
CollectiveEstimate estimateCollective(const Fabric &fabric, const CapacityView &view, const CollectiveRequest &request,
                                      const CollectiveConstants &constants = {});

} // namespace Railyard
