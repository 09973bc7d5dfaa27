#include "core/bom/bom.h"

#include "core/common/jsonbounds.h"

#include "core/bom/bomcatalogtext.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace Railyard {
namespace {

using Json = nlohmann::ordered_json;

const char *nodeTierName(const Fabric &f, NodeIndex n)
{
    return f.isHost(n) ? "host" : tierName(f.switchAt(f.switchIndexOf(n)).tier);
}

const Location &locationOf(const Fabric &f, NodeIndex n)
{
    return f.isHost(n) ? f.host(n).location : f.switchAt(f.switchIndexOf(n)).location;
}

/// "host-leaf", "leaf-spine": the link's tier pair, lower tier first.
std::string linkTier(const Fabric &f, const Link &l)
{
    auto level = [&](NodeIndex n) { return f.isHost(n) ? 0 : tierLevel(f.switchAt(f.switchIndexOf(n)).tier); };
    const bool swap = level(l.b) < level(l.a);
    return std::string(nodeTierName(f, swap ? l.b : l.a)) + "-" + nodeTierName(f, swap ? l.a : l.b);
}

std::string rateName(double gbps)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%gG", gbps);
    return buf;
}

/// A host port as "nic3/1" (NIC index, 1-based port of that NIC); a switch port 1-based.
std::string portName(const Fabric &f, NodeIndex n, int port)
{
    if (port < 0)
        return "";
    if (!f.isHost(n))
        return std::to_string(port + 1);
    int offset = 0;
    const std::vector<Nic> &nics = f.host(n).nics;
    for (size_t k = 0; k < nics.size(); ++k) {
        const int ports = std::max(nics[k].ports, 1);
        if (port < offset + ports)
            return "nic" + std::to_string(k) + "/" + std::to_string(port - offset + 1);
        offset += ports;
    }
    return "port" + std::to_string(port + 1);
}

const BomCatalog::Item &switchItem(const BomCatalog &c, const std::string &model)
{
    static const BomCatalog::Item none;
    auto it = c.switches.find(model);
    if (it == c.switches.end())
        it = c.switches.find("default");
    return it == c.switches.end() ? none : it->second;
}

const BomCatalog::Item &lookup(const std::map<std::string, BomCatalog::Item> &items, const std::string &key)
{
    static const BomCatalog::Item none;
    const auto it = items.find(key);
    return it == items.end() ? none : it->second;
}

} // namespace

std::optional<BomCatalog> BomCatalog::fromJson(const std::string &text, std::string *error)
{
    if (const std::optional<JsonBoundsError> bounds = checkJsonBounds(text)) {
        *error = "line " + std::to_string(bounds->line) + ": " + bounds->message;
        return std::nullopt;
    }
    Json j;
    try {
        j = Json::parse(text);
    } catch (const nlohmann::json::parse_error &e) {
        *error = "not valid JSON (byte " + std::to_string(e.byte) + ")";
        return std::nullopt;
    } catch (const nlohmann::json::exception &) {
        *error = "not valid JSON (a number out of range or a bad value)";
        return std::nullopt;
    }
    if (!j.is_object() || j.value("format", std::string()) != "railyard-bom-catalog") {
        *error = "/format: must be \"railyard-bom-catalog\"";
        return std::nullopt;
    }
    BomCatalog c;
    c.currency = j.value("currency", std::string("USD"));
    for (const char *section : {"switches", "cables", "transceivers"}) {
        if (!j.contains(section))
            continue;
        if (!j[section].is_object()) {
            *error = std::string("/") + section + ": must be an object";
            return std::nullopt;
        }
        for (const auto &[name, item] : j[section].items()) {
            const std::string where = std::string("/") + section + "/" + name;
            if (!item.is_object()) {
                *error = where + ": must be an object";
                return std::nullopt;
            }
            Item out;
            out.description = item.value("description", std::string());
            const char *priceKey = std::string(section) == "transceivers" ? "price_per_100g" : "price";
            const char *wattsKey = std::string(section) == "transceivers" ? "watts_per_100g" : "watts";
            for (const auto &[key, target] : {std::pair(priceKey, &out.price), std::pair(wattsKey, &out.watts)}) {
                if (!item.contains(key))
                    continue;
                if (!item[key].is_number() || item[key].get<double>() < 0) {
                    *error = where + "/" + key + ": must be a number ≥ 0";
                    return std::nullopt;
                }
                *target = item[key].get<double>();
            }
            out.optical = item.value("optical", false);
            (std::string(section) == "switches"     ? c.switches
                 : std::string(section) == "cables" ? c.cables
                                                    : c.transceivers)[name]
                = out;
        }
    }
    return c;
}

