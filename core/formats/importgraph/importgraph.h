#pragma once

// The graph every discovery importer parses into (ibnetdiscover, iblinkinfo,
// LLDP, NetBox, Graphviz, NCCL topology, foreign GraphML), and the one step
// that turns it into a fabric: hosts grouped from their NICs, hosts told from
// switches where the source does not say, tiers from the distance to the
// hosts, rails from NIC numbering, racks from names, rates and degraded links
// from what the links trained at. Every guess is reported twice: as a warning
// (for the CLI) and as an Inference (for the Problems dock, where the user
// reviews and overrides it).

#include "core/formats/fileformat.h"

#include <string>
#include <vector>

namespace Railyard::ImportGraph {

enum class NodeType : char {
    Switch,
    Ca,      ///< one NIC (an InfiniBand HCA, an Ethernet port of a host); grouped into hosts
    Router,  ///< not imported (reported)
    Unknown, ///< the source does not say: classified from the role hint, the name, then the graph's shape
};

struct PortLine
{
    /// 1-based port on this node (0 = an InfiniBand switch's management
    /// port); -1 = the source does not number it: the builder takes the
    /// node's next free port (and says so).
    int port = 0;
    std::string remote;   ///< the peer's Node::nodeId
    int remotePort = 0;   ///< 1-based port on the peer; -1 as for `port`
    std::string rate;     ///< InfiniBand "4xNDR", "4x???"; empty when gbps is given or unknown
    double gbps = 0;      ///< the rate in Gb/s when the source gives it as a number (Ethernet); 0 = use `rate`
    std::string portName; ///< the port's own name ("eth3", "mlx5_3", "Ethernet1/5"); empty when unknown
    int line = 0;         ///< where the link is listed, for messages
};

struct Node
{
    NodeType type = NodeType::Ca;
    int ports = 0;      ///< port count; 0 = as many as cabled
    std::string nodeId; ///< unique key of the node in the source ("S-0002c9…", a host name)
    std::string desc;   ///< InfiniBand node description; "HOST DEVICE" groups CAs into hosts
    /// A CA's host when the source names it (LLDP, NetBox, NCCL): CAs with the
    /// same host are one host, NICs ordered by `device` (the rails).
    std::string host;
    int device = -1;   ///< the CA's NIC number within `host` (-1: in order of appearance)
    std::string rack;  ///< where the source says (NetBox); else inferred from the name
    std::string zone;  ///< site or hall where the source says
    std::string role;  ///< a role from the source: "leaf", "spine", "core", "switch", "host"; empty = infer
    std::string model; ///< switch or server model where known
    int line = 0;
    /// A link may be listed from one end or from both (then with both ports
    /// numbered, so the two listings match). An Unknown node the builder
    /// finds to be a host becomes one NIC per link (rails in the order of
    /// the port names' trailing numbers, else of the links).
    std::vector<PortLine> links;
};

/// Turns the nodes into a fabric. `warnings` are the parser's own (kept, in
/// front); `fileName` names the file in every message and the fabric.
/// Links listed from both ends are one link; a link to a node not in the
/// list is reported and skipped; loopback cables are reported and skipped.
ReadResult build(std::vector<Node> nodes, std::vector<FormatError> warnings, const QString &fileName);

/// The trailing number of a NIC or port name: "mlx5_3" → 3, "eth3" → 3,
/// "enp3s0f1np1" → 1, "Ethernet1/5" → 5; -1 without one.
int trailingNumber(std::string_view name);

} // namespace Railyard::ImportGraph
