#pragma once

// The forwarding tables an InfiniBand subnet manager computes for a design,
// computed the way OpenSM computes them, so that "static routing" prices a
// job on the routes the fabric would really have (docs/traffic-model.md,
// "Static routing as the subnet manager computes it").
//
//  * ftree (OpenSM's fat-tree engine, osm_ucast_ftree.c, followed step by
//    step): switches ranked from the top tier (the root GUIDs sm-config
//    writes), indexed breadth-first from the first leaf as ftree indexes
//    them, leaves routed in index order and each leaf's compute nodes in
//    port order; every destination's main path climbs through the least
//    loaded up-port group (ties to the lowest index), and every other switch
//    is pointed at the main path by ftree's down-then-up sweeps, with its
//    counters and tie-breaks. The result is D-mod-k keyed on the
//    destination's position in the leaves' port order, not on a host index.
//  * min-hop with least-used-port balancing (OpenSM's default engine) where
//    ftree refuses the topology (compute nodes at different ranks, a single
//    tier), as OpenSM falls back to it.
//
// A compute node (CN) is one HCA port: one host-to-switch link. Each
// connected part of the switch graph is a subnet of its own (one subnet
// manager per plane). Tables cover live links only (capacity > 0 in the
// view: a failed link or switch is routed around, as the subnet manager's
// next sweep does); a degraded link keeps its routes.
//
// tst_staticroutes checks the tables against OpenSM's own (dump_fts under
// ibsim), entry by entry.

#include "core/analysis/capacity.h"
#include "core/model/fabric.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace Railyard {

class StaticRoutes
{
public:
    enum class Engine : std::uint8_t { Ftree, MinHop };

    /// Computes the tables for `fabric` with the live links of `view`.
    /// Cost: O(CNs x switch ports) time, CNs x switches x 2 bytes.
    /// `neededHosts` (per host, 1 for a destination of the traffic to route;
    /// null: every host): ftree routes compute nodes one after another, each
    /// on the port counters the earlier ones left, so it can stop once the
    /// needed hosts' CNs are routed; their routes are the same as in the
    /// whole tables (a job on the first scalable units of a large fabric
    /// costs a fraction). covers() says which CNs are routed.
    static std::shared_ptr<const StaticRoutes> build(const Fabric &fabric, const CapacityView &view,
                                                     const std::vector<char> *neededHosts = nullptr);
    /// The same, shared: a fabric with the same structure and the same live
    /// links reuses the tables computed last when they cover the needed
    /// hosts (a small process-wide cache, thread-safe).
    static std::shared_ptr<const StaticRoutes> of(const Fabric &fabric, const CapacityView &view,
                                                  const std::vector<char> *neededHosts = nullptr);

    /// Whether the tables hold the final routes to `cn`: always for whole
    /// tables; for tables built for some hosts, the CNs routed before the
    /// engine stopped (and CNs no live link reaches, which have none).
    bool covers(int cn) const
    {
        return !m_partial || m_routedCn[static_cast<size_t>(cn)] || m_cnSubnet[static_cast<size_t>(cn)] < 0;
    }
    /// covers() for every CN of the needed hosts.
    bool coversHosts(const std::vector<char> &neededHosts) const;
    bool partial() const { return m_partial; }

    /// The engine of the subnet that holds `cn` (ftree, or min-hop where
    /// ftree refused the topology).
    Engine engineOf(int cn) const;
    /// "ftree" when every subnet is ftree-routed, else "min-hop (…why…)".
    const std::string &engineSummary() const { return m_summary; }
    int cnCount() const { return static_cast<int>(m_cnLink.size()); }
    /// The CN at the host end of `link`, -1 when the link is not a host link.
    int cnOfLink(std::int32_t link) const
    {
        return link >= 0 && static_cast<size_t>(link) < m_linkCn.size() ? m_linkCn[static_cast<size_t>(link)] : -1;
    }
    std::int32_t linkOfCn(int cn) const { return m_cnLink[static_cast<size_t>(cn)]; }
    /// The link switch `sw` forwards traffic for `cn` to; -1 for none.
    std::int32_t next(std::int32_t sw, int cn) const;

    /// The path from host link `srcLink` (leaving the host) to `cn`, hop by
    /// hop through the tables: the links, `srcLink` first and the CN's link
    /// last, appended to `links`. False (links unchanged) when the tables
    /// do not deliver it.
    bool trace(std::int32_t srcLink, int cn, std::vector<std::int32_t> &links) const;

    /// Per link: the CN destinations the switches forward over it, both
    /// directions summed (what SubnetRouting's routesPerLink counts from the
    /// real tables).
    std::vector<double> routesPerLink() const;

private:
    StaticRoutes() = default;
    friend struct StaticRoutesBuilder;

    std::int32_t m_switches = 0;
    std::int32_t m_hostCount = 0;
    std::vector<std::int32_t> m_cnLink;   ///< per CN: its link
    std::vector<std::int32_t> m_cnSwitch; ///< per CN: the switch at the other end
    std::vector<std::int32_t> m_linkCn;   ///< per link: its CN or -1
    std::vector<std::int32_t> m_cnSubnet; ///< per CN: its subnet
    std::vector<Engine> m_subnetEngine;
    /// Per switch: its live links in port order (the slots the table names).
    std::vector<std::int32_t> m_slotBegin;
    std::vector<std::int32_t> m_slotLink;
    /// Per link: the node at end a and end b (for tracing without the fabric).
    std::vector<std::int32_t> m_linkA, m_linkB;
    /// [cn x switches + switch] -> slot + 1 (0: no route). Zeroed by calloc:
    /// the pages of CNs the engine never routes (tables built for some
    /// hosts) are never touched.
    struct FreeDeleter
    {
        void operator()(std::uint16_t *p) const { std::free(p); }
    };
    std::unique_ptr<std::uint16_t[], FreeDeleter> m_table;
    std::string m_summary;
    bool m_partial = false;
    std::vector<char> m_routedCn; ///< per CN: routed (partial tables)
    std::vector<std::int32_t> m_cnHost; ///< per CN: its host
};

} // namespace Railyard
