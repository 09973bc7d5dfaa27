#include "core/bom/catalogreport.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace Railyard {

namespace {

using Json = nlohmann::ordered_json;

Json sourcesJson(const BomCatalog::Item &item)
{
    Json sources = Json::object();
    for (const auto &[figure, citation] : item.sources)
        sources[figure] = citation;
    return sources;
}

Json modelJson(const BomCatalog::Item &item, bool nic)
{
    Json j{{"slug", item.slug}, {"model", item.model}, {"vendor", item.vendor}, {"description", item.description}};
    if (nic) {
        Json transports = Json::array();
        for (Transport t : item.transports)
            transports.push_back(transportName(t));
        j["transports"] = std::move(transports);
    } else {
        j["transport"] = item.transports.empty() ? Json(nullptr) : Json(transportName(item.transports.front()));
    }
    Json breakouts = Json::array();
    for (const Breakout &b : item.breakouts)
        breakouts.push_back(Json{{"ports", b.ports}, {"gbps", b.gbps}});
    j["breakouts"] = std::move(breakouts);
    j["capabilities"] = Json{{"in_network_reduction", item.inNetworkReduction},
                             {"adaptive_routing", item.adaptiveRouting},
                             {"packet_spraying", item.packetSpraying}};
    j["price"] = item.price;
    j["watts"] = item.watts;
    j["sources"] = sourcesJson(item);
    return j;
}

std::string breakoutsText(const BomCatalog::Item &item)
{
    std::string text;
    char buf[48];
    for (const Breakout &b : item.breakouts) {
        std::snprintf(buf, sizeof buf, "%d×%gG", b.ports, b.gbps);
        text += (text.empty() ? "" : ", ") + std::string(buf);
    }
    return text.empty() ? "-" : text;
}

std::string capabilitiesText(const BomCatalog::Item &item)
{
    std::string text;
    for (const auto &[has, name] : {std::pair(item.inNetworkReduction, "reduction"),
                                    std::pair(item.adaptiveRouting, "adaptive"),
                                    std::pair(item.packetSpraying, "spraying")})
        if (has)
            text += (text.empty() ? "" : ",") + std::string(name);
    return text.empty() ? "-" : text;
}

std::string transportsText(const BomCatalog::Item &item)
{
    std::string text;
    for (Transport t : item.transports)
        text += (text.empty() ? "" : "+") + std::string(t == Transport::InfiniBand ? "IB" : t == Transport::Efa ? "EFA" : "Ethernet");
    return text.empty() ? "-" : text;
}

void appendModels(std::string &out, const char *title, const std::map<std::string, BomCatalog::Item> &items,
                  const std::string &currency)
{
    char line[512];
    out += title;
    out += '\n';
    std::snprintf(line, sizeof line, "  %-12s %-22s %-12s %-30s %-27s %10s %8s\n", "slug", "model", "transport",
                  "breakouts", "capabilities", ("price " + currency).c_str(), "watts");
    out += line;
    for (const auto &[slug, item] : items) {
        std::snprintf(line, sizeof line, "  %-12s %-22s %-12s %-30s %-27s %10.0f %8.0f\n", slug.c_str(),
                      item.model.c_str(), transportsText(item).c_str(), breakoutsText(item).c_str(),
                      capabilitiesText(item).c_str(), item.price, item.watts);
        out += line;
        for (const auto &[figure, citation] : item.sources)
            out += "      " + figure + ": " + citation + "\n";
    }
}

} // namespace

std::string catalogToJson(const BomCatalog &catalog, int indent)
{
    Json j;
    j["currency"] = catalog.currency;
    Json switches = Json::array();
    for (const auto &[slug, item] : catalog.switches)
        switches.push_back(modelJson(item, false));
    j["switches"] = std::move(switches);
    Json nics = Json::array();
    for (const auto &[slug, item] : catalog.nics)
        nics.push_back(modelJson(item, true));
    j["nics"] = std::move(nics);
    Json parts = Json::array();
    for (const CablePart &p : catalog.cableParts.parts) {
        Json sources = Json::object();
        for (const auto &[figure, source] : p.sources)
            sources[figure] = source;
        parts.push_back(Json{{"slug", p.slug},
                             {"description", p.description},
                             {"kind", cableKindName(p.kind)},
                             {"gbps", p.gbps},
                             {"reach_m", p.reachM},
                             {"lengths_m", p.lengthsM},
                             {"price", p.price},
                             {"price_per_m", p.pricePerM},
                             {"transceivers", p.transceivers},
                             {"transceiver_price", p.transceiverPrice},
                             {"watts_per_end", p.wattsPerEnd},
                             {"sources", std::move(sources)}});
    }
    j["cable_parts"] = std::move(parts);
    return j.dump(indent, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string catalogToText(const BomCatalog &catalog)
{
    std::string out;
    appendModels(out, "Switches", catalog.switches, catalog.currency);
    out += '\n';
    appendModels(out, "NICs", catalog.nics, catalog.currency);
    out += "\nCable parts (a run takes the cheapest that reaches it at its rate; docs/floor.md)\n";
    char line[512];
    for (const CablePart &p : catalog.cableParts.parts) {
        std::string rates;
        for (double g : p.gbps)
            rates += (rates.empty() ? "" : "/") + std::to_string(int(g)) + "G";
        std::snprintf(line, sizeof line, "  %-16s %-12s %-9s up to %5g m %7.0f %s%s %5.1f W an end\n", p.slug.c_str(),
                      rates.c_str(), cableKindName(p.kind), p.reachM, p.price + p.transceivers * p.transceiverPrice,
                      catalog.currency.c_str(), p.pricePerM > 0 ? " + per m" : "", p.wattsPerEnd);
        out += line;
        for (const auto &[figure, source] : p.sources)
            out += "      " + figure + ": " + source + "\n";
    }
    return out;
}

} // namespace Railyard
