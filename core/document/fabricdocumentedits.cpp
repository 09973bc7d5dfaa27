// FabricDocument's structural edits: drawing (add, connect, delete, rename,
// bulk properties, re-cable), the whole-document state and pinned positions
// (the structural operations are in fabricdocumentstructure.cpp). Every
// intent method builds one FabricEdit; commitEdit() checks it and pushes one
// command.

#include "core/document/commands.h"
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

template<typename T>
void sortByIndex(std::vector<T> &v)
{
    std::sort(v.begin(), v.end(), [](const T &x, const T &y) { return x.index < y.index; });
}

} // namespace

// --- Applying edits ---------------------------------------------------------

LinkRecord FabricDocument::linkRecord(std::int32_t link) const
{
    const Link &l = m_fabric.link(link);
    return {l, m_fabric.nodeId(l.a), m_fabric.nodeId(l.b)};
}

void FabricDocument::removeIndexed(const std::vector<FabricEdit::Indexed<Host>> &hosts,
                                   const std::vector<FabricEdit::Indexed<Switch>> &switches,
                                   const std::vector<FabricEdit::Indexed<LinkRecord>> &links)
{
    std::vector<std::int32_t> h, s, l;
    h.reserve(hosts.size());
    s.reserve(switches.size());
    l.reserve(links.size());
    for (const auto &e : hosts)
        h.push_back(e.index);
    for (const auto &e : switches)
        s.push_back(e.index);
    for (const auto &e : links)
        l.push_back(e.index);
    auto eraseFlags = [](std::vector<char> &flags, const std::vector<std::int32_t> &indices) {
        for (auto it = indices.rbegin(); it != indices.rend(); ++it)
            flags.erase(flags.begin() + *it);
    };
    eraseFlags(m_linkFailed, l);
    eraseFlags(m_switchFailed, s);
    m_fabric.removeElements(h, s, l);
}

void FabricDocument::insertIndexed(const std::vector<FabricEdit::Indexed<Host>> &hosts,
                                   const std::vector<FabricEdit::Indexed<Switch>> &switches,
                                   const std::vector<FabricEdit::Indexed<LinkRecord>> &links)
{
    std::vector<std::pair<std::int32_t, Host>> h;
    std::vector<std::pair<std::int32_t, Switch>> s;
    for (const auto &e : hosts)
        h.emplace_back(e.index, e.value);
    for (const auto &e : switches) {
        s.emplace_back(e.index, e.value);
        m_switchFailed.insert(m_switchFailed.begin() + e.index, e.failed ? 1 : 0);
    }
    m_fabric.insertNodes(std::move(h), std::move(s));
    std::vector<std::pair<std::int32_t, Link>> l;
    l.reserve(links.size());
    for (const auto &e : links) {
        Link link = e.value.link;
        link.a = m_fabric.findNode(e.value.aId);
        link.b = m_fabric.findNode(e.value.bId);
        l.emplace_back(e.index, std::move(link));
        m_linkFailed.insert(m_linkFailed.begin() + e.index, e.failed ? 1 : 0);
    }
    m_fabric.insertLinks(std::move(l));
}

