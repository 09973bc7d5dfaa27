// OpenSM's fat-tree routing engine (opensm/osm_ucast_ftree.c), followed step
// by step for the compute nodes: the same ranking, indexing, port groups,
// counters, sort orders and tie-breaks, so that the tables are OpenSM's own
// (tst_staticroutes compares them with dump_fts under ibsim, entry by entry).
// Read, not copied: names below follow the steps, not OpenSM's code.
//
// What is left out, because it does not change the routes to compute nodes:
// routes to switch LIDs and to non-CN HCAs (computed after the CNs), reverse
// hops (off by default), and the topology validation OpenSM skips when root
// GUIDs are given (sm-config always writes them).

#include "core/traffic/staticroutes_p.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

namespace Railyard::StaticRoutesDetail {

namespace {

constexpr std::uint8_t kNoPath = 0xFF;
constexpr int kTupleLen = 8;
using Tuple = std::array<std::uint8_t, kTupleLen>;

Tuple emptyTuple()
{
    Tuple t;
    t.fill(0xFF);
    return t;
}

/// A port of a group: one link between this switch and the remote node.
struct Port
{
    std::int32_t slot = -1;   ///< index into the owner's SubnetGraph ports (its slot)
    std::int32_t remoteSlot = -1; ///< the remote switch's slot for the same link (switch groups)
    std::uint32_t counterUp = 0;
    std::uint32_t counterDown = 0;
};

/// All links between a switch and one remote node (ftree_port_group_t).
struct Group
{
    std::int32_t owner = -1;
    std::int32_t remoteSw = -1; ///< -1: a CN
    int remoteCn = -1;
    std::vector<Port> ports;
    std::uint32_t counterUp = 0;
    std::uint32_t counterDown = 0;
    /// The remote switch's tuple packed big-endian (all ones for a CN): its
    /// integer order is the tuples' lexicographic order (set once indexed).
    std::uint64_t remoteKey = ~std::uint64_t(0);
};

struct Sw
{
    std::int32_t index = -1; ///< switch index in the graph
    int rank = -1;
    Tuple tuple = emptyTuple();
    bool leaf = false;
    bool counterUpChanged = false;
    std::uint32_t minCounterDown = 0;
    std::vector<int> down, up, siblings; ///< group indices
};

class Ftree
{
public:
    Ftree(const SubnetGraph &graph, const std::vector<std::int32_t> &switches, const std::vector<int> &cns,
          const SubnetTables &out)
        : m_g(graph)
        , m_out(out)
        , m_cns(cns)
    {
        m_local.assign(static_cast<size_t>(graph.switches), -1);
        for (std::int32_t s : switches) {
            m_local[static_cast<size_t>(s)] = static_cast<int>(m_sw.size());
            Sw sw;
            sw.index = s;
            m_sw.push_back(sw);
        }
        m_lft.assign(m_sw.size(), -1);
        m_hops.assign(m_sw.size(), kNoPath);
    }

    bool run(std::string *why)
    {
        if (m_sw.size() < 2) {
            *why = "fewer than 2 switches";
            return false;
        }
        if (m_cns.size() < 2) {
            *why = "fewer than 2 compute nodes";
            return false;
        }
        if (!rank(why) || !buildGroups(why) || !markLeaves(why))
            return false;
        index();
        m_groupRemote.clear();
        for (const Group &g : m_groups)
            m_groupRemote.push_back(g.remoteSw);
        for (Group &g : m_groups) {
            if (g.remoteSw < 0)
                continue;
            std::uint64_t key = 0;
            for (const std::uint8_t b : m_sw[static_cast<size_t>(g.remoteSw)].tuple)
                key = key << 8 | b;
            g.remoteKey = key;
        }
        if (!leafArray(why))
            return false;
        routeToCns();
        return true;
    }

private:
    // --- ranking: breadth-first from the roots (the top tier) ----------------
    bool rank(std::string *why)
    {
        int top = 0;
        for (const Sw &s : m_sw)
            top = std::max(top, m_g.switchTier[static_cast<size_t>(s.index)]);
        std::deque<int> queue;
        for (size_t i = 0; i < m_sw.size(); ++i)
            if (m_g.switchTier[static_cast<size_t>(m_sw[i].index)] == top) {
                m_sw[i].rank = 0;
                queue.push_back(static_cast<int>(i));
            }
        while (!queue.empty()) {
            const int i = queue.front();
            queue.pop_front();
            const std::int32_t s = m_sw[static_cast<size_t>(i)].index;
            for (std::int32_t k = m_g.portBegin[static_cast<size_t>(s)]; k < m_g.portBegin[static_cast<size_t>(s) + 1];
                 ++k) {
                const SwitchPort &p = m_g.ports[static_cast<size_t>(k)];
                if (p.remoteSw < 0)
                    continue;
                const int j = m_local[static_cast<size_t>(p.remoteSw)];
                if (j < 0)
                    continue;
                Sw &r = m_sw[static_cast<size_t>(j)];
                if (r.rank < 0 || r.rank > m_sw[static_cast<size_t>(i)].rank + 1) {
                    r.rank = m_sw[static_cast<size_t>(i)].rank + 1;
                    queue.push_back(j);
                }
            }
        }
        // Unranked switches are removed with the CNs that hang on them.
        m_maxRank = 0;
        for (const Sw &s : m_sw)
            m_maxRank = std::max(m_maxRank, s.rank);
        if (m_maxRank == 0) {
            *why = "one tier only";
            return false;
        }
        return true;
    }

