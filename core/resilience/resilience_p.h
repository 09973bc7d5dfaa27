#pragma once
// The machinery behind runFailureStudy (resilience.cpp), private to
// core/resilience: the elements a study fails, the Evaluator that prices one
// scenario as a what-if on the baseline's flow network (bisection,
// oversubscription per tier, the job's step, whether a job still fits), the
// thread pool and the random streams (resilienceevaluator.cpp), and the three
// studies (resiliencestudies.cpp).
#include "core/resilience/resilience.h"

#include "core/analysis/capacity.h"
#include "core/analysis/report.h"
#include "core/placement/jobevaluation.h"
#include "core/placement/placer.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

namespace Railyard::ResilienceDetail {

inline constexpr double nan = std::numeric_limits<double>::quiet_NaN();
inline constexpr double inf = std::numeric_limits<double>::infinity();

/// The oversubscription of each tier as a study reports it.
std::vector<TierRatio> tierRatios(const OversubscriptionResult &result);
/// Equal within rounding (NaN equals NaN, an infinity only itself).
bool closeEnough(double a, double b);
/// Whether two scenarios give the same figures (the check of a class).
bool sameFigures(const ScenarioOutcome &a, const ScenarioOutcome &b);

struct Element
{
    enum Kind : std::uint8_t { Switch, Link, Nic } kind = Switch;
    std::int32_t index = 0; ///< switch, link, or position in Evaluator::nics
    bool operator==(const Element &) const = default;
};

struct NicGroup
{
    std::int32_t host = 0;
    int rail = 0;
    std::vector<std::int32_t> links;
};

class Evaluator
{
public:
    Evaluator(const Fabric &fabric, const StudyOptions &options)
        : m_fabric(fabric)
        , m_options(options)
        , m_base(fabric)
    {
        BisectionOptions bisection;
        bisection.threads = options.threads;
        const AnalysisReport healthy = m_base.baseline(bisection);
        healthyGbps = healthy.bisection.gbps;
        healthyTiers = tierRatios(healthy.oversubscription);
        healthyStepMs = nan;
        healthyCommMs = nan;
        if (options.job) {
            m_routing = studyRouting(fabric, options.routing, options.seed);
            try {
                // Placed and first routed fluid; every figure is then priced
                // under the study's routing. As routed, with the hash seeds
                // place --degrade and the health alarms use for the job
                // (asRoutedOptionsFor), so the three agree.
                RoutingOptions fluid;
                fluid.seed = options.seed;
                m_job.emplace(evaluateJob(fabric, CapacityView::of(fabric), *options.job, PlacementOptions{}, fluid));
                if (options.routing == "as-routed" && m_job->routed()) {
                    m_routing = asRoutedOptionsFor(fabric, *m_job);
                    m_routing.seed = options.seed;
                }
            } catch (const std::exception &e) {
                throw ResilienceError("--job: the job cannot be placed on the healthy fabric: "
                                      + std::string(e.what()));
            }
            if (!m_job->routed())
                throw ResilienceError("--job: the job's step cannot be routed on the healthy fabric: "
                                      + m_job->routingError);
            // The whole step (compute, bubble, exposed communication) when it
            // is known for the GPU, else the step communication time.
            m_collectives = stepCollectives(fabric, CapacityView::of(fabric), *m_job, true);
            const StepFigures f = routedStepFigures(fabric, CapacityView::of(fabric), *m_job, m_routing, m_collectives);
            if (!std::isfinite(f.commSeconds) || f.commSeconds <= 0)
                throw ResilienceError("--job: the job moves nothing over the network: no step time to compare");
            m_wholeStep = f.stepSeconds > 0 && std::isfinite(f.stepSeconds);
            healthyStepMs = (m_wholeStep ? f.stepSeconds : f.commSeconds) * 1e3;
            healthyCommMs = f.commSeconds * 1e3;
            m_jobHost.assign(size_t(fabric.hostCount()), 0);
            for (const RankSlot &slot : m_job->placement.ranks)
                if (slot.host >= 0)
                    m_jobHost[size_t(slot.host)] = 1;
        }
        if (options.placeGpus > 0) {
            std::map<std::string, std::int32_t> pods;
            m_podOf.resize(size_t(fabric.hostCount()));
            for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
                const Location &loc = fabric.host(h).location;
                const std::string key = loc.zone + "/" + loc.pod;
                auto it = pods.emplace(key, std::int32_t(pods.size())).first;
                m_podOf[size_t(h)] = it->second;
            }
            m_pods = std::int32_t(pods.size());
        }
    }

