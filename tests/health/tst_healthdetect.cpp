// Health monitoring on meta-24k with the MoE sample job: injected faults are
// detected with hysteresis, attributed to the job with the traffic model's
// slowdown, re-placed off the excluded host; a healthy noisy fabric raises
// nothing; record → replay gives the same detections.

#include "core/registry/formatregistry.h"
#include "core/common/limits.h"
#include "core/health/healthdetector.h"
#include "core/health/healthfault.h"
#include "core/health/healthreport.h"
#include "core/health/replaysource.h"
#include "core/health/runningjobs.h"
#include "core/health/simulatedsource.h"
#include "core/health/telemetryrecording.h"
#include "core/jobs/jobspec.h"
#include "core/placement/jobevaluation.h"
#include "healthtestdata.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <set>

using namespace Railyard;

namespace {

using HealthTestData::fault;

std::vector<HealthAlarm> alarmsOf(const std::vector<HealthAlarm> &all, AlarmKind kind)
{
    std::vector<HealthAlarm> out;
    for (const HealthAlarm &a : all)
        if (a.kind == kind)
            out.push_back(a);
    return out;
}

} // namespace

class TestHealthDetect : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void parsesFaults();
    void degradedLinkFlaggedWithJobAndSlowdown();
    void hungRankIsHangSuspect();
    void stepsLongerThanIntervalAreNoStall();
    void slowRankFlagged();
    void flappingReportedOnce();
    void pfcStormAndBer();
    void healthyNoisyFabricRaisesNothing();
    void staleFramesRaiseNothing();
    void recordReplaySameDetections();

private:
    Fabric m_fabric;
    std::vector<RunningJob> m_jobs;
    std::string m_hostLink; ///< the job's bottleneck host link
    std::string m_uplink;   ///< a loaded leaf-spine link
};

void TestHealthDetect::initTestCase()
{
    const QString error = HealthTestData::loadMeta24kWithMoe(m_fabric, m_jobs);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_hostLink = m_jobs[0].evaluation.bottleneckLinkId;
    QVERIFY(m_fabric.isHost(m_fabric.link(m_fabric.findLink(m_hostLink)).a)
            || m_fabric.isHost(m_fabric.link(m_fabric.findLink(m_hostLink)).b));
    for (std::int32_t l = 0; l < m_fabric.linkCount() && m_uplink.empty(); ++l) {
        const Link &link = m_fabric.link(l);
        if (m_fabric.nodeTier(link.a) == Tier::Leaf && m_fabric.nodeTier(link.b) == Tier::Spine
            && m_jobs[0].evaluation.linkBytes[size_t(l)] > 0)
            m_uplink = link.id;
    }
    QVERIFY(!m_uplink.empty());
}

void TestHealthDetect::parsesFaults()
{
    std::string error;
    const auto d = parseHealthFault("degrade:" + m_hostLink + ":0.5@3", m_fabric, &error);
    QVERIFY2(d, error.c_str());
    QCOMPARE(d->kind, FaultKind::Degrade);
    QCOMPARE(d->value, 0.5);
    QCOMPARE(d->startInterval, 3);
    QCOMPARE(d->element, m_hostLink);
    const auto h = parseHealthFault("hang:rank:12@4", m_fabric, &error);
    QVERIFY2(h, error.c_str());
    QCOMPARE(h->rank, 12);
    QCOMPARE(h->startInterval, 4);
    const auto s = parseHealthFault("slow:moe/rank:7:2", m_fabric, &error);
    QVERIFY2(s, error.c_str());
    QCOMPARE(s->job, std::string("moe"));
    QCOMPARE(s->rank, 7);
    QCOMPARE(s->value, 2.0);
    QVERIFY(!parseHealthFault("degrade:no-such-link:0.5", m_fabric, &error));
    QVERIFY(error.find("unknown link") != std::string::npos);
    // The input is quoted elided, never whole.
    const std::string longId(5000, 'x');
    QVERIFY(!parseHealthFault("degrade:" + longId + ":0.5", m_fabric, &error));
    QVERIFY(error.find("unknown link") != std::string::npos);
    QVERIFY2(error.size() < 3 * size_t(Limits::maxQuotedChars) + 64, error.c_str());
    QVERIFY(!parseHealthFault("degrade:" + m_hostLink + ":1.5", m_fabric, &error));
    QVERIFY(!parseHealthFault("melt:" + m_hostLink + ":1", m_fabric, &error));
    QVERIFY(error.find("unknown fault kind") != std::string::npos);
}

