#pragma once

// The fabric model: hosts, switches and links of a training network.
//
// Plain C++ structures (no QObject): the analysis algorithms run directly
// on these vectors. Every element has a stable string id; links refer to
// their endpoints by node index (see NodeRef) so hot loops never hash
// strings. Capacities are in Gbit/s, per direction.

#include "core/model/idindex.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace Railyard {

/// Switch tiers, bottom-up. `Unlayered` is a switch whose tier is unknown
/// (e.g. imported as role "switch"); layered analyses skip such fabrics.
enum class Tier : std::uint8_t { Leaf = 1, Spine = 2, Core = 3, Unlayered = 0 };

/// "leaf", "spine", "core", "switch".
const char *tierName(Tier tier);
/// Parses a tier name; std::nullopt for anything unknown.
std::optional<Tier> tierFromName(const std::string &name);
/// Tier number used for ordering: leaf 1, spine 2, core 3; unlayered 0.
inline int tierLevel(Tier tier)
{
    return static_cast<int>(tier);
}

enum class LinkState : std::uint8_t { Up, Down, Degraded };
const char *linkStateName(LinkState state);
std::optional<LinkState> linkStateFromName(const std::string &name);

/// Where an element physically sits. Empty strings mean "not known".
struct Location
{
    std::string zone; ///< AI zone / data-center hall
    std::string pod;  ///< pod: the group below one spine layer
    std::string su;   ///< scalable unit
    std::string rack;
};

/// One scale-out NIC of a host. NIC r serves rail r.
struct Nic
{
    int rail = 0;
    double speedGbps = 400.0; ///< total NIC speed, Gbit/s per direction
    int ports = 1;            ///< 2 for dual-ToR NICs (each port speedGbps / ports)
    std::string model{};      ///< catalogue model ("ConnectX-7"); empty when not known
};

struct Host
{
    std::string id;
    std::string gpuModel = "h100";
    int gpus = 8;
    double nvlinkGBps = 450.0; ///< NVLink bandwidth per GPU, GB/s per direction
    std::vector<Nic> nics;
    Location location;
    /// The host's NVSwitch reduces in the switch: NVLink SHARP (NVLS), as on
    /// HGX H100/H200/B200. Enables the collective model's nvls algorithms.
    bool nvls = false;
    /// The multi-host NVLink domain the host belongs to (a GB200/GB300 NVL72
    /// rack: 18 trays of 4 GPUs behind NVLink switch trays). Hosts with the
    /// same non-empty name share one NVLink fabric: ranks on them talk over
    /// NVLink, not the network. Empty: the host's NVLink reaches its own GPUs only.
    std::string nvlinkDomain;
};

/// Whether `name` can name a multi-host NVLink domain (Host::nvlinkDomain):
/// 1 to Limits::maxIdBytes bytes of ASCII letters, digits, '-', '_', '.' and
/// ':', starting with a letter or digit ("nvl-0001", "r12.nvl72").
bool isValidNvlinkDomainName(std::string_view name);
/// What is wrong with an NVLink domain name, as a sentence naming it (cut to
/// Limits::maxQuotedChars); empty when the name is valid.
std::string nvlinkDomainNameProblem(std::string_view name);

/// One multi-host NVLink domain: the hosts that name it, in host order.
struct NvlinkDomain
{
    std::string name;
    std::vector<std::int32_t> hosts; ///< host indices
    long long gpus = 0;              ///< GPUs of those hosts
};

struct Switch
{
    std::string id;
    Tier tier = Tier::Leaf;
    int radix = 64; ///< number of ports
    std::string model;
    int plane = 0;
    int rail = -1; ///< the rail a rail-optimized leaf serves, -1 if none
    Location location;
    /// In-network reduction (InfiniBand SHARP v3, Quantum-2): enables the
    /// collective model's collnet algorithm when every switch has it.
    bool sharp = false;
};

/// A node is a host or a switch: hosts first, then switches.
/// NodeRef packs both into one integer: index < hostCount() is a host.
using NodeIndex = std::int32_t;

struct Link
{
    std::string id;
    NodeIndex a = -1;
    NodeIndex b = -1;
    int portA = -1; ///< port on a: switch port, or NIC port number on a host (-1 = unassigned)
    int portB = -1;
    double capacityGbps = 400.0; ///< per direction, nominal
    LinkState state = LinkState::Up;
    double degradedGbps = 0.0; ///< effective rate when state == Degraded
    int plane = 0;

    /// Capacity the link carries now: 0 when down, the degraded rate when degraded.
    double effectiveGbps() const
    {
        switch (state) {
        case LinkState::Down: return 0.0;
        case LinkState::Degraded: return degradedGbps;
        case LinkState::Up: break;
        }
        return capacityGbps;
    }
};

/// One finding of Fabric::validate(): what is wrong and with which element.
struct Problem
{
    enum class Severity { Error, Warning };
    Severity severity = Severity::Error;
    std::string elementId;
    std::string message;
};

