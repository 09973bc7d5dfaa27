#include "core/traffic/maxmin.h"

#include <algorithm>
#include <functional>
#include <limits>

namespace Railyard {

void PinnedFlows::add(double flowBytes, std::span<const std::int32_t> path)
{
    bytes.push_back(flowBytes);
    arcs.insert(arcs.end(), path.begin(), path.end());
    pathBegin.push_back(static_cast<std::int32_t>(arcs.size()));
}

void PinnedFlows::clear()
{
    bytes.clear();
    arcs.clear();
    pathBegin.assign(1, 0);
}

MaxMinResult maxMinFair(const PinnedFlows &flows, std::span<const double> capacity, MaxMinScope scope)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    const size_t F = flows.size();
    const size_t A = capacity.size();
    MaxMinResult out;
    out.rate.assign(F, inf);
    out.limit.assign(F, -1);

    // Arc → flows (compressed rows), and the arcs in use.
    std::vector<std::int32_t> count(A, 0);
    for (std::int32_t a : flows.arcs)
        ++count[static_cast<size_t>(a)];
    std::vector<std::int32_t> begin(A + 1, 0);
    for (size_t a = 0; a < A; ++a)
        begin[a + 1] = begin[a] + count[a];
    std::vector<std::int32_t> members(flows.arcs.size());
    {
        std::vector<std::int32_t> fill(begin.begin(), begin.end() - 1);
        for (size_t f = 0; f < F; ++f)
            for (std::int32_t k = flows.pathBegin[f]; k < flows.pathBegin[f + 1]; ++k)
                members[static_cast<size_t>(fill[static_cast<size_t>(flows.arcs[static_cast<size_t>(k)])]++)]
                    = static_cast<std::int32_t>(f);
    }
    // Every unfrozen flow has the same rate, the level. An arc with capacity
    // c, the rates `frozen` of its frozen flows and n unfrozen ones is full
    // when the level reaches (c - frozen) / n: its fill level. The arc with
    // the lowest fill level is the next to be full; its unfrozen flows freeze
    // at that level, which raises the fill level of every other arc on their
    // paths (never below the level: the arc was not full). A heap of fill
    // levels, stale entries skipped, makes the whole O(P log A) for a total
    // path length P, whatever the number of distinct shares (hashing leaves
    // thousands of them).
    std::vector<double> frozenRate(A, 0.0);
    auto fillLevel = [&](size_t a, double level) {
        return std::max(level, std::max(0.0, capacity[a] - frozenRate[a]) / count[a]);
    };
    using Entry = std::pair<double, std::int32_t>;
    std::vector<Entry> heap;
    std::vector<double> current(A, inf); ///< the valid heap key per arc
    for (size_t a = 0; a < A; ++a)
        if (count[a] > 0) {
            current[a] = fillLevel(a, 0.0);
            heap.emplace_back(current[a], static_cast<std::int32_t>(a));
        }
    const auto later = std::greater<Entry>();
    std::make_heap(heap.begin(), heap.end(), later);
    std::vector<char> frozen(F, 0);
    // The arcs whose fill level the flows frozen at one arc changed: their
    // new level is pushed once, after all of that arc's flows froze (the
    // levels in between could not be popped: they were stale at once).
    std::vector<std::int32_t> touched;
    std::vector<char> isTouched(A, 0);

    // SlowestOnly: the flows that count (a path and some bytes) by bytes,
    // largest first, and the slowest frozen so far.
    auto counts = [&](size_t f) { return flows.pathBegin[f] != flows.pathBegin[f + 1] && flows.bytes[f] > 0; };
    const bool early = scope == MaxMinScope::SlowestOnly;
    std::vector<std::int32_t> byBytes;
    size_t largest = 0;  // first unfrozen position in byBytes
    size_t lowest = 0;   // lowest unfrozen counted flow index
    double slowest = -1; // seconds of the slowest frozen counted flow
    std::int32_t slowestFlow = -1;
    if (early) {
        for (size_t f = 0; f < F; ++f)
            if (counts(f))
                byBytes.push_back(static_cast<std::int32_t>(f));
        std::stable_sort(byBytes.begin(), byBytes.end(), [&](std::int32_t a, std::int32_t b) {
            return flows.bytes[static_cast<size_t>(a)] > flows.bytes[static_cast<size_t>(b)];
        });
    }

    while (!heap.empty()) {
        std::pop_heap(heap.begin(), heap.end(), later);
        const auto [level, arc] = heap.back();
        heap.pop_back();
        const auto s = static_cast<size_t>(arc);
        if (count[s] == 0 || level != current[s])
            continue; // stale
        for (std::int32_t k = begin[s]; k < begin[s + 1]; ++k) {
            const auto f = static_cast<size_t>(members[static_cast<size_t>(k)]);
            if (frozen[f])
                continue;
            frozen[f] = 1;
            out.rate[f] = level;
            out.limit[f] = arc;
            if (early && counts(f)) {
                const double seconds = level > 0 ? flows.bytes[f] / level : inf;
                if (seconds > slowest || (seconds == slowest && static_cast<std::int32_t>(f) < slowestFlow)) {
                    slowest = seconds;
                    slowestFlow = static_cast<std::int32_t>(f);
                }
            }
            for (std::int32_t p = flows.pathBegin[f]; p < flows.pathBegin[f + 1]; ++p) {
                const auto b = static_cast<size_t>(flows.arcs[static_cast<size_t>(p)]);
                --count[b];
                frozenRate[b] += level;
                if (!isTouched[b]) {
                    isTouched[b] = 1;
                    touched.push_back(static_cast<std::int32_t>(b));
                }
            }
        }
        for (const std::int32_t t : touched) {
            const auto b = static_cast<size_t>(t);
            isTouched[b] = 0;
            if (b == s || count[b] == 0) {
                current[b] = inf;
                continue;
            }
            const double next = fillLevel(b, level);
            if (next != current[b]) {
                current[b] = next;
                heap.emplace_back(next, t);
                std::push_heap(heap.begin(), heap.end(), later);
            }
        }
        touched.clear();
        current[s] = inf;
        if (early) {
            while (largest < byBytes.size() && frozen[static_cast<size_t>(byBytes[largest])])
                ++largest;
            while (lowest < F && (frozen[lowest] || !counts(lowest)))
                ++lowest;
            if (largest == byBytes.size())
                break;
            // Every unfrozen flow will get a rate of at least `level`.
            const double bound = level > 0 ? flows.bytes[static_cast<size_t>(byBytes[largest])] / level : inf;
            if (bound < slowest || (bound == slowest && static_cast<std::int32_t>(lowest) > slowestFlow))
                break;
        }
    }

    if (early) {
        if (slowestFlow >= 0) {
            out.seconds = slowest;
            out.slowestFlow = slowestFlow;
        }
        return out;
    }
    for (size_t f = 0; f < F; ++f) {
        if (!counts(f))
            continue;
        const double seconds = out.rate[f] > 0 ? flows.bytes[f] / out.rate[f] : inf;
        if (seconds > out.seconds || out.slowestFlow < 0) {
            out.seconds = seconds;
            out.slowestFlow = static_cast<std::int32_t>(f);
        }
    }
    return out;
}

} // namespace Railyard
