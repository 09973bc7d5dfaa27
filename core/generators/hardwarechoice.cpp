#include "core/generators/hardwarechoice.h"

#include "core/generators/presets.h"

#include <cstdio>

namespace Railyard {

namespace {

using Item = BomCatalog::Item;

std::string gbpsText(double gbps)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%gG", gbps);
    return buf;
}

std::string knownModels(const std::map<std::string, Item> &items)
{
    std::string text;
    for (const auto &[slug, item] : items)
        if (!item.breakouts.empty())
            text += (text.empty() ? "" : ", ") + slug;
    return text;
}

/// A model with breakouts by slug or name, or GeneratorError naming the option.
const Item &findModel(const std::map<std::string, Item> &items, const Item *found, const std::string &name,
                      const char *option, const char *what)
{
    if (!found || found->breakouts.empty())
        throw GeneratorError(std::string(option) + ": unknown " + what + " model '" + name.substr(0, 80)
                             + "' (known: " + knownModels(items) + ")");
    return *found;
}

Transport transportOf(const Item &item)
{
    return item.transports.empty() ? Transport::Unspecified : item.transports.front();
}

/// A tier spec running `model` at `gbps`: its port count at that speed.
void fitTier(TierSpec &spec, const Item &model, double gbps, const char *option, const std::string &why)
{
    const Breakout *breakout = model.breakoutAt(gbps);
    if (!breakout)
        throw GeneratorError(std::string(option) + ": " + model.model + " runs ports at " + model.speedsText() + "; "
                             + why + " run at " + gbpsText(gbps));
    spec.radix = breakout->ports;
    spec.uplinkGbps = gbps;
    spec.model = model.model;
}

} // namespace