const BomCatalog &BomCatalog::defaults()
{
    static const BomCatalog catalog = [] {
        std::string error;
        std::optional<BomCatalog> c = fromJson(bomCatalogText, &error);
        return c ? *c : BomCatalog{};
    }();
    return catalog;
}

std::string cableClass(const Fabric &f, NodeIndex a, NodeIndex b)
{
    const Location &x = locationOf(f, a);
    const Location &y = locationOf(f, b);
    if (!x.rack.empty() && x.rack == y.rack)
        return "in_rack";
    if (!x.su.empty() && !y.su.empty())
        return x.su == y.su && x.pod == y.pod ? "in_row" : "between_rows";
    if (!x.pod.empty() && x.pod == y.pod && x.zone == y.zone)
        return "in_row";
    return "between_rows";
}

BillOfMaterials buildBom(const Fabric &f, const BomCatalog &c)
{
    BillOfMaterials bom;
    bom.fabric = f.name;
    bom.currency = c.currency;
    std::map<std::string, BomTierTotal> tiers;
    // Switches per tier and model, with their ports.
    std::vector<int> used(size_t(f.switchCount()), 0);
    for (const Link &l : f.links())
        for (NodeIndex n : {l.a, l.b})
            if (f.isSwitch(n))
                ++used[size_t(f.switchIndexOf(n))];
    std::map<std::pair<std::string, std::string>, std::int64_t> switchCounts;
    for (std::int32_t s = 0; s < f.switchCount(); ++s) {
        const Switch &sw = f.switchAt(s);
        const std::string tier = tierName(sw.tier);
        ++switchCounts[{tier, sw.model.empty() ? std::string("default") : sw.model}];
        BomTierTotal &t = tiers[tier];
        t.tier = tier;
        t.portsUsed += used[size_t(s)];
        t.portsFree += std::max(0, sw.radix - used[size_t(s)]);
    }
    for (const auto &[key, count] : switchCounts) {
        const BomCatalog::Item &item = switchItem(c, key.second);
        bom.lines.push_back({"switch", key.second, key.first, item.description, count, item.price, item.watts});
        bom.switches += count;
    }
    // Cables by tier pair and length class; transceivers by rate and class.
    std::map<std::tuple<std::string, std::string>, std::int64_t> cableCounts;
    std::map<std::tuple<std::string, std::string, double>, std::int64_t> optics;
    for (const Link &l : f.links()) {
        const std::string tier = linkTier(f, l);
        const std::string cls = cableClass(f, l.a, l.b);
        ++cableCounts[{tier, cls}];
        if (lookup(c.cables, cls).optical)
            optics[{tier, cls, l.capacityGbps}] += 2;
    }
    for (const auto &[key, count] : cableCounts) {
        const BomCatalog::Item &item = lookup(c.cables, std::get<1>(key));
        bom.lines.push_back(
            {"cable", std::get<1>(key), std::get<0>(key), item.description, count, item.price, item.watts});
        bom.cables += count;
    }
    for (const auto &[key, count] : optics) {
        const BomCatalog::Item &item = lookup(c.transceivers, std::get<1>(key));
        const double scale = std::get<2>(key) / 100.0;
        bom.lines.push_back({"transceiver", rateName(std::get<2>(key)) + " " + std::get<1>(key), std::get<0>(key),
                             item.description, count, item.price * scale, item.watts * scale});
        bom.transceivers += count;
    }
    for (const BomLine &line : bom.lines) {
        BomTierTotal &t = tiers[line.tier];
        t.tier = line.tier;
        t.price += line.price();
        t.watts += line.watts();
        bom.price += line.price();
        bom.watts += line.watts();
    }
    for (auto &[name, total] : tiers)
        bom.tiers.push_back(total);
    return bom;
}

