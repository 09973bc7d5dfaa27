#include "core/floor/cableruns.h"

#include "core/floor/floorcatalogtext.h"
#include "core/floor/floorjson_p.h"
#include "core/common/messagetext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <queue>
#include <unordered_map>
#include <unordered_set>

namespace Railyard {

namespace {

using Json = nlohmann::json;
constexpr double inf = std::numeric_limits<double>::infinity();

std::string metresText(double m)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f m", m);
    return buf;
}

[[noreturn]] void fail(const std::string &file, const std::string &pointer, const std::string &message)
{
    throw FloorError(file, pointer, message);
}

double number(const Json &v, const std::string &file, const std::string &pointer, double minimum)
{
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < minimum)
        fail(file, pointer, "expected a number ≥ " + std::to_string(int(minimum)));
    return v.get<double>();
}

/// The tray geometry of a floor, ready for many look-ups: hall-to-hall
/// distances, and for user tray graphs the nearest point of each rack and
/// shortest paths from the points in use (computed once per point).
class TrayNetwork
{
public:
    explicit TrayNetwork(const FloorPlan &floor)
        : m_floor(floor)
    {
        const size_t H = floor.halls.size();
        m_hallDist.assign(H * H, inf);
        for (size_t h = 0; h < H; ++h)
            m_hallDist[h * H + h] = 0;
        for (const HallLink &l : floor.hallLinks) {
            double &ab = m_hallDist[size_t(l.a) * H + size_t(l.b)];
            ab = std::min(ab, l.metres);
            m_hallDist[size_t(l.b) * H + size_t(l.a)] = ab;
        }
        for (size_t k = 0; k < H; ++k)
            for (size_t i = 0; i < H; ++i)
                for (size_t j = 0; j < H; ++j)
                    m_hallDist[i * H + j] = std::min(m_hallDist[i * H + j], m_hallDist[i * H + k] + m_hallDist[k * H + j]);
        m_graphs.resize(H);
        m_cross.resize(H);
        for (size_t h = 0; h < H; ++h)
            for (const int c : floor.halls[h].effectiveCrossSlots())
                m_cross[h].push_back(floor.halls[h].slotX(c)); // once, not per run
        for (size_t h = 0; h < H; ++h) {
            const FloorHall &hall = floor.halls[h];
            if (hall.trayPoints.empty())
                continue;
            Graph &g = m_graphs[h];
            g.adj.resize(hall.trayPoints.size());
            for (const TraySegment &s : hall.traySegments) {
                const TrayPoint &a = hall.trayPoints[size_t(s.a)], &b = hall.trayPoints[size_t(s.b)];
                const double m = s.metres >= 0 ? s.metres : std::hypot(a.x - b.x, a.y - b.y);
                g.adj[size_t(s.a)].emplace_back(s.b, m);
                g.adj[size_t(s.b)].emplace_back(s.a, m);
            }
        }
    }

    /// Tray metres between two racks' drops; < 0 when no tray joins them.
    double distance(const RackSpot &a, const RackSpot &b)
    {
        if (a.hall == b.hall)
            return within(a.hall, a, b);
        const size_t H = m_floor.halls.size();
        const double between = m_hallDist[size_t(a.hall) * H + size_t(b.hall)];
        if (!std::isfinite(between))
            return -1;
        const RackSpot entryA{std::string(), a.hall, 0, 0}, entryB{std::string(), b.hall, 0, 0};
        const double da = within(a.hall, a, entryA), db = within(b.hall, entryB, b);
        if (da < 0 || db < 0)
            return -1;
        return da + between + db;
    }

    /// The points of that route (trayPath).
    std::vector<FloorPoint> path(const RackSpot &a, const RackSpot &b)
    {
        std::vector<FloorPoint> out;
        if (a.hall == b.hall) {
            if (!withinPath(a.hall, a, b, out))
                out.clear();
            return out;
        }
        const size_t H = m_floor.halls.size();
        if (!std::isfinite(m_hallDist[size_t(a.hall) * H + size_t(b.hall)]))
            return out;
        const RackSpot entryA{std::string(), a.hall, 0, 0}, entryB{std::string(), b.hall, 0, 0};
        if (!withinPath(a.hall, a, entryA, out) || !withinPath(b.hall, entryB, b, out))
            out.clear();
        return out;
    }

private:
    struct Graph
    {
        std::vector<std::vector<std::pair<int, double>>> adj;
        std::unordered_map<int, std::vector<double>> from; ///< Dijkstra from a point
    };

