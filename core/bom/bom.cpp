#include "core/bom/bom.h"

#include "core/common/strictjsonparse.h"
#include "core/common/inputfile.h"
#include "core/common/jsonbounds.h"
#include "core/floor/floorplan.h"

#include "core/bom/bomcatalogtext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
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
    if (const BomCatalog::Item *item = c.findSwitch(model))
        return *item;
    const auto it = c.switches.find("default");
    return it == c.switches.end() ? none : it->second;
}

} // namespace

namespace {

std::string lower(std::string_view text)
{
    std::string out(text);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

/// Parses JSON text within Railyard's bounds; std::nullopt and *error when it is not.
std::optional<Json> parseBounded(const std::string &text, std::string *error)
{
    if (const std::optional<JsonBoundsError> bounds = checkJsonBounds(text)) {
        *error = "line " + std::to_string(bounds->line) + ": " + bounds->message;
        return std::nullopt;
    }
    try {
        return parseJsonRefusingDuplicates<Json>(text);
    } catch (const StrictJsonError &e) {
        *error = e.what();
    } catch (const nlohmann::json::parse_error &e) {
        *error = "not valid JSON (byte " + std::to_string(e.byte) + ")";
    } catch (const nlohmann::json::exception &) {
        *error = "not valid JSON (a number out of range or a bad value)";
    }
    return std::nullopt;
}

constexpr const char *sections[] = {"switches", "nics"};

/// Reads one entry of a section; false and *error (with its pointer) when malformed.
bool readItem(const std::string &section, const std::string &name, const Json &item, BomCatalog::Item &out,
              std::string *error)
{
    const std::string where = "/" + section + "/" + name;
    auto fail = [&](const std::string &field, const std::string &message) {
        *error = where + (field.empty() ? "" : "/" + field) + ": " + message;
        return false;
    };
    if (!item.is_object())
        return fail("", "must be an object");
    out.slug = name;
    const char *priceKey = "price";
    const char *wattsKey = "watts";
    for (const auto &[key, target] : {std::pair(priceKey, &out.price), std::pair(wattsKey, &out.watts)}) {
        if (!item.contains(key))
            continue;
        if (!item[key].is_number() || !(item[key].get<double>() >= 0) || item[key].get<double>() > 1e9)
            return fail(key, "must be a number from 0 to 1e9");
        *target = item[key].get<double>();
    }
    for (const auto &[key, target] : {std::pair("description", &out.description), std::pair("model", &out.model),
                                      std::pair("vendor", &out.vendor)}) {
        if (!item.contains(key))
            continue;
        if (!item[key].is_string() || item[key].get<std::string>().size() > 200)
            return fail(key, "must be a string of at most 200 bytes");
        *target = item[key].get<std::string>();
    }
    if (out.model.empty())
        out.model = name;
    if (item.contains("optical")) {
        if (!item["optical"].is_boolean())
            return fail("optical", "must be true or false");
        out.optical = item["optical"].get<bool>();
    }
    // A switch has one transport, a NIC the ones it speaks.
    if (item.contains("transport") || item.contains("transports")) {
        const bool many = item.contains("transports");
        const Json &value = many ? item["transports"] : item["transport"];
        const Json list = many ? value : Json::array({value});
        if (!list.is_array() || list.empty() || list.size() > 4)
            return fail(many ? "transports" : "transport", "must name infiniband, ethernet or efa");
        for (const Json &t : list) {
            const std::optional<Transport> transport
                = t.is_string() ? transportFromName(lower(t.get<std::string>())) : std::nullopt;
            if (!transport || *transport == Transport::Unspecified)
                return fail(many ? "transports" : "transport", "must name infiniband, ethernet or efa");
            out.transports.push_back(*transport);
        }
    }
    if (item.contains("breakouts")) {
        const Json &list = item["breakouts"];
        if (!list.is_array() || list.empty() || list.size() > 16)
            return fail("breakouts", "must be a list of 1 to 16 {ports, gbps}");
        for (size_t i = 0; i < list.size(); ++i) {
            const Json &b = list[i];
            const std::string at = "breakouts/" + std::to_string(i);
            if (!b.is_object() || !b.contains("ports") || !b["ports"].is_number_integer() || !b.contains("gbps")
                || !b["gbps"].is_number())
                return fail(at, "must be {\"ports\": N, \"gbps\": G}");
            const std::int64_t ports = b["ports"].get<std::int64_t>();
            const double gbps = b["gbps"].get<double>();
            if (ports < 1 || ports > 4096)
                return fail(at + "/ports", "must be from 1 to 4096");
            if (!(gbps > 0) || gbps > 1e5)
                return fail(at + "/gbps", "must be above 0 and at most 100000");
            out.breakouts.push_back({int(ports), gbps});
        }
    }
    if (item.contains("capabilities")) {
        const Json &caps = item["capabilities"];
        if (!caps.is_object())
            return fail("capabilities", "must be an object");
        for (const auto &[key, target] :
             {std::pair("in_network_reduction", &out.inNetworkReduction),
              std::pair("adaptive_routing", &out.adaptiveRouting), std::pair("packet_spraying", &out.packetSpraying)}) {
            if (!caps.contains(key))
                continue;
            if (!caps[key].is_boolean())
                return fail(std::string("capabilities/") + key, "must be true or false");
            *target = caps[key].get<bool>();
        }
    }
    if (item.contains("sources")) {
        if (!item["sources"].is_object())
            return fail("sources", "must be an object of figure: citation");
        for (const auto &[key, value] : item["sources"].items()) {
            if (!value.is_string() || value.get<std::string>().size() > 1000)
                return fail("sources/" + key, "must be a citation of at most 1000 bytes");
            out.sources[key] = value.get<std::string>();
        }
    }
    return true;
}

/// The key of `sectionJson` that `name` names: itself, or the entry whose key
/// or "model" equals it in any case; empty when none.
std::string matchingKey(const Json &sectionJson, const std::string &name)
{
    if (sectionJson.contains(name))
        return name;
    const std::string wanted = lower(name);
    for (const auto &[key, item] : sectionJson.items())
        if (lower(key) == wanted || (item.is_object() && lower(item.value("model", std::string())) == wanted))
            return key;
    return {};
}

/// The figures an entry may carry, and the source each is cited under.
const std::vector<std::pair<std::string, std::string>> &citedFigures()
{
    static const std::vector<std::pair<std::string, std::string>> figures{
        {"price", "price"},           {"watts", "watts"},
        {"price_per_100g", "price_per_100g"}, {"watts_per_100g", "watts_per_100g"},
        {"breakouts", "breakouts"},   {"capabilities", "capabilities"}};
    return figures;
}

} // namespace

std::optional<BomCatalog> BomCatalog::fromJson(const std::string &text, std::string *error)
{
    const std::optional<Json> parsed = parseBounded(text, error);
    if (!parsed)
        return std::nullopt;
    const Json &j = *parsed;
    if (!j.is_object() || !j.contains("format") || !j["format"].is_string()
        || j["format"].get<std::string>() != "railyard-bom-catalog") {
        *error = "/format: must be \"railyard-bom-catalog\"";
        return std::nullopt;
    }
    BomCatalog c;
    if (j.contains("currency")) {
        if (!j["currency"].is_string() || j["currency"].get<std::string>().size() > 16) {
            *error = "/currency: must be a currency code such as \"USD\"";
            return std::nullopt;
        }
        c.currency = j["currency"].get<std::string>();
    }
    // Cabling is priced by part from the floor's runs, one price a part:
    // length-class cables and per-rate transceivers are gone (docs/catalog.md).
    for (const char *old : {"cables", "transceivers"})
        if (j.contains(old)) {
            *error = std::string("/") + old
                + ": length-class cables and transceivers are no longer priced: the cabling is priced by part from "
                  "each run on the floor; give those parts under \"cable_parts\" (docs/floor.md)";
            return std::nullopt;
        }
    try {
        c.cableParts = CablePartCatalog::fromJson(text, "catalogue");
    } catch (const FloorError &e) {
        *error = e.pointer().empty() ? std::string(e.what()) : e.pointer() + ": " + e.message();
        return std::nullopt;
    }
    for (const char *section : sections) {
        if (!j.contains(section))
            continue;
        if (!j[section].is_object()) {
            *error = std::string("/") + section + ": must be an object";
            return std::nullopt;
        }
        std::map<std::string, Item> &target = std::string(section) == "switches" ? c.switches : c.nics;
        for (const auto &[name, item] : j[section].items()) {
            Item out;
            if (!readItem(section, name, item, out, error))
                return std::nullopt;
            target[name] = std::move(out);
        }
    }
    return c;
}

std::optional<BomCatalog> BomCatalog::withOverrides(const std::string &userText, const std::string &sourceName,
                                                    std::string *error)
{
    const std::optional<Json> user = parseBounded(userText, error);
    if (!user)
        return std::nullopt;
    if (!user->is_object() || !user->contains("format") || !(*user)["format"].is_string()
        || (*user)["format"].get<std::string>() != "railyard-bom-catalog") {
        *error = "/format: must be \"railyard-bom-catalog\"";
        return std::nullopt;
    }
    for (const char *old : {"cables", "transceivers"})
        if (user->contains(old)) {
            *error = std::string("/") + old
                + ": length-class cables and transceivers are no longer priced: the cabling is priced by part from "
                  "each run on the floor; give those parts under \"cable_parts\" (docs/floor.md)";
            return std::nullopt;
        }
    std::string builtInError;
    Json merged = *parseBounded(bomCatalogText, &builtInError);
    if (user->contains("currency"))
        merged["currency"] = (*user)["currency"];
    for (const char *section : sections) {
        if (!user->contains(section))
            continue;
        const Json &entries = (*user)[section];
        if (!entries.is_object()) {
            *error = std::string("/") + section + ": must be an object";
            return std::nullopt;
        }
        for (const auto &[name, entry] : entries.items()) {
            if (!entry.is_object()) {
                *error = std::string("/") + section + "/" + name + ": must be an object";
                return std::nullopt;
            }
            Item checked; // each entry checked as the user wrote it: errors name their key
            if (!readItem(section, name, entry, checked, error))
                return std::nullopt;
            std::string key = matchingKey(merged[section], name);
            if (key.empty())
                key = name;
            Json &target = merged[section][key];
            if (!target.is_object())
                target = Json::object();
            for (const auto &[field, value] : entry.items())
                if (field != "sources")
                    target[field] = value;
            // A figure given without its source is the user's own quote.
            for (const auto &[figure, sourceKey] : citedFigures())
                if (entry.contains(figure)) {
                    const bool cited = entry.contains("sources") && entry["sources"].is_object()
                        && entry["sources"].contains(sourceKey);
                    target["sources"][sourceKey] = cited ? entry["sources"][sourceKey] : Json(sourceName);
                }
            if (entry.contains("sources") && entry["sources"].is_object())
                for (const auto &[figure, citation] : entry["sources"].items())
                    target["sources"][figure] = citation;
        }
    }
    // Cable parts: a user's entry replaces the built-in one of its slug whole
    // (a reach and its citation go together), or adds one.
    if (user->contains("cable_parts")) {
        const Json &parts = (*user)["cable_parts"];
        if (!parts.is_object()) {
            *error = "/cable_parts: must be an object";
            return std::nullopt;
        }
        for (const auto &[slug, entry] : parts.items())
            merged["cable_parts"][slug] = entry;
    }
    std::optional<BomCatalog> catalog = fromJson(merged.dump(), error);
    return catalog;
}

std::optional<BomCatalog> BomCatalog::readUserFile(const QString &path, QString *error)
{
    QString readError;
    const std::optional<QByteArray> bytes = readInputFile(path, &readError, 1 << 20);
    if (!bytes) {
        if (error)
            *error = readError;
        return std::nullopt;
    }
    std::string why;
    std::optional<BomCatalog> catalog
        = withOverrides(bytes->toStdString(), "your catalogue " + path.toStdString(), &why);
    if (!catalog && error)
        *error = QStringLiteral("%1: %2").arg(path, QString::fromStdString(why));
    return catalog;
}

const Breakout *BomCatalog::Item::breakoutAt(double gbps) const
{
    for (const Breakout &b : breakouts)
        if (b.gbps == gbps)
            return &b;
    return nullptr;
}

bool BomCatalog::Item::speaks(Transport transport) const
{
    return std::find(transports.begin(), transports.end(), transport) != transports.end();
}

std::string BomCatalog::Item::speedsText() const
{
    std::string text;
    for (const Breakout &b : breakouts)
        text += (text.empty() ? "" : ", ") + rateName(b.gbps);
    return text;
}

namespace {

const BomCatalog::Item *findIn(const std::map<std::string, BomCatalog::Item> &items, std::string_view name)
{
    if (const auto it = items.find(std::string(name)); it != items.end())
        return &it->second;
    const std::string wanted = lower(name);
    for (const auto &[slug, item] : items)
        if (lower(slug) == wanted || lower(item.model) == wanted)
            return &item;
    return nullptr;
}

} // namespace

const BomCatalog::Item *BomCatalog::findSwitch(std::string_view name) const
{
    return findIn(switches, name);
}

const BomCatalog::Item *BomCatalog::findNic(std::string_view name) const
{
    return findIn(nics, name);
}

std::vector<std::string> BomCatalog::uncited() const
{
    std::vector<std::string> missing;
    auto check = [&](const char *section, const std::map<std::string, Item> &items) {
        for (const auto &[slug, item] : items) {
            std::vector<std::string> figures{"price", "watts"};
            if (!item.breakouts.empty()) {
                figures.emplace_back("breakouts");
                figures.emplace_back("capabilities");
            }
            for (const std::string &figure : figures) {
                const auto it = item.sources.find(figure);
                if (it == item.sources.end() || it->second.find_first_not_of(" \t") == std::string::npos)
                    missing.push_back(std::string("/") + section + "/" + slug + "/sources/" + figure);
            }
        }
    };
    check("switches", switches);
    check("nics", nics);
    return missing;
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

std::string referenceNicSlug(const std::string &gpuModel)
{
    const std::string g = lower(gpuModel);
    if (g.rfind("a100", 0) == 0 || g.rfind("a800", 0) == 0)
        return "connectx-6"; // DGX A100: eight ConnectX-6 200 Gb/s HDR
    return "connectx-7";     // DGX H100/H200/B200, HGX, GB200 compute trays: ConnectX-7 400 Gb/s
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
    // NICs by model: the model the fabric records (generate --nic,
    // docs/fabric-format.md), else the reference NIC of the host's GPU.
    std::map<std::string, std::int64_t> nicCounts;
    std::map<std::string, std::int64_t> defaulted; // reference slug → NICs priced as it
    std::map<std::string, std::string> defaultedGpu;
    for (NodeIndex h = 0; h < f.hostCount(); ++h)
        for (const Nic &nic : f.host(h).nics) {
            if (!nic.model.empty()) {
                ++nicCounts[nic.model];
                continue;
            }
            const std::string slug = referenceNicSlug(f.host(h).gpuModel);
            ++nicCounts[slug];
            ++defaulted[slug];
            defaultedGpu.emplace(slug, f.host(h).gpuModel.empty() ? std::string("an unnamed GPU") : f.host(h).gpuModel);
        }
    for (const auto &[model, count] : nicCounts) {
        static const BomCatalog::Item unknown = [] {
            BomCatalog::Item item;
            item.description = "NIC not in the catalogue";
            return item;
        }();
        const BomCatalog::Item *item = c.findNic(model);
        const BomCatalog::Item &priced = item ? *item : unknown;
        bom.lines.push_back({"nic", model, "host", priced.description, count, priced.price, priced.watts});
        bom.nics += count;
    }
    for (const auto &[slug, count] : defaulted) {
        bom.defaultNics += count;
        const BomCatalog::Item *item = c.findNic(slug);
        bom.defaults.push_back(std::to_string(count) + " NICs priced as the " + (item && !item->model.empty() ? item->model : slug)
                               + ", the reference NIC of " + defaultedGpu[slug] + " systems: the design names no NIC model");
    }
    for (const auto &[key, count] : switchCounts)
        if (key.second == "default" || !c.findSwitch(key.second)) {
            bom.defaultSwitches += count;
            bom.defaults.push_back(std::to_string(count) + " " + key.first + " switches ("
                                   + (key.second == "default" ? std::string("no model") : "model " + key.second + ", not in the catalogue")
                                   + ") priced as the catalogue's default switch");
        }

    // Cables by tier pair, part and stock length from each link's run on the
    // floor (the design's, or the automatic one); the optics of a part bought
    // apart, by tier pair and part.
    std::optional<FloorPlan> automatic;
    if (!f.floor)
        automatic = autoFloor(f);
    const FloorPlan &floor = f.floor ? *f.floor : *automatic;
    bom.automaticFloor = floor.automatic;
    bom.floorBasis = !f.floor ? "the automatic floor (the design has none; docs/floor.md)"
        : f.floor->automatic  ? "the automatic floor the design was generated with"
                              : "the design's floor";
    const CableRunSummary runs = cableRuns(f, floor, c.cableParts, false);
    std::map<std::tuple<std::string, std::string, double>, std::pair<const CablePart *, std::int64_t>> cables;
    std::map<std::tuple<std::string, std::string>, std::pair<const CablePart *, std::int64_t>> optics;
    std::map<std::string, std::int64_t> unreached;
    for (std::int32_t i = 0; i < f.linkCount(); ++i) {
        const std::string tier = linkTier(f, f.link(i));
        const CableRun &run = runs.runs[size_t(i)];
        if (!run.choice.part) {
            ++unreached[tier];
            continue;
        }
        auto &cable = cables[{tier, run.choice.part->slug, run.choice.stockM}];
        cable.first = run.choice.part;
        ++cable.second;
        if (run.choice.part->transceivers > 0) {
            auto &x = optics[{tier, run.choice.part->slug}];
            x.first = run.choice.part;
            x.second += run.choice.part->transceivers;
        }
    }
    char length[32];
    for (const auto &[key, value] : cables) {
        const auto &[tier, slug, stock] = key;
        const CablePart &part = *value.first;
        std::snprintf(length, sizeof length, " %g m", stock);
        bom.lines.push_back({"cable", slug + length, tier, part.description, value.second,
                             part.price + part.pricePerM * stock, part.transceivers > 0 ? 0.0 : 2 * part.wattsPerEnd});
        bom.cables += value.second;
    }
    for (const auto &[key, value] : optics) {
        const CablePart &part = *value.first;
        bom.lines.push_back({"transceiver", std::get<1>(key) + " transceiver", std::get<0>(key),
                             "transceiver of " + part.description, value.second, part.transceiverPrice, part.wattsPerEnd});
        bom.transceivers += value.second;
    }
    for (const auto &[tier, count] : unreached) {
        bom.lines.push_back({"cable", "no part reaches", tier, "runs no catalogue part reaches (railyard-cli floor)",
                             count, 0.0, 0.0});
        bom.cables += count;
        bom.unreachedCables += count;
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
    j["nics"] = bom.nics;
    j["cables"] = bom.cables;
    j["transceivers"] = bom.transceivers;
    j["price"] = bom.price;
    j["watts"] = bom.watts;
    j["floor"] = bom.floorBasis;
    j["automatic_floor"] = bom.automaticFloor;
    j["defaults"] = bom.defaults;
    if (bom.unreachedCables)
        j["unreached_cables"] = bom.unreachedCables;
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
    out += "  cables by part and length, from each run on " + bom.floorBasis + "\n";
    for (const std::string &d : bom.defaults)
        out += "  " + d + "\n";
    if (bom.unreachedCables)
        out += "  " + std::to_string(bom.unreachedCables) + " cables have runs no catalogue part reaches (not priced)\n";
    char line[256];
    std::snprintf(line, sizeof line, "  %-12s %-22s %-12s %8s %14s %12s\n", "category", "item", "tier", "count",
                  ("price " + bom.currency).c_str(), "power W");
    out += line;
    for (const BomLine &l : bom.lines) {
        std::snprintf(line, sizeof line, "  %-12s %-22s %-12s %8lld %14.0f %12.0f\n", l.category.c_str(),
                      l.item.c_str(), l.tier.c_str(), (long long)l.count, l.price(), l.watts());
        out += line;
    }
    const std::string nics = bom.nics ? std::to_string(bom.nics) + " NICs, " : std::string();
    std::snprintf(line, sizeof line, "  total: %lld switches, %s%lld cables, %lld transceivers; %.0f %s, %.1f kW\n",
                  (long long)bom.switches, nics.c_str(), (long long)bom.cables, (long long)bom.transceivers, bom.price,
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
    std::optional<FloorPlan> automatic;
    if (!f.floor)
        automatic = autoFloor(f);
    const CableRunSummary runs = cableRuns(f, f.floor ? *f.floor : *automatic, c.cableParts);
    int n = 0;
    for (const Link &l : f.links()) {
        CableRow r;
        char label[16];
        std::snprintf(label, sizeof label, "C%05d", ++n);
        r.label = label;
        r.aDevice = f.nodeId(l.a);
        r.aPort = portName(f, l.a, l.portA);
        r.bDevice = f.nodeId(l.b);
        r.bPort = portName(f, l.b, l.portB);
        r.gbps = l.capacityGbps;
        r.lengthClass = cableClass(f, l.a, l.b);
        const CableRun &run = runs.runs[size_t(n - 1)];
        r.aRack = run.aRack;
        r.bRack = run.bRack;
        r.lengthM = run.metres;
        r.stockM = run.choice.stockM;
        r.part = run.choice.part ? run.choice.part->slug : std::string("none: ") + run.problem;
        r.cableType = !run.choice.part ? std::string()
            : run.choice.part->kind == CableKind::PassiveCopper || run.choice.part->kind == CableKind::ActiveCopper
            ? "copper"
            : "fibre";
        r.route = run.route;
        if (run.choice.part)
            r.partKind = cableKindName(run.choice.part->kind);
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
    std::string out = "label,a_device,a_port,a_rack,b_device,b_port,b_rack,length_class,cable_type,gbps,length_m,stock_m,"
                      "part,route\r\n";
    char rate[32];
    for (const CableRow &r : rows) {
        std::snprintf(rate, sizeof rate, "%g", r.gbps);
        out += csvField(r.label) + "," + csvField(r.aDevice) + "," + csvField(r.aPort) + "," + csvField(r.aRack) + ","
            + csvField(r.bDevice) + "," + csvField(r.bPort) + "," + csvField(r.bRack) + "," + csvField(r.lengthClass)
            + "," + csvField(r.cableType) + "," + rate + ",";
        if (!r.route.empty() || !r.part.empty()) {
            char metres[64];
            std::snprintf(metres, sizeof metres, "%.3f,%g", r.lengthM, r.stockM);
            out += std::string(metres) + "," + csvField(r.part) + "," + csvField(r.route);
        } else {
            out += ",,,";
        }
        out += "\r\n";
    }
    return out;
}

} // namespace Railyard
