#include "core/health/healthfocus.h"

#include <algorithm>

namespace Railyard {

std::vector<std::int64_t> detectionRanks(const HealthDetection &detection)
{
    std::vector<std::int64_t> ranks = detection.alarm.ranks;
    for (const JobImpact &j : detection.jobs)
        ranks.insert(ranks.end(), j.ranks.begin(), j.ranks.end());
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    return ranks;
}

std::string detectionFocus(const HealthDetection &detection, const Fabric &fabric, const JobHostMap &jobHosts)
{
    if (isLinkAlarm(detection.alarm.kind))
        return detection.alarm.element;
    const std::vector<std::int64_t> ranks = detectionRanks(detection);
    if (ranks.empty() || ranks.front() < 0)
        return detection.alarm.element;
    for (const auto &[name, hosts] : jobHosts) {
        if (name != detection.alarm.job || size_t(ranks.front()) >= hosts.size())
            continue;
        const std::int32_t host = hosts[size_t(ranks.front())];
        if (host >= 0 && host < fabric.hostCount())
            return fabric.host(host).id;
    }
    return detection.alarm.element;
}

} // namespace Railyard
