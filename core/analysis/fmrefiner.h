#pragma once

// Fiduccia–Mattheyses local search for a balanced cut. It partitions every
// node (hosts and switches) into two sides; hosts weigh their GPU count,
// switches weigh nothing, and the GPU count of side 0 must end exactly at its
// target. Each pass moves the unlocked node with the best gain (cut capacity
// removed) that keeps the balance within one host, then rolls back to the
// best balanced prefix. O(E log V) per pass.

#include "core/analysis/capacity.h"
#include "core/model/fabric.h"

#include <atomic>
#include <cstdint>
#include <vector>

namespace Railyard {

class FmRefiner
{
public:
    FmRefiner(const Fabric &fabric, const CapacityView &capacity);

    /// Cut capacity of a node partition (one entry per node), Mbit/s.
    std::int64_t cutMbps(const std::vector<char> &nodeSide) const;

    /// Improves nodeSide in place; side 0 keeps exactly targetGpus GPUs when
    /// it starts so. Returns the final cut in Mbit/s.
    std::int64_t refine(std::vector<char> &nodeSide, long long targetGpus, int passes,
                        const std::atomic<bool> *cancel = nullptr) const;

private:
    std::int64_t pass(std::vector<char> &side, long long &gpusA, long long targetGpus, std::int64_t cut) const;

    std::vector<std::int32_t> m_offsets;
    std::vector<std::int32_t> m_neighbours;
    std::vector<std::int64_t> m_weights;
    std::vector<int> m_gpus; ///< per node; 0 for switches
    int m_maxHostGpus = 1;
};

} // namespace Railyard
