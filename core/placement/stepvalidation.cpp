#include "core/placement/stepvalidation.h"

#include "core/analysis/capacity.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "core/placement/jobevaluation.h"
#include "core/placement/steptime.h"
#include "core/common/jsonget.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <set>
#include <tuple>
#include <stdexcept>

namespace Railyard {

namespace {

using json = nlohmann::json;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

using JsonGet::field;
using JsonGet::value;

/// The cluster as `generate rail-optimized` builds it for the run.
ClosParams clusterOf(const json &c, int gpus, const std::string &where)
{
    const int perHost = value<int>(c, "gpus_per_host", where + "/cluster");
    ClosParams p = railOptimizedParams(gpus / perHost);
    p.gpusPerHost = perHost;
    p.rails = value<int>(c, "rails", where + "/cluster");
    p.gpuModel = value<std::string>(c, "gpu", where + "/cluster");
    p.nvlinkGBps = 0.0;
    p.nicGbps = value<double>(c, "nic_gbps", where + "/cluster");
    p.tierSpecs.push_back(p.tierSpecs.front());
    if (c.contains("nvlink_domain"))
        p.nvlinkDomainGpus = value<int>(c, "nvlink_domain", where + "/cluster");
    if (const auto t = transportFromName(value<std::string>(c, "transport", where + "/cluster")))
        p.transport = *t;
    p.nvls = nvlsByDefault(p.gpuModel, p.gpusPerHost);
    p.floor = false;
    return p;
}

JobSpec jobOf(const json &r, const std::string &where)
{
    JobSpec job;
    job.name = value<std::string>(r, "id", where);
    const json &m = field(r, "model", where);
    const std::string mw = where + "/model";
    job.model.parameters = value<double>(m, "parameters", mw);
    job.model.layers = value<int>(m, "layers", mw);
    job.model.hiddenSize = value<int>(m, "hidden_size", mw);
    job.model.sequenceLength = value<int>(m, "sequence_length", mw);
    job.model.vocabulary = value<int>(m, "vocabulary", mw);
    job.model.precision = "bf16";
    job.model.precisionBytes = 2;
    if (m.contains("attention_heads"))
        job.model.attentionHeads = value<int>(m, "attention_heads", mw);
    if (m.contains("kv_heads"))
        job.model.kvHeads = value<int>(m, "kv_heads", mw);
    if (m.contains("moe")) {
        const json &moe = m.at("moe");
        job.model.experts = value<int>(moe, "experts", mw + "/moe");
        job.model.topK = value<int>(moe, "top_k", mw + "/moe");
        job.model.moeLayers = value<int>(moe, "moe_layers", mw + "/moe");
        job.model.expertHiddenSize = value<int>(moe, "expert_hidden_size", mw + "/moe");
    }
    const json &p = field(r, "parallelism", where);
    const std::string pw = where + "/parallelism";
    job.parallel = {value<int>(p, "tp", pw), value<int>(p, "pp", pw), value<int>(p, "dp", pw),
                    value<int>(p, "ep", pw),  value<int>(p, "cp", pw), value<int>(p, "vp", pw)};
    const json &b = field(r, "batch", where);
    job.microBatch = value<int>(b, "micro_batch", where + "/batch");
    job.globalBatch = value<int>(b, "global_batch", where + "/batch");
    const std::string sharding = value<std::string>(r, "optimizer_sharding", where);
    job.sharding = sharding == "fsdp" ? OptimizerSharding::Fsdp
        : sharding == "zero1"         ? OptimizerSharding::Zero1
                                      : OptimizerSharding::None;
    const json &c = field(r, "compute", where);
    job.compute.precision = value<std::string>(c, "precision", where + "/compute");
    const json &o = field(c, "overlap", where + "/compute");
    job.compute.overlapTp = value<bool>(o, "tp", where + "/compute/overlap");
    job.compute.overlapDp = value<bool>(o, "dp", where + "/compute/overlap");
    job.compute.overlapCp = value<bool>(o, "cp", where + "/compute/overlap");
    job.gpus = job.parallel.worldSize();
    return job;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return kNaN;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// One run as evaluated: what stepTime needs, three ways.
struct Evaluated
{
    JobSpec job;
    std::string gpu;
    std::vector<StepCollective> routed, fluid, none;
    double implied = kNaN, impliedFluid = kNaN, impliedNone = kNaN;
};

double stepAt(const Evaluated &e, const std::vector<StepCollective> &collectives, double mfu)
{
    JobSpec job = e.job;
    job.compute.mfu = mfu;
    const StepTime t = stepTime(job, e.gpu, collectives);
    return t.computed ? t.stepSeconds : kNaN;
}

StepValidationSummary summarize(const std::vector<double> &errors)
{
    StepValidationSummary s;
    std::vector<double> magnitudes;
    double sum = 0;
    for (double e : errors)
        if (std::isfinite(e)) {
            magnitudes.push_back(std::abs(e));
            sum += e;
        }
    s.predicted = int(magnitudes.size());
    if (magnitudes.empty())
        return s;
    s.median = median(magnitudes);
    s.worst = *std::max_element(magnitudes.begin(), magnitudes.end());
    s.meanSigned = sum / double(magnitudes.size());
    return s;
}

std::string percent(double v, bool sign = true)
{
    if (!std::isfinite(v))
        return "–";
    char buf[32];
    std::snprintf(buf, sizeof buf, sign ? "%+.1f %%" : "%.1f %%", 100 * v);
    return buf;
}

} // namespace

StepValidation validateStepModel(const std::string &runsJson, const std::function<void(int, int)> &progress)
{
    const json doc = json::parse(runsJson, nullptr, false);
    if (!doc.is_object() || !doc.contains("runs") || !doc.at("runs").is_array())
        throw std::runtime_error("not a runs document: expected an object with \"runs\"");
    const json &runs = doc.at("runs");
    StepValidation v;
    std::vector<Evaluated> evaluated(runs.size());
    std::vector<std::string> campaigns(runs.size());
    // Fabrics by cluster and size: several runs share one.
    std::map<std::string, std::shared_ptr<const Fabric>> fabrics;
    for (size_t i = 0; i < runs.size(); ++i) {
        const json &r = runs[i];
        const std::string where = "/runs/" + std::to_string(i);
        StepValidationRow row;
        row.id = value<std::string>(r, "id", where);
        row.model = value<std::string>(r, "model_name", where);
        row.series = value<std::string>(r, "series", where);
        row.gpus = value<int>(r, "gpus", where);
        row.measuredSeconds = value<double>(r, "measured_step_s", where);
        row.generation = value<std::string>(field(r, "cluster", where), "generation", where + "/cluster");
        row.precision = value<std::string>(field(r, "compute", where), "precision", where + "/compute");
        row.source = value<std::string>(r, "source_group", where);
        campaigns[i] = r.contains("campaign") ? value<std::string>(r, "campaign", where) : std::string();
        row.architecture = architectureName(field(r, "model", where).contains("moe"));
        Evaluated &e = evaluated[i];
        try {
            e.job = jobOf(r, where);
            const ClosParams params = clusterOf(field(r, "cluster", where), row.gpus, where);
            const std::string key = field(r, "cluster", where).dump() + "/" + std::to_string(row.gpus);
            auto &fabric = fabrics[key];
            if (!fabric)
                fabric = std::make_shared<const Fabric>(generateClos(params));
            const CapacityView view = CapacityView::of(*fabric);
            const JobEvaluation ev = evaluateJob(*fabric, view, e.job, PlacementOptions{}, asRoutedOptions(*fabric));
            if (!ev.routed())
                throw std::runtime_error(ev.routingError);
            e.gpu = gpuModelOf(*fabric, ev);
            e.routed = stepCollectives(*fabric, view, ev, true);
            RoutingOptions fluid;
            e.fluid = reroutedCollectives(e.routed, rerouted(*fabric, view, ev, fluid));
            e.none = e.routed;
            for (StepCollective &c : e.none) {
                c.modelSeconds = -1;
                c.networkSeconds = 0;
                c.nvlinkSeconds = 0;
            }
            e.implied = impliedComputeEfficiency(e.job, e.gpu, e.routed, row.measuredSeconds);
            e.impliedFluid = impliedComputeEfficiency(e.job, e.gpu, e.fluid, row.measuredSeconds);
            e.impliedNone = impliedComputeEfficiency(e.job, e.gpu, e.none, row.measuredSeconds);
            row.impliedMfu = e.implied;
            if (std::isfinite(e.implied)) {
                JobSpec job = e.job;
                job.compute.mfu = e.implied;
                const StepTime t = stepTime(job, e.gpu, e.routed);
                row.exposedShare = t.computed && t.stepSeconds > 0 ? t.exposedSeconds() / t.stepSeconds : 0;
            }
        } catch (const std::exception &ex) {
            row.problem = ex.what();
            row.impliedMfu = kNaN;
        }
        v.rows.push_back(row);
        if (progress)
            progress(int(i + 1), int(runs.size()));
    }

    // Leave one model out: each run predicted with the other models' median.
    auto classOf = [&](size_t i) {
        return v.rows[i].generation + " " + v.rows[i].precision + " " + v.rows[i].architecture;
    };
    auto othersMedian = [&](size_t i, double Evaluated::*implied, bool sameClass) {
        std::vector<double> xs;
        for (size_t j = 0; j < v.rows.size(); ++j)
            if (v.rows[j].model != v.rows[i].model && (!sameClass || classOf(j) == classOf(i))
                && std::isfinite(evaluated[j].*implied))
                xs.push_back(evaluated[j].*implied);
        return median(xs);
    };
    std::vector<double> errors, noNetwork, fluid, constant;
    for (size_t i = 0; i < v.rows.size(); ++i) {
        StepValidationRow &row = v.rows[i];
        const Evaluated &e = evaluated[i];
        row.error = row.noNetworkError = row.fluidError = row.constantMfuError = kNaN;
        if (!row.problem.empty())
            continue;
        const double mfu = othersMedian(i, &Evaluated::implied, true);
        if (std::isfinite(mfu)) {
            row.predicted = true;
            row.predictedMfu = mfu;
            row.predictedSeconds = stepAt(e, e.routed, mfu);
            row.error = row.predictedSeconds / row.measuredSeconds - 1;
        }
        const double mfuNone = othersMedian(i, &Evaluated::impliedNone, true);
        if (std::isfinite(mfuNone))
            row.noNetworkError = stepAt(e, e.none, mfuNone) / row.measuredSeconds - 1;
        const double mfuFluid = othersMedian(i, &Evaluated::impliedFluid, true);
        if (std::isfinite(mfuFluid))
            row.fluidError = stepAt(e, e.fluid, mfuFluid) / row.measuredSeconds - 1;
        const double mfuAll = othersMedian(i, &Evaluated::implied, false);
        if (std::isfinite(mfuAll))
            row.constantMfuError = stepAt(e, e.routed, mfuAll) / row.measuredSeconds - 1;
        // Judge the nulls on the runs the model is judged on.
        if (!row.predicted)
            row.noNetworkError = row.fluidError = row.constantMfuError = kNaN;
        errors.push_back(row.error);
        noNetwork.push_back(row.noNetworkError);
        fluid.push_back(row.fluidError);
        constant.push_back(row.constantMfuError);
    }
    // Scaling within a series: predicted from its smallest run.
    auto seriesKey = [&](size_t i) {
        const Evaluated &e = evaluated[i];
        const Parallelism &p = e.job.parallel;
        return v.rows[i].series + "|" + campaigns[i] + "|" + std::to_string(p.tp) + "|" + std::to_string(p.pp) + "|" + std::to_string(p.cp)
            + "|" + std::to_string(p.vp) + "|" + std::to_string(p.ep) + "|" + std::to_string(e.job.microBatch);
    };
    std::map<std::string, size_t> smallest;
    for (size_t i = 0; i < v.rows.size(); ++i) {
        if (!v.rows[i].problem.empty() || !std::isfinite(evaluated[i].implied))
            continue;
        auto [it, inserted] = smallest.emplace(seriesKey(i), i);
        if (!inserted && v.rows[i].gpus < v.rows[it->second].gpus)
            it->second = i;
    }
    std::vector<double> scaling, scalingNone;
    for (size_t i = 0; i < v.rows.size(); ++i) {
        StepValidationRow &row = v.rows[i];
        row.seriesError = row.seriesNoNetworkError = kNaN;
        if (!row.problem.empty())
            continue;
        const auto it = smallest.find(seriesKey(i));
        if (it == smallest.end() || it->second == i || v.rows[it->second].gpus == row.gpus)
            continue;
        const size_t b = it->second;
        const Evaluated &base = evaluated[b], &e = evaluated[i];
        row.seriesBase = v.rows[b].id;
        row.seriesError = v.rows[b].measuredSeconds * stepAt(e, e.routed, base.implied)
                / stepAt(base, base.routed, base.implied) / row.measuredSeconds
            - 1;
        row.seriesNoNetworkError = std::isfinite(base.impliedNone)
            ? v.rows[b].measuredSeconds * stepAt(e, e.none, base.impliedNone) / stepAt(base, base.none, base.impliedNone)
                    / row.measuredSeconds
                - 1
            : kNaN;
        scaling.push_back(row.seriesError);
        scalingNone.push_back(row.seriesNoNetworkError);
    }
    v.scaling = summarize(scaling);
    v.scalingNoNetwork = summarize(scalingNone);
    std::vector<double> dense, moe;
    for (const StepValidationRow &r : v.rows)
        if (r.predicted)
            (r.architecture == "moe" ? moe : dense).push_back(r.error);
    v.dense = summarize(dense);
    v.moe = summarize(moe);
    v.model = summarize(errors);
    v.noNetwork = summarize(noNetwork);
    v.fluid = summarize(fluid);
    v.constantMfu = summarize(constant);
    std::map<std::string, std::vector<double>> byClass;
    for (size_t i = 0; i < v.rows.size(); ++i)
        if (v.rows[i].predicted)
            byClass[classOf(i)].push_back(v.rows[i].error);
    for (const auto &[k, errs] : byClass)
        v.byGeneration[k] = summarize(errs);

    // The defaults: every run of the class.
    std::map<std::tuple<std::string, std::string, std::string>, std::vector<size_t>> classes;
    for (size_t i = 0; i < v.rows.size(); ++i)
        if (std::isfinite(v.rows[i].impliedMfu))
            classes[{v.rows[i].generation, v.rows[i].precision, v.rows[i].architecture}].push_back(i);
    for (const auto &[k, members] : classes) {
        std::vector<double> xs;
        std::set<std::string> models;
        for (size_t i : members) {
            xs.push_back(v.rows[i].impliedMfu);
            models.insert(v.rows[i].model);
        }
        v.defaults.push_back({std::get<0>(k), std::get<1>(k), std::get<2>(k), median(xs), int(xs.size()), int(models.size())});
    }
    return v;
}

std::string computeEfficiencyJson(const StepValidation &v)
{
    nlohmann::ordered_json doc;
    doc["format"] = "railyard-compute-efficiency";
    doc["version"] = 1;
    doc["note"] = "Written by `railyard-cli step-validation tests/data/step-validation/runs.json --write-defaults`: "
                  "the compute efficiency (MFU while computing) per GPU generation and precision, the median of "
                  "what the published runs imply (docs/step-validation.md).";
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const StepValidation::Default &d : v.defaults) {
        char mfu[16];
        std::snprintf(mfu, sizeof mfu, "%.4f", d.mfu);
        rows.push_back({{"generation", d.generation},
                        {"precision", d.precision},
                        {"architecture", d.architecture},
                        {"mfu", std::stod(mfu)},
                        {"runs", d.runs},
                        {"models", d.models},
                        {"source", "fitted on " + std::to_string(d.runs) + " published run" + (d.runs == 1 ? "" : "s")
                                       + " of " + std::to_string(d.models) + " model" + (d.models == 1 ? "" : "s")
                                       + " (docs/step-validation.md)"}});
    }
    doc["defaults"] = rows;
    return doc.dump(1) + "\n";
}

std::string stepValidationToText(const StepValidation &v)
{
    std::string out;
    auto line = [&](const char *name, const StepValidationSummary &s) {
        char buf[200];
        std::snprintf(buf, sizeof buf, "  %-34s %4d runs  median %6.2f %%  worst %6.2f %%  mean signed %+6.2f %%\n", name,
                      s.predicted, 100 * s.median, 100 * s.worst, 100 * s.meanSigned);
        out += buf;
    };
    out += "Step time against published runs (leave one model out):\n";
    line("Railyard (as routed)", v.model);
    line("  dense models", v.dense);
    line("  mixtures of experts", v.moe);
    line("null: no network term", v.noNetwork);
    line("null: fluid in place of as routed", v.fluid);
    line("null: one MFU for every GPU", v.constantMfu);
    out += "Scaling, each run from the smallest of its series:\n";
    line("Railyard (as routed)", v.scaling);
    line("null: no network term", v.scalingNoNetwork);
    out += "By GPU generation and precision:\n";
    for (const auto &[k, s] : v.byGeneration)
        line(k.c_str(), s);
    out += "Compute efficiency (MFU while computing) per GPU generation and precision:\n";
    for (const StepValidation::Default &d : v.defaults) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "  %-6s %-5s %-6s %.3f  (%d runs, %d models)\n", d.generation.c_str(),
                      d.precision.c_str(), d.architecture.c_str(), d.mfu, d.runs, d.models);
        out += buf;
    }
    int problems = 0;
    for (const StepValidationRow &r : v.rows)
        if (!r.problem.empty() && problems++ < 10)
            out += "  not evaluated: " + r.id + ": " + r.problem.substr(0, 200) + "\n";
    return out;
}

