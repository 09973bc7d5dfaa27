#include "core/traffic/tierbytes.h"

#include <algorithm>

namespace Railyard {

const char *flowTierName(FlowTier tier)
{
    switch (tier) {
    case FlowTier::Host: return "host";
    case FlowTier::Leaf: return "leaf";
    case FlowTier::Su: return "su";
    case FlowTier::Pod: return "pod";
    case FlowTier::Zone: return "zone";
    case FlowTier::CrossZone: return "cross-zone";
    }
    return "?";
}

double TierBytes::network() const
{
    return atOrAbove(FlowTier::Leaf);
}

double TierBytes::atOrAbove(FlowTier tier) const
{
    double sum = 0;
    for (int t = int(tier); t < flowTierCount; ++t)
        sum += bytes[size_t(t)];
    return sum;
}

TierClassifier::TierClassifier(const Fabric &fabric)
    : m_fabric(fabric)
{
    fabric.prepare();
    m_leaves.resize(size_t(fabric.hostCount()));
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        const Host &host = fabric.host(h);
        // NIC port numbers: NIC i owns ports [first_i, first_i + ports_i).
        std::vector<int> portToNic;
        for (size_t i = 0; i < host.nics.size(); ++i)
            for (int p = 0; p < std::max(1, host.nics[i].ports); ++p)
                portToNic.push_back(int(i));
        auto &gpuSlots = m_leaves[size_t(h)];
        gpuSlots.assign(host.nics.size() + 1, {});
        int ordinal = 0;
        for (std::int32_t l : fabric.incidentLinks(fabric.hostNode(h))) {
            const Link &link = fabric.link(l);
            const NodeIndex other = fabric.otherEnd(l, fabric.hostNode(h));
            if (!fabric.isSwitch(other))
                continue;
            const std::int32_t sw = fabric.switchIndexOf(other);
            const int port = link.a == fabric.hostNode(h) ? link.portA : link.portB;
            const int slotPort = (port >= 0 && port < int(portToNic.size())) ? port : ordinal;
            ++ordinal;
            if (!portToNic.empty())
                gpuSlots[size_t(portToNic[size_t(slotPort) % portToNic.size()])].push_back(sw);
            gpuSlots.back().push_back(sw);
        }
        for (auto &v : gpuSlots) {
            std::sort(v.begin(), v.end());
            v.erase(std::unique(v.begin(), v.end()), v.end());
        }
    }
}

const std::vector<std::int32_t> &TierClassifier::leavesOf(std::int32_t host, int rail) const
{
    const auto &gpuSlots = m_leaves[size_t(host)];
    const Host &h = m_fabric.host(host);
    if (rail >= 0)
        for (size_t i = 0; i < h.nics.size(); ++i)
            if (h.nics[i].rail == rail)
                return gpuSlots[i];
    return gpuSlots.back();
}

FlowTier TierClassifier::classify(std::int32_t srcHost, int srcRail, std::int32_t dstHost, int dstRail) const
{
    if (srcHost == dstHost)
        return FlowTier::Host;
    const auto &a = leavesOf(srcHost, srcRail);
    const auto &b = leavesOf(dstHost, dstRail);
    // Both lists are short and sorted.
    for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
        if (a[i] == b[j])
            return FlowTier::Leaf;
        if (a[i] < b[j])
            ++i;
        else
            ++j;
    }
    const Location &x = m_fabric.host(srcHost).location;
    const Location &y = m_fabric.host(dstHost).location;
    if (x.zone != y.zone)
        return FlowTier::CrossZone;
    if (x.pod != y.pod)
        return FlowTier::Zone;
    if (x.su != y.su)
        return FlowTier::Pod;
    return FlowTier::Su;
}

TierBytes stepTierBytes(const Fabric &fabric, const Placement &placement,
                        const std::vector<GroupCollective> &collectives, const TierClassifier &classifier,
                        const std::vector<ParallelKind> &kinds, bool sharp)
{
    TierBytes out;
    const NvlinkUnits units = nvlinkUnits(fabric);
    for (const GroupCollective &c : collectives) {
        if (!kinds.empty() && std::find(kinds.begin(), kinds.end(), c.kind) == kinds.end())
            continue;
        const double times = double(c.countPerStep);
        out[FlowTier::Host] += hostLocalBytes(placement, c, &units) * times;
        forEachNetworkTransfer(
            placement, c,
            [&](std::int32_t sh, int sg, std::int32_t dh, int dg, double bytes) {
                out[classifier.classify(sh, gpuRail(fabric, sh, sg), dh, gpuRail(fabric, dh, dg))] += bytes * times;
            },
            sharp, &units);
    }
    return out;
}

} // namespace Railyard
