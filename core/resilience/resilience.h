#pragma once
// Failure studies: how a design degrades under the failures a real cluster
// sees (docs/resilience.md).
//
//  * N-1: every single switch and link of a scope failed on its own.
//  * N-2: every pair of elements of a scope failed together.
//  * Monte Carlo: scenarios drawn at random, either each element down with
//    its steady-state probability (failures per element per day and repair
//    hours, per element class) or a given number k of elements of the scope
//    down, chosen uniformly.
//
// Each scenario is evaluated as a what-if on the baseline's flow network
// (WhatIfBase): bisection, oversubscription per tier and, with a job, the
// job's step communication time on its healthy placement (re-placed on the
// hosts that remain when the failure cuts hosts of the placement off); Monte
// Carlo also asks whether a job of N GPUs still fits rail-aligned in one pod.
//
// Symmetry (symmetry.h): N-1 and N-2 evaluate one scenario per class of
// equivalent scenarios and weight it by the scenarios it stands for. Every
// class of more than one scenario is checked by evaluating a second member;
// when the two disagree the class is evaluated scenario by scenario (the
// result says how often). Monte Carlo reuses the answer of a scenario seen
// before and of a single failure's class.
//
// Reproducible: scenario i of a Monte Carlo study draws from its own stream
// derived from (seed, i), so the result does not depend on threads or shards.
// A study split in shards (`shardIndex`/`shardCount`) computes a part of the
// scenarios; mergeStudies() joins the parts into the report a single run gives.
#include "core/jobs/jobspec.h"
#include "core/model/fabric.h"
#include "core/traffic/routing.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

/// Impossible study parameters, a bad rates or study file, parts that do not
/// belong together. The message names the option, file or field.
class ResilienceError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

enum class StudyKind : std::uint8_t { NMinus1, NMinus2, MonteCarlo };
/// "n-1", "n-2", "monte-carlo".
const char *studyKindName(StudyKind kind);
std::optional<StudyKind> studyKindFromName(std::string_view name);

/// Failures per element per day and the hours a repair takes.
struct ElementRate
{
    double perDay = 0.0;
    double repairHours = 0.0;
    /// Steady-state probability of being down: λr / (1 + λr), λ per hour.
    double downProbability() const;
    bool operator==(const ElementRate &) const = default;
};

/// Rates per element class. A switch-to-switch or host link is down when its
/// cable or either of its two optics is; a host NIC takes down the host's
/// links of its rail.
struct FailureRates
{
    ElementRate link;   ///< the cable itself
    ElementRate optic;  ///< one transceiver (two per link)
    ElementRate leaf;
    ElementRate spine;  ///< also unlayered switches
    ElementRate core;
    ElementRate hostNic;
    /// The documented defaults (docs/resilience.md, "Default rates").
    static FailureRates defaults();
    bool operator==(const FailureRates &) const = default;
};

/// Reads a rates file: {"link": {"per_day": 1e-5, "repair_hours": 24}, ...};
/// classes not given keep the default. Throws ResilienceError naming the
/// file and the JSON pointer of the bad field. The text is bounded before
/// it is parsed.
FailureRates parseFailureRates(std::string_view text, const std::string &fileName);

/// The elements a study fails. Grammar (docs/resilience.md): comma-separated
/// terms KIND[:GLOB], KIND one of all, switches, links, leaf, spine, core,
/// host-links, switch-links, nics; GLOB (as intent selectors) matched
/// against a switch's id or location path zone/pod/su/rack, a link's id or
/// either end's, a NIC's host. Empty: the study's default.
struct ElementScope
{
    std::vector<std::int32_t> switches; ///< sorted switch indices
    std::vector<std::int32_t> links;    ///< sorted link indices
    bool nics = false;                  ///< Monte Carlo by rates: host NICs too
    std::vector<std::string> nicGlobs;  ///< hosts whose NICs count (empty: all)
};
ElementScope selectScope(const Fabric &fabric, const std::string &selector);

struct StudyOptions
{
    StudyKind kind = StudyKind::NMinus1;
    std::string scope;                  ///< selector; empty: all switches and links (and NICs by rates)
    int samples = 1000;                 ///< Monte Carlo scenarios
    int forcedFailures = 0;             ///< Monte Carlo: k elements per scenario; 0: by rates
    FailureRates rates = FailureRates::defaults();
    std::string ratesSource = "defaults"; ///< file name, for the report
    std::uint64_t seed = 1;
    bool symmetry = true;
    int threads = 0;                    ///< 0: one per core
    int shardIndex = 0;
    int shardCount = 1;
    int placeGpus = 0;                  ///< Monte Carlo: GPUs of the job to fit rail-aligned in one pod; 0: not asked
    std::optional<JobSpec> job;
    std::string jobSource;              ///< file name, for the report
    std::string routing = "as-routed";  ///< fluid, ecmp, adaptive, hashed, static, as-routed
    const std::atomic<bool> *cancel = nullptr;
    /// Called from worker threads as scenarios finish (done, total).
    std::function<void(std::int64_t, std::int64_t)> progress;
};

struct TierRatio
{
    Tier tier = Tier::Leaf;
    double ratio = 0.0; ///< aggregate down / up; NaN for the top tier
    double worst = 0.0; ///< worst switch
    bool operator==(const TierRatio &) const = default;
};