/// The link layer of the fabric: it decides how flows are routed when the
/// fabric does not say (FabricRouting::Default), and which transport's
/// efficiency and latency the collective model prices (docs/traffic-model.md).
/// Ethernet carries RDMA as RoCE v2; Efa is AWS's Elastic Fabric Adapter,
/// whose SRD transport sprays each connection's packets over many paths.
enum class Transport : std::uint8_t { Unspecified, InfiniBand, Ethernet, Efa };

/// How the switches forward a flow (docs/fabric-format.md, "routing"):
/// Hashed — ECMP hashing pins each connection to one path (RoCE's default);
/// Static — destination-based forwarding tables from the subnet manager
/// (InfiniBand's default); Adaptive — adaptive routing or packet spraying
/// spreads every connection over the paths. Default follows the transport.
enum class FabricRouting : std::uint8_t { Default, Hashed, Static, Adaptive };

/// "infiniband", "ethernet", "efa", "" (unspecified). transportFromName also
/// takes "roce" for Ethernet.
const char *transportName(Transport transport);
std::optional<Transport> transportFromName(std::string_view name);
/// "hashed", "static", "adaptive", "" (default).
const char *fabricRoutingName(FabricRouting routing);
std::optional<FabricRouting> fabricRoutingFromName(std::string_view name);

/// How NCCL drives the RDMA NICs, where it changes how a fabric routes
/// (docs/traffic-model.md, "Connections per peer"). Unset fields take
/// NCCL's defaults.
struct NcclSettings
{
    /// NCCL_IB_QPS_PER_CONNECTION (1 to 128); 0: NCCL's default, 1.
    int ibQpsPerConnection = 0;
    /// NCCL_IB_SPLIT_DATA_ON_QPS; -1: NCCL's default, 0.
    int ibSplitDataOnQps = -1;
    bool isDefault() const { return ibQpsPerConnection == 0 && ibSplitDataOnQps < 0; }
    int qpsPerConnection() const { return ibQpsPerConnection > 0 ? ibQpsPerConnection : 1; }
    bool splitDataOnQps() const { return ibSplitDataOnQps > 0; }
};

/// Where the racks stand on the data-hall floor (core/floor/floorplan.h,
/// docs/floor.md).
struct FloorPlan;

/// The whole fabric. Owns its elements; indices are stable until an element
/// is removed. Mutators keep the id index in sync.
class Fabric
{
public:
    std::string name;
    std::string description;
    Transport transport = Transport::Unspecified;
    FabricRouting routing = FabricRouting::Default;
    /// NCCL's queue pairs (what ECMP hashes on a RoCE fabric).
    NcclSettings nccl;
    /// The routing in force: `routing`, else static for InfiniBand, adaptive for
    /// EFA (SRD sprays packets), else hashed.
    FabricRouting effectiveRouting() const;
    /// The design's floor (docs/floor.md): where its racks stand, so that every
    /// cable has a length and a part. nullptr: none of its own (the bill of
    /// materials falls back to length classes, and the floor report places
    /// the racks automatically). Copies share it; an edit replaces it.
    std::shared_ptr<const FloorPlan> floor;

    const std::vector<Host> &hosts() const { return m_hosts; }
    const std::vector<Switch> &switches() const { return m_switches; }
    const std::vector<Link> &links() const { return m_links; }

    std::int32_t hostCount() const { return static_cast<std::int32_t>(m_hosts.size()); }
    std::int32_t switchCount() const { return static_cast<std::int32_t>(m_switches.size()); }
    std::int32_t nodeCount() const { return hostCount() + switchCount(); }
    std::int32_t linkCount() const { return static_cast<std::int32_t>(m_links.size()); }

    bool isHost(NodeIndex n) const { return n >= 0 && n < hostCount(); }
    bool isSwitch(NodeIndex n) const { return n >= hostCount() && n < nodeCount(); }
    NodeIndex hostNode(std::int32_t hostIndex) const { return hostIndex; }
    NodeIndex switchNode(std::int32_t switchIndex) const { return hostCount() + switchIndex; }
    std::int32_t switchIndexOf(NodeIndex n) const { return n - hostCount(); }

    const Host &host(std::int32_t i) const { return m_hosts[static_cast<size_t>(i)]; }
    const Switch &switchAt(std::int32_t i) const { return m_switches[static_cast<size_t>(i)]; }
    const Link &link(std::int32_t i) const { return m_links[static_cast<size_t>(i)]; }
    Host &host(std::int32_t i) { return m_hosts[static_cast<size_t>(i)]; }
    Switch &switchAt(std::int32_t i) { return m_switches[static_cast<size_t>(i)]; }
    Link &link(std::int32_t i) { return m_links[static_cast<size_t>(i)]; }

    /// Id of a node (host or switch).
    const std::string &nodeId(NodeIndex n) const;
    /// Tier of a node; hosts have no tier (returns std::nullopt).
    std::optional<Tier> nodeTier(NodeIndex n) const;

    /// Node index for a host or switch id, -1 if unknown. When several
    /// elements share an id (an invalid fabric), the first one.
    NodeIndex findNode(std::string_view id) const;
    /// Link index for a link id, -1 if unknown.
    std::int32_t findLink(std::string_view id) const;
    bool containsId(std::string_view id) const;
    /// How many hosts, switches and links carry this id (more than 1: a duplicate).
    int idUses(std::string_view id) const;

