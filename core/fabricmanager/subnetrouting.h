#pragma once

// A design under the routing its subnet manager computed: the forwarding
// tables read back (readLftDump) mapped onto the design's switches, links and
// HCAs through the identities Railyard gave them (InfinibandIds: GUIDs, then
// names), every host pair's path traced hop by hop, and what that routing
// delivers (docs/fabric-manager.md):
//
//  * Routing balance: destinations (HCA LIDs) routed through each switch port,
//    per tier and direction (OpenSM's own balance criterion), the worst port
//    and the links that carry no route at all.
//  * Effective bisection bandwidth (Hoefler et al.): for each of N random
//    bisections, every HCA of one half sends to a partner in the other and
//    back; each flow gets the smallest share (capacity ÷ flows) of the links
//    on its path. The delivered bandwidth per direction, mean and 5th
//    percentile over N, is reported beside the min-cut bisection and as a
//    share of it. A "shift" pattern (HCA i to i + n/2) is the deterministic
//    hand-checkable case.

#include "core/fabricmanager/lftdump.h"
#include "core/traffic/routing.h"
#include "core/traffic/staticroutes.h"
#include "core/jobs/jobspec.h"
#include "core/model/infinibandids.h"
#include "core/model/fabric.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace Railyard {

class SubnetRouting
{
public:
    /// Maps `dump` onto `fabric`. Tables of switches the design lacks, routes
    /// out of ports without a link, and destinations that are not the design's
    /// HCAs are counted in problems() (at most 50 named), never guessed.
    SubnetRouting(const Fabric &fabric, const LftDump &dump);

    const Fabric &fabric() const { return m_fabric; }
    const InfinibandIds &ids() const { return m_ids; }
    /// Switches whose table was read (of the design's switches).
    int switchesRouted() const { return m_switchesRouted; }
    const std::vector<std::string> &problems() const { return m_problems; }

    /// The link a switch forwards traffic for HCA `ca` to; -1 for none.
    std::int32_t next(std::int32_t switchIndex, int ca) const
    {
        return m_portLinks[size_t(switchIndex) * 256 + m_nextPort[size_t(switchIndex) * m_cas + size_t(ca)]];
    }

    enum class TraceStatus { Ok, NoRoute, Loop, WrongHost, NoHostLink };
    struct Trace
    {
        TraceStatus status = TraceStatus::Ok;
        std::vector<std::int32_t> links; ///< from the source HCA's link to the destination's
    };
    /// The path from HCA src to HCA dst as the tables forward it.
    Trace trace(int src, int dst) const;
    /// The path from HCA src to HCA dst as directed links (link × 2, + 1 when
    /// it is crossed from its b end), appended to `keys`; false (and nothing
    /// appended) when the tables do not deliver it. No allocation but `keys`'
    /// growth: the effective bisection traces millions of these.
    bool traceDirected(int src, int dst, std::vector<std::uint32_t> &keys) const;
    /// traceDirected for many (src, dst) flows, 16 at a time in lockstep so
    /// their table lookups overlap instead of waiting on memory one by one:
    /// flow i's keys are [ends[i - 1], ends[i]) of `keys` (empty when not
    /// delivered); both are appended to.
    void traceDirected(const std::vector<std::pair<int, int>> &flows, std::vector<std::uint32_t> &keys,
                       std::vector<size_t> &ends) const;
    /// For RoutingOptions::tablePath: the path of a connection leaving host
    /// `srcHost` on NIC link `srcLink` towards host `dstHost`, to the
    /// destination's NIC on the same rail (else its first NIC). Keep the
    /// routing alive while the options are used.
    bool tablePath(std::int32_t srcHost, std::int32_t srcLink, std::int32_t dstHost,
                   std::vector<std::int32_t> &links) const;

private:
    /// From link `l`, left at node `from`, as the tables forward to HCA dst.
    Trace walk(std::int32_t l, NodeIndex from, int dst) const;

    const Fabric &m_fabric;
    InfinibandIds m_ids;
    size_t m_cas = 0;
    /// [switch × ca] -> out port (0: none). One byte an entry: a 16K-HCA fabric's
    /// tables (21 MB) stay in cache where links (84 MB) would not.
    std::vector<std::uint8_t> m_nextPort;
    std::vector<std::int32_t> m_portLinks; ///< [switch × 256 ports] -> link, -1 for none (port 0)
    std::vector<std::int32_t> m_caLink; ///< per HCA: its first link (port 1)
    std::vector<int> m_linkCa;          ///< per link: the HCA at its host end, -1 for none
    int m_switchesRouted = 0;
    std::vector<std::string> m_problems;
};

/// The tables Railyard's static routing model computes for the design
/// (StaticRoutes: OpenSM's ftree, min-hop where ftree refuses the topology),
/// as the dump of a subnet manager would give them: one table per switch,
/// one route per HCA (its port 1), LIDs and GUIDs as sm-config writes them.
LftDump modelTables(const Fabric &fabric, const StaticRoutes &routes);

/// Reads forwarding tables from `path` (at most maxLftDumpBytes) for
/// `fabric`: the file's or the reader's errors, or one naming the file when
/// none of its tables belongs to a switch of the fabric.
LftReadResult readTablesFor(const Fabric &fabric, const QString &path);

struct RoutingBalance
{
    struct Group
    {
        std::string from, to; ///< tiers: "leaf" → "spine", "spine" → "leaf"…
        std::int64_t ports = 0;
        std::int64_t minRoutes = 0, maxRoutes = 0;
        double meanRoutes = 0;
        std::string worstPort; ///< "leaf-0003 port 5 (→ spine-0002)"
    };
    std::vector<Group> groups;         ///< switch-to-switch ports, by tier pair and direction
    std::int64_t unusedLinks = 0;      ///< switch-to-switch links no route uses in either direction
    std::vector<std::string> unused;   ///< their ids (at most 50)
    bool perfect() const;              ///< every group's ports carry the same number of routes
    /// The group of ports from tier `from` to tier `to`; nullptr when none.
    const Group *find(const std::string &from, const std::string &to) const;
};