    double within(int h, const RackSpot &a, const RackSpot &b)
    {
        const FloorHall &hall = m_floor.halls[size_t(h)];
        if (hall.trayPoints.empty()) {
            const double xa = hall.slotX(a.slot), xb = hall.slotX(b.slot);
            if (a.row == b.row)
                return std::abs(xa - xb);
            double across = inf;
            for (const double xc : m_cross[size_t(h)])
                across = std::min(across, std::abs(xa - xc) + std::abs(xc - xb));
            return std::abs(a.row - b.row) * hall.rowPitchM + across;
        }
        Graph &g = m_graphs[size_t(h)];
        const auto [pa, da] = nearest(hall, a);
        const auto [pb, db] = nearest(hall, b);
        auto it = g.from.find(pa);
        if (it == g.from.end())
            it = g.from.emplace(pa, dijkstra(g, pa)).first;
        const double d = it->second[size_t(pb)];
        return std::isfinite(d) ? da + d + db : -1;
    }

    bool withinPath(int h, const RackSpot &a, const RackSpot &b, std::vector<FloorPoint> &out)
    {
        const FloorHall &hall = m_floor.halls[size_t(h)];
        const double xa = hall.slotX(a.slot), ya = hall.rowY(a.row), xb = hall.slotX(b.slot), yb = hall.rowY(b.row);
        out.push_back({h, xa, ya});
        if (hall.trayPoints.empty()) {
            if (a.row != b.row) {
                double best = inf, xc = xa;
                for (const double x : m_cross[size_t(h)]) {
                    const double d = std::abs(xa - x) + std::abs(x - xb);
                    if (d < best) {
                        best = d;
                        xc = x;
                    }
                }
                out.push_back({h, xc, ya});
                out.push_back({h, xc, yb});
            }
            out.push_back({h, xb, yb});
            return true;
        }
        const Graph &g = m_graphs[size_t(h)];
        const int pa = nearest(hall, a).first, pb = nearest(hall, b).first;
        std::vector<int> previous;
        const std::vector<double> dist = dijkstra(g, pa, &previous);
        if (!std::isfinite(dist[size_t(pb)]))
            return false;
        std::vector<int> points;
        for (int p = pb; p != -1; p = previous[size_t(p)])
            points.push_back(p);
        for (auto it = points.rbegin(); it != points.rend(); ++it)
            out.push_back({h, hall.trayPoints[size_t(*it)].x, hall.trayPoints[size_t(*it)].y});
        out.push_back({h, xb, yb});
        return true;
    }

    static std::pair<int, double> nearest(const FloorHall &hall, const RackSpot &r)
    {
        int best = 0;
        double bestD = inf;
        for (size_t i = 0; i < hall.trayPoints.size(); ++i) {
            const double d = std::hypot(hall.trayPoints[i].x - hall.slotX(r.slot), hall.trayPoints[i].y - hall.rowY(r.row));
            if (d < bestD) {
                bestD = d;
                best = int(i);
            }
        }
        return {best, bestD};
    }

    /// Tray metres from `source` to every point; with `previous`, each
    /// point's predecessor on its shortest path (-1 for the source and the
    /// unreached).
    static std::vector<double> dijkstra(const Graph &g, int source, std::vector<int> *previous = nullptr)
    {
        std::vector<double> dist(g.adj.size(), inf);
        if (previous)
            previous->assign(g.adj.size(), -1);
        using Entry = std::pair<double, int>;
        std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
        dist[size_t(source)] = 0;
        queue.emplace(0.0, source);
        while (!queue.empty()) {
            const auto [d, x] = queue.top();
            queue.pop();
            if (d > dist[size_t(x)])
                continue;
            for (const auto &[y, m] : g.adj[size_t(x)])
                if (d + m < dist[size_t(y)]) {
                    dist[size_t(y)] = d + m;
                    if (previous)
                        (*previous)[size_t(y)] = x;
                    queue.emplace(d + m, y);
                }
        }
        return dist;
    }

