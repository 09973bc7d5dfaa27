#pragma once

// A graph whose nodes and edges carry free-form string attributes, as drawing
// tools write them: Graphviz DOT (dotreader.h) and GraphML from yEd,
// NetworkX, Gephi or igraph (graphml/graphmlforeign.h). Both readers parse
// into this shape; build() reads the attributes Railyard understands (roles,
// tiers, racks, ports, speeds, states) and hands the nodes to the shared
// discovery builder (importgraph.h), which infers what the file leaves out.
// docs/fabric-format.md, "Graphviz DOT" and "GraphML from other tools",
// lists the attribute names and how values are read.

#include "core/formats/fileformat.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace Railyard::AttributedGraph {

/// Attribute names in lower case → values as written.
using Attributes = std::map<std::string, std::string>;

struct Element
{
    std::string key;  ///< how edges refer to the node (DOT ID, GraphML id)
    std::string name; ///< the node's id in the fabric; empty = key
    Attributes attrs;
    int line = 0;
    int column = 0;
};

struct Edge
{
    std::string a, b;         ///< the nodes' keys
    std::string aPort, bPort; ///< ports written as `a:p1` (DOT) or sourceport (GraphML); empty = none
    Attributes attrs;
    int line = 0;
    int column = 0;
};

struct Graph
{
    std::string name; ///< the graph's name when the file gives one
    std::vector<Element> nodes;
    std::vector<Edge> edges;
};

/// Turns the graph into a fabric. `warnings` are the parser's own (kept in
/// front); `fileName` names the file in every message. Errors (a value that
/// is not a speed, a state or a number where one is needed) stop the import
/// and name the line and column of the node or edge.
ReadResult build(Graph graph, std::vector<FormatError> warnings, const QString &fileName);

/// A link speed as written: "400", "400G", "400Gbps", "400 Gb/s", "1.6T",
/// "100000Mbps". A bare number is Gb/s up to 6400, Mb/s up to 6.4e6 and b/s
/// above (SNMP ifSpeed/ifHighSpeed values); `*bareUnit` says which when a
/// bare number was read as Mb/s or b/s ("Mb/s", "b/s"). std::nullopt when it
/// is not a speed or outside Limits::minGbps..maxGbps.
std::optional<double> parseGbps(const std::string &text, std::string *bareUnit = nullptr);

/// The rack a group of nodes stands for (a DOT cluster, a yEd group):
/// label "rack r01", "Rack-3" or "r01"; else a name `cluster_rack_r01` or
/// `cluster_r01`. Empty when neither looks like a rack ("Spines").
std::string groupRack(const std::string &name, const std::string &label);

} // namespace Railyard::AttributedGraph
