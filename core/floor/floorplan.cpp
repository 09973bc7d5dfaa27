#include "core/floor/floorplan.h"

#include "core/floor/floorjson_p.h"
#include "core/common/strictjsonreader.h"
#include "core/common/jsontext.h"
#include "core/common/messagetext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <queue>
#include <set>

namespace Railyard {

namespace {

using Json = nlohmann::ordered_json;

std::string num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

/// The floor's field reader: errors are FloorErrors naming the file and the
/// JSON pointer; names and ids are 1 to Limits::maxIdBytes bytes.
class Reader : public StrictJsonReader<Json>
{
public:
    explicit Reader(const std::string &file)
        : StrictJsonReader<Json>([file](const std::string &pointer, const std::string &message) {
            throw FloorError(file, pointer, message);
        })
    { }
    void object(const Json &v, const std::string &pointer, const std::set<std::string> &keys) const
    {
        known(v, pointer, keys);
    }
    std::string string(const Json &v, const std::string &pointer) const { return id(v, pointer, Limits::maxIdBytes); }
};

constexpr int kMaxRows = 4096, kMaxSlots = 4096;

std::string groupOf(const Location &l)
{
    if (!l.su.empty())
        return l.su;
    if (!l.pod.empty())
        return l.pod;
    if (!l.zone.empty())
        return l.zone;
    return "fabric";
}

/// The group a device is placed with: its location's, or for a leaf
/// without one the group of the first host it serves (its scalable unit).
std::string placementGroup(const Fabric &fabric, NodeIndex n)
{
    if (fabric.isHost(n))
        return groupOf(fabric.host(n).location);
    const Switch &sw = fabric.switchAt(fabric.switchIndexOf(n));
    if (sw.tier == Tier::Leaf && sw.location.su.empty())
        for (const std::int32_t l : fabric.incidentLinks(n)) {
            const NodeIndex other = fabric.link(l).a == n ? fabric.link(l).b : fabric.link(l).a;
            if (fabric.isHost(other))
                return groupOf(fabric.host(other).location);
        }
    return groupOf(sw.location);
}

std::string padded(int v, int width)
{
    std::string s = std::to_string(v);
    return s.size() < size_t(width) ? std::string(size_t(width) - s.size(), '0') + s : s;
}

} // namespace

const char *coolingName(Cooling c)
{
    return c == Cooling::Liquid ? "liquid" : "air";
}

std::vector<int> FloorHall::effectiveCrossSlots() const
{
    if (!crossSlots.empty())
        return crossSlots;
    if (slotsPerRow <= 1)
        return {0};
    return {0, slotsPerRow - 1};
}

const RackSpot *FloorPlan::find(std::string_view rack) const
{
    for (const RackSpot &r : racks)
        if (r.rack == rack)
            return &r;
    return nullptr;
}

void FloorPlan::validate(const std::string &fileName) const
{
    const Reader rd(fileName);
    if (halls.empty())
        rd.fail("/floor/halls", "a floor needs at least one hall");
    if (!(slackPerEndM >= 0) || !std::isfinite(slackPerEndM))
        rd.fail("/floor/slack_per_end_m", "must be a number ≥ 0");
    for (size_t h = 0; h < halls.size(); ++h) {
        const FloorHall &hall = halls[h];
        const std::string p = "/floor/halls/" + std::to_string(h);
        auto positive = [&](double v, const char *field) {
            if (!(v > 0) || !std::isfinite(v))
                rd.fail(p + "/" + field, "must be a number > 0, not " + num(v));
        };
        positive(hall.rackWidthM, "rack_width_m");
        positive(hall.rackDepthM, "rack_depth_m");
        positive(hall.rowPitchM, "row_pitch_m");
        positive(hall.unitM, "unit_m");
        if (!(hall.trayHeightM >= 0) || !std::isfinite(hall.trayHeightM))
            rd.fail(p + "/tray_height_m", "must be a number ≥ 0, not " + num(hall.trayHeightM));
        if (hall.rows < 1 || hall.rows > kMaxRows)
            rd.fail(p + "/rows", "must be between 1 and " + std::to_string(kMaxRows));
        if (hall.slotsPerRow < 1 || hall.slotsPerRow > kMaxSlots)
            rd.fail(p + "/slots_per_row", "must be between 1 and " + std::to_string(kMaxSlots));
        if (hall.rackUnits < 1 || hall.rackUnits > 60)
            rd.fail(p + "/rack_units", "must be between 1 and 60");
        if (hall.rowPitchM < hall.rackDepthM)
            rd.fail(p + "/row_pitch_m", num(hall.rowPitchM) + " m is less than the rack depth (" + num(hall.rackDepthM)
                        + " m): the rows would overlap");
        for (size_t c = 0; c < hall.crossSlots.size(); ++c)
            if (hall.crossSlots[c] < 0 || hall.crossSlots[c] >= hall.slotsPerRow)
                rd.fail(p + "/cross_trays/" + std::to_string(c), "slot " + std::to_string(hall.crossSlots[c])
                            + " is outside the row (0 to " + std::to_string(hall.slotsPerRow - 1) + ")");
        for (size_t s = 0; s < hall.traySegments.size(); ++s) {
            const TraySegment &seg = hall.traySegments[s];
            const int n = int(hall.trayPoints.size());
            if (seg.a < 0 || seg.a >= n || seg.b < 0 || seg.b >= n)
                rd.fail(p + "/trays/segments/" + std::to_string(s), "joins a point the tray graph does not have");
        }
        if (hall.rackBudgetKw < 0 || hall.rowBudgetKw < 0)
            rd.fail(p + (hall.rackBudgetKw < 0 ? "/rack_budget_kw" : "/row_budget_kw"), "must be a number ≥ 0");
    }
    std::map<std::string, size_t> byName;
    std::map<std::tuple<int, int, int>, size_t> bySlot;
    for (size_t i = 0; i < racks.size(); ++i) {
        const RackSpot &r = racks[i];
        const std::string p = "/floor/racks/" + std::to_string(i);
        if (r.hall < 0 || size_t(r.hall) >= halls.size())
            rd.fail(p + "/hall", "no such hall");
        const FloorHall &hall = halls[size_t(r.hall)];
        if (r.row < 0 || r.row >= hall.rows)
            rd.fail(p + "/row", "row " + std::to_string(r.row) + " is outside " + hall.id + " (rows 0 to "
                        + std::to_string(hall.rows - 1) + ")");
        if (r.slot < 0 || r.slot >= hall.slotsPerRow)
            rd.fail(p + "/slot", "slot " + std::to_string(r.slot) + " is outside the row (0 to "
                        + std::to_string(hall.slotsPerRow - 1) + ")");
        if (const auto [it, fresh] = byName.emplace(r.rack, i); !fresh)
            rd.fail(p + "/rack", elided(r.rack, 60) + " is placed twice (also /floor/racks/" + std::to_string(it->second)
                        + ")");
        if (const auto [it, fresh] = bySlot.emplace(std::tuple(r.hall, r.row, r.slot), i); !fresh)
            rd.fail(p, elided(r.rack, 60) + " is placed in " + hall.id + " row " + std::to_string(r.row) + " slot "
                           + std::to_string(r.slot) + ", where " + elided(racks[it->second].rack, 60)
                           + " already stands");
    }
    for (size_t i = 0; i < hallLinks.size(); ++i) {
        const HallLink &l = hallLinks[i];
        if (l.a < 0 || l.b < 0 || size_t(l.a) >= halls.size() || size_t(l.b) >= halls.size() || l.a == l.b)
            rd.fail("/floor/hall_links/" + std::to_string(i), "must join two different halls of the floor");
        if (!(l.metres >= 0) || !std::isfinite(l.metres))
            rd.fail("/floor/hall_links/" + std::to_string(i) + "/metres", "must be a number ≥ 0");
    }
    // Halls joined: every hall with racks reaches every other one.
    if (halls.size() > 1) {
        std::vector<char> seen(halls.size(), 0);
        std::vector<int> stack{0};
        seen[0] = 1;
        while (!stack.empty()) {
            const int h = stack.back();
            stack.pop_back();
            for (const HallLink &l : hallLinks)
                for (const auto &[x, y] : {std::pair(l.a, l.b), std::pair(l.b, l.a)})
                    if (x == h && !seen[size_t(y)]) {
                        seen[size_t(y)] = 1;
                        stack.push_back(y);
                    }
        }
        for (size_t h = 0; h < halls.size(); ++h)
            if (!seen[h])
                rd.fail("/floor/hall_links", halls[h].id + " is joined to no other hall: its racks are unreachable");
    }
    // A user tray graph must reach every rack of its hall (each drops to its
    // nearest point) and join them all.
    for (size_t h = 0; h < halls.size(); ++h) {
        const FloorHall &hall = halls[h];
        if (hall.trayPoints.empty())
            continue;
        const size_t n = hall.trayPoints.size();
        std::vector<std::vector<int>> adj(n);
        for (const TraySegment &s : hall.traySegments) {
            adj[size_t(s.a)].push_back(s.b);
            adj[size_t(s.b)].push_back(s.a);
        }
        std::vector<int> component(n, -1);
        int components = 0;
        for (size_t start = 0; start < n; ++start) {
            if (component[start] >= 0)
                continue;
            std::vector<int> stack{int(start)};
            component[start] = components;
            while (!stack.empty()) {
                const int x = stack.back();
                stack.pop_back();
                for (int y : adj[size_t(x)])
                    if (component[size_t(y)] < 0) {
                        component[size_t(y)] = components;
                        stack.push_back(y);
                    }
            }
            ++components;
        }
        int first = -1;
        std::string firstRack;
        for (const RackSpot &r : racks) {
            if (size_t(r.hall) != h)
                continue;
            size_t best = 0;
            double bestD = 1e300;
            for (size_t i = 0; i < n; ++i) {
                const double d = std::hypot(hall.trayPoints[i].x - hall.slotX(r.slot), hall.trayPoints[i].y - hall.rowY(r.row));
                if (d < bestD) {
                    bestD = d;
                    best = i;
                }
            }
            if (first < 0) {
                first = component[best];
                firstRack = r.rack;
            } else if (component[best] != first) {
                rd.fail("/floor/halls/" + std::to_string(h) + "/trays",
                        "the tray graph leaves " + elided(r.rack, 60) + " unreachable from " + elided(firstRack, 60)
                            + " (its nearest point, " + elided(hall.trayPoints[best].id, 40)
                            + ", is on a tray that does not join theirs)");
            }
        }
    }
}

int hostHeightU(const Host &host)
{
    if (host.gpuModel == "h100" || host.gpuModel == "h200" || host.gpuModel == "h800")
        return 8;
    if (host.gpuModel == "b200")
        return 10;
    if (host.gpuModel == "a100")
        return 6;
    if (host.gpuModel == "gb200")
        return 1;
    return 2;
}

std::vector<double> deviceUnits(const Fabric &fabric, const FloorPlan &floor, const std::vector<std::string> &nodeRack)
{
    std::map<std::string, const RackSpot *, std::less<>> spots;
    for (const RackSpot &r : floor.racks)
        spots.emplace(r.rack, &r);
    std::map<std::string, std::pair<int, int>> next; // rack → (next host U from the bottom, switches placed)
    std::vector<double> units(size_t(fabric.nodeCount()), 1.0);
    for (NodeIndex n = 0; n < fabric.nodeCount(); ++n) {
        const auto spot = spots.find(nodeRack[size_t(n)]);
        const int top = spot == spots.end() ? 42 : floor.halls[size_t(spot->second->hall)].rackUnits;
        auto &[hostU, switches] = next.try_emplace(nodeRack[size_t(n)], 1, 0).first->second;
        double u;
        if (fabric.isHost(n)) {
            u = std::min(hostU, top);
            hostU += hostHeightU(fabric.host(n));
        } else {
            u = std::max(1, top - switches++);
        }
        const auto given = floor.deviceUnits.find(fabric.nodeId(n));
        units[size_t(n)] = given == floor.deviceUnits.end() ? u : std::min<double>(given->second, top);
    }
    return units;
}

bool moveRack(FloorPlan &floor, std::string_view rack, int hall, int row, int slot, std::string *error)
{
    auto refuse = [&](std::string message) {
        if (error)
            *error = std::move(message);
        return false;
    };
    RackSpot *moved = nullptr;
    for (RackSpot &r : floor.racks)
        if (r.rack == rack)
            moved = &r;
    if (!moved)
        return refuse("rack " + elided(std::string(rack), 60) + " is not on the floor");
    if (hall < 0 || size_t(hall) >= floor.halls.size())
        return refuse("the floor has no hall " + std::to_string(hall));
    const FloorHall &h = floor.halls[size_t(hall)];
    if (row < 0 || row >= h.rows || slot < 0 || slot >= h.slotsPerRow)
        return refuse("row " + std::to_string(row) + " slot " + std::to_string(slot) + " is outside " + elided(h.id, 60) + " ("
                      + std::to_string(h.rows) + " rows of " + std::to_string(h.slotsPerRow) + " slots)");
    for (RackSpot &r : floor.racks)
        if (&r != moved && r.hall == hall && r.row == row && r.slot == slot) {
            r.hall = moved->hall;
            r.row = moved->row;
            r.slot = moved->slot;
        }
    moved->hall = hall;
    moved->row = row;
    moved->slot = slot;
    return true;
}

FloorPlan parseFloorJson(std::string_view text, const std::string &fileName)
{
    const Json j = FloorDetail::parseBounded<Json>(text, fileName);
    const Reader rd(fileName);
    rd.object(j, "/floor", {"halls", "racks", "hall_links", "slack_per_end_m", "devices", "automatic"});
    FloorPlan f;
    if (const Json *v = rd.find(j, "slack_per_end_m"))
        f.slackPerEndM = rd.number(*v, "/floor/slack_per_end_m", 0, false);
    if (const Json *v = rd.find(j, "automatic")) {
        if (!v->is_boolean())
            rd.fail("/floor/automatic", "expected true or false");
        f.automatic = v->get<bool>();
    }
    std::map<std::string, int> hallIndex;
    const Json *halls = rd.find(j, "halls");
    if (!halls)
        rd.fail("/floor/halls", "missing: a floor needs at least one hall");
    for (size_t h = 0; h < rd.array(*halls, "/floor/halls").size(); ++h) {
        const Json &v = (*halls)[h];
        const std::string p = "/floor/halls/" + std::to_string(h);
        rd.object(v, p,
                  {"id", "rows", "slots_per_row", "rack_width_m", "rack_depth_m", "row_pitch_m", "rack_units", "unit_m",
                   "tray_height_m", "cross_trays", "trays", "rack_budget_kw", "row_budget_kw", "cooling"});
        FloorHall hall;
        if (const Json *x = rd.find(v, "id"))
            hall.id = rd.string(*x, p + "/id");
        if (!hallIndex.emplace(hall.id, int(h)).second)
            rd.fail(p + "/id", "hall " + elided(hall.id, 60) + " is given twice");
        if (const Json *x = rd.find(v, "rows"))
            hall.rows = rd.integer(*x, p + "/rows", 1, kMaxRows);
        if (const Json *x = rd.find(v, "slots_per_row"))
            hall.slotsPerRow = rd.integer(*x, p + "/slots_per_row", 1, kMaxSlots);
        if (const Json *x = rd.find(v, "rack_width_m"))
            hall.rackWidthM = rd.number(*x, p + "/rack_width_m", 0, true);
        if (const Json *x = rd.find(v, "rack_depth_m"))
            hall.rackDepthM = rd.number(*x, p + "/rack_depth_m", 0, true);
        if (const Json *x = rd.find(v, "row_pitch_m"))
            hall.rowPitchM = rd.number(*x, p + "/row_pitch_m", 0, true);
        if (const Json *x = rd.find(v, "rack_units"))
            hall.rackUnits = rd.integer(*x, p + "/rack_units", 1, 60);
        if (const Json *x = rd.find(v, "unit_m"))
            hall.unitM = rd.number(*x, p + "/unit_m", 0, true);
        if (const Json *x = rd.find(v, "tray_height_m"))
            hall.trayHeightM = rd.number(*x, p + "/tray_height_m", 0, false);
        if (const Json *x = rd.find(v, "rack_budget_kw"))
            hall.rackBudgetKw = rd.number(*x, p + "/rack_budget_kw", 0, false);
        if (const Json *x = rd.find(v, "row_budget_kw"))
            hall.rowBudgetKw = rd.number(*x, p + "/row_budget_kw", 0, false);
        if (const Json *x = rd.find(v, "cooling")) {
            const std::string c = rd.string(*x, p + "/cooling");
            if (c != "air" && c != "liquid")
                rd.fail(p + "/cooling", "expected \"air\" or \"liquid\"");
            hall.cooling = c == "liquid" ? Cooling::Liquid : Cooling::Air;
        }
        if (const Json *x = rd.find(v, "cross_trays")) {
            const Json &a = rd.array(*x, p + "/cross_trays");
            // An empty list would read as "the default" and vanish on writing:
            // say what it means instead.
            if (a.empty())
                rd.fail(p + "/cross_trays", "empty: list the slots where cross trays join the rows, or leave the "
                                            "field out for cross trays at the two row ends");
            for (size_t c = 0; c < a.size(); ++c)
                hall.crossSlots.push_back(rd.integer(a[c], p + "/cross_trays/" + std::to_string(c), -1, kMaxSlots));
        }
        if (const Json *x = rd.find(v, "trays")) {
            rd.object(*x, p + "/trays", {"points", "segments"});
            std::map<std::string, int> pointIndex;
            if (const Json *pts = rd.find(*x, "points")) {
                const Json &a = rd.array(*pts, p + "/trays/points");
                for (size_t i = 0; i < a.size(); ++i) {
                    const std::string q = p + "/trays/points/" + std::to_string(i);
                    rd.object(a[i], q, {"id", "x_m", "y_m"});
                    TrayPoint pt;
                    const Json *id = rd.find(a[i], "id");
                    const Json *xm = rd.find(a[i], "x_m");
                    const Json *ym = rd.find(a[i], "y_m");
                    if (!id || !xm || !ym)
                        rd.fail(q, "a tray point needs id, x_m and y_m");
                    pt.id = rd.string(*id, q + "/id");
                    pt.x = rd.number(*xm, q + "/x_m", -1e6, false);
                    pt.y = rd.number(*ym, q + "/y_m", -1e6, false);
                    if (!pointIndex.emplace(pt.id, int(i)).second)
                        rd.fail(q + "/id", "tray point " + elided(pt.id, 40) + " is given twice");
                    hall.trayPoints.push_back(pt);
                }
            }
            if (const Json *segs = rd.find(*x, "segments")) {
                const Json &a = rd.array(*segs, p + "/trays/segments");
                for (size_t i = 0; i < a.size(); ++i) {
                    const std::string q = p + "/trays/segments/" + std::to_string(i);
                    rd.object(a[i], q, {"a", "b", "metres"});
                    TraySegment seg;
                    for (const auto &[key, target] : {std::pair("a", &seg.a), std::pair("b", &seg.b)}) {
                        const Json *end = rd.find(a[i], key);
                        if (!end)
                            rd.fail(q, std::string("missing the point \"") + key + "\"");
                        const std::string id = rd.string(*end, q + "/" + key);
                        const auto it = pointIndex.find(id);
                        if (it == pointIndex.end())
                            rd.fail(q + "/" + key, "no tray point " + elided(id, 40));
                        *target = it->second;
                    }
                    if (const Json *m = rd.find(a[i], "metres"))
                        seg.metres = rd.number(*m, q + "/metres", 0, false);
                    hall.traySegments.push_back(seg);
                }
            }
        }
        f.halls.push_back(std::move(hall));
    }
    if (const Json *racks = rd.find(j, "racks")) {
        const Json &a = rd.array(*racks, "/floor/racks");
        for (size_t i = 0; i < a.size(); ++i) {
            const std::string p = "/floor/racks/" + std::to_string(i);
            rd.object(a[i], p, {"rack", "hall", "row", "slot"});
            RackSpot r;
            const Json *name = rd.find(a[i], "rack");
            const Json *row = rd.find(a[i], "row");
            const Json *slot = rd.find(a[i], "slot");
            if (!name || !row || !slot)
                rd.fail(p, "a rack needs rack, row and slot");
            r.rack = rd.string(*name, p + "/rack");
            r.row = rd.integer(*row, p + "/row", -kMaxRows, kMaxRows);
            r.slot = rd.integer(*slot, p + "/slot", -kMaxSlots, kMaxSlots);
            if (const Json *hall = rd.find(a[i], "hall")) {
                const std::string id = rd.string(*hall, p + "/hall");
                const auto it = hallIndex.find(id);
                if (it == hallIndex.end())
                    rd.fail(p + "/hall", "no hall " + elided(id, 60) + " on this floor");
                r.hall = it->second;
            }
            f.racks.push_back(std::move(r));
        }
    }
    if (const Json *links = rd.find(j, "hall_links")) {
        const Json &a = rd.array(*links, "/floor/hall_links");
        for (size_t i = 0; i < a.size(); ++i) {
            const std::string p = "/floor/hall_links/" + std::to_string(i);
            rd.object(a[i], p, {"a", "b", "metres"});
            HallLink l;
            for (const auto &[key, target] : {std::pair("a", &l.a), std::pair("b", &l.b)}) {
                const Json *end = rd.find(a[i], key);
                if (!end)
                    rd.fail(p, std::string("missing the hall \"") + key + "\"");
                const std::string id = rd.string(*end, p + "/" + key);
                const auto it = hallIndex.find(id);
                if (it == hallIndex.end())
                    rd.fail(p + "/" + key, "no hall " + elided(id, 60) + " on this floor");
                *target = it->second;
            }
            const Json *m = rd.find(a[i], "metres");
            if (!m)
                rd.fail(p, "missing metres");
            l.metres = rd.number(*m, p + "/metres", 0, false);
            f.hallLinks.push_back(l);
        }
    }
    if (const Json *devices = rd.find(j, "devices")) {
        const Json &a = rd.array(*devices, "/floor/devices");
        for (size_t i = 0; i < a.size(); ++i) {
            const std::string p = "/floor/devices/" + std::to_string(i);
            rd.object(a[i], p, {"id", "u"});
            const Json *id = rd.find(a[i], "id");
            const Json *u = rd.find(a[i], "u");
            if (!id || !u)
                rd.fail(p, "a device position needs id and u");
            f.deviceUnits[rd.string(*id, p + "/id")] = rd.number(*u, p + "/u", 1, false);
        }
    }
    f.validate(fileName);
    return f;
}

std::string floorToJson(const FloorPlan &floor, int indent)
{
    Json j;
    j["slack_per_end_m"] = jsonNumber<Json>(floor.slackPerEndM);
    if (floor.automatic)
        j["automatic"] = true;
    Json halls = Json::array();
    for (const FloorHall &h : floor.halls) {
        Json o{{"id", h.id},
               {"rows", h.rows},
               {"slots_per_row", h.slotsPerRow},
               {"rack_width_m", jsonNumber<Json>(h.rackWidthM)},
               {"rack_depth_m", jsonNumber<Json>(h.rackDepthM)},
               {"row_pitch_m", jsonNumber<Json>(h.rowPitchM)},
               {"rack_units", h.rackUnits},
               {"unit_m", jsonNumber<Json>(h.unitM)},
               {"tray_height_m", jsonNumber<Json>(h.trayHeightM)},
               {"cooling", coolingName(h.cooling)}};
        if (!h.crossSlots.empty())
            o["cross_trays"] = h.crossSlots;
        if (h.rackBudgetKw > 0)
            o["rack_budget_kw"] = jsonNumber<Json>(h.rackBudgetKw);
        if (h.rowBudgetKw > 0)
            o["row_budget_kw"] = jsonNumber<Json>(h.rowBudgetKw);
        if (!h.trayPoints.empty()) {
            Json points = Json::array(), segments = Json::array();
            for (const TrayPoint &p : h.trayPoints)
                points.push_back(Json{{"id", p.id}, {"x_m", jsonNumber<Json>(p.x)}, {"y_m", jsonNumber<Json>(p.y)}});
            for (const TraySegment &s : h.traySegments) {
                Json seg{{"a", h.trayPoints[size_t(s.a)].id}, {"b", h.trayPoints[size_t(s.b)].id}};
                if (s.metres >= 0)
                    seg["metres"] = jsonNumber<Json>(s.metres);
                segments.push_back(std::move(seg));
            }
            o["trays"] = Json{{"points", points}, {"segments", segments}};
        }
        halls.push_back(std::move(o));
    }
    j["halls"] = std::move(halls);
    Json racks = Json::array();
    for (const RackSpot &r : floor.racks)
        racks.push_back(Json{{"rack", r.rack}, {"hall", floor.halls[size_t(r.hall)].id}, {"row", r.row}, {"slot", r.slot}});
    j["racks"] = std::move(racks);
    if (!floor.hallLinks.empty()) {
        Json links = Json::array();
        for (const HallLink &l : floor.hallLinks)
            links.push_back(Json{{"a", floor.halls[size_t(l.a)].id},
                                 {"b", floor.halls[size_t(l.b)].id},
                                 {"metres", jsonNumber<Json>(l.metres)}});
        j["hall_links"] = std::move(links);
    }
    if (!floor.deviceUnits.empty()) {
        Json devices = Json::array();
        for (const auto &[id, u] : floor.deviceUnits)
            devices.push_back(Json{{"id", id}, {"u", jsonNumber<Json>(u)}});
        j["devices"] = std::move(devices);
    }
    return j.dump(indent);
}

std::vector<std::string> nodeRacks(const Fabric &fabric)
{
    std::vector<std::string> out(size_t(fabric.nodeCount()));
    // Devices without a rack: hosts as many to a rack of their group as
    // 32 U holds (4 DGX H100, 18 GB200 trays at most), switches 16 to a
    // network rack of their group (the pod for spines) and tier.
    std::map<std::string, int> counts;
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        const Location &l = fabric.host(h).location;
        if (!l.rack.empty()) {
            out[size_t(fabric.hostNode(h))] = l.rack;
            continue;
        }
        const std::string group = "auto-" + groupOf(l) + "-hosts";
        const int n = counts[group]++;
        const int perRack = std::clamp(32 / hostHeightU(fabric.host(h)), 1, 18);
        out[size_t(fabric.hostNode(h))] = group + "-" + padded(n / perRack + 1, 2);
    }
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s) {
        const Switch &sw = fabric.switchAt(s);
        if (!sw.location.rack.empty()) {
            out[size_t(fabric.switchNode(s))] = sw.location.rack;
            continue;
        }
        const std::string group = "auto-" + placementGroup(fabric, fabric.switchNode(s)) + "-" + tierName(sw.tier);
        const int n = counts[group]++;
        out[size_t(fabric.switchNode(s))] = group + "-" + padded(n / 16 + 1, 2);
    }
    return out;
}

