#pragma once

// What a fabric says about its link layer. The model has no link-type
// field (core/model/fabric.h), so the evidence is the switch model names and
// SHARP: a switch is InfiniBand when its model names an InfiniBand product
// (NVIDIA Quantum: "QM87xx", "QM97xx", "MQM...", "CS7500"/"CS8500",
// "SB7xxx", or the words "quantum"/"infiniband") or it has SHARP enabled
// (Railyard models SHARP as InfiniBand's, Quantum-2); Ethernet when its model
// names an Ethernet product ("SN2xxx"–"SN5xxx" Spectrum, "spectrum",
// "tomahawk", "trident", "jericho", Arista "7060"/"7280"/"7800"/"DCS-7",
// "nexus", "QFX", "minipack", "wedge", or the words "ethernet"/"roce");
// otherwise unknown (e.g. the generators' "radix-64 400G"). Matching is
// case-insensitive. docs/intent-format.md lists the same table.

#include "core/model/fabric.h"

#include <string>

namespace Railyard {

struct BackendEvidence
{
    int infinibandSwitches = 0;
    int ethernetSwitches = 0;
    int unknownSwitches = 0;
    std::string infinibandExample; ///< a switch id and model, for messages
    std::string ethernetExample;
    std::string unknownExample;
};

/// Classifies every switch of `fabric`. O(switches).
BackendEvidence detectBackend(const Fabric &fabric);

/// The class of one switch: 'i' InfiniBand, 'e' Ethernet, 0 unknown.
char classifySwitchBackend(const Switch &sw);

} // namespace Railyard
