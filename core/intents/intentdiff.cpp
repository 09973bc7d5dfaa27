#include "core/intents/intentdiff.h"

#include <nlohmann/json.hpp>

namespace Railyard {

namespace {

using ojson = nlohmann::ordered_json;

ojson ruleJson(const IntentRule &r)
{
    ojson out = {{"from", r.from}, {"to", r.to}, {"proto", intentProtocolName(r.proto)}};
    if (!r.name.empty())
        out["name"] = r.name;
    if (!r.comment.empty())
        out["comment"] = r.comment;
    return out;
}

ojson valueJson(const std::string &text)
{
    return text.empty() ? ojson() : ojson::parse(text);
}

std::string ruleText(const IntentRule &r)
{
    return r.from + " → " + r.to + " " + intentProtocolName(r.proto) + (r.name.empty() ? "" : " \"" + r.name + "\"");
}

std::string versionLabel(const Intent &intent)
{
    return intent.cluster + " v" + std::to_string(intent.metadata.version);
}

} // namespace

IntentDiff diffIntents(const Intent &before, const Intent &after, const Fabric &fabric,
                       const SemanticDiffOptions &options)
{
    IntentDiff diff;
    diff.rules = diffRules(before, after);
    diff.semantics = diffSemantics(before, after, fabric, options);
    return diff;
}

std::string intentDiffToJson(const IntentDiff &diff, const Intent &before, const Intent &after, int indent)
{
    const SemanticDiff &sem = diff.semantics;
    const IntentGrouping &grouping = *sem.grouping;
    const Fabric &fabric = grouping.fabric();
    const auto settings = [](const std::vector<SettingChange> &list) {
        ojson out = ojson::array();
        for (const SettingChange &c : list)
            out.push_back(
                {{"pointer", c.pointer}, {"before", valueJson(c.oldValue)}, {"after", valueJson(c.newValue)}});
        return out;
    };
    ojson changes = ojson::array();
    for (const RuleChange &c : diff.rules.changes) {
        ojson fields = ojson::array();
        for (const std::string &f : c.fields)
            fields.push_back(f);
        changes.push_back({{"kind", ruleChangeKindName(c.kind)},
                           {"list", c.deny ? "deny" : "allow"},
                           {"pointer", c.pointer()},
                           {"old_index", c.oldIndex >= 0 ? ojson(c.oldIndex) : ojson()},
                           {"new_index", c.newIndex >= 0 ? ojson(c.newIndex) : ojson()},
                           {"fields", fields},
                           {"moved", c.moved || c.kind == RuleChangeKind::Reordered},
                           {"before", c.oldIndex >= 0 ? ruleJson(c.oldRule) : ojson()},
                           {"after", c.newIndex >= 0 ? ruleJson(c.newRule) : ojson()}});
    }
    ojson protocols = ojson::object();
    for (int p = 0; p < matrixProtocolCount; ++p)
        protocols[intentProtocolName(matrixProtocols[p])] = {{"newly_allowed_pairs", sem.newlyAllowed[p]},
                                                             {"newly_denied_pairs", sem.newlyDenied[p]},
                                                             {"egress_opened_groups", sem.egressOpened[p]},
                                                             {"egress_closed_groups", sem.egressClosed[p]}};
    ojson blocks = ojson::array();
    for (const PairChangeBlock &b : sem.blocks)
        blocks.push_back({{"proto", intentProtocolName(b.proto)},
                          {"change", b.allowedNow ? "allowed" : "denied"},
                          {"from", grouping.describeGroups(b.from, size_t(-1))},
                          {"from_groups", b.from.size()},
                          {"to", grouping.describeGroups(b.to, size_t(-1))},
                          {"to_groups", b.to.size()},
                          {"pairs", b.pairs()},
                          {"before", b.before.describe()},
                          {"after", b.after.describe()}});
    ojson racks = ojson::array();
    int rackCounts[3] = {0, 0, 0};
    for (const RackChange &r : sem.racks) {
        ++rackCounts[int(r.kind)];
        racks.push_back(
            {{"rack", r.label}, {"path", r.path}, {"kind", changeKindName(r.kind)}, {"hosts", r.hosts.size()}});
    }
    ojson groups = ojson::array();
    for (const GroupChange &g : sem.groups) {
        ojson gained = ojson::object(), lost = ojson::object();
        for (int p = 0; p < matrixProtocolCount; ++p) {
            gained[intentProtocolName(matrixProtocols[p])] = g.pairsGained[p];
            lost[intentProtocolName(matrixProtocols[p])] = g.pairsLost[p];
        }
        groups.push_back({{"group", grouping.group(g.group).label},
                          {"kind", changeKindName(g.kind)},
                          {"pairs_gained", gained},
                          {"pairs_lost", lost},
                          {"egress_gained", g.egressGained},
                          {"egress_lost", g.egressLost}});
    }
    ojson links = ojson::array();
    int linkCounts[3] = {0, 0, 0};
    for (const LinkChange &l : sem.links) {
        ++linkCounts[int(l.kind)];
        links.push_back({{"id", fabric.link(l.link).id}, {"kind", changeKindName(l.kind)}});
    }
    const auto version = [](const Intent &i, const std::string &sha) {
        return ojson{{"cluster", i.cluster}, {"version", i.metadata.version}, {"sha256", sha}};
    };
    const ojson doc = {
        {"before", version(before, diff.beforeSha256)},
        {"after", version(after, diff.afterSha256)},
        {"fabric", {{"name", fabric.name}, {"hosts", fabric.hostCount()}, {"groups", grouping.groupCount()}}},
        {"settings", settings(diff.rules.settings)},
        {"metadata", settings(diff.rules.metadata)},
        {"rules",
         {{"added", diff.rules.count(RuleChangeKind::Added)},
          {"removed", diff.rules.count(RuleChangeKind::Removed)},
          {"changed", diff.rules.count(RuleChangeKind::Changed)},
          {"reordered", diff.rules.count(RuleChangeKind::Reordered)},
          {"unchanged", diff.rules.unchanged},
          {"changes", changes}}},
        {"reachability", {{"protocols", protocols}, {"redecided_pairs", sem.redecided}, {"blocks", blocks}}},
        {"racks",
         {{"added", rackCounts[0]}, {"removed", rackCounts[1]}, {"changed", rackCounts[2]}, {"changes", racks}}},
        {"groups", groups},
        {"links",
         {{"added", linkCounts[0]}, {"removed", linkCounts[1]}, {"changed", linkCounts[2]}, {"changes", links}}},
    };
    return doc.dump(indent) + "\n";
}

std::string intentDiffToText(const IntentDiff &diff, const Intent &before, const Intent &after)
{
    const SemanticDiff &sem = diff.semantics;
    const IntentGrouping &grouping = *sem.grouping;
    std::string out = "Intent diff " + versionLabel(before) + " → " + versionLabel(after) + " on fabric "
        + grouping.fabric().name + " (" + std::to_string(grouping.fabric().hostCount()) + " hosts in "
        + std::to_string(grouping.groupCount()) + " groups)\n";
    if (!diff.rules.settings.empty()) {
        out += "\nSettings:\n";
        for (const SettingChange &c : diff.rules.settings)
            out += "  " + c.pointer + ": " + (c.oldValue.empty() ? "(absent)" : c.oldValue) + " → "
                + (c.newValue.empty() ? "(absent)" : c.newValue) + "\n";
    }
    out += "\nRules: " + std::to_string(diff.rules.count(RuleChangeKind::Added)) + " added, "
        + std::to_string(diff.rules.count(RuleChangeKind::Removed)) + " removed, "
        + std::to_string(diff.rules.count(RuleChangeKind::Changed)) + " changed, "
        + std::to_string(diff.rules.count(RuleChangeKind::Reordered)) + " reordered, "
        + std::to_string(diff.rules.unchanged) + " unchanged\n";
    // Every pointer names its version: /allow/4 is another rule in each.
    const std::string oldV = "v" + std::to_string(before.metadata.version) + " ";
    const std::string newV = "v" + std::to_string(after.metadata.version) + " ";
    for (const RuleChange &c : diff.rules.changes) {
        const std::string list = c.deny ? "deny" : "allow";
        switch (c.kind) {
        case RuleChangeKind::Added: out += "  + " + newV + c.pointer() + "  " + ruleText(c.newRule) + "\n"; break;
        case RuleChangeKind::Removed:
            out += "  - " + oldV + "/" + list + "/" + std::to_string(c.oldIndex) + "  " + ruleText(c.oldRule) + "\n";
            break;
        case RuleChangeKind::Changed: {
            std::string fields;
            for (const std::string &f : c.fields)
                fields += (fields.empty() ? "" : ", ") + f;
            out += "  ~ " + newV + c.pointer() + "  " + ruleText(c.oldRule) + "  ⇒  " + ruleText(c.newRule) + "  ("
                + fields
                + (c.moved ? "; moved from " + oldV + "/" + list + "/" + std::to_string(c.oldIndex) : std::string())
                + ")\n";
            break;
        }
        case RuleChangeKind::Reordered:
            out += "  ↕ " + newV + c.pointer() + "  " + ruleText(c.newRule) + "  (was " + oldV + "/" + list + "/"
                + std::to_string(c.oldIndex) + ")\n";
            break;
        }
    }
    out += "\nReachability (group pairs):\n";
    for (int p = 0; p < matrixProtocolCount; ++p)
        out += "  " + std::string(intentProtocolName(matrixProtocols[p])) + ": " + std::to_string(sem.newlyAllowed[p])
            + " newly allowed, " + std::to_string(sem.newlyDenied[p]) + " newly denied; public egress opened on "
            + std::to_string(sem.egressOpened[p]) + ", closed on " + std::to_string(sem.egressClosed[p]) + " groups\n";
    if (sem.redecided)
        out += "  " + std::to_string(sem.redecided) + " pairs keep their outcome under another rule\n";
    for (const PairChangeBlock &b : sem.blocks)
        out += std::string(b.allowedNow ? "  + " : "  - ") + intentProtocolName(b.proto) + " "
            + grouping.describeGroups(b.from) + " → " + grouping.describeGroups(b.to) + "  ("
            + std::to_string(b.pairs()) + " pairs; " + oldV + b.before.describe() + " ⇒ " + newV + b.after.describe() + ")\n";
    if (sem.empty())
        out += "  no change\n";
    int racks[3] = {0, 0, 0};
    for (const RackChange &r : sem.racks)
        ++racks[int(r.kind)];
    int links[3] = {0, 0, 0};
    for (const LinkChange &l : sem.links)
        ++links[int(l.kind)];
    out += "\nAffected: " + std::to_string(sem.racks.size()) + " racks (" + std::to_string(racks[0]) + " added, "
        + std::to_string(racks[1]) + " removed, " + std::to_string(racks[2]) + " changed), "
        + std::to_string(sem.links.size()) + " links (" + std::to_string(links[0]) + " added, "
        + std::to_string(links[1]) + " removed, " + std::to_string(links[2]) + " changed)\n";
    return out;
}

} // namespace Railyard
