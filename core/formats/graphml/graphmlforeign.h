#pragma once

// GraphML written by other tools (yEd, NetworkX, Gephi, igraph) without
// Railyard's keys: read as a discovered graph through the shared builder
// (core/formats/dot/attributedgraph.h, core/formats/importgraph/importgraph.h),
// which infers hosts, switches, tiers and racks the file does not give.
// docs/fabric-format.md, "GraphML from other tools".

#include "core/formats/fileformat.h"

namespace Railyard::GraphmlForeign {

/// Whether the GraphML document from the device's position on is foreign:
/// it has a node, and either no `role` key (no <key> named role for nodes,
/// and no `<data key="role">` in its first node), or a `role` key but a
/// speed key named capacity, bandwidth or speed and no `gbps` key. Reads
/// the keys and the first node only; seeks back to where it started (the
/// device must not be sequential). False for anything unreadable: Railyard's
/// own reader then reports the problem as before.
bool isForeign(QIODevice &device);

/// Reads a foreign GraphML document. Errors carry the line and column.
ReadResult read(QIODevice &device, const QString &fileName);

} // namespace Railyard::GraphmlForeign
