#include "core/bom/floorreport.h"

#include "core/common/jsontext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>
#include <unordered_map>

namespace Railyard {

namespace {

using Json = nlohmann::ordered_json;

struct SystemFigure
{
    const char *gpuModel;
    double systemWatts;
    int systemGpus;
    const char *source;
};

// The vendors' published maximum input power of a whole system, shared per GPU.
constexpr SystemFigure systemFigures[] = {
    {"h100", 10200, 8, "DGX H100/H200: 10.2 kW max for 8 GPUs (NVIDIA DGX H100/H200 User Guide, power specifications)"},
    {"h200", 10200, 8, "DGX H100/H200: 10.2 kW max for 8 GPUs (NVIDIA DGX H100/H200 User Guide, power specifications)"},
    {"h800", 10200, 8, "HGX H800 taken as DGX H100: 10.2 kW max for 8 GPUs (NVIDIA DGX H100/H200 User Guide)"},
    {"b200", 14300, 8, "DGX B200: 14.3 kW max for 8 GPUs (NVIDIA DGX B200 User Guide, power specifications)"},
    {"a100", 6500, 8, "DGX A100: 6.5 kW max for 8 GPUs (NVIDIA DGX A100 User Guide, power specifications)"},
    {"gb200", 120000, 72,
     "GB200 NVL72: 120 kW per 72-GPU rack, compute and NVLink switch trays (NVIDIA at GTC 2024, as reported by "
     "ServeTheHome)"},
};

std::string xml(std::string_view text)
{
    std::string out;
    for (const char c : text)
        switch (c) {
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '&': out += "&amp;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    return out;
}

std::string fmt(const char *format, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

} // namespace

double hostWatts(const Host &host, std::string *source)
{
    for (const SystemFigure &f : systemFigures)
        if (host.gpuModel == f.gpuModel) {
            if (source)
                *source = f.source;
            return host.gpus * f.systemWatts / f.systemGpus;
        }
    if (source)
        source->clear();
    return 0;
}

FloorReport buildFloorReport(const Fabric &fabric, const FloorPlan &floor, const BomCatalog &catalog,
                             const CablePartCatalog &parts)
{
    FloorReport r;
    r.fabric = fabric.name;
    r.automatic = floor.automatic;
    r.halls = int(floor.halls.size());
    for (const FloorHall &h : floor.halls)
        r.rows += h.rows;
    r.racks = int(floor.racks.size());
    r.cables = cableRuns(fabric, floor, parts);
    r.problems = r.cables.problems;

    std::unordered_map<std::string, size_t> rackIndex;
    r.rackPower.reserve(floor.racks.size());
    for (const RackSpot &spot : floor.racks) {
        rackIndex.emplace(spot.rack, r.rackPower.size());
        RackPower p;
        p.rack = spot.rack;
        p.hall = spot.hall;
        p.row = spot.row;
        p.slot = spot.slot;
        p.budgetKw = floor.halls[size_t(spot.hall)].rackBudgetKw;
        r.rackPower.push_back(std::move(p));
    }
    const std::vector<std::string> racks = nodeRacks(fabric);
    auto powerOf = [&](NodeIndex n) -> RackPower * {
        const auto it = rackIndex.find(racks[size_t(n)]);
        return it == rackIndex.end() ? nullptr : &r.rackPower[it->second];
    };
    std::map<std::string, int> unknownGpus;
    std::map<std::string, bool> sources;
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        RackPower *p = powerOf(fabric.hostNode(h));
        if (!p)
            continue;
        std::string source;
        p->hostWatts += hostWatts(fabric.host(h), &source);
        ++p->hosts;
        if (source.empty())
            ++unknownGpus[fabric.host(h).gpuModel];
        else
            sources[source] = true;
    }
    const BomCatalog::Item *fallback = catalog.findSwitch("default");
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s) {
        RackPower *p = powerOf(fabric.switchNode(s));
        if (!p)
            continue;
        const BomCatalog::Item *item = catalog.findSwitch(fabric.switchAt(s).model);
        if (!item)
            item = fallback;
        p->switchWatts += item ? item->watts : 0.0;
        ++p->switches;
    }
    for (const CableRun &run : r.cables.runs) {
        if (!run.choice.part)
            continue;
        for (const std::string *rack : {&run.aRack, &run.bRack})
            if (const auto it = rackIndex.find(*rack); it != rackIndex.end())
                r.rackPower[it->second].cableWatts += run.choice.part->wattsPerEnd;
    }
    for (const auto &[model, count] : unknownGpus)
        r.problems.push_back(std::to_string(count) + " hosts of GPU model " + model
                             + " have no published power figure: counted as 0 W");
    for (const auto &[source, unused] : sources)
        r.sources.push_back(source);

