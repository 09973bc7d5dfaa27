#pragma once

// Bisection bandwidth: the minimum, over all splits of the GPUs into two
// equal halves (switches on either side), of the capacity crossing the split,
// per direction. Hosts are never split: a host's NVLink domain stays whole.
//
// Method by size and shape:
//  * Exact: at most `exactHostLimit` hosts — every balanced host split is
//    evaluated with max-flow (switches placed optimally).
//  * Tier cuts: layered fabrics (every switch leaf/spine/core, links only
//    between hosts and leaves or adjacent tiers) — host splits aligned to
//    racks, scalable units, pods and zones, each evaluated with max-flow.
//    Exact for symmetric Clos designs (checked: every switch of a tier has
//    the same down and up capacity and nothing is failed); otherwise the
//    result is refined with Fiduccia–Mattheyses and labelled an upper bound.
//  * Heuristic: any other graph — rack-, leaf-aligned and random balanced
//    candidates, refined by Fiduccia–Mattheyses, then max-flow. An upper bound.

#include "core/analysis/capacity.h"
#include "core/model/fabric.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace Railyard {

class SwitchFlowNetwork;

enum class BisectionMethod { Exact, TierCuts, Heuristic };
/// "exact", "tier-cuts", "heuristic".
const char *bisectionMethodName(BisectionMethod method);

struct BisectionOptions
{
    int exactHostLimit = 16;
    int randomCandidates = 4;
    int refinementPasses = 6;
    std::uint64_t seed = 1;
    /// Skip exact enumeration and tier cuts (used by tests to exercise the heuristic).
    bool forceHeuristic = false;
    /// Polled between candidates; when set, the analysis returns what it has.
    const std::atomic<bool> *cancel = nullptr;
    /// Threads evaluating candidate splits at once; 0: one per core.
    int threads = 0;
    /// A flow network already built for this fabric and capacity view (for a
    /// what-if: derived from the baseline's, see SwitchFlowNetwork); when
    /// null, the analysis builds its own.
    const SwitchFlowNetwork *network = nullptr;
};

struct BisectionResult
{
    double gbps = 0.0;     ///< capacity of the cut, Gbit/s per direction
    double fullGbps = 0.0; ///< (N/2) × per-GPU injection: half the hosts' nominal NIC capacity
    double ratio = 0.0;    ///< gbps / fullGbps
    BisectionMethod method = BisectionMethod::Exact;
    bool exact = false;    ///< false: gbps is an upper bound on the true bisection
    std::vector<std::int32_t> cutLinks; ///< links crossing the cut, sorted
    std::vector<char> hostSide;         ///< per host: 0 or 1
    std::string candidate;              ///< which candidate split produced the cut
    long long gpusSideA = 0;
    long long gpusSideB = 0;
    bool cancelled = false;
};

/// Computes the bisection. Complexity: one max-flow per candidate on the
/// switch graph with hosts collapsed into their switches.
BisectionResult analyzeBisection(const Fabric &fabric, const CapacityView &capacity,
                                 const BisectionOptions &options = {});

/// Capacity of the cut defined by a host split with switches placed optimally
/// (max-flow). Fills cutLinks if given. hostSide has one entry per host.
double minCutForHostSplit(const Fabric &fabric, const CapacityView &capacity,
                          const std::vector<char> &hostSide, std::vector<std::int32_t> *cutLinks = nullptr);

} // namespace Railyard
