#pragma once

// Internal to core/formats/ibnetdiscover: the node list both InfiniBand
// readers parse into (ibnetdiscover, iblinkinfo), and the step that turns it
// into a fabric with the inferences ibnetdiscoverreader.h describes.

#include "core/formats/fileformat.h"

#include <string>
#include <vector>

namespace Railyard::Ibnetdiscover::Detail {

enum class NodeType : char { Switch, Ca, Router };

struct PortLine
{
    int port = 0;
    std::string remote;
    int remotePort = 0;
    std::string rate; ///< "4xNDR", "4x???", "" when the line has none
    int line = 0;
};

struct Node
{
    NodeType type = NodeType::Ca;
    int ports = 0;
    std::string nodeId; ///< "S-0002c90300aa0010"
    std::string desc;   ///< the node description, trimmed
    int line = 0;
    std::vector<PortLine> links;
};

/// Hosts grouped, tiers and rates inferred, links deduplicated (each is
/// listed from both ends, or from one), validated.
ReadResult buildFromNodes(std::vector<Node> nodes, std::vector<FormatError> warnings, const QString &fileName);

} // namespace Railyard::Ibnetdiscover::Detail
