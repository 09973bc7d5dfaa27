#include "core/jobs/jobspec.h"

#include "core/common/inputfile.h"
#include "core/common/jsonbounds.h"
#include "core/common/jsonfields.h"
#include "core/common/jsontext.h"
#include "core/common/limits.h"

#include <QFile>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>

namespace Railyard {

namespace {

using json = nlohmann::json;

struct Issue
{
    std::string path;
    std::string message;
};

struct Issues
{
    std::vector<Issue> errors;
    std::vector<Issue> warnings;
    // At most 100 of each: a hostile file can have one per key (docs/security.md).
    void error(std::string path, std::string message) { add(errors, std::move(path), std::move(message)); }
    void warning(std::string path, std::string message) { add(warnings, std::move(path), std::move(message)); }
    static void add(std::vector<Issue> &list, std::string path, std::string message)
    {
        if (list.size() < 99)
            list.push_back({std::move(path), std::move(message)});
        else if (list.size() == 99)
            list.push_back({std::string(), "more than 100 problems; the rest are not listed"});
    }
};

std::string num(long long v)
{
    return std::to_string(v);
}

/// Reads the typed fields of a job object, reporting by JSON pointer
/// (core/common/jsonfields.h); unknown fields are warnings, numbers positive.
class FieldReader : public JsonFields
{
public:
    explicit FieldReader(Issues &issues)
        : JsonFields([&issues](const std::string &path, std::string message) { issues.error(path, std::move(message)); },
                     [&issues](const std::string &path, std::string message) {
                         issues.warning(path, std::move(message));
                     })
    { }

    bool number(const json &obj, const std::string &path, const char *key, double &out, bool required) const
    {
        return positiveNumber(obj, path, key, out, required);
    }

