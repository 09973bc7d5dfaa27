#include "core/health/healthdetector.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace Railyard {

namespace {

constexpr double madScale = 1.4826; // MAD → σ for normal data
constexpr size_t maxSeries = 32;

/// Median and MAD of `values` (reordered).
void medianMad(std::vector<float> &values, double *median, double *mad)
{
    *median = 0;
    *mad = 0;
    if (values.empty())
        return;
    const size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(mid), values.end());
    const float m = values[mid];
    for (float &v : values)
        v = std::fabs(v - m);
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(mid), values.end());
    *median = m;
    *mad = values[mid];
}

struct GroupStats
{
    PeerStats ber, pfc, ecn, util;
};

std::uint64_t trackKey(size_t link, AlarmKind kind)
{
    return (std::uint64_t(link) << 3) | std::uint64_t(kind);
}

} // namespace

const char *alarmKindName(AlarmKind kind)
{
    switch (kind) {
    case AlarmKind::LinkDegraded: return "link_degraded";
    case AlarmKind::LinkFlapping: return "link_flapping";
    case AlarmKind::PfcStorm: return "pfc_storm";
    case AlarmKind::RankHang: return "rank_hang";
    case AlarmKind::AllreduceStall: return "allreduce_stall";
    case AlarmKind::SlowRank: return "slow_rank";
    }
    return "link_degraded";
}

std::optional<AlarmKind> alarmKindFromName(const std::string &name)
{
    for (AlarmKind k : {AlarmKind::LinkDegraded, AlarmKind::LinkFlapping, AlarmKind::PfcStorm, AlarmKind::RankHang,
                        AlarmKind::AllreduceStall, AlarmKind::SlowRank})
        if (name == alarmKindName(k))
            return k;
    return std::nullopt;
}

HealthDetector::HealthDetector(const Fabric &fabric, DetectionThresholds thresholds)
    : m_fabric(fabric)
    , m_thresholds(thresholds)
{
    std::map<std::string, int> ids;
    m_groupOf.resize(size_t(fabric.linkCount()));
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
        const Link &link = fabric.link(l);
        auto role = [&](NodeIndex n) -> std::pair<int, std::string> {
            const std::optional<Tier> tier = fabric.nodeTier(n);
            return tier ? std::pair{tierLevel(*tier), std::string(tierName(*tier))}
                        : std::pair{-1, std::string("host")};
        };
        auto a = role(link.a);
        auto b = role(link.b);
        if (a.first > b.first)
            std::swap(a, b);
        char rate[32];
        std::snprintf(rate, sizeof rate, " %gG", link.capacityGbps);
        const std::string name = a.second + "-" + b.second + rate;
        auto it = ids.find(name);
        if (it == ids.end()) {
            it = ids.emplace(name, int(m_groupNames.size())).first;
            m_groupNames.push_back(name);
        }
        m_groupOf[size_t(l)] = it->second;
    }
    m_tracked.assign(size_t(fabric.linkCount()), 0);
    m_groupValues.resize(m_groupNames.size());
}

std::vector<HealthAlarm> HealthDetector::activeAlarms() const
{
    std::vector<HealthAlarm> out;
    for (const HealthAlarm &a : m_alarms)
        if (a.active())
            out.push_back(a);
    return out;
}

