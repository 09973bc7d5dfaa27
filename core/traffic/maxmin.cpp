#include "core/traffic/maxmin.h"

#include <algorithm>
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

MaxMinResult maxMinFair(const PinnedFlows &flows, std::span<const double> capacity)
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
    std::vector<std::int32_t> active; ///< arcs with unfrozen flows
    for (size_t a = 0; a < A; ++a)
        if (count[a] > 0)
            active.push_back(static_cast<std::int32_t>(a));
    std::vector<double> remaining(capacity.begin(), capacity.end());
    std::vector<char> frozen(F, 0);
    double level = 0; ///< the rate every unfrozen flow has reached

    while (!active.empty()) {
        // The next arc to fill: the smallest fair share of what is left.
        double share = inf;
        for (std::int32_t a : active) {
            const auto s = static_cast<size_t>(a);
            share = std::min(share, std::max(0.0, remaining[s]) / count[s]);
        }
        // Every unfrozen flow gains `share`; arcs whose share is (within
        // rounding) the smallest are full: freeze their flows.
        const double tolerance = share * 1e-12;
        level += share;
        for (std::int32_t a : active) {
            const auto s = static_cast<size_t>(a);
            remaining[s] -= share * count[s];
        }
        for (std::int32_t a : active) {
            const auto s = static_cast<size_t>(a);
            if (count[s] == 0 || remaining[s] > tolerance * std::max(1, count[s]))
                continue;
            for (std::int32_t k = begin[s]; k < begin[s + 1]; ++k) {
                const auto f = static_cast<size_t>(members[static_cast<size_t>(k)]);
                if (frozen[f])
                    continue;
                frozen[f] = 1;
                out.rate[f] = level;
                out.limit[f] = a;
                for (std::int32_t p = flows.pathBegin[f]; p < flows.pathBegin[f + 1]; ++p)
                    --count[static_cast<size_t>(flows.arcs[static_cast<size_t>(p)])];
            }
        }
        std::erase_if(active, [&](std::int32_t a) { return count[static_cast<size_t>(a)] == 0; });
    }

    for (size_t f = 0; f < F; ++f) {
        if (flows.pathBegin[f] == flows.pathBegin[f + 1] || !(flows.bytes[f] > 0))
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
