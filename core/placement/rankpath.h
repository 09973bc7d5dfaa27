#pragma once

// The network path a rank's pipeline traffic takes to its neighbouring
// stage: rank → GPU → NIC (on the GPU's rail) → leaf → … → leaf → NIC → GPU
// of the peer, over links that carry something under the what-if.

#include "core/analysis/capacity.h"
#include "core/jobs/jobspec.h"
#include "core/jobs/placement.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace Railyard {

struct RankPath
{
    std::int32_t rank = -1;
    std::int32_t peer = -1;
    bool toPrevious = false;   ///< last stage: the path goes to the previous stage
    bool sameHost = false;     ///< the peer shares the host: NVLink only, no links
    int rail = -1;             ///< rail of the rank's GPU
    int peerRail = -1;
    std::int32_t srcNic = -1;  ///< the rank's NIC link (its rail's, else any live one); -1 if none is live
    std::int32_t dstNic = -1;
    std::vector<NodeIndex> switches;  ///< leaf … leaf; empty when the leaves are not connected
    std::vector<std::int32_t> links;  ///< NIC link, switch-to-switch links, NIC link, in order

    bool reachable() const { return sameHost || !switches.empty(); }
};

/// The path from rank to its next pipeline stage (the previous one for the
/// last stage): shortest in hops over live switch links (BFS). std::nullopt
/// when the job has a single stage. O(S + L).
std::optional<RankPath> pipelinePeerPath(const Fabric &fabric, const CapacityView &capacity,
                                         const Parallelism &parallel, const Placement &placement, std::int32_t rank);

} // namespace Railyard
