#include "core/fabricmanager/partitionplan.h"

#include "core/model/infinibandids.h"
#include "core/intents/intentevaluation.h"
#include "core/intents/intentgrouping.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>

namespace Railyard {

namespace {

/// A partition name OpenSM's parser takes: letters, digits, '-', '_', '.'.
std::string partitionName(const Intent &intent, const std::string &pointer, std::set<std::string> &used)
{
    std::string base;
    int index = -1;
    if (pointer.rfind("/allow/", 0) == 0) {
        index = std::atoi(pointer.c_str() + 7);
        if (index >= 0 && size_t(index) < intent.allow.size())
            base = intent.allow[size_t(index)].name;
        if (base.empty())
            base = "allow-" + std::to_string(index);
    }
    if (base.empty())
        base = "partition";
    std::string name;
    for (char c : base.substr(0, 48))
        name += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
    std::string unique = name;
    for (int n = 2; used.count(unique); ++n)
        unique = name + "-" + std::to_string(n);
    used.insert(unique);
    return unique;
}

int ibMtuCode(int bytes)
{
    switch (bytes) {
    case 256: return 1;
    case 512: return 2;
    case 1024: return 3;
    case 2048: return 4;
    case 4096: return 5;
    default: return 0;
    }
}

} // namespace

PartitionPlan planPartitions(const Fabric &fabric, const Intent &intent)
{
    PartitionPlan plan;
    for (size_t i = 0; i < intent.allow.size(); ++i) {
        const IntentRule &rule = intent.allow[i];
        const std::string pointer = "/allow/" + std::to_string(i);
        if (rule.to == publicSelector)
            plan.notMapped.push_back(pointer + ": to @public, which is not on the InfiniBand fabric");
        else if (rule.proto == IntentProtocol::Tcp)
            plan.notMapped.push_back(pointer
                                     + ": TCP runs on the hosts' front-end network, not over the fabric's P_Keys");
    }
    for (size_t i = 0; i < intent.deny.size(); ++i)
        if (intent.deny[i].proto == IntentProtocol::Tcp)
            plan.notMapped.push_back("/deny/" + std::to_string(i)
                                     + ": TCP runs on the hosts' front-end network, not over the fabric's P_Keys");
    if (intent.denyPublicEgress)
        plan.notMapped.push_back("/deny_public_egress: the public internet is not on the InfiniBand fabric");
    if (intent.lossless) {
        plan.serviceLevel = intent.lossless->pfcPriority;
        plan.mtuBytes = intent.lossless->mtuBytes;
        if (intent.lossless->ecn)
            plan.notMapped.push_back("/lossless/ecn: InfiniBand's congestion control is set by its congestion "
                                     "control manager, not by ECN thresholds");
    }

    const IntentGrouping grouping(fabric, {&intent});
    const IntentEvaluation evaluation(intent, grouping);
    const int groups = grouping.groupCount();
    auto allowed = [&](int a, int b) { return evaluation.decide(a, b, IntentProtocol::Rdma).allowed(); };
    auto pointerOf = [&](int a, int b) {
        const std::string p = evaluation.decide(a, b, IntentProtocol::Rdma).pointer();
        return p.empty() ? std::string("/allow") : p;
    };
    auto label = [&](int g) { return grouping.group(g).label.substr(0, 60); };

    // Symmetry, and whether each group may hold full members.
    std::vector<char> selfTalk(size_t(groups), 0); // may its hosts talk among themselves (or is it one host)
    bool everyPair = true;
    for (int a = 0; a < groups; ++a) {
        const bool single = grouping.group(a).hosts.size() <= 1;
        selfTalk[size_t(a)] = single || allowed(a, a);
        if (!single && !allowed(a, a))
            everyPair = false;
        for (int b = a + 1; b < groups; ++b) {
            const bool ab = allowed(a, b), ba = allowed(b, a);
            if (ab != ba) {
                const int from = ab ? a : b, to = ab ? b : a;
                throw PartitionPlanError(pointerOf(from, to),
                                         "allows RDMA from " + label(from) + " to " + label(to)
                                             + " but not back; an InfiniBand partition lets both ends talk, so P_Keys "
                                               "cannot express a one-way rule");
            }
            if (!ab)
                everyPair = false;
        }
    }
    plan.defaultFull = everyPair;
    if (everyPair)
        return plan;

    // 2. Cliques of groups that may be full members.
    std::vector<std::vector<char>> covered(size_t(groups), std::vector<char>(size_t(groups), 0));
    struct Draft
    {
        std::vector<int> full, limited;
        std::string rule;
    };
    std::vector<Draft> drafts;
    for (int a = 0; a < groups; ++a) {
        if (!selfTalk[size_t(a)])
            continue;
        for (int b = a; b < groups; ++b) {
            if (covered[size_t(a)][size_t(b)] || !selfTalk[size_t(b)])
                continue;
            if (a == b ? grouping.group(a).hosts.size() <= 1 || !allowed(a, a) : !allowed(a, b))
                continue;
            Draft draft;
            draft.full = {a};
            if (b != a)
                draft.full.push_back(b);
            draft.rule = pointerOf(a, b);
            for (int c = 0; c < groups; ++c) {
                if (c == a || c == b || !selfTalk[size_t(c)])
                    continue;
                bool fits = true;
                for (int member : draft.full)
                    if (!allowed(member, c)) {
                        fits = false;
                        break;
                    }
                if (fits)
                    draft.full.push_back(c);
            }
            std::sort(draft.full.begin(), draft.full.end());
            for (int x : draft.full)
                for (int y : draft.full)
                    covered[size_t(x)][size_t(y)] = 1;
            drafts.push_back(std::move(draft));
        }
    }
    // 3. Groups that may not talk within themselves join as limited members.
    std::map<int, size_t> ownPartition; // full-capable group -> its star draft
    for (int x = 0; x < groups; ++x) {
        if (selfTalk[size_t(x)])
            continue;
        for (int y = 0; y < groups; ++y) {
            if (y == x || !allowed(x, y) || covered[size_t(x)][size_t(y)])
                continue;
            if (!selfTalk[size_t(y)])
                throw PartitionPlanError(pointerOf(x, y),
                                         "allows RDMA between " + label(x) + " and " + label(y)
                                             + ", neither of which may talk within itself; full and limited "
                                               "membership cannot allow the one and deny the other");
            // A partition whose full members x may all reach.
            Draft *home = nullptr;
            for (Draft &draft : drafts) {
                if (std::find(draft.full.begin(), draft.full.end(), y) == draft.full.end())
                    continue;
                bool fits = true;
                for (int member : draft.full)
                    if (!allowed(x, member)) {
                        fits = false;
                        break;
                    }
                if (fits) {
                    home = &draft;
                    break;
                }
            }
            if (!home) {
                auto found = ownPartition.find(y);
                if (found == ownPartition.end()) {
                    Draft star;
                    star.full = {y};
                    star.rule = pointerOf(x, y);
                    drafts.push_back(std::move(star));
                    found = ownPartition.emplace(y, drafts.size() - 1).first;
                }
                home = &drafts[found->second];
            }
            home->limited.push_back(x);
            for (int member : home->full)
                covered[size_t(x)][size_t(member)] = covered[size_t(member)][size_t(x)] = 1;
        }
    }
    if (drafts.size() > 0x7ffe)
        throw PartitionPlanError("/allow", "needs " + std::to_string(drafts.size())
                                               + " partitions, more than the 32,766 P_Keys a subnet has");

    std::set<std::string> names;
    std::vector<int> perHost(size_t(fabric.hostCount()), 0);
    for (size_t i = 0; i < drafts.size(); ++i) {
        Draft &draft = drafts[i];
        PlannedPartition partition;
        partition.pkey = std::uint16_t(i + 1);
        partition.rule = draft.rule;
        partition.name = partitionName(intent, draft.rule, names);
        std::sort(draft.limited.begin(), draft.limited.end());
        draft.limited.erase(std::unique(draft.limited.begin(), draft.limited.end()), draft.limited.end());
        for (int g : draft.full)
            for (std::int32_t h : grouping.group(g).hosts)
                partition.fullHosts.push_back(h);
        for (int g : draft.limited)
            for (std::int32_t h : grouping.group(g).hosts)
                partition.limitedHosts.push_back(h);
        std::sort(partition.fullHosts.begin(), partition.fullHosts.end());
        std::sort(partition.limitedHosts.begin(), partition.limitedHosts.end());
        for (std::int32_t h : partition.fullHosts)
            ++perHost[size_t(h)];
        for (std::int32_t h : partition.limitedHosts)
            ++perHost[size_t(h)];
        plan.partitions.push_back(std::move(partition));
    }
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h)
        if (perHost[size_t(h)] > plan.mostPerHost)
            plan.mostPerHost = perHost[size_t(h)];
    if (plan.mostPerHost + 1 > maxPkeysPerPort) {
        const auto busiest = std::max_element(perHost.begin(), perHost.end()) - perHost.begin();
        const std::int32_t host = std::int32_t(busiest);
        std::string rule = "/allow";
        for (const PlannedPartition &p : plan.partitions)
            if (std::binary_search(p.fullHosts.begin(), p.fullHosts.end(), host)
                || std::binary_search(p.limitedHosts.begin(), p.limitedHosts.end(), host))
                rule = p.rule;
        throw PartitionPlanError(rule, "puts host " + fabric.host(host).id.substr(0, 60) + " in "
                                           + std::to_string(plan.mostPerHost + 1)
                                           + " partitions (Default's included); an HCA port holds "
                                           + std::to_string(maxPkeysPerPort) + " P_Keys");
    }
    return plan;
}

