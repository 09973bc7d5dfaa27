#pragma once

// InfiniBand partitions (P_Keys) from a network intent (docs/fabric-manager.md,
// "Partitions from an intent").
//
// Two ports may talk when they share a P_Key and at least one of them is a
// full member; two limited members of the same partition may not. RDMA
// reachability in the intent is mapped onto that rule exactly, or refused:
//
//  1. The intent is evaluated on the design's host groups (racks, or parts of
//     racks a selector names), over RDMA.
//  2. Groups that may talk among themselves and to each other are covered by
//     cliques, each one partition of full members (greedy, in fabric order).
//  3. A group that may not talk within itself, but to some other group, joins
//     as a limited member a partition whose full members are all groups it
//     may reach, else a partition of its own of that group.
//  4. Default (0x7fff) is full for every port when the intent allows every
//     host pair RDMA, else limited for the hosts (switches and the SM full).
//
// Refused, with the deciding rule's JSON pointer:
//  * a one-way allowance (A to B but not B to A): a partition lets both talk;
//  * two groups that may reach each other but neither itself (neither can be
//    full without reaching itself);
//  * a host in more partitions than an HCA's P_Key table holds.
// Not mapped, and said so: TCP rules and @public (they are not InfiniBand
// traffic), ECN thresholds (InfiniBand's congestion control is not the
// intent's). The intent's PFC priority becomes the service level of its RDMA
// partitions (qos-policy.conf), its MTU the partitions' IPoIB MTU.

#include "core/intents/intent.h"
#include "core/model/fabric.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace Railyard {

/// An intent that P_Keys cannot express: `pointer` names the rule.
class PartitionPlanError : public std::runtime_error
{
public:
    PartitionPlanError(std::string pointer, const std::string &message)
        : std::runtime_error(pointer + ": " + message)
        , m_pointer(std::move(pointer))
    {
    }
    const std::string &pointer() const { return m_pointer; }

private:
    std::string m_pointer;
};

struct PlannedPartition
{
    std::string name;          ///< from the rule that allows its traffic
    std::uint16_t pkey = 0;    ///< low 15 bits, 0x0001…
    std::string rule;          ///< that rule's pointer, "/allow/0"
    std::vector<std::int32_t> fullHosts;    ///< ascending
    std::vector<std::int32_t> limitedHosts; ///< ascending
};

struct PartitionPlan
{
    bool defaultFull = true; ///< every host pair may talk RDMA: no partition but Default
    std::vector<PlannedPartition> partitions;
    std::optional<int> serviceLevel; ///< SL of the RDMA partitions (the intent's PFC priority)
    std::optional<int> mtuBytes;     ///< the intent's RDMA MTU
    std::vector<std::string> notMapped; ///< "/allow/5: …": what P_Keys do not carry, one line each
    int mostPerHost = 0;             ///< partitions of the busiest host (besides Default)
};

/// P_Key table entries an HCA port holds (ConnectX: 128), Default's included.
inline constexpr int maxPkeysPerPort = 128;

/// Maps `intent`'s RDMA reachability onto partitions of `fabric`'s hosts.
/// Throws PartitionPlanError for what P_Keys cannot express.
PartitionPlan planPartitions(const Fabric &fabric, const Intent &intent);

/// partitions.conf for a plan: every HCA port of a member host by GUID.
std::string partitionsConf(const Fabric &fabric, const PartitionPlan &plan);
/// qos-policy.conf mapping the plan's partitions to its service level
/// (empty when the plan has none).
std::string qosPolicyConf(const Fabric &fabric, const PartitionPlan &plan);

} // namespace Railyard