bool HealthDetector::step(Track &t, bool bad, bool present, std::int64_t interval, double metric, int clearAfter,
                          const HealthAlarm &proto)
{
    if (!present) {
        // A gap counts neither way.
        if (t.alarm >= 0 || t.bad > 0) {
            AlarmEvidence &e = t.alarm >= 0 ? m_alarms[size_t(t.alarm)].evidence : t.evidence;
            if (e.series.size() < maxSeries)
                e.series.push_back(std::numeric_limits<double>::quiet_NaN());
        }
        return false;
    }
    if (t.alarm >= 0) {
        HealthAlarm &a = m_alarms[size_t(t.alarm)];
        if (a.evidence.series.size() < maxSeries)
            a.evidence.series.push_back(metric);
        if (bad) {
            t.good = 0;
            if (proto.kind == AlarmKind::RankHang || proto.kind == AlarmKind::AllreduceStall) {
                // Suspects can sharpen while the stall lasts.
                if (!proto.ranks.empty())
                    a.ranks = proto.ranks;
            }
            return false;
        }
        if (++t.good >= clearAfter) {
            a.clearedInterval = interval;
            a.clearedTime = m_now;
            return true;
        }
        return false;
    }
    if (!bad)
        return true; // a broken bad run starts over
    if (t.bad == 0) {
        t.firstBad = interval;
        t.firstBadTime = m_now;
        t.evidence = proto.evidence;
        t.evidence.seriesStart = interval;
        t.evidence.series.clear();
    }
    ++t.bad;
    if (t.evidence.series.size() < maxSeries)
        t.evidence.series.push_back(metric);
    if (t.bad >= m_thresholds.raiseAfter) {
        HealthAlarm a = proto;
        a.firstInterval = t.firstBad;
        a.raisedInterval = interval;
        a.firstTime = t.firstBadTime;
        a.raisedTime = m_now;
        std::vector<double> series = std::move(t.evidence.series);
        const std::int64_t start = t.evidence.seriesStart;
        a.evidence.series = std::move(series);
        a.evidence.seriesStart = start;
        t.alarm = int(m_alarms.size());
        m_alarms.push_back(std::move(a));
    }
    return false;
}

void HealthDetector::observe(const TelemetryFrame &frame)
{
    ++m_frames;
    m_now = frame.timeSeconds;
    if (frame.stale) {
        m_stale = true;
        ++m_staleIntervals;
        return;
    }
    m_stale = false;
    if (frame.links.size() == size_t(m_fabric.linkCount()))
        observeLinks(frame);
    for (const JobRankSamples &job : frame.jobs)
        observeRanks(frame, job);
}

