#include "core/analysis/counts.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace Railyard {

namespace {
std::string levelName(const Fabric &fabric, NodeIndex n)
{
    if (fabric.isHost(n))
        return "host";
    return tierName(fabric.switchAt(fabric.switchIndexOf(n)).tier);
}
int levelRank(const Fabric &fabric, NodeIndex n)
{
    return fabric.isHost(n) ? 0 : tierLevel(fabric.switchAt(fabric.switchIndexOf(n)).tier);
}
} // namespace

FabricCounts countFabric(const Fabric &fabric)
{
    FabricCounts c;
    c.gpus = fabric.gpuCount();
    c.hosts = fabric.hostCount();
    c.switches = fabric.switchCount();
    c.links = fabric.linkCount();
    std::set<int> planes, rails;
    std::vector<long long> used(static_cast<size_t>(fabric.switchCount()), 0);
    for (const Link &l : fabric.links())
        for (const NodeIndex n : {l.a, l.b})
            if (fabric.isSwitch(n))
                ++used[static_cast<size_t>(fabric.switchIndexOf(n))];
    for (std::int32_t i = 0; i < fabric.switchCount(); ++i) {
        const Switch &s = fabric.switchAt(i);
        const std::string tier = tierName(s.tier);
        ++c.switchesByTier[tier];
        c.portsByTier[tier] += s.radix;
        c.unusedPortsByTier[tier] += std::max<long long>(0, s.radix - used[static_cast<size_t>(i)]);
        planes.insert(s.plane);
    }
    for (const Host &h : fabric.hosts())
        for (const Nic &nic : h.nics)
            rails.insert(nic.rail);
    c.planes = std::max<int>(1, static_cast<int>(planes.size()));
    c.rails = static_cast<int>(rails.size());

    // (lower rank, upper rank, gbps) -> count
    std::map<std::tuple<int, int, double>, std::pair<std::pair<std::string, std::string>, long long>> groups;
    for (const Link &l : fabric.links()) {
        if (!fabric.isHost(l.a) && !fabric.isSwitch(l.a))
            continue;
        NodeIndex lo = l.a, hi = l.b;
        if (levelRank(fabric, lo) > levelRank(fabric, hi))
            std::swap(lo, hi);
        const auto key = std::make_tuple(levelRank(fabric, lo), levelRank(fabric, hi), l.capacityGbps);
        auto &entry = groups[key];
        if (entry.second == 0)
            entry.first = {levelName(fabric, lo), levelName(fabric, hi)};
        ++entry.second;
    }
    for (const auto &[key, value] : groups)
        c.linkGroups.push_back({value.first.first, value.first.second, std::get<2>(key), value.second});
    return c;
}

} // namespace Railyard
