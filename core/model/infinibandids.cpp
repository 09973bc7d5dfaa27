#include "core/model/infinibandids.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace Railyard {

InfinibandIds InfinibandIds::of(const Fabric &fabric)
{
    InfinibandIds ids;
    int lid = 1;
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s) {
        ids.switchGuid.push_back(switchGuidBase + std::uint64_t(s) + 1);
        ids.switchLid.push_back(lid++);
    }
    ids.caOfHost.resize(size_t(fabric.hostCount()));
    std::uint64_t ordinal = 0;
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        int first = 0;
        const std::vector<Nic> &nics = fabric.host(h).nics;
        for (size_t k = 0; k < nics.size(); ++k) {
            Ca ca;
            ca.host = h;
            ca.nic = int(k);
            ca.guid = caGuidBase + (++ordinal) * 16;
            ca.lid = lid++;
            ca.firstPort = first;
            ca.ports = std::max(nics[k].ports, 1);
            first += ca.ports;
            ids.caOfHost[size_t(h)].push_back(int(ids.cas.size()));
            ids.cas.push_back(ca);
        }
    }
    // Switch ports: as given, else the next after the highest given one.
    std::vector<int> nextPort(size_t(fabric.switchCount()), 0);
    for (const Link &l : fabric.links())
        for (NodeIndex n : {l.a, l.b})
            if (fabric.isSwitch(n)) {
                const int p = n == l.a ? l.portA : l.portB;
                int &next = nextPort[size_t(fabric.switchIndexOf(n))];
                next = std::max(next, p + 1);
            }
    ids.linkPorts.reserve(size_t(fabric.linkCount()));
    for (const Link &l : fabric.links()) {
        int ports[2] = {0, 0};
        // A link that is down is not discovered: it takes no port of its own.
        for (int e = 0; e < 2 && l.state != LinkState::Down; ++e) {
            const NodeIndex n = e == 0 ? l.a : l.b;
            const int p = e == 0 ? l.portA : l.portB;
            if (fabric.isSwitch(n)) {
                ports[e] = (p < 0 ? nextPort[size_t(fabric.switchIndexOf(n))]++ : p) + 1;
            } else if (!ids.caOfHost[size_t(n)].empty()) {
                const Ca &ca = ids.cas[size_t(ids.caOfHostPort(n, std::max(p, 0)))];
                ports[e] = std::max(p, 0) - ca.firstPort + 1;
            }
        }
        ids.linkPorts.emplace_back(ports[0], ports[1]);
    }
    return ids;
}

int InfinibandIds::caOfHostPort(std::int32_t host, int port) const
{
    const std::vector<int> &list = caOfHost[size_t(host)];
    if (list.empty())
        return -1;
    size_t k = 0;
    while (k + 1 < list.size() && cas[size_t(list[k + 1])].firstPort <= port)
        ++k;
    return list[k];
}

std::string InfinibandIds::caDescription(const Fabric &fabric, const Ca &ca)
{
    return fabric.host(ca.host).id + " mlx5_" + std::to_string(ca.nic);
}

std::string InfinibandIds::guidText(std::uint64_t guid)
{
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%016" PRIx64, guid);
    return buf;
}

std::string InfinibandIds::pkeyText(std::uint16_t pkey)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%04x", unsigned(pkey));
    return buf;
}

} // namespace Railyard