void applyHardware(ClosParams &p, const HardwareChoice &choice, const BomCatalog &catalog)
{
    const Item *leaf = choice.leafSwitch.empty()
        ? nullptr
        : &findModel(catalog.switches, catalog.findSwitch(choice.leafSwitch), choice.leafSwitch, "switch", "switch");
    const Item *upper = choice.spineSwitch.empty() ? leaf
                                                   : &findModel(catalog.switches,
                                                                catalog.findSwitch(choice.spineSwitch),
                                                                choice.spineSwitch, "spine-switch", "switch");
    const Item *nic
        = choice.nic.empty() ? nullptr : &findModel(catalog.nics, catalog.findNic(choice.nic), choice.nic, "nic", "NIC");
    if (p.tierSpecs.empty())
        p.tierSpecs.push_back(TierSpec{});
    // The design's own models, where the catalogue knows them, stand in for
    // the tiers not chosen (a NIC change must still fit the design's leaves).
    if (!leaf && (nic || upper))
        leaf = catalog.findSwitch(p.tierSpecs.front().model);
    if (leaf && leaf->breakouts.empty())
        leaf = nullptr;
    if (!upper)
        upper = leaf;

    // One transport for the fabric: the one asked for, else the switches'.
    Transport transport = choice.transport;
    const char *transportOption = transport == Transport::Unspecified ? nullptr : "transport";
    for (const auto &[item, option] : {std::pair(leaf, "switch"), std::pair(upper, "spine-switch")}) {
        if (!item || transportOf(*item) == Transport::Unspecified)
            continue;
        if (transport == Transport::Unspecified) {
            transport = transportOf(*item);
            transportOption = option;
        } else if (transportOf(*item) != transport) {
            throw GeneratorError(std::string(option) + ": " + item->model + " is an " + transportName(transportOf(*item))
                                 + " switch; " + (transportOption ? std::string("--") + transportOption : "the design")
                                 + " asks for " + transportName(transport));
        }
    }
    if (transport == Transport::Unspecified)
        transport = p.transport;
    if (nic && transport != Transport::Unspecified && !nic->speaks(transport))
        throw GeneratorError(std::string("nic: ") + nic->model + " does not speak " + transportName(transport));
    p.transport = transport;

    // The host ports' speed: the NIC's, else the design's.
    double portGbps = p.nicGbps / std::max(p.nicPorts, 1);
    if (nic) {
        const Breakout *mode = nullptr;
        for (const Breakout &b : nic->breakouts)
            if (b.ports == std::max(p.nicPorts, 1) && !mode)
                mode = &b;
        if (!mode)
            throw GeneratorError(std::string("nic: ") + nic->model + " has no " + std::to_string(p.nicPorts)
                                 + "-port mode, which this design's NICs need");
        portGbps = mode->gbps;
        p.nicGbps = mode->gbps * mode->ports;
        p.nicModel = nic->model;
    }

    // Leaf, then every tier above at the leaves' uplink speed.
    std::vector<TierSpec> specs = p.tierSpecs;
    if (specs.size() == 1 && (leaf || upper))
        specs.push_back(specs.front()); // the leaf gets its own entry; the last repeats upward
    if (leaf)
        fitTier(specs.front(), *leaf, portGbps, choice.leafSwitch.empty() ? "nic" : "switch",
                nic ? "the NICs (" + nic->model + ")" : std::string("the design's host ports"));
    else if (nic)
        specs.front().uplinkGbps = portGbps;
    const double upGbps = specs.front().uplinkGbps;
    for (size_t i = 1; i < specs.size(); ++i) {
        if (upper)
            fitTier(specs[i], *upper, upGbps, choice.spineSwitch.empty() ? "switch" : "spine-switch",
                    "the leaves' uplinks");
        else if (nic)
            specs[i].uplinkGbps = upGbps;
    }
    p.tierSpecs = std::move(specs);

    // Capabilities, only when asked and only where every switch has them.
    auto requireAll = [&](const char *option, const char *what, bool Item::*capability) {
        for (const TierSpec &spec : p.tierSpecs) {
            const Item *model = catalog.findSwitch(spec.model);
            if (!model || model->breakouts.empty())
                throw GeneratorError(std::string(option) + ": the catalogue does not know whether '" + spec.model
                                     + "' has " + what + "; choose its model with --switch");
            if (!(model->*capability))
                throw GeneratorError(std::string(option) + ": " + model->model + " has no " + what);
        }
    };
    if (choice.adaptiveRouting) {
        requireAll("adaptive-routing", "adaptive routing", &Item::adaptiveRouting);
        p.routing = FabricRouting::Adaptive;
    }
    if (choice.inNetworkReduction) {
        requireAll("sharp", "in-network reduction", &Item::inNetworkReduction);
        p.sharp = true;
    }
}

ClosParams fatTreeParamsForModel(const BomCatalog &catalog, const std::string &model, double linkGbps, int maxK)
{
    const Item &item = findModel(catalog.switches, catalog.findSwitch(model), model, "switch", "switch");
    const double gbps = linkGbps > 0 ? linkGbps : item.breakouts.front().gbps;
    const Breakout *breakout = item.breakoutAt(gbps);
    if (!breakout)
        throw GeneratorError("link-gbps: " + item.model + " runs ports at " + item.speedsText() + ", not "
                             + gbpsText(gbps));
    if (breakout->ports % 2 != 0 || breakout->ports > maxK)
        throw GeneratorError("switch: a k-ary fat-tree of " + item.model + " at " + gbpsText(gbps) + " has k = "
                             + std::to_string(breakout->ports) + "; it needs an even k of at most "
                             + std::to_string(maxK));
    ClosParams p = fatTreeParams(breakout->ports, gbps);
    HardwareChoice choice;
    choice.leafSwitch = model;
    applyHardware(p, choice, catalog);
    return p;
}

std::vector<std::string> switchModelsFor(const BomCatalog &catalog, Transport transport, double gbps)
{
    std::vector<std::string> slugs;
    for (const auto &[slug, item] : catalog.switches) {
        if (item.breakouts.empty())
            continue;
        if (transport != Transport::Unspecified && !item.speaks(transport))
            continue;
        if (gbps > 0 && !item.breakoutAt(gbps))
            continue;
        slugs.push_back(slug);
    }
    return slugs;
}

} // namespace Railyard
