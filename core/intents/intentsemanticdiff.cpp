#include "core/intents/intentsemanticdiff.h"

#include "core/intents/grouppathlinks.h"
#include "core/intents/intentrulediff.h"

#include <algorithm>
#include <functional>
#include <map>
#include <tuple>
#include <unordered_map>

namespace Railyard {

namespace {

/// Classes of the two evaluations together: rows with the same pair of classes.
struct JointClasses
{
    std::vector<std::vector<int>> members;
    std::vector<std::pair<int, int>> classes; ///< (before class, after class) per joint class
};

JointClasses joint(int rows, const std::function<std::pair<int, int>(int)> &classOf)
{
    JointClasses out;
    std::map<std::pair<int, int>, int> index;
    for (int r = 0; r < rows; ++r) {
        const auto key = classOf(r);
        const auto [it, inserted] = index.emplace(key, int(out.members.size()));
        if (inserted) {
            out.members.emplace_back();
            out.classes.push_back(key);
        }
        out.members[size_t(it->second)].push_back(r);
    }
    return out;
}

ChangeKind kindOf(bool gained, bool lost)
{
    return gained && lost ? ChangeKind::Changed : gained ? ChangeKind::Added : ChangeKind::Removed;
}

int decisionKey(const Decision &d)
{
    return int(d.kind) * 100000 + d.rule + 1;
}

} // namespace

const char *changeKindName(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::Added: return "added";
    case ChangeKind::Removed: return "removed";
    case ChangeKind::Changed: break;
    }
    return "changed";
}

