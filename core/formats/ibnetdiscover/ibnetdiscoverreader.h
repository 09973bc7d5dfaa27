#pragma once

// Reading and writing the topology file `ibnetdiscover` prints (infiniband-
// diags), which is also what InfiniBand's fabric simulator ibsim reads
// (docs/fabric-format.md, "ibnetdiscover").

#include "core/formats/fileformat.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace Railyard::ImportGraph {
struct Node;
}

namespace Railyard::Ibnetdiscover {

/// The most ports a node of a dump or ports report may have (a switch's
/// radix; real ones have up to a few hundred).
inline constexpr int kMaxPorts = 4096;

/// The node-name map infiniband-diags' tools read (`--node-name-map`): lines
/// `0xGUID "NAME"` (or an unquoted name), `#` comments. A mapped name replaces
/// the node description the dump carries, so HCAs named "dgx-04 mlx5_5" by
/// the map group into hosts like described ones.
struct NodeNameMap
{
    std::unordered_map<std::uint64_t, std::string> names;
    /// std::nullopt with *errors (file and line) when a line does not parse.
    static std::optional<NodeNameMap> parse(std::string_view text, const QString &fileName,
                                            std::vector<FormatError> *errors);
};

/// Renames nodes whose id carries a GUID ("S-…", "H-…") found in the map;
/// says how many in *warnings.
void applyNodeNameMap(std::vector<ImportGraph::Node> &nodes, const NodeNameMap &map, const QString &fileName,
                      std::vector<FormatError> *warnings);

/// Whether the text is a ports report (`ibnetdiscover -p`): lines
/// `CA|SW LID PORT 0xGUID WIDTH SPEED [- CA|SW LID PORT 0xGUID] ( 'NAME' - 'PEER' )`.
bool isPortsReport(std::string_view text);
/// Reads a ports report, with the same inferences as read(); each link is
/// listed from both ends, a port with nothing cabled has no peer.
ReadResult readPortsReport(std::string_view text, const QString &fileName, const NodeNameMap *map = nullptr);

/// Reads a dump: one block per node (a `Switch`/`Ca`/`Rt` header and one
/// `[port]` line per connected port), each link listed from both ends.
/// Real dumps are untidy, and the reader says what it made of them as
/// warnings (with line numbers):
///  * HCAs whose node description is "HOST DEVICE" (`dgx-04 mlx5_5`) are one
///    host with a NIC per HCA, in device order (the rails); other HCAs are a
///    host each, named by their description when it is unique, else by GUID;
///  * SHARP aggregation nodes (a CA described "… Aggregation Node") are not
///    hosts: they mark the switch they hang off SHARP-capable;
///  * a cable between two ports of one switch (a loopback test cable) is
///    reported and not imported;
///  * a first line of error text from the tool, unquoted or space-padded
///    names, links to nodes missing from the dump and `???` speeds are
///    reported (an unknown speed takes its peers' rate);
///  * link rates are width × lane rate (4xNDR = 400 Gb/s); a link that trained
///    slower than most links of its tier pair is imported as degraded, at its
///    actual rate, with its peers' rate as capacity;
///  * tiers come from the distance to the hosts: switches with hosts are
///    leaves, the next ones spines, then cores.
/// The ports report (`-p`) is recognized and read by readPortsReport().
ReadResult read(std::string_view text, const QString &fileName, const NodeNameMap *map = nullptr);

/// Writes the fabric as ibnetdiscover would print it: stable GUIDs from the
/// element order, node descriptions "HOST mlx5_N" for host NICs and the
/// switch id for switches, every link from both ends with its width and
/// speed (degraded links at their actual rate; links that are down are not
/// written, as discovery would not see them). Empty and *error set when a
/// rate has no InfiniBand width × speed.
std::string write(const Fabric &fabric, QString *error);

} // namespace Railyard::Ibnetdiscover