    /// Adds elements. Ids must be unique across hosts, switches and links
    /// (checked by validate(), not here, so loaders can report all problems).
    /// Adding a host shifts switch node indices by one; existing links are
    /// renumbered (O(L)), so add hosts first when building large fabrics.
    std::int32_t addHost(Host host);
    std::int32_t addSwitch(Switch sw);
    std::int32_t addLink(Link link);
    /// Appends links as addLink() would one by one, entering their ids in
    /// one prefetching pass (a reader's bulk load).
    void appendLinks(std::vector<Link> &&links);
    void reserve(size_t hosts, size_t switches, size_t links);

    // --- Structural editing primitives (FabricDocument's commands) ---------
    // Index lists are sorted ascending. They keep the id indexes in sync and
    // cost O(N + L) when elements move, less when they are appended.

    /// Removes hosts, switches and links by index. Every link incident to a
    /// removed node must be in `links`. Remaining link ends are renumbered.
    void removeElements(const std::vector<std::int32_t> &hosts, const std::vector<std::int32_t> &switches,
                        const std::vector<std::int32_t> &links);
    /// Inserts hosts and switches at their indices in the resulting vectors;
    /// existing link ends are renumbered.
    void insertNodes(std::vector<std::pair<std::int32_t, Host>> hosts,
                     std::vector<std::pair<std::int32_t, Switch>> switches);
    /// Inserts links (ends set) at their indices in the resulting vector.
    void insertLinks(std::vector<std::pair<std::int32_t, Link>> links);
    /// Replace an element in place; its id may change.
    void replaceHost(std::int32_t i, Host host);
    void replaceSwitch(std::int32_t i, Switch sw);
    void replaceLink(std::int32_t i, Link link);

    /// Checks the invariants of validate() for these nodes and links only
    /// (and every link incident to the given switches and hosts: ports,
    /// counts): what an edit touched. O(touched + their links).
    std::vector<Problem> validateElements(const std::vector<NodeIndex> &nodes,
                                          const std::vector<std::int32_t> &links) const;
    /// Total NIC ports of a host (links it can take); 0 when it lists no NICs.
    static int nicPorts(const Host &host);
    /// Ports of a node: a switch's radix, a host's NIC ports (0 when unknown).
    int portCount(NodeIndex node) const;
    /// The lowest port of a node that no link uses, skipping `reserved` and
    /// ignoring link `ignoreLink` (a link being moved); -1 when all are taken
    /// or the node has no numbered ports (a host without NICs). O(degree + ports).
    int freePort(NodeIndex node, const std::vector<int> &reserved = {}, std::int32_t ignoreLink = -1) const;

    /// Links incident to a node, as link indices. Built lazily (O(L)) on first
    /// use after a mutation; not thread-safe until built (call once before
    /// handing the fabric to worker threads).
    std::span<const std::int32_t> incidentLinks(NodeIndex n) const;
    /// The other end of link l seen from node n.
    NodeIndex otherEnd(std::int32_t l, NodeIndex n) const
    {
        const Link &k = m_links[static_cast<size_t>(l)];
        return k.a == n ? k.b : k.a;
    }

    /// Ensures the adjacency is built (call before sharing across threads).
    void prepare() const
    {
        if (!m_adjacencyValid)
            buildAdjacency();
    }

    /// Total GPUs.
    long long gpuCount() const;
    /// The NVLink domains named by the hosts, in order of their first host;
    /// hosts without a domain are in none. O(H).
    std::vector<NvlinkDomain> nvlinkDomains() const;

    /// Checks every invariant: unique non-empty ids, link ends that exist and
    /// differ, positive capacities, degraded rate within (0, capacity], ports
    /// within radix and not used twice, links per switch within radix, host
    /// GPUs > 0, NVLink domain names valid and their hosts with NVLink.
    /// Returns all problems found (empty = valid).
    std::vector<Problem> validate() const;

    /// Whether every host reaches every other through the links (their
    /// states ignored: the healthy design). One error per group of hosts cut
    /// off from the largest group — "hosts gpu125 … gpu128 (4) reach no other
    /// host: …" — at most `maxGroups` named, then one that counts the rest.
    /// Kept out of validate(): a design being drawn may be unfinished, and
    /// readers load it; `railyard-cli validate`, the Problems dock and the
    /// explorer ask. O(nodes + links).
    std::vector<Problem> reachabilityProblems(int maxGroups = 20) const;

private:
    void invalidateAdjacency() { m_adjacencyValid = false; }
    void buildAdjacency() const;

    std::vector<Host> m_hosts;
    std::vector<Switch> m_switches;
    std::vector<Link> m_links;
    IdIndex m_hostIndex;
    IdIndex m_switchIndex;
    IdIndex m_linkIndex;

    mutable bool m_adjacencyValid = false;
    mutable std::vector<std::int32_t> m_adjOffsets;
    mutable std::vector<std::int32_t> m_adjLinks;
};

} // namespace Railyard