void FabricDocument::applyEdit(const FabricEdit &e, bool forward)
{
    auto replaceLink = [this](std::int32_t index, const LinkRecord &r) {
        Link link = r.link;
        link.a = m_fabric.findNode(r.aId);
        link.b = m_fabric.findNode(r.bId);
        m_fabric.replaceLink(index, std::move(link));
    };
    if (forward) {
        removeIndexed(e.removedHosts, e.removedSwitches, e.removedLinks);
        insertIndexed(e.addedHosts, e.addedSwitches, e.addedLinks);
        for (const auto &m : e.modifiedHosts)
            m_fabric.replaceHost(m.index, m.after);
        for (const auto &m : e.modifiedSwitches)
            m_fabric.replaceSwitch(m.index, m.after);
        for (const auto &m : e.modifiedLinks)
            replaceLink(m.index, m.after);
    } else {
        for (const auto &m : e.modifiedLinks)
            replaceLink(m.index, m.before);
        for (const auto &m : e.modifiedSwitches)
            m_fabric.replaceSwitch(m.index, m.before);
        for (const auto &m : e.modifiedHosts)
            m_fabric.replaceHost(m.index, m.before);
        removeIndexed(e.addedHosts, e.addedSwitches, e.addedLinks);
        insertIndexed(e.removedHosts, e.removedSwitches, e.removedLinks);
    }
    for (const auto &pin : e.pins) {
        const auto &pos = forward ? pin.after : pin.before;
        if (pos)
            m_pins[pin.id] = *pos;
        else
            m_pins.erase(pin.id);
    }
    m_failedCount = static_cast<int>(std::count(m_linkFailed.begin(), m_linkFailed.end(), 1)
                                     + std::count(m_switchFailed.begin(), m_switchFailed.end(), 1));
    m_fabric.prepare();
}

void FabricDocument::announceEdit(const FabricEdit &edit)
{
    // Drop selected ids that no longer exist (deleted or renamed elements).
    std::vector<std::string> kept;
    for (const std::string &id : m_selection)
        if (m_fabric.containsId(id))
            kept.push_back(id);
    if (kept.size() != m_selection.size()) {
        m_selection = std::move(kept);
        emit selectionChanged();
    }
    if (m_tables) { // they route the fabric they were read for
        m_tables.reset();
        emit forwardingTablesChanged();
    }
    emit changed(Change::Structure);
    if (!edit.pins.empty())
        emit changed(Change::Positions);
}

void FabricDocument::performEdit(const FabricEdit &edit, bool forward)
{
    emit aboutToChange();
    applyEdit(edit, forward);
    announceEdit(edit);
}

bool FabricDocument::refuse(const QString &message, QString *error)
{
    if (error)
        *error = message;
    emit editRefused(message);
    return false;
}

bool FabricDocument::commitEdit(FabricEdit edit, const QString &text, QString *error,
                                const std::vector<std::pair<std::string, QPointF>> &pins)
{
    if (edit.isEmpty())
        return true;
    sortByIndex(edit.removedHosts);
    sortByIndex(edit.removedSwitches);
    sortByIndex(edit.removedLinks);
    sortByIndex(edit.addedHosts);
    sortByIndex(edit.addedSwitches);
    sortByIndex(edit.addedLinks);
    emit aboutToChange();
    applyEdit(edit, true);
    // Check what the edit touched; a refused edit is rolled back exactly.
    std::vector<NodeIndex> nodes;
    std::vector<std::int32_t> links;
    for (const auto &h : edit.addedHosts)
        nodes.push_back(m_fabric.hostNode(h.index));
    for (const auto &m : edit.modifiedHosts)
        nodes.push_back(m_fabric.hostNode(m.index));
    for (const auto &s : edit.addedSwitches)
        nodes.push_back(m_fabric.switchNode(s.index));
    for (const auto &m : edit.modifiedSwitches)
        nodes.push_back(m_fabric.switchNode(m.index));
    for (const auto &l : edit.addedLinks)
        links.push_back(l.index);
    for (const auto &m : edit.modifiedLinks)
        links.push_back(m.index);
    const std::vector<Problem> problems = m_fabric.validateElements(nodes, links);
    if (!problems.empty()) {
        applyEdit(edit, false);
        // One problem: one sentence. Several: a heading, then every problem on
        // its own line (the edit dialogs list them; the status bar shows the heading).
        QString message;
        if (problems.size() == 1) {
            message = tr("%1 refused: %2").arg(text, qs(problems.front().message));
        } else {
            message = tr("%1 refused: %n problem(s)", nullptr, static_cast<int>(problems.size())).arg(text);
            for (const Problem &problem : problems)
                message += QLatin1Char('\n') + qs(problem.message);
        }
        return refuse(message, error);
    }
    if (pins.empty()) {
        m_undoStack.push(new EditFabricCommand(this, std::move(edit), text, true));
        return true;
    }
    m_undoStack.beginMacro(text);
    m_undoStack.push(new EditFabricCommand(this, std::move(edit), text, true));
    MoveNodesCommand::Pins before, after;
    for (const auto &[id, pos] : pins) {
        before.emplace_back(id, std::nullopt);
        after.emplace_back(id, pos);
    }
    m_undoStack.push(new MoveNodesCommand(this, std::move(before), std::move(after), 0, text));
    m_undoStack.endMacro();
    return true;
}

