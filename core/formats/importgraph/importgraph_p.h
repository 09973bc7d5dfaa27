#pragma once

// Internal to core/formats/importgraph: the steps before the build proper.

#include "core/formats/importgraph/importgraph.h"

#include <string>
#include <vector>

namespace Railyard::ImportGraph::Detail {

/// What the preparation reports: warnings (each once, with a line where it
/// has one) and the role inferences of the nodes it classified.
struct Prepared
{
    std::vector<FormatError> warnings;
    std::vector<Inference> inferences;
};

/// Gives every link listed with port 0 on an end that is not a switch's
/// management port the next free port of that node, classifies Unknown
/// nodes as switches or hosts (role hint, then name, then the graph's
/// shape), and splits each host so found into one CA per link (its NICs,
/// ordered by their port names' trailing numbers, else by link order).
/// Links to unknown nodes are left for the build to report.
Prepared prepare(std::vector<Node> &nodes, const QString &fileName);

/// "host", "switch" or "" from a role word ("leaf", "server", "ToR", …).
std::string roleClass(const std::string &role);
/// The tier a role word names ("leaf", "tor", "spine", "core", "super-spine"), if any.
std::optional<Tier> roleTier(const std::string &role);
/// A rack named in an element's name: "r12-leaf" → "r12", "rack-03-gpu1" → "rack-03".
std::string rackFromName(const std::string &name);

} // namespace Railyard::ImportGraph::Detail
