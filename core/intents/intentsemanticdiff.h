#pragma once

// Semantic diff of two intents on a fabric: the group pairs whose
// reachability changed per protocol (newly allowed or newly denied), and
// the racks, host groups and links those pairs involve, each marked added
// (only gained reachability), removed (only lost) or changed (both), as
// data a canvas can colour directly.
//
// Both versions are evaluated on one grouping built from the selectors of
// both (intentgrouping.h), so group indices mean the same hosts on both
// sides. Links come from GroupPathLinks (NIC links of the groups plus the
// switch links on shortest paths between them).

#include "core/intents/intent.h"
#include "core/intents/intentevaluation.h"
#include "core/intents/intentgrouping.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace Railyard {

enum class ChangeKind : std::uint8_t { Added, Removed, Changed };
/// "added", "removed", "changed".
const char *changeKindName(ChangeKind kind);

/// Group pairs whose reachability changed the same way: every group of
/// `from` to every group of `to` over `proto`.
struct PairChangeBlock
{
    IntentProtocol proto = IntentProtocol::Rdma;
    bool allowedNow = false; ///< true: newly allowed; false: newly denied
    std::vector<int> from;   ///< group indices, ascending
    std::vector<int> to;     ///< group indices, ascending; groupCount() is @public
    Decision before;         ///< deciding rule in the old version
    Decision after;          ///< deciding rule in the new version

    long long pairs() const { return (long long)from.size() * (long long)to.size(); }
};

/// One host group touched by the diff (as a source or a destination).
struct GroupChange
{
    int group = -1;
    ChangeKind kind = ChangeKind::Added;
    long long pairsGained[matrixProtocolCount] = {0, 0}; ///< pairs it is in, newly allowed, per protocol
    long long pairsLost[matrixProtocolCount] = {0, 0};   ///< pairs it is in, newly denied
    bool egressGained = false;                           ///< may now reach @public over some protocol
    bool egressLost = false;                             ///< no longer may, over some protocol
};

/// One rack touched by the diff: its groups' changes merged.
struct RackChange
{
    std::string rack;  ///< rack name ("" for a rackless host, then `path` is "zone/pod/su/")
    std::string path;  ///< "zone/pod/su/rack"
    std::string label; ///< the group label (rack name, or host id when rackless)
    ChangeKind kind = ChangeKind::Added;
    std::vector<int> groups;         ///< its changed groups
    std::vector<std::int32_t> hosts; ///< host indices of those groups
};

/// One link on a path of a changed pair.
struct LinkChange
{
    std::int32_t link = -1;
    ChangeKind kind = ChangeKind::Added;
};

struct SemanticDiff
{
    /// The common grouping (references the fabric, which must outlive it).
    std::shared_ptr<const IntentGrouping> grouping;
    std::vector<PairChangeBlock> blocks;                  ///< by protocol, newly allowed first, then by first group
    std::vector<GroupChange> groups;                      ///< by group index
    std::vector<RackChange> racks;                        ///< by first host index
    std::vector<LinkChange> links;                        ///< by link index
    long long newlyAllowed[matrixProtocolCount] = {0, 0}; ///< group pairs between hosts
    long long newlyDenied[matrixProtocolCount] = {0, 0};
    int egressOpened[matrixProtocolCount] = {0, 0}; ///< groups that may now reach @public
    int egressClosed[matrixProtocolCount] = {0, 0};
    long long redecided = 0; ///< group pairs × protocols with the same outcome but another deciding rule

    bool empty() const { return blocks.empty(); }
};

struct SemanticDiffOptions
{
    bool links = true; ///< compute `links` (the costliest part on large fabrics)
};

/// Evaluates both versions on `fabric` and compares them. Builds the
/// fabric's adjacency if needed (Fabric::prepare()): call prepare() first
/// when another thread reads the same fabric.
/// O(selectors × (racks + hosts) + joint classes² + links part).
SemanticDiff diffSemantics(const Intent &before, const Intent &after, const Fabric &fabric,
                           const SemanticDiffOptions &options = {});

} // namespace Railyard
