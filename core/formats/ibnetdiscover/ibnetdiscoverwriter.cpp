#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"
#include "core/model/infinibandids.h"
#include "core/formats/ibnetdiscover/infinibandrates.h"

#include <QStringLiteral>

#include <cinttypes>
#include <cstdio>
#include <vector>

namespace Railyard::Ibnetdiscover {
namespace {

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
    // GUIDs, LIDs and ports as every file for the real tools has them.
    const InfinibandIds ids = InfinibandIds::of(fabric);
    auto caDesc = [&](int ca) { return InfinibandIds::caDescription(fabric, ids.cas[size_t(ca)]); };

    std::vector<std::vector<End>> switchEnds(size_t(fabric.switchCount()));
    std::vector<std::vector<End>> caEnds(ids.cas.size());
    for (std::int32_t li = 0; li < fabric.linkCount(); ++li) {
        const Link &l = fabric.link(li);
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
            int ca = -1;
        } sides[2];
        for (int e = 0; e < 2; ++e) {
            const NodeIndex n = e == 0 ? l.a : l.b;
            const int p = e == 0 ? l.portA : l.portB;
            Side &side = sides[e];
            side.node = n;
            side.port = e == 0 ? ids.linkPorts[size_t(li)].first : ids.linkPorts[size_t(li)].second;
            if (fabric.isSwitch(n)) {
                const std::int32_t s = fabric.switchIndexOf(n);
                side.id = "S-" + hex16(ids.switchGuid[size_t(s)]);
                side.portGuid = 0;
                side.desc = fabric.switchAt(s).id;
                side.lid = ids.switchLid[size_t(s)];
            } else {
                if (fabric.host(n).nics.empty()) {
                    *error = QStringLiteral("host %1 has no NIC to write as an HCA")
                                 .arg(QString::fromStdString(fabric.host(n).id));
                    return {};
                }
                side.ca = ids.caOfHostPort(n, std::max(p, 0));
                const InfinibandIds::Ca &ca = ids.cas[size_t(side.ca)];
                side.id = "H-" + hex16(ca.guid);
                side.portGuid = ca.guid + std::uint64_t(side.port);
                side.desc = caDesc(side.ca);
                side.lid = ca.lid;
            }
        }
        for (int e = 0; e < 2; ++e) {
            const Side &self = sides[e];
            const Side &peer = sides[1 - e];
            End end{self.port, peer.id, peer.port, peer.portGuid, peer.desc, peer.lid, *rate};
            if (self.ca >= 0)
                caEnds[size_t(self.ca)].push_back(std::move(end));
            else
                switchEnds[size_t(fabric.switchIndexOf(self.node))].push_back(std::move(end));
        }
    }

    std::string out = "#\n# Topology file: written by Railyard from \"" + fabric.name + "\"\n#\n\n";
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s) {
        const Switch &sw = fabric.switchAt(s);
        const std::uint64_t guid = ids.switchGuid[size_t(s)];
        std::vector<End> &ends = switchEnds[size_t(s)];
        std::sort(ends.begin(), ends.end(), [](const End &x, const End &y) { return x.port < y.port; });
        int radix = sw.radix;
        for (const End &e : ends)
            radix = std::max(radix, e.port);
        out += "vendid=0x2c9\ndevid=0xd2f0\nsysimgguid=0x" + hex16(guid) + "\nswitchguid=0x" + hex16(guid) + "("
            + hex16(guid) + ")\n";
        out += "Switch\t" + std::to_string(radix) + " \"S-" + hex16(guid) + "\"\t\t# \"" + sw.id
            + "\" enhanced port 0 lid " + std::to_string(ids.switchLid[size_t(s)]) + " lmc 0\n";
        for (const End &e : ends) {
            out += "[" + std::to_string(e.port) + "]\t\"" + e.nodeId + "\"[" + std::to_string(e.remotePort) + "]";
            if (e.remotePortGuid)
                out += "(" + hex16(e.remotePortGuid) + ") ";
            out += "\t\t# \"" + e.remoteDesc + "\" lid " + std::to_string(e.remoteLid) + " " + e.rate + "\n";
        }
        out += "\n";
    }
    for (size_t c = 0; c < ids.cas.size(); ++c) {
        const InfinibandIds::Ca &ca = ids.cas[c];
        const std::uint64_t guid = ca.guid;
        std::vector<End> &ends = caEnds[c];
        std::sort(ends.begin(), ends.end(), [](const End &x, const End &y) { return x.port < y.port; });
        out += "vendid=0x2c9\ndevid=0x1021\nsysimgguid=0x" + hex16(guid) + "\ncaguid=0x" + hex16(guid) + "\n";
        out += "Ca\t" + std::to_string(ca.ports) + " \"H-" + hex16(guid) + "\"\t\t# \"" + caDesc(int(c)) + "\"\n";
        for (const End &e : ends)
            out += "[" + std::to_string(e.port) + "](" + hex16(guid + std::uint64_t(e.port)) + ") \t\"" + e.nodeId
                + "\"[" + std::to_string(e.remotePort) + "]\t\t# lid " + std::to_string(ca.lid) + " lmc 0 \""
                + e.remoteDesc + "\" lid " + std::to_string(e.remoteLid) + " " + e.rate + "\n";
        out += "\n";
    }
    return out;
}

} // namespace Railyard::Ibnetdiscover
