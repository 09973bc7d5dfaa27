#include "core/compare/fabricdiff.h"

namespace Railyard {

namespace {

DiffMarks emptyMarks(const Fabric &f)
{
    DiffMarks m;
    m.nodes.assign(size_t(f.nodeCount()), DiffMarks::None);
    m.links.assign(size_t(f.linkCount()), DiffMarks::None);
    return m;
}

void markNode(DiffMarks &m, const Fabric &f, const std::string &id, DiffMarks::Mark mark)
{
    if (const NodeIndex n = f.findNode(id); n >= 0)
        m.nodes[size_t(n)] |= mark;
}

/// A link of `f` by its id, else by its two ends (and ports where given).
std::int32_t findLink(const Fabric &f, const LinkRef &ref)
{
    if (const std::int32_t l = f.findLink(ref.id); l >= 0)
        return l;
    const NodeIndex a = f.findNode(ref.a), b = f.findNode(ref.b);
    if (a < 0 || b < 0)
        return -1;
    for (const std::int32_t l : f.incidentLinks(a)) {
        const Link &link = f.link(l);
        if ((link.a == a && link.b == b && (ref.portA < 0 || link.portA == ref.portA))
            || (link.a == b && link.b == a && (ref.portA < 0 || link.portB == ref.portA)))
            return l;
    }
    return -1;
}

void markLink(DiffMarks &m, const Fabric &f, const LinkRef &ref, DiffMarks::Mark mark)
{
    if (const std::int32_t l = findLink(f, ref); l >= 0) {
        m.links[size_t(l)] |= mark;
        const Link &link = f.link(l);
        m.nodes[size_t(link.a)] |= mark; // so the change shows at zoomed-out levels too
        m.nodes[size_t(link.b)] |= mark;
    } else {
        markNode(m, f, ref.a, mark); // the link is not in this fabric: its ends that are
        markNode(m, f, ref.b, mark);
    }
}

} // namespace

DiffMarks diffMarksOn(const FabricDiff &diff, const Fabric &after)
{
    DiffMarks m = emptyMarks(after);
    for (const auto *ids : {&diff.addedHosts, &diff.addedSwitches})
        for (const std::string &id : *ids)
            markNode(m, after, id, DiffMarks::Added);
    for (const auto *changes : {&diff.changedHosts, &diff.changedSwitches})
        for (const ElementChange &c : *changes)
            markNode(m, after, c.id, DiffMarks::Changed);
    for (const LinkRef &l : diff.addedLinks)
        markLink(m, after, l, DiffMarks::Added);
    for (const FabricLinkChange &c : diff.changedLinks)
        markLink(m, after, c.after, DiffMarks::Changed);
    for (const LinkRef &l : diff.removedLinks)
        markLink(m, after, l, DiffMarks::Removed);
    m.nodeCount[DiffMarks::Added] = int(diff.addedHosts.size() + diff.addedSwitches.size());
    m.nodeCount[DiffMarks::Removed] = int(diff.removedHosts.size() + diff.removedSwitches.size());
    m.nodeCount[DiffMarks::Changed] = int(diff.changedHosts.size() + diff.changedSwitches.size());
    m.linkCount[DiffMarks::Added] = int(diff.addedLinks.size());
    m.linkCount[DiffMarks::Removed] = int(diff.removedLinks.size());
    m.linkCount[DiffMarks::Changed] = int(diff.changedLinks.size());
    return m;
}

DiffMarks cablingMarksOn(const CablingReport &report, const Fabric &design)
{
    DiffMarks m = emptyMarks(design);
    for (const CablingFinding &f : report.findings) {
        DiffMarks::Mark mark = DiffMarks::Changed;
        switch (f.kind) {
        case CablingFinding::Kind::Missing: mark = DiffMarks::Removed; break;
        case CablingFinding::Kind::Extra: mark = DiffMarks::Added; break;
        case CablingFinding::Kind::Miswired:
        case CablingFinding::Kind::Swapped:
        case CablingFinding::Kind::WrongSpeed:
        case CablingFinding::Kind::Unverifiable: mark = DiffMarks::Changed; break;
        }
        ++m.linkCount[mark];
        for (const LinkRef &l : f.design)
            markLink(m, design, l, mark);
        if (f.design.empty())
            for (const LinkRef &l : f.discovered)
                markLink(m, design, l, mark); // an extra cable: its ends, where the design has them
    }
    return m;
}

} // namespace Railyard