    // --- port groups, in port order ----------------------------------------
    bool buildGroups(std::string *)
    {
        for (size_t i = 0; i < m_sw.size(); ++i) {
            Sw &sw = m_sw[i];
            if (sw.rank < 0)
                continue;
            const std::int32_t s = sw.index;
            std::map<std::int64_t, int> groupOf; // remote key -> group
            for (std::int32_t k = m_g.portBegin[static_cast<size_t>(s)]; k < m_g.portBegin[static_cast<size_t>(s) + 1];
                 ++k) {
                const SwitchPort &p = m_g.ports[static_cast<size_t>(k)];
                int direction = 0; // -1 up, 0 same, +1 down
                std::int64_t key;
                if (p.remoteSw >= 0) {
                    const int j = m_local[static_cast<size_t>(p.remoteSw)];
                    if (j < 0 || m_sw[static_cast<size_t>(j)].rank < 0 || p.remoteSw == s)
                        continue;
                    const int rr = m_sw[static_cast<size_t>(j)].rank;
                    direction = sw.rank > rr ? -1 : sw.rank == rr ? 0 : 1;
                    key = p.remoteSw;
                } else {
                    direction = 1;
                    key = -1 - static_cast<std::int64_t>(p.remoteCn);
                }
                auto [it, inserted] = groupOf.emplace(key * 4 + (direction + 1), static_cast<int>(m_groups.size()));
                if (inserted) {
                    Group g;
                    g.owner = static_cast<int>(i);
                    g.remoteSw = p.remoteSw >= 0 ? m_local[static_cast<size_t>(p.remoteSw)] : -1;
                    g.remoteCn = p.remoteCn;
                    m_groups.push_back(g);
                    (direction < 0 ? sw.up : direction == 0 ? sw.siblings : sw.down).push_back(it->second);
                }
                Port port;
                port.slot = k - m_g.portBegin[static_cast<size_t>(s)];
                m_groups[static_cast<size_t>(it->second)].ports.push_back(port);
            }
        }
        // The remote end of every switch-to-switch port: the remote switch's
        // slot for the same link.
        for (Group &g : m_groups) {
            if (g.remoteSw < 0)
                continue;
            const std::int32_t s = m_sw[static_cast<size_t>(g.owner)].index;
            const std::int32_t r = m_sw[static_cast<size_t>(g.remoteSw)].index;
            for (Port &port : g.ports) {
                const std::int32_t link = m_g.ports[static_cast<size_t>(m_g.portBegin[static_cast<size_t>(s)] + port.slot)].link;
                for (std::int32_t k = m_g.portBegin[static_cast<size_t>(r)]; k < m_g.portBegin[static_cast<size_t>(r) + 1]; ++k)
                    if (m_g.ports[static_cast<size_t>(k)].link == link) {
                        port.remoteSlot = k - m_g.portBegin[static_cast<size_t>(r)];
                        break;
                    }
            }
        }
        return true;
    }