    const FloorPlan &m_floor;
    std::vector<double> m_hallDist;
    std::vector<std::vector<double>> m_cross; ///< each hall's cross trays (x, metres)
    std::vector<Graph> m_graphs;
};

} // namespace

const char *cableKindName(CableKind kind)
{
    switch (kind) {
    case CableKind::PassiveCopper: return "passive_copper";
    case CableKind::ActiveCopper: return "active_copper";
    case CableKind::ActiveOptical: return "active_optical";
    case CableKind::Multimode: return "multimode";
    case CableKind::SingleMode: return "single_mode";
    }
    return "passive_copper";
}

bool CablePart::runs(double rateGbps) const
{
    for (const double g : gbps)
        if (std::abs(g - rateGbps) < 1e-9)
            return true;
    return false;
}

const CablePartCatalog &CablePartCatalog::defaults()
{
    static const CablePartCatalog catalog = fromJson(floorCatalogText, "resources/bom/catalog.json");
    return catalog;
}

CablePartCatalog CablePartCatalog::fromJson(std::string_view text, const std::string &fileName)
{
    const Json j = FloorDetail::parseBounded<Json>(text, fileName);
    CablePartCatalog c;
    if (j.contains("currency") && j["currency"].is_string())
        c.currency = j["currency"].get<std::string>().substr(0, 16);
    if (!j.contains("cable_parts"))
        return c;
    const Json &parts = j["cable_parts"];
    if (!parts.is_object())
        fail(fileName, "/cable_parts", "expected an object of parts by slug");
    static const std::map<std::string, CableKind> kinds{{"passive_copper", CableKind::PassiveCopper},
                                                        {"active_copper", CableKind::ActiveCopper},
                                                        {"active_optical", CableKind::ActiveOptical},
                                                        {"multimode", CableKind::Multimode},
                                                        {"single_mode", CableKind::SingleMode}};
    for (const auto &[slug, v] : parts.items()) {
        const std::string p = "/cable_parts/" + elided(slug, 40);
        if (!v.is_object())
            fail(fileName, p, "expected an object");
        CablePart part;
        part.slug = slug;
        bool reachGiven = false;
        for (const auto &[key, value] : v.items()) {
            const std::string q = p + "/" + elided(key, 40);
            if (key == "description" && value.is_string())
                part.description = value.get<std::string>();
            else if (key == "kind") {
                const auto it = value.is_string() ? kinds.find(value.get<std::string>()) : kinds.end();
                if (it == kinds.end())
                    fail(fileName, q, "expected passive_copper, active_copper, active_optical, multimode or single_mode");
                part.kind = it->second;
            } else if (key == "gbps" || key == "lengths_m") {
                if (!value.is_array() || value.empty())
                    fail(fileName, q, "expected a non-empty array of numbers");
                std::vector<double> &target = key == "gbps" ? part.gbps : part.lengthsM;
                for (size_t i = 0; i < value.size(); ++i)
                    target.push_back(number(value[i], fileName, q + "/" + std::to_string(i), 0));
                if (key == "lengths_m" && !std::is_sorted(target.begin(), target.end()))
                    fail(fileName, q, "stock lengths must be in ascending order");
            } else if (key == "reach_m") {
                part.reachM = number(value, fileName, q, 0);
                reachGiven = true;
            }
            else if (key == "price")
                part.price = number(value, fileName, q, 0);
            else if (key == "price_per_m")
                part.pricePerM = number(value, fileName, q, 0);
            else if (key == "transceivers")
                part.transceivers = int(number(value, fileName, q, 0));
            else if (key == "transceiver_price")
                part.transceiverPrice = number(value, fileName, q, 0);
            else if (key == "watts_per_end")
                part.wattsPerEnd = number(value, fileName, q, 0);
            else if (key == "ns_per_m")
                part.nsPerM = number(value, fileName, q, 0);
            else if (key == "sources" && value.is_object()) {
                for (const auto &[figure, source] : value.items())
                    if (source.is_string())
                        part.sources[figure] = source.get<std::string>();
            } else
                fail(fileName, q, "unknown field");
        }
        if (part.gbps.empty())
            fail(fileName, p + "/gbps", "missing: the rates the part runs");
        if (!reachGiven)
            fail(fileName, p + "/reach_m", "missing: the part's reach, from its datasheet");
        if (!(part.reachM > 0))
            fail(fileName, p + "/reach_m", "must be more than 0 m: a part that reaches nothing carries no run");
        if (!part.sources.count("reach_m"))
            fail(fileName, p + "/sources/reach_m", "missing: where the reach comes from");
        c.parts.push_back(std::move(part));
    }
    return c;
}

