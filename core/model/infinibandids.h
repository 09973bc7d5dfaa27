#pragma once

// The InfiniBand identities Railyard gives a design: GUIDs, LIDs and port
// numbers, the same in every file written for the real tools (the
// ibnetdiscover export ibsim loads, the subnet manager's GUID files) and
// used to map what those tools print back onto the design
// (docs/fabric-manager.md, "Identities").
//
//  * Switch s (0-based index): node GUID 0x5259_01_0000000000 + s + 1.
//  * The k-th NIC overall (hosts in order, their NICs in order, from 1):
//    node GUID 0x5259_02_0000000000 + 16·k; its port p (1-based) has port
//    GUID node GUID + p. Each NIC is one HCA, described "HOST mlx5_N".
//  * LIDs as written: switches 1..S, then every NIC in the same order.
//  * Switch ports are the links' port numbers + 1; a link end without a
//    port takes the next free one after the highest numbered port, in link
//    order. A host link's port is its NIC port (1-based). A link that is
//    down is not discovered: its ports are 0.

#include "core/model/fabric.h"

#include <cstdint>
#include <string>
#include <vector>

namespace Railyard {

struct InfinibandIds
{
    static constexpr std::uint64_t switchGuidBase = 0x5259010000000000ull;
    static constexpr std::uint64_t caGuidBase = 0x5259020000000000ull;

    struct Ca
    {
        std::int32_t host = -1;
        int nic = -1;          ///< index in the host's nics
        std::uint64_t guid = 0;
        int lid = 0;
        int firstPort = 0;     ///< the host port (0-based, over all its NICs) of this NIC's port 1
        int ports = 1;
    };
    std::vector<std::uint64_t> switchGuid; ///< per switch index
    std::vector<int> switchLid;            ///< per switch index
    std::vector<Ca> cas;                   ///< every NIC, in order
    std::vector<std::vector<int>> caOfHost; ///< per host: indices into cas
    /// Per link: the 1-based port at end a and at end b (a switch port, or
    /// the port on the host's NIC).
    std::vector<std::pair<int, int>> linkPorts;

    static InfinibandIds of(const Fabric &fabric);
    /// The CA (index into cas) of a host's port (0-based over its NICs).
    int caOfHostPort(std::int32_t host, int port) const;
    /// "HOST mlx5_N".
    static std::string caDescription(const Fabric &fabric, const Ca &ca);
    /// A GUID as the tools print it: "0x5259010000000001".
    static std::string guidText(std::uint64_t guid);
    /// A P_Key as the tools print it: "0x8001".
    static std::string pkeyText(std::uint16_t pkey);
};

} // namespace Railyard
