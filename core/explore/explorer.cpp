#include "core/explore/explorer.h"

#include "core/floor/floorplan.h"

#include "core/analysis/capacity.h"
#include "core/analysis/report.h"
#include "core/generators/hardwarechoice.h"
#include "core/generators/presets.h"
#include "core/placement/jobevaluation.h"
#include "core/traffic/routing.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>
#include <thread>

namespace Railyard {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr double inf = std::numeric_limits<double>::infinity();

std::string ratioText(double r)
{
    char buf[32];
    if (std::fabs(r - std::round(r)) < 1e-9)
        std::snprintf(buf, sizeof buf, "%.0f", r);
    else
        std::snprintf(buf, sizeof buf, "%g", r);
    return buf;
}

std::string money(double v, const std::string &currency)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f", v);
    std::string digits = buf, out;
    const size_t n = digits.size();
    for (size_t i = 0; i < n; ++i) {
        out += digits[i];
        if (digits[i] != '-' && (n - i - 1) % 3 == 0 && i + 1 < n)
            out += ',';
    }
    return out + " " + currency;
}

/// What decides a score besides the candidate: the hosts, the jobs, the catalogue.
/// Every figure of the catalogue a score depends on, as text (prices, power, breakouts).
std::string catalogFingerprint(const BomCatalog &catalog)
{
    std::string f = catalog.currency;
    for (const auto *items : {&catalog.switches, &catalog.nics})
        for (const auto &[slug, item] : *items) {
            f += "|" + slug + ":" + ratioText(item.price) + ":" + ratioText(item.watts) + ":" + item.model;
            for (const Breakout &b : item.breakouts)
                f += ":" + std::to_string(b.ports) + "x" + ratioText(b.gbps);
            for (Transport t : item.transports)
                f += std::string(":") + transportName(t);
        }
    for (const CablePart &p : catalog.cableParts.parts) {
        f += "|" + p.slug + ":" + ratioText(p.reachM) + ":" + ratioText(p.price) + ":" + ratioText(p.pricePerM) + ":"
            + std::to_string(p.transceivers) + ":" + ratioText(p.transceiverPrice) + ":" + ratioText(p.wattsPerEnd);
        for (double g : p.gbps)
            f += ":" + ratioText(g) + "G";
        for (double m : p.lengthsM)
            f += ":" + ratioText(m) + "m";
    }
    return f;
}

std::string requirementsKey(const ExploreSpec &s, const BomCatalog &catalog)
{
    std::string k = std::to_string(s.gpus) + "|" + s.gpuModel + "|" + std::to_string(s.gpusPerHost) + "|"
        + std::to_string(s.nics) + "|" + ratioText(s.nicGbps) + "|" + s.nicModel + "|"
        + std::to_string(s.nvlinkDomainGpus) + "|nccl " + std::to_string(s.nccl.ibQpsPerConnection) + ","
        + std::to_string(s.nccl.ibSplitDataOnQps);
    // The jobs as their files: every field the step depends on.
    for (const JobSpec &job : s.jobs) {
        char jobDigest[32];
        std::snprintf(jobDigest, sizeof jobDigest, "%016zx", std::hash<std::string>{}(writeJobSpec(job)));
        k += "|" + job.name + ":" + jobDigest;
    }
    // The catalogue as a digest: a changed price or port count is another requirement.
    char digest[32];
    std::snprintf(digest, sizeof digest, "%016zx", std::hash<std::string>{}(catalogFingerprint(catalog)));
    // The scoring itself: version 2 prices cables on the automatic floor,
    // version 3 the jobs' whole steps as the fabric routes them, version 4
    // one pricing basis (reference NICs, the automatic floor in halls), units
    // that follow the leaf and the hosts' NVLS as generate gives them.
    return k + "|catalogue " + digest + "|scoring 4";
}

/// The leaf's most host ports at `os`: d + ceil(d / os) ≤ radix (the generator's uplink rule).
int leafDownPorts(int radix, double os)
{
    int d = int(std::floor(double(radix) * os / (1.0 + os)));
    while (d > 0 && d + int(std::ceil(double(d) / os - 1e-9)) > radix)
        --d;
    return d;
}

} // namespace

std::string ExploreCandidate::key() const
{
    std::string k = leafModel;
    if (upperModel != leafModel)
        k += "/" + upperModel;
    k += " " + ratioText(oversubscription) + ":1 " + (railOptimized ? "rail" : "tor") + " " + std::to_string(planes)
        + "-plane";
    if (nicPorts > 1)
        k += " " + std::to_string(nicPorts) + "x" + ratioText(portGbps) + "G";
    return k;
}

