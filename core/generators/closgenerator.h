#pragma once

// The general folded-Clos / rail-optimized generator. Every preset
// (fat-tree, DGX SuperPOD, Meta AI zone, Alibaba HPN) is a set of
// parameters for this one generator; none is a special case.
//
// Construction (per plane; planes are independent copies):
//  * Leaves. Rail-optimized: one leaf per (scalable unit, rail, NIC port)
//    serving that rail's port of every host in the SU. Otherwise ToR style:
//    NIC ports of consecutive hosts fill a leaf's down ports.
//  * Tier i >= 2, not the top: tier-(i-1) switches are grouped into pods of
//    downPorts(i) switches (whole lower pods, in order); each pod gets
//    ceil(sum of the members' uplinks / downPorts(i)) switches, and uplinks are
//    dealt out member-major, round-robin, so every switch of the pod reaches
//    every member evenly (the classic fat-tree striping when counts divide).
//  * Top tier: all remaining uplinks dealt the same way over
//    ceil(uplinks / radix) switches, which use all their ports downward.
//  * Uplinks per switch = ceil(down capacity / (oversubscription * uplink
//    speed)), so a tier is never more oversubscribed than asked; the analysis
//    reports the ratio actually built.
//  * Tier count, when not given: the smallest T for which the tier-(T-1)
//    pods number at most the top tier's radix.

#include "core/model/fabric.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace Railyard {

/// Thrown for impossible parameters; the message names the parameter.
class GeneratorError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// Parameters of one switch tier (index 0 = leaf).
struct TierSpec
{
    int radix = 64;                ///< ports per switch
    double uplinkGbps = 400.0;     ///< speed of links from this tier to the next
    double oversubscription = 1.0; ///< down capacity : up capacity, > 0 (ignored on the top tier)
    int downPorts = 0;             ///< 0 = derive from radix and oversubscription; leaf: ports per leaf for hosts
    std::string model;             ///< switch model name, e.g. "QM9700"
};

/// GPU model presets: NVLink bandwidth per GPU (GB/s per direction).
struct GpuModel
{
    const char *name;
    double nvlinkGBps;
};
/// h100, h200 (450 GB/s), b200, gb200 (900 GB/s), a100 (300 GB/s), h800
/// (200 GB/s). nullptr if unknown.
const GpuModel *findGpuModel(const std::string &name);
/// Whether NCCL reduces in the hosts' NVSwitch (NVLS, NVLink SHARP) on this
/// system as deployed: HGX/DGX H100, H200 and B200 (8 GPUs on third- and
/// fourth-generation NVSwitch) and GB200 (NVL72 NVSwitch trays), where NCCL
/// enables it when the fabric manager runs. A100 (NVSwitch gen 2: no
/// in-switch reduction), a 4-GPU baseboard (no NVSwitch) and an unknown
/// model: false. `generate` and the GUI's template follow it unless told.
bool nvlsByDefault(const std::string &gpuModel, int gpusPerHost);
/// The scale-out NIC speed of the generation's reference system, Gbit/s:
/// DGX A100 carries 8 ConnectX-6 HDR at 200G; DGX H100/H200 and B200 8
/// ConnectX-7 at 400G; a GB200 compute tray 4 ConnectX-7 at 400G (H800
/// systems as H100). 400 for a model not known.
double referenceNicGbps(const std::string &gpuModel);
std::vector<std::string> gpuModelNames();

struct ClosParams
{
    std::string name = "fabric";
    int hosts = 0;
    int gpusPerHost = 8;
    std::string gpuModel = "h100";
    double nvlinkGBps = 0.0; ///< 0 = from the GPU model
    int rails = 8;           ///< NICs per host; NIC r serves rail r
    double nicGbps = 400.0;  ///< per NIC; a dual-port NIC splits it over its ports
    int nicPorts = 1;        ///< 2 = dual-ToR: each NIC port to a different leaf
    int planes = 1;          ///< NIC port p goes to plane p % planes
    bool railOptimized = true;
    int hostsPerSu = 0;                          ///< scalable unit size; 0 = as many as a leaf serves
    /// The scalable unit is what the leaf serves (DGX SuperPOD's rule: a rail
    /// leaf full of hosts): the largest divisor of the hosts not above the
    /// leaf's down ports, whatever hostsPerSu says, so a wider switch makes
    /// fewer, larger units instead of leaving half of every leaf unused.
    bool suFollowsLeaf = false;
    int hostsPerRack = 4;                        ///< hosts per rack (physical grouping)
    int tiers = 0;                               ///< switch tiers; 0 = derive from radix
    std::vector<TierSpec> tierSpecs{TierSpec{}}; ///< per tier; the last entry repeats upward
    std::string hostPrefix = "gpu";
    bool nvls = false;  ///< every host's NVSwitch reduces in the switch (NVLink SHARP, Host::nvls)
    bool sharp = false; ///< every switch does in-network reduction (InfiniBand SHARP, Switch::sharp)
    Transport transport = Transport::Unspecified; ///< the link layer (Fabric::transport): it decides the routing
    FabricRouting routing = FabricRouting::Default; ///< Fabric::routing; Default follows the transport
    std::string nicModel;                           ///< catalogue model of every NIC (Nic::model); empty = not known
    /// GPUs per multi-host NVLink domain (72 for GB200 NVL72); 0 = none.
    /// Consecutive hosts form domains of nvlinkDomainGpus / gpusPerHost hosts
    /// (Host::nvlinkDomain "nvl-0001", "nvl-0002", …); it must be a whole
    /// number of hosts, and the hosts whole domains. With hostsPerRack equal
    /// to the hosts per domain, each domain is one rack.
    int nvlinkDomainGpus = 0;
    /// The racks placed on the automatic floor (autoFloor, docs/floor.md:
    /// halls per zone, a scalable unit a row, the spine and core racks in
    /// the middle), written with the design so that its cables have
    /// lengths and parts. False: no floor written (the bill of materials
    /// lays the same automatic floor to price it).
    bool floor = true;
};

/// Builds the fabric. Throws GeneratorError for impossible parameters.
/// Ids: hosts "<prefix>00001", switches "leaf-0001" / "spine-0001" / "core-0001"
/// (prefixed "p<plane>-" when planes > 1), links "<a>--<b>" with "#2", "#3"
/// for parallel links.
Fabric generateClos(const ClosParams &params);

/// Number of switch tiers the parameters lead to (for previews), without
/// building the fabric. Throws GeneratorError like generateClos.
int derivedTierCount(const ClosParams &params);

} // namespace Railyard