// --- Drawing ----------------------------------------------------------------

bool FabricDocument::addHost(Host host, QString *error, std::optional<QPointF> at)
{
    if (host.id.empty())
        return refuse(tr("A host needs an id."), error);
    const QString text = tr("Add host %1").arg(qs(host.id));
    std::vector<std::pair<std::string, QPointF>> pins;
    if (at)
        pins.emplace_back(host.id, *at);
    FabricEdit edit;
    edit.addedHosts.push_back({m_fabric.hostCount(), std::move(host), false});
    return commitEdit(std::move(edit), text, error, pins);
}

bool FabricDocument::addSwitch(Switch sw, QString *error, std::optional<QPointF> at)
{
    if (sw.id.empty())
        return refuse(tr("A switch needs an id."), error);
    const QString text = tr("Add switch %1").arg(qs(sw.id));
    std::vector<std::pair<std::string, QPointF>> pins;
    if (at)
        pins.emplace_back(sw.id, *at);
    FabricEdit edit;
    edit.addedSwitches.push_back({m_fabric.switchCount(), std::move(sw), false});
    return commitEdit(std::move(edit), text, error, pins);
}

bool FabricDocument::addRack(const Location &location, int hostCount, const Host &host, QString *error)
{
    const QString text = tr("Add rack %1").arg(qs(location.rack));
    if (location.rack.empty())
        return refuse(tr("A rack needs a name."), error);
    if (hostCount < 1 || hostCount > 1024)
        return refuse(tr("%1 refused: a rack holds 1 to 1024 hosts, not %2.").arg(text).arg(hostCount), error);
    for (const Host &h : m_fabric.hosts())
        if (h.location.rack == location.rack)
            return refuse(tr("%1 refused: rack '%2' already exists.").arg(text, qs(location.rack)), error);
    for (const Switch &s : m_fabric.switches())
        if (s.location.rack == location.rack)
            return refuse(tr("%1 refused: rack '%2' already exists.").arg(text, qs(location.rack)), error);
    Host shape = host;
    if (!shape.nvlinkDomain.empty()) { // a new rack is an NVLink domain of its own
        IdNumbering ids(m_fabric);
        for (const Host &h : m_fabric.hosts())
            if (!h.nvlinkDomain.empty())
                ids.learn(h.nvlinkDomain);
        shape.nvlinkDomain = ids.next(shape.nvlinkDomain);
    }
    const int width = hostCount >= 100 ? 3 : 2;
    FabricEdit edit;
    for (int i = 0; i < hostCount; ++i) {
        Host h = shape;
        std::string number = std::to_string(i + 1);
        number.insert(0, static_cast<size_t>(std::max(0, width - static_cast<int>(number.size()))), '0');
        h.id = location.rack + "-h" + number;
        h.location = location;
        edit.addedHosts.push_back({m_fabric.hostCount() + i, std::move(h), false});
    }
    return commitEdit(std::move(edit), text, error);
}

