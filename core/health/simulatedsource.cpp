#include "core/health/simulatedsource.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace Railyard {

namespace {

/// SplitMix64: tiny, fast and the same on every platform.
class Rng
{
public:
    explicit Rng(std::uint64_t seed)
        : m_state(seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull)
    { }
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }
    /// Standard normal (Box–Muller), truncated to [-4, 4].
    double normal()
    {
        if (m_hasSpare) {
            m_hasSpare = false;
            return m_spare;
        }
        const double u1 = std::max(uniform(), 1e-300);
        const double u2 = uniform();
        const double r = std::sqrt(-2.0 * std::log(u1));
        m_spare = std::clamp(r * std::sin(2 * M_PI * u2), -4.0, 4.0);
        m_hasSpare = true;
        return std::clamp(r * std::cos(2 * M_PI * u2), -4.0, 4.0);
    }
    /// Poisson counts: Knuth's product method below a mean of 30, else a
    /// rounded normal approximation.
    std::uint32_t poisson(double mean)
    {
        if (mean <= 0)
            return 0;
        if (mean < 30) {
            const double limit = std::exp(-mean);
            double p = uniform();
            std::uint32_t k = 0;
            while (p > limit) {
                ++k;
                p *= uniform();
            }
            return k;
        }
        const double v = std::round(mean + std::sqrt(mean) * normal());
        return v <= 0 ? 0u : v >= 4e9 ? 4000000000u : std::uint32_t(v);
    }

private:
    std::uint64_t m_state;
    double m_spare = 0;
    bool m_hasSpare = false;
};

constexpr double backgroundBer = 1e-14;
constexpr double backgroundPfcPerSecond = 20; // × utilization
constexpr double backgroundEcnPerSecond = 50; // × utilization
constexpr double backgroundRetransmitsPerSecond = 0.1;

std::uint64_t mixSeed(std::uint64_t seed, std::int64_t interval)
{
    return seed ^ (std::uint64_t(interval) * 0xD1B54A32D192ED03ull);
}

} // namespace

SimulatedSource::SimulatedSource(const Fabric &fabric, const std::vector<RunningJob> &jobs,
                                 std::vector<HealthFault> faults, SimulatorOptions options)
    : m_fabric(fabric)
    , m_jobs(jobs)
    , m_faults(std::move(faults))
    , m_options(options)
{
    for (HealthFault &f : m_faults) {
        if (!isRankFault(f.kind))
            continue;
        const int j = f.job.empty() ? (jobs.empty() ? -1 : 0) : findRunningJob(jobs, f.job);
        if (j < 0)
            throw std::invalid_argument("fault " + healthFaultToString(f) + ": unknown job '" + f.job + "'");
        if (f.rank < 0 || size_t(f.rank) >= jobs[size_t(j)].evaluation.placement.ranks.size())
            throw std::invalid_argument("fault " + healthFaultToString(f) + ": job '" + jobs[size_t(j)].spec.name
                                        + "' has no rank " + std::to_string(f.rank));
        f.job = jobs[size_t(j)].spec.name;
    }
    m_progressSteps.assign(jobs.size(), 0.0);
    m_currentStep.assign(jobs.size(), 0.0);
    m_routes.resize(jobs.size());
    m_usesLink.resize(jobs.size());
    for (size_t j = 0; j < jobs.size(); ++j) {
        std::vector<std::uint8_t> &uses = m_usesLink[j];
        uses.assign(size_t(fabric.linkCount()), 0);
        const std::vector<double> &bytes = jobs[j].evaluation.linkBytes;
        for (size_t l = 0; l < bytes.size() && l < uses.size(); ++l)
            uses[l] = bytes[l] > 0 ? 1 : 0;
    }
}

