#pragma once

// Whether an intent cuts the RDMA traffic of the jobs running on the fabric
// (docs/intent-format.md, "Checked against running jobs"): each job placed
// as `railyard-cli place` places it (topology-aware), its step's network
// flows (stepFlows: data, pipeline, expert and context parallel transfers
// between hosts) decided by the intent over RDMA, and every flow the intent
// would deny reported with its bytes per step, by pair of host groups.
// `intent lint --job`, the Intents dock and railyard-controld's push share it.

#include "core/intents/intent.h"
#include "core/intents/intentlint.h"
#include "core/jobs/jobspec.h"
#include "core/model/fabric.h"

#include <string>
#include <vector>

namespace Railyard {

/// One pair of host-group sets whose RDMA traffic the intent denies.
struct DeniedJobTraffic
{
    std::string from, to;     ///< group labels as hostlists ("rack-[001-032]")
    std::string decidedBy;    ///< Decision::describe(): "/deny/0", "default deny"
    long long hostPairs = 0;  ///< host pairs that send to each other
    double bytesPerStep = 0;  ///< network bytes per training step
};

struct JobIntentImpact
{
    std::string job;
    double bytesPerStep = 0;       ///< all the job's network bytes per step
    double deniedBytesPerStep = 0; ///< of which the intent denies
    std::vector<DeniedJobTraffic> denied; ///< largest first
    std::string error; ///< the job could not be placed (then nothing was checked)
    bool breaks() const { return deniedBytesPerStep > 0; }
};

/// O(jobs × (placement + flows)). Never throws: a job that cannot be placed
/// says why in `error`.
std::vector<JobIntentImpact> checkIntentAgainstJobs(const Intent &intent, const Fabric &fabric,
                                                    const std::vector<JobSpec> &jobs);

/// One sentence per impact that breaks: "llama-70b-3k: 772.6 GiB per step of
/// its RDMA traffic would be denied: rack-[001-032] → rack-[065-096] (… host
/// pairs, default deny), …".
std::string jobIntentImpactText(const JobIntentImpact &impact, size_t pairs = 3);

/// The impacts as lint findings (`intent lint --job`, the Intents dock): an
/// error for each job the intent breaks (pointer: the deciding rule, or
/// /allow for default deny) or could not place, a note for each it keeps whole.
std::vector<LintFinding> jobLintFindings(const std::vector<JobIntentImpact> &impacts);

} // namespace Railyard