    const std::vector<char> &jobHosts() const { return m_jobHost; }
    std::vector<NicGroup> nics;

    Failures failuresOf(const std::vector<Element> &elements) const
    {
        Failures f;
        for (const Element &e : elements) {
            if (e.kind == Element::Switch)
                f.switches.push_back(e.index);
            else if (e.kind == Element::Link)
                f.links.push_back(e.index);
            else
                for (std::int32_t l : nics[size_t(e.index)].links)
                    f.links.push_back(l);
        }
        std::sort(f.links.begin(), f.links.end());
        f.links.erase(std::unique(f.links.begin(), f.links.end()), f.links.end());
        std::sort(f.switches.begin(), f.switches.end());
        return f;
    }

    std::string idOf(const Element &e) const
    {
        if (e.kind == Element::Switch)
            return m_fabric.switchAt(e.index).id;
        if (e.kind == Element::Link)
            return m_fabric.link(e.index).id;
        const NicGroup &n = nics[size_t(e.index)];
        return m_fabric.host(n.host).id + ":nic" + std::to_string(n.rail);
    }

    ScenarioOutcome healthy() const
    {
        ScenarioOutcome o;
        o.bisectionGbps = healthyGbps;
        o.bisectionPct = 100.0;
        o.tiers = healthyTiers;
        o.stepMs = healthyStepMs;
        o.commMs = healthyCommMs;
        o.slowdown = m_job ? 1.0 : nan;
        return o;
    }

    /// Bisection, tiers and the job's step under `failures`.
    ScenarioOutcome evaluate(const Failures &failures) const
    {
        ScenarioOutcome o;
        BisectionOptions bisection;
        bisection.threads = 1;
        const AnalysisReport report = m_base.whatIf(failures, bisection);
        o.bisectionGbps = report.bisection.gbps;
        o.bisectionPct = healthyGbps > 0 ? 100.0 * report.bisection.gbps / healthyGbps : 100.0;
        o.exact = report.bisection.exact;
        o.tiers = tierRatios(report.oversubscription);
        o.stepMs = nan;
        o.commMs = nan;
        o.slowdown = nan;
        if (m_job) {
            const CapacityView view = CapacityView::of(m_fabric, failures);
            bool lost = false;
            for (std::int32_t h = 0; h < m_fabric.hostCount() && !lost; ++h)
                if (m_jobHost[size_t(h)] && !hostHasCapacity(view, h))
                    lost = true;
            StepFigures f{inf, inf};
            if (!lost) {
                f = routedStepFigures(m_fabric, view, *m_job, m_routing, m_collectives);
            } else {
                o.replaced = true;
                PlacementOptions placement;
                placement.excludedHosts = hostsWithoutCapacity(m_fabric, view);
                try {
                    const JobEvaluation again = evaluateJob(m_fabric, view, *m_options.job, placement, m_routing);
                    if (again.routed()) {
                        f.commSeconds = again.stepSeconds;
                        const StepTime t = stepTimeOf(m_fabric, again.job, again,
                                                      stepCollectives(m_fabric, view, again, true));
                        f.stepSeconds = t.computed ? t.stepSeconds : 0.0;
                    }
                } catch (const PlacementError &) {
                    // not enough healthy GPUs left: +inf
                }
            }
            const double seconds = m_wholeStep ? f.stepSeconds : f.commSeconds;
            o.stepMs = seconds * 1e3;
            o.commMs = f.commSeconds * 1e3;
            o.slowdown = std::isfinite(seconds) ? o.stepMs / healthyStepMs : inf;
        }
        return o;
    }

    /// Whether a job of placeGpus GPUs fits rail-aligned (hosts with every
    /// NIC link up) in one pod.
    int placeable(const Failures &failures) const
    {
        if (m_options.placeGpus <= 0)
            return -1;
        const CapacityView view = CapacityView::of(m_fabric, failures);
        std::vector<long long> gpus(size_t(m_pods), 0);
        for (std::int32_t h = 0; h < m_fabric.hostCount(); ++h) {
            bool all = !m_fabric.incidentLinks(h).empty();
            for (std::int32_t l : m_fabric.incidentLinks(h))
                if (view.gbps[size_t(l)] <= 0)
                    all = false;
            if (all)
                gpus[size_t(m_podOf[size_t(h)])] += m_fabric.host(h).gpus;
        }
        for (long long g : gpus)
            if (g >= m_options.placeGpus)
                return 1;
        return 0;
    }