std::string stepValidationToMarkdown(const StepValidation &v)
{
    std::string out;
    auto row = [&](const char *name, const StepValidationSummary &s) {
        out += std::string("| ") + name + " | " + std::to_string(s.predicted) + " | " + percent(s.median, false) + " | "
            + percent(s.worst, false) + " | " + percent(s.meanSigned) + " |\n";
    };
    out += "| model | runs predicted | median error | worst error | mean signed error |\n|---|---|---|---|---|\n";
    row("Railyard, as routed", v.model);
    row("Railyard: dense models", v.dense);
    row("Railyard: mixtures of experts", v.moe);
    row("null: no network term", v.noNetwork);
    row("null: fluid in place of as routed", v.fluid);
    row("null: one MFU for every GPU and precision", v.constantMfu);
    out += "\nScaling, each run predicted from the smallest run of its series (same model, precision, GPU, per-stage "
           "parallelism and campaign) at the efficiency that run implies:\n\n| model | runs predicted | median error | "
           "worst error | mean signed error |\n|---|---|---|---|---|\n";
    row("Railyard, as routed", v.scaling);
    row("null: no network term", v.scalingNoNetwork);
    out += "\n| GPU, precision | runs predicted | median error | worst error | mean signed error |\n|---|---|---|---|---|\n";
    for (const auto &[k, s] : v.byGeneration)
        row(k.c_str(), s);
    out += "\n| GPU | precision | architecture | compute efficiency (MFU while computing) | runs | models |\n|---|---|---|---|---|---|\n";
    for (const StepValidation::Default &d : v.defaults) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.3f", d.mfu);
        out += "| " + d.generation + " | " + d.precision + " | " + d.architecture + " | " + buf + " | "
            + std::to_string(d.runs) + " | " + std::to_string(d.models) + " |\n";
    }
    out += "\n| run | series | GPUs | measured step (s) | implied MFU | predicted MFU (other models) | predicted step (s) "
           "| error | exposed communication | no network | fluid | one MFU | from the series' smallest | no network |\n"
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (const StepValidationRow &r : v.rows) {
        char buf[400];
        if (!r.problem.empty()) {
            out += "| " + r.id + " | " + r.series + " | " + std::to_string(r.gpus) + " | | | | | not evaluated: "
                + r.problem.substr(0, 120) + " | | | | | | |\n";
            continue;
        }
        std::snprintf(buf, sizeof buf, "| %s | %s | %d | %.3g | %.3f | %s | %s | %s | %.0f %% | %s | %s | %s | %s | %s |\n",
                      r.id.c_str(), r.series.c_str(), r.gpus, r.measuredSeconds, r.impliedMfu,
                      r.predicted ? std::to_string(r.predictedMfu).substr(0, 5).c_str() : "–",
                      r.predicted ? std::to_string(r.predictedSeconds).substr(0, 6).c_str() : "–",
                      percent(r.error).c_str(), 100 * r.exposedShare, percent(r.noNetworkError).c_str(),
                      percent(r.fluidError).c_str(), percent(r.constantMfuError).c_str(),
                      percent(r.seriesError).c_str(), percent(r.seriesNoNetworkError).c_str());
        out += buf;
    }
    return out;
}

} // namespace Railyard