ClosParams candidateParams(const ExploreSpec &spec, const ExploreCandidate &c, const BomCatalog &catalog)
{
    const int hosts = spec.gpus / spec.gpusPerHost;
    ClosParams p = railOptimizedParams(hosts);
    p.name = "explore-" + c.leafModel + (c.upperModel != c.leafModel ? "-" + c.upperModel : std::string()) + "-"
        + ratioText(c.oversubscription) + "to1-" + (c.railOptimized ? "rail" : "tor") + "-p" + std::to_string(c.planes)
        + (c.nicPorts > 1 ? "-" + std::to_string(c.nicPorts) + "x" + ratioText(c.portGbps) + "g" : std::string());
    std::replace(p.name.begin(), p.name.end(), '.', '_');
    p.hosts = hosts;
    p.gpusPerHost = spec.gpusPerHost;
    p.gpuModel = spec.gpuModel;
    p.nvlinkGBps = 0;
    // The hosts' NVSwitch reduces where generate and the template dialog say it does
    // (DGX H100 and later): a candidate is the design those would make.
    p.nvls = nvlsByDefault(p.gpuModel, p.gpusPerHost);
    p.rails = spec.nics;
    p.nicGbps = spec.nicGbps;
    p.nicPorts = c.nicPorts;
    p.planes = c.planes;
    p.railOptimized = c.railOptimized;
    p.tiers = 0;
    p.tierSpecs = {TierSpec{}};
    p.tierSpecs.front().oversubscription = c.oversubscription;
    if (spec.nvlinkDomainGpus > 0) {
        p.nvlinkDomainGpus = spec.nvlinkDomainGpus;
        p.hostsPerRack = std::max(1, spec.nvlinkDomainGpus / spec.gpusPerHost);
    }
    HardwareChoice choice;
    choice.leafSwitch = c.leafModel;
    if (c.upperModel != c.leafModel)
        choice.spineSwitch = c.upperModel;
    choice.nic = spec.nicModel;
    applyHardware(p, choice, catalog);
    return p;
}

Fabric exploreDesign(const ExploreSpec &spec, const ExploreCandidate &candidate, const BomCatalog &catalog)
{
    Fabric fabric = generateClos(candidateParams(spec, candidate, catalog));
    fabric.nccl = spec.nccl;
    return fabric;
}

std::optional<ExploreScore> ExploreCache::find(const std::string &key) const
{
    std::lock_guard lock(m_mutex);
    const auto it = m_scores.find(key);
    if (it == m_scores.end())
        return std::nullopt;
    return it->second;
}

void ExploreCache::insert(const std::string &key, const ExploreScore &score)
{
    std::lock_guard lock(m_mutex);
    m_scores[key] = score;
}

std::size_t ExploreCache::size() const
{
    std::lock_guard lock(m_mutex);
    return m_scores.size();
}

std::vector<ExploreCandidate> enumerateCandidates(const ExploreSpec &spec, const BomCatalog &catalog)
{
    std::vector<std::string> models = spec.switchModels;
    if (models.empty())
        for (const auto &[slug, item] : catalog.switches)
            if (!item.breakouts.empty())
                models.push_back(slug);
    std::vector<ExploreCandidate> out;
    for (const std::string &leaf : models)
        for (const std::string &upper : models) {
            if (!spec.mixModels && upper != leaf)
                continue;
            for (const double os : spec.oversubscription)
                for (const bool rail : spec.railOptimized)
                    for (const int planes : spec.planes)
                        for (const int ports : spec.nicPorts) {
                            ExploreCandidate c;
                            c.leafModel = leaf;
                            c.upperModel = upper;
                            c.oversubscription = os;
                            c.railOptimized = rail;
                            c.planes = planes;
                            c.nicPorts = ports;
                            c.portGbps = spec.nicGbps / ports;
                            out.push_back(c);
                        }
        }
    return out;
}

