#pragma once

// Fast path of the GraphML reader (see graphmlfast.cpp); internal to the format.

#include "core/model/fabric.h"

#include <string_view>

namespace Railyard::GraphmlDetail {

/// Reads a valid, plainly written GraphML document into `fabric` (empty on
/// entry). Returns false as soon as anything is off (then `fabric` must be
/// discarded; the full reader reads the file and reports the problem).
bool readPlain(std::string_view data, Fabric &fabric);

} // namespace Railyard::GraphmlDetail
