#pragma once

// Effective link capacities under a what-if: the fabric's own link states
// plus links and switches the user marks as failed.

#include "core/model/fabric.h"

#include <cstdint>
#include <string>
#include <vector>

namespace Railyard {

/// Elements failed for a what-if, as indices into the fabric.
struct Failures
{
    std::vector<std::int32_t> links;
    std::vector<std::int32_t> switches; ///< switch indices (not node indices)

    bool empty() const { return links.empty() && switches.empty(); }
};

/// Resolves element ids (link or switch ids as they appear in the file) to
/// Failures. Returns false and sets *error naming the first unknown id.
bool resolveFailures(const Fabric &fabric, const std::vector<std::string> &ids, Failures *out,
                     std::string *error);

/// Capacity of every link, Gbit/s per direction, after failures: 0 for down
/// links and for links of failed switches, the degraded rate for degraded ones.
struct CapacityView
{
    std::vector<double> gbps;        ///< indexed by link
    std::vector<char> switchFailed;  ///< indexed by switch

    static CapacityView of(const Fabric &fabric, const Failures &failures = {});
    /// Every link at its nominal rate (capacityGbps, whatever its state) and
    /// no switch failed: the healthy fabric an impairment is priced against.
    static CapacityView nominal(const Fabric &fabric);
};

/// Ids of the hosts none of whose links carries anything in the view (cut off
/// by the what-if): a placement must leave them out.
std::vector<std::string> hostsWithoutCapacity(const Fabric &fabric, const CapacityView &capacity);

} // namespace Railyard
