#pragma once

// The traffic of one collective algorithm (internal to the collective
// model): bytes each GPU moves over NVLink or PCIe, the network flows
// between NVLink units, and the algorithm's latency steps.
//
// An NVLink unit is what NCCL treats as one node: a host, or every
// participating host of one multi-host NVLink domain (Host::nvlinkDomain,
// a GB200 NVL72 rack), whose GPUs reach each other over NVLink. Rings and
// trees run across units; channel c of a unit leaves from the unit's c-th
// GPU through that GPU's NIC (rail).

#include "core/traffic/collectivemodel.h"
#include "core/traffic/flows.h"

#include <algorithm>
#include <vector>

namespace Railyard::CollectivePlan {

struct Unit
{
    std::vector<HostRanks> hosts; ///< in ring order
    int gpus = 0;
    std::string domain; ///< the NVLink domain's name; empty for a lone host
};

/// Groups the ring-ordered hosts into NVLink units, in order of first appearance.
std::vector<Unit> unitsOf(const Fabric &fabric, const std::vector<HostRanks> &hosts);

struct Plan
{
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::Ring;
    double intraBytesPerGpu = 0.0;
    bool nvlsIntra = false; ///< intra bytes go through the NVSwitch's reduction (NVLS bandwidth)
    std::vector<Flow> flows;
    double intraSteps = 0.0;
    double netSteps = 0.0;
};

class Planner
{
public:
    Planner(const Fabric &fabric, const std::vector<HostRanks> &hosts, double bytes);

    Plan plan(CollectiveOp op, CollectiveAlgorithm algorithm) const;

    /// NCCL's channels across units (docs/traffic-model.md, "Connections
    /// per peer"): rings and trees leave each unit on `nics` NICs (its
    /// search channels, at most g), each carrying g / nics of a GPU's share,
    /// with `perNic` connections each; all-to-all uses `p2pPerPeer`
    /// connections per peer. Unset: g NICs, one connection each.
    void setChannels(int nics, int perNic, int p2pPerPeer)
    {
        m_netChannels = nics;
        m_channelsPerNic = perNic;
        m_p2pPerPeer = p2pPerPeer;
    }
    /// NICs a ring or tree leaves each unit on.
    int netChannels() const { return m_netChannels > 0 ? std::min(m_netChannels, g) : g; }

    int n = 0; ///< ranks
    int g = 0; ///< most ranks in one NVLink unit
    int M = 0; ///< NVLink units (hosts, or multi-host domains)
    const std::vector<Unit> &units() const { return m_units; }

private:
    struct End
    {
        std::int32_t host;
        int rail;
    };
    /// GPU c of unit u (wrapping around a smaller unit) and its NIC's rail.
    End end(int u, int c) const;
    void nvlsIntra(Plan &p) const;
    void hierarchicalIntra(Plan &p) const;
    void ring(Plan &p, double bytesPerChannel, bool closed) const;
    void doubleBinaryTree(Plan &p, double bytesPerTreePerChannel) const;
    void allToAll(Plan &p, bool pxn) const;

    const Fabric &m_fabric;
    std::vector<Unit> m_units;
    double S = 0.0;
    int m_netChannels = 0;
    int m_channelsPerNic = 0;
    int m_p2pPerPeer = 0;
};

/// Parent of `rank` in NCCL's binary tree of n ranks (ncclGetBtree), -1 for
/// the root (rank 0).
int btreeParent(int n, int rank);

} // namespace Railyard::CollectivePlan