FloorPlan autoFloor(const Fabric &fabric)
{
    const std::vector<std::string> racks = nodeRacks(fabric);
    // Halls: one per zone when the design has several (a zone is a building
    // block: its rows, and its spines in the middle), the racks of the tiers
    // above the zones in a hall of their own in the middle of the building.
    std::set<std::string> zones;
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h)
        zones.insert(fabric.host(h).location.zone);
    const bool hallPerZone = zones.size() > 1;
    std::map<std::string, std::string> zoneOfPod; // a spine knows its pod; the pod's hosts know their zone
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        const Location &l = fabric.host(h).location;
        if (!l.pod.empty())
            zoneOfPod.emplace(l.pod, l.zone);
    }
    const std::string kBuilding = "\x01building"; // the key of the racks above the zones
    auto hallKeyOfSwitch = [&](const Location &l) -> std::string {
        if (!hallPerZone)
            return std::string();
        if (!l.zone.empty())
            return l.zone;
        if (const auto it = zoneOfPod.find(l.pod); !l.pod.empty() && it != zoneOfPod.end())
            return it->second;
        return kBuilding;
    };

    struct Group
    {
        std::vector<std::string> racks; ///< host racks, then leaf racks
    };
    struct HallRacks
    {
        std::vector<std::string> groupOrder;
        std::map<std::string, Group> groups;
        std::vector<std::string> upper; ///< spine and core racks
    };
    std::vector<std::string> hallOrder;
    std::map<std::string, HallRacks> halls;
    auto hallOf = [&](const std::string &key) -> HallRacks & {
        if (!halls.count(key))
            hallOrder.push_back(key);
        return halls[key];
    };
    std::vector<std::pair<std::string, std::string>> leafRacks; // (hall key, group) → rack, after the hosts
    std::set<std::string> seen;
    for (NodeIndex n = 0; n < fabric.nodeCount(); ++n) {
        const std::string &rack = racks[size_t(n)];
        if (seen.count(rack))
            continue;
        if (fabric.isHost(n)) {
            seen.insert(rack);
            const Location &l = fabric.host(n).location;
            HallRacks &hall = hallOf(hallPerZone ? l.zone : std::string());
            const std::string group = groupOf(l);
            if (!hall.groups.count(group))
                hall.groupOrder.push_back(group);
            hall.groups[group].racks.push_back(rack);
            continue;
        }
        const Switch &sw = fabric.switchAt(fabric.switchIndexOf(n));
        if (sw.tier != Tier::Leaf)
            continue; // after every leaf, in node order
        seen.insert(rack);
        const std::string group = placementGroup(fabric, n);
        // A leaf stands with the hosts of its group, in that group's hall.
        std::string key = hallPerZone ? hallKeyOfSwitch(sw.location) : std::string();
        for (const std::string &k : hallOrder)
            if (halls[k].groups.count(group)) {
                key = k;
                break;
            }
        HallRacks &hall = hallOf(key);
        if (!hall.groups.count(group))
            hall.groupOrder.push_back(group);
        hall.groups[group].racks.push_back(rack);
    }
    for (NodeIndex n = 0; n < fabric.nodeCount(); ++n) {
        const std::string &rack = racks[size_t(n)];
        if (seen.count(rack) || fabric.isHost(n))
            continue;
        seen.insert(rack);
        hallOf(hallKeyOfSwitch(fabric.switchAt(fabric.switchIndexOf(n)).location)).upper.push_back(rack);
    }

    // Rows of at most kRowSlots racks: a group starts a new row unless it
    // fits in what is left of the current one, and one longer than a row
    // wraps over several. A hall holds at most kHallRows rows; a zone that
    // needs more continues in the next hall.
    constexpr size_t kRowSlots = 24;
    constexpr size_t kHallRows = 32;
    constexpr size_t kSmallUnit = 4;
    FloorPlan f;
    f.automatic = true;
    struct LaidHall
    {
        std::vector<std::vector<std::string>> rows;
        bool building = false;
    };
    std::vector<LaidHall> laid;
    for (const std::string &key : hallOrder) {
        const HallRacks &hr = halls[key];
        std::vector<std::vector<std::string>> rows;
        bool lastLarge = false; // the last unit had a row of its own: the next starts one
        for (const std::string &g : hr.groupOrder) {
            const std::vector<std::string> &members = hr.groups.at(g).racks;
            // A unit of more than kSmallUnit racks (a scalable unit) has a row
            // of its own; small ones (a rack or two each) share rows.
            const bool large = members.size() > kSmallUnit;
            if (rows.empty() || large || lastLarge || rows.back().size() + members.size() > kRowSlots)
                rows.emplace_back();
            lastLarge = large;
            for (const std::string &rack : members) {
                if (rows.back().size() == kRowSlots)
                    rows.emplace_back();
                rows.back().push_back(rack);
            }
        }
        size_t width = 1;
        for (const auto &row : rows)
            width = std::max(width, row.size());
        width = std::max(width, std::min(kRowSlots, hr.upper.size()));
        // The upper racks fill rows of the same width in the middle of the hall.
        std::vector<std::vector<std::string>> upperRows;
        for (size_t i = 0; i < hr.upper.size(); i += width)
            upperRows.emplace_back(hr.upper.begin() + std::ptrdiff_t(i),
                                   hr.upper.begin() + std::ptrdiff_t(std::min(hr.upper.size(), i + width)));
        const size_t middle = rows.size() / 2;
        rows.insert(rows.begin() + std::ptrdiff_t(middle), upperRows.begin(), upperRows.end());
        for (size_t first = 0; first < rows.size(); first += kHallRows) {
            LaidHall h;
            h.building = key == kBuilding;
            h.rows.assign(rows.begin() + std::ptrdiff_t(first),
                          rows.begin() + std::ptrdiff_t(std::min(rows.size(), first + kHallRows)));
            laid.push_back(std::move(h));
        }
    }
    // The hall of the racks above the zones stands in the middle of the building.
    if (const auto b = std::find_if(laid.begin(), laid.end(), [](const LaidHall &h) { return h.building; });
        b != laid.end()) {
        LaidHall building = std::move(*b);
        laid.erase(b);
        laid.insert(laid.begin() + std::ptrdiff_t(laid.size() / 2), std::move(building));
    }
    for (size_t h = 0; h < laid.size(); ++h) {
        FloorHall hall;
        hall.id = laid.size() == 1 ? std::string("hall-1") : "hall-" + std::to_string(h + 1);
        hall.rows = std::max<int>(1, int(laid[h].rows.size()));
        size_t width = 1;
        for (const auto &row : laid[h].rows)
            width = std::max(width, row.size());
        hall.slotsPerRow = int(width);
        f.halls.push_back(hall);
        for (size_t r = 0; r < laid[h].rows.size(); ++r)
            for (size_t slot = 0; slot < laid[h].rows[r].size(); ++slot)
                f.racks.push_back(RackSpot{laid[h].rows[r][slot], int(h), int(r), int(slot)});
    }
    // Halls side by side along the building: neighbours' entries (row 0,
    // slot 0) are a hall's width and a 10 m corridor apart.
    for (size_t h = 0; h + 1 < f.halls.size(); ++h) {
        const FloorHall &a = f.halls[h];
        f.hallLinks.push_back(HallLink{int(h), int(h + 1), a.slotsPerRow * a.rackWidthM + kHallCorridorM});
    }
    return f;
}

} // namespace Railyard
