#include "core/analysis/report.h"

#include "core/analysis/analysisfindings.h"

#include "core/analysis/maxflow.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <sstream>

namespace Railyard {

namespace {

AnalysisReport reportFor(const Fabric &fabric, const CapacityView &capacity, const Failures &failures,
                         const BisectionOptions &options)
{
    AnalysisReport report;
    report.counts = countFabric(fabric);
    report.oversubscription = analyzeOversubscription(fabric, capacity);
    report.bisection = analyzeBisection(fabric, capacity, options);
    for (const auto l : failures.links)
        report.failed.push_back(fabric.link(l).id);
    for (const auto s : failures.switches)
        report.failed.push_back(fabric.switchAt(s).id);
    return report;
}

} // namespace

AnalysisReport analyzeFabric(const Fabric &fabric, const Failures &failures, const BisectionOptions &options)
{
    fabric.prepare();
    const CapacityView capacity = CapacityView::of(fabric, failures);
    return reportFor(fabric, capacity, failures, options);
}

WhatIfBase::WhatIfBase(const Fabric &fabric)
    : m_fabric(fabric)
{
    fabric.prepare();
    m_nominal = CapacityView::of(fabric);
    m_network = std::make_unique<SwitchFlowNetwork>(fabric, m_nominal);
}

WhatIfBase::~WhatIfBase() = default;

AnalysisReport WhatIfBase::baseline(const BisectionOptions &options) const
{
    BisectionOptions reuse = options;
    reuse.network = m_network.get();
    return reportFor(m_fabric, m_nominal, {}, reuse);
}

AnalysisReport WhatIfBase::whatIf(const Failures &failures, const BisectionOptions &options) const
{
    const CapacityView failed = CapacityView::of(m_fabric, failures);
    const SwitchFlowNetwork network(*m_network, failed);
    BisectionOptions reuse = options;
    reuse.network = &network;
    return reportFor(m_fabric, failed, failures, reuse);
}

CutChange cutChange(const BisectionResult &baseline, const BisectionResult &whatIf)
{
    CutChange change;
    const auto &before = baseline.cutLinks;
    const auto &after = whatIf.cutLinks;
    std::set_difference(after.begin(), after.end(), before.begin(), before.end(), std::back_inserter(change.added));
    std::set_difference(before.begin(), before.end(), after.begin(), after.end(), std::back_inserter(change.removed));
    return change;
}

const TierOversubscription *findTier(const OversubscriptionResult &result, Tier tier)
{
    for (const auto &t : result.tiers)
        if (t.tier == tier)
            return &t;
    return nullptr;
}

namespace {

nlohmann::json ratioJson(double r)
{
    return std::isfinite(r) ? nlohmann::json(r) : nlohmann::json(nullptr);
}

std::string formatRatio(double r)
{
    if (std::isnan(r))
        return "—";
    if (std::isinf(r))
        return "no uplink";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g:1", r);
    return buf;
}

std::string formatGbps(double gbps)
{
    char buf[64];
    if (gbps >= 1e6)
        std::snprintf(buf, sizeof buf, "%.2f Pbit/s", gbps / 1e6);
    else if (gbps >= 1e3)
        std::snprintf(buf, sizeof buf, "%.2f Tbit/s", gbps / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.0f Gbit/s", gbps);
    return buf;
}

} // namespace

namespace {

/// The what-if of a report, as indices (the report keeps the ids).
Failures failuresOf(const Fabric &fabric, const AnalysisReport &r)
{
    Failures failures;
    for (const std::string &id : r.failed) {
        if (const std::int32_t link = fabric.findLink(id); link >= 0)
            failures.links.push_back(link);
        else if (const NodeIndex node = fabric.findNode(id); fabric.isSwitch(node))
            failures.switches.push_back(fabric.switchIndexOf(node));
    }
    return failures;
}

} // namespace

std::string reportToJson(const Fabric &fabric, const AnalysisReport &r, int indent)
{
    using nlohmann::json;
    json j;
    j["name"] = fabric.name;
    j["gpus"] = r.counts.gpus;
    j["hosts"] = r.counts.hosts;
    j["switches"] = r.counts.switches;
    j["switches_by_tier"] = r.counts.switchesByTier;
    j["links"] = r.counts.links;
    j["planes"] = r.counts.planes;
    j["rails"] = r.counts.rails;
    json groups = json::array();
    for (const auto &g : r.counts.linkGroups)
        groups.push_back({{"from", g.lowerTier}, {"to", g.upperTier}, {"gbps", g.gbps}, {"count", g.count}});
    j["link_groups"] = groups;
    json tiers = json::array();
    for (const auto &t : r.oversubscription.tiers) {
        tiers.push_back({
            {"name", tierName(t.tier)},
            {"switches", t.switches},
            {"down_gbps", t.downGbps},
            {"up_gbps", t.upGbps},
            {"oversubscription", ratioJson(t.ratio)},
            {"worst_oversubscription", ratioJson(t.worstRatio)},
            {"worst_switch", t.worstSwitch >= 0 ? json(fabric.switchAt(t.worstSwitch).id) : json(nullptr)},
            {"top", t.isTop},
        });
    }
    j["tiers"] = tiers;
    const BisectionResult &b = r.bisection;
    json cut = json::array();
    for (const auto l : b.cutLinks)
        cut.push_back(fabric.link(l).id);
    j["bisection"] = {
        {"gbps", b.gbps},
        {"full_gbps", b.fullGbps},
        {"ratio", ratioJson(b.ratio)},
        {"method", bisectionMethodName(b.method)},
        {"exact", b.exact},
        {"candidate", b.candidate},
        {"gpus_side_a", b.gpusSideA},
        {"gpus_side_b", b.gpusSideB},
        {"cut_links", cut},
    };
    j["failed"] = r.failed;
    json findings = json::array();
    for (const AnalysisFinding &f : analysisFindings(&r, fabric, failuresOf(fabric, r)))
        findings.push_back({{"severity", analysisFindingSeverityName(f.severity)},
                            {"element", f.elementId},
                            {"text", analysisFindingText(f)}});
    j["findings"] = std::move(findings);
    j["units"] = "Gbit/s per direction";
    return j.dump(indent);
}

std::string reportToText(const Fabric &fabric, const AnalysisReport &r)
{
    std::ostringstream out;
    out << "Fabric " << (fabric.name.empty() ? std::string("(unnamed)") : fabric.name) << "\n";
    out << "  " << r.counts.gpus << " GPUs on " << r.counts.hosts << " hosts, " << r.counts.switches << " switches (";
    bool first = true;
    for (const char *tier : {"leaf", "spine", "core", "switch"}) {
        auto it = r.counts.switchesByTier.find(tier);
        if (it == r.counts.switchesByTier.end())
            continue;
        out << (first ? "" : ", ") << it->second << " " << tier;
        first = false;
    }
    out << "), " << r.counts.links << " links, " << r.counts.rails << " rails, " << r.counts.planes << " plane"
        << (r.counts.planes == 1 ? "" : "s") << "\n";
    if (!r.failed.empty()) {
        out << "  What-if, failed:";
        for (const auto &id : r.failed)
            out << " " << id;
        out << "\n";
    }
    out << "\nLinks (capacity per direction)\n";
    for (const auto &g : r.counts.linkGroups)
        out << "  " << g.lowerTier << " - " << g.upperTier << "  " << g.count << " × " << formatGbps(g.gbps) << "\n";
    out << "\nOversubscription (down : up)\n";
    for (const auto &t : r.oversubscription.tiers) {
        out << "  " << tierName(t.tier) << "  " << t.switches << " switches  ";
        if (t.isTop) {
            out << "top tier (no uplinks)\n";
            continue;
        }
        out << "aggregate " << formatRatio(t.ratio) << ", worst " << formatRatio(t.worstRatio);
        if (t.worstSwitch >= 0)
            out << " (" << fabric.switchAt(t.worstSwitch).id << ")";
        out << "\n";
    }
    const BisectionResult &b = r.bisection;
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.4f", b.ratio);
    out << "\nBisection bandwidth (per direction)\n";
    out << "  " << formatGbps(b.gbps) << " of " << formatGbps(b.fullGbps) << " full, ratio " << ratio << "\n";
    out << "  method " << bisectionMethodName(b.method) << (b.exact ? " (exact)" : " (upper bound)") << ", cut from "
        << b.candidate << ", " << b.cutLinks.size() << " links cross it (" << b.gpusSideA << " | " << b.gpusSideB
        << " GPUs)\n";
    const std::vector<AnalysisFinding> findings = analysisFindings(&r, fabric, failuresOf(fabric, r));
    if (!findings.empty()) {
        out << "\nFindings\n";
        for (const AnalysisFinding &f : findings)
            out << "  " << analysisFindingSeverityName(f.severity) << ": " << analysisFindingText(f) << "\n";
    }
    return out.str();
}

} // namespace Railyard
