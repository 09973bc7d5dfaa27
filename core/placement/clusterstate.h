#pragma once

// Which GPUs of a fabric are free, excluded or in use by placed jobs; a
// queue of jobs placed in order; and how fragmented the free space is.

#include "core/jobs/jobspec.h"
#include "core/model/fabric.h"
#include "core/jobs/placement.h"
#include "core/placement/placer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace Railyard {

/// Largest free domain at each tier. A host is free when it is not excluded
/// and none of its GPUs is in use; counts are free hosts.
struct Fragmentation
{
    long long freeGpus = 0; ///< free GPUs, on free and partly used hosts
    int freeHosts = 0;
    int bestRackFreeHosts = 0; ///< free hosts in the rack with the most
    int bestSuFreeHosts = 0;
    int bestPodFreeHosts = 0;
    int bestZoneFreeHosts = 0;
    int largestContiguousFreeHosts = 0; ///< longest run of free hosts in location order

    bool operator==(const Fragmentation &) const = default;
};

/// The placement state of one fabric. Keeps a reference to the fabric, which
/// must outlive it. GPU-level occupancy: placements may share hosts.
class ClusterState
{
public:
    explicit ClusterState(const Fabric &fabric);

    const Fabric &fabric() const { return m_fabric; }
    /// Hosts in location order (zone, pod, SU, rack, then fabric index).
    const std::vector<std::int32_t> &locationOrder() const { return m_order; }

    /// Excludes a host for every later placement (a degraded node).
    void excludeHost(std::int32_t host) { m_excluded[size_t(host)] = 1; }
    bool isExcluded(std::int32_t host) const { return m_excluded[size_t(host)] != 0; }
    /// Marks GPUs 0..gpus-1 of a host in use by work outside this state (a
    /// running job Railyard did not place). Clamped to the host's GPUs.
    void markBusy(std::int32_t host, int gpus);
    bool isGpuFree(std::int32_t host, int gpu) const;
    int freeGpus(std::int32_t host) const;
    /// Not excluded and no GPU in use.
    bool isHostFree(std::int32_t host) const;
    long long freeGpuCount() const;

    /// Places a job on free GPUs (also avoiding options.excludedHosts) and
    /// marks them in use. Throws PlacementError when it does not fit or an
    /// excluded id is unknown; the state is then unchanged.
    const Placement &place(const JobSpec &job, const PlacementOptions &options);
    /// Records a placement made on this state elsewhere (placeJob,
    /// evaluateJob) and marks its GPUs in use.
    void add(Placement placement);
    /// Frees a placed job's GPUs; false if no job has that name.
    bool release(const std::string &jobName);
    const std::vector<Placement> &placements() const { return m_placements; }

    struct QueuedJob
    {
        JobSpec job;
        PlacementOptions options;
    };
    struct QueueOutcome
    {
        std::string jobName;
        bool placed = false;
        std::string error; ///< why it was not placed
    };
    void enqueue(JobSpec job, PlacementOptions options) { m_queue.push_back({std::move(job), std::move(options)}); }
    /// Places the queued jobs in order, each on the GPUs still free; a job
    /// that does not fit is reported and skipped. Empties the queue.
    std::vector<QueueOutcome> runQueue();

    Fragmentation fragmentation() const;

private:
    size_t gpuIndex(std::int32_t host, int gpu) const { return m_gpuOffset[size_t(host)] + size_t(gpu); }

    const Fabric &m_fabric;
    std::vector<std::int32_t> m_order;
    std::vector<size_t> m_gpuOffset;
    std::vector<std::uint8_t> m_busy;     ///< per GPU
    std::vector<std::uint8_t> m_excluded; ///< per host
    std::vector<Placement> m_placements;
    std::vector<QueuedJob> m_queue;
};

} // namespace Railyard
