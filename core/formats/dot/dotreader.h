#pragma once

// Reading Graphviz DOT (https://graphviz.org/doc/info/lang.html) as a
// fabric: a hand-written tokenizer and recursive-descent parser that gives
// every syntax error its line and column (Boost's read_graphviz throws on
// much real-world DOT and says where nothing went wrong). Accepted:
// `strict`, `graph`/`digraph`, node and edge statements with attribute
// lists, chains `a -- b -- c`, `->` as a cable too, subgraphs (also as edge
// ends), `node [..]`/`edge [..]`/`graph [..]` defaults scoped to their
// subgraph, ports `a:p1` (compass points ignored), quoted IDs with `\"` and
// line continuations, `+` concatenation, HTML-like `<…>` IDs, comments
// (`//`, `/* */`, `#` lines). Leniencies: unquoted IDs may hold `-`, `.` and
// start with digits ("leaf-01", "400G"); `->` in a `graph` is read as `--`.
// The attributes are read by AttributedGraph::build (attributedgraph.h);
// clusters named `cluster_rack_X` or labelled "rack X"/"rX" give their
// nodes rack X.

#include "core/formats/dot/attributedgraph.h"

#include <string_view>

namespace Railyard::Dot {

/// Parses DOT text. On a syntax error returns false with `errors` set
/// (line and column); otherwise fills `graph` and adds `warnings`.
bool parse(std::string_view text, const QString &fileName, AttributedGraph::Graph *graph,
           std::vector<FormatError> *errors, std::vector<FormatError> *warnings);

/// Parses and builds the fabric.
ReadResult read(std::string_view text, const QString &fileName);

/// Writes a fabric as DOT (docs/fabric-format.md, "Graphviz DOT"): hosts
/// with role, gpus, gpu_model, rack; switches with role, tier, radix, model,
/// rack; one edge per link with a_port ("nicK/P" on hosts, the 1-based
/// switch port), b_port, gbps and, when not up, state/degraded_gbps.
std::string write(const Fabric &fabric);

} // namespace Railyard::Dot
