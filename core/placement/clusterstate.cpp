#include "core/placement/clusterstate.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>

namespace Railyard {

namespace {

/// Natural order: digit runs compare by value ("rack-9" < "rack-10").
bool naturalLess(const std::string &a, const std::string &b)
{
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
            size_t ie = i, je = j;
            while (ie < a.size() && a[ie] == '0')
                ++ie;
            while (je < b.size() && b[je] == '0')
                ++je;
            size_t ia = ie, jb = je;
            while (ia < a.size() && std::isdigit(static_cast<unsigned char>(a[ia])))
                ++ia;
            while (jb < b.size() && std::isdigit(static_cast<unsigned char>(b[jb])))
                ++jb;
            if (ia - ie != jb - je)
                return ia - ie < jb - je;
            const int c = a.compare(ie, ia - ie, b, je, jb - je);
            if (c != 0)
                return c < 0;
            i = ia;
            j = jb;
            continue;
        }
        if (a[i] != b[j])
            return a[i] < b[j];
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

} // namespace

ClusterState::ClusterState(const Fabric &fabric)
    : m_fabric(fabric)
{
    const auto n = size_t(fabric.hostCount());
    m_order.resize(n);
    for (size_t i = 0; i < n; ++i)
        m_order[i] = std::int32_t(i);
    std::stable_sort(m_order.begin(), m_order.end(), [&](std::int32_t x, std::int32_t y) {
        const Location &a = fabric.host(x).location;
        const Location &b = fabric.host(y).location;
        for (auto field : {&Location::zone, &Location::pod, &Location::su, &Location::rack}) {
            if (a.*field != b.*field)
                return naturalLess(a.*field, b.*field);
        }
        return x < y;
    });
    m_gpuOffset.resize(n + 1);
    size_t offset = 0;
    for (size_t i = 0; i < n; ++i) {
        m_gpuOffset[i] = offset;
        offset += size_t(std::max(0, fabric.host(std::int32_t(i)).gpus));
    }
    m_gpuOffset[n] = offset;
    m_busy.assign(offset, 0);
    m_excluded.assign(n, 0);
}

bool ClusterState::isGpuFree(std::int32_t host, int gpu) const
{
    return !isExcluded(host) && gpu >= 0 && gpu < m_fabric.host(host).gpus && !m_busy[gpuIndex(host, gpu)];
}

int ClusterState::freeGpus(std::int32_t host) const
{
    if (isExcluded(host))
        return 0;
    int free = 0;
    for (int g = 0; g < m_fabric.host(host).gpus; ++g)
        free += m_busy[gpuIndex(host, g)] ? 0 : 1;
    return free;
}

void ClusterState::markBusy(std::int32_t host, int gpus)
{
    const int n = std::min(gpus, m_fabric.host(host).gpus);
    for (int g = 0; g < n; ++g)
        m_busy[gpuIndex(host, g)] = 1;
}

bool ClusterState::isHostFree(std::int32_t host) const
{
    return m_fabric.host(host).gpus > 0 && freeGpus(host) == m_fabric.host(host).gpus;
}

long long ClusterState::freeGpuCount() const
{
    long long total = 0;
    for (std::int32_t h = 0; h < m_fabric.hostCount(); ++h)
        total += freeGpus(h);
    return total;
}

const Placement &ClusterState::place(const JobSpec &job, const PlacementOptions &options)
{
    add(placeJob(*this, job, options));
    return m_placements.back();
}

void ClusterState::add(Placement placement)
{
    for (const RankSlot &slot : placement.ranks)
        m_busy[gpuIndex(slot.host, slot.gpu)] = 1;
    m_placements.push_back(std::move(placement));
}

bool ClusterState::release(const std::string &jobName)
{
    const auto it = std::find_if(m_placements.begin(), m_placements.end(),
                                 [&](const Placement &p) { return p.jobName == jobName; });
    if (it == m_placements.end())
        return false;
    for (const RankSlot &slot : it->ranks)
        m_busy[gpuIndex(slot.host, slot.gpu)] = 0;
    m_placements.erase(it);
    return true;
}

std::vector<ClusterState::QueueOutcome> ClusterState::runQueue()
{
    std::vector<QueueOutcome> outcomes;
    std::vector<QueuedJob> queue;
    queue.swap(m_queue);
    for (const QueuedJob &q : queue) {
        QueueOutcome outcome{q.job.name, false, {}};
        try {
            place(q.job, q.options);
            outcome.placed = true;
        } catch (const PlacementError &e) {
            outcome.error = e.what();
        }
        outcomes.push_back(std::move(outcome));
    }
    return outcomes;
}

Fragmentation ClusterState::fragmentation() const
{
    Fragmentation f;
    f.freeGpus = freeGpuCount();
    using Key = std::tuple<std::string, std::string, std::string, std::string>;
    std::map<Key, int> racks, sus, pods, zones;
    int run = 0;
    for (std::int32_t h : m_order) {
        if (!isHostFree(h)) {
            run = 0;
            continue;
        }
        ++f.freeHosts;
        f.largestContiguousFreeHosts = std::max(f.largestContiguousFreeHosts, ++run);
        const Location &l = m_fabric.host(h).location;
        f.bestRackFreeHosts = std::max(f.bestRackFreeHosts, ++racks[{l.zone, l.pod, l.su, l.rack}]);
        f.bestSuFreeHosts = std::max(f.bestSuFreeHosts, ++sus[{l.zone, l.pod, l.su, {}}]);
        f.bestPodFreeHosts = std::max(f.bestPodFreeHosts, ++pods[{l.zone, l.pod, {}, {}}]);
        f.bestZoneFreeHosts = std::max(f.bestZoneFreeHosts, ++zones[{l.zone, {}, {}, {}}]);
    }
    return f;
}

} // namespace Railyard
