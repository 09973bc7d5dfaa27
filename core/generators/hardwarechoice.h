#pragma once

// The switches and NICs an architect picks for a generated design, from the
// catalogue (docs/catalog.md): `railyard-cli generate … --switch MODEL
// --spine-switch MODEL --nic MODEL --transport T`, and the template dialog.
//
// What follows from the models (docs/cli.md, "Switch and NIC models"):
//  * the host port speed is the NIC's (its single-port breakout, or its
//    two-port one for dual-ToR designs); without --nic, the design's own;
//  * the leaf switch runs the breakout at that speed: its port count is the
//    leaf radix, and its uplinks run at the same speed;
//  * the switches above run the breakout at the leaf's uplink speed;
//  * the transport is the switches' (all the same); the NIC must speak it;
//  * adaptive routing and in-network reduction are turned on only when asked,
//    and only when every switch model has them.
// An impossible choice throws GeneratorError naming the option
// ("switch: …", "nic: …"), as the generator does for its own parameters.

#include "core/bom/bom.h"
#include "core/generators/closgenerator.h"

#include <string>

namespace Railyard {

struct HardwareChoice
{
    std::string leafSwitch;  ///< catalogue slug or model; empty = the design's own switches
    std::string spineSwitch; ///< the tiers above the leaf; empty = leafSwitch
    std::string nic;         ///< catalogue slug or model; empty = the design's NIC speed, no model
    Transport transport = Transport::Unspecified; ///< Unspecified = the switches'
    bool adaptiveRouting = false;                 ///< the fabric routes adaptively (Fabric::routing)
    bool inNetworkReduction = false;              ///< every switch reduces in the network (Switch::sharp)

    bool empty() const
    {
        return leafSwitch.empty() && spineSwitch.empty() && nic.empty() && transport == Transport::Unspecified
            && !adaptiveRouting && !inNetworkReduction;
    }
};

/// Sets the tiers' radix, speed and model, the NIC speed and model, the
/// transport and the routing of `params` from the catalogue. The tiers keep
/// their oversubscription. Throws GeneratorError naming the option.
void applyHardware(ClosParams &params, const HardwareChoice &choice, const BomCatalog &catalog);

/// A k-ary fat-tree of switch model `model` (a slug or name): k is its port
/// count at `linkGbps` (0: its first breakout's speed). Throws GeneratorError
/// naming "switch" for an unknown model, a speed it does not run, or an odd
/// k or one above `maxK`; "link-gbps" when the model has no such speed.
ClosParams fatTreeParamsForModel(const BomCatalog &catalog, const std::string &model, double linkGbps, int maxK);

/// The catalogue's switch models that speak `transport` (any when
/// Unspecified) and run ports at `gbps` (any when 0), by slug.
std::vector<std::string> switchModelsFor(const BomCatalog &catalog, Transport transport, double gbps = 0);

} // namespace Railyard