bool FabricDocument::connect(const std::string &a, const std::string &b, double gbps, int portA, int portB,
                             QString *error, std::string *newLinkId)
{
    const QString text = tr("Connect %1 to %2").arg(qs(a), qs(b));
    const NodeIndex na = m_fabric.findNode(a);
    const NodeIndex nb = m_fabric.findNode(b);
    if (na < 0 || nb < 0)
        return refuse(tr("%1 refused: there is no host or switch '%2'.").arg(text, qs(na < 0 ? a : b)), error);
    if (!(gbps > 0) || !std::isfinite(gbps))
        return refuse(tr("%1 refused: the capacity must be a positive number of Gbit/s.").arg(text), error);
    if (portA < 0 && (portA = m_fabric.freePort(na)) < 0 && m_fabric.isSwitch(na))
        return refuse(tr("%1 refused: switch '%2' has no free port.").arg(text, qs(a)), error);
    if (portA < 0 && m_fabric.isHost(na) && Fabric::nicPorts(m_fabric.host(na)) > 0)
        return refuse(tr("%1 refused: host '%2' has no free NIC port.").arg(text, qs(a)), error);
    if (portB < 0 && (portB = m_fabric.freePort(nb, na == nb ? std::vector<int>{portA} : std::vector<int>{})) < 0
        && m_fabric.isSwitch(nb))
        return refuse(tr("%1 refused: switch '%2' has no free port.").arg(text, qs(b)), error);
    if (portB < 0 && m_fabric.isHost(nb) && Fabric::nicPorts(m_fabric.host(nb)) > 0)
        return refuse(tr("%1 refused: host '%2' has no free NIC port.").arg(text, qs(b)), error);

    Link link;
    link.id = a + "--" + b;
    for (int n = 2; m_fabric.containsId(link.id); ++n)
        link.id = a + "--" + b + "#" + std::to_string(n);
    link.portA = portA;
    link.portB = portB;
    link.capacityGbps = gbps;
    if (m_fabric.isSwitch(nb))
        link.plane = m_fabric.switchAt(m_fabric.switchIndexOf(nb)).plane;
    else if (m_fabric.isSwitch(na))
        link.plane = m_fabric.switchAt(m_fabric.switchIndexOf(na)).plane;
    if (newLinkId)
        *newLinkId = link.id;
    FabricEdit edit;
    edit.addedLinks.push_back({m_fabric.linkCount(), {std::move(link), a, b}, false});
    return commitEdit(std::move(edit), text, error);
}

bool FabricDocument::removeElements(const std::vector<std::string> &ids, QString *error)
{
    if (ids.empty())
        return true;
    std::vector<char> hostGone(static_cast<size_t>(m_fabric.hostCount()), 0);
    std::vector<char> switchGone(static_cast<size_t>(m_fabric.switchCount()), 0);
    std::vector<char> linkGone(static_cast<size_t>(m_fabric.linkCount()), 0);
    for (const std::string &id : ids) {
        if (const auto l = m_fabric.findLink(id); l >= 0) {
            linkGone[static_cast<size_t>(l)] = 1;
            continue;
        }
        const NodeIndex n = m_fabric.findNode(id);
        if (n < 0)
            return refuse(tr("Delete refused: there is no element '%1'.").arg(qs(id)), error);
        if (m_fabric.isHost(n))
            hostGone[static_cast<size_t>(n)] = 1;
        else
            switchGone[static_cast<size_t>(m_fabric.switchIndexOf(n))] = 1;
        for (const auto l : m_fabric.incidentLinks(n))
            linkGone[static_cast<size_t>(l)] = 1;
    }
    FabricEdit edit;
    for (std::int32_t i = 0; i < m_fabric.hostCount(); ++i)
        if (hostGone[static_cast<size_t>(i)]) {
            edit.removedHosts.push_back({i, m_fabric.host(i), false});
            if (auto it = m_pins.find(m_fabric.host(i).id); it != m_pins.end())
                edit.pins.push_back({it->first, it->second, std::nullopt});
        }
    for (std::int32_t i = 0; i < m_fabric.switchCount(); ++i)
        if (switchGone[static_cast<size_t>(i)]) {
            edit.removedSwitches.push_back({i, m_fabric.switchAt(i), isSwitchFailed(i)});
            if (auto it = m_pins.find(m_fabric.switchAt(i).id); it != m_pins.end())
                edit.pins.push_back({it->first, it->second, std::nullopt});
        }
    for (std::int32_t i = 0; i < m_fabric.linkCount(); ++i)
        if (linkGone[static_cast<size_t>(i)])
            edit.removedLinks.push_back({i, linkRecord(i), isLinkFailed(i)});
    const QString text = ids.size() == 1 ? tr("Delete %1").arg(qs(ids.front()))
                                         : tr("Delete %n elements", nullptr, static_cast<int>(ids.size()));
    return commitEdit(std::move(edit), text, error);
}

