#include "core/intents/grouppathlinks.h"

#include <algorithm>
#include <map>

namespace Railyard {

GroupPathLinks::GroupPathLinks(const IntentGrouping &grouping)
    : m_grouping(&grouping)
{
    const Fabric &fabric = grouping.fabric();
    fabric.prepare();
    std::map<std::vector<std::int32_t>, int> setIds;
    for (const HostGroup &g : grouping.groups()) {
        std::vector<std::int32_t> switches;
        for (const std::int32_t h : g.hosts) {
            const NodeIndex node = fabric.hostNode(h);
            for (const std::int32_t l : fabric.incidentLinks(node)) {
                const NodeIndex other = fabric.otherEnd(l, node);
                if (fabric.isSwitch(other))
                    switches.push_back(fabric.switchIndexOf(other));
            }
        }
        std::sort(switches.begin(), switches.end());
        switches.erase(std::unique(switches.begin(), switches.end()), switches.end());
        const auto [it, inserted] = setIds.emplace(switches, m_attachSetCount);
        if (inserted)
            ++m_attachSetCount;
        m_attachSet.push_back(it->second);
        m_attach.push_back(std::move(switches));
    }
}

void GroupPathLinks::markNicLinks(int group, std::vector<std::uint8_t> &marked) const
{
    const Fabric &fabric = m_grouping->fabric();
    for (const std::int32_t h : m_grouping->group(group).hosts) {
        for (const std::int32_t l : fabric.incidentLinks(fabric.hostNode(h)))
            marked[size_t(l)] = 1;
    }
}

void GroupPathLinks::mark(const std::vector<Block> &blocks, std::vector<std::uint8_t> &marked) const
{
    const Fabric &fabric = m_grouping->fabric();
    marked.resize(size_t(fabric.linkCount()), 0);
    const int groups = m_grouping->groupCount();

    // NIC links of every group in a block; per attachment set on the
    // anchored side, the groups on the other side (paths are symmetric, so
    // each block anchors the side with fewer distinct attachment sets).
    std::vector<char> nicDone(size_t(groups), 0);
    std::map<int, std::vector<char>> others;
    std::vector<char> seen(size_t(m_attachSetCount), 0);
    const auto distinctSets = [&](const std::vector<int> &side) {
        int n = 0;
        for (const int g : side) {
            if (g < groups && !seen[size_t(m_attachSet[size_t(g)])]) {
                seen[size_t(m_attachSet[size_t(g)])] = 1;
                ++n;
            }
        }
        for (const int g : side) {
            if (g < groups)
                seen[size_t(m_attachSet[size_t(g)])] = 0;
        }
        return n;
    };
    for (const Block &block : blocks) {
        for (const std::vector<int> *side : {block.from, block.to}) {
            for (const int g : *side) {
                if (g < groups && !nicDone[size_t(g)]) {
                    nicDone[size_t(g)] = 1;
                    markNicLinks(g, marked);
                }
            }
        }
        const bool anchorTo = distinctSets(*block.to) <= distinctSets(*block.from);
        const std::vector<int> &anchors = anchorTo ? *block.to : *block.from;
        const std::vector<int> &rest = anchorTo ? *block.from : *block.to;
        if (std::none_of(rest.begin(), rest.end(), [groups](int g) { return g < groups; }))
            continue;
        for (const int a : anchors) {
            if (a >= groups)
                continue;
            std::vector<char> &mask = others[m_attachSet[size_t(a)]];
            if (mask.empty())
                mask.assign(size_t(groups), 0);
            for (const int g : rest) {
                if (g < groups)
                    mask[size_t(g)] = 1;
            }
        }
    }
    if (others.empty())
        return;
    std::vector<int> anchorGroupOfSet(size_t(m_attachSetCount), -1);
    for (int g = 0; g < groups; ++g) {
        if (anchorGroupOfSet[size_t(m_attachSet[size_t(g)])] < 0)
            anchorGroupOfSet[size_t(m_attachSet[size_t(g)])] = g;
    }

    const std::int32_t switches = fabric.switchCount();
    std::vector<int> dist(static_cast<size_t>(switches));
    std::vector<std::int32_t> queue;
    std::vector<char> visited(static_cast<size_t>(switches));
    std::vector<std::int32_t> stack;
    for (const auto &[set, mask] : others) {
        // BFS from the anchor's attachment switches over switch-to-switch links.
        std::fill(dist.begin(), dist.end(), -1);
        queue.clear();
        for (const std::int32_t sw : m_attach[size_t(anchorGroupOfSet[size_t(set)])]) {
            dist[size_t(sw)] = 0;
            queue.push_back(sw);
        }
        for (size_t head = 0; head < queue.size(); ++head) {
            const std::int32_t sw = queue[head];
            const NodeIndex node = fabric.switchNode(sw);
            for (const std::int32_t l : fabric.incidentLinks(node)) {
                const NodeIndex other = fabric.otherEnd(l, node);
                if (!fabric.isSwitch(other))
                    continue;
                const std::int32_t o = fabric.switchIndexOf(other);
                if (dist[size_t(o)] < 0) {
                    dist[size_t(o)] = dist[size_t(sw)] + 1;
                    queue.push_back(o);
                }
            }
        }
        // Walk down the shortest-path DAG from the other groups' switches.
        std::fill(visited.begin(), visited.end(), 0);
        stack.clear();
        for (int g = 0; g < groups; ++g) {
            if (!mask[size_t(g)])
                continue;
            for (const std::int32_t sw : m_attach[size_t(g)]) {
                if (dist[size_t(sw)] >= 0 && !visited[size_t(sw)]) {
                    visited[size_t(sw)] = 1;
                    stack.push_back(sw);
                }
            }
        }
        while (!stack.empty()) {
            const std::int32_t sw = stack.back();
            stack.pop_back();
            const NodeIndex node = fabric.switchNode(sw);
            for (const std::int32_t l : fabric.incidentLinks(node)) {
                const NodeIndex other = fabric.otherEnd(l, node);
                if (!fabric.isSwitch(other))
                    continue;
                const std::int32_t o = fabric.switchIndexOf(other);
                if (dist[size_t(o)] != dist[size_t(sw)] - 1)
                    continue;
                marked[size_t(l)] = 1;
                if (!visited[size_t(o)]) {
                    visited[size_t(o)] = 1;
                    stack.push_back(o);
                }
            }
        }
    }
}

} // namespace Railyard