void TestHealthDetect::degradedLinkFlaggedWithJobAndSlowdown()
{
    SimulatedSource source(m_fabric, m_jobs, {fault(m_fabric, "degrade:" + m_hostLink + ":0.5@3")});
    HealthDetector detector(m_fabric);
    monitorHealth(source, detector, 8);
    const auto degraded = alarmsOf(detector.alarms(), AlarmKind::LinkDegraded);
    QCOMPARE(degraded.size(), size_t(1));
    QCOMPARE(degraded[0].element, m_hostLink);
    QCOMPARE(degraded[0].firstInterval, 3);
    QVERIFY(degraded[0].raisedInterval - 3 <= 2); // within 2 polling intervals
    QCOMPARE(degraded[0].evidence.rule, std::string("rate"));
    QCOMPARE(detector.alarms().size(), size_t(1)); // nothing else

    const HealthReport report = buildHealthReport(m_fabric, m_jobs, detector, source.kind());
    QCOMPARE(report.detections.size(), size_t(1));
    const auto &jobs = report.detections[0].jobs;
    QCOMPARE(jobs.size(), size_t(1));
    QCOMPARE(jobs[0].name, std::string("moe-424b-16e"));
    // The slowdown is the traffic model's with the link at 200 Gbit/s, as
    // the fabric routes (meta-24k is RoCE: ECMP hashing, each connection
    // pinned) — what place --degrade reports as routed, here over the hash
    // seeds the attribution's budget allows — and with adaptive routing.
    CapacityView view = CapacityView::nominal(m_fabric);
    const std::int32_t l = m_fabric.findLink(m_hostLink);
    view.gbps[size_t(l)] = 0.5 * m_fabric.link(l).capacityGbps;
    QCOMPARE(jobs[0].routing, RoutingMode::Hashed);
    QVERIFY(jobs[0].hashSeeds >= 1 && jobs[0].hashSeeds <= 16);
    const RoutingOptions asRouted = asRoutedOptionsFor(m_fabric, m_jobs[0].evaluation);
    QCOMPARE(asRouted.seeds, jobs[0].hashSeeds);
    const RoutedSlowdown pinned = routedSlowdown(m_fabric, CapacityView::nominal(m_fabric), view, m_jobs[0].evaluation,
                                                 asRouted, m_jobs[0].collectives);
    QVERIFY(pinned.computed() && pinned.wholeStep());
    QVERIFY(pinned.slowdown() > 1.01);
    QVERIFY(std::fabs(jobs[0].slowdown - pinned.slowdown()) < 1e-9);
    QVERIFY(std::fabs(jobs[0].commSlowdown - pinned.commSlowdown()) < 1e-9);
    // The same figure place --degrade reports: the placed job, the link at
    // half rate, priced as routed against its own healthy step.
    const JobEvaluation placed = rerouted(m_fabric, view, m_jobs[0].evaluation, m_jobs[0].evaluation.routing);
    const DegradationImpact placeDegrade = degradationImpact(m_fabric, view, placed);
    QVERIFY(placeDegrade.asRouted.computed());
    QVERIFY2(std::fabs(placeDegrade.asRouted.slowdown() - jobs[0].slowdown) < 1e-9,
             qPrintable(QStringLiteral("place --degrade %1, health %2")
                            .arg(placeDegrade.asRouted.slowdown())
                            .arg(jobs[0].slowdown)));
    RoutingOptions adaptiveRouting = m_jobs[0].evaluation.routing;
    adaptiveRouting.mode = RoutingMode::Adaptive;
    const RoutedSlowdown adaptive = routedSlowdown(m_fabric, CapacityView::nominal(m_fabric), view,
                                                   m_jobs[0].evaluation, adaptiveRouting, m_jobs[0].collectives);
    QVERIFY(std::fabs(jobs[0].adaptiveSlowdown - adaptive.slowdown()) < 1e-9);
    QVERIFY(std::fabs(placeDegrade.adaptive.slowdown() - jobs[0].adaptiveSlowdown) < 1e-9);
    // A host link's only path: adaptive routing cannot route around it.
    QVERIFY(jobs[0].adaptiveSlowdown > 1.01);
    // The ranks behind a host link: the job's ranks on that host (on the link's rail when its leaf has one).
    QVERIFY(!jobs[0].ranks.empty() && jobs[0].ranks.size() <= 8);
    const Link &degradedLink = m_fabric.link(l);
    const NodeIndex linkHost = m_fabric.isHost(degradedLink.a) ? degradedLink.a : degradedLink.b;
    for (std::int64_t r : jobs[0].ranks)
        QCOMPARE(m_jobs[0].evaluation.placement.ranks[size_t(r)].host, linkHost);

    // Exclusion: the host; the re-placement avoids it and reports its step time.
    QCOMPARE(report.exclusions.hosts.size(), size_t(1));
    const NodeIndex host = m_fabric.findNode(report.exclusions.hosts[0]);
    QVERIFY(m_fabric.isHost(host));
    QCOMPARE(report.replacements.size(), size_t(1));
    const JobReplacement &p = report.replacements[0];
    QVERIFY2(p.placed, p.error.c_str());
    for (const RankSlot &slot : p.placement.ranks)
        QVERIFY(slot.host != host);
    QCOMPARE(p.excludedHostsAvoided, report.exclusions.hosts);
    QVERIFY(p.afterStepSeconds > 0 && std::isfinite(p.afterStepSeconds));
    // Whole steps as routed, the same figures place --degrade gives: healthy
    // is the as-routed healthy step, now that times the slowdown.
    QVERIFY2(std::fabs(p.healthyStepSeconds - placeDegrade.asRouted.healthyStepSeconds) < 1e-9,
             qPrintable(QStringLiteral("%1 against %2").arg(p.healthyStepSeconds).arg(placeDegrade.asRouted.healthyStepSeconds)));
    QVERIFY(std::fabs(p.nowStepSeconds - placeDegrade.asRouted.stepSeconds) < 1e-6 * p.nowStepSeconds);
    QVERIFY(std::fabs(p.nowStepSeconds - p.healthyStepSeconds * pinned.slowdown()) < 1e-9);
    QVERIFY(p.afterStepSeconds < p.nowStepSeconds);
    // The re-placed job computes as much as before: its step is of the same order.
    QVERIFY(p.afterStepSeconds > 0.5 * p.healthyStepSeconds);

    // One incident with its runbook.
    QCOMPARE(report.incidents.size(), size_t(1));
    QCOMPARE(report.incidents[0].symptom, std::string("link_degraded"));
    QVERIFY(report.incidents[0].id.starts_with("ni_"));
    // Two runs of one project raise the same alarm at different wall-clock
    // times: different incident ids; the same run (or its replay, whose
    // frames carry the recorded times) the same id.
    HealthAlarm alarm = report.detections[0].alarm;
    alarm.firstTime = 1764900000.25; // 2025-12-05, a live source's Unix time
    const std::string firstRun = buildIncident(report.cluster, alarm, 0, {}, {}).id;
    QCOMPARE(buildIncident(report.cluster, alarm, 0, {}, {}).id, firstRun);
    alarm.firstTime += 3600;
    QVERIFY(buildIncident(report.cluster, alarm, 0, {}, {}).id != firstRun);
    QVERIFY(report.incidents[0].runbook.find(m_hostLink) != std::string::npos);
    QVERIFY(report.incidents[0].runbook.find("moe-424b-16e") != std::string::npos);
}

