// The three failure studies: N-1 and N-2 over classes of equivalent
// failures, each class checked by a second member, and Monte Carlo by rates
// or by a number of failures per scenario (docs/resilience.md).
#include "core/resilience/resilience_p.h"

#include "core/resilience/symmetry.h"

#include <set>
#include <unordered_map>

namespace Railyard::ResilienceDetail {

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

/// Evaluates this shard's classes (class c belongs to shard c % shardCount)
/// on the study's threads: evaluate(c, out) appends class c's outcomes to
/// `out`. The finished classes' outcomes go into `result` in class order,
/// each with its class number; `result.classes` counts them and
/// `result.cancelled` says whether the study stopped early.
template<typename Evaluate>
void runClasses(std::int64_t classes, const StudyOptions &options, StudyResult &result, Evaluate evaluate)
{
    std::vector<std::int64_t> mine;
    for (std::int64_t c = 0; c < classes; ++c)
        if (c % options.shardCount == options.shardIndex)
            mine.push_back(c);
    std::vector<std::vector<ScenarioOutcome>> outcomes(mine.size());
    std::vector<char> finished(mine.size(), 0);
    const bool complete = runParallel(std::int64_t(mine.size()), threadCount(options.threads), options, [&](std::int64_t i) {
        std::vector<ScenarioOutcome> &out = outcomes[size_t(i)];
        evaluate(mine[size_t(i)], out);
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
}

void runSingles(const Fabric &fabric, const StudyOptions &options, Evaluator &evaluator,
                const std::vector<Element> &elements, StudyResult &result)
{
    std::optional<Colouring> colouring;
    if (options.symmetry)
        colouring = studyColouring(fabric, evaluator);
    const std::vector<ElementClass> classes = classesOf(fabric, elements, colouring ? &*colouring : nullptr);
    result.scenarios = double(elements.size());
    std::atomic<std::int64_t> evaluated{0}, splits{0};
    auto one = [&](const Element &e) {
        const Failures f = evaluator.failuresOf({e});
        ScenarioOutcome o = evaluator.evaluate(f);
        ++evaluated;
        o.failed = {evaluator.idOf(e)};
        return o;
    };
    runClasses(std::int64_t(classes.size()), options, result, [&](std::int64_t c, std::vector<ScenarioOutcome> &out) {
        const ElementClass &cls = classes[size_t(c)];
        ScenarioOutcome first = one(cls.members.front());
        bool agree = true;
        if (cls.members.size() > 1) {
            const ScenarioOutcome check = one(cls.members.back());
            agree = sameFigures(first, check);
        }
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
                ScenarioOutcome o = e == cls.members.front()
                    ? first
                    : one(e);
                o.members = o.failed.front();
                o.kind = cls.kind;
                out.push_back(std::move(o));
            }
        }
    });
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
                if (b == rep)
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
    std::atomic<std::int64_t> evaluated{0}, splits{0};
    auto two = [&](const Element &a, const Element &b) {
        ScenarioOutcome o = evaluator.evaluate(evaluator.failuresOf({a, b}));
        ++evaluated;
        o.failed = {evaluator.idOf(a), evaluator.idOf(b)};
        return o;
    };
    runClasses(std::int64_t(pairs.size()), options, result, [&](std::int64_t c, std::vector<ScenarioOutcome> &out) {
        const PairClass &p = pairs[size_t(c)];
        ScenarioOutcome first = two(p.a, p.b);
        bool agree = true;
        if (p.groupB.size() > 1)
            agree = sameFigures(first, two(p.a, p.checkB));
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
                ScenarioOutcome o = b == p.b ? first : two(p.a, b);
                o.kind = p.kind;
                o.weight = share;
                out.push_back(std::move(o));
            }
        }
    });
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

} // namespace Railyard::ResilienceDetail
