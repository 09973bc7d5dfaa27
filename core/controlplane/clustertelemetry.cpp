#include "core/controlplane/clustertelemetry.h"

#include "core/health/healthdetector.h"
#include "core/health/healthincident.h"
#include "core/health/prometheussource.h"
#include "core/health/simulatedsource.h"
#include "core/health/telemetry.h"

#include <QDateTime>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace Railyard {
namespace {

constexpr double mtuBytes = 4096;
constexpr double nicLatencyUs = 1.0;
constexpr double switchLatencyUs = 0.6;
constexpr double cableLatencyUs = 0.5;
// ln(100): the 99th percentile of an M/M/1 sojourn time is ln(100) ÷ (μ − λ).
constexpr double ln100 = 4.605170185988091;

/// Nearest-rank 99th percentile; reorders `values`.
double percentile99(std::vector<double> &values)
{
    if (values.empty())
        return 0;
    const size_t rank = size_t(std::ceil(0.99 * double(values.size()))) - 1;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(rank), values.end());
    return values[rank];
}

} // namespace

ClusterTelemetry::ClusterTelemetry(std::string cluster, std::shared_ptr<const Fabric> fabric,
                                   std::vector<RunningJob> jobs, std::vector<HealthFault> faults,
                                   ClusterTelemetryOptions options)
    : m_cluster(std::move(cluster))
    , m_fabric(std::move(fabric))
    , m_jobs(std::move(jobs))
    , m_faults(std::move(faults))
    , m_options(std::move(options))
{
    int topTier = 1;
    for (const Switch &s : m_fabric->switches())
        topTier = std::max(topTier, tierLevel(s.tier));
    m_pathLinks = 2 * topTier;
    m_thread = std::thread([this] { run(); });
}

ClusterTelemetry::~ClusterTelemetry()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

double ClusterTelemetry::now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void ClusterTelemetry::run()
{
    // The source lives on this thread: Prometheus' network manager must be
    // created on the thread that polls it.
    std::unique_ptr<TelemetrySource> source;
    if (m_options.source == "prometheus") {
        PrometheusSourceOptions po;
        po.url = m_options.prometheusUrl;
        po.intervalSeconds = m_options.intervalSeconds;
        po.pace = false; // this loop paces
        source = std::make_unique<PrometheusSource>(*m_fabric, m_jobs, PrometheusMapping::defaults(), po);
    } else {
        SimulatorOptions so;
        so.seed = m_options.seed;
        so.intervalSeconds = m_options.intervalSeconds;
        // The service's clock is the wall clock: detections carry real times.
        so.startSeconds = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
        source = std::make_unique<SimulatedSource>(*m_fabric, m_jobs, m_faults, so);
    }
    HealthDetector detector(*m_fabric);
    HealthAttribution attribution(*m_fabric, m_jobs);
    const auto period = std::chrono::duration<double>(m_options.intervalSeconds);
    auto next = std::chrono::steady_clock::now() + period;
    for (;;) {
        {
            std::unique_lock lock(m_mutex);
            if (m_wake.wait_until(lock, next, [this] { return m_stop; }))
                return;
        }
        next += std::chrono::duration_cast<std::chrono::steady_clock::duration>(period);
        const TelemetryFrame frame = source->poll();
        detector.observe(frame);
        IntervalSummary summary = summarize(frame);
        const std::vector<HealthAlarm> &alarms = detector.alarms();
        // New alarms are priced here, outside the lock: readers never wait
        // for the traffic model.
        std::vector<AlarmSpan> raised;
        for (size_t i = m_alarmCount; i < alarms.size(); ++i) {
            AlarmSpan span;
            span.alarm = alarms[i];
            span.jobs = attribution.attribute(alarms[i]);
            span.exclusions = recommendExclusions(*m_fabric, m_jobs, {alarms[i]});
            raised.push_back(std::move(span));
        }
        m_alarmCount = alarms.size();
        summary.wallSeconds = now();

        std::lock_guard lock(m_mutex);
        m_intervals.push_back(summary);
        while (!m_intervals.empty() && m_intervals.front().wallSeconds < summary.wallSeconds - maxWindowSeconds)
            m_intervals.pop_front();
        m_lastStaleReason = frame.stale ? frame.staleReason : std::string();
        // Alarms are appended in the order raised and never removed; only
        // their cleared interval changes.
        for (AlarmSpan &span : raised) {
            span.raisedWall = summary.wallSeconds;
            m_alarms.push_back(std::move(span));
        }
        for (size_t i = 0; i < alarms.size(); ++i) {
            AlarmSpan &span = m_alarms[i];
            if (span.clearedWall < 0 && !alarms[i].active())
                span.clearedWall = summary.wallSeconds;
            span.alarm.clearedInterval = alarms[i].clearedInterval;
            span.alarm.ranks = alarms[i].ranks;
        }
    }
}

