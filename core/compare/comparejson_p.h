#pragma once

// Internal to core/compare: the JSON of a link reference, shared by the
// diff and the cabling report.

#include "core/compare/fabricdiff.h"

#include <nlohmann/json.hpp>

namespace Railyard::CompareJson {

inline nlohmann::ordered_json link(const LinkRef &l)
{
    nlohmann::ordered_json j;
    j["id"] = l.id;
    j["a"] = l.a;
    j["b"] = l.b;
    j["port_a"] = l.portA;
    j["port_b"] = l.portB;
    j["gbps"] = l.gbps;
    j["effective_gbps"] = l.effective;
    return j;
}

} // namespace Railyard::CompareJson
