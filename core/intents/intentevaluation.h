#pragma once

// The effective policy of an intent on a fabric: for every pair of host
// groups (intentgrouping.h) and each protocol (RDMA, TCP), whether traffic
// may flow and which rule decides. Destinations include the public
// internet ("@public") as one extra column.
//
// Decision order (docs/intent-format.md, "Evaluation"):
//  1. to @public with deny_public_egress true: denied by deny_public_egress;
//  2. the first deny rule matching (from, to, proto): denied;
//  3. the first allow rule matching: allowed;
//  4. otherwise: denied between hosts, allowed to @public (the control plane
//     leaves egress open unless told to deny it).
//
// Groups whose hosts every rule treats alike are folded into classes
// (sources by the rules whose "from" they match, destinations by "to"), so
// the work is O(classes² × rules / 64), not O(hosts²).

#include "core/intents/intent.h"
#include "core/intents/intentgrouping.h"

#include <cstdint>
#include <string>
#include <vector>

namespace Railyard {

/// Why a pair is allowed or denied.
enum class DecisionKind : std::uint8_t {
    DefaultDeny,        ///< no rule matched (between hosts)
    Allow,              ///< allow rule `rule`
    Deny,               ///< deny rule `rule`
    PublicEgressDenied, ///< deny_public_egress is true
    PublicEgressOpen,   ///< to @public, no rule matched, deny_public_egress false
};

struct Decision
{
    DecisionKind kind = DecisionKind::DefaultDeny;
    int rule = -1; ///< index in allow or deny for Allow / Deny

    bool allowed() const { return kind == DecisionKind::Allow || kind == DecisionKind::PublicEgressOpen; }
    /// JSON pointer of the deciding field: "/allow/3", "/deny/0",
    /// "/deny_public_egress"; "" for the defaults.
    std::string pointer() const;
    /// The pointer, or "default deny" / "default (egress open)".
    std::string describe() const;
    bool operator==(const Decision &other) const { return kind == other.kind && rule == other.rule; }
};

/// What one rule does on the fabric, in group pairs × protocols (a pair to
/// @public counts once per protocol too).
struct RuleStats
{
    long long matched = 0;    ///< pairs the rule's from/to/proto match
    long long decided = 0;    ///< pairs where it is the deciding rule
    long long overridden = 0; ///< allow rules: matched pairs a deny (or deny_public_egress) decides
    long long covered = 0;    ///< matched pairs an earlier rule of the same list decides
    long long effective = 0;  ///< deny rules: decided pairs that would be allowed without any deny rule
    /// First overriding rule: a deny index, or -1 for deny_public_egress; -2 none.
    int overriddenBy = -2;
    /// First covering earlier rule of the same list; -1 for deny_public_egress (deny rules); -2 none.
    int coveredBy = -2;
};

/// The reachability matrix of one intent over a grouping. Keeps references
/// to the intent and the grouping, which must outlive it.
class IntentEvaluation
{
public:
    IntentEvaluation(const Intent &intent, const IntentGrouping &grouping);

    const Intent &intent() const { return *m_intent; }
    const IntentGrouping &grouping() const { return *m_grouping; }
    int groupCount() const { return m_grouping->groupCount(); }
    /// Destination index of the public internet (= groupCount()).
    int publicDestination() const { return groupCount(); }

    /// The decision for traffic from group `src` to group `dst` (or
    /// publicDestination()) over `proto` (Rdma or Tcp). O(1).
    Decision decide(int src, int dst, IntentProtocol proto) const
    {
        return decode(m_decisions[index(m_sourceClass[size_t(src)], m_destinationClass[size_t(dst)],
                                        proto == IntentProtocol::Rdma ? 0 : 1)]);
    }

    const RuleStats &allowStats(int i) const { return m_allowStats[size_t(i)]; }
    const RuleStats &denyStats(int j) const { return m_denyStats[size_t(j)]; }

    // Classes: groups (and @public) the rules cannot tell apart.
    int sourceClassCount() const { return int(m_sourceGroups.size()); }
    int destinationClassCount() const { return int(m_destinationGroups.size()); }
    int sourceClassOf(int group) const { return m_sourceClass[size_t(group)]; }
    int destinationClassOf(int dst) const { return m_destinationClass[size_t(dst)]; }
    /// Groups of a class, ascending; a destination class may hold publicDestination().
    const std::vector<int> &sourceClassGroups(int c) const { return m_sourceGroups[size_t(c)]; }
    const std::vector<int> &destinationClassGroups(int c) const { return m_destinationGroups[size_t(c)]; }
    Decision classDecision(int sourceClass, int destinationClass, IntentProtocol proto) const
    {
        return decode(m_decisions[index(sourceClass, destinationClass, proto == IntentProtocol::Rdma ? 0 : 1)]);
    }

    /// Hosts a selector matches (0 for @public); -1 for a selector that was
    /// not grouped (did not compile).
    long long selectorHosts(const std::string &pattern) const;

private:
    size_t index(int sc, int dc, int p) const
    {
        return (size_t(sc) * m_destinationGroups.size() + size_t(dc)) * matrixProtocolCount + size_t(p);
    }
    static Decision decode(std::uint16_t code) { return {DecisionKind(code >> 13), int(code & 0x1fff) - 1}; }

    const Intent *m_intent;
    const IntentGrouping *m_grouping;
    std::vector<int> m_sourceClass;      ///< per group
    std::vector<int> m_destinationClass; ///< per group, then @public
    std::vector<std::vector<int>> m_sourceGroups;
    std::vector<std::vector<int>> m_destinationGroups;
    std::vector<std::uint16_t> m_decisions; ///< kind << 13 | (rule + 1)
    std::vector<RuleStats> m_allowStats;
    std::vector<RuleStats> m_denyStats;
};

} // namespace Railyard
