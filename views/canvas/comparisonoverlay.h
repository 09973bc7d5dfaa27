#pragma once

// A comparison as the canvas colours it: the diff of two intent versions
// (Intents dock), of two fabrics (Inventory ▸ Compare With…) and the as-built
// cabling check (Verify Cabling Against…). A mark per host, switch and link — added (the element only gained
// reachability), removed (only lost) or changed (both) — and the marks merged
// per layout group and bundle at every aggregation level. Marks are bit sets
// (added 1, removed 2, changed 3), so merging is an OR: a group or bundle
// shows the strongest change among its members, "changed" when it holds both
// kinds. Everything is computed once per diff (and once per layout), so a
// frame only looks marks up.

#include "core/model/fabric.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <utility>
#include <vector>

namespace Railyard {

class FabricLayout;
struct SemanticDiff;
struct DiffMarks;

class ComparisonOverlay
{
    Q_DECLARE_TR_FUNCTIONS(ComparisonOverlay)

public:
    enum Mark : std::uint8_t { None = 0, Added = 1, Removed = 2, Changed = 3 };

    /// Marks of `diff` on `fabric`, the fabric it was computed on: hosts by
    /// their rack's change, links by their change, switches by the merged
    /// marks of their affected links. `title` heads the legend. O(N + changed links).
    ComparisonOverlay(const SemanticDiff &diff, const Fabric &fabric, QString title);
    /// Marks of a fabric comparison or an as-built check (core/compare), with
    /// the legend's texts for added, removed and changed.
    /// Rows whose text is empty are left out of the legend; `unmarked` names
    /// the rest (default "unchanged").
    ComparisonOverlay(const DiffMarks &marks, const Fabric &fabric, QString title, QString added, QString removed,
                      QString changed, QString unmarked = QString());

    /// Whether the marks were computed for a fabric of this shape (a structure
    /// edit leaves them stale until the Intents dock recomputes the diff).
    bool fits(const Fabric &fabric) const;
    /// Merges the marks into the groups and bundles of every level of
    /// `layout` (call again after each re-layout). O(N + L).
    void setLayout(const FabricLayout &layout);

    Mark node(NodeIndex n) const { return at(m_nodes, n); }
    Mark link(std::int32_t l) const { return at(m_links, l); }
    /// Merged mark of a group / bundle of layout level `level` (0 pods, 1 SUs, 2 racks).
    Mark group(size_t level, std::int32_t g) const { return level < m_groups.size() ? at(m_groups[level], g) : None; }
    Mark bundle(size_t level, std::int32_t b) const
    {
        return level < m_bundles.size() ? at(m_bundles[level], b) : None;
    }
    /// Marked hosts among the members of a group (for "32 of 128 hosts").
    int markedHosts(size_t level, std::int32_t g) const;

    const QString &title() const { return m_title; }
    /// Racks and links carrying each mark, as the semantic diff counts them.
    int rackCount(Mark mark) const { return m_rackCount[mark & 3]; }
    int linkCount(Mark mark) const { return m_linkCount[mark & 3]; }

    /// "added", "removed", "changed" (translated).
    static QString markName(Mark mark);
    /// The legend's rows: colour and text with the counts.
    std::vector<std::pair<QColor, QString>> legend() const;

private:
    static Mark at(const std::vector<std::uint8_t> &marks, std::int64_t i)
    {
        return i >= 0 && static_cast<size_t>(i) < marks.size() ? Mark(marks[static_cast<size_t>(i)]) : None;
    }

    QString m_title;
    QString m_legendText[4]; ///< per mark, for comparisons; empty for intent diffs
    int m_hostCount = 0;
    int m_switchCount = 0;
    std::vector<std::uint8_t> m_nodes;
    std::vector<std::uint8_t> m_links;
    std::vector<std::vector<std::uint8_t>> m_groups;  ///< per level, per group
    std::vector<std::vector<std::uint8_t>> m_bundles; ///< per level, per bundle
    std::vector<std::vector<int>> m_groupHosts;       ///< per level, per group: marked hosts
    int m_rackCount[4] = {0, 0, 0, 0};
    int m_linkCount[4] = {0, 0, 0, 0};
};

} // namespace Railyard
