#pragma once

// Max-min fair rates of flows pinned to paths, and when the slowest of them
// finishes: the network time of a collective phase under pinned routing
// (ECMP hashing, or the subnet manager's static tables).
//
// A collective is a barrier: a ring or tree step completes when its slowest
// connection does, and every connection of the phase stays active for the
// whole phase (each sends a share of every step). So the rates are computed
// once, with every flow active, by progressive filling (Bertsekas & Gallager,
// "Data Networks", 6.5.2): raise all rates together; when an arc is full,
// freeze the flows crossing it at their current rate; repeat with the rest.
// The phase takes max over flows of bytes ÷ rate.
//
// Arcs are directed links: 2 × link for a → b, 2 × link + 1 for b → a.

#include <cstdint>
#include <span>
#include <vector>

namespace Railyard {

/// Flows as paths of arcs, in compressed rows.
struct PinnedFlows
{
    std::vector<double> bytes;                ///< per flow
    std::vector<std::int32_t> pathBegin{0};   ///< flows + 1 offsets into arcs
    std::vector<std::int32_t> arcs;           ///< directed links, each flow's path in order

    size_t size() const { return bytes.size(); }
    void add(double flowBytes, std::span<const std::int32_t> path);
    void clear();
};

struct MaxMinResult
{
    std::vector<double> rate;        ///< bytes per second, per flow
    std::vector<std::int32_t> limit; ///< per flow: the arc that froze it (its bottleneck), -1 if none
    double seconds = 0;              ///< max over flows of bytes ÷ rate; +inf when a flow gets no rate
    std::int32_t slowestFlow = -1;
};

/// What maxMinFair must compute.
enum class MaxMinScope
{
    AllRates,   ///< every flow's rate and limit
    SlowestOnly ///< seconds, slowestFlow and that flow's rate and limit; the
                ///< filling stops once no unfrozen flow can be slower (their
                ///< rates are left at +inf and limits at -1)
};

/// Progressive filling over `arcBytesPerSecond` (indexed by arc). A flow
/// with an empty path is left at rate +inf (it takes no time). Cost:
/// O(P log A) for a total path length P over A arcs (a heap of the arcs'
/// fill levels), however many distinct fair shares there are.
/// SlowestOnly gives the same seconds, slowestFlow (the lowest index among
/// equally slow flows) and its rate and limit as AllRates. Every unfrozen
/// flow gets at least the current level, so once the largest unfrozen flow
/// at that level cannot beat the slowest so far the rest cannot either: with
/// equal bytes per connection (a ring's), that is after the first arc fills.
MaxMinResult maxMinFair(const PinnedFlows &flows, std::span<const double> arcBytesPerSecond,
                        MaxMinScope scope = MaxMinScope::AllRates);

} // namespace Railyard