    // --- leaves: the switches the CNs hang on, all at one rank ---------------
    bool markLeaves(std::string *why)
    {
        // The leaf rank is the rank of the first CN's switch in OpenSM's HCA
        // table order (roots given).
        int first = -1;
        for (int cn : m_cns) {
            if (m_g.cnSwitch[static_cast<size_t>(cn)] < 0)
                continue;
            if (first < 0 || qmapKey(m_g.cnGuid[static_cast<size_t>(cn)]) < qmapKey(m_g.cnGuid[static_cast<size_t>(first)]))
                first = cn;
        }
        if (first < 0) {
            *why = "no compute node is connected";
            return false;
        }
        const int firstSw = m_local[static_cast<size_t>(m_g.cnSwitch[static_cast<size_t>(first)])];
        m_leafRank = firstSw >= 0 ? m_sw[static_cast<size_t>(firstSw)].rank : -1;
        if (m_leafRank + 1 < 2 || m_leafRank + 1 > 8) {
            *why = "the leaves are not below a second tier";
            return false;
        }
        for (int cn : m_cns) {
            const std::int32_t s = m_g.cnSwitch[static_cast<size_t>(cn)];
            if (s < 0)
                continue;
            const int i = m_local[static_cast<size_t>(s)];
            if (i < 0 || m_sw[static_cast<size_t>(i)].rank != m_leafRank) {
                *why = "compute nodes hang on switches of different ranks";
                return false;
            }
            m_sw[static_cast<size_t>(i)].leaf = true;
        }
        return true;
    }

    // --- indexing: tuples breadth-first from the first leaf ----------------
    bool tupleLess(int a, int b) const
    {
        return m_sw[static_cast<size_t>(a)].tuple < m_sw[static_cast<size_t>(b)].tuple;
    }
    void sortByRemoteIndex(std::vector<int> &groups)
    {
        std::sort(groups.begin(), groups.end(), [&](int x, int y) {
            const Group &gx = m_groups[static_cast<size_t>(x)];
            const Group &gy = m_groups[static_cast<size_t>(y)];
            const Tuple tx = gx.remoteSw >= 0 ? m_sw[static_cast<size_t>(gx.remoteSw)].tuple : emptyTuple();
            const Tuple ty = gy.remoteSw >= 0 ? m_sw[static_cast<size_t>(gy.remoteSw)].tuple : emptyTuple();
            return tx < ty;
        });
    }
    Tuple newTuple(const Tuple &from, bool down) const
    {
        Tuple t = from;
        int var;
        if (down) {
            ++t[0];
            var = from[0] + 1;
        } else {
            --t[0];
            var = from[0];
        }
        if (var >= kTupleLen)
            return emptyTuple();
        for (int i = 0; i < 0xFF; ++i) {
            t[static_cast<size_t>(var)] = static_cast<std::uint8_t>(i);
            if (!m_byTuple.count(t))
                return t;
        }
        return emptyTuple();
    }
    void assign(int i, const Tuple &t)
    {
        m_sw[static_cast<size_t>(i)].tuple = t;
        m_byTuple.emplace(t, i);
    }
    void index()
    {
        // The first leaf in OpenSM's switch table (GUID order).
        int first = -1;
        for (size_t i = 0; i < m_sw.size(); ++i) {
            if (!m_sw[i].leaf)
                continue;
            if (first < 0
                || qmapKey(m_g.switchGuid[static_cast<size_t>(m_sw[i].index)])
                    < qmapKey(m_g.switchGuid[static_cast<size_t>(m_sw[static_cast<size_t>(first)].index)]))
                first = static_cast<int>(i);
        }
        Tuple t = emptyTuple();
        t[0] = static_cast<std::uint8_t>(m_sw[static_cast<size_t>(first)].rank);
        for (int i = 1; i <= m_leafRank && i < kTupleLen; ++i)
            t[static_cast<size_t>(i)] = 0;
        assign(first, t);
        std::deque<int> queue{first};
        const bool firstIsRoot = m_sw[static_cast<size_t>(first)].rank == 0;
        while (!queue.empty()) {
            const int i = queue.front();
            queue.pop_front();
            Sw &sw = m_sw[static_cast<size_t>(i)];
            if (sw.rank < m_leafRank) {
                for (int gi : sw.down) {
                    const Group &g = m_groups[static_cast<size_t>(gi)];
                    if (g.remoteSw < 0 || m_sw[static_cast<size_t>(g.remoteSw)].tuple[0] != 0xFF)
                        continue;
                    assign(g.remoteSw, newTuple(sw.tuple, true));
                    queue.push_back(g.remoteSw);
                }
                sortByRemoteIndex(sw.down);
            }
            if (sw.rank != 0 && (!firstIsRoot || !sw.leaf)) {
                for (int gi : sw.up) {
                    const Group &g = m_groups[static_cast<size_t>(gi)];
                    if (m_sw[static_cast<size_t>(g.remoteSw)].tuple[0] != 0xFF)
                        continue;
                    assign(g.remoteSw, newTuple(sw.tuple, false));
                    queue.push_back(g.remoteSw);
                }
                sortByRemoteIndex(sw.up);
            }
        }
    }