void HealthDetector::observeLinks(const TelemetryFrame &frame)
{
    const DetectionThresholds &th = m_thresholds;
    const size_t n = frame.links.size();
    const double dt = frame.intervalSeconds > 0 ? frame.intervalSeconds : 1.0;
    m_ber.assign(n, 0.f);
    m_pfc.assign(n, 0.f);
    m_ecn.assign(n, 0.f);
    m_util.assign(n, 0.f);
    // Pass 1: per-link rates.
    for (size_t l = 0; l < n; ++l) {
        const LinkSample &s = frame.links[l];
        if (!s.present)
            continue;
        ++m_linkSamples;
        const double rate = s.rateGbps > 0 ? s.rateGbps : s.capacityGbps;
        const double bits = rate * 1e9 * dt;
        m_ber[l] = bits > 0 ? float(s.symbolErrors / bits) : 0.f;
        m_pfc[l] = float(s.pfcPauses / dt);
        m_ecn[l] = float(s.ecnMarked / dt);
        m_util[l] = float(s.utilization(std::max(s.bytesAtoB, s.bytesBtoA), dt));
    }
    // Pass 2: robust statistics per peer group.
    std::vector<GroupStats> stats(m_groupNames.size());
    auto groupStats = [&](const std::vector<float> &metric, PeerStats GroupStats::*field, bool loadedOnly) {
        for (auto &v : m_groupValues)
            v.clear();
        for (size_t l = 0; l < n; ++l)
            if (frame.links[l].present && (!loadedOnly || m_util[l] > 0.01f))
                m_groupValues[size_t(m_groupOf[l])].push_back(metric[l]);
        for (size_t g = 0; g < m_groupNames.size(); ++g) {
            PeerStats &p = stats[g].*field;
            p.group = m_groupNames[g];
            p.count = std::int64_t(m_groupValues[g].size());
            medianMad(m_groupValues[g], &p.median, &p.mad);
        }
    };
    groupStats(m_ber, &GroupStats::ber, false);
    groupStats(m_pfc, &GroupStats::pfc, false);
    groupStats(m_ecn, &GroupStats::ecn, false);
    groupStats(m_util, &GroupStats::util, true);

    // Pass 3: conditions and hysteresis.
    for (size_t l = 0; l < n; ++l) {
        const LinkSample &s = frame.links[l];
        const GroupStats &g = stats[size_t(m_groupOf[l])];
        const bool flapEvent = s.present && s.linkDowned > 0;
        const std::uint8_t tracked = m_tracked[l];
        const double berThreshold = std::max(th.berAbsolute, g.ber.median + th.peerMads * madScale * g.ber.mad);
        const bool berBad = s.present && s.symbolErrors >= th.berMinErrors && m_ber[l] > berThreshold;
        const bool rateBad = s.present && s.rateGbps < th.rateShareBelow * s.capacityGbps;
        const double pfcThreshold = std::max(th.pfcPerSecond, g.pfc.median + th.peerMads * madScale * g.pfc.mad);
        const double ecnThreshold = std::max(th.ecnPerSecond, g.ecn.median + th.peerMads * madScale * g.ecn.mad);
        const bool pfcBad = s.present && m_pfc[l] > pfcThreshold;
        const bool ecnBad = s.present && m_ecn[l] > ecnThreshold;
        if (!flapEvent && !berBad && !rateBad && !pfcBad && !ecnBad && tracked == 0)
            continue; // the common case: healthy and untracked

        const Link &link = m_fabric.link(std::int32_t(l));
        auto proto = [&](AlarmKind kind, const char *rule, const char *metric, PeerStats peers) {
            HealthAlarm a;
            a.kind = kind;
            a.element = link.id;
            a.link = std::int32_t(l);
            a.evidence.rule = rule;
            a.evidence.metric = metric;
            a.evidence.peers = std::move(peers);
            a.evidence.observed
                = {{"rate_gbps", s.rateGbps}, {"nominal_gbps", s.capacityGbps},  {"utilization_of_rate", m_util[l]},
                   {"ber", m_ber[l]},         {"symbol_errors", s.symbolErrors}, {"link_downed", s.linkDowned},
                   {"pfc_per_s", m_pfc[l]},   {"ecn_per_s", m_ecn[l]},           {"retransmits", s.retransmits}};
            return a;
        };
        auto run = [&](AlarmKind kind, bool bad, double metric, int clearAfter, const HealthAlarm &p) {
            const std::uint8_t bit = std::uint8_t(1u << unsigned(kind));
            if (!(m_tracked[l] & bit)) {
                if (!bad)
                    return;
                m_linkTracks.emplace(trackKey(l, kind), Track{});
                m_tracked[l] |= bit;
            }
            Track &t = m_linkTracks[trackKey(l, kind)];
            if (step(t, bad, s.present, frame.interval, metric, clearAfter, p)) {
                m_linkTracks.erase(trackKey(l, kind));
                m_tracked[l] &= std::uint8_t(~bit);
            }
        };

        // Flapping first: a flapping link is not also degraded.
        bool flapping = false;
        {
            const std::uint8_t bit = std::uint8_t(1u << unsigned(AlarmKind::LinkFlapping));
            if (flapEvent || (m_tracked[l] & bit)) {
                if (!(m_tracked[l] & bit)) {
                    m_linkTracks.emplace(trackKey(l, AlarmKind::LinkFlapping), Track{});
                    m_tracked[l] |= bit;
                }
                Track &t = m_linkTracks[trackKey(l, AlarmKind::LinkFlapping)];
                if (flapEvent)
                    t.flapEvents.push_back(frame.interval);
                std::erase_if(t.flapEvents, [&](std::int64_t e) { return e <= frame.interval - th.flapWindow; });
                const bool bad = int(t.flapEvents.size()) >= th.flapEvents;
                flapping = !t.flapEvents.empty() || t.alarm >= 0;
                HealthAlarm p = proto(AlarmKind::LinkFlapping, "flap", "link_downed", g.util);
                p.evidence.thresholds = {{"flap_events", th.flapEvents}, {"flap_window_intervals", th.flapWindow}};
                // The raise needs flapEvents events, not raiseAfter bad intervals in a row.
                if (bad && t.alarm < 0 && t.bad + 1 < th.raiseAfter)
                    t.bad = th.raiseAfter - 1;
                const bool erase = step(t, bad, s.present, frame.interval, double(s.linkDowned), th.flapClearAfter, p);
                if (erase && t.flapEvents.empty()) {
                    m_linkTracks.erase(trackKey(l, AlarmKind::LinkFlapping));
                    m_tracked[l] &= std::uint8_t(~bit);
                } else if (erase) {
                    t.bad = 0;
                    t.alarm = -1;
                }
            }
        }

        {
            const bool bad = (rateBad && !flapping) || berBad;
            HealthAlarm p = berBad && !(rateBad && !flapping)
                ? proto(AlarmKind::LinkDegraded, "ber", "ber", g.ber)
                : proto(AlarmKind::LinkDegraded, "rate", "rate_gbps", g.util);
            p.evidence.thresholds = {{"rate_share_below", th.rateShareBelow},
                                     {"rate_below_gbps", th.rateShareBelow * s.capacityGbps},
                                     {"ber_above", berThreshold},
                                     {"ber_min_errors", th.berMinErrors}};
            const double metric = p.evidence.rule == "ber" ? m_ber[l] : s.rateGbps;
            run(AlarmKind::LinkDegraded, bad, metric, th.clearAfter, p);
        }
        {
            const bool bad = pfcBad || ecnBad;
            HealthAlarm p = pfcBad || !ecnBad ? proto(AlarmKind::PfcStorm, "pfc", "pfc_per_s", g.pfc)
                                              : proto(AlarmKind::PfcStorm, "ecn", "ecn_per_s", g.ecn);
            p.evidence.thresholds = {{"pfc_per_s_above", pfcThreshold}, {"ecn_per_s_above", ecnThreshold}};
            run(AlarmKind::PfcStorm, bad, pfcBad || !ecnBad ? m_pfc[l] : m_ecn[l], th.clearAfter, p);
        }
    }
}

