// The whole-step model (core/placement/steptime.h) on jobs worked by hand:
// FLOPs per step, the compute, the 1F1B bubble with and without virtual
// stages, what overlap hides and what it leaves, and the efficiency a
// measured step implies.

#include "core/placement/steptime.h"

#include <QtTest>

#include <cmath>

using namespace Railyard;

namespace {

bool near(double a, double b, double rel = 1e-9)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

/// A dense job: 10B parameters, 32 layers, h 4096, s 4096, batch 64; TP 8,
/// PP 4, DP 2 on 64 H100s; m = 64 / (1 x 2) = 32 micro-batches.
JobSpec job()
{
    JobSpec j;
    j.name = "hand";
    j.model.parameters = 10e9;
    j.model.layers = 32;
    j.model.hiddenSize = 4096;
    j.model.sequenceLength = 4096;
    j.model.vocabulary = 32000;
    j.model.precision = "bf16";
    j.parallel = {8, 4, 2, 1, 1, 1};
    j.microBatch = 1;
    j.globalBatch = 64;
    j.sharding = OptimizerSharding::Zero1;
    j.compute.mfu = 0.5;
    j.gpus = 64;
    return j;
}

StepCollective collective(ParallelKind kind, CommOp op, long long calls, double seconds)
{
    StepCollective c;
    c.kind = kind;
    c.op = op;
    c.callsPerStep = calls;
    c.modelSeconds = seconds;
    return c;
}

} // namespace

class TestStepTime : public QObject
{
    Q_OBJECT

private slots:
    /// F = (6 N + 12 L h s) T with T = 64 x 4096 tokens:
    /// 6 x 10e9 = 6e10; 12 x 32 x 4096 x 4096 = 6.442450944e9; sum 6.6442450944e10 per token;
    /// T = 262,144: F = 1.74176e16 (to the digits below). C = F / (64 x 989.4e12 x 0.5) = 0.550122… s.
    void flopsAndCompute()
    {
        const JobSpec j = job();
        const double perToken = 6 * 10e9 + 12.0 * 32 * 4096 * 4096;
        QVERIFY(near(modelFlopsPerStep(j), perToken * 64 * 4096));
        QVERIFY(near(attentionFlopsShare(j), 12.0 * 32 * 4096 * 4096 / perToken));
        QCOMPARE(gpuPeakTflops("h100", "bf16"), 989.4);
        QCOMPARE(gpuPeakTflops("H100-SXM", "fp8"), 1978.9);
        QCOMPARE(gpuPeakTflops("a100", "fp8"), 312.0); // no FP8 units: 16-bit GEMMs
        QCOMPARE(gpuPeakTflops("mi300x", "bf16"), 0.0);
        const StepTime t = stepTime(j, "h100", {});
        QVERIFY(t.computed);
        QVERIFY(near(t.computeSeconds, perToken * 64 * 4096 / (64 * 989.4e12 * 0.5)));
        // No communication: compute and the bubble, (p - 1) / m of it = 3/32.
        QVERIFY(near(t.bubbleSeconds, t.computeSeconds * 3.0 / 32.0));
        QVERIFY(near(t.stepSeconds, t.computeSeconds * (1 + 3.0 / 32.0)));
        QVERIFY(near(t.stepMfu(), 0.5 / (1 + 3.0 / 32.0)));
    }

    /// Virtual stages divide the bubble: vp 4 gives (p - 1) / (vp m) = 3/128.
    void interleavedBubble()
    {
        JobSpec j = job();
        j.parallel.vp = 4;
        const StepTime t = stepTime(j, "h100", {});
        QVERIFY(near(t.bubbleSeconds, t.computeSeconds * 3.0 / 128.0));
    }

