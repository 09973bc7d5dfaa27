#pragma once

// Actions for operators: the exclusion set the alarms recommend and a
// re-placement of each affected job that avoids it, with the predicted step
// time healthy / now / after re-placement.
//
// Exclusions: a host link alarm or a rank alarm excludes the host (drain
// the node: the placement engine can avoid hosts); an alarm on a switch-to-
// switch link excludes the link (routed around: taken down in the view the
// re-placed job is routed on). Only active alarms count.

#include "core/health/healthalarm.h"
#include "core/health/healthattribution.h"
#include "core/health/runningjobs.h"

#include <string>
#include <vector>

namespace Railyard {

struct HealthExclusions
{
    std::vector<std::string> hosts; ///< host ids, sorted
    std::vector<std::string> links; ///< link ids, sorted
    bool empty() const { return hosts.empty() && links.empty(); }
};

struct JobReplacement
{
    std::string job;
    bool placed = false;
    std::string error;                             ///< why it could not be re-placed
    // Whole steps (compute, bubble, exposed communication; the step
    // communication time when the whole step is not known), as the fabric
    // routes: the figures the alarms' slowdowns are ratios of.
    double healthyStepSeconds = 0;                 ///< on the healthy fabric
    double nowStepSeconds = 0;                     ///< healthy × the worst attributed slowdown (+inf when stalled)
    double afterStepSeconds = 0;                   ///< re-placed avoiding the exclusions, routed without excluded links
    int hostsMoved = 0;                            ///< hosts of the new placement not in the old one
    std::vector<std::string> excludedHostsAvoided; ///< the job's old hosts that were excluded
    Placement placement;                           ///< the new placement

    /// When the job does not fit beside the exclusions (a full cluster), what
    /// an operator can do instead, each with its cost; empty when placed.
    struct Option
    {
        enum class Kind { ShrinkDataParallel, KeepRunning };
        Kind kind = Kind::KeepRunning;
        int dataParallel = 0;    ///< ShrinkDataParallel: the new DP degree
        double stepSeconds = 0;  ///< the option's whole step as the fabric routes
        double computeFactor = 1; ///< compute per rank and step against today (DP shrunk, global batch kept)
        std::string text;        ///< one sentence for the report
    };
    std::vector<Option> options;
};

/// The exclusion set recommended by the active alarms.
HealthExclusions recommendExclusions(const Fabric &fabric, const std::vector<RunningJob> &jobs,
                                     const std::vector<HealthAlarm> &alarms);

/// Re-places job `job` on the GPUs left free by the other running jobs,
/// never on an excluded host, and routes it with the excluded links down.
/// `nowSlowdown` is the worst attributed slowdown and `healthyStepSeconds`
/// the healthy whole step it is a ratio of, as routed (JobImpact's; 0: the
/// running job's own). Cost: one evaluateJob and one as-routed pricing.
/// When the job no longer fits, options replace a bare "not placed": the
/// largest smaller data-parallel degree that fits the free GPUs with the same
/// global batch (up to 4 tried, one evaluateJob each), and keeping the job
/// where it is at today's cost.
JobReplacement replaceJob(const Fabric &fabric, const std::vector<RunningJob> &jobs, int job,
                          const HealthExclusions &exclusions, double nowSlowdown, double healthyStepSeconds = 0);

} // namespace Railyard
