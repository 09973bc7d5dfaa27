#pragma once

// Placement strategies: which GPU each rank of a job runs on.
//
// Ranks follow the Megatron layout (core/jobs/ranklayout.h): TP
// fastest, then CP, then DP (EP index fastest inside it), then PP.
//  * topology: fills the smallest topology domain that fits (rack → SU →
//    pod → zone, best fit; a job larger than a domain takes whole domains,
//    largest first, and puts the remainder in the best-fitting partial one),
//    on whole free hosts in location order, GPU g of every host as slot g
//    (rail-aligned). TP groups stay inside a host when TP divides the GPUs
//    per host. The order in which the other dimensions (CP, EP, expert-DP,
//    PP) nest over those hosts is chosen by evaluating the per-step traffic
//    of every nesting and keeping the one that moves the fewest bytes
//    across the highest tier (then the next tier down, ...); ties keep the
//    Megatron order, which puts PP stages across domains and DP inside them.
//    On fabrics with multi-host NVLink domains (Host::nvlinkDomain, GB200
//    NVL72) the candidates include slots that keep each TP group, and each
//    TP × innermost-dimension group (TP × EP), inside one domain, leaving a
//    domain's remainder free: ranks of one domain talk over NVLink, so such
//    a layout moves its TP and EP traffic off the network.
//  * linear: first fit in fabric host order, GPU by GPU, Megatron order.
//  * random: a seeded shuffle of whole free hosts (ranks in Megatron order,
//    GPUs in order within a host, so TP groups stay in hosts); partly used
//    hosts are added, shuffled, only if whole hosts run out. Deterministic
//    per seed on every platform (own Fisher–Yates over std::mt19937_64).

#include "core/jobs/jobspec.h"
#include "core/model/fabric.h"
#include "core/jobs/placement.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace Railyard {

class ClusterState;

enum class PlacementStrategy : std::uint8_t { Topology, Linear, Random };
/// "topology", "linear", "random".
const char *placementStrategyName(PlacementStrategy strategy);
std::optional<PlacementStrategy> placementStrategyFromName(const std::string &name);

/// In which order the chosen hosts take the ranks (docs/traffic-model.md,
/// "Rank order"): NCCL builds its rings in rank order, so the order decides
/// which hosts are ring neighbours, and under static routing (D-mod-k on a
/// fat tree is contention-free for shifts in host order) what a ring costs.
///  * Strategy: as the strategy placed them. Topology placement keeps every
///    group's ranks in the topology's host order (ftree's compute-node
///    order, what schedulers' topology plugins aim for).
///  * Random: the same hosts, shuffled (seeded), ranks in Megatron order
///    host after host: a scheduler that ignores the topology.
///  * File: the same hosts in the order a host list gives (a hostfile, or
///    OpenSM's ftree compute-node order), ranks in Megatron order host after
///    host, as torchrun numbers them from a hostfile.
enum class RankOrder : std::uint8_t { Strategy, Random, File };

struct PlacementOptions
{
    PlacementStrategy strategy = PlacementStrategy::Topology;
    std::uint64_t seed = 1;                 ///< random strategy, random rank order
    std::vector<std::string> excludedHosts; ///< host ids never used by this placement
    RankOrder rankOrder = RankOrder::Strategy;
    std::vector<std::string> hostOrder; ///< RankOrder::File: host ids, in rank order
};

/// Re-orders the hosts of a placement (RankOrder::Random or File; Strategy
/// leaves it). Each host keeps its GPUs; hosts trade whole blocks of ranks,
/// so a host only takes the block of a host with the same GPUs. Throws
/// PlacementError when File lists an unknown id or leaves a placed host out.
void applyRankOrder(const Fabric &fabric, Placement &placement, const PlacementOptions &options);

/// A job that cannot be placed: too big for the free GPUs, an unknown or
/// non-host exclusion id, an invalid job.
class PlacementError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// Places a job on the free GPUs of `state` without changing it (see
/// ClusterState::place to also mark them used). Throws PlacementError.
/// Cost: topology evaluates up to 24 nestings of the job's traffic,
/// O(nestings × (ranks + network transfers)).
Placement placeJob(const ClusterState &state, const JobSpec &job, const PlacementOptions &options);
/// Same, on an otherwise empty fabric.
Placement placeJob(const Fabric &fabric, const JobSpec &job, const PlacementOptions &options);

} // namespace Railyard
