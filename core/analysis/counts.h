#pragma once

#include "core/model/fabric.h"

#include <map>
#include <string>
#include <vector>

namespace Railyard {

/// Links grouped by the tiers they join and their speed: the basis of a
/// bill of materials.
struct LinkGroup
{
    std::string lowerTier; ///< "host", "leaf", "spine", "core", "switch"
    std::string upperTier;
    double gbps = 0.0;
    long long count = 0;
};

struct FabricCounts
{
    long long gpus = 0;
    long long hosts = 0;
    long long switches = 0;
    long long links = 0;
    std::map<std::string, long long> switchesByTier; ///< tier name -> count
    std::map<std::string, long long> portsByTier;    ///< tier name -> switch ports (the radixes' sum)
    std::map<std::string, long long> unusedPortsByTier; ///< tier name -> switch ports no link uses
    std::vector<LinkGroup> linkGroups;               ///< sorted by tiers then speed
    int planes = 1;
    int rails = 0; ///< distinct rails over all host NICs
};

/// Counts elements. O(H + S + L).
FabricCounts countFabric(const Fabric &fabric);

} // namespace Railyard
