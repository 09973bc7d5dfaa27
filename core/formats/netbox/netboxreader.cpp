#include "core/formats/netbox/netboxreader.h"

#include "core/formats/importgraph/importgraph.h"
#include "core/formats/netbox/netboxreader_p.h"
#include "core/common/limits.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace Railyard::Netbox {
namespace {

using namespace Detail;

enum class Role { Unknown, Host, Leaf, Spine, Core, Switch };

/// The lower-cased words of a role's slug and name ("gpu-leaf Leaf" → gpu, leaf, leaf).
std::vector<std::string> words(const std::string &text)
{
    std::vector<std::string> out(1);
    for (const char c : text) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            out.back() += char(std::tolower(static_cast<unsigned char>(c)));
        else if (!out.back().empty())
            out.emplace_back();
    }
    if (out.back().empty())
        out.pop_back();
    return out;
}

/// A NetBox device role as a host or a switch tier. Whole words only, so
/// "storage" or "monitor" is no ToR.
Role roleOf(const std::string &role)
{
    const std::vector<std::string> w = words(role);
    const auto has = [&](std::string_view word) { return std::find(w.begin(), w.end(), word) != w.end(); };
    std::string joined;
    for (const std::string &s : w)
        joined += s;
    if ((has("super") && has("spine")) || has("superspine") || has("core"))
        return Role::Core;
    if (has("spine"))
        return Role::Spine;
    if (has("leaf") || has("tor") || joined.find("topofrack") != std::string::npos)
        return Role::Leaf;
    for (const char *word : {"server", "gpu", "compute", "host"})
        if (has(word))
            return Role::Host;
    if (has("switch"))
        return Role::Switch;
    return Role::Unknown;
}

