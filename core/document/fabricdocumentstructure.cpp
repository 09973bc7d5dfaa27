// FabricDocument's structural operations: duplicate a rack or a scalable
// unit (new ids, cabled to the same upper switches on free ports) and add a
// spine plane. Each builds one FabricEdit for commitEdit().

#include "core/document/fabricdocument.h"
#include "core/document/idnumbering.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace Railyard {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

namespace {

/// Hosts and switches whose location field (rack or su) equals name.
std::vector<NodeIndex> nodesAt(const Fabric &f, const std::string &name, std::string Location::*field)
{
    std::vector<NodeIndex> members;
    if (name.empty())
        return members;
    for (NodeIndex n = 0; n < f.nodeCount(); ++n) {
        const Location &loc = f.isHost(n) ? f.host(n).location : f.switchAt(f.switchIndexOf(n)).location;
        if (loc.*field == name)
            members.push_back(n);
    }
    return members;
}

} // namespace

bool FabricDocument::duplicateRack(const std::string &rack, QString *error, std::string *newRack)
{
    const std::vector<NodeIndex> members = nodesAt(m_fabric, rack, &Location::rack);
    if (members.empty())
        return refuse(tr("Duplicate rack refused: there is no rack '%1'.").arg(qs(rack)), error);
    return duplicateGroup(members, rack, false, error, newRack);
}

bool FabricDocument::duplicateScalableUnit(const std::string &su, QString *error, std::string *newSu)
{
    const std::vector<NodeIndex> members = nodesAt(m_fabric, su, &Location::su);
    if (members.empty())
        return refuse(tr("Duplicate scalable unit refused: there is no scalable unit '%1'.").arg(qs(su)), error);
    return duplicateGroup(members, su, true, error, newSu);
}

bool FabricDocument::duplicateGroup(const std::vector<NodeIndex> &members, const std::string &key, bool bySu,
                                    QString *error, std::string *newName)
{
    IdNumbering ids(m_fabric);
    // Rack and scalable-unit names in use, so copies get fresh ones.
    std::unordered_set<std::string> racks, sus, domains;
    for (NodeIndex n = 0; n < m_fabric.nodeCount(); ++n) {
        const Location &loc = m_fabric.isHost(n) ? m_fabric.host(n).location
                                                 : m_fabric.switchAt(m_fabric.switchIndexOf(n)).location;
        if (!loc.rack.empty() && racks.insert(loc.rack).second)
            ids.learn(loc.rack);
        if (!loc.su.empty() && sus.insert(loc.su).second)
            ids.learn(loc.su);
        if (m_fabric.isHost(n) && !m_fabric.host(n).nvlinkDomain.empty()
            && domains.insert(m_fabric.host(n).nvlinkDomain).second)
            ids.learn(m_fabric.host(n).nvlinkDomain);
    }
    const std::string copyName = ids.next(key);
    const QString text = bySu ? tr("Duplicate scalable unit %1 as %2").arg(qs(key), qs(copyName))
                              : tr("Duplicate rack %1 as %2").arg(qs(key), qs(copyName));
    std::map<std::string, std::string> rackCopies; // racks inside a duplicated SU
    std::map<std::string, std::string> domainCopies; // a copied rack is an NVLink domain of its own
    auto copyLocation = [&](Location loc) {
        if (bySu) {
            loc.su = copyName;
            if (!loc.rack.empty()) {
                auto it = rackCopies.find(loc.rack);
                if (it == rackCopies.end()) {
                    // "su-001-net" follows its scalable unit's new name.
                    std::string name = loc.rack;
                    if (const auto at = name.find(key); at != std::string::npos) {
                        name.replace(at, key.size(), copyName);
                        if (ids.isUsed(name))
                            name = ids.next(loc.rack);
                        else
                            ids.learn(name);
                    } else {
                        name = ids.next(loc.rack);
                    }
                    it = rackCopies.emplace(loc.rack, name).first;
                }
                loc.rack = it->second;
            }
        } else {
            loc.rack = copyName;
        }
        return loc;
    };

    FabricEdit edit;
    std::unordered_map<NodeIndex, std::string> copyId;
    std::int32_t nextHost = m_fabric.hostCount(), nextSwitch = m_fabric.switchCount();
    for (const NodeIndex n : members) {
        if (m_fabric.isHost(n)) {
            Host h = m_fabric.host(n);
            h.id = ids.next(h.id);
            h.location = copyLocation(h.location);
            if (!h.nvlinkDomain.empty()) {
                auto it = domainCopies.find(h.nvlinkDomain);
                if (it == domainCopies.end())
                    it = domainCopies.emplace(h.nvlinkDomain, ids.next(h.nvlinkDomain)).first;
                h.nvlinkDomain = it->second;
            }
            copyId[n] = h.id;
            edit.addedHosts.push_back({nextHost++, std::move(h), false});
        } else {
            Switch s = m_fabric.switchAt(m_fabric.switchIndexOf(n));
            s.id = ids.next(s.id);
            s.location = copyLocation(s.location);
            copyId[n] = s.id;
            edit.addedSwitches.push_back({nextSwitch++, std::move(s), false});
        }
    }
    // Links: inside the group copied as they are; to the outside rewired to
    // the same outer node on its next free port.
    std::unordered_map<NodeIndex, std::vector<int>> reserved;
    std::unordered_set<std::int32_t> seen;
    std::int32_t nextLink = m_fabric.linkCount();
    for (const NodeIndex n : members) {
        for (const auto l : m_fabric.incidentLinks(n)) {
            if (!seen.insert(l).second)
                continue;
            const Link &orig = m_fabric.link(l);
            LinkRecord r{orig, m_fabric.nodeId(orig.a), m_fabric.nodeId(orig.b)};
            r.link.state = LinkState::Up;
            r.link.degradedGbps = 0.0;
            const auto ca = copyId.find(orig.a), cb = copyId.find(orig.b);
            for (int e = 0; e < 2; ++e) {
                const NodeIndex end = e == 0 ? orig.a : orig.b;
                const auto c = e == 0 ? ca : cb;
                if (c != copyId.end()) {
                    (e == 0 ? r.aId : r.bId) = c->second;
                    continue;
                }
                auto &taken = reserved[end];
                const int port = m_fabric.freePort(end, taken);
                if (port < 0 && (m_fabric.isSwitch(end) || Fabric::nicPorts(m_fabric.host(end)) > 0))
                    return refuse(tr("%1 refused: '%2' has no free port for the copy of link '%3'.")
                                      .arg(text, qs(m_fabric.nodeId(end)), qs(orig.id)),
                                  error);
                taken.push_back(port);
                (e == 0 ? r.link.portA : r.link.portB) = port;
            }
            r.link.id = r.aId + "--" + r.bId;
            if (ids.isUsed(r.link.id))
                r.link.id = ids.next(r.link.id + "#1");
            else
                ids.learn(r.link.id);
            edit.addedLinks.push_back({nextLink++, std::move(r), false});
        }
    }
    if (newName)
        *newName = copyName;
    return commitEdit(std::move(edit), text, error);
}

