// Writing a fabric as Graphviz DOT (dotreader.h): attributes the reader
// takes back, so a written fabric reads back with the same hosts, NICs,
// switches, tiers, links, ports and speeds; Graphviz draws it as it is.

#include "core/formats/dot/dotreader.h"

#include <charconv>

namespace Railyard::Dot {
namespace {

/// A quoted DOT ID: `"` and `\` escaped (the reader takes `\"` and `\\` back).
std::string quote(const std::string &s)
{
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + '"';
}

std::string number(double v)
{
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

/// A host's port by its NIC-port index: "nicK/P" (K the NIC, P 1-based within it); empty when unassigned.
std::string hostPortName(const Host &h, int port)
{
    if (port < 0)
        return {};
    int offset = 0;
    for (size_t k = 0; k < h.nics.size(); ++k) {
        if (port < offset + h.nics[k].ports)
            return "nic" + std::to_string(k) + "/" + std::to_string(port - offset + 1);
        offset += h.nics[k].ports;
    }
    return "nic" + std::to_string(h.nics.size()) + "/" + std::to_string(port - offset + 1);
}

void location(std::string &out, const Location &loc)
{
    if (!loc.rack.empty())
        out += ", rack=" + quote(loc.rack);
    if (!loc.zone.empty())
        out += ", zone=" + quote(loc.zone);
}

} // namespace

std::string write(const Fabric &fabric)
{
    std::string out = "// A Railyard fabric: " + std::to_string(fabric.hostCount()) + " hosts, "
        + std::to_string(fabric.switchCount()) + " switches, " + std::to_string(fabric.linkCount())
        + " links. Attributes: docs/fabric-format.md, \"Graphviz DOT\".\n";
    out += "graph " + quote(fabric.name) + " {\n";
    out += "  node [shape=box];\n";
    for (const Host &h : fabric.hosts()) {
        out += "  " + quote(h.id) + " [role=host, gpus=" + std::to_string(h.gpus) + ", gpu_model=" + quote(h.gpuModel);
        location(out, h.location);
        out += "];\n";
    }
    for (const Switch &s : fabric.switches()) {
        out += "  " + quote(s.id) + " [role=switch";
        if (s.tier != Tier::Unlayered)
            out += ", tier=" + std::string(tierName(s.tier));
        out += ", radix=" + std::to_string(s.radix);
        if (!s.model.empty())
            out += ", model=" + quote(s.model);
        location(out, s.location);
        out += "];\n";
    }
    auto portName = [&](NodeIndex n, int port) {
        if (fabric.isHost(n))
            return hostPortName(fabric.host(n), port);
        return port < 0 ? std::string() : std::to_string(port + 1);
    };
    for (const Link &l : fabric.links()) {
        if (l.a < 0 || l.a >= fabric.nodeCount() || l.b < 0 || l.b >= fabric.nodeCount())
            continue; // a dangling end: FileFormat::write refuses such a fabric before
        out += "  " + quote(fabric.nodeId(l.a)) + " -- " + quote(fabric.nodeId(l.b)) + " [";
        const std::string a = portName(l.a, l.portA), b = portName(l.b, l.portB);
        if (!a.empty())
            out += "a_port=" + quote(a) + ", ";
        if (!b.empty())
            out += "b_port=" + quote(b) + ", ";
        out += "gbps=" + number(l.capacityGbps);
        if (l.state != LinkState::Up)
            out += ", state=" + std::string(linkStateName(l.state));
        if (l.state == LinkState::Degraded)
            out += ", degraded_gbps=" + number(l.degradedGbps);
        out += "];\n";
    }
    out += "}\n";
    return out;
}

} // namespace Railyard::Dot
