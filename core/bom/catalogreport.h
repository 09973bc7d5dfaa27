#pragma once

// The catalogue as `railyard-cli catalog` prints it (docs/catalog.md): every
// switch and NIC model with its slug, transport, breakouts, capabilities,
// price, power and the source of each figure; then cables and transceivers.

#include "core/bom/bom.h"

#include <string>

namespace Railyard {

/// Stable JSON: currency, switches[{slug, model, vendor, description,
/// transport, breakouts[{ports, gbps}], capabilities{in_network_reduction,
/// adaptive_routing, packet_spraying}, price, watts, sources{figure: citation}}],
/// nics[{… transports instead of transport}], cables[{slug, description,
/// price, watts, optical, sources}], transceivers[{slug, description,
/// price_per_100g, watts_per_100g, sources}].
std::string catalogToJson(const BomCatalog &catalog, int indent = 2);
/// A table per section, each model's sources under it.
std::string catalogToText(const BomCatalog &catalog);

} // namespace Railyard