    bool leafArray(std::string *why)
    {
        std::vector<int> all;
        for (size_t i = 0; i < m_sw.size(); ++i)
            if (m_sw[i].rank == m_leafRank)
                all.push_back(static_cast<int>(i));
        std::stable_sort(all.begin(), all.end(), [&](int a, int b) { return tupleLess(a, b); });
        size_t firstLeaf = all.size(), lastLeaf = 0;
        for (size_t i = 0; i < all.size(); ++i)
            if (m_sw[static_cast<size_t>(all[i])].leaf) {
                firstLeaf = std::min(firstLeaf, i);
                lastLeaf = i;
            }
        if (firstLeaf >= lastLeaf) {
            *why = "fewer than 2 leaf switches";
            return false;
        }
        m_leaves.assign(all.begin() + static_cast<std::ptrdiff_t>(firstLeaf),
                        all.begin() + static_cast<std::ptrdiff_t>(lastLeaf) + 1);
        for (int i : m_leaves) {
            int cns = 0;
            for (int gi : m_sw[static_cast<size_t>(i)].down)
                cns += m_groups[static_cast<size_t>(gi)].remoteCn >= 0 ? 1 : 0;
            m_maxCnPerLeaf = std::max(m_maxCnPerLeaf, cns);
        }
        return true;
    }

    // --- routing ------------------------------------------------------------
    int compareIndex(const Group &a, const Group &b) const
    {
        return a.remoteKey < b.remoteKey ? -1 : b.remoteKey < a.remoteKey ? 1 : 0;
    }
    /// Up-load order: counter_up, then the remote switch's index.
    int compareUp(const Group &a, const Group &b) const
    {
        const auto d = static_cast<int>(a.counterUp - b.counterUp);
        if (d > 0)
            return 1;
        if (d < 0)
            return -1;
        return compareIndex(a, b);
    }
    /// Down-load order: counter_down, then the remote switch's least loaded
    /// down group (only when it is larger), then the remote switch's index.
    int compareDown(const Group &a, const Group &b) const
    {
        const auto d = static_cast<int>(a.counterDown - b.counterDown);
        if (d > 0)
            return 1;
        if (d < 0)
            return -1;
        const auto loads = static_cast<int>(m_sw[static_cast<size_t>(a.remoteSw)].minCounterDown
                                            - m_sw[static_cast<size_t>(b.remoteSw)].minCounterDown);
        if (loads > 0)
            return 1;
        return compareIndex(a, b);
    }
    /// OpenSM's bubble sorts (repeated passes until none swaps).
    template<typename Compare>
    void bubble(std::vector<int> &groups, Compare compare)
    {
        const size_t n = groups.size();
        bool swapped = n > 1;
        for (size_t pass = 0; swapped; ++pass) {
            swapped = false;
            for (size_t j = 1; j + pass < n; ++j)
                if (compare(m_groups[static_cast<size_t>(groups[j])], m_groups[static_cast<size_t>(groups[j - 1])]) < 0) {
                    std::swap(groups[j], groups[j - 1]);
                    swapped = true;
                }
        }
    }
    void recalcMinCounterDown(Sw &sw)
    {
        std::uint32_t min = 1u << 30;
        for (int gi : sw.down)
            min = std::min(min, m_groups[static_cast<size_t>(gi)].counterDown);
        sw.minCounterDown = min;
    }
    std::int32_t linkOf(int swLocal, std::int32_t slot) const
    {
        const std::int32_t s = m_sw[static_cast<size_t>(swLocal)].index;
        return m_g.ports[static_cast<size_t>(m_g.portBegin[static_cast<size_t>(s)] + slot)].link;
    }
    void setRoute(int swLocal, std::int32_t slot, int hops)
    {
        if (m_lft[static_cast<size_t>(swLocal)] < 0 && m_hops[static_cast<size_t>(swLocal)] == kNoPath)
            m_touched.push_back(swLocal);
        m_lft[static_cast<size_t>(swLocal)] = slot;
        m_hops[static_cast<size_t>(swLocal)] = static_cast<std::uint8_t>(std::min(hops, 0xFE));
    }
    void setHops(int swLocal, int hops)
    {
        if (m_lft[static_cast<size_t>(swLocal)] < 0 && m_hops[static_cast<size_t>(swLocal)] == kNoPath)
            m_touched.push_back(swLocal);
        m_hops[static_cast<size_t>(swLocal)] = static_cast<std::uint8_t>(std::min(hops, 0xFE));
    }
    void clearTarget()
    {
        for (int i : m_touched) {
            m_lft[static_cast<size_t>(i)] = -1;
            m_hops[static_cast<size_t>(i)] = kNoPath;
        }
        m_touched.clear();
    }