/// One evaluated scenario: a Monte Carlo sample, or an N-1/N-2 class.
struct ScenarioOutcome
{
    std::int64_t index = 0;           ///< sample number, or class number
    std::vector<std::string> failed;  ///< ids failed (a class's representative)
    std::string kind;                 ///< N-1/N-2: the class, e.g. "spine", "leaf–spine link"
    double weight = 1.0;              ///< scenarios it stands for
    std::string members;              ///< N-1: every member as a hostlist expression ("" when too long)
    double bisectionGbps = 0.0;
    double bisectionPct = 100.0;      ///< of the healthy bisection
    bool exact = true;                ///< the bisection method was exact
    std::vector<TierRatio> tiers;
    double stepMs = 0.0;              ///< job: its whole step (compute, bubble, exposed communication); +inf: cannot run; NaN: no job
    double slowdown = 0.0;            ///< stepMs / healthy; +inf, NaN as stepMs
    double commMs = 0.0;              ///< job: its step communication time (the routed phases); as stepMs
    bool replaced = false;            ///< the job lost hosts and was placed again
    int placeable = -1;               ///< 1/0: a job of placeGpus fits rail-aligned in one pod; -1 not asked
    bool operator==(const ScenarioOutcome &) const;
};

struct StudyResult
{
    // Parameters (all that decides the numbers).
    StudyKind kind = StudyKind::NMinus1;
    std::string scope;
    int samples = 0;
    int forcedFailures = 0;
    FailureRates rates;
    std::string ratesSource;
    std::uint64_t seed = 1;
    bool symmetry = true;
    std::string job;     ///< job name, "" without one
    std::string jobSource;
    std::string routing; ///< as given
    int placeGpus = 0;
    int shardIndex = 0;
    int shardCount = 1;
    // The fabric.
    std::string fabricName;
    std::int64_t hosts = 0, switches = 0, links = 0, gpus = 0;
    // Healthy answers.
    double healthyBisectionGbps = 0.0;
    std::vector<TierRatio> healthyTiers;
    double healthyStepMs = 0.0; ///< NaN without a job
    // Size of the study.
    std::int64_t scopeElements = 0;
    double scenarios = 0.0;           ///< scenarios the whole study stands for
    std::int64_t classes = 0;         ///< N-1/N-2: classes (after verification splits)
    std::int64_t evaluated = 0;       ///< what-ifs actually computed (this part)
    std::int64_t verificationSplits = 0; ///< classes split because two members disagreed
    bool cancelled = false;
    std::vector<ScenarioOutcome> outcomes; ///< by index
    std::string source; ///< the file it was read from (studyFromJson), for merge's messages
};

/// Runs a study. Throws ResilienceError for impossible parameters (an empty
/// scope, k larger than the scope, a job that cannot be placed on the
/// healthy fabric, a bad shard).
StudyResult runFailureStudy(const Fabric &fabric, const StudyOptions &options);

/// Joins the parts of a sharded study (any order) into the whole. Throws
/// ResilienceError — naming the part's file and the field — when the parts
/// differ in a parameter or the fabric, when a shard is missing (the first
/// ten named, then a count) or given twice, when an outcome is given twice,
/// and when the outcomes do not stand for the study's scenarios (N-1, N-2:
/// their weights sum to `scenarios`; Monte Carlo: one per sample).
StudyResult mergeStudies(std::vector<StudyResult> parts);

/// A quantile with its confidence interval (95 %, distribution-free from the
/// order statistics; equal to the value for exhaustive studies).
struct Quantile
{
    double value = 0.0;
    double low = 0.0;
    double high = 0.0;
};

/// The distribution of one figure over the study's scenarios.
struct StudyDistribution
{
    bool present = false;
    double mean = 0.0, meanLow = 0.0, meanHigh = 0.0;
    /// p50, p95, p99 of the worse tail: for bisection the value that 50, 95,
    /// 99 % of scenarios meet or exceed; for slowdown the value they stay at
    /// or below.
    Quantile p50, p95, p99;
    double worst = 0.0;
    std::vector<std::pair<double, double>> cdf; ///< (value, fraction of scenarios at or below), ≤ 201 points
};

struct ElementCount
{
    std::string id;
    std::int64_t count = 0;
};

struct StudySummary
{
    StudyDistribution bisectionPct;
    StudyDistribution slowdown;
    bool placeablePresent = false;
    double placeable = 0.0, placeableLow = 0.0, placeableHigh = 0.0; ///< probability, Wilson 95 %
    std::vector<std::int64_t> worst; ///< outcome positions, worst first (bisection, then slowdown)
    /// Elements failed most often in the worst 1 % of scenarios (Monte
    /// Carlo), or the members of the worst scenarios (N-1, N-2).
    std::vector<ElementCount> frequentInWorst;
    double worstThresholdPct = 0.0; ///< bisection % at or below which a scenario counts as worst
};
StudySummary summarizeStudy(const StudyResult &result, int worstCount = 20);

/// Stable JSON (docs/resilience.md): parameters, fabric, healthy answers,
/// summary and every outcome. A part of a sharded study carries "shard".
std::string studyToJson(const StudyResult &result, int indent = 2);
/// Reads studyToJson's output back. Throws ResilienceError naming `fileName`
/// and the JSON pointer.
StudyResult studyFromJson(std::string_view text, const std::string &fileName);
/// The report for a terminal.
std::string studyToText(const StudyResult &result);

/// The routing options a study's routing name stands for on `fabric`.
/// Throws ResilienceError for an unknown name.
RoutingOptions studyRouting(const Fabric &fabric, const std::string &name, std::uint64_t seed);

} // namespace Railyard