std::string partitionsConf(const Fabric &fabric, const PartitionPlan &plan)
{
    const InfinibandIds ids = InfinibandIds::of(fabric);
    std::string out = "# Partitions of " + fabric.name + ", written by Railyard (docs/fabric-manager.md).\n";
    if (plan.defaultFull) {
        out += "# The intent allows every host pair RDMA (or none was given): one partition, every port full.\n"
               "Default=0x7fff, ipoib : ALL=full;\n";
        return out;
    }
    out += "# The intent denies some host pairs: hosts are limited members of Default (they reach the\n"
           "# subnet manager, not each other) and full or limited members of the partitions below.\n"
           "Default=0x7fff, ipoib : ALL=limited, ALL_SWITCHES=full, SELF=full;\n";
    std::string flags;
    if (plan.mtuBytes && ibMtuCode(*plan.mtuBytes) > 0)
        flags += ", mtu=" + std::to_string(ibMtuCode(*plan.mtuBytes));
    // OpenSM reads partitions.conf a line of at most 4,094 characters at a
    // time (osm_prtn_config.c) and falls back to its default configuration,
    // every port a full member of Default, when a line is cut. A partition
    // may continue over lines until its ';': 8 ports a line (about 210
    // characters), however many hosts it holds.
    constexpr int portsPerLine = 8;
    for (const PlannedPartition &p : plan.partitions) {
        out += "# " + p.name + " (" + p.rule + "): " + std::to_string(p.fullHosts.size()) + " hosts full, "
            + std::to_string(p.limitedHosts.size()) + " limited\n";
        out += p.name + "=" + InfinibandIds::pkeyText(p.pkey) + ", ipoib" + flags + " :";
        int onLine = 0;
        bool first = true;
        auto add = [&](std::int32_t host, const char *membership) {
            for (int ca : ids.caOfHost[size_t(host)]) {
                const InfinibandIds::Ca &c = ids.cas[size_t(ca)];
                for (int port = 1; port <= c.ports; ++port) {
                    if (!first)
                        out += ",";
                    if (onLine == portsPerLine || first) {
                        out += "\n   ";
                        onLine = 0;
                    }
                    out += " " + InfinibandIds::guidText(c.guid + std::uint64_t(port)) + "=" + membership;
                    ++onLine;
                    first = false;
                }
            }
        };
        for (std::int32_t h : p.fullHosts)
            add(h, "full");
        for (std::int32_t h : p.limitedHosts)
            add(h, "limited");
        out += ";\n";
    }
    return out;
}

std::string qosPolicyConf(const Fabric &fabric, const PartitionPlan &plan)
{
    if (!plan.serviceLevel || plan.partitions.empty())
        return {};
    std::string out = "# QoS policy of " + fabric.name
        + ", written by Railyard: the intent's RDMA partitions on service level " + std::to_string(*plan.serviceLevel)
        + " (its PFC priority).\nqos-ulps\n    default : 0\n";
    for (const PlannedPartition &p : plan.partitions)
        out += "    any, pkey " + InfinibandIds::pkeyText(p.pkey) + " : " + std::to_string(*plan.serviceLevel) + "\n";
    out += "end-qos-ulps\n";
    return out;
}

} // namespace Railyard
