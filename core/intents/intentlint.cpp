#include "core/intents/intentlint.h"

#include "core/intents/fabricbackend.h"
#include "core/intents/intentevaluation.h"
#include "core/intents/intentgrouping.h"
#include "core/intents/selector.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace Railyard {

namespace {

std::string ruleText(const IntentRule &r)
{
    return r.from + " → " + r.to + " " + intentProtocolName(r.proto);
}

std::string plural(long long n, const char *one, const char *many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

class Linter
{
public:
    Linter(const Intent &intent, const Fabric &fabric, LintReport &report)
        : m_intent(intent)
        , m_fabric(fabric)
        , m_report(report)
    { }

    void add(LintSeverity severity, const char *kind, std::string pointer, std::string message)
    {
        m_report.findings.push_back({severity, kind, std::move(pointer), std::move(message)});
    }

    void settings();
    void rules(const IntentEvaluation &eval);
    void egress(const IntentEvaluation &eval);

private:
    const Intent &m_intent;
    const Fabric &m_fabric;
    LintReport &m_report;
};

void Linter::settings()
{
    // Rails: NICs per host.
    std::map<size_t, std::pair<int, std::string>> hostsByNics; // NIC count → (hosts, example id)
    for (const Host &h : m_fabric.hosts()) {
        auto &entry = hostsByNics[h.nics.size()];
        if (entry.first++ == 0)
            entry.second = h.id;
    }
    for (const auto &[nics, entry] : hostsByNics) {
        if (int(nics) == m_intent.rails)
            continue;
        add(LintSeverity::Error, "rails-mismatch", "/rails",
            "rails is " + std::to_string(m_intent.rails) + " but " + plural(entry.first, "host has ", "hosts have ")
                + std::to_string(nics) + (nics == 1 ? " NIC" : " NICs") + " (e.g. " + entry.second + ")");
    }

    // Backend against the switch models.
    const BackendEvidence e = detectBackend(m_fabric);
    const bool roce = m_intent.backend == IntentBackend::Roce;
    if (e.infinibandSwitches > 0 && e.ethernetSwitches > 0) {
        add(LintSeverity::Warning, "backend-mixed", "/backend",
            "the fabric mixes InfiniBand switches (" + std::to_string(e.infinibandSwitches) + ", e.g. "
                + e.infinibandExample + ") and Ethernet switches (" + std::to_string(e.ethernetSwitches) + ", e.g. "
                + e.ethernetExample + ")");
    } else if (roce && e.infinibandSwitches > 0) {
        add(LintSeverity::Error, "backend-mismatch", "/backend",
            "backend is roce but " + plural(e.infinibandSwitches, "switch is", "switches are") + " InfiniBand (e.g. "
                + e.infinibandExample + ")");
    } else if (!roce && e.ethernetSwitches > 0) {
        add(LintSeverity::Error, "backend-mismatch", "/backend",
            "backend is infiniband but " + plural(e.ethernetSwitches, "switch is", "switches are") + " Ethernet (e.g. "
                + e.ethernetExample + ")");
    } else if (e.unknownSwitches > 0 && e.infinibandSwitches == 0 && e.ethernetSwitches == 0) {
        add(LintSeverity::Info, "backend-unverified", "/backend",
            std::string("cannot check backend ") + intentBackendName(m_intent.backend)
                + ": no switch model names a link layer (e.g. " + e.unknownExample + ")");
    }

    // Topology: rail-optimized fabrics have rail leaves.
    const bool railLeaves = std::any_of(m_fabric.switches().begin(), m_fabric.switches().end(),
                                        [](const Switch &s) { return s.tier == Tier::Leaf && s.rail >= 0; });
    if (m_intent.topology == IntentTopology::RailOptimized && !railLeaves && m_fabric.switchCount() > 0)
        add(LintSeverity::Warning, "topology-mismatch", "/topology",
            "topology is rail_optimized but no leaf switch of the fabric serves a rail");
    else if (m_intent.topology == IntentTopology::FatTree && railLeaves)
        add(LintSeverity::Warning, "topology-mismatch", "/topology",
            "topology is fat_tree but the fabric's leaves serve rails (rail-optimized)");
    else if (m_intent.topology == IntentTopology::Dragonfly)
        add(LintSeverity::Info, "topology-unverified", "/topology",
            "cannot check topology dragonfly: Railyard models Clos fabrics only");

    // Lossless transport for RoCE.
    if (roce) {
        if (!m_intent.lossless) {
            add(LintSeverity::Error, "roce-lossless-missing", "/lossless",
                "backend is roce but there are no lossless settings: RDMA over Ethernet needs PFC "
                "(lossless.pfc_priority) and ECN marking (lossless.ecn)");
        } else {
            const LosslessSettings &l = *m_intent.lossless;
            if (!l.pfcPriority)
                add(LintSeverity::Error, "roce-lossless-missing", "/lossless",
                    "backend is roce but lossless.pfc_priority is not set: RDMA traffic would be dropped, not "
                    "paused, under congestion");
            if (!l.ecn)
                add(LintSeverity::Error, "roce-lossless-missing", "/lossless",
                    "backend is roce but lossless.ecn is not set: without ECN marking DCQCN cannot slow senders "
                    "and PFC pauses spread");
            if (!l.mtuBytes)
                add(LintSeverity::Info, "roce-mtu-missing", "/lossless",
                    "lossless.mtu_bytes is not set: the control plane's default RoCE MTU applies");
        }
    } else if (m_intent.lossless) {
        // What sm-config does with them (partitionplan.cpp): the priority
        // becomes the partitions' service level, the MTU theirs; ECN has no
        // InfiniBand counterpart there.
        std::string text = "infiniband is lossless by credit-based flow control: no PFC is configured";
        if (m_intent.lossless->pfcPriority)
            text += "; pfc_priority " + std::to_string(*m_intent.lossless->pfcPriority)
                + " becomes the partitions' service level (SL) in sm-config";
        if (m_intent.lossless->mtuBytes)
            text += "; mtu_bytes becomes their MTU";
        if (m_intent.lossless->ecn)
            text += "; ecn is not mapped (InfiniBand's congestion control is configured apart)";
        add(LintSeverity::Info, "lossless-ignored", "/lossless", text);
    }

    if (!m_intent.cluster.empty() && !m_fabric.name.empty() && m_intent.cluster != m_fabric.name)
        add(LintSeverity::Info, "cluster-name", "/cluster",
            "cluster is \"" + m_intent.cluster + "\" but the fabric is named \"" + m_fabric.name + "\"");
}

void Linter::rules(const IntentEvaluation &eval)
{
    if (m_intent.allow.empty())
        add(LintSeverity::Warning, "nothing-allowed", "/allow",
            "there are no allow rules: every pair of hosts is denied");
    for (const bool deny : {false, true}) {
        const std::vector<IntentRule> &list = deny ? m_intent.deny : m_intent.allow;
        const std::string listName = deny ? "deny" : "allow";
        for (size_t i = 0; i < list.size(); ++i) {
            const IntentRule &rule = list[i];
            const std::string pointer = "/" + listName + "/" + std::to_string(i);
            bool empty = false;
            for (const bool to : {false, true}) {
                const std::string &pattern = to ? rule.to : rule.from;
                if (pattern == publicSelector)
                    continue;
                const long long hosts = eval.selectorHosts(pattern);
                if (hosts < 0) {
                    // Only for intents built in code: the reader rejects bad globs.
                    std::string why;
                    Selector::compile(pattern, &why);
                    add(LintSeverity::Error, "bad-selector", pointer + (to ? "/to" : "/from"),
                        "bad selector \"" + pattern + "\": " + why);
                    empty = true;
                } else if (hosts == 0) {
                    add(LintSeverity::Warning, "selector-matches-nothing", pointer + (to ? "/to" : "/from"),
                        "selector \"" + pattern
                            + "\" matches no host of the fabric (by id, rack name or "
                              "zone/pod/su/rack path)");
                    empty = true;
                }
            }
            if (empty)
                continue;
            const RuleStats &st = deny ? eval.denyStats(int(i)) : eval.allowStats(int(i));
            const std::string what = listName + " rule " + pointer + " (" + ruleText(rule) + ")";
            const std::string pairs = plural(st.matched, "group pair", "group pairs");
            if (!deny) {
                const std::string overrider = st.overriddenBy == -1 ? std::string("/deny_public_egress")
                                                                    : "/deny/" + std::to_string(st.overriddenBy);
                if (st.decided == 0 && st.overridden == st.matched) {
                    add(LintSeverity::Warning, "allow-deny-conflict", pointer,
                        what + " has no effect: all " + pairs + " it allows are denied (first by " + overrider + ")");
                } else if (st.decided == 0) {
                    add(LintSeverity::Warning, "shadowed-rule", pointer,
                        what + " never decides: " + std::to_string(st.covered) + " of its " + pairs
                            + " are allowed earlier (first by /allow/" + std::to_string(st.coveredBy) + ")"
                            + (st.overridden
                                   ? " and " + std::to_string(st.overridden) + " denied (first by " + overrider + ")"
                                   : std::string()));
                } else if (st.overridden > 0) {
                    add(LintSeverity::Info, "allow-deny-conflict", pointer,
                        what + ": " + std::to_string(st.overridden) + " of its " + pairs + " are denied (first by "
                            + overrider + ")");
                }
            } else {
                if (st.decided == 0) {
                    if (st.coveredBy == -1)
                        add(LintSeverity::Info, "shadowed-rule", pointer,
                            what + " never decides: deny_public_egress already denies its " + pairs);
                    else
                        add(LintSeverity::Warning, "shadowed-rule", pointer,
                            what + " never decides: its " + pairs + " are denied earlier (first by /deny/"
                                + std::to_string(st.coveredBy) + ")");
                } else if (st.effective == 0) {
                    add(LintSeverity::Info, "redundant-deny", pointer,
                        what + " changes nothing: no allow rule allows any of the "
                            + plural(st.decided, "pair", "pairs") + " it decides (they are denied by default)");
                }
            }
        }
    }
}

void Linter::egress(const IntentEvaluation &eval)
{
    if (m_intent.denyPublicEgress)
        return;
    std::vector<int> byDefault;
    std::map<std::string, std::vector<int>> byRule;
    const int pub = eval.publicDestination();
    for (int g = 0; g < eval.groupCount(); ++g) {
        if (eval.grouping().group(g).gpus <= 0)
            continue;
        bool defaultOpen = false;
        std::string rule;
        for (const IntentProtocol p : matrixProtocols) {
            const Decision d = eval.decide(g, pub, p);
            if (d.kind == DecisionKind::PublicEgressOpen)
                defaultOpen = true;
            else if (d.allowed() && rule.empty())
                rule = d.pointer();
        }
        if (defaultOpen)
            byDefault.push_back(g);
        else if (!rule.empty())
            byRule[rule].push_back(g);
    }
    const IntentGrouping &grouping = eval.grouping();
    if (!byDefault.empty())
        add(LintSeverity::Error, "public-egress-open", "/deny_public_egress",
            "public egress is left open on " + plural((long long)byDefault.size(), "GPU rack", "GPU racks") + " ("
                + grouping.describeGroups(byDefault)
                + "): deny_public_egress is false and no deny rule to "
                  "@public covers them");
    for (const auto &[rule, groups] : byRule)
        add(LintSeverity::Warning, "public-egress-open", rule,
            rule + " opens public egress on " + plural((long long)groups.size(), "GPU rack", "GPU racks") + " ("
                + grouping.describeGroups(groups) + ")");
}

} // namespace

const char *lintSeverityName(LintSeverity severity)
{
    switch (severity) {
    case LintSeverity::Error: return "error";
    case LintSeverity::Warning: return "warning";
    case LintSeverity::Info: break;
    }
    return "info";
}

int LintReport::count(LintSeverity severity) const
{
    return int(std::count_if(findings.begin(), findings.end(),
                             [severity](const LintFinding &f) { return f.severity == severity; }));
}

LintReport lintIntent(const Intent &intent, const Fabric &fabric, const LintOptions &options)
{
    LintReport report;
    report.cluster = intent.cluster;
    report.version = intent.metadata.version;
    report.fabricName = fabric.name;
    report.hosts = fabric.hostCount();

    const IntentGrouping grouping(fabric, {&intent});
    const IntentEvaluation eval(intent, grouping);
    report.groups = grouping.groupCount();
    report.sourceClasses = eval.sourceClassCount();
    report.destinationClasses = eval.destinationClassCount();
    report.totalPairs = (long long)report.groups * report.groups;

    Linter linter(intent, fabric, report);
    linter.settings();
    linter.rules(eval);
    linter.egress(eval);

    const int pubClass = eval.destinationClassOf(eval.publicDestination());
    for (int s = 0; s < eval.sourceClassCount(); ++s) {
        const auto &sources = eval.sourceClassGroups(s);
        for (int t = 0; t < eval.destinationClassCount(); ++t) {
            const auto &destinations = eval.destinationClassGroups(t);
            for (int p = 0; p < matrixProtocolCount; ++p) {
                const Decision d = eval.classDecision(s, t, matrixProtocols[p]);
                if (t == pubClass) {
                    if (d.allowed())
                        report.egressOpenGroups[p] += int(sources.size());
                } else if (d.allowed()) {
                    report.allowedPairs[p] += (long long)sources.size() * (long long)destinations.size();
                }
                if (options.matrix)
                    report.matrix.push_back({grouping.describeGroups(sources, size_t(-1)),
                                             grouping.describeGroups(destinations, size_t(-1)), int(sources.size()),
                                             int(destinations.size()), matrixProtocols[p], d.allowed(), d.pointer(),
                                             d.describe()});
            }
        }
    }

    std::stable_sort(report.findings.begin(), report.findings.end(),
                     [](const LintFinding &a, const LintFinding &b) { return a.severity < b.severity; });
    return report;
}

std::string lintReportToJson(const LintReport &report, int indent)
{
    using ojson = nlohmann::ordered_json;
    ojson findings = ojson::array();
    for (const LintFinding &f : report.findings)
        findings.push_back({{"severity", lintSeverityName(f.severity)},
                            {"kind", f.kind},
                            {"pointer", f.pointer},
                            {"message", f.message}});
    ojson reach = ojson::object();
    for (int p = 0; p < matrixProtocolCount; ++p)
        reach[intentProtocolName(matrixProtocols[p])] = {{"allowed_pairs", report.allowedPairs[p]},
                                                         {"denied_pairs", report.totalPairs - report.allowedPairs[p]},
                                                         {"egress_open_groups", report.egressOpenGroups[p]}};
    ojson doc = {{"intent", {{"cluster", report.cluster}, {"version", report.version}, {"sha256", report.sha256}}},
                 {"fabric", {{"name", report.fabricName}, {"hosts", report.hosts}, {"groups", report.groups}}},
                 {"classes", {{"sources", report.sourceClasses}, {"destinations", report.destinationClasses}}},
                 {"errors", report.count(LintSeverity::Error)},
                 {"warnings", report.count(LintSeverity::Warning)},
                 {"infos", report.count(LintSeverity::Info)},
                 {"reachability", {{"group_pairs", report.totalPairs}, {"protocols", reach}}},
                 {"findings", findings}};
    if (!report.matrix.empty()) {
        ojson matrix = ojson::array();
        for (const MatrixBlock &b : report.matrix)
            matrix.push_back({{"from", b.from},
                              {"from_groups", b.fromGroups},
                              {"to", b.to},
                              {"to_groups", b.toGroups},
                              {"proto", intentProtocolName(b.proto)},
                              {"allowed", b.allowed},
                              {"rule", b.rule},
                              {"decision", b.decision}});
        doc["matrix"] = std::move(matrix);
    }
    return doc.dump(indent) + "\n";
}

std::string lintReportToText(const LintReport &report)
{
    std::string out = "Intent " + report.cluster + " v" + std::to_string(report.version) + " on fabric "
        + report.fabricName + " (" + std::to_string(report.hosts) + " hosts in " + std::to_string(report.groups)
        + " groups)\n";
    for (const LintFinding &f : report.findings)
        out += std::string(lintSeverityName(f.severity)) + ": " + f.pointer + ": " + f.message + " [" + f.kind + "]\n";
    auto counted = [](size_t n, const char *one, const char *many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    out += counted(size_t(report.count(LintSeverity::Error)), "error", "errors") + ", "
        + counted(size_t(report.count(LintSeverity::Warning)), "warning", "warnings") + ", "
        + counted(size_t(report.count(LintSeverity::Info)), "note", "notes") + "\n";
    for (int p = 0; p < matrixProtocolCount; ++p)
        out += std::string(intentProtocolName(matrixProtocols[p])) + ": " + std::to_string(report.allowedPairs[p])
            + " of " + std::to_string(report.totalPairs) + " group pairs allowed; public egress open on "
            + std::to_string(report.egressOpenGroups[p]) + " groups\n";
    for (const MatrixBlock &b : report.matrix)
        out += std::string(b.allowed ? "allow " : "deny  ") + intentProtocolName(b.proto) + " " + b.from + " → " + b.to
            + " (" + b.decision + ")\n";
    return out;
}

} // namespace Railyard