bool FabricDocument::addSpinePlane(int fromPlane, QString *error)
{
    std::vector<std::int32_t> spines;
    int maxPlane = 0;
    for (std::int32_t s = 0; s < m_fabric.switchCount(); ++s) {
        const Switch &sw = m_fabric.switchAt(s);
        maxPlane = std::max(maxPlane, sw.plane);
        if (sw.tier == Tier::Spine && sw.plane == fromPlane)
            spines.push_back(s);
    }
    for (const Link &l : m_fabric.links())
        maxPlane = std::max(maxPlane, l.plane);
    const int plane = maxPlane + 1;
    const QString text = tr("Add spine plane %1").arg(plane);
    if (spines.empty())
        return refuse(tr("%1 refused: plane %2 has no spine switches to copy.").arg(text).arg(fromPlane), error);
    IdNumbering ids(m_fabric);
    FabricEdit edit;
    std::unordered_map<NodeIndex, std::vector<int>> reserved;
    std::int32_t nextSwitch = m_fabric.switchCount(), nextLink = m_fabric.linkCount();
    for (const auto s : spines) {
        Switch copy = m_fabric.switchAt(s);
        copy.id = ids.next(copy.id);
        copy.plane = plane;
        const NodeIndex n = m_fabric.switchNode(s);
        for (const auto l : m_fabric.incidentLinks(n)) {
            const Link &orig = m_fabric.link(l);
            const NodeIndex other = m_fabric.otherEnd(l, n);
            auto &taken = reserved[other];
            const int port = m_fabric.freePort(other, taken);
            if (port < 0)
                return refuse(tr("%1 refused: '%2' has no free port for a link to the new spine %3.")
                                  .arg(text, qs(m_fabric.nodeId(other)), qs(copy.id)),
                              error);
            taken.push_back(port);
            LinkRecord r;
            r.link = orig;
            r.link.state = LinkState::Up;
            r.link.degradedGbps = 0.0;
            r.link.plane = plane;
            const bool spineIsA = orig.a == n;
            r.aId = spineIsA ? copy.id : m_fabric.nodeId(other);
            r.bId = spineIsA ? m_fabric.nodeId(other) : copy.id;
            (spineIsA ? r.link.portB : r.link.portA) = port;
            r.link.id = r.aId + "--" + r.bId;
            if (ids.isUsed(r.link.id))
                r.link.id = ids.next(r.link.id + "#1");
            else
                ids.learn(r.link.id);
            edit.addedLinks.push_back({nextLink++, std::move(r), false});
        }
        edit.addedSwitches.push_back({nextSwitch++, std::move(copy), false});
    }
    return commitEdit(std::move(edit), text, error);
}

} // namespace Railyard
