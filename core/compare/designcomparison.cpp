#include "core/compare/designcomparison.h"

#include "core/analysis/capacity.h"
#include "core/analysis/report.h"
#include "core/placement/jobevaluation.h"
#include "core/traffic/routing.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

namespace Railyard {

namespace {

using Json = nlohmann::ordered_json;
constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr const char *tierOrder[] = {"leaf", "spine", "core", "unlayered"};

DesignFigures figuresOf(const DesignInput &input, const BomCatalog &catalog, const JobSpec *job)
{
    const Fabric &f = *input.fabric;
    DesignFigures d;
    d.label = input.label;
    d.fabric = f.name;
    d.transport = transportName(f.transport);
    d.routing = fabricRoutingName(f.effectiveRouting());
    const AnalysisReport report = analyzeFabric(f);
    d.gpus = report.counts.gpus;
    d.hosts = report.counts.hosts;
    d.switches = report.counts.switches;
    d.links = report.counts.links;
    const BillOfMaterials bom = buildBom(f, catalog);
    for (const char *tier : tierOrder)
        for (const BomLine &line : bom.lines)
            if (line.category == "switch" && line.tier == tier)
                d.switchGroups.push_back({line.tier, line.item, line.count});
    d.nics = bom.nics;
    d.cables = bom.cables;
    d.transceivers = bom.transceivers;
    d.price = bom.price;
    d.watts = bom.watts;
    d.currency = bom.currency;
    d.floorBasis = bom.floorBasis;
    d.automaticFloor = bom.automaticFloor;
    d.defaultNics = bom.defaultNics;
    d.defaultSwitches = bom.defaultSwitches;
    d.unreachedCables = bom.unreachedCables;
    d.defaults = bom.defaults;
    for (const TierOversubscription &t : report.oversubscription.tiers)
        d.tiers.push_back({tierName(t.tier), t.switches, t.isTop ? nan : t.ratio});
    d.bisectionGbps = report.bisection.gbps;
    d.bisectionRatio = report.bisection.ratio;
    d.bisectionExact = report.bisection.exact;
    d.stepMs = d.commMs = d.commMsFluid = nan;
    if (job) {
        const JobStepFigures figures = jobStepFigures(f, *job);
        d.stepMs = figures.stepMs;
        d.commMs = figures.commMs;
        d.commMsFluid = figures.commMsFluid;
        d.jobError = figures.error;
    }
    return d;
}

double relative(double value, double first)
{
    if (!std::isfinite(value) || !std::isfinite(first) || first == 0)
        return nan;
    return (value - first) / first;
}

/// "12 %": a change as a whole percentage.
std::string percent(double change)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f %%", std::fabs(change) * 100.0);
    return buf;
}

bool negligible(double change)
{
    return !std::isfinite(change) || std::fabs(change) < 0.005;
}

} // namespace

bool ComparisonRow::changed(size_t i) const
{
    return i > 0 && i < change.size() && !negligible(change[i]);
}

