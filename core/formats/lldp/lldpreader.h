#pragma once

// Reading one lldpd neighbour dump (docs/fabric-format.md, "LLDP (lldpd)"):
// what `lldpcli -f json0 show neighbors`, `-f json` (lldpd issue #236: a
// single value is an object or a string, several become a list) and
// `-f keyvalue` print, optionally with `show chassis` (the local chassis)
// or `show interfaces` (the local ports, whose chassis is the local one) in
// the same file. The dump is parsed into plain records; LldpFormat
// (lldpformat.h) turns the dumps of one host or of a folder of hosts and
// switches into the shared import graph.

#include "core/formats/fileformat.h"

#include <string>
#include <string_view>
#include <vector>

namespace Railyard::Lldp {

/// What a chassis's capabilities (or names) say it is.
enum class Kind : char {
    Unknown,
    Host,   ///< "Station" enabled without "Bridge" or "Router"; a server NIC name
    Switch, ///< "Bridge" or "Router" enabled; a switch port name
};

/// One neighbour seen on one local interface.
struct Neighbour
{
    std::string localIf;  ///< the local interface ("enp65s0f0np0", "swp3")
    std::string peer;     ///< the neighbour's system name (its chassis id when it sends none)
    std::string peerPort; ///< its port: the id when of type ifname, else the description, else the id
    Kind peerCaps = Kind::Unknown;
    double gbps = 0; ///< from the neighbour port's MAU type (auto-negotiation current); 0 = not given
    int line = 0;    ///< keyvalue: the line of the record's first key
    QString path;    ///< JSON: the pointer of the interface object
};

/// One parsed file.
struct Dump
{
    QString file;
    std::string local; ///< the local system name from the content; empty when the dump has none
    Kind localCaps = Kind::Unknown;
    std::vector<std::string> localPorts; ///< interfaces named in the dump, in order of appearance
    std::vector<Neighbour> neighbours;
};

/// Parses one dump. Syntax errors (malformed JSON, a line that is neither
/// key=value nor a continuation, values of the wrong type) go to *errors
/// with the line or the JSON pointer; records it cannot use (a neighbour
/// without a name) are skipped with a warning. Never throws.
Dump parse(std::string_view text, const QString &fileName, std::vector<FormatError> *errors,
           std::vector<FormatError> *warnings);

/// Whether the start of a file looks like lldpcli output (JSON with an
/// "lldp" or "local-chassis" key, or keyvalue lines starting "lldp.").
bool looksLikeDump(std::string_view head);

/// The speed of an IEEE 802.3 MAU type as lldpd names it ("400GbaseR - …",
/// "2p5GbaseX", "1000baseT") in Gb/s; 0 when it names none.
double mauGbps(std::string_view mau);

/// Classifies an interface name: "Ethernet8", "swp12", "Ethernet1/5",
/// "et-0/0/1" are switch ports; "eth0", "enp65s0f0np0", "ib0", "mlx5_0" a
/// host's NICs; anything else Unknown.
Kind portNameKind(std::string_view name);

} // namespace Railyard::Lldp
