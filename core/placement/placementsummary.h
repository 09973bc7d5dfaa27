#pragma once

// What a placement looks like on the topology: hosts used, whether TP groups
// stay inside hosts, how far pipelines and data-parallel groups spread.

#include "core/jobs/jobspec.h"
#include "core/model/fabric.h"
#include "core/jobs/placement.h"

namespace Railyard {

/// Distinct domains a set of ranks touches (location fields; empty counts as one).
struct DomainSpan
{
    int hosts = 0;
    int racks = 0;
    int sus = 0;
    int pods = 0;
    int zones = 0;
};

struct PlacementSummary
{
    long long gpus = 0;
    int hosts = 0;
    int tpGroups = 0;
    int tpGroupsAcrossHosts = 0; ///< TP groups whose ranks are on more than one host
    DomainSpan job;              ///< the whole job
    DomainSpan pipeline;         ///< the widest pipeline (one rank per stage)
    DomainSpan dataParallel;     ///< the widest DP group (one rank per DP index)
    bool railAligned = true;     ///< every pipeline and DP group on a single rail

    bool tpInsideHosts() const { return tpGroupsAcrossHosts == 0; }
};

/// O(ranks · log) with small sets per group.
PlacementSummary summarizePlacement(const Fabric &fabric, const JobSpec &job, const Placement &placement);

} // namespace Railyard
