#pragma once
// The design on the data-hall floor (docs/floor.md): halls of rack rows,
// each rack at a (row, slot), the cable trays over them, and each device's U
// position in its rack. A cable's run is the shortest route over the trays
// between its two devices (cableruns.h); the floor is what makes a cable
// length, and so its part, cost and power, a fact instead of a class.
//
// Geometry of a hall (metres, seen from above): slot s of row r has its
// centre at x = (s + ½) × rack width, y = r × row pitch (the pitch is centre
// line to centre line of neighbouring rows: rack depth plus aisle). Every
// row has an overhead tray along it, at the rack tops plus the tray height;
// cross trays at the given slots join all the rows. Or the user gives the
// tray graph: points and segments, and each rack drops to the nearest point.

#include "core/model/fabric.h"

#include <cstdint>
#include <utility>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

/// A floor that cannot be: the message names the file and the JSON pointer
/// ("f.fabric.json: /floor/racks/3: rack-004 is placed in row 0 slot 2, where rack-002 already stands").
class FloorError : public std::runtime_error
{
public:
    FloorError(const std::string &file, std::string pointer, std::string message)
        : std::runtime_error(file + ": " + (pointer.empty() ? std::string("/") : pointer) + ": " + message)
        , m_pointer(std::move(pointer))
        , m_message(std::move(message))
    { }
    /// Errors not about one field ("f.json: not JSON: …").
    explicit FloorError(const std::string &whole)
        : std::runtime_error(whole)
    { }
    const std::string &pointer() const { return m_pointer; } ///< "/floor/racks/3", or empty
    const std::string &message() const { return m_message; } ///< the message without file and pointer

private:
    std::string m_pointer, m_message;
};

enum class Cooling : std::uint8_t { Air, Liquid };
const char *coolingName(Cooling c);

/// One point of a user-given tray graph, in its hall's coordinates.
struct TrayPoint
{
    std::string id;
    double x = 0, y = 0;
};

/// A tray segment between two points (indices); its length is the distance
/// between them unless given (a tray that climbs or detours).
struct TraySegment
{
    int a = 0, b = 0;
    double metres = -1; ///< < 0: the straight distance
};

struct FloorHall
{
    std::string id = "hall-1";
    int rows = 1;
    int slotsPerRow = 1;
    double rackWidthM = 0.6;
    double rackDepthM = 1.2;
    double rowPitchM = 3.0;   ///< centre line to centre line of neighbouring rows
    int rackUnits = 42;       ///< U per rack
    double unitM = 0.04445;   ///< one rack unit (EIA-310: 1.75 in)
    double trayHeightM = 0.5; ///< the overhead trays above the rack tops
    /// Slots where a cross tray joins every row; empty: the two row ends.
    std::vector<int> crossSlots;
    /// The user's tray graph; empty: the row and cross trays above.
    std::vector<TrayPoint> trayPoints;
    std::vector<TraySegment> traySegments;
    double rackBudgetKw = 0; ///< 0: no budget
    double rowBudgetKw = 0;
    Cooling cooling = Cooling::Air;

    double rackHeightM() const { return rackUnits * unitM; }
    double slotX(int slot) const { return (slot + 0.5) * rackWidthM; }
    double rowY(int row) const { return row * rowPitchM; }
    /// The cross slots in force (the row ends when none are given).
    std::vector<int> effectiveCrossSlots() const;
};

/// Where one rack stands.
struct RackSpot
{
    std::string rack; ///< the label devices carry (Location::rack)
    int hall = 0;     ///< index into FloorPlan::halls
    int row = 0;
    int slot = 0;
};

/// Halls joined by a run of `metres` between their entries (row 0, slot 0).
struct HallLink
{
    int a = 0, b = 0;
    double metres = 0;
};

struct FloorPlan
{
    std::vector<FloorHall> halls;
    std::vector<RackSpot> racks;
    std::vector<HallLink> hallLinks;
    double slackPerEndM = 1.0; ///< service loop at each cable end
    /// A device's U position (1 = the bottom unit); a device not listed
    /// stands at the default of its rack (defaultUnit).
    std::map<std::string, double> deviceUnits;
    /// The floor was placed by autoFloor (the fabric has none of its own).
    bool automatic = false;

    /// The spot of `rack`, or nullptr (a linear search: index the racks
    /// for many look-ups, as cableRuns does).
    const RackSpot *find(std::string_view rack) const;
    /// Checks the floor against itself: positive sizes, rows and slots in
    /// range, no rack placed twice or two racks in one slot, tray graphs that
    /// reach every rack, known halls. Throws FloorError naming `fileName` and
    /// the pointer.
    void validate(const std::string &fileName = "floor") const;
};

/// The height of a host system in U, from the vendors' documents: a DGX
/// H100/H200 is 8 U, a DGX B200 10 U, a DGX A100 6 U, a GB200 compute tray
/// 1 U (DGX GB200: "18x 1RU compute trays"); another host 2 U.
int hostHeightU(const Host &host);

/// Where devices without a listed position stand: hosts stack up from U 1
/// in the order they appear in their rack, each as tall as hostHeightU;
/// switches stack down from the top unit, 1 U each (a QM9700 or a 64-port
/// Ethernet switch is 1–2 U). A stack that runs past the rack is clamped to
/// its last unit. Returns each node's U, indexed by node; `floor`'s
/// deviceUnits win.
std::vector<double> deviceUnits(const Fabric &fabric, const FloorPlan &floor,
                                const std::vector<std::string> &nodeRack);

/// Moves `rack` to (hall, row, slot) of `floor`. A rack already standing
/// there takes the moved rack's old spot (the two swap), so the floor stays
/// one rack to a slot. False, with *error naming the rack or the spot, for
/// a rack the floor does not place or a spot outside its hall; the floor is
/// then unchanged. Moving a rack to where it stands is a success that
/// changes nothing.
bool moveRack(FloorPlan &floor, std::string_view rack, int hall, int row, int slot, std::string *error = nullptr);

/// Reads the "floor" object of a fabric file. Throws FloorError naming
/// `fileName` and the JSON pointer of the bad field.
FloorPlan parseFloorJson(std::string_view text, const std::string &fileName);
/// The floor as the JSON object a fabric file carries under "floor".
std::string floorToJson(const FloorPlan &floor, int indent = 2);

/// The corridor between neighbouring halls of an automatic floor, metres.
inline constexpr double kHallCorridorM = 10.0;

/// A floor for a fabric that has none (docs/floor.md, "Placed
/// automatically"): a hall per zone when the design has several (one hall
/// otherwise), the racks of the tiers above the zones in a hall of their
/// own in the middle of the building, halls side by side joined by their
/// width and a 10 m corridor. In a hall: the scalable units (or pods, or
/// zones) in order, each its host racks then its network racks, in rows of
/// at most 24 racks: a unit of more than 4 racks has a row of its own (a
/// longer one wraps over several), smaller ones share rows; at most 32 rows
/// to a hall; the spine and core racks
/// in rows of their own in the middle of the hall, where the longest run to
/// them is shortest. Devices without a rack label get one: hosts as many to
/// a rack as 32 U holds (hostHeightU; at most 18), and switches 16 to a
/// network rack of their group and tier.
FloorPlan autoFloor(const Fabric &fabric);

/// The rack of every node, indexed by node: Location::rack, or for a device
/// without one the label autoFloor gives it ("auto-su-001-hosts-01",
/// "auto-pod-01-spine-02").
std::vector<std::string> nodeRacks(const Fabric &fabric);

} // namespace Railyard
