#include "core/fabricmanager/enforcement.h"

#include "core/model/infinibandids.h"
#include "core/intents/intentevaluation.h"
#include "core/intents/intentgrouping.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace Railyard {

namespace {

constexpr size_t maxListed = 50;

std::string thousands(long long v)
{
    std::string digits = std::to_string(v), out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0 && digits[0] != '-')
            out += ',';
        out += digits[i];
    }
    return out;
}

const char *verdictName(EnforcementCheck::Verdict v)
{
    switch (v) {
    case EnforcementCheck::Verdict::Enforced: return "enforced";
    case EnforcementCheck::Verdict::Violated: return "violated";
    case EnforcementCheck::Verdict::Incomplete: return "incomplete";
    }
    return "incomplete";
}

} // namespace

std::string EnforcementCheck::summary() const
{
    std::string text = verdictName(verdict);
    text += ": ";
    if (verdict == Verdict::Violated)
        text += thousands(violations) + " host pairs disagree with the intent (of " + thousands(allowedPairs)
            + " allowed and " + thousands(deniedPairs) + " denied)";
    else if (verdict == Verdict::Enforced)
        text += thousands(allowedPairs) + " allowed and " + thousands(deniedPairs)
            + " denied host pairs, as the intent says";
    else
        text += std::to_string(portsRead) + " of " + std::to_string(hcaPorts) + " HCA ports' P_Keys read back";
    if (!serviceLevelProblems.empty())
        text += "; " + std::to_string(serviceLevelProblems.size()) + " paths on the wrong service level";
    if (!incompleteReason.empty())
        text += "; the check stopped: " + incompleteReason;
    return text;
}

EnforcementCheck checkEnforcement(const Fabric &fabric, const Intent &intent, const PkeysByPort &pkeys)
{
    EnforcementCheck check;
    const InfinibandIds ids = InfinibandIds::of(fabric);
    // Each host's tables: the sorted list of its HCA ports' tables, interned.
    std::map<std::vector<std::uint16_t>, int> tableIds;
    std::vector<std::vector<std::uint16_t>> tables;
    std::vector<std::vector<int>> hostTables(size_t(fabric.hostCount()));
    std::vector<char> complete(size_t(fabric.hostCount()), 1);
    for (const InfinibandIds::Ca &ca : ids.cas)
        for (int port = 1; port <= ca.ports; ++port) {
            ++check.hcaPorts;
            const auto found = pkeys.find(ca.guid + std::uint64_t(port));
            if (found == pkeys.end()) {
                complete[size_t(ca.host)] = 0;
                if (check.missing.size() < maxListed)
                    check.missing.push_back(InfinibandIds::caDescription(fabric, ca) + " port " + std::to_string(port));
                continue;
            }
            ++check.portsRead;
            std::vector<std::uint16_t> table = found->second;
            std::sort(table.begin(), table.end());
            table.erase(std::unique(table.begin(), table.end()), table.end());
            const auto [it, inserted] = tableIds.emplace(table, int(tables.size()));
            if (inserted)
                tables.push_back(table);
            hostTables[size_t(ca.host)].push_back(it->second);
        }
    for (auto &t : hostTables) {
        std::sort(t.begin(), t.end());
        t.erase(std::unique(t.begin(), t.end()), t.end());
    }

    const IntentGrouping grouping(fabric, {&intent});
    const IntentEvaluation evaluation(intent, grouping);
    // Per group: its complete hosts by their set of tables.
    struct Kind
    {
        std::vector<int> tables;
        std::vector<std::int32_t> hosts;
    };
    std::vector<std::vector<Kind>> kinds(size_t(grouping.groupCount()));
    for (int g = 0; g < grouping.groupCount(); ++g)
        for (std::int32_t h : grouping.group(g).hosts) {
            if (!complete[size_t(h)])
                continue;
            auto &list = kinds[size_t(g)];
            auto it = std::find_if(list.begin(), list.end(), [&](const Kind &k) { return k.tables == hostTables[size_t(h)]; });
            if (it == list.end()) {
                list.push_back({hostTables[size_t(h)], {}});
                it = list.end() - 1;
            }
            it->hosts.push_back(h);
        }
    // Shared P_Key between two interned tables, memoized.
    std::map<std::pair<int, int>, std::uint16_t> sharedMemo;
    auto shared = [&](int a, int b) {
        const auto key = std::minmax(a, b);
        const auto found = sharedMemo.find(key);
        if (found != sharedMemo.end())
            return found->second;
        const std::uint16_t s = sharedPkey(tables[size_t(a)], tables[size_t(b)]);
        sharedMemo.emplace(key, s);
        return s;
    };
    for (int g = 0; g < grouping.groupCount(); ++g)
        for (int h = 0; h < grouping.groupCount(); ++h) {
            const Decision decision = evaluation.decide(g, h, IntentProtocol::Rdma);
            const bool allows = decision.allowed();
            for (size_t ka = 0; ka < kinds[size_t(g)].size(); ++ka)
                for (size_t kb = 0; kb < kinds[size_t(h)].size(); ++kb) {
                    const Kind &a = kinds[size_t(g)][ka];
                    const Kind &b = kinds[size_t(h)][kb];
                    long long pairs = (long long)a.hosts.size() * (long long)b.hosts.size();
                    if (g == h && ka == kb)
                        pairs -= (long long)a.hosts.size();
                    if (pairs <= 0)
                        continue;
                    (allows ? check.allowedPairs : check.deniedPairs) += pairs;
                    // Allowed: every HCA pair shares; denied: none does.
                    bool bad = false;
                    std::uint16_t witness = 0;
                    for (int ta : a.tables) {
                        for (int tb : b.tables) {
                            const std::uint16_t s = shared(ta, tb);
                            if (allows ? s == 0 : s != 0) {
                                bad = true;
                                witness = s;
                                break;
                            }
                        }
                        if (bad)
                            break;
                    }
                    if (!bad)
                        continue;
                    check.violations += pairs;
                    if (check.examples.size() < maxListed) {
                        EnforcementCheck::Violation v;
                        v.from = fabric.host(a.hosts.front()).id;
                        v.to = fabric.host(g == h && ka == kb ? a.hosts[1] : b.hosts.front()).id;
                        v.intentAllows = allows;
                        v.rule = decision.describe();
                        v.pkey = witness;
                        check.examples.push_back(std::move(v));
                    }
                }
        }
    check.verdict = check.violations > 0             ? EnforcementCheck::Verdict::Violated
        : check.portsRead < check.hcaPorts ? EnforcementCheck::Verdict::Incomplete
                                           : EnforcementCheck::Verdict::Enforced;
    return check;
}

