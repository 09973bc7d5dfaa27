#pragma once

// The whole-step model (steptime.h) against published training runs
// (tests/data/step-validation/runs.json, docs/step-validation.md).
//
// Each run is built as a user would: its cluster generated (rail-optimized,
// the run's GPUs per host, NICs and NVLink domains, no floor), its job placed
// by the topology strategy and routed as the fabric routes. The compute
// efficiency (MFU while computing) a run's measured step implies is found by
// bisection. The default per GPU generation and precision is the median of
// the implied efficiencies; each run is predicted with the median of the
// OTHER models' runs of its generation and precision (leave one model out),
// so no run is judged by a value fitted on itself or its own model.
//
// Null models, judged the same way: no network term (compute and bubble
// only), fluid routing in place of as-routed, and one efficiency for every
// generation and precision. A validation that cannot tell the model from
// these is no validation.

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace Railyard {

struct StepValidationRow
{
    std::string id, model, series, generation, precision, architecture, source;
    int gpus = 0;
    double measuredSeconds = 0;
    double impliedMfu = 0;   ///< NaN when no efficiency in (0, 1.5] gives the measured step
    bool predicted = false;  ///< another model of the same generation and precision exists
    double predictedMfu = 0; ///< the other models' median
    double predictedSeconds = 0;
    double error = 0;        ///< predicted / measured − 1
    double exposedShare = 0; ///< exposed communication / step at the implied efficiency
    std::string problem;     ///< why the run could not be evaluated
    // The null models' leave-one-model-out errors (NaN when not predicted).
    double noNetworkError = 0, fluidError = 0, constantMfuError = 0;
    /// Scaling: the run predicted from the smallest run of its series (the
    /// same model, precision, GPU and per-stage parallelism at other scales):
    /// that run's measured step times the model's ratio, at the efficiency
    /// the smallest run implies. NaN for the smallest run and lone runs.
    std::string seriesBase;
    double seriesError = 0, seriesNoNetworkError = 0;
};

struct StepValidationSummary
{
    int predicted = 0;
    double median = 0, worst = 0, meanSigned = 0; ///< |error| median and worst; signed mean
};

struct StepValidation
{
    std::vector<StepValidationRow> rows;
    /// generation|precision -> (median implied efficiency, runs, models).
    struct Default
    {
        std::string generation, precision, architecture;
        double mfu = 0;
        int runs = 0, models = 0;
    };
    std::vector<Default> defaults;
    StepValidationSummary model, noNetwork, fluid, constantMfu;
    StepValidationSummary dense, moe; ///< the model's, by architecture
    StepValidationSummary scaling, scalingNoNetwork; ///< over runs predicted from their series' smallest
    std::map<std::string, StepValidationSummary> byGeneration; ///< "h100 bf16 dense" -> the model's
};

/// Runs the validation on a runs document (the format of
/// tests/data/step-validation/runs.json). `progress(done, total)` is called
/// after each run. Throws std::runtime_error for a document it cannot read,
/// naming the field.
StepValidation validateStepModel(const std::string &runsJson,
                                 const std::function<void(int, int)> &progress = {});

/// The defaults as resources/model/compute-efficiency.json holds them.
std::string computeEfficiencyJson(const StepValidation &v);
/// The per-run table and the summaries, as Markdown (docs/step-validation.md).
std::string stepValidationToMarkdown(const StepValidation &v);
/// The summaries and the defaults, as text.
std::string stepValidationToText(const StepValidation &v);

} // namespace Railyard