DesignComparison compareDesigns(const std::vector<DesignInput> &designs, const BomCatalog &catalog, const JobSpec *job)
{
    DesignComparison c;
    if (job)
        c.job = job->name;
    for (const DesignInput &input : designs)
        if (input.fabric)
            c.designs.push_back(figuresOf(input, catalog, job));
    if (c.designs.empty())
        return c;
    const std::string currency = c.designs.front().currency;

    using Better = ComparisonRow::Better;
    auto addRow = [&](std::string key, std::string label, Better better, auto value) {
        ComparisonRow row{std::move(key), std::move(label), better, {}, {}, {}};
        for (const DesignFigures &d : c.designs)
            row.values.push_back(value(d));
        for (size_t i = 0; i < row.values.size(); ++i)
            row.change.push_back(i == 0 ? nan : relative(row.values[i], row.values.front()));
        c.rows.push_back(std::move(row));
    };
    addRow("gpus", "GPUs", Better::Neither, [](const DesignFigures &d) { return double(d.gpus); });
    addRow("hosts", "Hosts", Better::Neither, [](const DesignFigures &d) { return double(d.hosts); });
    // Switches per tier present in any design, then per model.
    std::set<std::string> tiers, models;
    for (const DesignFigures &d : c.designs)
        for (const DesignFigures::SwitchGroup &g : d.switchGroups) {
            tiers.insert(g.tier);
            models.insert(g.model);
        }
    for (const char *tier : tierOrder) {
        if (!tiers.count(tier))
            continue;
        addRow(std::string("switches_") + tier, std::string("Switches, ") + tier, Better::Lower,
               [tier](const DesignFigures &d) {
                   double n = 0;
                   for (const DesignFigures::SwitchGroup &g : d.switchGroups)
                       n += g.tier == tier ? double(g.count) : 0.0;
                   return n;
               });
    }
    for (const std::string &model : models)
        addRow("switches_model:" + model, "Switches, " + model, Better::Neither, [model](const DesignFigures &d) {
            double n = 0;
            for (const DesignFigures::SwitchGroup &g : d.switchGroups)
                n += g.model == model ? double(g.count) : 0.0;
            return n;
        });
    addRow("switches", "Switches, all", Better::Lower, [](const DesignFigures &d) { return double(d.switches); });
    addRow("cables", "Cables", Better::Lower, [](const DesignFigures &d) { return double(d.cables); });
    addRow("transceivers", "Optics (transceivers)", Better::Lower,
           [](const DesignFigures &d) { return double(d.transceivers); });
    addRow("price", "Cost (" + currency + ")", Better::Lower, [](const DesignFigures &d) { return d.price; });
    addRow("watts", "Power (kW)", Better::Lower, [](const DesignFigures &d) { return d.watts / 1000.0; });
    addRow("bisection_gbps", "Bisection (Tbit/s)", Better::Higher,
           [](const DesignFigures &d) { return d.bisectionGbps / 1000.0; });
    addRow("bisection_ratio", "Bisection, share of full", Better::Higher,
           [](const DesignFigures &d) { return d.bisectionRatio; });
    for (const char *tier : tierOrder) {
        bool present = false;
        for (const DesignFigures &d : c.designs)
            for (const DesignFigures::TierFigure &t : d.tiers)
                present = present || (t.tier == tier && std::isfinite(t.oversubscription));
        if (!present)
            continue;
        addRow(std::string("oversubscription_") + tier, std::string("Oversubscription, ") + tier + " (:1)",
               Better::Lower, [tier](const DesignFigures &d) {
                   for (const DesignFigures::TierFigure &t : d.tiers)
                       if (t.tier == tier)
                           return t.oversubscription;
                   return nan;
               });
    }
    if (job) {
        addRow("step_ms", "Step, as routed (ms)", Better::Lower, [](const DesignFigures &d) { return d.stepMs; });
        addRow("comm_ms", "Step communication, as routed (ms)", Better::Lower,
               [](const DesignFigures &d) { return d.commMs; });
        addRow("comm_ms_fluid", "Step communication, ideal routing (ms)", Better::Lower,
               [](const DesignFigures &d) { return d.commMsFluid; });
    }

    // Like for like: where design i is priced on another basis than the
    // first, its cost, power, cable and optics cells say why.
    auto basisFlags = [&](size_t i, bool cabling, bool parts) {
        const DesignFigures &a = c.designs.front(), &b = c.designs[i];
        std::vector<std::string> why;
        if (cabling && a.automaticFloor != b.automaticFloor)
            why.push_back("cabling priced on " + b.floorBasis + ", the first design's on " + a.floorBasis);
        if (cabling && (a.unreachedCables > 0 || b.unreachedCables > 0))
            why.push_back(std::to_string(b.unreachedCables) + " cables no part reaches (unpriced), against "
                          + std::to_string(a.unreachedCables) + " in the first design");
        if (parts && (a.defaultNics > 0) != (b.defaultNics > 0))
            why.push_back(b.defaultNics > 0 ? std::to_string(b.defaultNics)
                                  + " NICs priced as their GPU's reference NIC (no model named), the first design's by model"
                                            : "NICs priced by model, the first design's " + std::to_string(a.defaultNics)
                                  + " as their GPU's reference NIC (no model named)");
        if (parts && (a.defaultSwitches > 0 || b.defaultSwitches > 0) && a.defaultSwitches != b.defaultSwitches)
            why.push_back(std::to_string(b.defaultSwitches) + " switches priced as the catalogue's default switch, against "
                          + std::to_string(a.defaultSwitches) + " in the first design");
        std::string out;
        for (const std::string &w : why)
            out += (out.empty() ? "" : "; ") + w;
        return out;
    };
    for (ComparisonRow &row : c.rows) {
        row.flags.assign(row.values.size(), std::string());
        const bool money = row.key == "price" || row.key == "watts";
        const bool cabling = money || row.key == "cables" || row.key == "transceivers";
        // A cell that did not change needs no excuse.
        for (size_t i = 1; i < row.values.size() && cabling; ++i)
            if (row.changed(i))
                row.flags[i] = basisFlags(i, true, money);
        if (row.key == "transceivers")
            for (size_t i = 1; i < row.values.size(); ++i)
                if (row.changed(i) && (row.values[i] == 0) != (row.values.front() == 0)) {
                    const std::string note = "optics built into a cable (AOC, DAC, ACC) are not counted as "
                                             "transceivers: only parts bought with separate ones are";
                    row.flags[i] += (row.flags[i].empty() ? "" : "; ") + note;
                }
    }

    auto rowOf = [&](const std::string &key) -> const ComparisonRow * {
        for (const ComparisonRow &row : c.rows)
            if (row.key == key)
                return &row;
        return nullptr;
    };
    for (size_t i = 1; i < c.designs.size(); ++i) {
        std::vector<std::string> parts;
        const double price = rowOf("price")->change[i];
        parts.push_back(negligible(price) ? "same cost" : percent(price) + (price < 0 ? " cheaper" : " dearer"));
        const double watts = rowOf("watts")->change[i];
        parts.push_back(negligible(watts) ? "same power"
                                          : percent(watts) + (watts < 0 ? " less power" : " more power"));
        const double bisection = rowOf("bisection_gbps")->change[i];
        parts.push_back(negligible(bisection)
                            ? "same bisection"
                            : percent(bisection) + (bisection > 0 ? " more bisection" : " less bisection"));
        if (job) {
            const ComparisonRow *step = rowOf("step_ms");
            if (!std::isfinite(step->values[i]) || !std::isfinite(step->values.front())) {
                parts.push_back("no step time on " + c.job);
            } else {
                const double change = step->change[i];
                parts.push_back((negligible(change) ? std::string("as fast")
                                                    : percent(change) + (change > 0 ? " slower" : " faster"))
                                + " on " + c.job + " (as routed)");
            }
        }
        if (!rowOf("price")->flags[i].empty())
            parts.front() += " (not like for like: " + rowOf("price")->flags[i] + ")";
        std::string sentence = c.designs[i].label + ":";
        for (size_t k = 0; k < parts.size(); ++k)
            sentence += (k ? ", " : " ") + parts[k];
        c.summaries.push_back(sentence);
    }
    return c;
}

