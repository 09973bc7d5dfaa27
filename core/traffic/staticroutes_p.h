#pragma once
// Internal to core/traffic/staticroutes*.cpp: the switch graph as the subnet
// manager sees it (ports in port order, GUIDs), and the two engines that fill
// one subnet's tables.

#include <cstdint>
#include <string>
#include <vector>

namespace Railyard::StaticRoutesDetail {

/// One live port of a switch, in port order.
struct SwitchPort
{
    std::int32_t link = -1;
    int port = 0;             ///< this switch's port number (1-based)
    std::int32_t remoteSw = -1; ///< switch at the other end, -1 for a CN
    int remoteCn = -1;        ///< CN at the other end, -1 for a switch
};

/// The graph the engines route: live switch ports and the CNs.
struct SubnetGraph
{
    std::int32_t switches = 0;
    std::vector<std::uint64_t> switchGuid; ///< per switch
    std::vector<int> switchTier;           ///< tierLevel per switch
    std::vector<std::int32_t> portBegin;   ///< switches + 1 offsets into ports
    std::vector<SwitchPort> ports;         ///< each switch's live ports in port order
    std::vector<std::int32_t> cnSwitch;    ///< per CN: its switch (-1 when its link is down)
    std::vector<std::uint64_t> cnGuid;     ///< per CN: its HCA's node GUID
};

/// One subnet's output: per CN of the subnet, per switch of the fabric, the
/// index into that switch's ports (its slot) + 1; 0 for no route.
struct SubnetTables
{
    const SubnetGraph *graph = nullptr;
    std::uint16_t *table = nullptr; ///< [cn x switches + switch]
    /// Per CN: 1 when a flow is routed to it; null: every CN. An engine that
    /// routes CNs one after another, each on the counters the earlier ones
    /// left (ftree), may stop once every needed CN is routed: the routes to
    /// those are the same as with every CN routed.
    const std::vector<char> *needed = nullptr;
    /// Per CN: set to 1 for every CN the engine routed.
    std::vector<char> *routed = nullptr;
    void set(int cn, std::int32_t sw, std::int32_t slot) const
    {
        table[static_cast<size_t>(cn) * static_cast<size_t>(graph->switches) + static_cast<size_t>(sw)]
            = static_cast<std::uint16_t>(slot + 1);
    }
};

/// OpenSM's ftree on one subnet (its switches and CNs). False, with `why`,
/// when ftree refuses the topology (OpenSM then falls back to min-hop).
bool routeFtree(const SubnetGraph &graph, const std::vector<std::int32_t> &switches, const std::vector<int> &cns,
                const SubnetTables &out, std::string *why);

/// Min-hop: every switch forwards to each CN over a port on a shortest path,
/// the one that carries the fewest routes so far (ties to the lowest port),
/// CNs in order.
void routeMinHop(const SubnetGraph &graph, const std::vector<std::int32_t> &switches, const std::vector<int> &cns,
                 const SubnetTables &out);

/// The order of OpenSM's GUID tables (cl_qmap keyed by the GUID in network
/// byte order, compared as a host integer): the byte-swapped GUID.
inline std::uint64_t qmapKey(std::uint64_t guid)
{
    return __builtin_bswap64(guid);
}

} // namespace Railyard::StaticRoutesDetail
