#include "core/analysis/fmrefiner.h"

#include "core/analysis/maxflow.h"

#include <algorithm>
#include <queue>

namespace Railyard {

FmRefiner::FmRefiner(const Fabric &fabric, const CapacityView &capacity)
{
    const auto n = static_cast<size_t>(fabric.nodeCount());
    m_gpus.assign(n, 0);
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        m_gpus[static_cast<size_t>(h)] = fabric.host(h).gpus;
        m_maxHostGpus = std::max(m_maxHostGpus, fabric.host(h).gpus);
    }
    m_offsets.assign(n + 1, 0);
    for (std::int32_t i = 0; i < fabric.linkCount(); ++i) {
        const Link &l = fabric.link(i);
        if (capacity.gbps[static_cast<size_t>(i)] <= 0 || l.a == l.b)
            continue;
        ++m_offsets[static_cast<size_t>(l.a) + 1];
        ++m_offsets[static_cast<size_t>(l.b) + 1];
    }
    for (size_t i = 0; i < n; ++i)
        m_offsets[i + 1] += m_offsets[i];
    m_neighbours.resize(static_cast<size_t>(m_offsets[n]));
    m_weights.resize(static_cast<size_t>(m_offsets[n]));
    std::vector<std::int32_t> fill(m_offsets.begin(), m_offsets.end() - 1);
    for (std::int32_t i = 0; i < fabric.linkCount(); ++i) {
        const Link &l = fabric.link(i);
        const std::int64_t w = toMbps(capacity.gbps[static_cast<size_t>(i)]);
        if (w <= 0 || l.a == l.b)
            continue;
        auto put = [&](NodeIndex from, NodeIndex to) {
            const auto at = static_cast<size_t>(fill[static_cast<size_t>(from)]++);
            m_neighbours[at] = to;
            m_weights[at] = w;
        };
        put(l.a, l.b);
        put(l.b, l.a);
    }
}

std::int64_t FmRefiner::cutMbps(const std::vector<char> &side) const
{
    std::int64_t cut = 0;
    for (size_t v = 0; v + 1 < m_offsets.size(); ++v)
        for (auto e = m_offsets[v]; e < m_offsets[v + 1]; ++e) {
            const auto u = static_cast<size_t>(m_neighbours[static_cast<size_t>(e)]);
            if (v < u && side[v] != side[u])
                cut += m_weights[static_cast<size_t>(e)];
        }
    return cut;
}

std::int64_t FmRefiner::refine(std::vector<char> &side, long long targetGpus, int passes,
                               const std::atomic<bool> *cancel) const
{
    long long gpusA = 0;
    for (size_t v = 0; v < m_gpus.size(); ++v)
        if (side[v] == 0)
            gpusA += m_gpus[v];
    std::int64_t cut = cutMbps(side);
    for (int p = 0; p < passes; ++p) {
        if (cancel && cancel->load())
            break;
        const std::int64_t next = pass(side, gpusA, targetGpus, cut);
        if (next >= cut)
            break;
        cut = next;
    }
    return cut;
}

std::int64_t FmRefiner::pass(std::vector<char> &side, long long &gpusA, long long targetGpus, std::int64_t cut) const
{
    const size_t n = m_gpus.size();
    std::vector<std::int64_t> gain(n, 0);
    std::vector<std::uint32_t> stamp(n, 0);
    std::vector<char> locked(n, 0);
    for (size_t v = 0; v < n; ++v)
        for (auto e = m_offsets[v]; e < m_offsets[v + 1]; ++e) {
            const auto u = static_cast<size_t>(m_neighbours[static_cast<size_t>(e)]);
            gain[v] += side[u] != side[v] ? m_weights[static_cast<size_t>(e)] : -m_weights[static_cast<size_t>(e)];
        }

    struct Entry
    {
        std::int64_t gain;
        std::uint32_t node;
        std::uint32_t stamp;
        bool operator<(const Entry &o) const { return gain != o.gain ? gain < o.gain : node > o.node; }
    };
    // Heaps: [side][isHost]
    std::priority_queue<Entry> heaps[2][2];
    auto push = [&](size_t v) { heaps[static_cast<size_t>(side[v])][m_gpus[v] > 0 ? 1 : 0].push({gain[v], static_cast<std::uint32_t>(v), stamp[v]}); };
    for (size_t v = 0; v < n; ++v)
        push(v);

    auto top = [&](std::priority_queue<Entry> &h) -> const Entry * {
        while (!h.empty()) {
            const Entry &e = h.top();
            if (!locked[e.node] && stamp[e.node] == e.stamp && side[e.node] == side[e.node])
                return &e;
            h.pop();
        }
        return nullptr;
    };

    std::vector<std::uint32_t> moves;
    moves.reserve(n);
    std::int64_t current = cut, best = cut;
    size_t bestPrefix = 0;
    const bool startBalanced = gpusA == targetGpus;
    if (!startBalanced)
        best = INT64_MAX;
    const size_t patience = std::max<size_t>(2000, n / 10);
    size_t sinceBest = 0;

    while (sinceBest < patience) {
        const Entry *choice = nullptr;
        int choiceSide = -1, choiceKind = -1;
        for (int s = 0; s < 2; ++s)
            for (int kind = 0; kind < 2; ++kind) {
                const Entry *e = top(heaps[s][kind]);
                if (!e)
                    continue;
                if (kind == 1) {
                    const long long g = m_gpus[e->node];
                    const long long after = s == 0 ? gpusA - g : gpusA + g;
                    if (after < targetGpus - m_maxHostGpus || after > targetGpus + m_maxHostGpus)
                        continue;
                }
                if (!choice || e->gain > choice->gain) {
                    choice = e;
                    choiceSide = s;
                    choiceKind = kind;
                }
            }
        if (!choice)
            break;
        const size_t v = choice->node;
        heaps[choiceSide][choiceKind].pop();
        // Move v.
        current -= gain[v];
        const char from = side[v];
        side[v] = static_cast<char>(1 - from);
        gpusA += from == 0 ? -m_gpus[v] : m_gpus[v];
        locked[v] = 1;
        moves.push_back(static_cast<std::uint32_t>(v));
        for (auto e = m_offsets[v]; e < m_offsets[v + 1]; ++e) {
            const auto u = static_cast<size_t>(m_neighbours[static_cast<size_t>(e)]);
            if (locked[u])
                continue;
            const std::int64_t w = m_weights[static_cast<size_t>(e)];
            gain[u] += side[u] == from ? 2 * w : -2 * w;
            ++stamp[u];
            push(u);
        }
        ++sinceBest;
        if (gpusA == targetGpus && current < best) {
            best = current;
            bestPrefix = moves.size();
            sinceBest = 0;
        }
    }
    // Roll back the moves after the best balanced prefix.
    for (size_t i = moves.size(); i > bestPrefix; --i) {
        const size_t v = moves[i - 1];
        const char now = side[v];
        side[v] = static_cast<char>(1 - now);
        gpusA += now == 0 ? -m_gpus[v] : m_gpus[v];
    }
    return best == INT64_MAX ? cut : best;
}

} // namespace Railyard
