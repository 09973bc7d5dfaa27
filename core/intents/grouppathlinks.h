#pragma once

// The links traffic between host groups may use: for a pair of groups, the
// NIC links of both groups' hosts plus every switch-to-switch link on a
// shortest path (in hops, hosts never forwarding) between a switch the
// source hosts attach to and the nearest switch the destination hosts
// attach to. Nominal topology: link states are ignored, since a policy holds
// for the design, not the current failures.
//
// Cost: one BFS over the switch graph per distinct attachment set on the
// anchored side of the pairs (the side with fewer distinct sets), then a
// walk of the shortest-path DAG from the other side's switches:
// O(anchors × switch links).

#include "core/intents/intentgrouping.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace Railyard {

/// Link sets of group pairs on one grouping's fabric.
class GroupPathLinks
{
public:
    explicit GroupPathLinks(const IntentGrouping &grouping);

    /// A set of group pairs: every group of `from` with every group of `to`.
    /// Groups >= groupCount() (the @public destination) are outside the fabric.
    struct Block
    {
        const std::vector<int> *from = nullptr;
        const std::vector<int> *to = nullptr;
    };

    /// Marks in `marked` (resized to fabric.linkCount(); 1 = used) every link
    /// the pairs of the blocks may use. A pair with @public contributes the
    /// source's NIC links only (the fabric has no border to the internet).
    void mark(const std::vector<Block> &blocks, std::vector<std::uint8_t> &marked) const;

private:
    void markNicLinks(int group, std::vector<std::uint8_t> &marked) const;

    const IntentGrouping *m_grouping;
    std::vector<std::vector<std::int32_t>> m_attach; ///< per group: switch indices its hosts attach to, sorted
    std::vector<int> m_attachSet;                    ///< per group: id of its attachment set
    int m_attachSetCount = 0;
};

} // namespace Railyard
