#pragma once

// Fast path of the native reader (see fabricjsonfast.cpp); internal to the format.

#include "core/model/fabric.h"

#include <string_view>

namespace Railyard::FabricJsonDetail {

/// Reads a valid, plainly written `.fabric.json` document into `fabric` (empty
/// on entry). Returns false as soon as anything is off (then `fabric` is
/// partly filled and must be discarded; the full reader reports the problem).
bool readPlain(std::string_view data, Fabric &fabric);

} // namespace Railyard::FabricJsonDetail
