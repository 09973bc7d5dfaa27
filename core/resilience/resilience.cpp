#include "core/resilience/resilience.h"

#include "core/resilience/resilience_p.h"

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
        && same(stepMs, o.stepMs) && same(slowdown, o.slowdown) && same(commMs, o.commMs) && replaced == o.replaced
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


using namespace ResilienceDetail;

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