    /// TP exposed unless overlapped; overlapped it hides behind the GEMMs
    /// (1 - attention share of c per micro-batch); DP hidden up to 2/3 c
    /// (reduce-scatter) and 1/3 c (all-gather); pipeline sends on the fill
    /// and drain, 2 (p - 1) of them.
    void exposedCommunication()
    {
        JobSpec j = job();
        const double C = stepTime(j, "h100", {}).computeSeconds, c = C / 32;
        const double tpCall = 0.1e-3, ppCall = 2e-3, rs = 40e-3, ag = 10e-3;
        const std::vector<StepCollective> k = {
            collective(ParallelKind::Tp, CommOp::AllReduce, 4 * 8 * 32, tpCall), // 4 per layer, 8 layers a stage
            collective(ParallelKind::Pp, CommOp::P2p, 32, ppCall),
            collective(ParallelKind::Dp, CommOp::ReduceScatter, 1, rs),
            collective(ParallelKind::Dp, CommOp::AllGather, 1, ag),
        };
        const double tpMb = 32 * tpCall; // a micro-batch's TP calls on one stage
        QVERIFY(tpMb < (1 - attentionFlopsShare(j)) * c);
        StepTime t = stepTime(j, "h100", k);
        QVERIFY(near(t.tpSeconds, 32 * tpMb));                       // not overlapped: all of it
        QVERIFY(near(t.ppSeconds, 2 * 3 * ppCall));                  // fill and drain
        QVERIFY(near(t.dpSeconds, std::max(0.0, rs - 2.0 / 3 * c) + std::max(0.0, ag - c / 3)));
        QVERIFY(near(t.bubbleSeconds, 3.0 * (c + tpMb)));            // (p - 1) x t_mb
        QVERIFY(near(t.stepSeconds, 32 * (c + tpMb) + t.bubbleSeconds + t.ppSeconds + t.dpSeconds));
        QVERIFY(near(t.communicationSeconds, 4 * 8 * 32 * tpCall + 32 * ppCall + rs + ag));

        j.compute.overlapTp = true;
        t = stepTime(j, "h100", k);
        QCOMPARE(t.tpSeconds, 0.0); // hidden behind the GEMMs
        j.compute.overlapDp = false;
        t = stepTime(j, "h100", k);
        QVERIFY(near(t.dpSeconds, rs + ag));
    }

    /// A routed time above the model's figure wins once the network's
    /// achieved share is taken: max(model, routed / efficiency, NVLink).
    void callTimeIsTheSlowestView()
    {
        StepCollective c;
        c.modelSeconds = 1e-3;
        c.networkSeconds = 0.92e-3;
        c.efficiency = 0.92;
        QVERIFY(near(c.seconds(), 1e-3));
        c.networkSeconds = 1.84e-3; // a half-rate link
        QVERIFY(near(c.seconds(), 2e-3));
        c.nvlinkSeconds = 3e-3;
        QVERIFY(near(c.seconds(), 3e-3));
    }

    /// The efficiency a measured step implies gives that step back.
    void impliedEfficiency()
    {
        const JobSpec j = job();
        const std::vector<StepCollective> k = {collective(ParallelKind::Dp, CommOp::ReduceScatter, 1, 0.1)};
        JobSpec at = j;
        at.compute.mfu = 0.37;
        const double measured = stepTime(at, "h100", k).stepSeconds;
        QVERIFY(near(impliedComputeEfficiency(j, "h100", k, measured), 0.37, 1e-6));
        QVERIFY(std::isnan(impliedComputeEfficiency(j, "h100", k, 1e-6))); // faster than any efficiency allows
    }

    /// Unknown GPUs say so instead of guessing.
    void unknownGpu()
    {
        JobSpec j = job();
        j.compute.mfu = 0;
        const StepTime t = stepTime(j, "mi300x", {});
        QVERIFY(!t.computed);
        QVERIFY(QString::fromStdString(t.problem).contains(QStringLiteral("mi300x")));
    }
};

QTEST_GUILESS_MAIN(TestStepTime)
#include "tst_steptime.moc"