SemanticDiff diffSemantics(const Intent &before, const Intent &after, const Fabric &fabric,
                           const SemanticDiffOptions &options)
{
    SemanticDiff diff;
    auto grouping = std::make_shared<IntentGrouping>(fabric, std::vector<const Intent *>{&before, &after});
    diff.grouping = grouping;
    const IntentEvaluation a(before, *grouping);
    const IntentEvaluation b(after, *grouping);
    const int groups = grouping->groupCount();
    const int pub = groups;

    // The same rule in both versions (rule-level pairing), so a rule that
    // only moved still counts as the same deciding rule.
    const RuleDiff rules = diffRules(before, after);
    const std::vector<int> &allowMap = rules.allowPairing;
    const std::vector<int> &denyMap = rules.denyPairing;
    const auto sameRule = [&](const Decision &x, const Decision &y) {
        if (x.kind != y.kind)
            return false;
        if (x.kind == DecisionKind::Allow)
            return allowMap[size_t(x.rule)] == y.rule;
        if (x.kind == DecisionKind::Deny)
            return denyMap[size_t(x.rule)] == y.rule;
        return true;
    };

    const JointClasses sources
        = joint(groups, [&](int g) { return std::make_pair(a.sourceClassOf(g), b.sourceClassOf(g)); });
    const JointClasses destinations
        = joint(groups + 1, [&](int g) { return std::make_pair(a.destinationClassOf(g), b.destinationClassOf(g)); });

    // Changed class pairs, merged by (protocol, direction, decisions, destinations).
    std::map<std::tuple<int, bool, int, int, size_t>, size_t> blockOf;
    for (size_t s = 0; s < sources.members.size(); ++s) {
        for (size_t t = 0; t < destinations.members.size(); ++t) {
            const long long weight = (long long)sources.members[s].size() * (long long)destinations.members[t].size();
            for (int p = 0; p < matrixProtocolCount; ++p) {
                const IntentProtocol proto = matrixProtocols[p];
                const Decision da = a.classDecision(sources.classes[s].first, destinations.classes[t].first, proto);
                const Decision db = b.classDecision(sources.classes[s].second, destinations.classes[t].second, proto);
                if (da.allowed() == db.allowed()) {
                    if (!sameRule(da, db))
                        diff.redecided += weight;
                    continue;
                }
                const auto key = std::make_tuple(p, db.allowed(), decisionKey(da), decisionKey(db), t);
                const auto [it, inserted] = blockOf.emplace(key, diff.blocks.size());
                if (inserted) {
                    PairChangeBlock block;
                    block.proto = proto;
                    block.allowedNow = db.allowed();
                    block.to = destinations.members[t];
                    block.before = da;
                    block.after = db;
                    diff.blocks.push_back(std::move(block));
                }
                auto &from = diff.blocks[it->second].from;
                from.insert(from.end(), sources.members[s].begin(), sources.members[s].end());
            }
        }
    }
    for (PairChangeBlock &block : diff.blocks)
        std::sort(block.from.begin(), block.from.end());
    std::sort(diff.blocks.begin(), diff.blocks.end(), [](const PairChangeBlock &x, const PairChangeBlock &y) {
        return std::make_tuple(int(x.proto), !x.allowedNow, x.from.front(), x.to.front())
            < std::make_tuple(int(y.proto), !y.allowedNow, y.from.front(), y.to.front());
    });

    // Counts per protocol and per group.
    std::vector<GroupChange> perGroup(static_cast<size_t>(groups));
    std::vector<char> touched(size_t(groups), 0);
    for (const PairChangeBlock &block : diff.blocks) {
        const int p = block.proto == IntentProtocol::Rdma ? 0 : 1;
        const bool toPublic = block.to.back() == pub;
        const long long hostDestinations = (long long)block.to.size() - (toPublic ? 1 : 0);
        const long long hostPairs = (long long)block.from.size() * hostDestinations;
        (block.allowedNow ? diff.newlyAllowed : diff.newlyDenied)[p] += hostPairs;
        if (toPublic)
            (block.allowedNow ? diff.egressOpened : diff.egressClosed)[p] += int(block.from.size());
        for (const int g : block.from) {
            GroupChange &c = perGroup[size_t(g)];
            touched[size_t(g)] = 1;
            (block.allowedNow ? c.pairsGained : c.pairsLost)[p] += hostDestinations;
            if (toPublic)
                (block.allowedNow ? c.egressGained : c.egressLost) = true;
        }
        for (const int g : block.to) {
            if (g == pub)
                continue;
            touched[size_t(g)] = 1;
            (block.allowedNow ? perGroup[size_t(g)].pairsGained : perGroup[size_t(g)].pairsLost)[p]
                += (long long)block.from.size();
        }
    }
    std::map<std::string, size_t> rackOf;
    for (int g = 0; g < groups; ++g) {
        if (!touched[size_t(g)])
            continue;
        GroupChange c = perGroup[size_t(g)];
        c.group = g;
        const bool gained = c.egressGained || c.pairsGained[0] > 0 || c.pairsGained[1] > 0;
        const bool lost = c.egressLost || c.pairsLost[0] > 0 || c.pairsLost[1] > 0;
        c.kind = kindOf(gained, lost);
        diff.groups.push_back(c);

        const HostGroup &hg = grouping->group(g);
        const std::string key = hg.rack.empty() ? "\x01" + hg.label : hg.path;
        const auto [it, inserted] = rackOf.emplace(key, diff.racks.size());
        if (inserted) {
            RackChange rack;
            rack.rack = hg.rack;
            rack.path = hg.path;
            rack.label = hg.rack.empty() ? hg.label : hg.label.substr(0, hg.label.find(':'));
            rack.kind = c.kind;
            diff.racks.push_back(std::move(rack));
        }
        RackChange &rack = diff.racks[it->second];
        if (rack.kind != c.kind)
            rack.kind = ChangeKind::Changed;
        rack.groups.push_back(g);
        rack.hosts.insert(rack.hosts.end(), hg.hosts.begin(), hg.hosts.end());
    }
    for (RackChange &rack : diff.racks)
        std::sort(rack.hosts.begin(), rack.hosts.end());
    std::sort(diff.racks.begin(), diff.racks.end(),
              [](const RackChange &x, const RackChange &y) { return x.hosts.front() < y.hosts.front(); });

    if (options.links && !diff.blocks.empty()) {
        const GroupPathLinks paths(*grouping);
        std::vector<GroupPathLinks::Block> gained, lost;
        for (const PairChangeBlock &block : diff.blocks)
            (block.allowedNow ? gained : lost).push_back({&block.from, &block.to});
        std::vector<std::uint8_t> gainedLinks, lostLinks;
        paths.mark(gained, gainedLinks);
        paths.mark(lost, lostLinks);
        for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
            const bool g = gainedLinks[size_t(l)] != 0;
            const bool r = lostLinks[size_t(l)] != 0;
            if (g || r)
                diff.links.push_back({l, kindOf(g, r)});
        }
    }
    return diff;
}

} // namespace Railyard