std::vector<std::int64_t> paretoFront(const std::vector<ExploreScore> &scores, const std::vector<std::int64_t> &among,
                                      bool byStep)
{
    auto second = [&](std::int64_t i) {
        const ExploreScore &s = scores[size_t(i)];
        return byStep ? s.stepMs : -s.bisectionGbps;
    };
    std::vector<std::int64_t> order = among;
    std::sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
        const double pa = scores[size_t(a)].price, pb = scores[size_t(b)].price;
        if (pa != pb)
            return pa < pb;
        if (second(a) != second(b))
            return second(a) < second(b);
        return a < b;
    });
    std::vector<std::int64_t> front;
    double best = inf; // the lowest second objective among cheaper points
    size_t i = 0;
    while (i < order.size()) {
        size_t j = i;
        const double price = scores[size_t(order[i])].price;
        while (j < order.size() && scores[size_t(order[j])].price == price)
            ++j;
        const double groupBest = second(order[i]); // sorted: the group's lowest
        if (groupBest < best) {
            for (size_t k = i; k < j && second(order[k]) == groupBest; ++k)
                front.push_back(order[k]);
            best = groupBest;
        }
        i = j;
    }
    return front;
}

ExploreResult explore(const ExploreSpec &spec, const ExploreOptions &options)
{
    const BomCatalog &catalog = options.catalog ? *options.catalog : BomCatalog::defaults();
    ExploreResult result;
    result.spec = spec;
    result.stepNote = "step times are model estimates (fluid, and as the fabric routes): the collective model's median "
                      "error is 2.15 % on the 48 rows it was fitted to and 6.8 % (worst 15 %) on published runs it was "
                      "not fitted to (docs/model-validation.md)";
    if (spec.gpus <= 0 || spec.gpusPerHost <= 0 || spec.gpus % spec.gpusPerHost)
        throw ExploreError("gpus: " + std::to_string(spec.gpus) + " GPUs are not whole hosts of "
                           + std::to_string(spec.gpusPerHost));
    // The space counted before anything is built (docs/explore.md, "Bounds").
    {
        std::int64_t models = std::int64_t(spec.switchModels.size());
        if (models == 0) {
            for (const auto &[slug, item] : catalog.switches)
                models += item.breakouts.empty() ? 0 : 1;
            if (models > std::int64_t(maxExploreSwitchModels))
                throw ExploreError("the catalogue offers " + std::to_string(models)
                                   + " switch models; at most " + std::to_string(maxExploreSwitchModels)
                                   + " are explored: list the ones to try in /constraints/switch_models");
        }
        const std::int64_t count = models * (spec.mixModels ? models : 1) * std::int64_t(spec.oversubscription.size())
            * std::int64_t(spec.railOptimized.size()) * std::int64_t(spec.planes.size())
            * std::int64_t(spec.nicPorts.size());
        if (count > maxExploreCandidates)
            throw ExploreError(
                "the requirements describe " + std::to_string(count) + " candidates (" + std::to_string(models)
                + " switch models" + (spec.mixModels ? " × " + std::to_string(models) + " above the leaf" : std::string())
                + " × " + std::to_string(spec.oversubscription.size()) + " oversubscription × "
                + std::to_string(spec.railOptimized.size()) + " rail_optimized × " + std::to_string(spec.planes.size())
                + " planes × " + std::to_string(spec.nicPorts.size()) + " breakouts); at most "
                + std::to_string(maxExploreCandidates)
                + " are explored: narrow /constraints/switch_models, or set /constraints/mix_models to false");
    }
    const std::vector<ExploreCandidate> all = enumerateCandidates(spec, catalog);
    result.enumerated = std::int64_t(all.size());
    const int hosts = spec.gpus / spec.gpusPerHost;
    const std::int64_t nicCount = std::int64_t(hosts) * spec.nics;
    const BomCatalog::Item *nic = spec.nicModel.empty() ? nullptr : catalog.findNic(spec.nicModel);
    if (!spec.nicModel.empty() && !nic)
        throw ExploreError("host.nic_model: \"" + spec.nicModel + "\" is not in the catalogue");
    if (nic) {
        bool runs = false;
        for (const Breakout &b : nic->breakouts)
            runs = runs || std::abs(b.ports * b.gbps - spec.nicGbps) < 1e-6;
        if (!runs)
            throw ExploreError("host.nic_model: " + nic->model + " runs " + nic->speedsText() + ", not the host's "
                               + ratioText(spec.nicGbps) + "G (host.nic_gbps)");
    }

    // 1. Closed forms, no graph built.
    std::vector<ExploreCandidate> survivors, overBound;
    std::vector<double> overBoundPrice;
    for (ExploreCandidate c : all) {
        auto prune = [&](const char *constraint, std::string reason, double bound = 0) {
            result.pruned.push_back({c, constraint, std::move(reason), bound});
        };
        const BomCatalog::Item *leaf = catalog.findSwitch(c.leafModel);
        const BomCatalog::Item *upper = catalog.findSwitch(c.upperModel);
        if (!leaf || !upper) {
            prune("switch_models", "\"" + (leaf ? c.upperModel : c.leafModel) + "\" is not in the catalogue");
            continue;
        }
        if (nic && c.nicPorts > 1) {
            bool has = false;
            for (const Breakout &b : nic->breakouts)
                has = has || (b.ports == c.nicPorts && std::abs(b.gbps - c.portGbps) < 1e-6);
            if (!has) {
                prune("breakouts", nic->model + " has no " + std::to_string(c.nicPorts) + "x" + ratioText(c.portGbps)
                          + "G mode");
                continue;
            }
        }
        const std::int64_t hostPorts = nicCount * c.nicPorts;
        const Breakout *leafMode = leaf->breakoutAt(c.portGbps);
        const Breakout *upperMode = upper->breakoutAt(c.portGbps);
        if (!leafMode || !upperMode) {
            prune("switch_models", (leafMode ? upper : leaf)->model + " has no " + ratioText(c.portGbps)
                      + "G breakout (runs " + (leafMode ? upper : leaf)->speedsText() + ")");
            continue;
        }
        if (!spec.transports.empty()) {
            bool ok = true;
            for (const BomCatalog::Item *item : {leaf, upper}) {
                bool any = item->transports.empty();
                for (Transport t : spec.transports)
                    any = any || item->speaks(t);
                ok = ok && any;
            }
            if (!ok) {
                prune("transports", "the switches speak no allowed transport");
                continue;
            }
        }
        if (leaf->transports != upper->transports && !leaf->transports.empty() && !upper->transports.empty()) {
            prune("switch_models", leaf->model + " and " + upper->model + " speak different transports");
            continue;
        }
        const int down = leafDownPorts(leafMode->ports, c.oversubscription);
        if (down < 1) {
            prune("oversubscription", "a " + leaf->model + " leaf keeps no host port at " + ratioText(c.oversubscription)
                      + ":1");
            continue;
        }
        try {
            const ClosParams p = candidateParams(spec, c, catalog);
            c.tiers = derivedTierCount(p);
        } catch (const GeneratorError &e) {
            prune("generator", e.what());
            continue;
        }
        if (c.tiers > spec.maxTiers) {
            prune("max_tiers", std::to_string(c.tiers) + " tiers of " + leaf->model + " (limit "
                      + std::to_string(spec.maxTiers) + ")",
                  c.tiers);
            continue;
        }
        // Lower bounds: the leaves every host port needs, and the NICs.
        const std::int64_t leaves = (hostPorts + down - 1) / down;
        const double nicPrice = nic ? nic->price : 0, nicWatts = nic ? nic->watts : 0;
        const double priceBound = double(leaves) * leaf->price + double(nicCount) * nicPrice;
        const double wattsBound = double(leaves) * leaf->watts + double(nicCount) * nicWatts;
        if (priceBound > spec.budget) {
            prune("budget", "at least " + money(priceBound, catalog.currency) + " (" + std::to_string(leaves)
                      + " leaves and the NICs)",
                  priceBound);
            overBound.push_back(c);
            continue;
        }
        if (wattsBound / 1000.0 > spec.powerKw) {
            prune("power_kw", "at least " + ratioText(std::round(wattsBound / 100.0) / 10.0) + " kW", wattsBound / 1000);
            overBound.push_back(c);
            continue;
        }
        survivors.push_back(c);
    }
    if (survivors.empty() && overBound.empty()) {
        std::map<std::string, std::int64_t> by;
        for (const ExplorePruned &p : result.pruned)
            ++by[p.constraint];
        std::string binding;
        std::int64_t most = -1;
        for (const auto &[constraint, count] : by)
            if (count > most) {
                most = count;
                binding = constraint;
            }
        std::string example;
        for (const ExplorePruned &p : result.pruned)
            if (p.constraint == binding) {
                example = p.reason;
                break;
            }
        if (binding == "max_tiers") {
            double fewest = inf;
            for (const ExplorePruned &p : result.pruned)
                if (p.constraint == "max_tiers")
                    fewest = std::min(fewest, p.bound);
            example = "the fewest tiers any candidate needs is " + ratioText(fewest) + " (limit "
                + std::to_string(spec.maxTiers) + ")";
        }
        result.infeasible = binding.empty() ? std::string("no candidate: the constraints allow no design")
                                            : binding + ": " + example;
        return result;
    }

    // 2. Score on the generated fabric, in parallel.
    const std::string reqKey = requirementsKey(spec, catalog);
    auto scoreAll = [&](const std::vector<ExploreCandidate> &candidates) {
        std::vector<std::optional<ExploreScore>> scores(candidates.size());
        std::vector<std::string> errors(candidates.size());
        std::atomic<std::int64_t> next{0}, done{0}, hits{0};
        const std::int64_t total = std::int64_t(candidates.size());
        auto work = [&] {
            for (;;) {
                if (options.cancel && options.cancel->load())
                    return;
                const std::int64_t i = next.fetch_add(1);
                if (i >= total)
                    return;
                const ExploreCandidate &c = candidates[size_t(i)];
                const std::string key = c.key() + "#" + reqKey;
                if (options.cache)
                    if (auto hit = options.cache->find(key)) {
                        scores[size_t(i)] = std::move(hit);
                        ++hits;
                        if (options.progress)
                            options.progress(++done, total);
                        continue;
                    }
                try {
                    const Fabric f = exploreDesign(spec, c, catalog);
                    ExploreScore s;
                    s.candidate = c;
                    s.name = f.name;
                    // A partitioned candidate (a leaf with no uplink) is a problem like any other.
                    s.problems = int(f.validate().size() + f.reachabilityProblems(1).size());
                    const AnalysisReport report = analyzeFabric(f);
                    s.gpus = report.counts.gpus;
                    s.hosts = report.counts.hosts;
                    s.switches = report.counts.switches;
                    s.links = report.counts.links;
                    s.bisectionGbps = report.bisection.gbps;
                    s.bisectionRatio = report.bisection.ratio;
                    s.bisectionExact = report.bisection.exact;
                    for (const TierOversubscription &t : report.oversubscription.tiers)
                        s.tiers.emplace_back(tierName(t.tier), t.isTop ? nan : t.ratio);
                    const BillOfMaterials bom = buildBom(f, catalog);
                    s.price = bom.price;
                    s.watts = bom.watts;
                    if (f.floor) {
                        s.racks = std::int64_t(f.floor->racks.size());
                        for (const FloorHall &h : f.floor->halls)
                            s.floorAreaM2 += h.rows * h.rowPitchM * h.slotsPerRow * h.rackWidthM;
                    }
                    s.currency = bom.currency;
                    s.transceivers = bom.transceivers;
                    s.stepMs = spec.jobs.empty() ? nan : 0.0;
                    const CapacityView view = CapacityView::of(f);
                    for (const JobSpec &job : spec.jobs) {
                        ExploreJobFigure j;
                        j.job = job.name;
                        const JobStepFigures figures = jobStepFigures(f, job);
                        j.stepMs = figures.stepMs;
                        j.commMs = figures.commMs;
                        j.commMsFluid = figures.commMsFluid;
                        j.error = figures.error;
                        s.stepMs += std::isfinite(j.stepMs) ? j.stepMs : inf;
                        s.jobs.push_back(std::move(j));
                    }
                    if (options.cache)
                        options.cache->insert(key, s);
                    scores[size_t(i)] = std::move(s);
                } catch (const std::exception &e) {
                    errors[size_t(i)] = e.what();
                }
                if (options.progress)
                    options.progress(++done, total);
            }
        };
        int threads = options.threads > 0 ? options.threads : int(std::thread::hardware_concurrency());
        threads = std::max(1, std::min<int>(threads, int(std::max<std::int64_t>(1, total))));
        std::vector<std::thread> pool;
        for (int t = 1; t < threads; ++t)
            pool.emplace_back(work);
        work();
        for (std::thread &t : pool)
            t.join();
        result.cacheHits += hits.load();
        for (size_t i = 0; i < candidates.size(); ++i) {
            if (scores[i])
                result.scored.push_back(std::move(*scores[i]));
            else if (!errors[i].empty())
                result.pruned.push_back({candidates[i], "generator", errors[i], 0});
        }
    };
    scoreAll(survivors);
    if (options.cancel && options.cancel->load()) {
        result.cancelled = true;
        return result;
    }

    auto judge = [&](ExploreScore &s) {
        s.violation.clear();
        auto violate = [&](const char *what) {
            if (s.violation.empty())
                s.violation = what;
        };
        if (s.problems > 0)
            violate("validate");
        for (const ExploreJobFigure &j : s.jobs)
            if (!j.error.empty())
                violate("jobs");
        for (const auto &[tier, ratio] : s.tiers)
            if (std::isfinite(ratio) && ratio > spec.maxOversubscription * (1 + 1e-9))
                violate("max_oversubscription");
        if (s.price > spec.budget)
            violate("budget");
        if (s.watts / 1000.0 > spec.powerKw)
            violate("power_kw");
        if (s.floorAreaM2 > spec.floorAreaM2)
            violate("floor_area_m2");
    };
    auto rank = [&] {
        result.ranking.clear();
        for (size_t i = 0; i < result.scored.size(); ++i) {
            judge(result.scored[i]);
            if (result.scored[i].violation.empty())
                result.ranking.push_back(std::int64_t(i));
        }
    };
    rank();
    if (result.ranking.empty() && !overBound.empty()) {
        // Nothing meets the requirements: score what the bounds dropped too,
        // to say what the cheapest (or lowest-power) design would take.
        scoreAll(overBound);
        rank();
    }
    const auto objective = [&](const ExploreScore &s) {
        switch (spec.objective) {
        case ExploreObjective::Cost: return s.price;
        case ExploreObjective::Step: return s.stepMs;
        case ExploreObjective::Power: return s.watts;
        case ExploreObjective::Bisection: return -s.bisectionGbps;
        }
        return s.price;
    };
    std::stable_sort(result.ranking.begin(), result.ranking.end(), [&](std::int64_t a, std::int64_t b) {
        const ExploreScore &x = result.scored[size_t(a)], &y = result.scored[size_t(b)];
        if (objective(x) != objective(y))
            return objective(x) < objective(y);
        if (x.price != y.price)
            return x.price < y.price;
        // Ties: the faster design first (the front's other axis), then the key.
        const double sx = std::isnan(x.stepMs) ? inf : x.stepMs, sy = std::isnan(y.stepMs) ? inf : y.stepMs;
        if (sx != sy)
            return sx < sy;
        return x.candidate.key() < y.candidate.key();
    });
    result.front = paretoFront(result.scored, result.ranking, !spec.jobs.empty());
    for (const std::int64_t i : result.front)
        result.scored[size_t(i)].onFront = true;

    if (result.ranking.empty()) {
        // The binding constraint: the one whose removal the most designs wait on alone.
        std::map<std::string, std::int64_t> count;
        for (const ExploreScore &s : result.scored)
            ++count[s.violation];
        for (const ExplorePruned &p : result.pruned)
            if (p.constraint != "budget" && p.constraint != "power_kw")
                ++count[p.constraint];
        auto cheapest = [&](const char *constraint, auto value) {
            double best = inf;
            for (const ExploreScore &s : result.scored)
                if (s.violation == constraint)
                    best = std::min(best, value(s));
            return best;
        };
        const std::string currency = catalog.currency;
        if (count.count("budget")) {
            const double best = cheapest("budget", [](const ExploreScore &s) { return s.price; });
            result.infeasible = "budget: the cheapest design that meets every other constraint costs "
                + money(best, currency) + " (budget " + money(spec.budget, currency) + ")";
        } else if (count.count("power_kw")) {
            const double best = cheapest("power_kw", [](const ExploreScore &s) { return s.watts / 1000.0; });
            char buf[128];
            std::snprintf(buf, sizeof buf, "%.1f kW (envelope %.1f kW)", best, spec.powerKw);
            result.infeasible = std::string("power_kw: the lowest-power design that meets every other constraint draws ") + buf;
        } else if (count.count("floor_area_m2")) {
            const double best = cheapest("floor_area_m2", [](const ExploreScore &s) { return s.floorAreaM2; });
            char buf[128];
            std::snprintf(buf, sizeof buf, "%.0f m² (limit %.0f m²)", best, spec.floorAreaM2);
            result.infeasible = std::string("floor_area_m2: the smallest design that meets every other constraint "
                                            "needs ")
                + buf;
        } else if (count.count("max_oversubscription")) {
            double best = inf;
            for (const ExploreScore &s : result.scored)
                for (const auto &[tier, ratio] : s.tiers)
                    if (std::isfinite(ratio))
                        best = std::min(best, ratio);
            result.infeasible = "max_oversubscription: every design built has a tier above "
                + ratioText(spec.maxOversubscription) + ":1";
        } else if (count.count("jobs")) {
            std::string why;
            for (const ExploreScore &s : result.scored)
                for (const ExploreJobFigure &j : s.jobs)
                    if (!j.error.empty() && why.empty())
                        why = j.job + ": " + j.error;
            result.infeasible = "jobs: no design runs every job (" + why + ")";
        } else {
            result.infeasible = "no design meets the requirements";
        }
    }
    return result;
}

} // namespace Railyard