ClusterTelemetry::IntervalSummary ClusterTelemetry::summarize(const TelemetryFrame &frame) const
{
    IntervalSummary s;
    s.interval = frame.interval;
    s.stale = frame.stale;
    s.seconds = frame.intervalSeconds;
    if (frame.stale)
        return s;
    std::vector<double> queueUs;
    queueUs.reserve(frame.links.size());
    double serializationUs = 0;
    std::int64_t running = 0;
    for (const LinkSample &l : frame.links) {
        if (!l.present)
            continue;
        s.packets += (l.bytesAtoB + l.bytesBtoA) / mtuBytes;
        s.ecnMarked += l.ecnMarked;
        s.retransmits += l.retransmits;
        s.discards += l.discards;
        if (l.rateGbps <= 0)
            continue;
        const double serviceUs = mtuBytes * 8 / (double(l.rateGbps) * 1e3);
        const double busiest = std::max(l.bytesAtoB, l.bytesBtoA) * 8;
        const double utilization
            = std::clamp(busiest / (double(l.rateGbps) * 1e9 * std::max(frame.intervalSeconds, 1e-9)), 0.0, 0.99);
        queueUs.push_back(ln100 * serviceUs * utilization / (1 - utilization));
        serializationUs += serviceUs;
        ++running;
    }
    if (running > 0) {
        const double meanSerialization = serializationUs / double(running);
        const double oneWay = nicLatencyUs + (m_pathLinks - 1) * switchLatencyUs
            + m_pathLinks * (cableLatencyUs + meanSerialization + percentile99(queueUs));
        s.p99RttUs = 2 * oneWay;
    }
    return s;
}

TelemetryWindow ClusterTelemetry::window(double seconds) const
{
    TelemetryWindow w;
    w.windowSeconds = seconds;
    w.source = m_options.source;
    const double from = now() - seconds;
    std::vector<double> rtts;
    double packets = 0, ecn = 0, retransmits = 0, discards = 0, covered = 0;
    std::lock_guard lock(m_mutex);
    for (auto it = m_intervals.rbegin(); it != m_intervals.rend() && it->wallSeconds >= from; ++it) {
        if (it->stale) {
            ++w.staleSamples;
            continue;
        }
        ++w.samples;
        packets += it->packets;
        ecn += it->ecnMarked;
        retransmits += it->retransmits;
        discards += it->discards;
        covered += it->seconds;
        rtts.push_back(it->p99RttUs);
    }
    w.p99RttUs = percentile99(rtts);
    w.ecnCeRate = packets > 0 ? ecn / packets : 0;
    w.observedLossPct = packets > 0 ? discards / packets * 100 : 0;
    w.retransmitsPerSecond = covered > 0 ? retransmits / covered : 0;
    w.staleReason = m_lastStaleReason;
    for (const AlarmSpan &span : m_alarms) {
        if (span.clearedWall >= 0 && span.clearedWall < from)
            continue;
        if (span.alarm.kind == AlarmKind::RankHang)
            w.collectiveHangSuspects += int(std::max<size_t>(span.alarm.ranks.size(), 1));
        else if (span.alarm.kind == AlarmKind::AllreduceStall)
            ++w.collectiveHangSuspects;
    }
    return w;
}

std::vector<TelemetryDetection> ClusterTelemetry::detections(double seconds) const
{
    const double from = now() - seconds;
    std::vector<TelemetryDetection> out;
    std::lock_guard lock(m_mutex);
    for (const AlarmSpan &span : m_alarms) {
        if (span.clearedWall >= 0 && span.clearedWall < from)
            continue;
        TelemetryDetection d;
        d.kind = alarmKindName(span.alarm.kind);
        d.element = span.alarm.element;
        d.symptom = incidentSymptom(span.alarm.kind);
        d.firstInterval = span.alarm.firstInterval;
        d.firstTime = span.alarm.firstTime;
        d.active = span.clearedWall < 0;
        d.severity = alarmSeverity(span.jobs, !m_jobs.empty());
        d.jobs = span.jobs;
        d.exclusions = span.exclusions;
        out.push_back(std::move(d));
    }
    return out;
}

} // namespace Railyard