std::optional<PartChoice> choosePart(const CablePartCatalog &catalog, double gbps, double metres)
{
    std::optional<PartChoice> best;
    for (const CablePart &part : catalog.parts) {
        if (!part.runs(gbps) || metres > part.reachM + 1e-9)
            continue;
        double stock = 0;
        if (part.lengthsM.empty()) {
            stock = std::ceil(metres - 1e-9);
        } else {
            const auto it = std::lower_bound(part.lengthsM.begin(), part.lengthsM.end(), metres - 1e-9);
            if (it == part.lengthsM.end())
                continue;
            stock = *it;
        }
        if (stock > part.reachM + 1e-9)
            continue;
        PartChoice c;
        c.part = &part;
        c.stockM = stock;
        c.price = part.price + part.pricePerM * stock + part.transceivers * part.transceiverPrice;
        c.watts = 2 * part.wattsPerEnd;
        if (!best || c.price < best->price)
            best = c;
    }
    return best;
}

std::vector<Problem> floorProblems(const Fabric &fabric, const CablePartCatalog &catalog)
{
    std::vector<Problem> out;
    // The design's floor, or the automatic one the bill of materials prices
    // a design without a floor on: a run no part reaches is a cable unpriced.
    std::optional<FloorPlan> automatic;
    if (!fabric.floor)
        automatic = autoFloor(fabric);
    const FloorPlan &floor = fabric.floor ? *fabric.floor : *automatic;
    const CableRunSummary s = cableRuns(fabric, floor, catalog, false);
    const std::vector<std::string> racks = nodeRacks(fabric);
    std::unordered_set<std::string_view> placed;
    for (const RackSpot &r : floor.racks)
        placed.insert(r.rack);
    std::map<std::string, NodeIndex> firstMissing;
    for (NodeIndex n = 0; n < fabric.nodeCount(); ++n)
        if (!placed.count(racks[size_t(n)]))
            firstMissing.emplace(racks[size_t(n)], n); // keeps the first device of each rack
    for (const auto &[rack, node] : firstMissing)
        out.push_back({Problem::Severity::Error, fabric.nodeId(node),
                       "rack " + elided(rack, 60) + " is not on the floor: the cables of its devices have no length"});
    // A link without a speed is validation's error already; no part is sought for it.
    for (const CableRun &run : s.runs)
        if (!run.problem.empty() && run.metres > 0 && fabric.link(run.link).capacityGbps > 0)
            out.push_back({Problem::Severity::Error, fabric.link(run.link).id,
                           run.problem + (automatic ? " (on the automatic floor)" : "")});
    return out;
}

double trayDistance(const FloorPlan &floor, const RackSpot &a, const RackSpot &b)
{
    TrayNetwork network(floor);
    return network.distance(a, b);
}

std::vector<FloorPoint> trayPath(const FloorPlan &floor, const RackSpot &a, const RackSpot &b)
{
    TrayNetwork network(floor);
    return network.path(a, b);
}

