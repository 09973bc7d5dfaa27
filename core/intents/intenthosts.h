#pragma once

// The hosts a part of an intent names: what the Intents dock selects on the
// canvas when a rule, a selector or a lint finding is clicked.

#include "core/intents/intent.h"
#include "core/model/fabric.h"

#include <string>
#include <vector>

namespace Railyard {

/// The ids of the hosts of `fabric` that the part of `intent` at JSON
/// `pointer` names, in fabric order: "/allow/3" (a rule: both its selectors),
/// "/deny/0/from" or "/allow/2/to" (one selector), or anything below a rule
/// ("/allow/3/proto": the rule). Empty for a pointer that names no rule, a
/// rule index out of range, or "@public".
std::vector<std::string> hostsNamedBy(const Intent &intent, const std::string &pointer, const Fabric &fabric);

} // namespace Railyard