    std::map<std::pair<int, int>, RowPower> rows;
    for (const RackPower &p : r.rackPower) {
        RowPower &row = rows[{p.hall, p.row}];
        row.hall = p.hall;
        row.row = p.row;
        ++row.racks;
        row.kw += p.kw();
        row.budgetKw = floor.halls[size_t(p.hall)].rowBudgetKw;
        r.totalKw += p.kw();
        if (p.over())
            r.problems.push_back("rack " + p.rack + " draws " + fmt("%.1f", p.kw()) + " kW, over its "
                                 + fmt("%g", p.budgetKw) + " kW budget ("
                                 + coolingName(floor.halls[size_t(p.hall)].cooling) + "-cooled hall "
                                 + floor.halls[size_t(p.hall)].id + ")");
    }
    for (const auto &[key, row] : rows) {
        if (row.over())
            r.problems.push_back("row " + std::to_string(row.row) + " of " + floor.halls[size_t(row.hall)].id
                                 + " draws " + fmt("%.1f", row.kw) + " kW, over its " + fmt("%g", row.budgetKw)
                                 + " kW budget");
        r.rowPower.push_back(row);
    }
    return r;
}

namespace {

std::vector<const CableRun *> longestRuns(const FloorReport &r, int n)
{
    std::vector<const CableRun *> runs;
    for (const CableRun &run : r.cables.runs)
        if (run.metres > 0)
            runs.push_back(&run);
    const size_t k = std::min(runs.size(), size_t(std::max(0, n)));
    std::partial_sort(runs.begin(), runs.begin() + std::ptrdiff_t(k), runs.end(),
                      [](const CableRun *a, const CableRun *b) {
                          return a->metres != b->metres ? a->metres > b->metres : a->link < b->link;
                      });
    runs.resize(k);
    return runs;
}

} // namespace

std::string floorReportToJson(const FloorReport &r, int longest, int indent)
{
    Json j;
    j["fabric"] = r.fabric;
    j["automatic_floor"] = r.automatic;
    j["halls"] = r.halls;
    j["rows"] = r.rows;
    j["racks"] = r.racks;
    j["total_kw"] = jsonNumber<Json>(r.totalKw);
    Json rows = Json::array();
    for (const RowPower &row : r.rowPower)
        rows.push_back(Json{{"hall", row.hall},
                            {"row", row.row},
                            {"racks", row.racks},
                            {"kw", jsonNumber<Json>(row.kw)},
                            {"budget_kw", row.budgetKw > 0 ? jsonNumber<Json>(row.budgetKw) : Json(nullptr)},
                            {"over", row.over()}});
    j["row_power"] = std::move(rows);
    Json racks = Json::array();
    for (const RackPower &p : r.rackPower)
        racks.push_back(Json{{"rack", p.rack},
                             {"hall", p.hall},
                             {"row", p.row},
                             {"slot", p.slot},
                             {"hosts", p.hosts},
                             {"switches", p.switches},
                             {"host_w", jsonNumber<Json>(p.hostWatts)},
                             {"switch_w", jsonNumber<Json>(p.switchWatts)},
                             {"cable_w", jsonNumber<Json>(p.cableWatts)},
                             {"kw", jsonNumber<Json>(p.kw())},
                             {"budget_kw", p.budgetKw > 0 ? jsonNumber<Json>(p.budgetKw) : Json(nullptr)},
                             {"over", p.over()}});
    j["rack_power"] = std::move(racks);
    Json parts = Json::object();
    for (const auto &[slug, count] : r.cables.partCounts)
        parts[slug] = count;
    j["parts"] = std::move(parts);
    j["cables_price"] = jsonNumber<Json>(r.cables.price);
    j["cables_w"] = jsonNumber<Json>(r.cables.watts);
    j["transceivers"] = r.cables.transceivers;
    j["longest_m"] = jsonNumber<Json>(r.cables.longestM);
    Json runs = Json::array();
    for (const CableRun *run : longestRuns(r, longest))
        runs.push_back(Json{{"link", run->link},
                            {"metres", jsonNumber<Json>(run->metres)},
                            {"stock_m", jsonNumber<Json>(run->choice.stockM)},
                            {"part", run->choice.part ? Json(run->choice.part->slug) : Json(nullptr)},
                            {"propagation_ns", jsonNumber<Json>(run->propagationNs)},
                            {"route", run->route}});
    j["longest_runs"] = std::move(runs);
    j["power_sources"] = r.sources;
    j["problems"] = r.problems;
    return j.dump(indent) + "\n";
}

std::string floorReportToText(const FloorReport &r, int longest)
{
    std::string out = r.fabric + ": " + std::to_string(r.racks) + " racks in " + std::to_string(r.rows) + " rows of "
        + std::to_string(r.halls) + (r.halls == 1 ? " hall" : " halls")
        + (r.automatic ? " (placed automatically: halls per zone, a scalable unit a row, docs/floor.md)" : "") + "\n";
    out += "Power: " + fmt("%.1f", r.totalKw) + " kW in all\n";
    size_t shown = 0;
    for (const RowPower &row : r.rowPower) {
        if (shown++ == 20) {
            out += "  … " + std::to_string(r.rowPower.size() - 20) + " more rows (--json lists them all)\n";
            break;
        }
        out += "  hall " + std::to_string(row.hall) + " row " + std::to_string(row.row) + ": "
            + std::to_string(row.racks) + " racks, " + fmt("%.1f", row.kw) + " kW"
            + (row.budgetKw > 0 ? " of " + fmt("%g", row.budgetKw) + " kW" : std::string())
            + (row.over() ? "  OVER BUDGET" : "") + "\n";
    }
    std::vector<const RackPower *> hottest;
    for (const RackPower &p : r.rackPower)
        hottest.push_back(&p);
    std::stable_sort(hottest.begin(), hottest.end(), [](const RackPower *a, const RackPower *b) { return a->kw() > b->kw(); });
    out += "Racks drawing most:\n";
    for (size_t i = 0; i < hottest.size() && i < 5; ++i)
        out += "  " + hottest[i]->rack + ": " + fmt("%.1f", hottest[i]->kw()) + " kW"
            + (hottest[i]->budgetKw > 0 ? " of " + fmt("%g", hottest[i]->budgetKw) + " kW" : std::string())
            + (hottest[i]->over() ? "  OVER BUDGET" : "") + "\n";
    out += "Cables by part (" + fmt("%.0f", r.cables.price) + " in cables and optics, " + fmt("%.1f", r.cables.watts / 1000)
        + " kW):\n";
    for (const auto &[slug, count] : r.cables.partCounts)
        out += "  " + slug + ": " + std::to_string(count) + "\n";
    out += "Longest runs:\n";
    for (const CableRun *run : longestRuns(r, longest))
        out += "  " + fmt("%.2f", run->metres) + " m (" + (run->choice.part ? run->choice.part->slug : "no part")
            + ", " + fmt("%.0f", run->propagationNs) + " ns): " + run->route + "\n";
    if (r.problems.empty()) {
        out += "No problems.\n";
    } else {
        out += std::to_string(r.problems.size()) + " problems:\n";
        for (size_t i = 0; i < r.problems.size() && i < 50; ++i)
            out += "  " + r.problems[i] + "\n";
        if (r.problems.size() > 50)
            out += "  … " + std::to_string(r.problems.size() - 50) + " more (--json lists them all)\n";
    }
    return out;
}

std::string floorToSvg(const FloorPlan &floor, const FloorReport &report)
{
    constexpr double px = 40.0; // per metre
    constexpr double margin = 40.0;
    std::string out;
    double width = 0, height = 0;
    std::vector<double> hallTop;
    for (const FloorHall &h : floor.halls) {
        hallTop.push_back(height);
        width = std::max(width, h.slotsPerRow * h.rackWidthM * px);
        height += ((h.rows - 1) * h.rowPitchM + h.rackDepthM) * px + 60;
    }
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + fmt("%.0f", width + 2 * margin) + "\" height=\""
        + fmt("%.0f", height + 2 * margin) + "\" font-family=\"sans-serif\" font-size=\"9\">\n";
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
    std::unordered_map<std::string, const RackPower *> power;
    for (const RackPower &p : report.rackPower)
        power.emplace(p.rack, &p);
    for (size_t hi = 0; hi < floor.halls.size(); ++hi) {
        const FloorHall &h = floor.halls[hi];
        const double top = margin + hallTop[hi] + 14;
        out += "<text x=\"" + fmt("%.1f", margin) + "\" y=\"" + fmt("%.1f", top - 4) + "\" font-size=\"12\">" + xml(h.id)
            + " (" + std::to_string(h.rows) + " rows × " + std::to_string(h.slotsPerRow) + " slots)</text>\n";
        for (const RackSpot &spot : floor.racks) {
            if (size_t(spot.hall) != hi)
                continue;
            const auto it = power.find(spot.rack);
            const RackPower *p = it == power.end() ? nullptr : it->second;
            // Colour by share of the budget: green (empty) through yellow to
            // orange (full); over budget crimson; grey without a budget.
            std::string fill = "#dadce0";
            if (p && p->budgetKw > 0) {
                const double share = p->kw() / p->budgetKw;
                if (share > 1.0 + 1e-9) {
                    fill = "#b00020";
                } else {
                    const double hue = 120.0 - 95.0 * std::clamp(share, 0.0, 1.0); // 120 green … 25 orange
                    // HSL(hue, 75 %, 50 %) to RGB.
                    const double c = 0.75, hp = hue / 60.0, xx = c * (1 - std::abs(std::fmod(hp, 2.0) - 1));
                    double r1 = 0, g1 = 0;
                    if (hp < 1) {
                        r1 = c;
                        g1 = xx;
                    } else {
                        r1 = xx;
                        g1 = c;
                    }
                    const double m = 0.5 - c / 2;
                    char buf[16];
                    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", int((r1 + m) * 255), int((g1 + m) * 255), int(m * 255));
                    fill = buf;
                }
            }
            const double x = margin + spot.slot * h.rackWidthM * px, y = top + h.rowY(spot.row) * px;
            out += "<rect x=\"" + fmt("%.1f", x + 1) + "\" y=\"" + fmt("%.1f", y) + "\" width=\""
                + fmt("%.1f", h.rackWidthM * px - 2) + "\" height=\"" + fmt("%.1f", h.rackDepthM * px) + "\" fill=\""
                + fill + "\" stroke=\"" + (p && p->over() ? "#b00020" : "#5f6368") + "\" stroke-width=\""
                + (p && p->over() ? "2.5" : "1") + "\"><title>" + xml(spot.rack)
                + (p ? ": " + fmt("%.1f", p->kw()) + " kW" + (p->budgetKw > 0 ? " of " + fmt("%g", p->budgetKw) + " kW" : "")
                       : std::string())
                + "</title></rect>\n";
            if (h.rackWidthM * px >= 20)
                out += "<text x=\"" + fmt("%.1f", x + h.rackWidthM * px / 2) + "\" y=\""
                    + fmt("%.1f", y + h.rackDepthM * px / 2) + "\" text-anchor=\"middle\"" + (p && p->over() ? " fill=\"#ffffff\"" : "")
                    + " transform=\"rotate(-90 "
                    + fmt("%.1f", x + h.rackWidthM * px / 2) + " " + fmt("%.1f", y + h.rackDepthM * px / 2) + ")\">"
                    + xml(spot.rack.size() > 14 ? spot.rack.substr(spot.rack.size() - 14) : spot.rack) + "</text>\n";
        }
        // Over the racks: the row trays along each row, the cross trays between rows.
        for (int row = 0; row < h.rows; ++row) {
            const double y = top + (h.rowY(row) + h.rackDepthM / 2) * px;
            out += "<line x1=\"" + fmt("%.1f", margin) + "\" y1=\"" + fmt("%.1f", y) + "\" x2=\""
                + fmt("%.1f", margin + h.slotsPerRow * h.rackWidthM * px) + "\" y2=\"" + fmt("%.1f", y)
                + "\" stroke=\"#1a73e8\" stroke-opacity=\"0.6\" stroke-width=\"2\"/>\n";
        }
        if (h.trayPoints.empty() && h.rows > 1)
            for (const int c : h.effectiveCrossSlots()) {
                const double x = margin + h.slotX(c) * px;
                out += "<line x1=\"" + fmt("%.1f", x) + "\" y1=\"" + fmt("%.1f", top + h.rackDepthM / 2 * px)
                    + "\" x2=\"" + fmt("%.1f", x) + "\" y2=\""
                    + fmt("%.1f", top + (h.rowY(h.rows - 1) + h.rackDepthM / 2) * px)
                    + "\" stroke=\"#1a73e8\" stroke-opacity=\"0.6\" stroke-width=\"2\" stroke-dasharray=\"4 2\"/>\n";
            }
        for (const TraySegment &s : h.traySegments) {
            const TrayPoint &a = h.trayPoints[size_t(s.a)], &b = h.trayPoints[size_t(s.b)];
            out += "<line x1=\"" + fmt("%.1f", margin + a.x * px) + "\" y1=\"" + fmt("%.1f", top + a.y * px) + "\" x2=\""
                + fmt("%.1f", margin + b.x * px) + "\" y2=\"" + fmt("%.1f", top + b.y * px)
                + "\" stroke=\"#1a73e8\" stroke-opacity=\"0.6\" stroke-width=\"2\"/>\n";
        }
    }
    out += "</svg>\n";
    return out;
}

} // namespace Railyard
