#include "core/compare/fabricdiff.h"

#include "core/analysis/counts.h"
#include "core/compare/comparejson_p.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <map>
#include <unordered_map>

namespace Railyard {
namespace {

using Json = nlohmann::ordered_json;

std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

const char *stateName(LinkState s)
{
    switch (s) {
    case LinkState::Up: return "up";
    case LinkState::Down: return "down";
    case LinkState::Degraded: return "degraded";
    }
    return "up";
}

LinkRef refOf(const Fabric &f, const Link &l)
{
    return {l.id, f.nodeId(l.a), f.nodeId(l.b), l.portA, l.portB, l.capacityGbps, l.effectiveGbps()};
}

/// A link's ends in id order, with their ports.
struct Oriented
{
    std::string lo, hi;
    int portLo = -1, portHi = -1;
    std::int32_t index = -1;
};

Oriented orient(const Fabric &f, std::int32_t i)
{
    const Link &l = f.link(i);
    Oriented o{f.nodeId(l.a), f.nodeId(l.b), l.portA, l.portB, i};
    if (o.hi < o.lo) {
        std::swap(o.lo, o.hi);
        std::swap(o.portLo, o.portHi);
    }
    return o;
}

FabricSummary summarize(const Fabric &f)
{
    FabricSummary s;
    const FabricCounts counts = countFabric(f);
    s.gpus = counts.gpus;
    s.hosts = f.hostCount();
    s.switches = f.switchCount();
    s.links = std::int64_t(f.links().size());
    for (const Link &l : f.links())
        s.linkGbps += l.capacityGbps;
    const AnalysisReport report = analyzeFabric(f);
    s.bisectionGbps = report.bisection.gbps;
    s.bisectionExact = report.bisection.exact;
    for (const TierOversubscription &t : report.oversubscription.tiers)
        s.oversubscription.emplace_back(t.tier, t.ratio);
    return s;
}

std::vector<std::string> hostChanges(const Host &a, const Host &b)
{
    std::vector<std::string> out;
    if (a.gpus != b.gpus)
        out.push_back("gpus " + std::to_string(a.gpus) + " → " + std::to_string(b.gpus));
    if (a.gpuModel != b.gpuModel)
        out.push_back("gpu model " + a.gpuModel + " → " + b.gpuModel);
    if (a.nics.size() != b.nics.size())
        out.push_back("NICs " + std::to_string(a.nics.size()) + " → " + std::to_string(b.nics.size()));
    else
        for (size_t k = 0; k < a.nics.size(); ++k)
            if (a.nics[k].speedGbps != b.nics[k].speedGbps)
                out.push_back("NIC " + std::to_string(k) + " " + number(a.nics[k].speedGbps) + " → "
                              + number(b.nics[k].speedGbps) + " Gb/s");
    if (a.location.rack != b.location.rack)
        out.push_back("rack " + a.location.rack + " → " + b.location.rack);
    if (a.nvlinkDomain != b.nvlinkDomain) {
        auto domain = [](const std::string &name) { return name.empty() ? std::string("none") : name; };
        out.push_back("nvlink domain " + domain(a.nvlinkDomain) + " → " + domain(b.nvlinkDomain));
    }
    return out;
}

std::vector<std::string> switchChanges(const Switch &a, const Switch &b)
{
    std::vector<std::string> out;
    if (a.tier != b.tier)
        out.push_back(std::string("tier ") + tierName(a.tier) + " → " + tierName(b.tier));
    if (a.radix != b.radix)
        out.push_back("radix " + std::to_string(a.radix) + " → " + std::to_string(b.radix));
    if (a.model != b.model)
        out.push_back("model " + a.model + " → " + b.model);
    if (a.sharp != b.sharp)
        out.push_back(std::string("SHARP ") + (a.sharp ? "yes" : "no") + " → " + (b.sharp ? "yes" : "no"));
    return out;
}

std::vector<std::string> linkChanges(const Link &a, const Link &b, const Oriented &oa, const Oriented &ob)
{
    std::vector<std::string> out;
    if (a.capacityGbps != b.capacityGbps)
        out.push_back("capacity " + number(a.capacityGbps) + " → " + number(b.capacityGbps) + " Gb/s");
    if (a.state != b.state)
        out.push_back(std::string("state ") + stateName(a.state) + " → " + stateName(b.state));
    else if (a.state == LinkState::Degraded && a.degradedGbps != b.degradedGbps)
        out.push_back("degraded rate " + number(a.degradedGbps) + " → " + number(b.degradedGbps) + " Gb/s");
    if (oa.portLo >= 0 && ob.portLo >= 0 && (oa.portLo != ob.portLo || oa.portHi != ob.portHi))
        out.push_back("ports " + oa.lo + ":" + std::to_string(oa.portLo) + "/" + oa.hi + ":" + std::to_string(oa.portHi)
                      + " → " + std::to_string(ob.portLo) + "/" + std::to_string(ob.portHi));
    return out;
}

Json summaryJson(const FabricSummary &s)
{
    Json j;
    j["gpus"] = s.gpus;
    j["hosts"] = s.hosts;
    j["switches"] = s.switches;
    j["links"] = s.links;
    j["link_gbps"] = s.linkGbps;
    j["bisection_gbps"] = s.bisectionGbps;
    j["bisection_exact"] = s.bisectionExact;
    Json tiers = Json::object();
    for (const auto &[tier, ratio] : s.oversubscription)
        tiers[tierName(tier)] = std::isfinite(ratio) ? Json(ratio) : Json(nullptr);
    j["oversubscription"] = std::move(tiers);
    return j;
}

} // namespace

bool FabricDiff::empty() const
{
    return addedHosts.empty() && removedHosts.empty() && addedSwitches.empty() && removedSwitches.empty()
        && changedHosts.empty() && changedSwitches.empty() && addedLinks.empty() && removedLinks.empty()
        && changedLinks.empty();
}

FabricDiff diffFabrics(const Fabric &before, const Fabric &after, bool analyze)
{
    FabricDiff d;
    d.beforeName = before.name;
    d.afterName = after.name;
    for (const Host &h : before.hosts()) {
        const NodeIndex n = after.findNode(h.id);
        if (n < 0 || !after.isHost(n))
            d.removedHosts.push_back(h.id);
        else if (std::vector<std::string> c = hostChanges(h, after.host(n)); !c.empty())
            d.changedHosts.push_back({h.id, std::move(c)});
    }
    for (const Host &h : after.hosts()) {
        const NodeIndex n = before.findNode(h.id);
        if (n < 0 || !before.isHost(n))
            d.addedHosts.push_back(h.id);
    }
    for (const Switch &s : before.switches()) {
        const NodeIndex n = after.findNode(s.id);
        if (n < 0 || !after.isSwitch(n))
            d.removedSwitches.push_back(s.id);
        else if (std::vector<std::string> c = switchChanges(s, after.switchAt(after.switchIndexOf(n))); !c.empty())
            d.changedSwitches.push_back({s.id, std::move(c)});
    }
    for (const Switch &s : after.switches()) {
        const NodeIndex n = before.findNode(s.id);
        if (n < 0 || !before.isSwitch(n))
            d.addedSwitches.push_back(s.id);
    }

    // Links by their pair of ends; within a pair, same ports first, then in order.
    std::map<std::pair<std::string, std::string>, std::pair<std::vector<Oriented>, std::vector<Oriented>>> pairs;
    for (std::int32_t i = 0; i < std::int32_t(before.links().size()); ++i) {
        Oriented o = orient(before, i);
        pairs[{o.lo, o.hi}].first.push_back(std::move(o));
    }
    for (std::int32_t i = 0; i < std::int32_t(after.links().size()); ++i) {
        Oriented o = orient(after, i);
        pairs[{o.lo, o.hi}].second.push_back(std::move(o));
    }
    for (auto &[key, sides] : pairs) {
        auto &[was, now] = sides;
        std::vector<bool> usedNow(now.size(), false);
        std::vector<int> match(was.size(), -1);
        for (size_t i = 0; i < was.size(); ++i)
            for (size_t j = 0; j < now.size(); ++j)
                if (!usedNow[j] && was[i].portLo >= 0 && was[i].portLo == now[j].portLo
                    && was[i].portHi == now[j].portHi) {
                    match[i] = int(j);
                    usedNow[j] = true;
                    break;
                }
        for (size_t i = 0, j = 0; i < was.size(); ++i) {
            if (match[i] >= 0)
                continue;
            while (j < now.size() && usedNow[j])
                ++j;
            if (j < now.size()) {
                match[i] = int(j);
                usedNow[j] = true;
            }
        }
        for (size_t i = 0; i < was.size(); ++i) {
            const Link &a = before.link(was[i].index);
            if (match[i] < 0) {
                d.removedLinks.push_back(refOf(before, a));
                continue;
            }
            const Oriented &o = now[size_t(match[i])];
            const Link &b = after.link(o.index);
            if (std::vector<std::string> c = linkChanges(a, b, was[i], o); !c.empty())
                d.changedLinks.push_back({refOf(before, a), refOf(after, b), std::move(c)});
        }
        for (size_t j = 0; j < now.size(); ++j)
            if (!usedNow[j])
                d.addedLinks.push_back(refOf(after, after.link(now[j].index)));
    }
    if (analyze) {
        d.before = summarize(before);
        d.after = summarize(after);
    }
    return d;
}

std::string diffToJson(const FabricDiff &d, int indent)
{
    Json j;
    j["identical"] = d.empty();
    auto names = [](const std::vector<std::string> &v) { return Json(v); };
    auto changes = [](const std::vector<ElementChange> &v) {
        Json list = Json::array();
        for (const ElementChange &c : v)
            list.push_back(Json{{"id", c.id}, {"changes", c.changes}});
        return list;
    };
    j["hosts"]
        = {{"added", names(d.addedHosts)}, {"removed", names(d.removedHosts)}, {"changed", changes(d.changedHosts)}};
    j["switches"] = {{"added", names(d.addedSwitches)},
                     {"removed", names(d.removedSwitches)},
                     {"changed", changes(d.changedSwitches)}};
    Json links;
    links["added"] = Json::array();
    for (const LinkRef &l : d.addedLinks)
        links["added"].push_back(CompareJson::link(l));
    links["removed"] = Json::array();
    for (const LinkRef &l : d.removedLinks)
        links["removed"].push_back(CompareJson::link(l));
    links["changed"] = Json::array();
    for (const FabricLinkChange &c : d.changedLinks)
        links["changed"].push_back(
            Json{{"before", CompareJson::link(c.before)}, {"after", CompareJson::link(c.after)}, {"changes", c.changes}});
    j["links"] = std::move(links);
    if (d.before && d.after) {
        j["before"] = summaryJson(*d.before);
        j["after"] = summaryJson(*d.after);
        j["capacity_delta_gbps"] = d.after->linkGbps - d.before->linkGbps;
        j["bisection_delta_gbps"] = d.after->bisectionGbps - d.before->bisectionGbps;
    }
    j["before"]["name"] = d.beforeName;
    j["after"]["name"] = d.afterName;
    return j.dump(indent, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string diffToText(const FabricDiff &d)
{
    std::string out = d.beforeName + " → " + d.afterName + ": ";
    auto count = [](size_t added, size_t removed, size_t changed) {
        return "+" + std::to_string(added) + " −" + std::to_string(removed) + " ~" + std::to_string(changed);
    };
    out += "hosts " + count(d.addedHosts.size(), d.removedHosts.size(), d.changedHosts.size());
    out += ", switches " + count(d.addedSwitches.size(), d.removedSwitches.size(), d.changedSwitches.size());
    out += ", links " + count(d.addedLinks.size(), d.removedLinks.size(), d.changedLinks.size()) + "\n";
    if (d.empty())
        out += "  identical\n";
    for (const std::string &h : d.addedHosts)
        out += "  + host " + h + "\n";
    for (const std::string &h : d.removedHosts)
        out += "  - host " + h + "\n";
    for (const ElementChange &c : d.changedHosts) {
        out += "  ~ host " + c.id + ":";
        for (const std::string &s : c.changes)
            out += " " + s + ";";
        out += "\n";
    }
    for (const std::string &s : d.addedSwitches)
        out += "  + switch " + s + "\n";
    for (const std::string &s : d.removedSwitches)
        out += "  - switch " + s + "\n";
    for (const ElementChange &c : d.changedSwitches) {
        out += "  ~ switch " + c.id + ":";
        for (const std::string &s : c.changes)
            out += " " + s + ";";
        out += "\n";
    }
    for (const LinkRef &l : d.addedLinks)
        out += "  + link " + l.id + " (" + number(l.gbps) + " Gb/s)\n";
    for (const LinkRef &l : d.removedLinks)
        out += "  - link " + l.id + " (" + number(l.gbps) + " Gb/s)\n";
    for (const FabricLinkChange &c : d.changedLinks) {
        out += "  ~ link " + c.before.id + ":";
        for (const std::string &s : c.changes)
            out += " " + s + ";";
        out += "\n";
    }
    if (d.before && d.after) {
        char line[200];
        std::snprintf(line, sizeof line, "  link capacity  %.1f → %.1f Tb/s (%+.1f)\n", d.before->linkGbps / 1000,
                      d.after->linkGbps / 1000, (d.after->linkGbps - d.before->linkGbps) / 1000);
        out += line;
        std::snprintf(line, sizeof line, "  bisection      %.1f → %.1f Tb/s (%+.1f)\n", d.before->bisectionGbps / 1000,
                      d.after->bisectionGbps / 1000, (d.after->bisectionGbps - d.before->bisectionGbps) / 1000);
        out += line;
        for (const auto &[tier, ratio] : d.before->oversubscription) {
            double afterRatio = NAN;
            for (const auto &[t, r] : d.after->oversubscription)
                if (t == tier)
                    afterRatio = r;
            if (!std::isfinite(ratio) && !std::isfinite(afterRatio))
                continue;
            std::snprintf(line, sizeof line, "  %-6s oversubscription %.2f:1 → %.2f:1\n", tierName(tier), ratio,
                          afterRatio);
            out += line;
        }
    }
    return out;
}

} // namespace Railyard