int FabricDocument::linksRemovedWith(const std::vector<std::string> &ids) const
{
    std::unordered_set<std::int32_t> named, extra;
    for (const std::string &id : ids)
        if (const auto l = m_fabric.findLink(id); l >= 0)
            named.insert(l);
    for (const std::string &id : ids) {
        const NodeIndex n = m_fabric.findNode(id);
        if (n < 0)
            continue;
        for (const auto l : m_fabric.incidentLinks(n))
            if (!named.count(l))
                extra.insert(l);
    }
    return static_cast<int>(extra.size());
}

bool FabricDocument::renameElement(const std::string &id, const std::string &newId, QString *error)
{
    const QString text = tr("Rename %1 to %2").arg(qs(id), qs(newId));
    if (newId == id)
        return true;
    if (newId.empty())
        return refuse(tr("%1 refused: an id cannot be empty.").arg(text), error);
    if (m_fabric.containsId(newId))
        return refuse(tr("%1 refused: the id '%2' is already used.").arg(text, qs(newId)), error);
    FabricEdit edit;
    if (const auto l = m_fabric.findLink(id); l >= 0) {
        LinkRecord after = linkRecord(l);
        after.link.id = newId;
        edit.modifiedLinks.push_back({l, linkRecord(l), std::move(after)});
    } else if (const NodeIndex n = m_fabric.findNode(id); m_fabric.isHost(n)) {
        Host after = m_fabric.host(n);
        after.id = newId;
        edit.modifiedHosts.push_back({n, m_fabric.host(n), std::move(after)});
    } else if (m_fabric.isSwitch(n)) {
        const auto s = m_fabric.switchIndexOf(n);
        Switch after = m_fabric.switchAt(s);
        after.id = newId;
        edit.modifiedSwitches.push_back({s, m_fabric.switchAt(s), std::move(after)});
    } else {
        return refuse(tr("%1 refused: there is no element '%2'.").arg(text, qs(id)), error);
    }
    if (auto it = m_pins.find(id); it != m_pins.end()) {
        edit.pins.push_back({id, it->second, std::nullopt});
        edit.pins.push_back({newId, std::nullopt, it->second});
    }
    const bool selected = std::find(m_selection.begin(), m_selection.end(), id) != m_selection.end();
    if (!commitEdit(std::move(edit), text, error))
        return false;
    if (selected) {
        std::vector<std::string> selection = m_selection;
        selection.push_back(newId);
        setSelection(std::move(selection));
    }
    return true;
}

