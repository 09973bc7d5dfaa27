#include "views/canvas/comparisonoverlay.h"

#include "core/compare/fabricdiff.h"
#include "core/intents/intentsemanticdiff.h"
#include "core/layout/fabriclayout.h"
#include "views/canvas/colours.h"

#include <QLocale>

namespace Railyard {

namespace {

ComparisonOverlay::Mark markOf(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::Added: return ComparisonOverlay::Added;
    case ChangeKind::Removed: return ComparisonOverlay::Removed;
    case ChangeKind::Changed: return ComparisonOverlay::Changed;
    }
    return ComparisonOverlay::None;
}

} // namespace

ComparisonOverlay::ComparisonOverlay(const SemanticDiff &diff, const Fabric &fabric, QString title)
    : m_title(std::move(title))
    , m_hostCount(fabric.hostCount())
    , m_switchCount(fabric.switchCount())
    , m_nodes(static_cast<size_t>(fabric.nodeCount()), None)
    , m_links(static_cast<size_t>(fabric.linkCount()), None)
{
    for (const RackChange &rack : diff.racks) {
        const Mark mark = markOf(rack.kind);
        ++m_rackCount[mark];
        for (const std::int32_t h : rack.hosts)
            if (fabric.isHost(fabric.hostNode(h)))
                m_nodes[static_cast<size_t>(fabric.hostNode(h))] |= mark;
    }
    for (const LinkChange &change : diff.links) {
        if (change.link < 0 || change.link >= fabric.linkCount())
            continue;
        const Mark mark = markOf(change.kind);
        ++m_linkCount[mark];
        m_links[static_cast<size_t>(change.link)] = mark;
        // Switches on the paths carry the changed traffic too: mark them so
        // their groups show at the zoomed-out levels.
        const Link &link = fabric.link(change.link);
        for (const NodeIndex end : {link.a, link.b})
            if (fabric.isSwitch(end))
                m_nodes[static_cast<size_t>(end)] |= mark;
    }
}

ComparisonOverlay::ComparisonOverlay(const DiffMarks &marks, const Fabric &fabric, QString title, QString added,
                                     QString removed, QString changed, QString unmarked)
    : m_title(std::move(title))
    , m_hostCount(fabric.hostCount())
    , m_switchCount(fabric.switchCount())
    , m_nodes(marks.nodes)
    , m_links(marks.links)
{
    m_nodes.resize(static_cast<size_t>(fabric.nodeCount()), None);
    m_links.resize(static_cast<size_t>(fabric.linkCount()), None);
    m_legendText[Added] = std::move(added);
    m_legendText[Removed] = std::move(removed);
    m_legendText[Changed] = std::move(changed);
    m_legendText[None] = std::move(unmarked);
}

bool ComparisonOverlay::fits(const Fabric &fabric) const
{
    return fabric.hostCount() == m_hostCount && fabric.switchCount() == m_switchCount
        && static_cast<size_t>(fabric.linkCount()) == m_links.size();
}

void ComparisonOverlay::setLayout(const FabricLayout &layout)
{
    const auto &levels = layout.levels();
    m_groups.assign(levels.size(), {});
    m_bundles.assign(levels.size(), {});
    m_groupHosts.assign(levels.size(), {});
    for (size_t i = 0; i < levels.size(); ++i) {
        const LayoutLevel &level = levels[i];
        auto &groups = m_groups[i];
        auto &hosts = m_groupHosts[i];
        groups.assign(level.groups.size(), None);
        hosts.assign(level.groups.size(), 0);
        const size_t nodes = std::min(level.groupOfNode.size(), m_nodes.size());
        for (size_t n = 0; n < nodes; ++n) {
            const std::uint8_t mark = m_nodes[n];
            const std::int32_t g = level.groupOfNode[n];
            if (!mark || g < 0 || static_cast<size_t>(g) >= groups.size())
                continue;
            groups[static_cast<size_t>(g)] |= mark;
            if (static_cast<std::int32_t>(n) < m_hostCount)
                ++hosts[static_cast<size_t>(g)];
        }
        auto &bundles = m_bundles[i];
        bundles.assign(level.bundles.size(), None);
        for (size_t b = 0; b < level.bundles.size(); ++b) {
            std::uint8_t mark = None;
            for (const std::int32_t l : level.bundles[b].links) {
                mark |= link(l);
                if (mark == Changed)
                    break;
            }
            bundles[b] = mark;
        }
    }
}

int ComparisonOverlay::markedHosts(size_t level, std::int32_t g) const
{
    if (level >= m_groupHosts.size() || g < 0 || static_cast<size_t>(g) >= m_groupHosts[level].size())
        return 0;
    return m_groupHosts[level][static_cast<size_t>(g)];
}

QString ComparisonOverlay::markName(Mark mark)
{
    switch (mark) {
    case Added: return tr("added");
    case Removed: return tr("removed");
    case Changed: return tr("changed");
    case None: break;
    }
    return tr("unchanged");
}

std::vector<std::pair<QColor, QString>> ComparisonOverlay::legend() const
{
    if (!m_legendText[Added].isEmpty() || !m_legendText[Removed].isEmpty() || !m_legendText[Changed].isEmpty()) {
        std::vector<std::pair<QColor, QString>> rows;
        for (const Mark mark : {Added, Removed, Changed})
            if (!m_legendText[mark].isEmpty())
                rows.emplace_back(intentDiffColour(mark), m_legendText[mark]);
        rows.emplace_back(intentDiffColour(None), m_legendText[None].isEmpty() ? tr("unchanged") : m_legendText[None]);
        return rows;
    }
    const QLocale locale;
    auto counts = [&](Mark m) {
        return tr("%1 racks, %2 links").arg(locale.toString(rackCount(m)), locale.toString(linkCount(m)));
    };
    return {
        {intentDiffColour(Added), tr("added: newly allowed (%1)").arg(counts(Added))},
        {intentDiffColour(Removed), tr("removed: newly denied (%1)").arg(counts(Removed))},
        {intentDiffColour(Changed), tr("changed: both (%1)").arg(counts(Changed))},
        {intentDiffColour(None), tr("unaffected")},
    };
}

} // namespace Railyard