CableRunSummary cableRuns(const Fabric &fabric, const FloorPlan &floor, const CablePartCatalog &catalog, bool routes)
{
    CableRunSummary out;
    const std::vector<std::string> racks = nodeRacks(fabric);
    std::unordered_map<std::string, const RackSpot *> spotOf;
    spotOf.reserve(floor.racks.size());
    for (const RackSpot &r : floor.racks)
        spotOf.emplace(r.rack, &r);
    // Each node's spot and U.
    const size_t N = size_t(fabric.nodeCount());
    std::vector<const RackSpot *> spot(N, nullptr);
    const std::vector<double> unit = deviceUnits(fabric, floor, racks);
    std::map<std::string, bool> missing;
    for (NodeIndex n = 0; n < NodeIndex(N); ++n) {
        const auto it = spotOf.find(racks[size_t(n)]);
        if (it == spotOf.end()) {
            missing.emplace(racks[size_t(n)], true);
            continue;
        }
        spot[size_t(n)] = it->second;
    }
    for (const auto &[rack, unused] : missing)
        out.problems.push_back("rack " + elided(rack, 60) + " is not on the floor: its cables have no length");

    TrayNetwork network(floor);
    out.runs.resize(size_t(fabric.linkCount()));
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
        const Link &link = fabric.link(l);
        CableRun &run = out.runs[size_t(l)];
        run.link = l;
        run.aRack = racks[size_t(link.a)];
        run.bRack = racks[size_t(link.b)];
        const RackSpot *a = spot[size_t(link.a)], *b = spot[size_t(link.b)];
        if (!a || !b) {
            run.problem = "rack " + elided(a ? run.bRack : run.aRack, 60) + " is not on the floor";
            continue;
        }
        run.aUnit = unit[size_t(link.a)];
        run.bUnit = unit[size_t(link.b)];
        const FloorHall &ha = floor.halls[size_t(a->hall)], &hb = floor.halls[size_t(b->hall)];
        run.slackM = 2 * floor.slackPerEndM;
        if (a == b) {
            run.verticalM = std::abs(run.aUnit - run.bUnit) * ha.unitM;
            if (routes)
                run.route = run.aRack + " U" + std::to_string(int(run.aUnit)) + " → U" + std::to_string(int(run.bUnit))
                + " in the rack " + metresText(run.verticalM);
        } else {
            const double tray = network.distance(*a, *b);
            if (tray < 0) {
                run.problem = "no tray joins " + elided(run.aRack, 60) + " and " + elided(run.bRack, 60);
                out.problems.push_back("link " + elided(link.id, 60) + ": " + run.problem);
                continue;
            }
            const double upA = ha.rackHeightM() - (run.aUnit - 0.5) * ha.unitM + ha.trayHeightM;
            const double upB = hb.rackHeightM() - (run.bUnit - 0.5) * hb.unitM + hb.trayHeightM;
            run.verticalM = upA + upB;
            run.trayM = tray;
            if (routes)
                run.route = run.aRack + " U" + std::to_string(int(run.aUnit)) + " ↑ " + metresText(upA) + " · tray "
                + metresText(tray) + " · ↓ " + metresText(upB) + " " + run.bRack + " U" + std::to_string(int(run.bUnit));
        }
        run.metres = run.verticalM + run.trayM + run.slackM;
        if (routes)
            run.route += " · slack " + metresText(run.slackM);
        out.longestM = std::max(out.longestM, run.metres);
        if (const auto choice = choosePart(catalog, link.capacityGbps, run.metres)) {
            run.choice = *choice;
            run.propagationNs = run.metres * choice->part->nsPerM;
            ++out.partCounts[choice->part->slug];
            out.transceivers += choice->part->transceivers;
            out.price += choice->price;
            out.watts += choice->watts;
        } else {
            run.propagationNs = run.metres * 5.0;
            char buf[160];
            std::snprintf(buf, sizeof buf, "no cable part runs %gG over %.2f m", link.capacityGbps, run.metres);
            run.problem = buf;
            out.problems.push_back("link " + elided(link.id, 60) + ": " + run.problem);
        }
    }
    return out;
}

} // namespace Railyard
