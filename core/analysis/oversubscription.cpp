#include "core/analysis/oversubscription.h"

#include <cmath>
#include <limits>
#include <map>

namespace Railyard {

OversubscriptionResult analyzeOversubscription(const Fabric &fabric, const CapacityView &capacity)
{
    OversubscriptionResult result;
    const auto switches = static_cast<size_t>(fabric.switchCount());
    result.perSwitch.resize(switches);
    std::vector<char> hasUplinkPorts(switches, 0); // by design, regardless of failures

    // Rank: hosts 0, leaf 1, spine 2, core 3; unlayered switches -1 (ignored).
    auto rank = [&](NodeIndex n) {
        if (fabric.isHost(n))
            return 0;
        const Tier t = fabric.switchAt(fabric.switchIndexOf(n)).tier;
        return t == Tier::Unlayered ? -1 : tierLevel(t);
    };
    for (std::int32_t i = 0; i < fabric.linkCount(); ++i) {
        const Link &l = fabric.link(i);
        const double gbps = capacity.gbps[static_cast<size_t>(i)];
        const int ra = rank(l.a), rb = rank(l.b);
        auto account = [&](NodeIndex self, int selfRank, int otherRank) {
            if (selfRank <= 0 || otherRank < 0 || otherRank == selfRank)
                return;
            const auto s = static_cast<size_t>(fabric.switchIndexOf(self));
            if (otherRank < selfRank)
                result.perSwitch[s].downGbps += gbps;
            else {
                result.perSwitch[s].upGbps += gbps;
                hasUplinkPorts[s] = 1;
            }
        };
        account(l.a, ra, rb);
        account(l.b, rb, ra);
    }

    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    std::map<int, TierOversubscription> tiers;
    std::map<int, bool> tierHasUplinks;
    for (size_t s = 0; s < switches; ++s) {
        const Switch &sw = fabric.switchAt(static_cast<std::int32_t>(s));
        auto &entry = result.perSwitch[s];
        entry.switchIndex = static_cast<std::int32_t>(s);
        if (sw.tier == Tier::Unlayered) {
            entry.ratio = nan;
            continue;
        }
        if (entry.upGbps > 0)
            entry.ratio = entry.downGbps / entry.upGbps;
        else
            entry.ratio = (hasUplinkPorts[s] && entry.downGbps > 0) ? inf : nan;
        const int level = tierLevel(sw.tier);
        auto &t = tiers[level];
        t.tier = sw.tier;
        ++t.switches;
        t.downGbps += entry.downGbps;
        t.upGbps += entry.upGbps;
        tierHasUplinks[level] = tierHasUplinks[level] || hasUplinkPorts[s];
        if (!std::isnan(entry.ratio) && (t.worstSwitch < 0 || entry.ratio > t.worstRatio)) {
            t.worstRatio = entry.ratio;
            t.worstSwitch = entry.switchIndex;
        }
    }
    for (auto &[level, t] : tiers) {
        t.isTop = !tierHasUplinks[level];
        if (t.isTop) {
            t.ratio = nan;
            t.worstRatio = nan;
            t.worstSwitch = -1;
        } else {
            t.ratio = t.upGbps > 0 ? t.downGbps / t.upGbps : inf;
        }
        result.tiers.push_back(t);
    }
    return result;
}

} // namespace Railyard
