#pragma once
// Every cable's run on the floor and the cheapest part that reaches it
// (docs/floor.md, "Cable runs and parts").
//
// A run between devices in two racks: the vertical run from the device's U
// up to the tray, the shortest tray path between the two racks' drops, the
// vertical run down, and the slack at each end. Within one rack: the
// vertical distance between the two devices plus the slack. The length is
// then rounded up to the part's stock lengths, and the part is the cheapest
// of the catalogue's cable parts whose reach covers the run at the link's
// rate (passive copper, active copper, active optical cable, multimode or
// single-mode optics; reach cited from the datasheets in the catalogue).

#include "core/floor/floorplan.h"
#include "core/model/fabric.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

enum class CableKind : std::uint8_t { PassiveCopper, ActiveCopper, ActiveOptical, Multimode, SingleMode };
const char *cableKindName(CableKind kind); ///< "passive_copper", …, "single_mode"

/// One orderable interconnect: a cable with its ends, or a fibre with its two
/// transceivers.
struct CablePart
{
    std::string slug; ///< its key in the catalogue: "dac-400g"
    std::string description;
    CableKind kind = CableKind::PassiveCopper;
    std::vector<double> gbps;     ///< the port rates it runs
    double reachM = 0;            ///< the datasheet's longest run at those rates
    std::vector<double> lengthsM; ///< stock lengths, ascending; empty: cut to the metre
    double price = 0;             ///< the cable (or fibre's connectors and pulling)
    double pricePerM = 0;         ///< per metre of stock length (fibre)
    int transceivers = 0;         ///< separate transceivers per cable (2 for optics, 0 for DAC/ACC/AOC)
    double transceiverPrice = 0;  ///< each
    double wattsPerEnd = 0;       ///< each end's transceiver or active electronics
    double nsPerM = 5.0;          ///< propagation delay (fibre ≈ 4.9–5.0 ns/m; twinax ≈ 4.3)
    std::map<std::string, std::string> sources; ///< figure → citation
    bool runs(double rateGbps) const;
};

/// The catalogue's cable parts (the "cable_parts" section of
/// resources/bom/catalog.json, or a user catalogue).
struct CablePartCatalog
{
    std::string currency = "USD";
    std::vector<CablePart> parts;

    /// The built-in catalogue's parts.
    static const CablePartCatalog &defaults();
    /// Reads the "cable_parts" of a catalogue file; throws FloorError naming
    /// `fileName` and the pointer. A catalogue without the section has no
    /// parts.
    static CablePartCatalog fromJson(std::string_view text, const std::string &fileName);
};

/// A part chosen for a run.
struct PartChoice
{
    const CablePart *part = nullptr;
    double stockM = 0; ///< the length ordered
    double price = 0;  ///< the cable, its metres and its transceivers
    double watts = 0;  ///< both ends
};

/// The cheapest part running `gbps` whose reach and stock lengths cover
/// `metres`; ties go to the earlier part. nullopt when none reaches.
std::optional<PartChoice> choosePart(const CablePartCatalog &catalog, double gbps, double metres);

/// One link's run.
struct CableRun
{
    std::int32_t link = -1;
    std::string aRack, bRack;
    double aUnit = 0, bUnit = 0;
    double verticalM = 0; ///< both ends' climbs to the tray (or the in-rack distance)
    double trayM = 0;     ///< along the trays
    double slackM = 0;
    double metres = 0;    ///< the run: vertical + tray + slack
    PartChoice choice;    ///< part == nullptr: nothing reaches
    double propagationNs = 0; ///< metres × the part's ns/m (5 ns/m when no part)
    std::string route;    ///< "rack-001 U1 ↑ 2.48 m · row 0 → slot 0 → row 1 6.60 m · ↓ 2.48 m rack-010 U40 · slack 2 m"
    std::string problem;  ///< why it has no length or no part; empty when it has both
};

struct CableRunSummary
{
    std::vector<CableRun> runs; ///< by link index
    std::map<std::string, std::int64_t> partCounts; ///< part slug → cables
    std::int64_t transceivers = 0;
    double price = 0, watts = 0;
    double longestM = 0;
    std::vector<std::string> problems; ///< one per link without a part or a length, and per rack missing from the floor
};

/// The runs of every link of `fabric` on `floor` with parts from `catalog`.
/// A device whose rack the floor does not place, or a run no part reaches,
/// is a problem (named in `problems` and the run's `problem`), never a
/// guess. Cost: O(links) with the grid's closed form; a user tray graph adds
/// one Dijkstra per rack that has cables.
/// `routes` false leaves CableRun::route empty (the bill of materials and the
/// collective model need lengths and parts only).
CableRunSummary cableRuns(const Fabric &fabric, const FloorPlan &floor, const CablePartCatalog &catalog,
                          bool routes = true);

/// What the design's floor finds wrong (none without a floor): a link no
/// catalogue part reaches (an error naming the link), a rack that devices
/// name but the floor does not place (an error naming its first device).
/// Shown by `validate` and the Problems dock.
/// The design's floor, or the automatic one when it has none (what its bill
/// of materials is priced on).
std::vector<Problem> floorProblems(const Fabric &fabric, const CablePartCatalog &catalog);

/// A point of a drawn cable route, in its hall's coordinates (metres).
struct FloorPoint
{
    int hall = 0;
    double x = 0, y = 0;
};

/// The route trayDistance measures, as the points a drawing follows: the
/// first rack's spot, the tray turns (along the row to the cross tray
/// used, across, along the other row; or the user tray graph's points), the
/// second rack's spot. Between halls the route runs to the first hall's
/// entry (row 0, slot 0) and continues from the second's. Empty when no
/// tray joins them.
std::vector<FloorPoint> trayPath(const FloorPlan &floor, const RackSpot &a, const RackSpot &b);

/// The tray distance between two racks' drops (metres) on `floor`; < 0 when
/// no tray joins them. For tests and the floor view.
double trayDistance(const FloorPlan &floor, const RackSpot &a, const RackSpot &b);

} // namespace Railyard
