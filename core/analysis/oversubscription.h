#pragma once

// Oversubscription = capacity toward the tier below ÷ capacity toward the
// tier above, per switch and per tier. Hosts count as the tier below leaves.

#include "core/analysis/capacity.h"
#include "core/model/fabric.h"

#include <cstdint>
#include <vector>

namespace Railyard {

struct SwitchOversubscription
{
    std::int32_t switchIndex = -1;
    double downGbps = 0.0;
    double upGbps = 0.0;
    /// down / up; +infinity when the switch has downlinks and no uplink
    /// capacity, NaN when it has neither or is a top-tier switch.
    double ratio = 0.0;
};

struct TierOversubscription
{
    Tier tier = Tier::Leaf;
    int switches = 0;
    double downGbps = 0.0;
    double upGbps = 0.0;
    double ratio = 0.0;       ///< aggregate down / up; NaN for the top tier
    double worstRatio = 0.0;  ///< highest switch ratio; NaN for the top tier
    std::int32_t worstSwitch = -1;
    bool isTop = false;       ///< no switch of this tier has uplinks by design
};

struct OversubscriptionResult
{
    std::vector<SwitchOversubscription> perSwitch; ///< indexed by switch
    std::vector<TierOversubscription> tiers;       ///< leaf, spine, core present in the fabric
};

/// O(L). Unlayered switches get NaN and no tier entry.
OversubscriptionResult analyzeOversubscription(const Fabric &fabric, const CapacityView &capacity);

} // namespace Railyard