const SimulatedSource::JobRoute &SimulatedSource::routeFor(size_t j,
                                                           const std::vector<std::pair<std::int32_t, double>> &impaired)
{
    std::string key;
    for (const auto &[link, gbps] : impaired)
        key += std::to_string(link) + "=" + std::to_string(gbps) + ";";
    auto it = m_routes[j].find(key);
    if (it != m_routes[j].end())
        return it->second;
    JobRoute route;
    const JobEvaluation &healthy = m_jobs[j].evaluation;
    const JobEvaluation *evaluation = &healthy;
    JobEvaluation impairedEvaluation;
    if (!impaired.empty()) {
        CapacityView view = CapacityView::nominal(m_fabric);
        for (const auto &[link, gbps] : impaired)
            view.gbps[size_t(link)] = gbps;
        impairedEvaluation = rerouted(m_fabric, view, healthy, healthy.routing);
        evaluation = &impairedEvaluation;
    }
    route.stepSeconds = evaluation->routed() ? evaluation->stepSeconds : std::numeric_limits<double>::infinity();
    for (size_t l = 0; l < evaluation->linkBytes.size(); ++l)
        if (evaluation->linkBytes[l] > 0)
            route.linkBytes.emplace_back(std::int32_t(l), float(evaluation->linkBytes[l]));
    return m_routes[j].emplace(key, std::move(route)).first->second;
}