namespace {

Json number(double value)
{
    return std::isfinite(value) ? Json(value) : Json(nullptr);
}

const char *betterName(ComparisonRow::Better better)
{
    switch (better) {
    case ComparisonRow::Better::Lower: return "lower";
    case ComparisonRow::Better::Higher: return "higher";
    case ComparisonRow::Better::Neither: break;
    }
    return "neither";
}

} // namespace

std::string designComparisonToJson(const DesignComparison &c, int indent)
{
    Json j;
    j["job"] = c.job.empty() ? Json(nullptr) : Json(c.job);
    Json designs = Json::array();
    for (const DesignFigures &d : c.designs) {
        Json groups = Json::array();
        for (const DesignFigures::SwitchGroup &g : d.switchGroups)
            groups.push_back(Json{{"tier", g.tier}, {"model", g.model}, {"count", g.count}});
        Json tiers = Json::array();
        for (const DesignFigures::TierFigure &t : d.tiers)
            tiers.push_back(
                Json{{"tier", t.tier}, {"switches", t.switches}, {"oversubscription", number(t.oversubscription)}});
        designs.push_back(Json{{"label", d.label},
                               {"fabric", d.fabric},
                               {"transport", d.transport.empty() ? Json(nullptr) : Json(d.transport)},
                               {"routing", d.routing},
                               {"gpus", d.gpus},
                               {"hosts", d.hosts},
                               {"switches", d.switches},
                               {"links", d.links},
                               {"switch_groups", std::move(groups)},
                               {"nics", d.nics},
                               {"cables", d.cables},
                               {"transceivers", d.transceivers},
                               {"price", d.price},
                               {"watts", d.watts},
                               {"currency", d.currency},
                               {"floor", d.floorBasis},
                               {"automatic_floor", d.automaticFloor},
                               {"defaults", d.defaults},
                               {"tiers", std::move(tiers)},
                               {"bisection",
                                Json{{"gbps", d.bisectionGbps},
                                     {"ratio", number(d.bisectionRatio)},
                                     {"exact", d.bisectionExact}}},
                               {"step_ms", number(d.stepMs)},
                               {"comm_ms", number(d.commMs)},
                               {"comm_ms_fluid", number(d.commMsFluid)},
                               {"job_error", d.jobError.empty() ? Json(nullptr) : Json(d.jobError)}});
    }
    j["designs"] = std::move(designs);
    Json rows = Json::array();
    for (const ComparisonRow &row : c.rows) {
        Json values = Json::array(), change = Json::array(), flags = Json::array();
        for (double v : row.values)
            values.push_back(number(v));
        for (double v : row.change)
            change.push_back(number(v));
        for (const std::string &flag : row.flags)
            flags.push_back(flag.empty() ? Json(nullptr) : Json(flag));
        rows.push_back(Json{{"key", row.key},
                            {"label", row.label},
                            {"better", betterName(row.better)},
                            {"values", std::move(values)},
                            {"change", std::move(change)},
                            {"not_like_for_like", std::move(flags)}});
    }
    j["rows"] = std::move(rows);
    j["summaries"] = c.summaries;
    return j.dump(indent, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string designComparisonToText(const DesignComparison &c)
{
    std::string out = "Designs compared";
    if (!c.job.empty())
        out += ", with job " + c.job;
    out += "\n";
    char buf[128];
    std::snprintf(buf, sizeof buf, "  %-40s", "");
    out += buf;
    for (const DesignFigures &d : c.designs) {
        std::snprintf(buf, sizeof buf, " %22s", d.label.substr(0, 22).c_str());
        out += buf;
    }
    out += "\n";
    for (const ComparisonRow &row : c.rows) {
        std::snprintf(buf, sizeof buf, "  %-40s", row.label.substr(0, 40).c_str());
        out += buf;
        for (size_t i = 0; i < row.values.size(); ++i) {
            std::string cell;
            const double v = row.values[i];
            if (!std::isfinite(v)) {
                cell = "-";
            } else {
                std::snprintf(buf, sizeof buf, std::fabs(v) >= 100 || v == std::floor(v) ? "%.0f" : "%.3g", v);
                cell = buf;
                if (row.changed(i)) {
                    std::snprintf(buf, sizeof buf, " (%+.0f %%)", row.change[i] * 100.0);
                    cell += buf;
                }
                if (i < row.flags.size() && !row.flags[i].empty())
                    cell += " *";
            }
            std::snprintf(buf, sizeof buf, " %22s", cell.c_str());
            out += buf;
        }
        out += "\n";
    }
    bool flagged = false;
    for (const ComparisonRow &row : c.rows)
        for (size_t i = 0; i < row.flags.size(); ++i)
            if (!row.flags[i].empty()) {
                if (!flagged)
                    out += "* not like for like:\n";
                flagged = true;
                out += "  " + row.label + ", " + c.designs[i].label + ": " + row.flags[i] + "\n";
            }
    for (const DesignFigures &d : c.designs) {
        out += "  " + d.label + " priced with its cabling on " + d.floorBasis + "\n";
        for (const std::string &line : d.defaults)
            out += "    " + line + "\n";
    }
    for (const DesignFigures &d : c.designs)
        if (!d.jobError.empty())
            out += "  " + d.label + ": no step time: " + d.jobError + "\n";
    for (const std::string &summary : c.summaries)
        out += summary + "\n";
    return out;
}

} // namespace Railyard
