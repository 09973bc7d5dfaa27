#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"
#include "core/formats/ibnetdiscover/infinibandrates.h"

#include <QStringLiteral>

#include <cinttypes>
#include <cstdio>
#include <vector>

namespace Railyard::Ibnetdiscover {
namespace {

// Locally administered, recognisable GUID ranges: "RY" then a kind byte.
constexpr std::uint64_t switchGuidBase = 0x5259010000000000ull;
constexpr std::uint64_t caGuidBase = 0x5259020000000000ull;

std::string hex16(std::uint64_t v)
{
    char buf[24];
    std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
    return buf;
}

struct End
{
    int port = 0;                     ///< 1-based InfiniBand port
    std::string nodeId;               ///< "S-…" / "H-…"
    int remotePort = 0;               ///< 1-based
    std::uint64_t remotePortGuid = 0; ///< CA port GUID (0 for a switch)
    std::string remoteDesc;
    int remoteLid = 0;
    std::string rate;
};

} // namespace

std::string write(const Fabric &fabric, QString *error)
{
    const std::int32_t hostCount = fabric.hostCount();
    // Names are written between double quotes, which the format cannot escape.
    auto unquotable = [](const std::string &id) { return id.find_first_of("\"\r\n") != std::string::npos; };
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s)
        if (unquotable(fabric.switchAt(s).id)) {
            *error = QStringLiteral("switch %1: a name with a double quote or a line break cannot be written as "
                                    "ibnetdiscover (its names are quoted, without escapes)")
                         .arg(QString::fromStdString(fabric.switchAt(s).id));
            return {};
        }
    for (std::int32_t h = 0; h < hostCount; ++h)
        if (unquotable(fabric.host(h).id)) {
            *error = QStringLiteral("host %1: a name with a double quote or a line break cannot be written as "
                                    "ibnetdiscover (its names are quoted, without escapes)")
                         .arg(QString::fromStdString(fabric.host(h).id));
            return {};
        }
    // One CA per host NIC: its GUID, LID, description and the host port range it covers.
    std::vector<std::vector<int>> nicFirstPort(static_cast<size_t>(hostCount));
    std::vector<std::vector<std::uint64_t>> nicGuid(static_cast<size_t>(hostCount));
    std::vector<std::vector<int>> nicLid(static_cast<size_t>(hostCount));
    int lid = 1;
    std::vector<int> switchLid(size_t(fabric.switchCount()));
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s)
        switchLid[size_t(s)] = lid++;
    std::uint64_t ca = 0;
    for (std::int32_t h = 0; h < hostCount; ++h) {
        int first = 0;
        for (const Nic &nic : fabric.host(h).nics) {
            nicFirstPort[size_t(h)].push_back(first);
            nicGuid[size_t(h)].push_back(caGuidBase + (++ca) * 16);
            nicLid[size_t(h)].push_back(lid++);
            first += std::max(nic.ports, 1);
        }
    }
    auto nicOfPort = [&](std::int32_t h, int port) {
        const std::vector<int> &firsts = nicFirstPort[size_t(h)];
        int k = 0;
        while (k + 1 < int(firsts.size()) && firsts[size_t(k + 1)] <= port)
            ++k;
        return k;
    };
    auto caDesc = [&](std::int32_t h, int k) { return fabric.host(h).id + " mlx5_" + std::to_string(k); };

    std::vector<std::vector<End>> switchEnds(size_t(fabric.switchCount()));
    std::vector<std::vector<std::vector<End>>> caEnds(static_cast<size_t>(hostCount));
    for (std::int32_t h = 0; h < hostCount; ++h)
        caEnds[size_t(h)].resize(fabric.host(h).nics.size());
    std::vector<int> nextSwitchPort(size_t(fabric.switchCount()), 0);
    for (const Link &l : fabric.links())
        for (NodeIndex n : {l.a, l.b})
            if (fabric.isSwitch(n)) {
                const int p = n == l.a ? l.portA : l.portB;
                nextSwitchPort[size_t(fabric.switchIndexOf(n))]
                    = std::max(nextSwitchPort[size_t(fabric.switchIndexOf(n))], p + 1);
            }
    for (const Link &l : fabric.links()) {
        if (l.state == LinkState::Down)
            continue;
        const double gbps = l.state == LinkState::Degraded ? l.degradedGbps : l.capacityGbps;
        const std::optional<std::string> rate = InfinibandRates::nameOf(gbps);
        if (!rate) {
            *error = QStringLiteral("link %1: %2 Gb/s is no InfiniBand width × speed (4xNDR = 400, 4xHDR = 200, …)")
                         .arg(QString::fromStdString(l.id))
                         .arg(gbps);
            return {};
        }
        struct Side
        {
            NodeIndex node;
            int port;       ///< 1-based IB port
            std::string id; ///< ibnetdiscover node id
            std::uint64_t portGuid;
            std::string desc;
            int lid;
            std::int32_t host = -1;
            int nic = -1;
        } sides[2];
        for (int e = 0; e < 2; ++e) {
            const NodeIndex n = e == 0 ? l.a : l.b;
            int p = e == 0 ? l.portA : l.portB;
            Side &side = sides[e];
            side.node = n;
            if (fabric.isSwitch(n)) {
                const std::int32_t s = fabric.switchIndexOf(n);
                if (p < 0)
                    p = nextSwitchPort[size_t(s)]++;
                side.port = p + 1;
                side.id = "S-" + hex16(switchGuidBase + std::uint64_t(s) + 1);
                side.portGuid = 0;
                side.desc = fabric.switchAt(s).id;
                side.lid = switchLid[size_t(s)];
            } else {
                if (fabric.host(n).nics.empty()) {
                    *error = QStringLiteral("host %1 has no NIC to write as an HCA")
                                 .arg(QString::fromStdString(fabric.host(n).id));
                    return {};
                }
                const int k = nicOfPort(n, std::max(p, 0));
                side.host = n;
                side.nic = k;
                side.port = std::max(p, 0) - nicFirstPort[size_t(n)][size_t(k)] + 1;
                side.id = "H-" + hex16(nicGuid[size_t(n)][size_t(k)]);
                side.portGuid = nicGuid[size_t(n)][size_t(k)] + std::uint64_t(side.port);
                side.desc = caDesc(n, k);
                side.lid = nicLid[size_t(n)][size_t(k)];
            }
        }
        for (int e = 0; e < 2; ++e) {
            const Side &self = sides[e];
            const Side &peer = sides[1 - e];
            End end{self.port, peer.id, peer.port, peer.portGuid, peer.desc, peer.lid, *rate};
            if (self.host >= 0)
                caEnds[size_t(self.host)][size_t(self.nic)].push_back(std::move(end));
            else
                switchEnds[size_t(fabric.switchIndexOf(self.node))].push_back(std::move(end));
        }
    }

    std::string out = "#\n# Topology file: written by Railyard from \"" + fabric.name + "\"\n#\n\n";
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s) {
        const Switch &sw = fabric.switchAt(s);
        const std::uint64_t guid = switchGuidBase + std::uint64_t(s) + 1;
        std::vector<End> &ends = switchEnds[size_t(s)];
        std::sort(ends.begin(), ends.end(), [](const End &x, const End &y) { return x.port < y.port; });
        int radix = sw.radix;
        for (const End &e : ends)
            radix = std::max(radix, e.port);
        out += "vendid=0x2c9\ndevid=0xd2f0\nsysimgguid=0x" + hex16(guid) + "\nswitchguid=0x" + hex16(guid) + "("
            + hex16(guid) + ")\n";
        out += "Switch\t" + std::to_string(radix) + " \"S-" + hex16(guid) + "\"\t\t# \"" + sw.id
            + "\" enhanced port 0 lid " + std::to_string(switchLid[size_t(s)]) + " lmc 0\n";
        for (const End &e : ends) {
            out += "[" + std::to_string(e.port) + "]\t\"" + e.nodeId + "\"[" + std::to_string(e.remotePort) + "]";
            if (e.remotePortGuid)
                out += "(" + hex16(e.remotePortGuid) + ") ";
            out += "\t\t# \"" + e.remoteDesc + "\" lid " + std::to_string(e.remoteLid) + " " + e.rate + "\n";
        }
        out += "\n";
    }
    for (std::int32_t h = 0; h < hostCount; ++h) {
        for (size_t k = 0; k < caEnds[size_t(h)].size(); ++k) {
            const std::uint64_t guid = nicGuid[size_t(h)][k];
            const int ports = std::max(fabric.host(h).nics[k].ports, 1);
            std::vector<End> &ends = caEnds[size_t(h)][k];
            std::sort(ends.begin(), ends.end(), [](const End &x, const End &y) { return x.port < y.port; });
            out += "vendid=0x2c9\ndevid=0x1021\nsysimgguid=0x" + hex16(guid) + "\ncaguid=0x" + hex16(guid) + "\n";
            out += "Ca\t" + std::to_string(ports) + " \"H-" + hex16(guid) + "\"\t\t# \"" + caDesc(h, int(k)) + "\"\n";
            for (const End &e : ends)
                out += "[" + std::to_string(e.port) + "](" + hex16(guid + std::uint64_t(e.port)) + ") \t\"" + e.nodeId
                    + "\"[" + std::to_string(e.remotePort) + "]\t\t# lid " + std::to_string(nicLid[size_t(h)][k])
                    + " lmc 0 \"" + e.remoteDesc + "\" lid " + std::to_string(e.remoteLid) + " " + e.rate + "\n";
            out += "\n";
        }
    }
    return out;
}

} // namespace Railyard::Ibnetdiscover
