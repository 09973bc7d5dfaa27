#include "core/compare/fabricdiff.h"

#include "core/compare/comparejson_p.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>
#include <unordered_map>

namespace Railyard {
namespace {

using Json = nlohmann::ordered_json;

struct End
{
    std::string node;
    int port = -1;
    bool operator==(const End &o) const { return node == o.node && port == o.port; }
};

std::string key(const End &e)
{
    return e.node + '\x1f' + std::to_string(e.port);
}

/// "leaf-0001 port 5" (1-based, as printed on the switch) or "gpu001 NIC port 1".
std::string describe(const Fabric &f, const End &e)
{
    const NodeIndex n = f.findNode(e.node);
    if (n >= 0 && f.isHost(n))
        return e.node + " NIC port " + std::to_string(e.port + 1);
    return e.node + " port " + std::to_string(e.port + 1);
}

std::string gbps(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g Gb/s", v);
    return buf;
}

LinkRef refOf(const Fabric &f, std::int32_t i)
{
    const Link &l = f.link(i);
    return {l.id, f.nodeId(l.a), f.nodeId(l.b), l.portA, l.portB, l.capacityGbps, l.effectiveGbps()};
}

/// Each end's link, for links with both ports known.
std::unordered_map<std::string, std::int32_t> endsOf(const Fabric &f)
{
    std::unordered_map<std::string, std::int32_t> at;
    for (std::int32_t i = 0; i < std::int32_t(f.links().size()); ++i) {
        const Link &l = f.link(i);
        if (l.portA < 0 || l.portB < 0)
            continue;
        at.emplace(key({f.nodeId(l.a), l.portA}), i);
        at.emplace(key({f.nodeId(l.b), l.portB}), i);
    }
    return at;
}

/// The other end of link i, seen from `from`.
End peerOf(const Fabric &f, std::int32_t i, const End &from)
{
    const Link &l = f.link(i);
    const End a{f.nodeId(l.a), l.portA}, b{f.nodeId(l.b), l.portB};
    return a == from ? b : a;
}

} // namespace

const char *cablingFindingKindName(CablingFinding::Kind kind)
{
    switch (kind) {
    case CablingFinding::Kind::Missing: return "missing";
    case CablingFinding::Kind::Extra: return "extra";
    case CablingFinding::Kind::Miswired: return "miswired";
    case CablingFinding::Kind::Swapped: return "swapped";
    case CablingFinding::Kind::WrongSpeed: return "wrong_speed";
    case CablingFinding::Kind::Unverifiable: return "unverifiable";
    }
    return "missing";
}

CablingReport verifyCabling(const Fabric &design, const Fabric &found)
{
    CablingReport r;
    r.designName = design.name;
    r.discoveredName = found.name;
    r.designCables = std::int64_t(design.links().size());
    r.discoveredCables = std::int64_t(found.links().size());
    const auto foundAt = endsOf(found);
    const auto designAt = endsOf(design);
    std::vector<bool> consumed(found.links().size(), false);
    std::vector<std::int32_t> open; ///< design links not found as designed

    auto checkSpeed = [&](std::int32_t d, std::int32_t f) {
        const Link &dl = design.link(d);
        const Link &fl = found.link(f);
        if (fl.effectiveGbps() != dl.capacityGbps)
            r.findings.push_back(
                {CablingFinding::Kind::WrongSpeed,
                 dl.id + " runs at " + gbps(fl.effectiveGbps()) + "; designed " + gbps(dl.capacityGbps),
                 {refOf(design, d)},
                 {refOf(found, f)}});
    };

    // 1. Cables exactly where the design puts them.
    for (std::int32_t d = 0; d < std::int32_t(design.links().size()); ++d) {
        const Link &l = design.link(d);
        const End a{design.nodeId(l.a), l.portA}, b{design.nodeId(l.b), l.portB};
        if (l.portA >= 0 && l.portB >= 0) {
            const auto it = foundAt.find(key(a));
            if (it != foundAt.end() && !consumed[size_t(it->second)] && peerOf(found, it->second, a) == b) {
                consumed[size_t(it->second)] = true;
                ++r.matched;
                checkSpeed(d, it->second);
                continue;
            }
        }
        open.push_back(d);
    }
    // 2. Where either side does not say which ports: the same two devices will do.
    std::map<std::pair<std::string, std::string>, std::vector<std::int32_t>> byPair;
    for (std::int32_t f = 0; f < std::int32_t(found.links().size()); ++f) {
        if (consumed[size_t(f)])
            continue;
        std::string x = found.nodeId(found.link(f).a), y = found.nodeId(found.link(f).b);
        if (y < x)
            std::swap(x, y);
        byPair[{x, y}].push_back(f);
    }
    std::vector<std::int32_t> stillOpen;
    for (std::int32_t d : open) {
        const Link &l = design.link(d);
        std::string x = design.nodeId(l.a), y = design.nodeId(l.b);
        if (y < x)
            std::swap(x, y);
        std::int32_t match = -1;
        for (std::int32_t f : byPair[{x, y}]) {
            const Link &fl = found.link(f);
            if (!consumed[size_t(f)] && (l.portA < 0 || l.portB < 0 || fl.portA < 0 || fl.portB < 0)) {
                match = f;
                break;
            }
        }
        if (match < 0) {
            stillOpen.push_back(d);
            continue;
        }
        consumed[size_t(match)] = true;
        ++r.matched;
        checkSpeed(d, match);
    }
    // 3. Swapped pairs, miswired and missing cables.
    std::vector<bool> reported(design.links().size(), false);
    auto foundPeer = [&](const End &e) -> std::optional<std::pair<End, std::int32_t>> {
        const auto it = foundAt.find(key(e));
        if (it == foundAt.end())
            return std::nullopt;
        return std::pair(peerOf(found, it->second, e), it->second);
    };
    std::unordered_map<std::string, std::int32_t> openAt; ///< end → open design link
    for (std::int32_t d : stillOpen) {
        const Link &l = design.link(d);
        openAt.emplace(key({design.nodeId(l.a), l.portA}), d);
        openAt.emplace(key({design.nodeId(l.b), l.portB}), d);
    }
    for (std::int32_t d1 : stillOpen) {
        if (reported[size_t(d1)])
            continue;
        const Link &l1 = design.link(d1);
        const End a1{design.nodeId(l1.a), l1.portA}, b1{design.nodeId(l1.b), l1.portB};
        bool swapped = false;
        for (const auto &[near, far] : {std::pair(a1, b1), std::pair(b1, a1)}) {
            const auto atNear = foundPeer(near);
            if (!atNear)
                continue;
            // near is cabled to X, which the design gives to d2 (X—Y); is Y cabled to our far end?
            const auto other = openAt.find(key(atNear->first));
            if (other == openAt.end() || other->second == d1 || reported[size_t(other->second)])
                continue;
            const std::int32_t d2 = other->second;
            const End y = peerOf(design, d2, atNear->first);
            const auto atY = foundPeer(y);
            if (!atY || !(atY->first == far))
                continue;
            reported[size_t(d1)] = reported[size_t(d2)] = true;
            consumed[size_t(atNear->second)] = consumed[size_t(atY->second)] = true;
            r.findings.push_back({CablingFinding::Kind::Swapped,
                                  "swapped cables: " + describe(design, near) + " goes to "
                                      + describe(design, atNear->first) + " and " + describe(design, y) + " to "
                                      + describe(design, far) + "; designed " + describe(design, near) + " — "
                                      + describe(design, far) + " and " + describe(design, y) + " — "
                                      + describe(design, atNear->first),
                                  {refOf(design, d1), refOf(design, d2)},
                                  {refOf(found, atNear->second), refOf(found, atY->second)}});
            swapped = true;
            break;
        }
        if (swapped)
            continue;
        reported[size_t(d1)] = true;
        const auto atA = l1.portA >= 0 ? foundPeer(a1) : std::nullopt;
        const auto atB = l1.portB >= 0 ? foundPeer(b1) : std::nullopt;
        if (!atA && !atB) {
            r.findings.push_back({CablingFinding::Kind::Missing,
                                  "missing cable " + l1.id + ": " + describe(design, a1) + " — " + describe(design, b1)
                                      + " (both ports are empty)",
                                  {refOf(design, d1)},
                                  {}});
            continue;
        }
        std::string message
            = "miswired " + l1.id + ": designed " + describe(design, a1) + " — " + describe(design, b1) + ";";
        CablingFinding finding{CablingFinding::Kind::Miswired, {}, {refOf(design, d1)}, {}};
        for (const auto &[end, at] : {std::pair(a1, atA), std::pair(b1, atB)}) {
            if (at) {
                message += " " + describe(design, end) + " goes to " + describe(found, at->first) + ";";
                finding.discovered.push_back(refOf(found, at->second));
                consumed[size_t(at->second)] = true;
            } else {
                message += " " + describe(design, end) + " is empty;";
            }
        }
        message.pop_back();
        finding.message = std::move(message);
        r.findings.push_back(std::move(finding));
    }
    // 4. Cables the design does not have at all.
    for (std::int32_t f = 0; f < std::int32_t(found.links().size()); ++f) {
        if (consumed[size_t(f)])
            continue;
        const Link &l = found.link(f);
        const End a{found.nodeId(l.a), l.portA}, b{found.nodeId(l.b), l.portB};
        const bool usedA = l.portA >= 0 && designAt.count(key(a));
        const bool usedB = l.portB >= 0 && designAt.count(key(b));
        r.findings.push_back({CablingFinding::Kind::Extra,
                              "extra cable " + describe(found, a) + " — " + describe(found, b)
                                  + (usedA || usedB ? " (on a port the design uses for another cable)" : ""),
                              {},
                              {refOf(found, f)}});
    }
    return r;
}

std::string cablingToJson(const CablingReport &r, int indent)
{
    Json j;
    j["design"] = r.designName;
    j["discovered"] = r.discoveredName;
    j["clean"] = r.clean();
    j["design_cables"] = r.designCables;
    j["discovered_cables"] = r.discoveredCables;
    j["matched"] = r.matched;
    Json findings = Json::array();
    for (const CablingFinding &f : r.findings) {
        Json item;
        item["kind"] = cablingFindingKindName(f.kind);
        item["message"] = f.message;
        auto refs = [](const std::vector<LinkRef> &links) {
            Json list = Json::array();
            for (const LinkRef &l : links)
                list.push_back(CompareJson::link(l));
            return list;
        };
        item["design"] = refs(f.design);
        item["discovered"] = refs(f.discovered);
        findings.push_back(std::move(item));
    }
    j["findings"] = std::move(findings);
    return j.dump(indent, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string cablingToText(const CablingReport &r)
{
    std::string out = r.designName + " (design, " + std::to_string(r.designCables) + " cables) vs " + r.discoveredName
        + " (discovered, " + std::to_string(r.discoveredCables) + "): " + std::to_string(r.matched) + " as designed, "
        + std::to_string(r.findings.size()) + (r.findings.size() == 1 ? " finding\n" : " findings\n");
    for (const CablingFinding &f : r.findings)
        out += std::string("  ") + cablingFindingKindName(f.kind) + ": " + f.message + "\n";
    return out;
}

} // namespace Railyard