void TestHealthDetect::hungRankIsHangSuspect()
{
    SimulatedSource source(m_fabric, m_jobs, {fault(m_fabric, "hang:rank:100@3")});
    HealthDetector detector(m_fabric);
    monitorHealth(source, detector, 7);
    const auto hangs = alarmsOf(detector.alarms(), AlarmKind::RankHang);
    QCOMPARE(hangs.size(), size_t(1));
    QCOMPARE(hangs[0].ranks, std::vector<std::int64_t>{100});
    QCOMPARE(hangs[0].element, std::string("moe-424b-16e/rank:100"));
    QVERIFY(hangs[0].raisedInterval - 3 <= 2);
    QCOMPARE(detector.alarms().size(), size_t(1));
    const HealthReport report = buildHealthReport(m_fabric, m_jobs, detector, source.kind());
    QCOMPARE(report.detections[0].jobs.size(), size_t(1));
    QVERIFY(std::isinf(report.detections[0].jobs[0].slowdown));
    QCOMPARE(report.incidents[0].symptom, std::string("rank_hang"));
    const std::string hostOf100 = m_fabric.host(m_jobs[0].evaluation.placement.ranks[100].host).id;
    QCOMPARE(report.exclusions.hosts, std::vector<std::string>{hostOf100});
}