    /// Points the switches below `swi` (but not back down to `prev`) at
    /// `swi` for the current target: assign-up-going-port-by-descending-down.
    bool upgoingByGoingDown(int swi, int prev, bool dummy, int hops)
    {
        Sw &sw = m_sw[static_cast<size_t>(swi)];
        if (sw.down.empty())
            return false;
        if (sw.counterUpChanged) {
            bubble(sw.down, [&](const Group &a, const Group &b) { return compareUp(a, b); });
            sw.counterUpChanged = false;
        }
        if (!sw.siblings.empty())
            bubble(sw.siblings, [&](const Group &a, const Group &b) { return compareUp(a, b); });
        bool created = false;
        const size_t total = sw.down.size() + (dummy ? 0 : sw.siblings.size());
        for (size_t k = 0; k < total; ++k) {
            const int gi = k < sw.down.size() ? sw.down[k] : sw.siblings[k - sw.down.size()];
            // Most groups lead to a switch this target already reached as
            // close: decided from the dense remote and hop arrays, before the
            // group itself is touched (the same outcome as OpenSM's order of
            // checks: each only skips).
            const int remote = m_groupRemote[static_cast<size_t>(gi)];
            if (remote < 0) {
                created = true;
                continue;
            }
            if (prev >= 0 && remote == prev)
                continue;
            const std::uint8_t least = m_hops[static_cast<size_t>(remote)];
            if (least != kNoPath && hops + 1 >= least)
                continue;
            Group &g = m_groups[static_cast<size_t>(gi)];
            if (g.ports.empty())
                continue;
            Port *minPort = nullptr;
            for (Port &p : g.ports)
                if (!minPort || p.counterUp < minPort->counterUp)
                    minPort = &p;
            setRoute(remote, minPort->remoteSlot, hops + 1);
            const bool routed = upgoingByGoingDown(remote, -1, dummy, hops + 1);
            created |= routed;
            if (routed) {
                ++minPort->counterUp;
                ++g.counterUp;
                m_sw[static_cast<size_t>(g.owner)].counterUpChanged = true;
            }
        }
        return created;
    }