std::string bomToJson(const BillOfMaterials &bom, int indent)
{
    Json j;
    j["fabric"] = bom.fabric;
    j["currency"] = bom.currency;
    j["switches"] = bom.switches;
    j["cables"] = bom.cables;
    j["transceivers"] = bom.transceivers;
    j["price"] = bom.price;
    j["watts"] = bom.watts;
    Json lines = Json::array();
    for (const BomLine &l : bom.lines)
        lines.push_back(Json{{"category", l.category},
                             {"item", l.item},
                             {"tier", l.tier},
                             {"description", l.description},
                             {"count", l.count},
                             {"unit_price", l.unitPrice},
                             {"unit_watts", l.unitWatts},
                             {"price", l.price()},
                             {"watts", l.watts()}});
    j["lines"] = std::move(lines);
    Json tiers = Json::array();
    for (const BomTierTotal &t : bom.tiers) {
        Json item{{"tier", t.tier}, {"price", t.price}, {"watts", t.watts}};
        if (t.portsUsed + t.portsFree > 0) {
            item["ports_used"] = t.portsUsed;
            item["ports_free"] = t.portsFree;
        }
        tiers.push_back(std::move(item));
    }
    j["tiers"] = std::move(tiers);
    return j.dump(indent, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string bomToText(const BillOfMaterials &bom)
{
    std::string out = "Bill of materials: " + bom.fabric + "\n";
    char line[256];
    std::snprintf(line, sizeof line, "  %-12s %-22s %-12s %8s %14s %12s\n", "category", "item", "tier", "count",
                  ("price " + bom.currency).c_str(), "power W");
    out += line;
    for (const BomLine &l : bom.lines) {
        std::snprintf(line, sizeof line, "  %-12s %-22s %-12s %8lld %14.0f %12.0f\n", l.category.c_str(),
                      l.item.c_str(), l.tier.c_str(), (long long)l.count, l.price(), l.watts());
        out += line;
    }
    std::snprintf(line, sizeof line, "  total: %lld switches, %lld cables, %lld transceivers; %.0f %s, %.1f kW\n",
                  (long long)bom.switches, (long long)bom.cables, (long long)bom.transceivers, bom.price,
                  bom.currency.c_str(), bom.watts / 1000);
    out += line;
    for (const BomTierTotal &t : bom.tiers) {
        if (t.portsUsed + t.portsFree == 0)
            continue;
        std::snprintf(line, sizeof line, "  %-6s ports: %lld used, %lld free\n", t.tier.c_str(), (long long)t.portsUsed,
                      (long long)t.portsFree);
        out += line;
    }
    return out;
}

std::vector<CableRow> cablingPlan(const Fabric &f, const BomCatalog &c)
{
    std::vector<CableRow> rows;
    rows.reserve(f.links().size());
    int n = 0;
    for (const Link &l : f.links()) {
        CableRow r;
        char label[16];
        std::snprintf(label, sizeof label, "C%05d", ++n);
        r.label = label;
        r.aDevice = f.nodeId(l.a);
        r.aPort = portName(f, l.a, l.portA);
        r.aRack = locationOf(f, l.a).rack;
        r.bDevice = f.nodeId(l.b);
        r.bPort = portName(f, l.b, l.portB);
        r.bRack = locationOf(f, l.b).rack;
        r.lengthClass = cableClass(f, l.a, l.b);
        r.cableType = lookup(c.cables, r.lengthClass).optical ? "fibre" : "copper";
        r.gbps = l.capacityGbps;
        rows.push_back(std::move(r));
    }
    return rows;
}

std::string csvField(const std::string &value)
{
    if (value.find_first_of(",\"\r\n") == std::string::npos)
        return value;
    std::string quoted = "\"";
    for (char c : value)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

std::string cablingPlanCsv(const std::vector<CableRow> &rows)
{
    std::string out = "label,a_device,a_port,a_rack,b_device,b_port,b_rack,length_class,cable_type,gbps\r\n";
    char rate[32];
    for (const CableRow &r : rows) {
        std::snprintf(rate, sizeof rate, "%g", r.gbps);
        out += csvField(r.label) + "," + csvField(r.aDevice) + "," + csvField(r.aPort) + "," + csvField(r.aRack) + ","
            + csvField(r.bDevice) + "," + csvField(r.bPort) + "," + csvField(r.bRack) + "," + csvField(r.lengthClass)
            + "," + csvField(r.cableType) + "," + rate + "\r\n";
    }
    return out;
}

} // namespace Railyard