/// Names in natural order: "Ethernet2" before "Ethernet10".
bool naturalLess(const std::string &a, const std::string &b)
{
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const bool da = std::isdigit(static_cast<unsigned char>(a[i])),
                   db = std::isdigit(static_cast<unsigned char>(b[j]));
        if (da && db) {
            size_t ei = i, ej = j;
            while (ei < a.size() && std::isdigit(static_cast<unsigned char>(a[ei])))
                ++ei;
            while (ej < b.size() && std::isdigit(static_cast<unsigned char>(b[ej])))
                ++ej;
            const std::string_view na = std::string_view(a).substr(i, ei - i),
                                   nb = std::string_view(b).substr(j, ej - j);
            const auto strip = [](std::string_view s) {
                while (s.size() > 1 && s.front() == '0')
                    s.remove_prefix(1);
                return s;
            };
            const std::string_view sa = strip(na), sb = strip(nb);
            if (sa.size() != sb.size())
                return sa.size() < sb.size();
            if (sa != sb)
                return sa < sb;
            i = ei;
            j = ej;
        } else {
            if (a[i] != b[j])
                return a[i] < b[j];
            ++i;
            ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

struct Port
{
    double gbps = 0; ///< from the interface's speed or type; 0 = unknown
    bool mgmtOnly = false;
    bool isVirtual = false; ///< LAG, bridge, virtual: no physical port
    bool linked = false;    ///< an end of an imported cable
    int number = 0;         ///< 1-based port on a switch; NIC number on a host
};

struct Device
{
    std::string name;
    std::string role; ///< as NetBox names it
    Role kind = Role::Unknown;
    std::string model, site, rack;
    std::map<std::string, Port> ports; ///< by interface name
};

struct Cabled
{
    std::string deviceA, portA, deviceB, portB;
    long long cable = -1;
};

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

class Builder
{
public:
    Builder(Records records, const QString &fabricName)
        : m_r(std::move(records))
        , m_name(fabricName)
    { }
    ReadResult run();

private:
    void warn(const QString &message, const Origin &origin = {}, const std::string &path = {})
    {
        m_r.warnings.push_back(
            {origin.file.isEmpty() ? m_name : origin.file, 0, 0, q(path.empty() ? origin.path : path), message});
    }
    /// The device of this name, added (without a role) when no devices page lists it.
    Device &device(const std::string &name)
    {
        auto [it, inserted] = m_byName.try_emplace(name, m_devices.size());
        if (inserted) {
            m_devices.push_back({});
            m_devices.back().name = name;
        }
        return m_devices[it->second];
    }
    void readDevices();
    void readInterfaces();
    void readCables();
    void numberPorts();
    std::vector<ImportGraph::Node> nodes();

    Records m_r;
    QString m_name;
    std::vector<Device> m_devices;
    std::map<std::string, size_t> m_byName;
    std::map<long long, std::string> m_deviceById;
    std::map<long long, std::pair<std::string, std::string>> m_interfaceById; ///< id → (device, name)
    std::vector<Cabled> m_links;
};

void Builder::readDevices()
{
    for (const DeviceRecord &d : m_r.devices) {
        std::string name = d.name;
        if (name.empty()) {
            name = "device-" + std::to_string(d.id);
            warn(QStringLiteral("device %1 has no name: imported as %2").arg(d.id).arg(q(name)), d.origin);
        }
        if (const auto it = m_byName.find(name); it != m_byName.end()) {
            // NetBox allows one name per site and tenant: tell the second apart by its id.
            const std::string renamed = name + "-" + std::to_string(d.id);
            warn(QStringLiteral("a second device named %1 (id %2): imported as %3")
                     .arg(q(name))
                     .arg(d.id)
                     .arg(q(renamed)),
                 d.origin);
            name = renamed;
        }
        Device &dev = device(name);
        dev.role = d.role;
        dev.kind = roleOf(d.role);
        dev.model = d.model;
        dev.site = d.site;
        dev.rack = d.rack;
        if (d.id >= 0)
            m_deviceById[d.id] = name;
    }
}

void Builder::readInterfaces()
{
    for (const InterfaceRecord &i : m_r.interfaces) {
        std::string owner = i.device;
        if (const auto it = m_deviceById.find(i.deviceId); it != m_deviceById.end())
            owner = it->second;
        if (owner.empty()) {
            warn(QStringLiteral("interface %1 of device %2, which no devices page lists and the interface does not "
                                "name: skipped")
                     .arg(q(i.name))
                     .arg(i.deviceId),
                 i.origin);
            continue;
        }
        Port &p = device(owner).ports[i.name];
        p.gbps = i.gbps > 0 ? i.gbps : gbpsFromType(i.type);
        p.mgmtOnly = i.mgmtOnly;
        p.isVirtual = i.type == "virtual" || i.type == "lag" || i.type == "bridge";
        if (i.id >= 0)
            m_interfaceById[i.id] = {owner, i.name};
    }
}

void Builder::readCables()
{
    std::map<std::string, std::vector<long long>> otherEnds; ///< object type → cables, reported once per type
    for (const CableRecord &c : m_r.cables) {
        const QString cable = c.id >= 0 ? QStringLiteral("cable %1").arg(c.id) : QStringLiteral("a cable");
        std::string status;
        for (const char ch : c.status)
            status += char(std::tolower(static_cast<unsigned char>(ch)));
        if (!status.empty() && status != "connected") {
            warn(QStringLiteral("%1 is %2: %2 cables are not imported as links").arg(cable, q(status)), c.origin);
            continue;
        }
        if (c.a.empty() || c.b.empty()) {
            warn(QStringLiteral("%1 has no %2 end: not imported").arg(cable, c.a.empty() ? QStringLiteral("A") : QStringLiteral("B")), c.origin);
            continue;
        }
        bool usable = true;
        for (const auto *side : {&c.a, &c.b})
            for (const Termination &t : *side) {
                if (t.objectType == "dcim.interface" || !usable)
                    continue;
                usable = false;
                if (t.objectType == "dcim.frontport" || t.objectType == "dcim.rearport")
                    warn(QStringLiteral("%1 ends on a patch panel's %2: not imported (NetBox's trace of the "
                                        "interfaces at both ends gives the path through the panel)")
                             .arg(cable, q(t.objectType.substr(5))),
                         c.origin, t.path);
                else
                    otherEnds[t.objectType].push_back(c.id);
            }
        if (!usable)
            continue;
        if (c.a.size() != c.b.size()) {
            warn(QStringLiteral("%1 has %2 A and %3 B terminations (a breakout or trunk cable): not imported")
                     .arg(cable)
                     .arg(c.a.size())
                     .arg(c.b.size()),
                 c.origin);
            continue;
        }
        // Each end as (device, interface): from the termination, else from the interfaces pages.
        std::vector<std::pair<std::string, std::string>> a, b;
        for (const auto &[side, out] : {std::pair(&c.a, &a), std::pair(&c.b, &b)})
            for (const Termination &t : *side) {
                std::string dev = t.device, name = t.name;
                if (const auto it = m_deviceById.find(t.deviceId); it != m_deviceById.end())
                    dev = it->second;
                if (const auto it = m_interfaceById.find(t.objectId); it != m_interfaceById.end()) {
                    dev = it->second.first;
                    name = it->second.second;
                }
                if (dev.empty() || name.empty()) {
                    warn(QStringLiteral("%1: interface %2 is in no interfaces page and the cable does not name it "
                                        "and its device: not imported")
                             .arg(cable)
                             .arg(t.objectId),
                         c.origin, t.path);
                    usable = false;
                }
                out->emplace_back(dev, name);
            }
        if (!usable)
            continue;
        for (size_t k = 0; k < a.size(); ++k) {
            device(a[k].first).ports[a[k].second].linked = true;
            device(b[k].first).ports[b[k].second].linked = true;
            m_links.push_back({a[k].first, a[k].second, b[k].first, b[k].second, c.id});
        }
    }
    for (const auto &[type, ids] : otherEnds) {
        QStringList first;
        for (size_t k = 0; k < ids.size() && k < 5; ++k)
            first << QString::number(ids[k]);
        warn(QStringLiteral("%1 cables end on a %2 (not an interface): not imported (cables %3%4)")
                 .arg(ids.size())
                 .arg(q(type))
                 .arg(first.join(QStringLiteral(", ")))
                 .arg(ids.size() > 5 ? QStringLiteral(", …") : QString()));
    }
}

void Builder::numberPorts()
{
    int inOrder = 0;
    for (Device &d : m_devices) {
        // A host numbers its cabled interfaces (its NICs); a switch every physical port.
        std::vector<std::string> names;
        for (const auto &[name, p] : d.ports)
            if (d.kind == Role::Host ? p.linked : p.linked || (!p.mgmtOnly && !p.isVirtual))
                names.push_back(name);
        std::sort(names.begin(), names.end(), naturalLess);
        std::set<int> numbers;
        bool byName = true;
        for (const std::string &n : names) {
            const int k = ImportGraph::trailingNumber(n);
            byName = byName && k >= 0 && k < Limits::maxRadix && numbers.insert(k).second;
        }
        // Switch ports are 1-based; names counting from 0 ("swp0") are shifted by one.
        const int shift = d.kind == Role::Host ? 0 : (byName && numbers.count(0) ? 1 : 0);
        for (size_t k = 0; k < names.size(); ++k)
            d.ports[names[k]].number
                = byName ? ImportGraph::trailingNumber(names[k]) + shift : int(k) + (d.kind == Role::Host ? 0 : 1);
        if (!byName && names.size() > 1)
            ++inOrder;
    }
    if (inOrder > 0)
        warn(QStringLiteral("%1 devices have interface names whose numbers repeat or are missing: their ports are "
                            "numbered in name order")
                 .arg(inOrder));
}

std::vector<ImportGraph::Node> Builder::nodes()
{
    using ImportGraph::Node;
    using ImportGraph::NodeType;
    std::vector<Node> out;
    std::map<std::pair<std::string, std::string>, size_t> nodeOf; ///< (device, interface) → node
    for (const Device &d : m_devices) {
        if (d.kind == Role::Host) {
            for (const auto &[name, p] : d.ports) {
                if (!p.linked)
                    continue;
                Node n;
                n.type = NodeType::Ca;
                n.nodeId = d.name + ":" + name;
                n.desc = d.name + " " + name;
                n.host = d.name;
                n.device = p.number;
                n.ports = 1;
                n.rack = d.rack;
                n.zone = d.site;
                n.role = "host";
                n.model = d.model;
                nodeOf[{d.name, name}] = out.size();
                out.push_back(std::move(n));
            }
            if (std::none_of(d.ports.begin(), d.ports.end(), [](const auto &p) { return p.second.linked; }))
                warn(QStringLiteral("host %1 has no connected cable: not imported").arg(q(d.name)));
            continue;
        }
        Node n;
        n.type = d.kind == Role::Unknown ? NodeType::Unknown : NodeType::Switch;
        n.nodeId = d.name;
        n.desc = d.name;
        for (const auto &[name, p] : d.ports)
            n.ports = std::max(n.ports, p.number);
        n.rack = d.rack;
        n.zone = d.site;
        n.model = d.model;
        n.role = d.kind == Role::Leaf ? "leaf"
            : d.kind == Role::Spine   ? "spine"
            : d.kind == Role::Core    ? "core"
            : d.kind == Role::Switch  ? "switch"
                                      : d.role; // the builder reads what it can from other roles
        for (const auto &[name, p] : d.ports)
            nodeOf[{d.name, name}] = out.size();
        out.push_back(std::move(n));
    }
    bool anySpeed = false;
    for (const Cabled &l : m_links)
        anySpeed = anySpeed || m_devices[m_byName[l.deviceA]].ports[l.portA].gbps > 0
            || m_devices[m_byName[l.deviceB]].ports[l.portB].gbps > 0;
    if (!anySpeed && !m_links.empty())
        warn(QStringLiteral("no interface gives a speed (no interfaces pages?): links imported at 400 Gb/s; read "
                            "the interfaces pages too for their real speeds"));
    const auto isSwitch
        = [](Role r) { return r == Role::Leaf || r == Role::Spine || r == Role::Core || r == Role::Switch; };
    for (Cabled l : m_links) {
        // Listed from the host's (or the unknown device's) end, so the builder
        // has the NIC's name to number the host's NICs by.
        if (isSwitch(m_devices[m_byName[l.deviceA]].kind) && !isSwitch(m_devices[m_byName[l.deviceB]].kind)) {
            std::swap(l.deviceA, l.deviceB);
            std::swap(l.portA, l.portB);
        }
        const Device &a = m_devices[m_byName[l.deviceA]], &b = m_devices[m_byName[l.deviceB]];
        const Port &pa = a.ports.at(l.portA), &pb = b.ports.at(l.portB);
        if (a.kind == Role::Host && b.kind == Role::Host) {
            warn(QStringLiteral("cable %1 joins two hosts (%2, %3): not imported; hosts connect to switches")
                     .arg(l.cable)
                     .arg(q(a.name), q(b.name)));
            continue;
        }
        ImportGraph::PortLine line;
        line.port = a.kind == Role::Host ? 1 : pa.number;
        line.remote = out[nodeOf.at({b.name, l.portB})].nodeId;
        line.remotePort = b.kind == Role::Host ? 1 : pb.number;
        line.portName = l.portA;
        // A link runs at its slower end; without a speed at either end the
        // builder gives it its tier peers' rate.
        const double ga = pa.gbps, gb = pb.gbps;
        line.gbps = ga > 0 && gb > 0 ? std::min(ga, gb) : std::max(ga, gb);
        if (ga > 0 && gb > 0 && ga != gb)
            warn(QStringLiteral("cable %1: %2 %3 runs at %4 Gb/s, %5 %6 at %7 Gb/s: imported at the slower")
                     .arg(l.cable)
                     .arg(q(a.name), q(l.portA))
                     .arg(ga)
                     .arg(q(b.name), q(l.portB))
                     .arg(gb));
        if (!anySpeed)
            line.gbps = 400;
        out[nodeOf.at({a.name, l.portA})].links.push_back(std::move(line));
    }
    return out;
}

ReadResult Builder::run()
{
    if (!m_r.errors.empty()) {
        ReadResult r;
        r.errors = std::move(m_r.errors);
        r.warnings = std::move(m_r.warnings);
        return r;
    }
    readDevices();
    readInterfaces();
    readCables();
    const char *kinds[] = {"devices", "interfaces", "cables"};
    const size_t read[] = {m_r.devices.size(), m_r.interfaces.size(), m_r.cables.size()};
    for (int k = 0; k < 3; ++k)
        if (m_r.reported[k] > (long long)read[k])
            warn(QStringLiteral("NetBox lists %1 %2; the pages read hold %3: save every page (follow \"next\") to "
                                "import them all")
                     .arg(m_r.reported[k])
                     .arg(QLatin1String(kinds[k]))
                     .arg(read[k]));
    if (m_links.empty()) {
        ReadResult r;
        r.errors.push_back({m_name,
                            0,
                            0,
                            {},
                            QStringLiteral("no connected cable between interfaces: nothing to "
                                           "import (are the cables pages among the files?)")});
        r.warnings = std::move(m_r.warnings);
        return r;
    }
    numberPorts();
    std::vector<ImportGraph::Node> graph = nodes();
    return ImportGraph::build(std::move(graph), std::move(m_r.warnings), m_name);
}

} // namespace

ReadResult read(const std::vector<Source> &sources, const QString &fabricName)
{
    Records records;
    for (const Source &s : sources)
        parseSource(s, records);
    return Builder(std::move(records), fabricName).run();
}

bool looksLikePage(const QByteArray &head)
{
    qsizetype i = 0;
    while (i < head.size() && std::isspace(static_cast<unsigned char>(head[i])))
        ++i;
    if (i >= head.size() || (head[i] != '{' && head[i] != '['))
        return false;
    for (qsizetype at = head.indexOf("\"results\""); at >= 0; at = head.indexOf("\"results\"", at + 1)) {
        qsizetype k = at + 9;
        while (k < head.size() && std::isspace(static_cast<unsigned char>(head[k])))
            ++k;
        if (k >= head.size() || head[k] != ':')
            continue;
        ++k;
        while (k < head.size() && std::isspace(static_cast<unsigned char>(head[k])))
            ++k;
        if (k < head.size() && head[k] == '[')
            return true;
    }
    return false;
}

} // namespace Railyard::Netbox