    /// Routes the current target down from above `swi`:
    /// assign-down-going-port-by-ascending-up.
    bool downgoingByGoingUp(int swi, int prev, bool dummy, bool mainPath, int hops)
    {
        bool created = upgoingByGoingDown(swi, prev, dummy, hops);
        Sw &sw = m_sw[static_cast<size_t>(swi)];
        if (sw.rank == 0)
            return created; // a root (no reverse hops)
        if (sw.up.empty())
            return created;
        bubble(sw.up, [&](const Group &a, const Group &b) { return compareDown(a, b); });
        Group &minGroup = m_groups[static_cast<size_t>(sw.up.front())];
        Port *minPort = nullptr;
        for (Port &p : minGroup.ports)
            if (!minPort || p.counterDown < minPort->counterDown)
                minPort = &p;
        if (mainPath && minPort) {
            const int remote = minGroup.remoteSw;
            ++minGroup.counterDown;
            ++minPort->counterDown;
            if (minGroup.counterDown == m_sw[static_cast<size_t>(remote)].minCounterDown + 1)
                recalcMinCounterDown(m_sw[static_cast<size_t>(remote)]);
            if (m_lft[static_cast<size_t>(remote)] < 0 || hops + 1 < m_hops[static_cast<size_t>(remote)])
                setRoute(remote, minPort->remoteSlot, hops + 1);
            created |= downgoingByGoingUp(remote, swi, dummy, mainPath, hops + 1);
        }
        auto secondary = [&](std::vector<int> &groups, size_t from, bool sibling) {
            for (size_t i = from; i < groups.size(); ++i) {
                Group &g = m_groups[static_cast<size_t>(groups[i])];
                const int remote = g.remoteSw;
                if (m_lft[static_cast<size_t>(remote)] >= 0 && hops + 1 >= m_hops[static_cast<size_t>(remote)])
                    continue;
                if (g.ports.empty())
                    continue;
                Port *p = nullptr;
                for (Port &q : g.ports)
                    if (!p || q.counterDown < p->counterDown)
                        p = &q;
                setRoute(remote, p->remoteSlot, hops + 1);
                const bool routed = downgoingByGoingUp(remote, swi, dummy, false, hops + 1);
                created |= routed;
                if (sibling && routed && minPort) {
                    // OpenSM counts a sibling route on the main up group.
                    ++minGroup.counterDown;
                    ++minPort->counterDown;
                }
            }
        };
        secondary(sw.up, mainPath ? 1 : 0, false);
        if (!sw.siblings.empty()) {
            bubble(sw.siblings, [&](const Group &a, const Group &b) { return compareDown(a, b); });
            secondary(sw.siblings, 0, true);
        }
        return created;
    }

    void routeToCns()
    {
        const std::int32_t S = m_g.switches;
        (void)S;
        // The needed CNs of this subnet not routed yet: once none is left,
        // the rest only moves counters no needed route depends on.
        std::int64_t neededLeft = 0;
        if (m_out.needed)
            for (int cn : m_cns)
                neededLeft += (*m_out.needed)[static_cast<size_t>(cn)] ? 1 : 0;
        for (int leaf : m_leaves) {
            if (m_out.needed && neededLeft == 0)
                break;
            Sw &sw = m_sw[static_cast<size_t>(leaf)];
            int routed = 0;
            // sw.down is never re-sorted on a leaf (its CN groups route nothing
            // upward), so this is port order.
            const std::vector<int> down = sw.down;
            for (int gi : down) {
                const Group &g = m_groups[static_cast<size_t>(gi)];
                if (g.remoteCn < 0)
                    continue;
                setRoute(leaf, g.ports.front().slot, 1);
                downgoingByGoingUp(leaf, -1, false, true, 1);
                for (int i : m_touched)
                    if (m_lft[static_cast<size_t>(i)] >= 0)
                        m_out.set(g.remoteCn, m_sw[static_cast<size_t>(i)].index, m_lft[static_cast<size_t>(i)]);
                clearTarget();
                ++routed;
                if (m_out.routed)
                    (*m_out.routed)[static_cast<size_t>(g.remoteCn)] = 1;
                if (m_out.needed && (*m_out.needed)[static_cast<size_t>(g.remoteCn)])
                    --neededLeft;
            }
            // Dummy CNs keep the counters of a leaf with fewer CNs in step.
            for (int j = routed; j < m_maxCnPerLeaf; ++j) {
                setHops(leaf, 1);
                downgoingByGoingUp(leaf, -1, true, true, 1);
                clearTarget();
            }
        }
    }

    const SubnetGraph &m_g;
    const SubnetTables &m_out;
    const std::vector<int> &m_cns;
    std::vector<int> m_local; ///< per graph switch: index into m_sw, -1 outside the subnet
    std::vector<Sw> m_sw;
    std::vector<Group> m_groups;
    std::vector<std::int32_t> m_groupRemote; ///< per group: its remoteSw (dense, for the routing walk)
    std::map<Tuple, int> m_byTuple;
    std::vector<int> m_leaves;
    int m_leafRank = -1;
    int m_maxRank = 0;
    int m_maxCnPerLeaf = 0;
    // The current target's routes and hop counts (per m_sw), and what was touched.
    std::vector<std::int32_t> m_lft;
    std::vector<std::uint8_t> m_hops;
    std::vector<int> m_touched;
};

} // namespace

bool routeFtree(const SubnetGraph &graph, const std::vector<std::int32_t> &switches, const std::vector<int> &cns,
                const SubnetTables &out, std::string *why)
{
    Ftree ftree(graph, switches, cns, out);
    return ftree.run(why);
}

} // namespace Railyard::StaticRoutesDetail
