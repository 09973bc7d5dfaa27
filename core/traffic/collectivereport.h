#pragma once

// The report of one collective estimate, as `railyard-cli collective` prints
// it (text) and as its `--json` schema gives it (docs/cli.md, "collective").
// Built here so the CLI and any other front end print the same result.

#include "core/analysis/capacity.h"
#include "core/model/fabric.h"
#include "core/traffic/collectivemodel.h"

#include <string>

namespace Railyard {

/// JSON object of the estimate; `failures` are named by id (switches, then links).
std::string collectiveToJson(const Fabric &fabric, const CollectiveEstimate &e, const Failures &failures,
                             int indent = 2);

/// Human-readable report: what ran, time, algbw, busbw, bottleneck, the three
/// terms, ECMP spread when routed by ECMP, and the notes.
std::string collectiveToText(const CollectiveEstimate &e);

} // namespace Railyard
