#pragma once

// Point-to-point network transfers between hosts, the unit the routing
// models place onto links.

#include <cstdint>
#include <vector>

namespace Railyard {

struct Flow
{
    std::int32_t srcHost = -1;
    std::int32_t dstHost = -1;
    int srcRail = -1; ///< NIC rail used at the source (-1: any / spread over all NICs)
    int dstRail = -1; ///< NIC rail at the destination (-1: any)
    double bytes = 0.0;
};

/// Bytes carried per link, per direction is not distinguished: the larger of
/// the two directions is what limits, so loads are kept per direction.
struct LinkLoads
{
    std::vector<double> bytesAB; ///< per link, from end a to end b
    std::vector<double> bytesBA; ///< per link, from end b to end a
};

} // namespace Railyard
