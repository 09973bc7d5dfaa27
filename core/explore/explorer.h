#pragma once
// The design explorer (docs/explore.md): from requirements to the best
// designs.
//
//  1. Enumerate the candidates the generator and the catalogue allow: leaf
//     switch model × model of the tiers above × leaf oversubscription ×
//     planes × rail layout, at the hosts' NIC speed; the tier count follows
//     from the radix (derivedTierCount).
//  2. Prune by closed forms before any graph is built: a model without a
//     breakout at the NIC speed or of a transport not allowed, more tiers
//     than allowed, and a lower bound on cost and power (the leaves every
//     host port needs, and the NICs) over the budget or the power envelope.
//  3. Score each survivor on the generated fabric: cost and power from the
//     bill of materials, bisection and oversubscription per tier from the
//     analysis (exact where the method is), each job's step communication
//     time after placement (a model estimate), and `validate` clean.
//  4. The Pareto front of cost against step time (against bisection without
//     jobs), and a ranking by the objective.
// When no candidate survives, the report names the binding constraint and
// what it would take ("budget: the cheapest design that fits costs X").
#include "core/bom/bom.h"
#include "core/explore/explorespec.h"
#include "core/generators/closgenerator.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace Railyard {

/// One point of the design space.
struct ExploreCandidate
{
    std::string leafModel;  ///< catalogue slug
    std::string upperModel; ///< the tiers above the leaf
    double oversubscription = 1.0; ///< leaf tier, asked
    int planes = 1;
    bool railOptimized = true;
    int nicPorts = 1;     ///< the host-port breakout: ports per NIC, each at portGbps
    double portGbps = 0;  ///< the NIC speed / nicPorts (the switches' breakout speed)
    int tiers = 0;        ///< derived
    /// "qm9700/sn5600 1:1 rail 1-plane" (+ " 2x200G" for a NIC broken out
    /// into 2 ports): stable, unique within a run.
    std::string key() const;
};

/// The generator parameters of a candidate (what `generate` would be given).
/// Throws GeneratorError for parameters the generator refuses.
ClosParams candidateParams(const ExploreSpec &spec, const ExploreCandidate &candidate, const BomCatalog &catalog);

struct ExploreJobFigure
{
    std::string job;
    double stepMs = 0;      ///< its whole step as the fabric routes (jobStepFigures), NaN when not computed
    double commMs = 0;      ///< its step communication time as routed
    double commMsFluid = 0; ///< the same with ideal (fluid) routing
    std::string error;      ///< why the job has no (whole) step time on this design
};

struct ExploreScore
{
    ExploreCandidate candidate;
    std::string name; ///< the design's name: "explore-qm9700-1to1-rail-p1"
    std::int64_t gpus = 0, hosts = 0, switches = 0, links = 0, transceivers = 0;
    double price = 0, watts = 0;
    std::string currency;
    /// On the design's automatic floor (docs/floor.md): its racks, and the
    /// area of its halls (rows × row pitch × row length, aisles included).
    std::int64_t racks = 0;
    double floorAreaM2 = 0;
    double bisectionGbps = 0, bisectionRatio = 0;
    bool bisectionExact = false;
    std::vector<std::pair<std::string, double>> tiers; ///< tier, oversubscription as built (NaN for the top)
    std::vector<ExploreJobFigure> jobs;
    double stepMs = 0; ///< the objective's step: the sum over the jobs' whole steps as routed; NaN without jobs
    int problems = 0;  ///< validate() findings (0 for every candidate the generator builds)
    bool onFront = false;
    std::string violation; ///< a constraint the built design breaks ("budget", "power", "oversubscription"), "" when it meets all
};

/// A candidate dropped before scoring, and why (the constraint it breaks).
struct ExplorePruned
{
    ExploreCandidate candidate;
    std::string constraint; ///< "switch model", "tiers", "budget", "power", "generator", "jobs"
    std::string reason;
    double bound = 0; ///< budget/power: the lower bound that broke it
};

struct ExploreResult
{
    ExploreSpec spec;
    std::int64_t enumerated = 0;
    std::vector<ExplorePruned> pruned;
    std::vector<ExploreScore> scored;  ///< every candidate scored, meeting the constraints or not
    std::vector<std::int64_t> ranking; ///< positions in `scored` meeting every constraint, best first by the objective
    std::vector<std::int64_t> front;   ///< positions on the Pareto front, by cost
    std::int64_t cacheHits = 0;
    bool cancelled = false;
    /// Empty when some design meets the requirements; else the binding
    /// constraint and what it would take.
    std::string infeasible;
    /// What the step times are: a model estimate, and the collective model's error on runs it was not fitted to.
    std::string stepNote;
};

/// Scores already computed, by candidate key and the requirements that
/// decide them (GPUs, host, jobs, catalogue). Thread-safe; a GUI keeps one
/// across runs, so changing only the budget re-ranks without re-scoring.
class ExploreCache
{
public:
    std::optional<ExploreScore> find(const std::string &key) const;
    void insert(const std::string &key, const ExploreScore &score);
    std::size_t size() const;
    /// The scores as JSON (docs/explore.md, "Cache file"), to keep across runs.
    std::string toJson() const;
    /// Adds the scores of toJson()'s text; false and *error ("FILE: /pointer:
    /// why") when it does not read. Bounded before it is parsed. Each entry
    /// carries a SHA-256 digest of its key (the candidate and the
    /// requirements that decide it) and its figures: an entry whose digest
    /// does not match, or whose figures no design has (negative counts, a
    /// bisection beyond 100 %), is left out — scored again, never used — and
    /// *warnings says how many.
    bool loadJson(std::string_view text, const std::string &fileName, std::string *error,
                  std::vector<std::string> *warnings = nullptr);

private:
    mutable std::mutex m_mutex;
    std::map<std::string, ExploreScore> m_scores;
};

struct ExploreOptions
{
    const BomCatalog *catalog = nullptr; ///< nullptr: the built-in catalogue
    int threads = 0;                     ///< 0: one per core
    ExploreCache *cache = nullptr;
    const std::atomic<bool> *cancel = nullptr;
    /// Called from worker threads as candidates are scored (done, total).
    std::function<void(std::int64_t, std::int64_t)> progress;
};

/// Every candidate of the requirements, in a stable order, before pruning.
std::vector<ExploreCandidate> enumerateCandidates(const ExploreSpec &spec, const BomCatalog &catalog);

/// Runs the exploration. Throws ExploreError for requirements no design can
/// meet on principle (no switch model at the NIC speed).
ExploreResult explore(const ExploreSpec &spec, const ExploreOptions &options = {});

/// Positions of the scores on the Pareto front of (price, objective2), both
/// minimized, where objective2 is the step time with jobs and minus the
/// bisection without. Ties on both are all on the front. O(n log n).
std::vector<std::int64_t> paretoFront(const std::vector<ExploreScore> &scores, const std::vector<std::int64_t> &among,
                                      bool byStep);

/// The generated fabric of a score's candidate (to open it as a document).
Fabric exploreDesign(const ExploreSpec &spec, const ExploreCandidate &candidate, const BomCatalog &catalog);

/// Stable JSON (docs/explore.md).
std::string exploreToJson(const ExploreResult &result, int indent = 2);
/// One row per candidate scored (RFC 4180).
std::string exploreToCsv(const ExploreResult &result);
/// The front and the ranking for a terminal.
std::string exploreToText(const ExploreResult &result, int rows = 20);

} // namespace Railyard
