#include "core/layout/fabriclayout.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <future>
#include <limits>
#include <map>
#include <unordered_map>

namespace Railyard {

namespace {

constexpr double kHostPitchY = 10.0;
constexpr double kSuGap = 20.0;
constexpr double kPodGap = 60.0;
constexpr double kZoneGap = 120.0;
constexpr double kSwitchHeight = FabricLayout::switchHeight;
constexpr double kLeafRise = 110.0; // from the top of the hosts to the top of the first switch row

/// Row rank of every switch: its tier for layered switches, its hop distance
/// from the hosts for unlayered ones. Ranks are then compressed to rows 1..R.
std::vector<int> switchRows(const Fabric &f)
{
    const auto hosts = f.hostCount();
    std::vector<int> rank(static_cast<size_t>(f.nodeCount()), 0);
    std::vector<int> dist(static_cast<size_t>(f.nodeCount()), -1);
    std::deque<NodeIndex> queue;
    for (NodeIndex h = 0; h < hosts; ++h) {
        dist[static_cast<size_t>(h)] = 0;
        queue.push_back(h);
    }
    while (!queue.empty()) {
        const NodeIndex v = queue.front();
        queue.pop_front();
        for (const auto l : f.incidentLinks(v)) {
            const NodeIndex u = f.otherEnd(l, v);
            if (dist[static_cast<size_t>(u)] < 0) {
                dist[static_cast<size_t>(u)] = dist[static_cast<size_t>(v)] + 1;
                queue.push_back(u);
            }
        }
    }
    std::vector<int> distinct;
    for (std::int32_t s = 0; s < f.switchCount(); ++s) {
        const Switch &sw = f.switchAt(s);
        const NodeIndex n = f.switchNode(s);
        int r = sw.tier == Tier::Unlayered ? std::max(1, dist[static_cast<size_t>(n)]) : tierLevel(sw.tier);
        if (sw.tier == Tier::Unlayered && dist[static_cast<size_t>(n)] < 0)
            r = 1;
        rank[static_cast<size_t>(n)] = r;
        distinct.push_back(r);
    }
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    for (std::int32_t s = 0; s < f.switchCount(); ++s) {
        auto &r = rank[static_cast<size_t>(f.switchNode(s))];
        r = static_cast<int>(std::lower_bound(distinct.begin(), distinct.end(), r) - distinct.begin()) + 1;
    }
    return rank;
}

/// Open-addressing map from a 64-bit key to a value, sized once: the bundle
/// index of the 131K-GPU layout inserts ~400K keys, and a node allocation per
/// key (std::unordered_map) was most of the layout's time.
class FlatIndex
{
public:
    explicit FlatIndex(size_t expected)
    {
        size_t capacity = 16;
        while (capacity < expected * 2)
            capacity <<= 1;
        m_mask = capacity - 1;
        m_keys.assign(capacity, kEmpty);
        m_values.assign(capacity, -1);
    }
    /// Empties the map, keeping its memory (fresh pages cost a fault each here).
    void clear() { std::fill(m_keys.begin(), m_keys.end(), kEmpty); }
    /// The value of key, inserting `value` when absent; second = inserted.
    std::pair<std::int32_t, bool> emplace(std::uint64_t key, std::int32_t value)
    {
        size_t i = static_cast<size_t>((key * 0x9E3779B97F4A7C15ULL) >> 20) & m_mask;
        while (true) {
            if (m_keys[i] == kEmpty) {
                m_keys[i] = key;
                m_values[i] = value;
                return {value, true};
            }
            if (m_keys[i] == key)
                return {m_values[i], false};
            i = (i + 1) & m_mask;
        }
    }

private:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
    size_t m_mask = 0;
    std::vector<std::uint64_t> m_keys;
    std::vector<std::int32_t> m_values;
};

std::string hostKey(const Host &h, int level, std::int32_t column)
{
    const Location &l = h.location;
    switch (level) {
    case 0:
        if (!l.pod.empty())
            return (l.zone.empty() ? "" : l.zone + "/") + l.pod;
        if (!l.zone.empty())
            return l.zone;
        return "racks " + std::to_string(column / 64 * 64 + 1) + "–" + std::to_string(column / 64 * 64 + 64);
    case 1:
        if (!l.su.empty())
            return (l.pod.empty() ? "" : l.pod + "/") + l.su;
        return "racks " + std::to_string(column / 8 * 8 + 1) + "–" + std::to_string(column / 8 * 8 + 8);
    default:
        return l.rack.empty() ? h.id : l.rack;
    }
}

/// The runs of host groups (row 0, left to right) sharing a zone, pod or
/// scalable unit, for the depths coarser than the level's groups and for the
/// groups' own depth (pods at the pods level, SUs at the SU level).
std::vector<LayoutSpan> locationSpans(const Fabric &f, const LayoutLevel &lv, int level)
{
    std::vector<const LayoutGroup *> hosts;
    for (const LayoutGroup &g : lv.groups)
        if (g.row == 0 && !g.members.empty() && f.isHost(g.members.front()))
            hosts.push_back(&g);
    std::sort(hosts.begin(), hosts.end(),
              [](const LayoutGroup *a, const LayoutGroup *b) { return a->rect.left() < b->rect.left(); });
    std::vector<LayoutSpan> spans;
    for (int depth = LayoutSpan::Zone; depth <= std::min(level + 1, int(LayoutSpan::ScalableUnit)); ++depth) {
        const size_t first = spans.size();
        bool aggregates = false;
        std::string lastKey;
        for (const LayoutGroup *g : hosts) {
            const Location &l = f.host(g->members.front()).location;
            const std::string &name = depth == LayoutSpan::Zone ? l.zone : depth == LayoutSpan::Pod ? l.pod : l.su;
            std::string key = l.zone;
            if (depth >= LayoutSpan::Pod)
                key += '\x1f' + l.pod;
            if (depth >= LayoutSpan::ScalableUnit)
                key += '\x1f' + l.su;
            if (name.empty()) {
                lastKey = "\x1e"; // a gap: the next named group starts a new run
                continue;
            }
            if (spans.size() > first && key == lastKey) {
                LayoutSpan &run = spans.back();
                run.right = std::max(run.right, g->rect.right());
                ++run.groups;
                aggregates = true;
            } else {
                spans.push_back({LayoutSpan::Depth(depth), name, 1, g->rect.left(), g->rect.right()});
            }
            lastKey = std::move(key);
        }
        if (!aggregates && depth <= level)
            spans.resize(first);
    }
    return spans;
}

} // namespace

FabricLayout FabricLayout::compute(const Fabric &f, const std::unordered_map<std::string, QPointF> *pins)
{
    f.prepare();
    FabricLayout layout;
    const auto nodes = static_cast<size_t>(f.nodeCount());
    layout.m_nodeRects.assign(nodes, QRectF());
    const std::vector<int> rows = switchRows(f);
    layout.m_nodeRow = rows;

    // --- Hosts: rack columns ------------------------------------------------
    std::vector<std::int32_t> hostColumn(static_cast<size_t>(f.hostCount()), 0);
    double x = 0.0;
    int slot = 0;
    int maxSlots = 1;
    std::int32_t column = -1;
    const Host *previous = nullptr;
    for (std::int32_t h = 0; h < f.hostCount(); ++h) {
        const Host &host = f.host(h);
        const Location &loc = host.location;
        bool newColumn = true;
        if (previous) {
            const Location &p = previous->location;
            newColumn = loc.rack.empty() || loc.rack != p.rack;
            if (newColumn) {
                x += rackPitch;
                if (loc.zone != p.zone)
                    x += kZoneGap;
                else if (loc.pod != p.pod)
                    x += kPodGap;
                else if (loc.su != p.su)
                    x += kSuGap;
            }
        }
        if (newColumn) {
            ++column;
            slot = 0;
        }
        layout.m_nodeRects[static_cast<size_t>(h)] = QRectF(x, slot * kHostPitchY, hostWidth, hostHeight);
        hostColumn[static_cast<size_t>(h)] = column;
        ++slot;
        maxSlots = std::max(maxSlots, slot);
        previous = &host;
    }
    const double width = std::max(x + rackPitch, 200.0);
    layout.m_hostRowHeight = (maxSlots - 1) * kHostPitchY + hostHeight;

    // --- Switch rows ------------------------------------------------------
    int rowCount = 1;
    for (std::int32_t s = 0; s < f.switchCount(); ++s)
        rowCount = std::max(rowCount, rows[static_cast<size_t>(f.switchNode(s))] + 1);
    layout.m_rowY.assign(static_cast<size_t>(rowCount), 0.0);
    // Rows spread so the whole fabric is about 2.5 times wider than tall.
    const double rowGap = std::max(160.0, width / (2.5 * std::max(1, rowCount - 1)));
    for (int r = 1; r < rowCount; ++r)
        layout.m_rowY[static_cast<size_t>(r)] = r == 1 ? -kLeafRise : layout.m_rowY[static_cast<size_t>(r) - 1] - rowGap;

    double unplacedX = width + 40.0;
    for (int r = 1; r < rowCount; ++r) {
        // Extent of the lower neighbours of every switch of this row.
        std::map<std::pair<long long, long long>, std::vector<std::int32_t>> byExtent;
        std::vector<std::int32_t> unplaced;
        for (std::int32_t s = 0; s < f.switchCount(); ++s) {
            const NodeIndex n = f.switchNode(s);
            if (rows[static_cast<size_t>(n)] != r)
                continue;
            double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
            for (const auto l : f.incidentLinks(n)) {
                const NodeIndex u = f.otherEnd(l, n);
                const int ur = f.isHost(u) ? 0 : rows[static_cast<size_t>(u)];
                if (ur >= r)
                    continue;
                const QRectF &rect = layout.m_nodeRects[static_cast<size_t>(u)];
                lo = std::min(lo, rect.left());
                hi = std::max(hi, rect.right());
            }
            if (lo > hi)
                unplaced.push_back(s);
            else
                byExtent[{std::llround(lo * 2), std::llround(hi * 2)}].push_back(s);
        }
        const double y = layout.m_rowY[static_cast<size_t>(r)];
        for (auto &[extent, members] : byExtent) {
            std::sort(members.begin(), members.end(), [&](std::int32_t a, std::int32_t b) {
                const Switch &sa = f.switchAt(a), &sb = f.switchAt(b);
                if (sa.plane != sb.plane)
                    return sa.plane < sb.plane;
                if (sa.rail != sb.rail)
                    return sa.rail < sb.rail;
                return a < b;
            });
            const double lo = extent.first / 2.0, hi = extent.second / 2.0;
            const double slotWidth = (hi - lo) / static_cast<double>(members.size());
            const double w = std::clamp(slotWidth * 0.8, 2.0, hostWidth);
            for (size_t i = 0; i < members.size(); ++i) {
                const double cx = lo + (static_cast<double>(i) + 0.5) * slotWidth;
                layout.m_nodeRects[static_cast<size_t>(f.switchNode(members[i]))] = QRectF(cx - w / 2, y, w, kSwitchHeight);
            }
        }
        for (const auto s : unplaced) {
            layout.m_nodeRects[static_cast<size_t>(f.switchNode(s))] = QRectF(unplacedX, y, hostWidth, kSwitchHeight);
            unplacedX += rackPitch;
        }
    }

    // --- Pinned nodes keep the centre the user gave them ----------------------
    if (pins) {
        for (const auto &[id, centre] : *pins) {
            const NodeIndex n = f.findNode(id);
            if (n >= 0)
                layout.m_nodeRects[static_cast<size_t>(n)].moveCenter(centre);
        }
    }

    // --- Bounds and the spatial index --------------------------------------
    QRectF bounds;
    for (const QRectF &r : layout.m_nodeRects)
        bounds = bounds.isNull() ? r : bounds.united(r);
    layout.m_bounds = bounds.adjusted(-40, -40, 40, 40);
    layout.m_rowsByX.assign(static_cast<size_t>(rowCount), {});
    for (NodeIndex n = 0; n < static_cast<NodeIndex>(nodes); ++n) {
        layout.m_rowsByX[static_cast<size_t>(f.isHost(n) ? 0 : rows[static_cast<size_t>(n)])].push_back(n);
        layout.m_maxNodeWidth = std::max(layout.m_maxNodeWidth, layout.m_nodeRects[static_cast<size_t>(n)].width());
    }
    for (auto &row : layout.m_rowsByX)
        std::sort(row.begin(), row.end(), [&](NodeIndex a, NodeIndex b) {
            return layout.m_nodeRects[static_cast<size_t>(a)].left() < layout.m_nodeRects[static_cast<size_t>(b)].left();
        });

    // --- Aggregation levels ---------------------------------------------------
    // Keys are interned to integers: a host's domain is its group's index, a
    // switch's key packs (row, plane, domain or position chunk) into 64 bits,
    // so the 131K-GPU fabric builds its levels without a string per switch.
    // The racks level (a group per switch, ~260K bundles at 131K GPUs) is
    // built on a second thread while this one builds pods and scalable units:
    // the levels only read the node geometry above.
    static const char *levelNames[] = {"pods", "scalable units", "racks"};
    auto buildLevel = [&](int level, FlatIndex &bundleIndex) {
        LayoutLevel lv;
        lv.name = levelNames[level];
        lv.groupOfNode.assign(nodes, -1);
        auto newGroup = [&](int row) {
            LayoutGroup g;
            g.row = row;
            lv.groups.push_back(std::move(g));
            return static_cast<std::int32_t>(lv.groups.size() - 1);
        };
        // Domain: the host group a node lies under, -1 when it spans several.
        std::vector<std::int32_t> domain(nodes, -1);
        {
            std::unordered_map<std::string, std::int32_t> hostGroups;
            hostGroups.reserve(static_cast<size_t>(f.hostCount()) / 4 + 16);
            for (std::int32_t h = 0; h < f.hostCount(); ++h) {
                std::string key = hostKey(f.host(h), level, hostColumn[static_cast<size_t>(h)]);
                auto [it, inserted] = hostGroups.emplace(std::move(key), 0);
                if (inserted) {
                    it->second = newGroup(0);
                    lv.groups.back().label = it->first;
                }
                domain[static_cast<size_t>(h)] = it->second;
                lv.groupOfNode[static_cast<size_t>(h)] = it->second;
            }
        }
        std::unordered_map<std::uint64_t, std::int32_t> switchGroups;
        for (int r = 1; r < rowCount; ++r) {
            for (const NodeIndex n : layout.m_rowsByX[static_cast<size_t>(r)]) {
                const Switch &sw = f.switchAt(f.switchIndexOf(n));
                std::int32_t common = -1;
                bool first = true, uniform = true;
                for (const auto l : f.incidentLinks(n)) {
                    const NodeIndex u = f.otherEnd(l, n);
                    if (!f.isHost(u) && rows[static_cast<size_t>(u)] >= r)
                        continue;
                    if (first) {
                        common = domain[static_cast<size_t>(u)];
                        first = false;
                    } else if (domain[static_cast<size_t>(u)] != common) {
                        uniform = false;
                        break;
                    }
                }
                if (!uniform || first)
                    common = -1;
                domain[static_cast<size_t>(n)] = common;
                std::int32_t g;
                if (level == 2) {
                    g = newGroup(r);
                    lv.groups.back().label = sw.id;
                } else {
                    // (row, plane, domain) for switches under one host group;
                    // (row, plane, chunk of the row by position) for spanning ones.
                    std::uint64_t key;
                    const auto plane = static_cast<std::uint64_t>(static_cast<std::uint16_t>(sw.plane));
                    const auto row = static_cast<std::uint64_t>(r & 0xff);
                    if (common >= 0) {
                        key = (row << 56) | (plane << 40) | static_cast<std::uint64_t>(common);
                    } else {
                        const double chunk = width / (level == 0 ? 16.0 : 64.0);
                        const auto c = static_cast<long long>(
                            std::floor(layout.m_nodeRects[static_cast<size_t>(n)].center().x() / chunk));
                        key = (row << 56) | (plane << 40) | (std::uint64_t{1} << 39)
                            | (static_cast<std::uint64_t>(c) & 0xffffffffULL);
                    }
                    auto [it, inserted] = switchGroups.emplace(key, 0);
                    if (inserted) {
                        it->second = newGroup(r);
                        const std::string tier = tierName(sw.tier);
                        lv.groups.back().label = common >= 0
                            ? tier + " · " + lv.groups[static_cast<size_t>(common)].label
                            : tier + (sw.plane ? " · plane " + std::to_string(sw.plane) : std::string());
                    }
                    g = it->second;
                }
                lv.groupOfNode[static_cast<size_t>(n)] = g;
            }
        }
        for (NodeIndex n = 0; n < static_cast<NodeIndex>(nodes); ++n) {
            auto &g = lv.groups[static_cast<size_t>(lv.groupOfNode[static_cast<size_t>(n)])];
            g.members.push_back(n);
            const QRectF &rect = layout.m_nodeRects[static_cast<size_t>(n)];
            g.rect = g.rect.isNull() ? rect : g.rect.united(rect);
            if (f.isHost(n))
                g.gpus += f.host(n).gpus;
        }
        // Bundles in two passes: assign each link its bundle, then lay the
        // links out bundle by bundle in one pool.
        std::vector<std::int32_t> bundleOfLink(static_cast<size_t>(f.linkCount()), -1);
        if (level == 2) // about one bundle per switch-to-switch link at the racks level
            lv.bundles.reserve(static_cast<size_t>(f.linkCount()) / 2);
        std::vector<std::int32_t> counts;
        {
            bundleIndex.clear();
            std::uint64_t lastKey = ~std::uint64_t{0};
            std::int32_t lastBundle = -1;
            for (std::int32_t l = 0; l < f.linkCount(); ++l) {
                const Link &link = f.link(l);
                auto a = static_cast<std::uint64_t>(lv.groupOfNode[static_cast<size_t>(link.a)]);
                auto b = static_cast<std::uint64_t>(lv.groupOfNode[static_cast<size_t>(link.b)]);
                if (a == b)
                    continue;
                if (a > b)
                    std::swap(a, b);
                const std::uint64_t key = (a << 32) | b;
                if (key != lastKey) {
                    const auto [bundle, inserted] = bundleIndex.emplace(key, static_cast<std::int32_t>(lv.bundles.size()));
                    if (inserted) {
                        LayoutBundle b0;
                        b0.groupA = static_cast<std::int32_t>(a);
                        b0.groupB = static_cast<std::int32_t>(b);
                        lv.bundles.push_back(b0);
                        counts.push_back(0);
                    }
                    lastKey = key;
                    lastBundle = bundle;
                }
                bundleOfLink[static_cast<size_t>(l)] = lastBundle;
                ++counts[static_cast<size_t>(lastBundle)];
                lv.bundles[static_cast<size_t>(lastBundle)].gbps += link.capacityGbps;
            }
        }
        std::vector<size_t> offset(lv.bundles.size() + 1, 0);
        for (size_t i = 0; i < lv.bundles.size(); ++i)
            offset[i + 1] = offset[i] + static_cast<size_t>(counts[i]);
        lv.linkPool.assign(offset.back(), 0);
        std::vector<size_t> fill(offset.begin(), offset.end() - 1);
        for (std::int32_t l = 0; l < f.linkCount(); ++l) {
            const auto b = bundleOfLink[static_cast<size_t>(l)];
            if (b >= 0)
                lv.linkPool[fill[static_cast<size_t>(b)]++] = l;
        }
        for (size_t i = 0; i < lv.bundles.size(); ++i)
            lv.bundles[i].links = std::span<const std::int32_t>(lv.linkPool.data() + offset[i], offset[i + 1] - offset[i]);
        lv.spans = locationSpans(f, lv, level);
        return lv;
    };
    FlatIndex racksIndex(static_cast<size_t>(f.linkCount()));
    std::future<LayoutLevel> racks = std::async(std::launch::async, [&] { return buildLevel(2, racksIndex); });
    FlatIndex coarseIndex(static_cast<size_t>(f.linkCount()));
    LayoutLevel pods = buildLevel(0, coarseIndex);
    LayoutLevel sus = buildLevel(1, coarseIndex);
    layout.m_levels.push_back(std::move(pods));
    layout.m_levels.push_back(std::move(sus));
    layout.m_levels.push_back(racks.get());
    return layout;
}

std::vector<NodeIndex> FabricLayout::nodesIn(const QRectF &rect) const
{
    std::vector<NodeIndex> result;
    for (const auto &row : m_rowsByX) {
        if (row.empty())
            continue;
        auto it = std::lower_bound(row.begin(), row.end(), rect.left() - m_maxNodeWidth, [&](NodeIndex n, double x) {
            return m_nodeRects[static_cast<size_t>(n)].left() < x;
        });
        for (; it != row.end(); ++it) {
            const QRectF &r = m_nodeRects[static_cast<size_t>(*it)];
            if (r.left() > rect.right())
                break;
            if (r.intersects(rect))
                result.push_back(*it);
        }
    }
    return result;
}

NodeIndex FabricLayout::nodeAt(const QPointF &point, double tolerance) const
{
    const QRectF probe(point.x() - tolerance, point.y() - tolerance, 2 * tolerance, 2 * tolerance);
    NodeIndex best = -1;
    double bestDistance = std::numeric_limits<double>::max();
    for (const NodeIndex n : nodesIn(probe)) {
        const QPointF d = m_nodeRects[static_cast<size_t>(n)].center() - point;
        const double dist = d.x() * d.x() + d.y() * d.y();
        if (dist < bestDistance) {
            bestDistance = dist;
            best = n;
        }
    }
    return best;
}

} // namespace Railyard
