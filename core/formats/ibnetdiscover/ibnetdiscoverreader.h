#pragma once

// Reading and writing the topology file `ibnetdiscover` prints (infiniband-
// diags), which is also what InfiniBand's fabric simulator ibsim reads
// (docs/fabric-format.md, "ibnetdiscover").

#include "core/formats/fileformat.h"

#include <string>

namespace Railyard::Ibnetdiscover {

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
ReadResult read(std::string_view text, const QString &fileName);

/// Writes the fabric as ibnetdiscover would print it: stable GUIDs from the
/// element order, node descriptions "HOST mlx5_N" for host NICs and the
/// switch id for switches, every link from both ends with its width and
/// speed (degraded links at their actual rate; links that are down are not
/// written, as discovery would not see them). Empty and *error set when a
/// rate has no InfiniBand width × speed.
std::string write(const Fabric &fabric, QString *error);

} // namespace Railyard::Ibnetdiscover
