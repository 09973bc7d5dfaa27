#pragma once

// Where the ranks of a training job run: rank r -> (host, GPU slot).
// Produced by the placement strategies (placer.h), consumed by the traffic
// model and the views.

#include "core/model/fabric.h"

#include <cstdint>
#include <string>
#include <vector>

namespace Railyard {

struct RankSlot
{
    std::int32_t host = -1; ///< host index in the fabric
    int gpu = 0;            ///< GPU slot within the host, 0..gpus-1; GPU g uses NIC/rail g % rails
};

struct Placement
{
    std::string jobName;
    std::vector<RankSlot> ranks; ///< indexed by global rank
    std::string strategy;        ///< "topology", "linear", "random"
    std::string rankOrder;       ///< dimensions fastest first over the placed GPUs, e.g. "tp, cp, dp, pp"
    /// Which host takes which block of ranks: "" as the strategy placed them,
    /// "random (seed 1)", "as the host list gives it" (PlacementOptions::rankOrder).
    std::string hostOrder;
    std::vector<std::string> warnings; ///< e.g. TP groups that had to span hosts
};

} // namespace Railyard