bool FabricDocument::setProperties(const std::vector<std::string> &ids, const PropertyEdit &props, QString *error)
{
    const QString text = ids.size() == 1 ? tr("Edit %1").arg(qs(ids.front()))
                                         : tr("Edit %n elements", nullptr, static_cast<int>(ids.size()));
    if (props.capacityGbps && (!(*props.capacityGbps > 0) || !std::isfinite(*props.capacityGbps)))
        return refuse(tr("%1 refused: the capacity must be a positive number of Gbit/s.").arg(text), error);
    if (props.radix && (*props.radix < 1 || *props.radix > 65536))
        return refuse(tr("%1 refused: a radix is 1 to 65536 ports.").arg(text), error);
    FabricEdit edit;
    for (const std::string &id : ids) {
        if (const auto l = m_fabric.findLink(id); l >= 0) {
            if (!props.capacityGbps)
                continue;
            LinkRecord after = linkRecord(l);
            if (after.link.capacityGbps == *props.capacityGbps)
                continue;
            after.link.capacityGbps = *props.capacityGbps;
            // At or below the new capacity a degraded link runs at full rate.
            if (after.link.state == LinkState::Degraded && after.link.degradedGbps >= *props.capacityGbps) {
                after.link.state = LinkState::Up;
                after.link.degradedGbps = 0.0;
            }
            edit.modifiedLinks.push_back({l, linkRecord(l), std::move(after)});
            continue;
        }
        const NodeIndex n = m_fabric.findNode(id);
        if (n < 0)
            return refuse(tr("%1 refused: there is no element '%2'.").arg(text, qs(id)), error);
        if (m_fabric.isHost(n)) {
            const Host &before = m_fabric.host(n);
            Host after = before;
            if (props.gpuModel)
                after.gpuModel = *props.gpuModel;
            if (props.nvlinkDomain)
                after.nvlinkDomain = *props.nvlinkDomain;
            if (after.gpuModel != before.gpuModel || after.nvlinkDomain != before.nvlinkDomain)
                edit.modifiedHosts.push_back({n, before, std::move(after)});
            continue;
        }
        const auto s = m_fabric.switchIndexOf(n);
        Switch after = m_fabric.switchAt(s);
        if (props.model)
            after.model = *props.model;
        if (props.radix)
            after.radix = *props.radix;
        if (props.tier)
            after.tier = *props.tier;
        const Switch &before = m_fabric.switchAt(s);
        if (after.model != before.model || after.radix != before.radix || after.tier != before.tier)
            edit.modifiedSwitches.push_back({s, before, std::move(after)});
    }
    return commitEdit(std::move(edit), text, error);
}

bool FabricDocument::recable(const std::string &linkId, int end, const std::string &node, int port, QString *error)
{
    const QString text = tr("Re-cable %1 to %2").arg(qs(linkId), qs(node));
    const auto l = m_fabric.findLink(linkId);
    if (l < 0)
        return refuse(tr("%1 refused: there is no link '%2'.").arg(text, qs(linkId)), error);
    if (end != 0 && end != 1)
        return refuse(tr("%1 refused: a link has ends 0 (a) and 1 (b).").arg(text), error);
    const NodeIndex n = m_fabric.findNode(node);
    if (n < 0)
        return refuse(tr("%1 refused: there is no host or switch '%2'.").arg(text, qs(node)), error);
    if (port < 0) {
        port = m_fabric.freePort(n, {}, l);
        if (port < 0 && (m_fabric.isSwitch(n) || Fabric::nicPorts(m_fabric.host(n)) > 0))
            return refuse(tr("%1 refused: '%2' has no free port.").arg(text, qs(node)), error);
    }
    LinkRecord after = linkRecord(l);
    if (end == 0) {
        after.aId = node;
        after.link.portA = port;
    } else {
        after.bId = node;
        after.link.portB = port;
    }
    FabricEdit edit;
    edit.modifiedLinks.push_back({l, linkRecord(l), std::move(after)});
    return commitEdit(std::move(edit), text, error);
}

// --- Whole-document state -----------------------------------------------------

