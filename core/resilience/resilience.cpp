#include "core/resilience/resilience.h"

#include "core/analysis/capacity.h"
#include "core/analysis/report.h"
#include "core/export/hostlist.h"
#include "core/intents/selector.h"
#include "core/placement/jobevaluation.h"
#include "core/placement/placer.h"
#include "core/resilience/symmetry.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>
#include <unordered_map>

namespace Railyard {

const char *studyKindName(StudyKind kind)
{
    switch (kind) {
    case StudyKind::NMinus1: return "n-1";
    case StudyKind::NMinus2: return "n-2";
    case StudyKind::MonteCarlo: return "monte-carlo";
    }
    return "n-1";
}

std::optional<StudyKind> studyKindFromName(std::string_view name)
{
    if (name == "n-1")
        return StudyKind::NMinus1;
    if (name == "n-2")
        return StudyKind::NMinus2;
    if (name == "monte-carlo")
        return StudyKind::MonteCarlo;
    return std::nullopt;
}

double ElementRate::downProbability() const
{
    const double load = perDay / 24.0 * repairHours;
    if (!(load > 0))
        return 0.0;
    return load / (1.0 + load);
}

FailureRates FailureRates::defaults()
{
    // docs/resilience.md, "Default rates": orders of magnitude from published
    // fleet studies, to be replaced by the operator's own.
    FailureRates r;
    r.link = {2.7e-6, 4.0};    // cable: ~0.1 % a year
    r.optic = {1.4e-5, 4.0};   // transceiver: ~0.5 % a year
    r.leaf = {2.7e-5, 8.0};    // switch: ~1 % a year
    r.spine = {2.7e-5, 8.0};
    r.core = {2.7e-5, 8.0};
    r.hostNic = {5.5e-5, 24.0}; // NIC: ~2 % a year, replaced with the host's next drain
    return r;
}

bool ScenarioOutcome::operator==(const ScenarioOutcome &o) const
{
    auto same = [](double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; };
    if (tiers.size() != o.tiers.size())
        return false;
    for (size_t i = 0; i < tiers.size(); ++i)
        if (tiers[i].tier != o.tiers[i].tier || !same(tiers[i].ratio, o.tiers[i].ratio)
            || !same(tiers[i].worst, o.tiers[i].worst))
            return false;
    return index == o.index && failed == o.failed && kind == o.kind && weight == o.weight && members == o.members
        && same(bisectionGbps, o.bisectionGbps) && same(bisectionPct, o.bisectionPct) && exact == o.exact
        && same(stepMs, o.stepMs) && same(slowdown, o.slowdown) && replaced == o.replaced
        && placeable == o.placeable;
}

// --- Scope ----------------------------------------------------------------------------------

namespace {

std::string linkEndsPath(const Fabric &fabric, NodeIndex n)
{
    if (fabric.isHost(n))
        return Selector::locationPath(fabric.host(n).location);
    return Selector::locationPath(fabric.switchAt(fabric.switchIndexOf(n)).location);
}

} // namespace

ElementScope selectScope(const Fabric &fabric, const std::string &selector)
{
    ElementScope scope;
    std::set<std::int32_t> switches;
    std::set<std::int32_t> links;
    std::string text = selector.empty() ? std::string("all") : selector;
    size_t start = 0;
    while (start <= text.size()) {
        size_t comma = text.find(',', start);
        if (comma == std::string::npos)
            comma = text.size();
        std::string term = text.substr(start, comma - start);
        start = comma + 1;
        while (!term.empty() && term.front() == ' ')
            term.erase(term.begin());
        while (!term.empty() && term.back() == ' ')
            term.pop_back();
        if (term.empty())
            throw ResilienceError("--scope: an empty term");
        std::string kind = term;
        std::optional<Selector> glob;
        if (const size_t colon = term.find(':'); colon != std::string::npos) {
            kind = term.substr(0, colon);
            std::string error;
            glob = Selector::compile(term.substr(colon + 1), &error);
            if (!glob)
                throw ResilienceError("--scope: " + error);
        }
        static const std::set<std::string> kinds
            = {"all", "switches", "links", "leaf", "spine", "core", "host-links", "switch-links", "nics"};
        if (!kinds.count(kind))
            throw ResilienceError("--scope: unknown kind '" + std::string(kind.substr(0, 40))
                                  + "' (all, switches, links, leaf, spine, core, host-links, switch-links, nics)");
        const bool wantSwitches = kind == "all" || kind == "switches" || kind == "leaf" || kind == "spine"
            || kind == "core";
        const bool wantLinks = kind == "all" || kind == "links" || kind == "host-links" || kind == "switch-links";
        if (kind == "all" || kind == "nics") {
            scope.nics = true;
            if (glob)
                scope.nicGlobs.push_back(glob->pattern());
        }
        if (wantSwitches) {
            for (std::int32_t s = 0; s < fabric.switchCount(); ++s) {
                const Switch &sw = fabric.switchAt(s);
                if (kind == "leaf" && sw.tier != Tier::Leaf)
                    continue;
                if (kind == "spine" && sw.tier != Tier::Spine && sw.tier != Tier::Unlayered)
                    continue;
                if (kind == "core" && sw.tier != Tier::Core)
                    continue;
                if (glob && !glob->matches(sw.id) && !glob->matches(Selector::locationPath(sw.location)))
                    continue;
                switches.insert(s);
            }
        }
        if (wantLinks) {
            for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
                const Link &link = fabric.link(l);
                const bool hostLink = fabric.isHost(link.a) || fabric.isHost(link.b);
                if (kind == "host-links" && !hostLink)
                    continue;
                if (kind == "switch-links" && hostLink)
                    continue;
                if (glob && !glob->matches(link.id) && !glob->matches(fabric.nodeId(link.a))
                    && !glob->matches(fabric.nodeId(link.b)) && !glob->matches(linkEndsPath(fabric, link.a))
                    && !glob->matches(linkEndsPath(fabric, link.b)))
                    continue;
                links.insert(l);
            }
        }
        if (comma == text.size())
            break;
    }
    scope.switches.assign(switches.begin(), switches.end());
    scope.links.assign(links.begin(), links.end());
    return scope;
}