void HealthDetector::observeRanks(const TelemetryFrame &frame, const JobRankSamples &job)
{
    const DetectionThresholds &th = m_thresholds;
    std::int64_t maxStep = -1;
    std::vector<float> busy;
    busy.reserve(job.ranks.size());
    for (const RankSample &r : job.ranks)
        if (r.present) {
            maxStep = std::max(maxStep, r.step);
            busy.push_back(float(r.stepSeconds));
        }
    if (maxStep < 0)
        return; // no rank reported: a gap for the whole job

    // Stall / hang: no progress for stallSteps of the job's own steps: the
    // longer of the ranks' reported busy time while the job advances and the
    // median period between the counter's last advances.
    JobProgress &progress = m_progress[job.jobName];
    const bool advanced = maxStep > progress.lastMaxStep;
    if (advanced) {
        std::vector<float> scratch = busy;
        double busyMedian = 0, unused = 0;
        medianMad(scratch, &busyMedian, &unused);
        auto smooth = [](double &value, double sample) {
            if (std::isfinite(sample) && sample > 0)
                value = value > 0 ? 0.8 * value + 0.2 * sample : sample;
        };
        smooth(progress.busyAtAdvanceSeconds, busyMedian);
        if (progress.lastMaxStep >= 0) {
            const double period
                = (frame.timeSeconds - progress.lastAdvanceSeconds) / double(maxStep - progress.lastMaxStep);
            if (std::isfinite(period) && period > 0)
                progress.periodSamples[size_t(progress.periodCount++ % int(progress.periodSamples.size()))] = period;
        }
        progress.lastAdvanceSeconds = frame.timeSeconds;
    }
    const double sinceProgress = frame.timeSeconds - progress.lastAdvanceSeconds;
    // The lower median: with two samples the smaller, so the one slow
    // advance of a job that is just hanging does not stretch its period.
    double learntPeriod = 0;
    if (progress.periodCount > 0) {
        std::array<double, 8> samples = progress.periodSamples;
        const size_t n = size_t(std::min<int>(progress.periodCount, int(samples.size())));
        std::sort(samples.begin(), samples.begin() + std::ptrdiff_t(n));
        learntPeriod = samples[(n - 1) / 2];
    }
    const double stallAfter = th.stallSteps * std::max(progress.busyAtAdvanceSeconds, learntPeriod);
    const bool stalled = progress.lastMaxStep >= 0 && !advanced && sinceProgress > stallAfter;
    progress.lastMaxStep = std::max(progress.lastMaxStep, maxStep);
    const std::string stallKey = "stall:" + job.jobName;
    auto stallTrack = m_rankTracks.find(stallKey);
    if (stalled || stallTrack != m_rankTracks.end()) {
        HealthAlarm p;
        p.job = job.jobName;
        std::int64_t minStep = maxStep;
        for (size_t r = 0; r < job.ranks.size(); ++r) {
            const RankSample &s = job.ranks[r];
            if (!s.present)
                continue;
            minStep = std::min(minStep, s.step);
            if (s.step < maxStep || frame.timeSeconds - s.heartbeatSeconds > th.heartbeatTimeoutSeconds)
                p.ranks.push_back(std::int64_t(r));
        }
        p.kind = p.ranks.empty() ? AlarmKind::AllreduceStall : AlarmKind::RankHang;
        p.element = p.ranks.empty() ? job.jobName : job.jobName + "/rank:" + std::to_string(p.ranks.front());
        p.evidence.rule = "stall";
        p.evidence.metric = "step";
        p.evidence.thresholds = {{"stalled_intervals", th.raiseAfter},
                                 {"stall_after_s", stallAfter},
                                 {"heartbeat_timeout_s", th.heartbeatTimeoutSeconds}};
        p.evidence.observed = {{"max_step", double(maxStep)},
                               {"seconds_since_progress", sinceProgress},
                               {"min_step", double(minStep)},
                               {"ranks_behind", double(p.ranks.size())},
                               {"ranks", double(job.ranks.size())}};
        p.evidence.peers.group = "job " + job.jobName;
        p.evidence.peers.count = std::int64_t(busy.size());
        p.evidence.peers.median = double(maxStep);
        if (stallTrack == m_rankTracks.end())
            stallTrack = m_rankTracks.emplace(stallKey, Track{}).first;
        if (step(stallTrack->second, stalled, true, frame.interval, double(maxStep), th.clearAfter, p))
            m_rankTracks.erase(stallTrack);
    }

    // Slow ranks: busy time against the job's median and MAD.
    std::vector<float> scratch = busy;
    double median = 0, mad = 0;
    medianMad(scratch, &median, &mad);
    const double madFloor = std::max(mad, 0.005 * median);
    const double threshold = std::max(th.slowRankRatio * median, median + th.slowRankMads * madScale * madFloor);
    const std::string prefix = "slow:" + job.jobName + "/rank:";
    std::vector<std::int64_t> candidates;
    for (size_t r = 0; r < job.ranks.size(); ++r)
        if (job.ranks[r].present && job.ranks[r].stepSeconds > threshold)
            candidates.push_back(std::int64_t(r));
    // Ranks tracked from earlier intervals.
    for (auto it = m_rankTracks.lower_bound(prefix); it != m_rankTracks.end() && it->first.starts_with(prefix); ++it)
        candidates.push_back(std::stoll(it->first.substr(prefix.size())));
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    for (std::int64_t r : candidates) {
        if (r < 0 || size_t(r) >= job.ranks.size())
            continue;
        const RankSample &s = job.ranks[size_t(r)];
        HealthAlarm p;
        p.kind = AlarmKind::SlowRank;
        p.job = job.jobName;
        p.ranks = {r};
        p.element = job.jobName + "/rank:" + std::to_string(r);
        p.evidence.rule = "busy";
        p.evidence.metric = "busy_s";
        p.evidence.thresholds
            = {{"busy_s_above", threshold}, {"ratio_above", th.slowRankRatio}, {"peer_mads", th.slowRankMads}};
        p.evidence.observed = {{"busy_s", s.stepSeconds}, {"ratio", median > 0 ? s.stepSeconds / median : 0}};
        p.evidence.peers = {"job " + job.jobName, std::int64_t(busy.size()), median, mad};
        const std::string key = prefix + std::to_string(r);
        auto it = m_rankTracks.try_emplace(key).first;
        if (step(it->second, s.present && s.stepSeconds > threshold, s.present, frame.interval, s.stepSeconds,
                 th.clearAfter, p))
            m_rankTracks.erase(it);
    }
}

} // namespace Railyard