struct PathCheck
{
    int sources = 0;          ///< HCAs traced from (all, or an even sample on large fabrics)
    int hcas = 0;
    std::int64_t pairs = 0, routed = 0, noRoute = 0, loops = 0, wrongHost = 0;
    int maxHops = 0;
    std::string firstProblem; ///< "host001 mlx5_0 → host009 mlx5_0: loop at spine-0003"
};

struct EffectiveBisection
{
    int permutations = 0;
    bool shift = false;
    double minCutGbps = 0;  ///< the design's bisection (analyzeFabric)
    double meanGbps = 0;    ///< delivered per direction, mean over the permutations
    double p5Gbps = 0;      ///< its 5th percentile
    double meanShare = 0;   ///< meanGbps / minCutGbps
    double p5Share = 0;
};

RoutingBalance routingBalance(const SubnetRouting &routing);
/// Traces every ordered HCA pair while there are at most `maxPairs` of them;
/// past that, from an even sample of sources to every destination, so a
/// 16K-HCA fabric is checked in seconds (PathCheck::sources says how many).
PathCheck checkPaths(const SubnetRouting &routing, std::int64_t maxPairs = 20'000'000);
/// `permutations` random bisections (seeded), or the shift pattern when `shift`.
/// With `linkLoad`: per link, the mean over the bisections of the demand
/// crossing its busier direction (each HCA sending at its link's rate) over
/// its capacity: above 1, the static routes oversubscribe it.
EffectiveBisection effectiveBisection(const SubnetRouting &routing, int permutations, std::uint64_t seed, bool shift,
                                      std::vector<double> *linkLoad = nullptr);
/// The shift sequence of an all-to-all, as Zahavi decomposes MPI's global
/// collectives: for a distance s, the HCA at position i of `order` sends to
/// the one at position (i + s) mod n. Each flow runs at Hoefler's rate, the
/// least over its path of capacity / flows on the link (each direction on
/// its own); a distance's share is the delivered bandwidth over what the
/// sources' links offer.
struct ShiftShare
{
    int shifts = 0;       ///< distances evaluated
    double meanShare = 0; ///< mean over the distances
    double minShare = 0;  ///< the worst distance
};
/// `order`: a permutation of the HCAs (indices into ids().cas); `shifts`:
/// distances evaluated, every one from 1 to n − 1 when there are at most that
/// many, else evenly spaced over them.
ShiftShare shiftShare(const SubnetRouting &routing, const std::vector<int> &order, int shifts);
/// Per link: the HCA destinations the switches forward over it, both
/// directions summed (what the balance counts, per link).
std::vector<double> routesPerLink(const SubnetRouting &routing);
/// Static routing that follows the tables (RoutingOptions::tablePath).
/// `routing` must outlive the options.
RoutingOptions tableRoutingOptions(const SubnetRouting &routing);
/// The same, owning a copy of `fabric` and the tables mapped onto it: the
/// options stay valid wherever they are kept (a JobEvaluation holds them).
RoutingOptions tableRoutingOptions(const Fabric &fabric, const LftDump &tables);

/// A training job placed on the design (topology strategy) and one step
/// routed three ways: fluid (the topology's capacity), static
/// (Railyard's model of a subnet manager), and the tables read back.
struct JobUnderTables
{
    std::string job;
    std::string error;          ///< it does not fit, or a route is missing
    double fluidMs = 0, modelMs = 0, tablesMs = 0;
    std::string bottleneck;     ///< under the tables: the link that limits the step
    std::int64_t unroutedFlows = 0;
};
JobUnderTables evaluateJobUnderTables(const SubnetRouting &routing, const JobSpec &job);

struct RoutingReport
{
    std::string fabric;
    int switches = 0, switchesRouted = 0, hcas = 0;
    std::vector<std::string> problems;
    RoutingBalance balance;
    PathCheck paths;
    EffectiveBisection bisection;
    std::optional<JobUnderTables> job;
};
/// With `linkLoad`, the bisections' load per link too (effectiveBisection).
RoutingReport analyzeRouting(const SubnetRouting &routing, int permutations, std::uint64_t seed, bool shift,
                             std::vector<double> *linkLoad = nullptr);
/// Stable JSON (docs/cli.md, "routing").
std::string routingReportToJson(const RoutingReport &report, int indent = 2);
std::string routingReportToText(const RoutingReport &report);

/// One routing engine run on the design (routing --engines).
struct EngineResult
{
    std::string engine;        ///< "ftree", "ftree-no-roots", "minhop"…
    std::string error;         ///< OpenSM did not route it, or its tables did not read
    std::string simulationNote; ///< how ibsim's subnet differs from the design (rates mapped to HDR), or empty
    double opensmSeconds = 0;  ///< to SUBNET UP
    double shiftShare = 0;     ///< the shift pattern's share of the min cut
    std::optional<RoutingReport> report;
    std::shared_ptr<const LftDump> tables; ///< what OpenSM computed (to route by them)
};
/// Stable JSON: fabric, engines[{engine, error, opensm_seconds, shift_share, report}].
std::string engineComparisonToJson(const std::string &fabric, const std::vector<EngineResult> &engines, int indent = 2);
/// One line per engine: paths, balance, shift, random bisections, job step.
std::string engineComparisonToText(const std::string &fabric, const std::vector<EngineResult> &engines);

} // namespace Railyard