void TestHealthDetect::stepsLongerThanIntervalAreNoStall()
{
    // Polled four times per step: the step counter stands still for three
    // intervals out of four, which is progress, not a stall. A hung rank is
    // still found, once the job has made no progress for 3 of its steps.
    const double step = m_jobs[0].evaluation.stepSeconds;
    QVERIFY(step > 0);
    SimulatorOptions options;
    options.intervalSeconds = step / 4;
    {
        SimulatedSource source(m_fabric, m_jobs, {}, options);
        HealthDetector detector(m_fabric);
        int stillIntervals = 0;
        std::int64_t lastStep = -1;
        monitorHealth(source, detector, 200, nullptr, [&](const TelemetryFrame &f) {
            std::int64_t newest = -1;
            for (const RankSample &r : f.jobs[0].ranks)
                newest = std::max(newest, r.step);
            stillIntervals += newest == lastStep ? 1 : 0;
            lastStep = newest;
            return true;
        });
        QVERIFY2(stillIntervals > 100, qPrintable(QString::number(stillIntervals))); // the counter does stand still
        QVERIFY2(detector.alarms().empty(), detector.alarms().empty() ? "" : alarmKindName(detector.alarms()[0].kind));
    }
    {
        // Ranks busy for a fifth of each step: their busy time alone would
        // call a stall after 0.6 steps; the learnt period prevents it.
        SimulatorOptions idle = options;
        idle.busyFraction = 0.2;
        SimulatedSource source(m_fabric, m_jobs, {}, idle);
        HealthDetector detector(m_fabric);
        monitorHealth(source, detector, 200);
        QVERIFY2(detector.alarms().empty(), detector.alarms().empty() ? "" : alarmKindName(detector.alarms()[0].kind));
    }
    SimulatedSource source(m_fabric, m_jobs, {fault(m_fabric, "hang:rank:100@20")}, options);
    HealthDetector detector(m_fabric);
    monitorHealth(source, detector, 60);
    const auto hangs = alarmsOf(detector.alarms(), AlarmKind::RankHang);
    QCOMPARE(hangs.size(), size_t(1));
    QCOMPARE(hangs[0].ranks, std::vector<std::int64_t>{100});
    // 3 steps (the learnt period, longer than the ranks' busy time of 0.8
    // step) = about 12 intervals without progress, then the raise hysteresis.
    QVERIFY2(hangs[0].raisedInterval >= 20 + 9 && hangs[0].raisedInterval <= 20 + 12 + 5,
             qPrintable(QString::number(hangs[0].raisedInterval)));
    QCOMPARE(detector.alarms().size(), size_t(1));
}

void TestHealthDetect::slowRankFlagged()
{
    SimulatedSource source(m_fabric, m_jobs, {fault(m_fabric, "slow:rank:5:1.6@2")});
    HealthDetector detector(m_fabric);
    monitorHealth(source, detector, 6);
    const auto slow = alarmsOf(detector.alarms(), AlarmKind::SlowRank);
    QCOMPARE(slow.size(), size_t(1));
    QCOMPARE(slow[0].ranks, std::vector<std::int64_t>{5});
    QCOMPARE(detector.alarms().size(), size_t(1));
}

void TestHealthDetect::flappingReportedOnce()
{
    SimulatedSource source(m_fabric, m_jobs, {fault(m_fabric, "flap:" + m_uplink + ":3@2")});
    HealthDetector detector(m_fabric);
    monitorHealth(source, detector, 40); // 13 flaps
    const auto flaps = alarmsOf(detector.alarms(), AlarmKind::LinkFlapping);
    QCOMPARE(flaps.size(), size_t(1));
    QCOMPARE(flaps[0].element, m_uplink);
    QVERIFY(flaps[0].active());
    QCOMPARE(detector.alarms().size(), size_t(1)); // not also degraded
    const HealthReport report = buildHealthReport(m_fabric, m_jobs, detector, source.kind());
    QCOMPARE(report.exclusions.links, std::vector<std::string>{m_uplink});
    QCOMPARE(report.detections[0].jobs.size(), size_t(1));
    QVERIFY(report.detections[0].jobs[0].slowdown > 1);
    QVERIFY(!report.detections[0].jobs[0].ranks.empty());
}

