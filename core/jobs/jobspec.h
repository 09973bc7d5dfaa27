#pragma once

// A training job: model shape, parallelism and batch, read from a
// `*.job.json` file (documented in docs/job-format.md). Consumed by the
// placement strategies (core/placement/placer.h) and the per-step traffic
// model (core/traffic/steptraffic.h).

#include "core/common/formaterror.h"

#include <QIODevice>
#include <QString>

#include <climits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

/// Value of the top-level "format" field of a job file.
inline constexpr std::string_view jobJsonTag = "railyard-job";

/// The transformer being trained. Mixture-of-experts fields are 0 for a dense model.
struct ModelShape
{
    double parameters = 0;    ///< total parameters, all experts included
    int layers = 0;           ///< transformer layers
    int hiddenSize = 0;       ///< model width
    int sequenceLength = 0;   ///< tokens per sequence
    int vocabulary = 0;       ///< vocabulary size
    std::string precision;    ///< "bf16", "fp16", "fp8", "fp32"
    int precisionBytes = 2;   ///< bytes per activation / parameter element on the wire
    int experts = 0;          ///< experts per MoE layer (0: dense)
    int topK = 0;             ///< experts each token is routed to
    int moeLayers = 0;        ///< layers whose MLP is a mixture of experts
    int expertHiddenSize = 0; ///< hidden size of one expert's MLP
    int attentionHeads = 0;   ///< query heads; 0: not given
    int kvHeads = 0;          ///< key/value heads (grouped-query attention); 0: as many as query heads

    /// Key and value size over query size: kv heads / heads (1 without GQA).
    double kvShare() const { return attentionHeads > 0 && kvHeads > 0 ? double(kvHeads) / attentionHeads : 1.0; }

    bool isMoe() const { return experts > 0; }
    /// Parameters of all experts: moeLayers × experts × 3 × hidden × expertHidden
    /// (a gated MLP has three matrices). 0 for a dense model.
    double expertParameters() const;
    /// parameters − expertParameters(): attention, embeddings, dense MLPs.
    double denseParameters() const { return parameters - expertParameters(); }
};

/// Parallel degrees. World size = tp × cp × dp × pp; EP groups are formed
/// inside the data-parallel dimension (Megatron convention, expert tensor
/// parallel = tp): ep divides dp, and dp / ep ranks hold the same experts.
struct Parallelism
{
    int tp = 1;
    int pp = 1;
    int dp = 1;
    int ep = 1;
    int cp = 1;
    /// Virtual pipeline stages per pipeline rank (Megatron's interleaved
    /// 1F1B schedule): the bubble shrinks by vp, the pipeline sends grow by vp.
    int vp = 1;

    /// tp × cp × dp × pp, saturated at LLONG_MAX: a job file's degrees are
    /// checked after this is first used, and four large ints overflow 64 bits.
    long long worldSize() const
    {
        long long product = 1;
        for (const int degree : {tp, cp, dp, pp})
            if (__builtin_mul_overflow(product, static_cast<long long>(degree), &product))
                return LLONG_MAX;
        return product;
    }
};

enum class OptimizerSharding { None, Zero1, Fsdp };

/// How the job computes (docs/job-format.md, "compute"; the step model in
/// core/placement/steptime.h). Unset fields take the defaults.
struct ComputeSpec
{
    /// The precision the GEMMs run in, which sets the GPU's peak ("bf16",
    /// "fp8", …); empty: the model's precision.
    std::string precision;
    /// Achieved / peak FLOP/s while computing (communication and the
    /// pipeline bubble excluded); 0: the default for the GPU generation and
    /// precision, fitted on published runs (resources/model/compute-efficiency.json).
    double mfu = 0;
    /// Data-parallel gradient reduction and parameter gathering overlap the
    /// backward and forward passes (Megatron's overlap_grad_reduce and
    /// overlap_param_gather). Default on.
    bool overlapDp = true;
    /// Tensor-parallel collectives overlap the GEMMs (Transformer Engine's
    /// userbuffers, --tp-comm-overlap). Default off.
    bool overlapTp = false;
    /// Context-parallel exchanges overlap attention (ring attention). Default on.
    bool overlapCp = true;
};
const char *optimizerShardingName(OptimizerSharding sharding);

struct JobSpec
{
    std::string name;
    std::string description; ///< free text for people; not used by the model
    ModelShape model;
    Parallelism parallel;
    int microBatch = 1;  ///< sequences per micro-batch per data-parallel rank
    int globalBatch = 1; ///< sequences per optimizer step
    OptimizerSharding sharding = OptimizerSharding::None;
    ComputeSpec compute;
    long long gpus = 0; ///< = parallel.worldSize() once read

    /// global / (micro × dp): micro-batches each pipeline runs per step.
    long long microBatchesPerStep() const { return globalBatch / (1LL * microBatch * parallel.dp); }
    /// ceil(layers / pp) and ceil(moeLayers / pp): what the busiest stage holds.
    int layersPerStage() const { return (model.layers + parallel.pp - 1) / parallel.pp; }
    int moeLayersPerStage() const { return (model.moeLayers + parallel.pp - 1) / parallel.pp; }
};

/// Result of reading a job file: the job, or the errors that stopped it.
/// Errors and warnings name the file and the JSON pointer of the field.
struct JobSpecResult
{
    std::optional<JobSpec> job;
    std::vector<FormatError> errors; ///< non-empty iff job is empty
    std::vector<FormatError> warnings;

    bool ok() const { return job.has_value(); }
    QString errorText() const;
};

/// Reads and checks a job document (UTF-8 JSON text). fileName only labels errors.
JobSpecResult parseJobSpec(std::string_view text, const QString &fileName);
/// Reads a job from a device / a file path (errors name the path).
JobSpecResult readJobSpec(QIODevice &device, const QString &fileName);
JobSpecResult readJobSpecFile(const QString &path);

/// Checks a job built in code (same rules as the reader); empty when valid.
/// Messages start with the JSON pointer of the field ("/parallelism/tp: ...").
std::vector<std::string> checkJobSpec(const JobSpec &job);

/// The job as a *.job.json document (docs/job-format.md), UTF-8, indented;
/// parseJobSpec reads it back to an equal job.
std::string writeJobSpec(const JobSpec &job);

} // namespace Railyard
