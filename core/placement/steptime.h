#pragma once

// The whole training step of a placed job: compute, the pipeline bubble, and
// the communication compute does not hide (docs/traffic-model.md, "The whole
// step"). The network part is the routed step (jobevaluation.h); this adds
// what a slowdown must be a ratio of.
//
//   F          model FLOPs per step: 6 · N_active · T + 12 · L · h · s · T
//              (T tokens per step; the attention term counts QKᵀ and AV of
//              every layer, forward and backward, as MFU figures count them)
//   C          compute of one GPU per step: F / (GPUs · peak · mfu)
//   c = C / m  one micro-batch on one pipeline stage (m micro-batches)
//   t_mb       c + the exposed TP, CP and EP communication of one micro-batch
//              (TP overlapped with the GEMMs when the job says so, CP with
//              attention), at least one pipeline send
//   pipeline   (m + (p − 1) / vp) · t_mb + 2 (p − 1) pipeline sends (the
//              1F1B schedule: its bubble and the fill and drain transfers)
//   DP         gradients reduced during the last micro-batch's backward and
//              parameters gathered during the first forward (Megatron's
//              overlap): what exceeds ⅔ c and ⅓ c is exposed
//   step       pipeline + exposed DP
//
// Each collective's time per call is the larger of the collective model's
// (one group alone: NCCL's algorithm, latency and measured efficiencies) and
// the routed time of all its groups at once over the network's achieved
// bandwidth: contention and degraded links show up through the latter.

#include "core/jobs/jobspec.h"
#include "core/model/fabric.h"
#include "core/traffic/steptraffic.h"

#include <string>
#include <vector>

namespace Railyard {

struct JobEvaluation;
struct CapacityView;

/// A GPU's dense peak, TFLOP/s, in a precision ("bf16", "fp16", "fp8",
/// "tf32", "fp32"); 0 when unknown. Sources in docs/traffic-model.md.
double gpuPeakTflops(const std::string &gpuModel, const std::string &precision);

/// F: model FLOPs per optimizer step (dense and active-expert parameters,
/// attention included; recomputation not counted, as MFU figures do not).
double modelFlopsPerStep(const JobSpec &job);
/// The attention share of F (what context parallelism overlaps with).
double attentionFlopsShare(const JobSpec &job);

/// The default compute efficiency (MFU while computing) of a GPU generation,
/// precision and architecture (dense or mixture of experts: expert GEMMs are
/// smaller and grouped, and routing tokens costs time MFU does not count),
/// fitted on published runs (resources/model/compute-efficiency.json,
/// docs/step-validation.md). mfu 0 when none is known.
struct ComputeEfficiency
{
    double mfu = 0;
    std::string generation; ///< "h100", "gb200", … the fit's key
    std::string source;     ///< "fitted on 48 runs of 6 models (docs/step-validation.md)" or "job file"
};
ComputeEfficiency defaultComputeEfficiency(const std::string &gpuModel, const std::string &precision, bool moe);
/// "dense" or "moe".
inline const char *architectureName(bool moe)
{
    return moe ? "moe" : "dense";
}

/// One collective shape of the step (as `place` lists them) and its time per call.
struct StepCollective
{
    ParallelKind kind = ParallelKind::Tp;
    CommOp op = CommOp::AllReduce;
    long long callsPerStep = 0;
    double networkBytesPerCall = 0; ///< all groups: the share of its phase's routed time
    double modelSeconds = -1;       ///< the collective model, one group alone; -1 none
    double nvlinkSeconds = 0;       ///< the busiest GPU's NVLink time of one call
    double networkSeconds = 0;      ///< routed, all groups at once, nominal capacities
    double efficiency = 1;          ///< achieved / nominal network bandwidth (generation × transport)
    /// max(model, routed / efficiency, NVLink).
    double seconds() const;
};

/// The step's collectives with their per-call times under `evaluation`'s
/// routing (its phases apportioned by bytes), and the collective model's
/// figure for one group when `withModel` (computed on `view`).
std::vector<StepCollective> stepCollectives(const Fabric &fabric, const CapacityView &view,
                                            const JobEvaluation &evaluation, bool withModel = true);
/// The same collectives' routed times from another routing of the same
/// placement (a degraded fabric, another routing mode): the model's and
/// NVLink figures stay.
std::vector<StepCollective> reroutedCollectives(std::vector<StepCollective> collectives,
                                                const JobEvaluation &rerouted);

struct StepTime
{
    bool computed = false;
    std::string problem;      ///< why not (an unknown GPU peak), when not computed
    double flopsPerStep = 0;  ///< F
    double peakTflops = 0;    ///< per GPU, in the compute precision
    std::string precision;    ///< the compute precision
    double mfu = 0;           ///< compute efficiency used
    std::string mfuSource;
    double computeSeconds = 0; ///< C
    double bubbleSeconds = 0;  ///< (p − 1) / vp · t_mb
    // Exposed communication per step (after overlap).
    double tpSeconds = 0, cpSeconds = 0, epSeconds = 0, ppSeconds = 0, dpSeconds = 0;
    double communicationSeconds = 0; ///< all communication, exposed or hidden
    double stepSeconds = 0;
    double exposedSeconds() const { return tpSeconds + cpSeconds + epSeconds + ppSeconds + dpSeconds; }
    /// F / (GPUs · peak · step): the MFU a published run would report.
    double stepMfu() const;
};

/// The whole step of `job` with these collective times (`gpuModel`: the
/// placed hosts' GPU, which sets the peak and the default efficiency).
StepTime stepTime(const JobSpec &job, const std::string &gpuModel, const std::vector<StepCollective> &collectives);

/// The compute efficiency at which stepTime gives `measuredSeconds` (what a
/// published run's step implies); NaN when no efficiency in (0, 1.5] does.
double impliedComputeEfficiency(JobSpec job, const std::string &gpuModel, const std::vector<StepCollective> &collectives,
                                double measuredSeconds);

/// stepTime for an evaluation: its collectives and its hosts' GPU model.
StepTime stepTimeOf(const Fabric &fabric, const JobSpec &job, const JobEvaluation &evaluation,
                    const std::vector<StepCollective> &collectives);
/// The GPU model of the evaluation's first placed host.
std::string gpuModelOf(const Fabric &fabric, const JobEvaluation &evaluation);

} // namespace Railyard