    double healthyGbps = 0;
    std::vector<TierRatio> healthyTiers;
    double healthyStepMs = nan;
    double healthyCommMs = nan;

private:
    bool hostHasCapacity(const CapacityView &view, std::int32_t h) const
    {
        for (std::int32_t l : m_fabric.incidentLinks(h))
            if (view.gbps[size_t(l)] > 0)
                return true;
        return false;
    }

    const Fabric &m_fabric;
    const StudyOptions &m_options;
    WhatIfBase m_base;
    RoutingOptions m_routing;
    std::optional<JobEvaluation> m_job;
    std::vector<StepCollective> m_collectives; ///< the job's, healthy (the model's figures)
    bool m_wholeStep = false;                  ///< the whole step is known for its GPU
    std::vector<char> m_jobHost;
    std::vector<std::int32_t> m_podOf;
    std::int32_t m_pods = 0;
};

/// Runs work(i) for i in [0, count) on `threads` threads; rethrows the first
/// exception; stops early when cancelled.
template<typename Work>
bool runParallel(std::int64_t count, int threads, const StudyOptions &options, Work work)
{
    std::atomic<std::int64_t> next{0};
    std::atomic<std::int64_t> done{0};
    std::atomic<bool> cancelled{false};
    std::exception_ptr error;
    std::mutex errorMutex;
    auto worker = [&] {
        for (;;) {
            if (options.cancel && options.cancel->load()) {
                cancelled = true;
                return;
            }
            const std::int64_t i = next.fetch_add(1);
            if (i >= count)
                return;
            try {
                work(i);
            } catch (...) {
                std::lock_guard lock(errorMutex);
                if (!error)
                    error = std::current_exception();
                next = count;
                return;
            }
            const std::int64_t d = done.fetch_add(1) + 1;
            if (options.progress)
                options.progress(d, count);
        }
    };
    const int n = std::max(1, std::min<int>(threads, int(std::max<std::int64_t>(1, count))));
    std::vector<std::thread> pool;
    for (int t = 1; t < n; ++t)
        pool.emplace_back(worker);
    worker();
    for (auto &t : pool)
        t.join();
    if (error)
        std::rethrow_exception(error);
    return !cancelled;
}

/// "leaf", "spine", … or "host", for a link's label.
std::string tierLabel(const Fabric &fabric, NodeIndex n);
/// A class's label: "spine switch", "leaf–spine link", "host NIC".
std::string kindLabel(const Fabric &fabric, const Element &e);
/// The members as a hostlist expression; "" when it would be too long.
std::string membersText(std::vector<std::string> ids);
/// The seed of scenario i's own stream (so threads and shards draw the same).
std::uint64_t streamSeed(std::uint64_t seed, std::uint64_t i);
/// Uniform in (0, 1], the same on every platform.
double unitOpen(std::mt19937_64 &rng);
/// Uniform in [0, n) (Lemire's multiply).
std::uint64_t below(std::mt19937_64 &rng, std::uint64_t n);
/// The threads to use: `requested`, or one per core when 0.
int threadCount(int requested);
/// The host NICs of the scope, one group of links per host and rail.
std::vector<NicGroup> nicGroups(const Fabric &fabric, const ElementScope &scope);

// The studies (resiliencestudies.cpp).

/// The switches and links of a scope, as elements.
std::vector<Element> scopeElements(const ElementScope &scope);
/// A result with the study's parameters, the fabric and the healthy answers, and no outcomes yet.
StudyResult skeleton(const Fabric &fabric, const StudyOptions &options, const Evaluator &evaluator);
void runSingles(const Fabric &fabric, const StudyOptions &options, Evaluator &evaluator,
                const std::vector<Element> &elements, StudyResult &result);
void runPairs(const Fabric &fabric, const StudyOptions &options, Evaluator &evaluator,
              const std::vector<Element> &elements, StudyResult &result);
void runMonteCarlo(const Fabric &fabric, const StudyOptions &options, Evaluator &evaluator,
                   const ElementScope &scope, StudyResult &result);

} // namespace Railyard::ResilienceDetail
