#pragma once

// A deterministic, tier-aware layout of a fabric, derived from the model and
// rebuilt when its structure changes. Units are scene units (1 unit = 1
// pixel at zoom 1).
//
//  * Hosts sit at the bottom in rack columns (a rack elevation: hosts stacked
//    inside their rack), racks side by side, wider gaps between scalable
//    units, pods and zones.
//  * Each switch tier is a row above: a switch is placed over the extent of
//    the nodes below it, switches sharing an extent are spread evenly over it,
//    plane-major then rail — so rail leaves sit above their scalable unit in
//    rail order and planes come out side by side.
//  * Unlayered switches (imported graphs) get the row of their hop distance
//    from the hosts.
//
// For drawing at any zoom the layout also aggregates nodes into groups at
// three levels — pods, scalable units, racks (with switches individual) —
// and links into bundles between groups, each remembering its links.

#include "core/model/fabric.h"

#include <QPointF>
#include <QRectF>

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace Railyard {

struct LayoutGroup
{
    std::string label;
    QRectF rect;            ///< bounding box of the members
    int row = 0;            ///< 0 = hosts, 1 = first switch row, ...
    std::vector<NodeIndex> members;
    long long gpus = 0;     ///< hosts only
};

struct LayoutBundle
{
    std::int32_t groupA = -1;
    std::int32_t groupB = -1;
    /// The bundle's links: a view into its level's linkPool.
    std::span<const std::int32_t> links;
    double gbps = 0.0; ///< nominal capacity, Gbit/s per direction
};

/// A zone, pod or scalable unit as the host row of one level shows it: the
/// run of host groups, left to right, that lie in it. The canvas names these
/// under the hosts, where the groups are too small to carry a label.
struct LayoutSpan
{
    enum Depth { Zone, Pod, ScalableUnit };
    Depth depth = Zone;
    std::string label; ///< "zone-02", "pod-02", "su-005"
    int groups = 0;    ///< host groups in the run
    double left = 0.0; ///< scene x of the run's first group's left edge
    double right = 0.0;
};

/// One aggregation level. Move-only: the bundles' link spans point into
/// linkPool (one allocation per level instead of one per bundle, which made
/// the 131K-GPU layout spend most of its time in malloc).
struct LayoutLevel
{
    LayoutLevel() = default;
    LayoutLevel(LayoutLevel &&) = default;
    LayoutLevel &operator=(LayoutLevel &&) = default;
    LayoutLevel(const LayoutLevel &) = delete;
    LayoutLevel &operator=(const LayoutLevel &) = delete;

    std::string name; ///< "pods", "scalable units", "racks"
    std::vector<LayoutGroup> groups;
    std::vector<std::int32_t> groupOfNode; ///< per node
    std::vector<LayoutBundle> bundles;
    std::vector<std::int32_t> linkPool; ///< links of every bundle, bundle by bundle
    /// The zones (and pods, and scalable units) coarser than the level's host
    /// groups, by depth then left to right; a depth is left out when each of
    /// its runs is a single group. The groups' own depth (pods at the pods
    /// level, SUs at the SU level) comes last, one run per group: the canvas
    /// names them when the boxes are too small for their labels.
    std::vector<LayoutSpan> spans;
};

class FabricLayout
{
public:
    /// Lays out the fabric. O(N log N + L). Nodes named in pins (id -> scene
    /// centre) are placed there instead of where the automatic layout puts
    /// them; the groups and bundles follow.
    static FabricLayout compute(const Fabric &fabric,
                                const std::unordered_map<std::string, QPointF> *pins = nullptr);

    QRectF bounds() const { return m_bounds; }
    NodeIndex nodeCount() const { return static_cast<NodeIndex>(m_nodeRects.size()); }
    const QRectF &nodeRect(NodeIndex n) const { return m_nodeRects[static_cast<size_t>(n)]; }
    QPointF nodeCenter(NodeIndex n) const { return m_nodeRects[static_cast<size_t>(n)].center(); }
    int rowOf(NodeIndex n) const { return m_nodeRow[static_cast<size_t>(n)]; }
    int rowCount() const { return static_cast<int>(m_rowsByX.size()); }
    double rowY(int row) const { return m_rowY[static_cast<size_t>(row)]; }
    /// Height of the hosts' row (the tallest rack) as laid out, pins aside;
    /// the hosts' row starts at y = 0 and the switch rows sit above it.
    double hostRowHeight() const { return m_hostRowHeight; }

    /// Aggregation levels, coarse to fine: 0 pods, 1 scalable units, 2 racks.
    const std::vector<LayoutLevel> &levels() const { return m_levels; }

    /// Width of one rack column, in scene units.
    static constexpr double rackPitch = 20.0;
    static constexpr double hostWidth = 14.0;
    static constexpr double hostHeight = 8.0;
    static constexpr double switchHeight = 10.0;

    /// Nodes whose box intersects rect, via per-row x-sorted indices. O(log N + k).
    std::vector<NodeIndex> nodesIn(const QRectF &rect) const;
    /// The node under a scene point, or -1.
    NodeIndex nodeAt(const QPointF &point, double tolerance = 2.0) const;

private:
    QRectF m_bounds;
    std::vector<QRectF> m_nodeRects;
    std::vector<int> m_nodeRow;
    std::vector<double> m_rowY;
    std::vector<std::vector<NodeIndex>> m_rowsByX; ///< per row, nodes sorted by left edge
    double m_maxNodeWidth = hostWidth;
    double m_hostRowHeight = hostHeight;
    std::vector<LayoutLevel> m_levels;
};

} // namespace Railyard
