#pragma once
// Internal to core/floor: the bounded parse every floor and cable-part text
// passes before its fields are read.

#include "core/common/strictjsonparse.h"
#include "core/common/jsonbounds.h"
#include "core/common/messagetext.h"
#include "core/floor/floorplan.h"

#include <string>
#include <string_view>

namespace Railyard::FloorDetail {

/// `text` parsed as `Json` once it is within bounds (16 levels deep);
/// FloorError naming `fileName` (and the line past a bound) otherwise.
template<typename Json>
Json parseBounded(std::string_view text, const std::string &fileName)
{
    JsonLimits limits;
    limits.maxDepth = 16;
    if (const auto e = checkJsonBounds(text, limits))
        throw FloorError(fileName + ": line " + std::to_string(e->line) + ": " + e->message);
    try {
        return parseJsonRefusingDuplicates<Json>(text);
    } catch (const StrictJsonError &e) {
        throw FloorError(fileName + ": " + e.what());
    } catch (const typename Json::parse_error &e) {
        throw FloorError(fileName + ": not JSON: " + jsonExceptionMessage(e.what()));
    }
}

} // namespace Railyard::FloorDetail
