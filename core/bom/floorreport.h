#pragma once
// What the floor says about a design (docs/floor.md, "Power" and "The
// report"): power per rack and per row against the hall's budget, the
// longest runs, the parts, and the problems. `railyard-cli floor` prints it;
// the GUI's floor view will draw it.

#include "core/bom/bom.h"
#include "core/floor/cableruns.h"
#include "core/floor/floorplan.h"

#include <string>
#include <vector>

namespace Railyard {

/// The power a host draws: its GPUs × the per-GPU share of the vendor's
/// published system maximum (DGX H100/H200 10.2 kW per 8 GPUs, DGX B200
/// 14.3 kW, DGX A100 6.5 kW, GB200 NVL72 120 kW per 72-GPU rack). 0 and
/// *source empty for a GPU model without a published figure.
double hostWatts(const Host &host, std::string *source = nullptr);

struct RackPower
{
    std::string rack;
    int hall = 0, row = 0, slot = 0;
    int hosts = 0, switches = 0;
    double hostWatts = 0, switchWatts = 0, cableWatts = 0;
    double kw() const { return (hostWatts + switchWatts + cableWatts) / 1000.0; }
    double budgetKw = 0; ///< the hall's per-rack budget; 0: none
    bool over() const { return budgetKw > 0 && kw() > budgetKw + 1e-9; }
};

struct RowPower
{
    int hall = 0, row = 0;
    int racks = 0;
    double kw = 0;
    double budgetKw = 0; ///< the hall's per-row budget; 0: none
    bool over() const { return budgetKw > 0 && kw > budgetKw + 1e-9; }
};

struct FloorReport
{
    std::string fabric;
    bool automatic = false; ///< the floor was placed by autoFloor
    int halls = 0, rows = 0, racks = 0;
    CableRunSummary cables;
    std::vector<RackPower> rackPower; ///< in floor order
    std::vector<RowPower> rowPower;   ///< by hall, then row
    double totalKw = 0;
    std::vector<std::string> sources;  ///< where the host figures come from
    std::vector<std::string> problems; ///< unreachable runs, racks missing, over-budget racks and rows
};

/// Runs, parts and power of `fabric` on `floor`. Switch power comes from
/// `catalog` by model (its "default" entry for a model it does not know),
/// cable power from the parts, at each end's rack.
FloorReport buildFloorReport(const Fabric &fabric, const FloorPlan &floor, const BomCatalog &catalog,
                             const CablePartCatalog &parts);

/// Stable JSON (docs/floor.md, "The report"); `longest` runs listed.
std::string floorReportToJson(const FloorReport &report, int longest = 10, int indent = 2);
/// The report for a terminal.
std::string floorReportToText(const FloorReport &report, int longest = 10);
/// A top-down drawing of the hall to scale (1 m = 40 px): racks coloured
/// by power against their budget, the row and cross trays, the rack names.
std::string floorToSvg(const FloorPlan &floor, const FloorReport &report);

} // namespace Railyard