PkeysByPort pkeysByPortGuid(const std::vector<PortPkeys> &ports, const LftDump &lids, std::vector<std::string> *problems)
{
    PkeysByPort out;
    for (const PortPkeys &p : ports) {
        const auto found = lids.destinations.find(p.lid);
        if (found == lids.destinations.end() || found->second.kind != LftDestination::Kind::ChannelAdapter) {
            if (problems && problems->size() < maxListed)
                problems->push_back("LID " + std::to_string(p.lid) + " port " + std::to_string(p.port)
                                    + ": not an HCA the forwarding tables name");
            continue;
        }
        out[found->second.portGuid] = p.pkeys;
    }
    return out;
}

void checkServiceLevels(EnforcementCheck &check, const PartitionPlan &plan, const std::vector<PathRecordEntry> &records)
{
    if (!plan.serviceLevel)
        return;
    std::set<std::uint16_t> planned;
    for (const PlannedPartition &p : plan.partitions)
        planned.insert(p.pkey);
    for (const PathRecordEntry &r : records) {
        if (!planned.count(std::uint16_t(r.pkey & 0x7fff)))
            continue;
        ++check.pathsChecked;
        if (r.sl != *plan.serviceLevel && check.serviceLevelProblems.size() < maxListed)
            check.serviceLevelProblems.push_back("LID " + std::to_string(r.slid) + " to " + std::to_string(r.dlid)
                                                 + " on " + InfinibandIds::pkeyText(r.pkey) + ": service level "
                                                 + std::to_string(r.sl) + ", the intent's is "
                                                 + std::to_string(*plan.serviceLevel));
    }
    if (!check.serviceLevelProblems.empty() && check.verdict == EnforcementCheck::Verdict::Enforced)
        check.verdict = EnforcementCheck::Verdict::Violated;
}

std::string enforcementToJson(const std::string &fabricName, const EnforcementCheck &check)
{
    nlohmann::ordered_json j;
    j["fabric"] = fabricName;
    j["verdict"] = verdictName(check.verdict);
    j["summary"] = check.summary();
    j["hca_ports"] = check.hcaPorts;
    j["ports_read"] = check.portsRead;
    j["allowed_pairs"] = check.allowedPairs;
    j["denied_pairs"] = check.deniedPairs;
    j["violations"] = check.violations;
    nlohmann::ordered_json examples = nlohmann::ordered_json::array();
    for (const EnforcementCheck::Violation &v : check.examples) {
        nlohmann::ordered_json e;
        e["from"] = v.from;
        e["to"] = v.to;
        e["intent"] = v.intentAllows ? "allow" : "deny";
        e["rule"] = v.rule;
        if (v.pkey)
            e["shared_pkey"] = InfinibandIds::pkeyText(v.pkey);
        examples.push_back(std::move(e));
    }
    j["examples"] = std::move(examples);
    j["missing"] = check.missing;
    j["incomplete_reason"] = check.incompleteReason.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(check.incompleteReason);
    j["paths_checked"] = check.pathsChecked;
    j["service_level_problems"] = check.serviceLevelProblems;
    return j.dump(2) + "\n";
}

std::string enforcementToText(const std::string &fabricName, const EnforcementCheck &check)
{
    std::string out = fabricName + ": " + check.summary() + "\n";
    out += "  HCA ports read back: " + std::to_string(check.portsRead) + " of " + std::to_string(check.hcaPorts) + "\n";
    for (const EnforcementCheck::Violation &v : check.examples)
        out += "  " + v.from + " -> " + v.to + ": "
            + (v.intentAllows ? "the intent allows RDMA (" + v.rule + ") but they share no partition"
                              : "the intent denies RDMA (" + v.rule + ") but they share P_Key " + InfinibandIds::pkeyText(v.pkey))
            + "\n";
    for (const std::string &m : check.missing)
        out += "  no P_Keys read back: " + m + "\n";
    if (check.pathsChecked)
        out += "  paths checked for the service level: " + std::to_string(check.pathsChecked) + "\n";
    for (const std::string &p : check.serviceLevelProblems)
        out += "  " + p + "\n";
    return out;
}

} // namespace Railyard
