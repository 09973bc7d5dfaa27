#pragma once

// OpenSM's configuration written from a design (docs/fabric-manager.md,
// "Configuration"): `railyard-cli sm-config FABRIC --out DIR`.
//
//  * opensm.conf: the routing engine, and the GUID and partition files below
//    by absolute path (OpenSM reads them from its working directory otherwise);
//  * root_guids.conf: the node GUIDs of the top tier's switches, which ftree
//    and updn need to route a Clos as one (without them ftree guesses the
//    roots, and may route worse than minhop);
//  * cn_guids.conf: the port GUIDs of every HCA port (the compute nodes);
//  * partitions.conf: the default partition, every port a full member; or,
//    with an intent, its RDMA reachability as P_Keys (partitionplan.h);
//  * qos-policy.conf: the intent's RDMA partitions on its service level.
//
// GUIDs are the design's InfinibandIds: the same as in the ibnetdiscover
// export ibsim loads, so OpenSM under ibsim routes exactly the design.

#include "core/fabricmanager/partitionplan.h"
#include "core/model/fabric.h"

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace Railyard {

/// Thrown for an unknown engine; the message names the option.
class SmConfigError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct SmConfigOptions
{
    std::string engine = "ftree";  ///< ftree, updn, minhop, dfsssp
    bool rootGuids = true;         ///< false: leave ftree/updn to find the roots (a known-bad setting to compare)
    std::string directory;         ///< absolute; where the files go (their paths in opensm.conf)
    const Intent *intent = nullptr; ///< partitions and QoS from this reviewed intent
};

struct SmConfig
{
    std::map<std::string, std::string> files; ///< file name -> content
    std::vector<std::string> notes;           ///< what the configuration says, one line each
    std::optional<PartitionPlan> partitions;  ///< with an intent
};

/// The engines OpenSM 3.3 offers that Railyard writes a configuration for.
const std::vector<std::string> &smRoutingEngines();

/// Throws SmConfigError for an unknown engine or a fabric without switches,
/// PartitionPlanError for an intent P_Keys cannot express.
SmConfig subnetManagerConfig(const Fabric &fabric, const SmConfigOptions &options);

} // namespace Railyard