void FabricDocument::loadState(std::unordered_map<std::string, QPointF> pins, const std::vector<std::string> &failedIds)
{
    m_pins.clear();
    for (auto &[id, pos] : pins)
        if (m_fabric.findNode(id) >= 0)
            m_pins.emplace(id, pos);
    std::fill(m_linkFailed.begin(), m_linkFailed.end(), 0);
    std::fill(m_switchFailed.begin(), m_switchFailed.end(), 0);
    for (const std::string &id : failedIds) {
        if (const auto l = m_fabric.findLink(id); l >= 0)
            m_linkFailed[static_cast<size_t>(l)] = 1;
        else if (const NodeIndex n = m_fabric.findNode(id); m_fabric.isSwitch(n))
            m_switchFailed[static_cast<size_t>(m_fabric.switchIndexOf(n))] = 1;
    }
    m_failedCount = static_cast<int>(std::count(m_linkFailed.begin(), m_linkFailed.end(), 1)
                                     + std::count(m_switchFailed.begin(), m_switchFailed.end(), 1));
    emit changed(Change::Positions);
    emit changed(Change::Failures);
}

std::vector<std::string> FabricDocument::failedIds() const
{
    std::vector<std::string> ids;
    for (std::int32_t l = 0; l < m_fabric.linkCount(); ++l)
        if (m_linkFailed[static_cast<size_t>(l)])
            ids.push_back(m_fabric.link(l).id);
    for (std::int32_t s = 0; s < m_fabric.switchCount(); ++s)
        if (m_switchFailed[static_cast<size_t>(s)])
            ids.push_back(m_fabric.switchAt(s).id);
    return ids;
}

void FabricDocument::replaceFabric(Fabric fabric, std::unordered_map<std::string, QPointF> pins, const QString &text)
{
    fabric.prepare();
    m_undoStack.push(new ReplaceFabricCommand(this, std::move(fabric), std::move(pins), text));
}

void FabricDocument::performSwapFabric(Fabric &fabric, std::unordered_map<std::string, QPointF> &pins,
                                       std::vector<char> &linkFailed, std::vector<char> &switchFailed)
{
    emit aboutToChange();
    std::swap(m_fabric, fabric);
    std::swap(m_pins, pins);
    std::swap(m_linkFailed, linkFailed);
    std::swap(m_switchFailed, switchFailed);
    m_fabric.prepare();
    m_failedCount = static_cast<int>(std::count(m_linkFailed.begin(), m_linkFailed.end(), 1)
                                     + std::count(m_switchFailed.begin(), m_switchFailed.end(), 1));
    announceEdit(FabricEdit{});
    emit changed(Change::Positions);
    emit changed(Change::Failures);
}

// --- Positions -----------------------------------------------------------------

void FabricDocument::moveNodes(const std::vector<std::pair<std::string, QPointF>> &positions, int dragId)
{
    MoveNodesCommand::Pins before, after;
    for (const auto &[id, pos] : positions) {
        if (m_fabric.findNode(id) < 0)
            continue;
        const auto it = m_pins.find(id);
        before.emplace_back(id, it != m_pins.end() ? std::optional<QPointF>(it->second) : std::nullopt);
        after.emplace_back(id, pos);
    }
    if (after.empty())
        return;
    const QString text = after.size() == 1 ? tr("Move %1").arg(qs(after.front().first))
                                           : tr("Move %n elements", nullptr, static_cast<int>(after.size()));
    m_undoStack.push(new MoveNodesCommand(this, std::move(before), std::move(after), dragId, text));
}

void FabricDocument::unpinNodes(const std::vector<std::string> &ids)
{
    MoveNodesCommand::Pins before, after;
    for (const std::string &id : ids) {
        const auto it = m_pins.find(id);
        if (it == m_pins.end())
            continue;
        before.emplace_back(id, it->second);
        after.emplace_back(id, std::nullopt);
    }
    if (after.empty())
        return;
    m_undoStack.push(new MoveNodesCommand(this, std::move(before), std::move(after), 0,
                                          tr("Unpin %n element(s)", nullptr, static_cast<int>(after.size()))));
}

void FabricDocument::performSetPins(const std::vector<std::pair<std::string, std::optional<QPointF>>> &pins)
{
    for (const auto &[id, pos] : pins) {
        if (pos)
            m_pins[id] = *pos;
        else
            m_pins.erase(id);
    }
    emit changed(Change::Positions);
}

} // namespace Railyard