RoutingOptions studyRouting(const Fabric &fabric, const std::string &name, std::uint64_t seed)
{
    if (name == "as-routed")
        return asRoutedOptions(fabric, seed);
    RoutingOptions routing;
    if (!routingModeFromName(name, &routing.mode))
        throw ResilienceError("--routing: unknown mode '" + name.substr(0, 40)
                              + "' (fluid, ecmp, adaptive, hashed, static or as-routed)");
    routing.seed = seed;
    return routing;
}

// --- Evaluation ------------------------------------------------------------------------------

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr double inf = std::numeric_limits<double>::infinity();

std::vector<TierRatio> tierRatios(const OversubscriptionResult &result)
{
    std::vector<TierRatio> out;
    for (const TierOversubscription &t : result.tiers)
        out.push_back({t.tier, t.ratio, t.worstRatio});
    return out;
}

bool closeEnough(double a, double b)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    if (std::isinf(a) || std::isinf(b))
        return a == b;
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

bool sameFigures(const ScenarioOutcome &a, const ScenarioOutcome &b)
{
    if (!closeEnough(a.bisectionGbps, b.bisectionGbps) || !closeEnough(a.stepMs, b.stepMs)
        || a.tiers.size() != b.tiers.size() || a.placeable != b.placeable)
        return false;
    for (size_t i = 0; i < a.tiers.size(); ++i)
        if (!closeEnough(a.tiers[i].ratio, b.tiers[i].ratio) || !closeEnough(a.tiers[i].worst, b.tiers[i].worst))
            return false;
    return true;
}