TelemetryFrame SimulatedSource::poll()
{
    const std::int64_t i = m_interval++;
    const double dt = m_options.intervalSeconds;
    Rng rng(mixSeed(m_options.seed, i));
    TelemetryFrame frame;
    frame.interval = i;
    frame.intervalSeconds = dt;
    frame.timeSeconds = m_options.startSeconds + double(i + 1) * dt;

    // Link faults active now: effective rate share, flap state, errors, pauses.
    const size_t linkCount = size_t(m_fabric.linkCount());
    struct LinkFaultState
    {
        double rateShare = 1;    ///< negotiated rate ÷ nominal (degrade)
        double goodputShare = 1; ///< ber, pfc-storm
        double ber = backgroundBer;
        double pfcPerSecond = 0;
        bool down = false; ///< flapped down in this interval
    };
    std::vector<std::pair<std::int32_t, LinkFaultState>> linkFaults;
    auto stateOf = [&](std::int32_t link) -> LinkFaultState & {
        for (auto &entry : linkFaults)
            if (entry.first == link)
                return entry.second;
        linkFaults.emplace_back(link, LinkFaultState{});
        return linkFaults.back().second;
    };
    for (const HealthFault &f : m_faults) {
        if (isRankFault(f.kind) || !f.activeAt(i))
            continue;
        LinkFaultState &s = stateOf(f.link);
        switch (f.kind) {
        case FaultKind::Degrade: s.rateShare = std::min(s.rateShare, f.value); break;
        case FaultKind::Flap: s.down = s.down || (i - f.startInterval) % std::int64_t(f.value) == 0; break;
        case FaultKind::Ber:
            s.ber = std::max(s.ber, f.value);
            s.goodputShare *= berGoodputFraction(f.value);
            break;
        case FaultKind::PfcStorm:
            s.pfcPerSecond += f.value;
            s.goodputShare *= pfcGoodputFraction(f.value);
            break;
        default: break;
        }
    }
    std::sort(linkFaults.begin(), linkFaults.end(), [](const auto &x, const auto &y) { return x.first < y.first; });

    // Jobs: route under the impaired links they use, advance their progress.
    m_bytes.assign(linkCount, 0.0);
    std::vector<std::int64_t> hungRankOf(m_jobs.size(), -1);
    std::vector<std::int64_t> slowRankOf(m_jobs.size(), -1);
    std::vector<double> slowFactorOf(m_jobs.size(), 1.0);
    for (const HealthFault &f : m_faults) {
        if (!isRankFault(f.kind) || !f.activeAt(i))
            continue;
        const size_t j = size_t(findRunningJob(m_jobs, f.job));
        if (f.kind == FaultKind::Hang)
            hungRankOf[j] = f.rank;
        else if (f.value > slowFactorOf[j]) {
            slowFactorOf[j] = f.value;
            slowRankOf[j] = f.rank;
        }
    }
    for (size_t j = 0; j < m_jobs.size(); ++j) {
        std::vector<std::pair<std::int32_t, double>> impaired;
        bool stalledByFlap = false;
        for (const auto &[link, s] : linkFaults) {
            if (!m_usesLink[j][size_t(link)])
                continue;
            stalledByFlap = stalledByFlap || s.down;
            const double share = s.rateShare * s.goodputShare;
            if (share < 1)
                impaired.emplace_back(link, m_fabric.link(link).capacityGbps * share);
        }
        const JobRoute &route = routeFor(j, impaired);
        const double jitter = 1.0 + 0.01 * rng.normal();
        double step = route.stepSeconds * slowFactorOf[j] * jitter;
        if (hungRankOf[j] >= 0)
            step = std::numeric_limits<double>::infinity();
        m_currentStep[j] = step;
        const double steps = std::isfinite(step) && step > 0 ? dt * (stalledByFlap ? 0.5 : 1.0) / step : 0.0;
        if (hungRankOf[j] < 0)
            m_progressSteps[j] += steps;
        for (const auto &[link, bytes] : route.linkBytes)
            m_bytes[size_t(link)] += double(bytes) * steps;
    }

    // Links.
    frame.links.resize(linkCount);
    size_t nextFault = 0;
    for (size_t l = 0; l < linkCount; ++l) {
        const Link &link = m_fabric.link(std::int32_t(l));
        LinkFaultState healthy;
        const LinkFaultState *f = &healthy;
        while (nextFault < linkFaults.size() && size_t(linkFaults[nextFault].first) < l)
            ++nextFault;
        if (nextFault < linkFaults.size() && size_t(linkFaults[nextFault].first) == l)
            f = &linkFaults[nextFault].second;
        LinkSample &s = frame.links[l];
        s.present = true;
        s.capacityGbps = float(link.capacityGbps);
        s.state = f->down ? LinkState::Down : f->rateShare < 1 ? LinkState::Degraded : LinkState::Up;
        s.rateGbps = f->down ? 0.0f : float(link.capacityGbps * f->rateShare);
        const double maxBytes
            = link.capacityGbps * f->rateShare * f->goodputShare * 1e9 / 8 * dt * (f->down ? 0.5 : 1.0);
        const double mean = std::min(m_bytes[l], maxBytes);
        s.bytesAtoB = std::round(std::clamp(mean * (1 + m_options.throughputNoise * rng.normal()), 0.0, maxBytes));
        s.bytesBtoA = std::round(std::clamp(mean * (1 + m_options.throughputNoise * rng.normal()), 0.0, maxBytes));
        const double utilization = link.capacityGbps > 0 ? mean * 8 / (link.capacityGbps * 1e9 * dt) : 0;
        const double bits = double(s.rateGbps) * 1e9 * dt;
        s.symbolErrors = rng.poisson(f->ber * bits);
        const double packets = (s.bytesAtoB + s.bytesBtoA) / 4096.0;
        const double packetErrorShare = f->ber > backgroundBer ? 1.0 - berGoodputFraction(f->ber) : 0.0;
        s.receiveErrors = rng.poisson(packets * packetErrorShare);
        s.retransmits = s.receiveErrors + rng.poisson(backgroundRetransmitsPerSecond * dt);
        s.discards = 0;
        s.linkDowned = f->down ? 1 : 0;
        s.pfcPauses = rng.poisson((f->pfcPerSecond + backgroundPfcPerSecond * utilization) * dt);
        s.ecnMarked = rng.poisson((f->pfcPerSecond * 0.5 + backgroundEcnPerSecond * utilization) * dt);
    }

    // Ranks.
    frame.jobs.resize(m_jobs.size());
    for (size_t j = 0; j < m_jobs.size(); ++j) {
        JobRankSamples &out = frame.jobs[j];
        out.jobName = m_jobs[j].spec.name;
        const size_t n = m_jobs[j].evaluation.placement.ranks.size();
        out.ranks.resize(n);
        const std::int64_t done = std::int64_t(std::floor(m_progressSteps[j]));
        // The simulation's clock runs at the step communication time (what the
        // fabric carries), so a fault shows within a few intervals.
        const double healthyBusy = m_jobs[j].evaluation.stepSeconds * m_options.busyFraction;
        for (size_t r = 0; r < n; ++r) {
            RankSample &s = out.ranks[r];
            s.present = true;
            s.heartbeatSeconds = frame.timeSeconds - 0.2 * dt * rng.uniform();
            // Hung job: the hung rank never enters the next step's collective, its peers do and wait there.
            s.step = hungRankOf[j] < 0 ? done : (std::int64_t(r) == hungRankOf[j] ? done : done + 1);
            const double factor = std::int64_t(r) == slowRankOf[j] ? slowFactorOf[j] : 1.0;
            s.stepSeconds = healthyBusy * factor * (1 + m_options.rankNoise * rng.normal());
        }
    }
    return frame;
}

} // namespace Railyard