    void unknownFields(const json &obj, const std::string &path, std::initializer_list<std::string_view> known) const
    {
        JsonFields::unknownFields(obj, path, known, Unknown::Warning);
    }
};

std::optional<int> precisionBytesFor(const std::string &name)
{
    if (name == "bf16" || name == "fp16")
        return 2;
    if (name == "fp8")
        return 1;
    if (name == "fp32")
        return 4;
    return std::nullopt;
}

/// Cross-field rules shared by the reader and checkJobSpec. `gpusGiven`:
/// the file stated "gpus" (checked against the product of the degrees).
void checkConsistency(const JobSpec &job, bool gpusGiven, Issues &issues)
{
    const ModelShape &m = job.model;
    const Parallelism &p = job.parallel;
    if (p.tp < 1 || p.pp < 1 || p.dp < 1 || p.ep < 1 || p.cp < 1 || p.vp < 1) {
        issues.error("/parallelism", "every degree must be at least 1");
        return;
    }
    // In doubles: four degrees up to 2^31 overflow even 64-bit integers.
    if (double(p.tp) * p.cp * p.pp * p.dp > double(Limits::maxJobGpus)) {
        issues.error("/parallelism", "tp × cp × pp × dp is more than " + num(Limits::maxJobGpus)
                                         + " GPUs, the largest job Railyard models");
        return;
    }
    if (gpusGiven && job.gpus > Limits::maxJobGpus) {
        issues.error("/gpus", "gpus is more than " + num(Limits::maxJobGpus) + ", the largest job Railyard models");
        return;
    }
    if (m.layers < 1 || m.hiddenSize < 1 || m.sequenceLength < 1 || job.microBatch < 1 || job.globalBatch < 1) {
        issues.error("/model", "layers, hidden_size, sequence_length and batch sizes must be at least 1");
        return;
    }
    if (gpusGiven && job.gpus != p.worldSize())
        issues.error("/gpus",
                     "gpus is " + num(job.gpus) + " but tp × cp × pp × dp = " + num(p.tp) + " × " + num(p.cp) + " × "
                         + num(p.pp) + " × " + num(p.dp) + " = " + num(p.worldSize()));
    if (p.pp > m.layers)
        issues.error("/parallelism/pp", "pp " + num(p.pp) + " exceeds the " + num(m.layers) + " layers");
    else if (m.layers % p.pp != 0)
        issues.warning("/parallelism/pp",
                       "pp " + num(p.pp) + " does not divide the " + num(m.layers)
                           + " layers: stages are uneven (traffic counts the largest stage)");
    if (p.vp > 1 && p.pp < 2)
        issues.error("/parallelism/vp", "vp " + num(p.vp) + " needs pipeline stages (pp > 1)");
    else if (p.vp > m.layers)
        issues.error("/parallelism/vp", "vp " + num(p.vp) + " exceeds the " + num(m.layers) + " layers");
    else if (1LL * p.pp * p.vp > m.layers)
        issues.warning("/parallelism/vp", "pp × vp = " + num(1LL * p.pp * p.vp) + " virtual stages for "
                                              + num(m.layers) + " layers: some hold none (Megatron counts the "
                                              "embedding and the loss as stages of their own)");
    if (m.hiddenSize % p.tp != 0)
        issues.error("/parallelism/tp", "tp " + num(p.tp) + " does not divide hidden_size " + num(m.hiddenSize));
    if (m.sequenceLength % p.cp != 0)
        issues.error("/parallelism/cp",
                     "cp " + num(p.cp) + " does not divide sequence_length " + num(m.sequenceLength));
    const long long perStep = 1LL * job.microBatch * p.dp;
    if (job.globalBatch % perStep != 0)
        issues.error("/batch/global_batch",
                     "global_batch " + num(job.globalBatch) + " is not a multiple of micro_batch × dp = "
                         + num(job.microBatch) + " × " + num(p.dp) + " = " + num(perStep));
    else if (job.microBatchesPerStep() < p.pp)
        issues.warning("/batch/global_batch",
                       num(job.microBatchesPerStep()) + " micro-batches per step is fewer than the " + num(p.pp)
                           + " pipeline stages: most of each step is pipeline bubble");
    if (p.ep > 1 && !m.isMoe())
        issues.error("/parallelism/ep", "ep " + num(p.ep) + " needs a mixture-of-experts model (model/moe)");
    if (m.isMoe()) {
        if (p.dp % p.ep != 0)
            issues.error("/parallelism/ep",
                         "ep " + num(p.ep) + " must divide dp " + num(p.dp)
                             + " (expert-parallel groups are formed inside the data-parallel dimension)");
        if (m.experts % p.ep != 0)
            issues.error("/parallelism/ep", "ep " + num(p.ep) + " must divide the " + num(m.experts) + " experts");
        if (m.topK < 1 || m.topK > m.experts)
            issues.error("/model/moe/top_k", "top_k must be between 1 and experts (" + num(m.experts) + ")");
        if (m.moeLayers < 1 || m.moeLayers > m.layers)
            issues.error("/model/moe/moe_layers", "moe_layers must be between 1 and layers (" + num(m.layers) + ")");
        if (m.expertParameters() >= m.parameters)
            issues.error("/model/parameters",
                         "parameters (" + json(m.parameters).dump()
                             + ") must exceed the experts' moe_layers × experts × 3 × hidden_size × "
                               "expert_hidden_size = "
                             + json(m.expertParameters()).dump());
    }
}

JobSpecResult toResult(const Issues &issues, std::optional<JobSpec> job, const QString &fileName)
{
    JobSpecResult result;
    for (const Issue &i : issues.errors)
        result.errors.push_back(
            {fileName, 0, 0, QString::fromStdString(i.path.empty() ? "/" : i.path), QString::fromStdString(i.message)});
    for (const Issue &i : issues.warnings)
        result.warnings.push_back(
            {fileName, 0, 0, QString::fromStdString(i.path.empty() ? "/" : i.path), QString::fromStdString(i.message)});
    if (result.errors.empty())
        result.job = std::move(job);
    return result;
}

FormatError syntaxError(std::string_view text, const json::parse_error &e, const QString &fileName)
{
    const size_t pos = std::min<size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
    const auto line = 1 + std::count(text.begin(), text.begin() + std::ptrdiff_t(pos), '\n');
    const size_t lineStart = pos == 0 ? std::string_view::npos : text.rfind('\n', pos - 1);
    const size_t column = lineStart == std::string_view::npos ? pos + 1 : pos - lineStart;
    return {fileName, int(line), int(column), {}, QString::fromStdString(jsonExceptionMessage(e.what()))};
}

} // namespace

double ModelShape::expertParameters() const
{
    if (!isMoe())
        return 0;
    return 3.0 * moeLayers * experts * double(hiddenSize) * double(expertHiddenSize);
}

const char *optimizerShardingName(OptimizerSharding sharding)
{
    switch (sharding) {
    case OptimizerSharding::Zero1: return "zero1";
    case OptimizerSharding::Fsdp: return "fsdp";
    case OptimizerSharding::None: break;
    }
    return "none";
}

QString JobSpecResult::errorText() const
{
    QStringList lines;
    for (const FormatError &e : errors)
        lines << e.toString();
    return lines.join(QLatin1Char('\n'));
}

JobSpecResult parseJobSpec(std::string_view text, const QString &fileName)
{
    json doc;
    struct TooDeep
    { };
    if (const std::optional<JsonBoundsError> bounds = checkJsonBounds(text)) {
        JobSpecResult result;
        result.errors.push_back({fileName, bounds->line, 0, QStringLiteral("/"),
                                 QString::fromStdString(bounds->message + "; refusing the file")});
        return result;
    }
    try {
        // The callback bounds nesting: deep values would make later steps recursive.
        doc = json::parse(text.begin(), text.end(), [](int depth, json::parse_event_t, json &) {
            if (depth > Limits::maxNesting)
                throw TooDeep{};
            return true;
        });
    } catch (const json::parse_error &e) {
        JobSpecResult result;
        result.errors.push_back(syntaxError(text, e, fileName));
        return result;
    } catch (const json::exception &e) { // number overflow (out_of_range.406) and the like
        JobSpecResult result;
        result.errors.push_back({fileName, 0, 0, QStringLiteral("/"), QString::fromStdString(jsonExceptionMessage(e.what()))});
        return result;
    } catch (const TooDeep &) {
        JobSpecResult result;
        result.errors.push_back({fileName, 0, 0, QStringLiteral("/"),
                                 QStringLiteral("values nested deeper than %1 levels; refusing the file").arg(Limits::maxNesting)});
        return result;
    }
    Issues issues;
    if (!doc.is_object()) {
        issues.error("", "not a Railyard job file: the top level must be a JSON object");
        return toResult(issues, std::nullopt, fileName);
    }
    FieldReader r(issues);
    std::string tag;
    if (r.string(doc, "", "format", tag, true) && tag != jobJsonTag)
        issues.error("/format",
                     "not a Railyard job file: format is \"" + elided(tag) + "\", expected \"" + std::string(jobJsonTag)
                         + "\"");
    int version = 0;
    if (r.integer(doc, "", "version", version, true, 1) && version != 1)
        issues.error("/version", "unsupported version " + num(version) + " (this Railyard reads version 1)");
    r.unknownFields(
        doc, "",
        {"format", "version", "name", "description", "model", "parallelism", "batch", "optimizer_sharding", "compute",
         "gpus"});

    JobSpec job;
    r.string(doc, "", "name", job.name, true);
    r.string(doc, "", "description", job.description, false);

    if (const json *model = r.object(doc, "", "model", true)) {
        ModelShape &m = job.model;
        r.number(*model, "/model", "parameters", m.parameters, true);
        r.integer(*model, "/model", "layers", m.layers, true, 1);
        r.integer(*model, "/model", "hidden_size", m.hiddenSize, true, 1);
        r.integer(*model, "/model", "sequence_length", m.sequenceLength, true, 1);
        r.integer(*model, "/model", "vocabulary", m.vocabulary, true, 1);
        const bool hasName = model->contains("precision");
        const bool hasBytes = model->contains("precision_bytes");
        if (hasName && r.string(*model, "/model", "precision", m.precision, true)) {
            if (const auto bytes = precisionBytesFor(m.precision))
                m.precisionBytes = *bytes;
            else
                issues.error("/model/precision",
                             "unknown precision \"" + elided(m.precision)
                                 + "\" (bf16, fp16, fp8, fp32; or give precision_bytes)");
        }
        if (hasBytes) {
            int bytes = 0;
            if (r.integer(*model, "/model", "precision_bytes", bytes, true, 1)) {
                if (hasName && precisionBytesFor(m.precision) && *precisionBytesFor(m.precision) != bytes)
                    issues.error("/model/precision_bytes",
                                 "precision_bytes " + num(bytes) + " contradicts precision \"" + elided(m.precision) + "\"");
                m.precisionBytes = bytes;
            }
        }
        if (!hasName && !hasBytes)
            issues.error("/model", "missing required field \"precision\"");
        if (const json *moe = r.object(*model, "/model", "moe", false)) {
            r.integer(*moe, "/model/moe", "experts", m.experts, true, 1);
            r.integer(*moe, "/model/moe", "top_k", m.topK, true, 1);
            m.moeLayers = m.layers; // default: every layer
            r.integer(*moe, "/model/moe", "moe_layers", m.moeLayers, false, 1);
            r.integer(*moe, "/model/moe", "expert_hidden_size", m.expertHiddenSize, true, 1);
            r.unknownFields(*moe, "/model/moe", {"experts", "top_k", "moe_layers", "expert_hidden_size"});
        }
        r.integer(*model, "/model", "attention_heads", m.attentionHeads, false, 1);
        r.integer(*model, "/model", "kv_heads", m.kvHeads, false, 1);
        if (m.kvHeads > 0 && m.attentionHeads == 0)
            issues.error("/model/kv_heads", "kv_heads needs attention_heads");
        else if (m.kvHeads > m.attentionHeads || (m.kvHeads > 0 && m.attentionHeads % m.kvHeads != 0))
            issues.error("/model/kv_heads", "kv_heads " + num(m.kvHeads) + " must divide attention_heads "
                                                + num(m.attentionHeads));
        if (m.attentionHeads > 0 && m.hiddenSize % m.attentionHeads != 0)
            issues.error("/model/attention_heads", "attention_heads " + num(m.attentionHeads)
                                                       + " does not divide hidden_size " + num(m.hiddenSize));
        r.unknownFields(*model, "/model",
                        {"parameters", "layers", "hidden_size", "sequence_length", "vocabulary", "precision",
                         "precision_bytes", "moe", "attention_heads", "kv_heads"});
    }
    if (const json *par = r.object(doc, "", "parallelism", true)) {
        Parallelism &p = job.parallel;
        r.integer(*par, "/parallelism", "tp", p.tp, true, 1);
        r.integer(*par, "/parallelism", "pp", p.pp, true, 1);
        r.integer(*par, "/parallelism", "dp", p.dp, true, 1);
        r.integer(*par, "/parallelism", "ep", p.ep, false, 1);
        r.integer(*par, "/parallelism", "cp", p.cp, false, 1);
        r.integer(*par, "/parallelism", "vp", p.vp, false, 1);
        r.unknownFields(*par, "/parallelism", {"tp", "pp", "dp", "ep", "cp", "vp"});
    }
    if (const json *batch = r.object(doc, "", "batch", true)) {
        r.integer(*batch, "/batch", "micro_batch", job.microBatch, true, 1);
        r.integer(*batch, "/batch", "global_batch", job.globalBatch, true, 1);
        r.unknownFields(*batch, "/batch", {"micro_batch", "global_batch"});
    }
    std::string sharding = "none";
    if (r.string(doc, "", "optimizer_sharding", sharding, false)) {
        if (sharding == "none")
            job.sharding = OptimizerSharding::None;
        else if (sharding == "zero1")
            job.sharding = OptimizerSharding::Zero1;
        else if (sharding == "fsdp")
            job.sharding = OptimizerSharding::Fsdp;
        else
            issues.error("/optimizer_sharding", "unknown optimizer sharding \"" + elided(sharding) + "\" (none, zero1, fsdp)");
    }
    if (const json *compute = r.object(doc, "", "compute", false)) {
        ComputeSpec &c = job.compute;
        if (r.string(*compute, "/compute", "precision", c.precision, false) && !precisionBytesFor(c.precision))
            issues.error("/compute/precision", "unknown precision \"" + elided(c.precision) + "\" (bf16, fp16, fp8, fp32)");
        if (r.number(*compute, "/compute", "mfu", c.mfu, false) && !(c.mfu > 0 && c.mfu <= 1))
            issues.error("/compute/mfu", "mfu must be in (0, 1], the share of the GPU's peak achieved while computing");
        if (const json *overlap = r.object(*compute, "/compute", "overlap", false)) {
            r.boolean(*overlap, "/compute/overlap", "dp", c.overlapDp, false);
            r.boolean(*overlap, "/compute/overlap", "tp", c.overlapTp, false);
            r.boolean(*overlap, "/compute/overlap", "cp", c.overlapCp, false);
            r.unknownFields(*overlap, "/compute/overlap", {"dp", "tp", "cp"});
        }
        r.unknownFields(*compute, "/compute", {"precision", "mfu", "overlap"});
    }
    int gpus = 0;
    const bool gpusGiven = r.integer(doc, "", "gpus", gpus, true, 1);
    job.gpus = gpusGiven ? gpus : job.parallel.worldSize();

    if (issues.errors.empty())
        checkConsistency(job, gpusGiven, issues);
    job.gpus = job.parallel.worldSize();
    return toResult(issues, std::move(job), fileName);
}

JobSpecResult readJobSpec(QIODevice &device, const QString &fileName)
{
    if (!device.isOpen() && !device.open(QIODevice::ReadOnly)) {
        JobSpecResult result;
        result.errors.push_back({fileName, 0, 0, {}, QStringLiteral("cannot open: %1").arg(device.errorString())});
        return result;
    }
    const QByteArray data = device.readAll();
    return parseJobSpec(std::string_view(data.constData(), size_t(data.size())), fileName);
}

JobSpecResult readJobSpecFile(const QString &path)
{
    QString error;
    const std::optional<QByteArray> data = readInputFile(path, &error);
    if (!data) {
        JobSpecResult result;
        result.errors.push_back({path, 0, 0, {}, error});
        return result;
    }
    return parseJobSpec(std::string_view(data->constData(), size_t(data->size())), path);
}

std::vector<std::string> checkJobSpec(const JobSpec &job)
{
    Issues issues;
    checkConsistency(job, true, issues);
    std::vector<std::string> out;
    for (const Issue &i : issues.errors)
        out.push_back(i.path + ": " + i.message);
    return out;
}

std::string writeJobSpec(const JobSpec &job)
{
    const ModelShape &m = job.model;
    using ojson = nlohmann::ordered_json;
    ojson model = {{"parameters", m.parameters},
                   {"layers", m.layers},
                   {"hidden_size", m.hiddenSize},
                   {"sequence_length", m.sequenceLength},
                   {"vocabulary", m.vocabulary}};
    if (!m.precision.empty())
        model["precision"] = m.precision;
    if (m.precision.empty() || !precisionBytesFor(m.precision))
        model["precision_bytes"] = m.precisionBytes;
    if (m.attentionHeads > 0)
        model["attention_heads"] = m.attentionHeads;
    if (m.kvHeads > 0)
        model["kv_heads"] = m.kvHeads;
    if (m.isMoe())
        model["moe"] = {{"experts", m.experts},
                        {"top_k", m.topK},
                        {"moe_layers", m.moeLayers},
                        {"expert_hidden_size", m.expertHiddenSize}};
    const Parallelism &p = job.parallel;
    ojson parallelism = {{"tp", p.tp}, {"pp", p.pp}, {"dp", p.dp}};
    if (p.ep != 1)
        parallelism["ep"] = p.ep;
    if (p.cp != 1)
        parallelism["cp"] = p.cp;
    if (p.vp != 1)
        parallelism["vp"] = p.vp;
    ojson doc = ojson::object();
    doc["format"] = jobJsonTag;
    doc["version"] = 1;
    doc["name"] = job.name;
    if (!job.description.empty())
        doc["description"] = job.description;
    doc["model"] = std::move(model);
    doc["parallelism"] = std::move(parallelism);
    doc["batch"] = {{"micro_batch", job.microBatch}, {"global_batch", job.globalBatch}};
    doc["optimizer_sharding"] = optimizerShardingName(job.sharding);
    const ComputeSpec &c = job.compute;
    const ComputeSpec defaults;
    if (!c.precision.empty() || c.mfu > 0 || c.overlapDp != defaults.overlapDp || c.overlapTp != defaults.overlapTp
        || c.overlapCp != defaults.overlapCp) {
        ojson compute = ojson::object();
        if (!c.precision.empty())
            compute["precision"] = c.precision;
        if (c.mfu > 0)
            compute["mfu"] = c.mfu;
        if (c.overlapDp != defaults.overlapDp || c.overlapTp != defaults.overlapTp || c.overlapCp != defaults.overlapCp)
            compute["overlap"] = {{"dp", c.overlapDp}, {"tp", c.overlapTp}, {"cp", c.overlapCp}};
        doc["compute"] = std::move(compute);
    }
    doc["gpus"] = p.worldSize();
    return doc.dump(1) + "\n";
}

} // namespace Railyard
