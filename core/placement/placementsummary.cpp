#include "core/placement/placementsummary.h"

#include "core/jobs/ranklayout.h"
#include "core/traffic/steptraffic.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace Railyard {

namespace {

class SpanCounter
{
public:
    explicit SpanCounter(const Fabric &fabric) : m_fabric(fabric) {}

    void add(std::int32_t host)
    {
        const Location &l = m_fabric.host(host).location;
        m_hosts.insert(host);
        m_racks.insert(l.zone + '\x1f' + l.pod + '\x1f' + l.su + '\x1f' + l.rack);
        m_sus.insert(l.zone + '\x1f' + l.pod + '\x1f' + l.su);
        m_pods.insert(l.zone + '\x1f' + l.pod);
        m_zones.insert(l.zone);
    }
    DomainSpan span() const
    {
        return {int(m_hosts.size()), int(m_racks.size()), int(m_sus.size()), int(m_pods.size()), int(m_zones.size())};
    }

private:
    const Fabric &m_fabric;
    std::set<std::int32_t> m_hosts;
    std::set<std::string> m_racks, m_sus, m_pods, m_zones;
};

void widen(DomainSpan &into, const DomainSpan &s)
{
    into.hosts = std::max(into.hosts, s.hosts);
    into.racks = std::max(into.racks, s.racks);
    into.sus = std::max(into.sus, s.sus);
    into.pods = std::max(into.pods, s.pods);
    into.zones = std::max(into.zones, s.zones);
}

} // namespace

PlacementSummary summarizePlacement(const Fabric &fabric, const JobSpec &job, const Placement &placement)
{
    PlacementSummary s;
    const Parallelism &p = job.parallel;
    const RankLayout layout(p);
    s.gpus = (long long)placement.ranks.size();
    SpanCounter all(fabric);
    for (const RankSlot &slot : placement.ranks)
        all.add(slot.host);
    s.job = all.span();
    s.hosts = s.job.hosts;

    auto host = [&](const RankCoords &c) { return placement.ranks[size_t(layout.rank(c))]; };
    for (int pp = 0; pp < p.pp; ++pp)
        for (int dp = 0; dp < p.dp; ++dp)
            for (int cp = 0; cp < p.cp; ++cp) {
                ++s.tpGroups;
                const std::int32_t first = host({0, cp, dp, pp}).host;
                for (int tp = 1; tp < p.tp; ++tp)
                    if (host({tp, cp, dp, pp}).host != first) {
                        ++s.tpGroupsAcrossHosts;
                        break;
                    }
            }
    auto sameRail = [&](const std::vector<RankSlot> &gpuSlots) {
        const int rail = gpuRail(fabric, gpuSlots.front().host, gpuSlots.front().gpu);
        return std::all_of(gpuSlots.begin(), gpuSlots.end(),
                           [&](const RankSlot &r) { return gpuRail(fabric, r.host, r.gpu) == rail; });
    };
    for (int tp = 0; tp < p.tp; ++tp)
        for (int cp = 0; cp < p.cp; ++cp) {
            for (int dp = 0; dp < p.dp; ++dp) {
                SpanCounter pipe(fabric);
                std::vector<RankSlot> gpuSlots;
                for (int pp = 0; pp < p.pp; ++pp) {
                    gpuSlots.push_back(host({tp, cp, dp, pp}));
                    pipe.add(gpuSlots.back().host);
                }
                widen(s.pipeline, pipe.span());
                s.railAligned = s.railAligned && sameRail(gpuSlots);
            }
            for (int pp = 0; pp < p.pp; ++pp) {
                SpanCounter group(fabric);
                std::vector<RankSlot> gpuSlots;
                for (int dp = 0; dp < p.dp; ++dp) {
                    gpuSlots.push_back(host({tp, cp, dp, pp}));
                    group.add(gpuSlots.back().host);
                }
                widen(s.dataParallel, group.span());
                s.railAligned = s.railAligned && sameRail(gpuSlots);
            }
        }
    return s;
}

} // namespace Railyard
