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
    /// NCCL's channels between the two NICs: connections of their own, each
    /// with its queue pairs (RoutingOptions::qpsPerConnection). 0: the
    /// routing's default (RoutingOptions::flowletsPerFlow).
    int channels = 0;
    /// Bytes of one call of the collective on this flow (bytes may add up
    /// many calls): with NCCL_IB_SPLIT_DATA_ON_QPS=0 a call of few messages
    /// uses few of a connection's queue pairs. 0: many messages.
    double callBytes = 0.0;
};

/// Bytes carried per link, per direction is not distinguished: the larger of
/// the two directions is what limits, so loads are kept per direction.
struct LinkLoads
{
    std::vector<double> bytesAB; ///< per link, from end a to end b
    std::vector<double> bytesBA; ///< per link, from end b to end a
};

} // namespace Railyard