void TestHealthDetect::pfcStormAndBer()
{
    SimulatedSource source(
        m_fabric, m_jobs,
        {fault(m_fabric, "pfc-storm:" + m_uplink + ":2e5@1"), fault(m_fabric, "ber:" + m_hostLink + ":1e-6@1")});
    HealthDetector detector(m_fabric);
    monitorHealth(source, detector, 4);
    const auto storms = alarmsOf(detector.alarms(), AlarmKind::PfcStorm);
    QCOMPARE(storms.size(), size_t(1));
    QCOMPARE(storms[0].element, m_uplink);
    const auto degraded = alarmsOf(detector.alarms(), AlarmKind::LinkDegraded);
    QCOMPARE(degraded.size(), size_t(1));
    QCOMPARE(degraded[0].element, m_hostLink);
    QCOMPARE(degraded[0].evidence.rule, std::string("ber"));
    QCOMPARE(detector.alarms().size(), size_t(2));
}

void TestHealthDetect::healthyNoisyFabricRaisesNothing()
{
    SimulatorOptions options;
    options.seed = 7;
    SimulatedSource source(m_fabric, m_jobs, {}, options);
    HealthDetector detector(m_fabric);
    QElapsedTimer timer;
    timer.start();
    std::set<double> distinctBytes;
    const std::int32_t l = m_fabric.findLink(m_hostLink);
    monitorHealth(source, detector, 1000, nullptr, [&](const TelemetryFrame &f) {
        distinctBytes.insert(f.links[size_t(l)].bytesAtoB);
        return true;
    });
    QCOMPARE(detector.framesObserved(), 1000);
    QVERIFY(distinctBytes.size() > 900); // it is noisy
    QVERIFY2(detector.alarms().empty(),
             detector.alarms().empty()
                 ? ""
                 : (detector.alarms()[0].element + " " + alarmKindName(detector.alarms()[0].kind)).c_str());
    qInfo("1000 intervals of meta-24k (%lld link samples) simulated and checked in %lld ms",
          (long long)detector.linkSamplesObserved(), (long long)timer.elapsed());
}

void TestHealthDetect::staleFramesRaiseNothing()
{
    SimulatedSource source(m_fabric, m_jobs, {fault(m_fabric, "degrade:" + m_hostLink + ":0.5@0")});
    HealthDetector detector(m_fabric);
    detector.observe(source.poll()); // one bad interval
    for (int i = 0; i < 5; ++i) {
        TelemetryFrame stale;
        stale.interval = 1 + i;
        stale.stale = true;
        stale.staleReason = "connection refused";
        detector.observe(stale);
        QVERIFY(detector.isStale());
    }
    QVERIFY(detector.alarms().empty());
    QCOMPARE(detector.staleIntervals(), 5);
    (void)source.poll();
    detector.observe(source.poll()); // back: the second bad interval raises it
    QVERIFY(!detector.isStale());
    QCOMPARE(detector.alarms().size(), size_t(1));
}

void TestHealthDetect::recordReplaySameDetections()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("run.jsonl")).toStdString();
    SimulatedSource source(m_fabric, m_jobs,
                           {fault(m_fabric, "degrade:" + m_hostLink + ":0.5@2"), fault(m_fabric, "hang:rank:9@4")});
    HealthDetector live(m_fabric);
    TelemetryRecorder recorder;
    std::string error;
    QVERIFY2(recorder.open(path, m_fabric.name, m_fabric.linkCount(), &error), error.c_str());
    monitorHealth(source, live, 8, &recorder);
    recorder.close();

    ReplaySource replay;
    QVERIFY2(replay.open(path, m_fabric.linkCount(), &error), error.c_str());
    HealthDetector replayed(m_fabric);
    monitorHealth(replay, replayed, 100);
    QCOMPARE(replayed.framesObserved(), 8);
    QCOMPARE(live.alarms().size(), size_t(2));
    QCOMPARE(replayed.alarms().size(), live.alarms().size());
    const HealthReport a = buildHealthReport(m_fabric, m_jobs, live, "sim");
    HealthReport b = buildHealthReport(m_fabric, m_jobs, replayed, "sim");
    QCOMPARE(healthReportToJson(b), healthReportToJson(a));

    ReplaySource wrong;
    QVERIFY(!wrong.open(path, m_fabric.linkCount() + 1, &error));
    QVERIFY(error.find("links") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestHealthDetect)
#include "tst_healthdetect.moc"
