#include "core/intents/intentrulediff.h"

#include "core/intents/intentreader_p.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <unordered_map>

namespace Railyard {

namespace {

using json = nlohmann::json;

std::vector<std::string> changedFields(const IntentRule &a, const IntentRule &b)
{
    std::vector<std::string> fields;
    if (a.from != b.from)
        fields.emplace_back("from");
    if (a.to != b.to)
        fields.emplace_back("to");
    if (a.proto != b.proto)
        fields.emplace_back("proto");
    if (a.name != b.name)
        fields.emplace_back("name");
    if (a.comment != b.comment)
        fields.emplace_back("comment");
    return fields;
}

/// Indices (into `pairs`, sorted by old index) of a longest run whose new
/// indices increase: the pairs that kept their order. O(n log n).
std::vector<bool> inOrder(const std::vector<std::pair<int, int>> &pairs)
{
    const size_t n = pairs.size();
    std::vector<int> tailIndex; // tailIndex[k]: index of the smallest tail of an increasing run of length k+1
    std::vector<int> previous(n, -1);
    for (size_t i = 0; i < n; ++i) {
        const int value = pairs[i].second;
        const auto pos = std::lower_bound(tailIndex.begin(), tailIndex.end(), value,
                                          [&pairs](int idx, int v) { return pairs[size_t(idx)].second < v; });
        if (pos != tailIndex.begin())
            previous[i] = *(pos - 1);
        if (pos == tailIndex.end())
            tailIndex.push_back(int(i));
        else
            *pos = int(i);
    }
    std::vector<bool> kept(n, false);
    for (int i = tailIndex.empty() ? -1 : tailIndex.back(); i >= 0; i = previous[size_t(i)])
        kept[size_t(i)] = true;
    return kept;
}

void diffList(const std::vector<IntentRule> &before, const std::vector<IntentRule> &after, bool deny, RuleDiff &out)
{
    std::vector<int> partnerOfOld(before.size(), -1);
    std::vector<int> partnerOfNew(after.size(), -1);
    const auto pair = [&](size_t o, size_t n) {
        partnerOfOld[o] = int(n);
        partnerOfNew[n] = int(o);
    };
    // 1. By name.
    std::unordered_map<std::string, size_t> newByName;
    for (size_t n = 0; n < after.size(); ++n) {
        if (!after[n].name.empty())
            newByName.emplace(after[n].name, n);
    }
    for (size_t o = 0; o < before.size(); ++o) {
        if (before[o].name.empty())
            continue;
        const auto it = newByName.find(before[o].name);
        if (it != newByName.end() && partnerOfNew[it->second] < 0)
            pair(o, it->second);
    }
    // 2. By equal policy, first to first.
    std::map<std::tuple<std::string, std::string, int>, std::vector<size_t>> newByPolicy;
    for (size_t n = after.size(); n-- > 0;) {
        if (partnerOfNew[n] < 0)
            newByPolicy[{after[n].from, after[n].to, int(after[n].proto)}].push_back(n);
    }
    for (size_t o = 0; o < before.size(); ++o) {
        if (partnerOfOld[o] >= 0)
            continue;
        auto it = newByPolicy.find({before[o].from, before[o].to, int(before[o].proto)});
        // Rules still unpaired after step 1 may be renames: a renamed rule
        // with the same policy pairs here and shows as a "name" change.
        while (it != newByPolicy.end() && !it->second.empty()) {
            const size_t n = it->second.back();
            it->second.pop_back();
            if (partnerOfNew[n] < 0) {
                pair(o, n);
                break;
            }
        }
    }
    // 3. Two of from, to, proto agree.
    for (size_t o = 0; o < before.size(); ++o) {
        if (partnerOfOld[o] >= 0)
            continue;
        for (size_t n = 0; n < after.size(); ++n) {
            if (partnerOfNew[n] >= 0)
                continue;
            const int agree = int(before[o].from == after[n].from) + int(before[o].to == after[n].to)
                + int(before[o].proto == after[n].proto);
            const bool namesClash
                = !before[o].name.empty() && !after[n].name.empty() && before[o].name != after[n].name;
            if (agree >= 2 && !namesClash) {
                pair(o, n);
                break;
            }
        }
    }

    (deny ? out.denyPairing : out.allowPairing) = partnerOfOld;
    std::vector<std::pair<int, int>> pairs;
    for (size_t o = 0; o < before.size(); ++o) {
        if (partnerOfOld[o] >= 0)
            pairs.emplace_back(int(o), partnerOfOld[o]);
    }
    const std::vector<bool> kept = inOrder(pairs);
    std::vector<RuleChange> changes;
    for (size_t i = 0; i < pairs.size(); ++i) {
        const auto [o, n] = pairs[i];
        RuleChange c;
        c.deny = deny;
        c.oldIndex = o;
        c.newIndex = n;
        c.oldRule = before[size_t(o)];
        c.newRule = after[size_t(n)];
        c.fields = changedFields(c.oldRule, c.newRule);
        if (!c.fields.empty()) {
            c.kind = RuleChangeKind::Changed;
            c.moved = !kept[i];
        } else if (!kept[i]) {
            c.kind = RuleChangeKind::Reordered;
        } else {
            ++out.unchanged;
            continue;
        }
        changes.push_back(std::move(c));
    }
    for (size_t o = 0; o < before.size(); ++o) {
        if (partnerOfOld[o] < 0) {
            RuleChange c;
            c.kind = RuleChangeKind::Removed;
            c.deny = deny;
            c.oldIndex = int(o);
            c.oldRule = before[o];
            changes.push_back(std::move(c));
        }
    }
    for (size_t n = 0; n < after.size(); ++n) {
        if (partnerOfNew[n] < 0) {
            RuleChange c;
            c.kind = RuleChangeKind::Added;
            c.deny = deny;
            c.newIndex = int(n);
            c.newRule = after[n];
            changes.push_back(std::move(c));
        }
    }
    // By position in the new version; removed rules at their old position.
    std::stable_sort(changes.begin(), changes.end(), [](const RuleChange &a, const RuleChange &b) {
        const int ka = a.newIndex >= 0 ? a.newIndex : a.oldIndex;
        const int kb = b.newIndex >= 0 ? b.newIndex : b.oldIndex;
        return ka < kb;
    });
    out.changes.insert(out.changes.end(), changes.begin(), changes.end());
}

/// Leaves of a JSON value by pointer (arrays and objects flattened).
void flatten(const json &v, const std::string &pointer, std::map<std::string, std::string> &out)
{
    if (v.is_object() && !v.empty()) {
        for (auto it = v.begin(); it != v.end(); ++it)
            flatten(it.value(), pointer + "/" + it.key(), out);
    } else if (v.is_array() && !v.empty()) {
        for (size_t i = 0; i < v.size(); ++i)
            flatten(v[i], pointer + "/" + std::to_string(i), out);
    } else {
        out[pointer] = v.dump();
    }
}

std::vector<SettingChange> compare(const json &a, const json &b, const std::string &base)
{
    std::map<std::string, std::string> fa, fb;
    flatten(a, base, fa);
    flatten(b, base, fb);
    std::vector<SettingChange> out;
    for (const auto &[pointer, value] : fa) {
        const auto it = fb.find(pointer);
        if (it == fb.end())
            out.push_back({pointer, value, {}});
        else if (it->second != value)
            out.push_back({pointer, value, it->second});
    }
    for (const auto &[pointer, value] : fb) {
        if (!fa.count(pointer))
            out.push_back({pointer, {}, value});
    }
    std::sort(out.begin(), out.end(),
              [](const SettingChange &x, const SettingChange &y) { return x.pointer < y.pointer; });
    return out;
}

} // namespace

const char *ruleChangeKindName(RuleChangeKind kind)
{
    switch (kind) {
    case RuleChangeKind::Added: return "added";
    case RuleChangeKind::Removed: return "removed";
    case RuleChangeKind::Changed: return "changed";
    case RuleChangeKind::Reordered: break;
    }
    return "reordered";
}

std::string RuleChange::pointer() const
{
    return std::string(deny ? "/deny/" : "/allow/") + std::to_string(newIndex >= 0 ? newIndex : oldIndex);
}

int RuleDiff::count(RuleChangeKind kind) const
{
    return int(std::count_if(changes.begin(), changes.end(), [kind](const RuleChange &c) { return c.kind == kind; }));
}

RuleDiff diffRules(const Intent &before, const Intent &after)
{
    RuleDiff diff;
    diffList(before.allow, after.allow, false, diff);
    diffList(before.deny, after.deny, true, diff);
    json a = IntentReaderDetail::toJson(before);
    json b = IntentReaderDetail::toJson(after);
    diff.metadata = compare(a["metadata"], b["metadata"], "/metadata");
    for (json *doc : {&a, &b}) {
        doc->erase("allow");
        doc->erase("deny");
        doc->erase("metadata");
    }
    diff.settings = compare(a, b, "");
    return diff;
}

} // namespace Railyard
