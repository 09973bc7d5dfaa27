#pragma once

// Rule-level diff of two intents: which rules were added, removed, changed
// or reordered in each list, and which settings changed.
//
// Rules are paired in three passes, per list (allow, deny): (1) by name,
// when both versions name the rule; (2) by equal policy (from, to, proto),
// first to first; (3) the rest by agreeing on two of from, to and proto,
// in order. A pair whose fields differ is "changed"; a pair whose position
// breaks the order of the others (outside the longest run of pairs kept in
// order) is "reordered" (a changed rule can be moved too). Unpaired old
// rules are "removed", unpaired new ones "added".

#include "core/intents/intent.h"

#include <string>
#include <vector>

namespace Railyard {

enum class RuleChangeKind : std::uint8_t { Added, Removed, Changed, Reordered };
/// "added", "removed", "changed", "reordered".
const char *ruleChangeKindName(RuleChangeKind kind);

struct RuleChange
{
    RuleChangeKind kind = RuleChangeKind::Added;
    bool deny = false;               ///< the list: deny (true) or allow
    int oldIndex = -1;               ///< -1 when added
    int newIndex = -1;               ///< -1 when removed
    IntentRule oldRule;              ///< empty when added
    IntentRule newRule;              ///< empty when removed
    std::vector<std::string> fields; ///< changed: "from", "to", "proto", "name", "comment"
    bool moved = false;              ///< changed and also out of order

    /// "/allow/3" in the new version (the old one when removed).
    std::string pointer() const;
};

/// A changed setting or metadata field, by JSON pointer; values as JSON text
/// ("true", "8", "\"roce\""), "" when absent on that side.
struct SettingChange
{
    std::string pointer;
    std::string oldValue;
    std::string newValue;
};

struct RuleDiff
{
    std::vector<RuleChange> changes;     ///< allow list first, then deny; by new (else old) index
    std::vector<SettingChange> settings; ///< policy settings: backend, rails, deny_public_egress, lossless, ...
    std::vector<SettingChange> metadata; ///< /metadata/...
    int unchanged = 0;                   ///< rules paired, equal and in order
    std::vector<int> allowPairing;       ///< per old allow rule: its new index, -1 when removed
    std::vector<int> denyPairing;        ///< per old deny rule: its new index, -1 when removed

    int count(RuleChangeKind kind) const;
};

/// The rule-level diff from `before` to `after`. O(n log n + unpaired²) for n rules.
RuleDiff diffRules(const Intent &before, const Intent &after);

} // namespace Railyard
