#pragma once
// The requirements an architect starts from (docs/explore.md): a
// `*.explore.json` file naming the GPUs and their hosts, the jobs they must
// run, and the constraints on the design — transports and switch models
// allowed, tiers, oversubscription, planes, rail layout, budget and power.
#include "core/jobs/jobspec.h"
#include "core/model/fabric.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

/// A requirements file that does not read, or requirements no design can
/// meet on principle (0 GPUs). The message names the file and JSON pointer.
class ExploreError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// What the candidates are ranked by.
enum class ExploreObjective : std::uint8_t { Cost, Step, Power, Bisection };
const char *exploreObjectiveName(ExploreObjective objective);

/// What one requirements file may ask for (docs/explore.md, "Bounds"): the
/// explorer builds and scores every candidate, so the space is counted and
/// refused above maxExploreCandidates before anything is built, and each
/// list is bounded (oversubscription 32 values, planes 8, breakouts 2,
/// transports 4, rail_optimized 2) with every value once.
inline constexpr int maxExploreGpus = 131072;        ///< one candidate at most ~0.2 GB and a second
inline constexpr size_t maxExploreSwitchModels = 64; ///< /constraints/switch_models, and a catalogue's models explored
inline constexpr size_t maxExploreJobs = 16;
inline constexpr std::int64_t maxExploreCandidates = 4096;

struct ExploreSpec
{
    std::string name;
    int gpus = 0;
    // The host model.
    std::string gpuModel = "h100";
    int gpusPerHost = 8;
    int nics = 8;            ///< NICs per host (rails)
    double nicGbps = 400.0;  ///< per NIC
    std::string nicModel;    ///< catalogue NIC; empty: priced as none
    int nvlinkDomainGpus = 0;
    /// NCCL's queue pairs per connection and data splitting on every design
    /// ("nccl", as a fabric file's): how ECMP hashing prices the jobs.
    NcclSettings nccl;
    // The jobs each design must run (each placed alone on it).
    std::vector<JobSpec> jobs;
    std::vector<std::string> jobSources; ///< file names, for the report
    // Constraints.
    std::vector<Transport> transports;    ///< allowed; empty: any
    std::vector<std::string> switchModels; ///< catalogue slugs allowed; empty: every model with a breakout at the NIC speed
    bool mixModels = true;                ///< the tiers above the leaf may use another model
    int maxTiers = 3;
    std::vector<double> oversubscription{1.0}; ///< leaf-tier ratios to try
    double maxOversubscription = std::numeric_limits<double>::infinity(); ///< per tier, as built
    std::vector<int> planes{1};
    /// Host-port breakouts to try: ports per NIC (1: one port at nicGbps;
    /// 2: two ports at nicGbps / 2, each to its own leaf, and the switches in
    /// their breakout at that speed).
    std::vector<int> nicPorts{1};
    std::vector<bool> railOptimized{true};
    double budget = std::numeric_limits<double>::infinity();  ///< in the catalogue's currency
    double powerKw = std::numeric_limits<double>::infinity(); ///< switches, NICs, optics
    /// The floor the design's racks take on its automatic floor (docs/floor.md): rows
    /// × row pitch × row length, aisles included, summed over the halls.
    double floorAreaM2 = std::numeric_limits<double>::infinity();
    ExploreObjective objective = ExploreObjective::Cost;
};

/// Reads a requirements file. Jobs are given by path (relative to
/// `baseDir`) or inline. The text is bounded before it is parsed. Throws
/// ExploreError naming `fileName` and the JSON pointer of the bad field.
ExploreSpec parseExploreSpec(std::string_view text, const std::string &fileName, const std::string &baseDir);

} // namespace Railyard
