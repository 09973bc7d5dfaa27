#pragma once

// Comparing two fabrics: two designs, two versions of a project, or a design
// and what was discovered (docs/cli.md, "diff" and "verify-cabling").
//
//  * diffFabrics: added, removed and changed hosts, switches and links, the
//    capacity delta and the analysis of both side by side. Elements match by
//    id; links match by their two end ids (and ports where both sides give
//    them), so a link renamed by another tool still matches.
//  * verifyCabling: the as-built check, cable by cable at port level: cables
//    missing from the floor, extra cables, miswired ones (an end on another
//    port or device; two cables whose far ends are exchanged are reported as
//    a swapped pair) and links running at another rate than designed.

#include "core/analysis/report.h"
#include "core/model/fabric.h"

#include <optional>
#include <string>
#include <vector>

namespace Railyard {

struct ElementChange
{
    std::string id;
    std::vector<std::string> changes; ///< "gpus 8 → 4", "tier leaf → spine"
};

/// A link as the diff names it: its id on its side, and its two ends.
struct LinkRef
{
    std::string id;
    std::string a, b; ///< end ids
    int portA = -1, portB = -1;
    double gbps = 0;      ///< nominal capacity
    double effective = 0; ///< what it carries now (degraded, down)
};

struct FabricLinkChange
{
    LinkRef before, after;
    std::vector<std::string> changes; ///< "capacity 400 → 200 Gb/s", "state up → degraded"
};

struct FabricSummary
{
    std::int64_t gpus = 0, hosts = 0, switches = 0, links = 0;
    double linkGbps = 0; ///< Σ nominal link capacity
    double bisectionGbps = 0;
    bool bisectionExact = false;
    std::vector<std::pair<Tier, double>> oversubscription; ///< aggregate ratio per tier (NaN at the top)
};

struct FabricDiff
{
    std::string beforeName, afterName;
    std::vector<std::string> addedHosts, removedHosts, addedSwitches, removedSwitches;
    std::vector<ElementChange> changedHosts, changedSwitches;
    std::vector<LinkRef> addedLinks, removedLinks;
    std::vector<FabricLinkChange> changedLinks;
    std::optional<FabricSummary> before, after; ///< with the analysis

    bool empty() const;
};

/// O(N + L) for the element diff, plus one analysis of each side when
/// `analyze` (bisection is the costly part).
FabricDiff diffFabrics(const Fabric &before, const Fabric &after, bool analyze = true);

std::string diffToJson(const FabricDiff &diff, int indent = 2);
std::string diffToText(const FabricDiff &diff);

/// One finding of the as-built check.
struct CablingFinding
{
    enum class Kind { Missing, Extra, Miswired, Swapped, WrongSpeed, Unverifiable };
    Kind kind = Kind::Missing;
    std::string message;             ///< one sentence naming devices and ports (1-based, as on the floor)
    std::vector<LinkRef> design;     ///< the design's cables concerned
    std::vector<LinkRef> discovered; ///< what was found instead
};

struct CablingReport
{
    std::string designName, discoveredName;
    std::int64_t designCables = 0, discoveredCables = 0, matched = 0;
    std::vector<CablingFinding> findings;
    bool clean() const { return findings.empty(); }
};

const char *cablingFindingKindName(CablingFinding::Kind kind);

/// O(L log L).
CablingReport verifyCabling(const Fabric &design, const Fabric &discovered);

std::string cablingToJson(const CablingReport &report, int indent = 2);
std::string cablingToText(const CablingReport &report);

} // namespace Railyard

namespace Railyard {

/// A comparison as marks on one of its fabrics, for drawing it on the canvas:
/// per node and per link of that fabric, added (1), removed (2) or changed
/// (3, also "both"). What the other fabric has and this one lacks cannot be
/// drawn as itself: it marks its ends that remain (a removed spine marks the
/// leaves it was cabled to as "removed").
struct DiffMarks
{
    enum Mark : std::uint8_t { None = 0, Added = 1, Removed = 2, Changed = 3 };
    std::vector<std::uint8_t> nodes; ///< per NodeIndex
    std::vector<std::uint8_t> links; ///< per link index
    /// Elements behind each mark, as the comparison counts them (index = mark).
    int nodeCount[4] = {0, 0, 0, 0};
    int linkCount[4] = {0, 0, 0, 0};
};

/// The diff's marks on `after` (the fabric diffFabrics got second). O(N + L).
DiffMarks diffMarksOn(const FabricDiff &diff, const Fabric &after);
/// The as-built check's marks on the design: missing cables removed, extra
/// ones added (at their design ends), miswired, swapped and wrong-speed
/// cables changed. O(N + L).
DiffMarks cablingMarksOn(const CablingReport &report, const Fabric &design);

} // namespace Railyard