/// An element a study fails: a switch, a link, or a host NIC (its links).
struct Element
{
    enum Kind : std::uint8_t { Switch, Link, Nic } kind = Switch;
    std::int32_t index = 0; ///< switch, link, or position in Evaluator::nics
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
        if (options.job) {
            m_routing = studyRouting(fabric, options.routing, options.seed);
            try {
                m_job.emplace(evaluateJob(fabric, CapacityView::of(fabric), *options.job, PlacementOptions{}, m_routing));
            } catch (const std::exception &e) {
                throw ResilienceError("--job: the job cannot be placed on the healthy fabric: "
                                      + std::string(e.what()));
            }
            if (!m_job->routed())
                throw ResilienceError("--job: the job's step cannot be routed on the healthy fabric: "
                                      + m_job->routingError);
            const double s = reroutedStepSeconds(fabric, CapacityView::of(fabric), *m_job, m_routing);
            if (!std::isfinite(s) || s <= 0)
                throw ResilienceError("--job: the job moves nothing over the network: no step time to compare");
            healthyStepMs = s * 1e3;
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
        o.slowdown = nan;
        if (m_job) {
            const CapacityView view = CapacityView::of(m_fabric, failures);
            bool lost = false;
            for (std::int32_t h = 0; h < m_fabric.hostCount() && !lost; ++h)
                if (m_jobHost[size_t(h)] && !hostHasCapacity(view, h))
                    lost = true;
            double seconds = inf;
            if (!lost) {
                seconds = reroutedStepSeconds(m_fabric, view, *m_job, m_routing);
            } else {
                o.replaced = true;
                PlacementOptions placement;
                placement.excludedHosts = hostsWithoutCapacity(m_fabric, view);
                try {
                    const JobEvaluation again = evaluateJob(m_fabric, view, *m_options.job, placement, m_routing);
                    if (again.routed())
                        seconds = again.stepSeconds;
                } catch (const PlacementError &) {
                    seconds = inf; // not enough healthy GPUs left
                }
            }
            o.stepMs = seconds * 1e3;
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

std::string tierLabel(const Fabric &fabric, NodeIndex n)
{
    if (fabric.isHost(n))
        return "host";
    const Tier t = fabric.switchAt(fabric.switchIndexOf(n)).tier;
    return t == Tier::Unlayered ? std::string("switch") : std::string(tierName(t));
}

std::string kindLabel(const Fabric &fabric, const Element &e)
{
    if (e.kind == Element::Switch) {
        const Tier t = fabric.switchAt(e.index).tier;
        return (t == Tier::Unlayered ? std::string("unlayered") : std::string(tierName(t))) + " switch";
    }
    if (e.kind == Element::Nic)
        return "host NIC";
    const Link &l = fabric.link(e.index);
    std::string a = tierLabel(fabric, l.a), b = tierLabel(fabric, l.b);
    auto level = [&](NodeIndex n) { return fabric.isHost(n) ? 0 : tierLevel(fabric.switchAt(fabric.switchIndexOf(n)).tier); };
    if (level(l.a) > level(l.b))
        std::swap(a, b);
    return a + "–" + b + " link";
}

std::string membersText(std::vector<std::string> ids)
{
    try {
        std::string text = compressHostlist(std::move(ids));
        return text.size() <= 100000 ? text : std::string();
    } catch (const HostlistError &) {
        return {};
    }
}

std::uint64_t streamSeed(std::uint64_t seed, std::uint64_t i)
{
    std::uint64_t x = seed * 0x9e3779b97f4a7c15ULL + i + 0x632be59bd9b4e019ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// Uniform in (0, 1], the same on every platform.
double unitOpen(std::mt19937_64 &rng)
{
    return double((rng() >> 11) + 1) * 0x1.0p-53;
}

__extension__ typedef unsigned __int128 Wide;

/// Uniform in [0, n) without modulo bias worth the name (Lemire's multiply).
std::uint64_t below(std::mt19937_64 &rng, std::uint64_t n)
{
    return std::uint64_t((static_cast<Wide>(rng()) * n) >> 64);
}

int threadCount(int requested)
{
    if (requested > 0)
        return requested;
    return std::max(1, int(std::thread::hardware_concurrency()));
}

std::vector<NicGroup> nicGroups(const Fabric &fabric, const ElementScope &scope)
{
    std::vector<NicGroup> out;
    if (!scope.nics)
        return out;
    std::vector<Selector> globs;
    for (const std::string &g : scope.nicGlobs) {
        std::string error;
        if (auto s = Selector::compile(g, &error))
            globs.push_back(*s);
    }
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        const Host &host = fabric.host(h);
        if (!globs.empty()
            && std::none_of(globs.begin(), globs.end(), [&](const Selector &s) { return s.matchesHost(host); }))
            continue;
        std::map<int, std::vector<std::int32_t>> byRail;
        for (std::int32_t l : fabric.incidentLinks(h))
            byRail[hostLinkRail(fabric, h, l)].push_back(l);
        for (auto &[rail, links] : byRail)
            out.push_back({h, rail, std::move(links)});
    }
    return out;
}

} // namespace

// --- The studies ---------------------------------------------------------------------------

namespace {

struct ElementClass
{
    std::vector<Element> members;
    std::string kind;
};

std::vector<Element> scopeElements(const ElementScope &scope)
{
    std::vector<Element> out;
    for (std::int32_t s : scope.switches)
        out.push_back({Element::Switch, s});
    for (std::int32_t l : scope.links)
        out.push_back({Element::Link, l});
    return out;
}

Colouring studyColouring(const Fabric &fabric, const Evaluator &evaluator)
{
    Colouring base = refineColours(fabric);
    if (evaluator.jobHosts().empty())
        return base;
    // The job's hosts are not interchangeable with the others: mark them and refine.
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h)
        if (evaluator.jobHosts()[size_t(h)])
            base.node[size_t(h)] ^= 0x6a6f62ULL * 0x9e3779b97f4a7c15ULL;
    return refineIndividualized(fabric, base, {});
}

std::uint64_t elementKey(const Fabric &fabric, const Colouring &c, const Element &e)
{
    return e.kind == Element::Switch ? switchClassKey(fabric, c, e.index) ^ 0x1ULL
                                     : linkClassKey(fabric, c, e.index) ^ 0x2ULL;
}

std::vector<ElementClass> classesOf(const Fabric &fabric, const std::vector<Element> &elements,
                                    const Colouring *colouring)
{
    std::vector<ElementClass> classes;
    if (!colouring) {
        for (const Element &e : elements)
            classes.push_back({{e}, kindLabel(fabric, e)});
        return classes;
    }
    std::unordered_map<std::uint64_t, size_t> byKey;
    for (const Element &e : elements) {
        const std::uint64_t key = elementKey(fabric, *colouring, e);
        auto [it, inserted] = byKey.emplace(key, classes.size());
        if (inserted)
            classes.push_back({{}, kindLabel(fabric, e)});
        classes[it->second].members.push_back(e);
    }
    return classes;
}

std::vector<NodeIndex> nodesOf(const Fabric &fabric, const Element &e)
{
    if (e.kind == Element::Switch)
        return {fabric.switchNode(e.index)};
    const Link &l = fabric.link(e.index);
    return {l.a, l.b};
}

StudyResult skeleton(const Fabric &fabric, const StudyOptions &options, const Evaluator &evaluator)
{
    StudyResult r;
    r.kind = options.kind;
    r.scope = options.scope;
    r.samples = options.kind == StudyKind::MonteCarlo ? options.samples : 0;
    r.forcedFailures = options.kind == StudyKind::MonteCarlo ? options.forcedFailures : 0;
    r.rates = options.rates;
    r.ratesSource = options.kind == StudyKind::MonteCarlo && options.forcedFailures == 0 ? options.ratesSource : "";
    r.seed = options.seed;
    r.symmetry = options.symmetry;
    r.job = options.job ? options.job->name : std::string();
    r.jobSource = options.job ? options.jobSource : std::string();
    r.routing = options.job ? options.routing : std::string();
    r.placeGpus = options.placeGpus;
    r.shardIndex = options.shardIndex;
    r.shardCount = options.shardCount;
    r.fabricName = fabric.name;
    r.hosts = fabric.hostCount();
    r.switches = fabric.switchCount();
    r.links = fabric.linkCount();
    r.gpus = fabric.gpuCount();
    r.healthyBisectionGbps = evaluator.healthyGbps;
    r.healthyTiers = evaluator.healthyTiers;
    r.healthyStepMs = evaluator.healthyStepMs;
    return r;
}

void runSingles(const Fabric &fabric, const StudyOptions &options, Evaluator &evaluator,
                const std::vector<Element> &elements, StudyResult &result)
{
    std::optional<Colouring> colouring;
    if (options.symmetry)
        colouring = studyColouring(fabric, evaluator);
    const std::vector<ElementClass> classes = classesOf(fabric, elements, colouring ? &*colouring : nullptr);
    result.scenarios = double(elements.size());
    std::vector<std::int64_t> mine;
    for (std::int64_t c = 0; c < std::int64_t(classes.size()); ++c)
        if (c % options.shardCount == options.shardIndex)
            mine.push_back(c);
    std::vector<std::vector<ScenarioOutcome>> outcomes(mine.size());
    std::vector<char> finished(mine.size(), 0);
    std::atomic<std::int64_t> evaluated{0}, splits{0};
    auto one = [&](const Element &e) {
        const Failures f = evaluator.failuresOf({e});
        ScenarioOutcome o = evaluator.evaluate(f);
        ++evaluated;
        o.failed = {evaluator.idOf(e)};
        return o;
    };
    const bool complete = runParallel(std::int64_t(mine.size()), threadCount(options.threads), options, [&](std::int64_t i) {
        const ElementClass &cls = classes[size_t(mine[size_t(i)])];
        ScenarioOutcome first = one(cls.members.front());
        bool agree = true;
        if (cls.members.size() > 1) {
            const ScenarioOutcome check = one(cls.members.back());
            agree = sameFigures(first, check);
        }
        std::vector<ScenarioOutcome> &out = outcomes[size_t(i)];
        if (agree) {
            std::vector<std::string> ids;
            ids.reserve(cls.members.size());
            for (const Element &e : cls.members)
                ids.push_back(evaluator.idOf(e));
            first.members = membersText(std::move(ids));
            first.weight = double(cls.members.size());
            first.kind = cls.kind;
            out.push_back(std::move(first));
        } else {
            ++splits;
            for (const Element &e : cls.members) {
                ScenarioOutcome o = e.index == cls.members.front().index && e.kind == cls.members.front().kind
                    ? first
                    : one(e);
                o.members = o.failed.front();
                o.kind = cls.kind;
                out.push_back(std::move(o));
            }
        }
        for (ScenarioOutcome &o : out)
            o.index = mine[size_t(i)];
        finished[size_t(i)] = 1;
    });
    result.cancelled = !complete;
    for (size_t i = 0; i < outcomes.size(); ++i)
        if (finished[i])
            for (ScenarioOutcome &o : outcomes[i])
                result.outcomes.push_back(std::move(o));
    result.classes = std::int64_t(result.outcomes.size());
    result.evaluated = evaluated;
    result.verificationSplits = splits;
}

struct PairClass
{
    Element a, b;         ///< representative pair
    Element checkB;       ///< the group's last member, for the check
    double weight = 0;
    std::string kind;
    std::vector<Element> groupB; ///< every partner of `a` in the group (for a split)
};

void runPairs(const Fabric &fabric, const StudyOptions &options, Evaluator &evaluator,
              const std::vector<Element> &elements, StudyResult &result)
{
    const double n = double(elements.size());
    result.scenarios = n * (n - 1) / 2;
    std::vector<PairClass> pairs;
    std::optional<Colouring> colouring;
    if (options.symmetry) {
        colouring = studyColouring(fabric, evaluator);
        const std::vector<ElementClass> classes = classesOf(fabric, elements, &*colouring);
        std::unordered_map<std::uint64_t, size_t> classOf;
        for (size_t c = 0; c < classes.size(); ++c)
            for (const Element &e : classes[c].members)
                classOf[elementKey(fabric, *colouring, e)] = c;
        for (size_t ca = 0; ca < classes.size(); ++ca) {
            if (options.cancel && options.cancel->load())
                break;
            const ElementClass &A = classes[ca];
            const Element &rep = A.members.front();
            const Colouring fixed = refineIndividualized(fabric, *colouring, nodesOf(fabric, rep));
            std::map<std::pair<size_t, std::uint64_t>, size_t> groupOf;
            std::vector<PairClass> local;
            for (const Element &b : elements) {
                if (b.kind == rep.kind && b.index == rep.index)
                    continue;
                const size_t cb = classOf[elementKey(fabric, *colouring, b)];
                if (cb < ca)
                    continue;
                const auto key = std::make_pair(cb, elementKey(fabric, fixed, b));
                auto [it, inserted] = groupOf.emplace(key, local.size());
                if (inserted)
                    local.push_back({rep, b, b, 0.0, A.kind + " + " + classes[cb].kind, {}});
                PairClass &p = local[it->second];
                p.checkB = b;
                p.groupB.push_back(b);
                p.weight += cb == ca ? double(A.members.size()) / 2.0 : double(A.members.size());
            }
            for (PairClass &p : local)
                pairs.push_back(std::move(p));
        }
    } else {
        for (size_t i = 0; i < elements.size(); ++i)
            for (size_t j = i + 1; j < elements.size(); ++j)
                pairs.push_back({elements[i], elements[j], elements[j], 1.0,
                                 kindLabel(fabric, elements[i]) + " + " + kindLabel(fabric, elements[j]), {}});
    }
    std::vector<std::int64_t> mine;
    for (std::int64_t c = 0; c < std::int64_t(pairs.size()); ++c)
        if (c % options.shardCount == options.shardIndex)
            mine.push_back(c);
    std::vector<std::vector<ScenarioOutcome>> outcomes(mine.size());
    std::vector<char> finished(mine.size(), 0);
    std::atomic<std::int64_t> evaluated{0}, splits{0};
    auto two = [&](const Element &a, const Element &b) {
        ScenarioOutcome o = evaluator.evaluate(evaluator.failuresOf({a, b}));
        ++evaluated;
        o.failed = {evaluator.idOf(a), evaluator.idOf(b)};
        return o;
    };
    const bool complete = runParallel(std::int64_t(mine.size()), threadCount(options.threads), options, [&](std::int64_t i) {
        const PairClass &p = pairs[size_t(mine[size_t(i)])];
        ScenarioOutcome first = two(p.a, p.b);
        bool agree = true;
        if (p.groupB.size() > 1)
            agree = sameFigures(first, two(p.a, p.checkB));
        std::vector<ScenarioOutcome> &out = outcomes[size_t(i)];
        first.kind = p.kind;
        if (agree) {
            first.weight = p.weight;
            out.push_back(std::move(first));
        } else {
            // Evaluate every partner of the representative, each standing
            // for its share of the group's weight.
            ++splits;
            const double share = p.weight / double(p.groupB.size());
            for (const Element &b : p.groupB) {
                ScenarioOutcome o = (b.kind == p.b.kind && b.index == p.b.index) ? first : two(p.a, b);
                o.kind = p.kind;
                o.weight = share;
                out.push_back(std::move(o));
            }
        }
        for (ScenarioOutcome &o : out)
            o.index = mine[size_t(i)];
        finished[size_t(i)] = 1;
    });
    result.cancelled = !complete;
    for (size_t i = 0; i < outcomes.size(); ++i)
        if (finished[i])
            for (ScenarioOutcome &o : outcomes[i])
                result.outcomes.push_back(std::move(o));
    result.classes = std::int64_t(result.outcomes.size());
    result.evaluated = evaluated;
    result.verificationSplits = splits;
}

void runMonteCarlo(const Fabric &fabric, const StudyOptions &options, Evaluator &evaluator,
                   const ElementScope &scope, StudyResult &result)
{
    result.scenarios = double(options.samples);
    // Element lists by rate class.
    std::vector<Element> all = scopeElements(scope);
    std::vector<Element> leaf, spine, core, links, nicsList;
    for (const Element &e : all) {
        if (e.kind == Element::Link) {
            links.push_back(e);
            continue;
        }
        const Tier t = fabric.switchAt(e.index).tier;
        (t == Tier::Leaf ? leaf : t == Tier::Core ? core : spine).push_back(e);
    }
    evaluator.nics = nicGroups(fabric, scope);
    for (std::int32_t i = 0; i < std::int32_t(evaluator.nics.size()); ++i)
        nicsList.push_back({Element::Nic, i});
    if (options.forcedFailures > 0 && std::int64_t(options.forcedFailures) > std::int64_t(all.size()))
        throw ResilienceError("--failures: " + std::to_string(options.forcedFailures)
                              + " failures per scenario but the scope holds " + std::to_string(all.size())
                              + " switches and links");
    const double pOptic = options.rates.optic.downProbability();
    const double pLink = 1.0 - (1.0 - options.rates.link.downProbability()) * (1.0 - pOptic) * (1.0 - pOptic);
    const std::vector<std::pair<const std::vector<Element> *, double>> byRate
        = {{&leaf, options.rates.leaf.downProbability()},
           {&spine, options.rates.spine.downProbability()},
           {&core, options.rates.core.downProbability()},
           {&links, pLink},
           {&nicsList, options.rates.hostNic.downProbability()}};

    // Classes of single failures, for reuse.
    std::optional<Colouring> colouring;
    if (options.symmetry)
        colouring = studyColouring(fabric, evaluator);

    const std::int64_t begin = std::int64_t(options.samples) * options.shardIndex / options.shardCount;
    const std::int64_t end = std::int64_t(options.samples) * (options.shardIndex + 1) / options.shardCount;
    const std::int64_t count = end - begin;
    std::vector<ScenarioOutcome> outcomes(static_cast<size_t>(count));
    std::vector<char> finished(static_cast<size_t>(count), 0);
    std::mutex cacheMutex;
    std::map<std::vector<std::int64_t>, ScenarioOutcome> cache;
    std::atomic<std::int64_t> evaluated{0};

    const bool complete = runParallel(count, threadCount(options.threads), options, [&](std::int64_t i) {
        const std::int64_t sample = begin + i;
        std::mt19937_64 rng(streamSeed(options.seed, std::uint64_t(sample)));
        std::vector<Element> down;
        if (options.forcedFailures > 0) {
            // Floyd's algorithm: k distinct positions, uniformly.
            std::set<std::uint64_t> chosen;
            const std::uint64_t n = all.size();
            for (std::uint64_t j = n - std::uint64_t(options.forcedFailures); j < n; ++j) {
                const std::uint64_t t = below(rng, j + 1);
                if (!chosen.insert(t).second)
                    chosen.insert(j);
            }
            for (std::uint64_t pos : chosen)
                down.push_back(all[size_t(pos)]);
        } else {
            for (const auto &[list, p] : byRate) {
                if (!(p > 0) || list->empty())
                    continue;
                if (p >= 1.0) {
                    down.insert(down.end(), list->begin(), list->end());
                    continue;
                }
                const double logq = std::log1p(-p);
                std::int64_t pos = -1;
                for (;;) {
                    pos += 1 + std::int64_t(std::floor(std::log(unitOpen(rng)) / logq));
                    if (pos >= std::int64_t(list->size()) || pos < 0)
                        break;
                    down.push_back((*list)[size_t(pos)]);
                }
            }
        }
        const Failures failures = evaluator.failuresOf(down);
        ScenarioOutcome o;
        if (failures.empty()) {
            o = evaluator.healthy();
        } else {
            // The cache key: the failed links and switches, or a single failure's class.
            std::vector<std::int64_t> key;
            if (colouring && down.size() == 1 && down.front().kind != Element::Nic) {
                key = {-1, std::int64_t(elementKey(fabric, *colouring, down.front()))};
            } else {
                for (std::int32_t s : failures.switches)
                    key.push_back(-2 - s);
                for (std::int32_t l : failures.links)
                    key.push_back(l);
            }
            bool hit = false;
            {
                std::lock_guard lock(cacheMutex);
                if (auto it = cache.find(key); it != cache.end()) {
                    o = it->second;
                    hit = true;
                }
            }
            if (!hit) {
                o = evaluator.evaluate(failures);
                ++evaluated;
                std::lock_guard lock(cacheMutex);
                cache.emplace(key, o);
            }
        }
        o.failed.clear();
        for (const Element &e : down)
            o.failed.push_back(evaluator.idOf(e));
        o.placeable = evaluator.placeable(failures);
        o.index = sample;
        o.weight = 1.0;
        o.kind.clear();
        o.members.clear();
        outcomes[size_t(i)] = std::move(o);
        finished[size_t(i)] = 1;
    });
    result.cancelled = !complete;
    for (size_t i = 0; i < outcomes.size(); ++i)
        if (finished[i])
            result.outcomes.push_back(std::move(outcomes[i]));
    result.evaluated = evaluated;
}

} // namespace

StudyResult runFailureStudy(const Fabric &fabric, const StudyOptions &options)
{
    if (options.shardCount < 1 || options.shardIndex < 0 || options.shardIndex >= options.shardCount)
        throw ResilienceError("--shard: shard " + std::to_string(options.shardIndex) + "/"
                              + std::to_string(options.shardCount) + " does not exist (I/N with 0 ≤ I < N)");
    if (options.kind == StudyKind::MonteCarlo && options.samples < 1)
        throw ResilienceError("--samples: at least 1 scenario");
    if (options.forcedFailures < 0)
        throw ResilienceError("--failures: must be 0 (by rates) or more");
    if (options.placeGpus < 0)
        throw ResilienceError("--place-gpus: must be 0 or more");
    if (fabric.hostCount() < 2)
        throw ResilienceError("the fabric has fewer than two hosts: no bisection to study");
    ElementScope scope = selectScope(fabric, options.scope);
    const std::vector<Element> elements = scopeElements(scope);
    if (elements.empty() && !(options.kind == StudyKind::MonteCarlo && scope.nics && options.forcedFailures == 0))
        throw ResilienceError("--scope: '" + options.scope.substr(0, 60) + "' selects no switch or link");
    if (options.kind == StudyKind::NMinus2 && elements.size() < 2)
        throw ResilienceError("--scope: N-2 needs at least two elements");
    Evaluator evaluator(fabric, options);
    StudyResult result = skeleton(fabric, options, evaluator);
    result.scopeElements = std::int64_t(elements.size());
    switch (options.kind) {
    case StudyKind::NMinus1: runSingles(fabric, options, evaluator, elements, result); break;
    case StudyKind::NMinus2: runPairs(fabric, options, evaluator, elements, result); break;
    case StudyKind::MonteCarlo: runMonteCarlo(fabric, options, evaluator, scope, result); break;
    }
    return result;
}

} // namespace Railyard
