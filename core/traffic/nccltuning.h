#pragma once

// NCCL's own choice of algorithm and protocol for a collective: the tuning
// model NCCL evaluates at every call (NCCL 2.30.7, src/graph/tuning.cc
// ncclTopoTuneModel / ncclTopoGetAlgoTime and src/enqueue.cc
// topoGetAlgoInfo), re-derived from its published tables: a latency and a
// bandwidth per (algorithm, protocol), time = latency + bytes / bandwidth,
// the smallest time wins (ties to the lower algorithm index, Tree before
// Ring). The graph values NCCL's topology search would find (channels and
// per-channel bandwidths) are derived from the hardware with the search's
// speed tables (src/graph/search.cc). docs/traffic-model.md, "NCCL's choice
// of algorithm", has the tables, the derivation and what is approximated.
//
// The collective model (collectivemodel.h) asks this model which algorithm
// and protocol NCCL would run, then estimates that algorithm's time on the
// fabric with its own routed bandwidth model.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace Railyard::NcclTuning {

/// The NCCL release whose tuning model this follows.
inline constexpr const char *kVersion = "2.30.7";

/// NCCL's algorithm indices (NCCL_ALGO names in comments).
enum class Algo : std::uint8_t {
    Tree,          ///< TREE
    Ring,          ///< RING
    CollNetDirect, ///< COLLNETDIRECT
    CollNetChain,  ///< COLLNETCHAIN
    Nvls,          ///< NVLS
    NvlsTree,      ///< NVLSTREE
    Pat,           ///< PAT
};
constexpr int algoCount = 7;
enum class Proto : std::uint8_t { LL, LL128, Simple };
constexpr int protoCount = 3;
/// Compute-capability classes of NCCL's tables.
enum class Arch : std::uint8_t { Volta, Ampere, Hopper, Blackwell };
enum class Coll : std::uint8_t { AllReduce, AllGather, ReduceScatter, Broadcast };

const char *algoName(Algo a);   ///< "tree", "ring", "collnet-direct", "collnet-chain", "nvls", "nvls-tree", "pat"
const char *protoName(Proto p); ///< "LL", "LL128", "Simple"

/// One search graph: channels and GB/s per channel inside the node and
/// to the network.
struct Graph
{
    int channels = 0;
    double bwIntra = 0.0;
    double bwInter = 0.0;
};

/// What NCCL's model sees of a communicator.
struct System
{
    int ranks = 0;
    int nodes = 0; ///< NCCL nodes: hosts, or multi-host NVLink domains (MNNVL cliques)
    Arch arch = Arch::Hopper;
    bool amdCpu = false;     ///< multi-node LL cap and network overhead are per CPU vendor
    bool nvlinkIntra = true; ///< GPUs of a node reach each other over NVLink (else PCIe)
    Graph ring, tree, nvls;
    bool treePatternTree = false; ///< the tree graph fell back to the TREE pattern: x0.85
    int commChannels = 0;         ///< comm->nChannels after doubling (ring plateau rule)
    bool nvlsSupport = false;     ///< NVLink SHARP (NVSwitch multicast, sm90+)
    bool collnetSupport = false;  ///< in-network reduction (SHARP plugin), enabling CollNet and multi-node NVLS
    bool ll128 = true;            ///< LL128 enabled (NVLink inside, GPU-local NICs)
};

/// The hardware System is derived from.
struct Hardware
{
    Arch arch = Arch::Hopper;
    int gpusPerNode = 8;
    int nodes = 1;
    double nvlinkGBps = 450.0; ///< per GPU per direction; 0 = PCIe only
    int nicsPerNode = 8;       ///< per NCCL node
    double nicGBps = 50.0;     ///< per NIC (400 Gb/s = 50 GB/s)
    double pcieGBps = 48.0;    ///< GPU-to-NIC path (Gen5 x16 48, Gen4 x16 24)
    bool nvls = false;
    bool collnet = false;
    bool amdCpu = false;
};

/// The graph values NCCL's topology search finds for the hardware
/// (docs/traffic-model.md: the search's speed tables, channel duplication).
System systemFor(const Hardware &hw);

/// NCCL's connections to one peer through one NIC for the collectives of a
/// communicator on this hardware (ring and tree): comm->nChannels (System::
/// commChannels) spread over the NICs the node's ranks use, at least 1.
/// 8 GPUs on 8 x 400G: 16 channels, 2 per NIC; one GPU per node on a 400G
/// NIC (Hopper): 4.
int collectiveChannelsPerNic(const Hardware &hw);

/// NCCL's channels per network peer for point-to-point (send/recv, and so
/// all-to-all) in a communicator of `ranks` ranks (src/graph/paths.cc,
/// ncclTopoGetNchannels and ncclTopoComputeP2pChannels): one per 14 GB/s of
/// the GPU's path to its NIC (NCCL_P2P_PER_CHANNEL_NET_BW), at least one,
/// rounded up to a power of two, then halved while a batch of 8 peers would
/// need more than the communicator's p2p channels. 400G: 4 (2 past 32 ranks,
/// 1 past 64 on 16 channels); 200G: 2.
int p2pChannelsPerPeer(const Hardware &hw, int ranks);

/// Arch from a GPU model name: a100 → Ampere, h100/h800/h200/h20 → Hopper,
/// b200/b300/gb200/gb300 → Blackwell; unknown → Hopper.
Arch archOfGpu(const std::string &gpuModel);

struct Candidate
{
    Algo algo = Algo::Ring;
    Proto proto = Proto::Simple;
    double latencyUs = 0.0;
    double algbwGBps = 0.0; ///< NCCL's algorithm bandwidth (bytes / µs / 1000)
    double timeUs = -1.0;   ///< -1: not available
    std::string why;        ///< why unavailable, when it is
};

struct Choice
{
    Algo algo = Algo::Ring;
    Proto proto = Proto::Simple;
    double timeUs = 0.0;
    std::vector<Candidate> table; ///< every (algorithm, protocol), available or not
    std::string reason;           ///< one sentence: what won and the runner-up
    /// NCCL's bandwidth of the chosen protocol over Simple's, same algorithm (1 for Simple).
    double protocolBandwidthRatio = 1.0;
    /// NCCL's latency of the chosen protocol over Simple's, same algorithm.
    double protocolLatencyRatio = 1.0;
};

/// NCCL's choice for `bytes` (nccl-tests S: the all-reduce buffer, the
/// all-gather output, the reduce-scatter input). Restricting `allowed`
/// (NCCL_ALGO) limits the algorithms considered; empty = all.
Choice choose(const System &system, Coll coll, double bytes, const std::vector<Algo> &allowed = {});

/// NCCL's ceiling on the tree's all-reduce algorithm bandwidth (GB/s): its
/// tree channels times the per-channel maximum of its tuning table
/// (perChMaxTreeBws, by architecture and 1, 2 or more nodes), halved as NCCL
/// converts the tree's bus bandwidth to algorithm bandwidth. 0: no tree.
double treeChannelCapGBps(const System &system);

} // namespace Railyard::NcclTuning
