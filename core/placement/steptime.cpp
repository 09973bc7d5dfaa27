#include "core/placement/steptime.h"

#include "core/analysis/capacity.h"
#include "core/placement/computeefficiencytext.h"
#include "core/placement/jobevaluation.h"
#include "core/traffic/collectivemodel.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>

namespace Railyard {

namespace {

std::string lower(const std::string &s)
{
    std::string out;
    for (const char c : s.substr(0, 32))
        out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

/// The generation key of a GPU model for peaks and efficiencies.
std::string generationOf(const std::string &gpuModel)
{
    const std::string m = lower(gpuModel);
    for (const char *key : {"gb200", "b200", "h200", "h800", "h100", "a800", "a100"})
        if (m.rfind(key, 0) == 0)
            return key;
    return m;
}

/// bf16 for 16-bit floats, the name otherwise.
std::string precisionKey(const std::string &precision)
{
    const std::string p = lower(precision);
    return p == "fp16" || p.empty() ? std::string("bf16") : p;
}

struct Peak
{
    const char *generation;
    double bf16, fp8, tf32, fp32;
};

// Dense (no sparsity) peaks per GPU, TFLOP/s, from NVIDIA's datasheets:
// A100 SXM (312 BF16, 156 TF32, 19.5 FP32; no FP8), H100/H800/H200 SXM (989.4
// BF16, 1978.9 FP8, 494.7 TF32, 66.9 FP32), HGX B200 (2,250 BF16, 4,500 FP8,
// 1,100 TF32, 75 FP32), GB200 NVL72 per GPU (180 / 360 PFLOPS dense BF16 /
// FP8 per 72 GPUs: 2,500 and 5,000; TF32 1,250, FP32 80).
constexpr Peak kPeaks[] = {
    {"a100", 312.0, 0.0, 156.0, 19.5},   {"a800", 312.0, 0.0, 156.0, 19.5},
    {"h100", 989.4, 1978.9, 494.7, 66.9}, {"h800", 989.4, 1978.9, 494.7, 66.9},
    {"h200", 989.4, 1978.9, 494.7, 66.9}, {"b200", 2250.0, 4500.0, 1100.0, 75.0},
    {"gb200", 2500.0, 5000.0, 1250.0, 80.0},
};

struct FittedEfficiency
{
    std::string generation, precision, architecture, source;
    double mfu = 0;
};

const std::vector<FittedEfficiency> &fittedEfficiencies()
{
    static const std::vector<FittedEfficiency> rows = [] {
        std::vector<FittedEfficiency> out;
        const nlohmann::json j = nlohmann::json::parse(computeEfficiencyText);
        for (const nlohmann::json &r : j.at("defaults"))
            out.push_back({r.at("generation").get<std::string>(), r.at("precision").get<std::string>(),
                           r.at("architecture").get<std::string>(), r.at("source").get<std::string>(),
                           r.at("mfu").get<double>()});
        return out;
    }();
    return rows;
}

CollectiveOp collectiveOpOf(CommOp op)
{
    switch (op) {
    case CommOp::AllReduce: return CollectiveOp::AllReduce;
    case CommOp::AllGather: return CollectiveOp::AllGather;
    case CommOp::ReduceScatter: return CollectiveOp::ReduceScatter;
    case CommOp::AllToAll: return CollectiveOp::AllToAll;
    case CommOp::P2p: break;
    }
    return CollectiveOp::AllReduce;
}

/// The network bandwidth the hosts achieve of their links' nominal rate.
double networkEfficiency(const Fabric &fabric, const std::string &gpuModel)
{
    const CollectiveConstants constants;
    double e = constants.forGpu(gpuModel).nicEfficiency;
    if (fabric.transport == Transport::Ethernet)
        e *= constants.roceEfficiency;
    else if (fabric.transport == Transport::Efa)
        e *= constants.efaEfficiency;
    return e;
}

} // namespace

std::string gpuModelOf(const Fabric &fabric, const JobEvaluation &evaluation)
{
    for (const RankSlot &slot : evaluation.placement.ranks)
        if (slot.host >= 0 && slot.host < fabric.hostCount())
            return fabric.host(slot.host).gpuModel;
    return {};
}

double gpuPeakTflops(const std::string &gpuModel, const std::string &precision)
{
    const std::string g = generationOf(gpuModel), p = precisionKey(precision);
    for (const Peak &peak : kPeaks)
        if (g == peak.generation) {
            if (p == "bf16")
                return peak.bf16;
            if (p == "fp8")
                return peak.fp8 > 0 ? peak.fp8 : peak.bf16; // no FP8 units: 16-bit GEMMs
            if (p == "tf32")
                return peak.tf32;
            if (p == "fp32")
                return peak.fp32;
            return 0;
        }
    return 0;
}

double modelFlopsPerStep(const JobSpec &job)
{
    const ModelShape &m = job.model;
    const double tokens = double(job.globalBatch) * m.sequenceLength;
    const double active = m.isMoe() ? m.denseParameters() + m.expertParameters() * m.topK / double(m.experts)
                                    : m.parameters;
    const double attention = 12.0 * m.layers * double(m.hiddenSize) * m.sequenceLength;
    return (6.0 * active + attention) * tokens;
}

double attentionFlopsShare(const JobSpec &job)
{
    const ModelShape &m = job.model;
    const double f = modelFlopsPerStep(job);
    return f > 0 ? 12.0 * m.layers * double(m.hiddenSize) * m.sequenceLength * double(job.globalBatch)
                       * m.sequenceLength / f
                 : 0.0;
}

ComputeEfficiency defaultComputeEfficiency(const std::string &gpuModel, const std::string &precision, bool moe)
{
    ComputeEfficiency e;
    const std::string gpu = generationOf(gpuModel), p = precisionKey(precision), arch = architectureName(moe);
    auto find = [&](const std::string &g, const std::string &pr, const std::string &a) -> const FittedEfficiency * {
        for (const FittedEfficiency &f : fittedEfficiencies())
            if (f.generation == g && f.precision == pr && f.architecture == a)
                return &f;
        return nullptr;
    };
    // Hopper variants share H100's compute, A800 A100's.
    std::vector<std::string> generations{gpu};
    if (gpu == "h800" || gpu == "h200")
        generations.push_back("h100");
    if (gpu == "a800")
        generations.push_back("a100");
    const std::string otherPrecision = p == "fp8" ? "bf16" : "fp8";
    const std::string otherArch = architectureName(!moe);
    for (const std::string &g : generations) {
        const std::string as = g == gpu ? std::string() : " (" + gpu + " as " + g + ")";
        if (const FittedEfficiency *f = find(g, p, arch)) {
            e = {f->mfu, g, f->source + as};
            return e;
        }
        // No published run of this kind: the nearest kind on the same GPU, said so.
        if (const FittedEfficiency *f = find(g, otherPrecision, arch)) {
            e = {f->mfu, g, f->source + as + "; " + otherPrecision + "'s, none fitted in " + p};
            return e;
        }
        if (const FittedEfficiency *f = find(g, p, otherArch)) {
            e = {f->mfu, g, f->source + as + "; " + otherArch + " models', none fitted for " + arch};
            return e;
        }
    }
    return e;
}

double StepCollective::seconds() const
{
    const double routed = efficiency > 0 ? networkSeconds / efficiency : networkSeconds;
    return std::max({modelSeconds, routed, nvlinkSeconds});
}

double StepTime::stepMfu() const
{
    return stepSeconds > 0 && peakTflops > 0 && computeSeconds > 0 ? mfu * computeSeconds / stepSeconds : 0.0;
}

std::vector<StepCollective> stepCollectives(const Fabric &fabric, const CapacityView &view,
                                            const JobEvaluation &evaluation, bool withModel)
{
    // Shapes as `place` lists them: kind, op, group size, bytes and calls.
    struct Shape
    {
        StepCollective c;
        size_t groupSize = 0;
        double bytesPerRank = 0;
        std::vector<const GroupCollective *> groups;
    };
    std::vector<Shape> shapes;
    for (const GroupCollective &g : evaluation.collectives) {
        auto it = std::find_if(shapes.begin(), shapes.end(), [&](const Shape &s) {
            return s.c.kind == g.kind && s.c.op == g.op && s.groupSize == g.ranks.size() && s.bytesPerRank == g.bytesPerRank
                && s.c.callsPerStep == g.countPerStep;
        });
        if (it == shapes.end()) {
            Shape s;
            s.c.kind = g.kind;
            s.c.op = g.op;
            s.c.callsPerStep = g.countPerStep;
            s.groupSize = g.ranks.size();
            s.bytesPerRank = g.bytesPerRank;
            shapes.push_back(std::move(s));
            it = shapes.end() - 1;
        }
        it->groups.push_back(&g);
    }
    const std::string gpu = gpuModelOf(fabric, evaluation);
    const double efficiency = networkEfficiency(fabric, gpu);
    const NvlinkUnits units = nvlinkUnits(fabric);
    std::vector<StepCollective> out;
    for (Shape &s : shapes) {
        StepCollective &c = s.c;
        c.efficiency = efficiency;
        double bytes = 0;
        for (const GroupCollective *g : s.groups)
            forEachNetworkTransfer(
                evaluation.placement, *g, [&](std::int32_t, int, std::int32_t, int, double b) { bytes += b; },
                evaluation.sharp, &units);
        c.networkBytesPerCall = bytes;
        c.nvlinkSeconds = hostLocalCallSeconds(fabric, evaluation.placement, s.groups);
        if (withModel && c.op != CommOp::P2p) {
            CollectiveRequest request;
            request.op = collectiveOpOf(c.op);
            request.bytes = s.bytesPerRank;
            request.hosts = hostsOfRanks(evaluation.placement, s.groups.front()->ranks);
            try {
                c.modelSeconds = estimateCollective(fabric, view, request).seconds;
            } catch (const std::exception &) {
                c.modelSeconds = -1; // the routed and NVLink figures stand
            }
        }
        out.push_back(c);
    }
    return reroutedCollectives(std::move(out), evaluation);
}

std::vector<StepCollective> reroutedCollectives(std::vector<StepCollective> collectives, const JobEvaluation &rerouted)
{
    // A phase's routed time shared by its collectives in proportion to the
    // bytes they put on the network (pinned and fluid times are linear in bytes).
    std::map<ParallelKind, double> phase, bytes;
    for (const JobPhaseTime &p : rerouted.phases)
        phase[p.kind] += p.seconds;
    for (const StepCollective &c : collectives)
        bytes[c.kind] += c.networkBytesPerCall * double(c.callsPerStep);
    for (StepCollective &c : collectives) {
        const double total = bytes[c.kind];
        c.networkSeconds = total > 0 && c.callsPerStep > 0 ? phase[c.kind] * c.networkBytesPerCall / total : 0.0;
    }
    return collectives;
}

StepTime stepTime(const JobSpec &job, const std::string &gpuModel, const std::vector<StepCollective> &collectives)
{
    StepTime t;
    t.precision = job.compute.precision.empty() ? job.model.precision : job.compute.precision;
    t.peakTflops = gpuPeakTflops(gpuModel, t.precision);
    t.flopsPerStep = modelFlopsPerStep(job);
    if (job.compute.mfu > 0) {
        t.mfu = job.compute.mfu;
        t.mfuSource = "the job's";
    } else {
        const ComputeEfficiency e = defaultComputeEfficiency(gpuModel, t.precision, job.model.isMoe());
        t.mfu = e.mfu;
        t.mfuSource = e.source;
    }
    for (const StepCollective &c : collectives)
        t.communicationSeconds += c.seconds() * double(c.callsPerStep);
    if (!(t.peakTflops > 0)) {
        t.problem = "no peak FLOP/s known for GPU '" + gpuModel.substr(0, 32) + "' in " + t.precision;
        return t;
    }
    if (!(t.mfu > 0)) {
        t.problem = "no compute efficiency known for " + std::string(architectureName(job.model.isMoe())) + " models on GPU '"
            + gpuModel.substr(0, 32) + "' in " + t.precision + ": give compute.mfu in the job";
        return t;
    }
    const Parallelism &p = job.parallel;
    const double gpus = double(p.worldSize());
    const double m = std::max<long long>(1, job.microBatchesPerStep());
    t.computeSeconds = t.flopsPerStep / (gpus * t.peakTflops * 1e12 * t.mfu);
    const double c = t.computeSeconds / m;
    const double attention = attentionFlopsShare(job);

    double tp = 0, cp = 0, ep = 0, pp = 0, rs = 0, ag = 0, ar = 0, agCalls = 0;
    for (const StepCollective &k : collectives) {
        const double total = k.seconds() * double(k.callsPerStep);
        switch (k.kind) {
        case ParallelKind::Tp: tp += total; break;
        case ParallelKind::Cp: cp += total; break;
        case ParallelKind::Ep: ep += total; break;
        case ParallelKind::Pp: pp += k.seconds(); break; // one call: a send each way on every boundary
        case ParallelKind::Dp:
            if (k.op == CommOp::ReduceScatter)
                rs += total;
            else if (k.op == CommOp::AllGather) {
                ag += total;
                agCalls = std::max(agCalls, double(k.callsPerStep));
            } else
                ar += total;
            break;
        }
    }
    // Per micro-batch on one stage.
    const double tpMb = tp / m, cpMb = cp / m, epMb = ep / m;
    const double tpExposed = job.compute.overlapTp ? std::max(0.0, tpMb - (1.0 - attention) * c) : tpMb;
    const double cpExposed = job.compute.overlapCp ? std::max(0.0, cpMb - attention * c) : cpMb;
    const double tMb = std::max(c + tpExposed + cpExposed + epMb, pp);
    const int stages = p.pp;
    const double vp = std::max(1, p.vp);
    const double bubble = stages > 1 ? (stages - 1) / vp * tMb : 0.0;
    const double fillDrain = stages > 1 ? 2.0 * (stages - 1) * pp : 0.0;
    const double pipeline = m * tMb + bubble + fillDrain;

    // Data parallel: overlapped with the last backward (⅔ c) and the first
    // forward (⅓ c); FSDP gathers once per micro-batch pass.
    double dp = 0;
    if (!job.compute.overlapDp) {
        dp = rs + ag + ar;
    } else if (job.sharding == OptimizerSharding::Fsdp) {
        const double perGather = agCalls > 0 ? ag / agCalls : 0.0;
        dp = m * 2.0 * std::max(0.0, perGather - c / 2.0) + std::max(0.0, rs - 2.0 / 3.0 * c);
    } else {
        dp = std::max(0.0, rs + ar - 2.0 / 3.0 * c) + std::max(0.0, ag - 1.0 / 3.0 * c);
    }

    t.tpSeconds = m * tpExposed;
    t.cpSeconds = m * cpExposed;
    t.epSeconds = m * epMb;
    t.ppSeconds = fillDrain + m * std::max(0.0, pp - (c + tpExposed + cpExposed + epMb));
    t.dpSeconds = dp;
    t.bubbleSeconds = bubble;
    t.stepSeconds = pipeline + dp;
    t.computed = true;
    return t;
}

double impliedComputeEfficiency(JobSpec job, const std::string &gpuModel, const std::vector<StepCollective> &collectives,
                                double measuredSeconds)
{
    // The step falls as the efficiency rises: bisect on it.
    auto at = [&](double mfu) {
        job.compute.mfu = mfu;
        const StepTime t = stepTime(job, gpuModel, collectives);
        return t.computed ? t.stepSeconds : std::numeric_limits<double>::quiet_NaN();
    };
    double lo = 1e-3, hi = 1.5;
    const double fast = at(hi), slow = at(lo);
    if (!std::isfinite(fast) || !std::isfinite(slow) || measuredSeconds < fast || measuredSeconds > slow)
        return std::numeric_limits<double>::quiet_NaN();
    for (int i = 0; i < 60; ++i) {
        const double mid = 0.5 * (lo + hi);
        (at(mid) > measuredSeconds ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

StepTime stepTimeOf(const Fabric &fabric, const JobSpec &job, const JobEvaluation &evaluation,
                    const std::vector<StepCollective> &collectives)
{
    return stepTime(job, gpuModelOf(fabric, evaluation), collectives);
}

} // namespace Railyard
