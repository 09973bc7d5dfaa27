#pragma once

// Scheduler topology exports: the fabric's switch hierarchy written as the
// files workload schedulers read to place jobs close together.
//
// The hierarchy is derived from the links, never from element names:
//  * Network blocks (the lowest level): hosts that attach to exactly the same
//    set of switches. In a ToR fabric that is one leaf and its hosts; in a
//    rail-optimized fabric (one leaf per rail) it is the scalable unit, all of
//    whose hosts share the same rail leaves.
//  * Going up: a group's upward switches are the neighbours of its switches
//    that lie farther from the hosts (hop distance). Groups that share an
//    upward switch merge (connected components) into one parent group: the
//    pods (spines), then the top. A level where nothing merges is skipped, and
//    merging stops when one group, the root, holds every host. A fabric that
//    is not connected keeps several roots.
// Group names: a block with several leaves takes its hosts' scalable-unit
// location when all agree ("su-001"), a ToR block takes its leaf's id; the
// next level takes the hosts' pod location ("pod-01"), the one above the
// zone; otherwise the id of the group's first switch. A single root without
// such a location takes the fabric's name. Names are made safe for every
// target (lower-case letters, digits, '-', '.', at most 63 characters) and
// unique (suffixes "-2", "-3", ...).

#include "core/model/fabric.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace Railyard {

/// The export targets.
enum class SchedulerFormat {
    SlurmTree,  ///< Slurm topology.conf for TopologyPlugin=topology/tree
    SlurmBlock, ///< Slurm topology.conf for TopologyPlugin=topology/block (Slurm 23.11+)
    SlurmYaml,  ///< Slurm topology.yaml (Slurm 25.05+): a tree and a block topology
    Kueue,      ///< Kueue Topology plus Node label documents (multi-document YAML)
    Volcano,    ///< Volcano HyperNode documents (multi-document YAML)
};

/// "slurm-tree", "slurm-block", "slurm-yaml", "kueue", "volcano".
const char *schedulerFormatName(SchedulerFormat format);
/// Parses a slug; std::nullopt for anything unknown.
std::optional<SchedulerFormat> schedulerFormatFromName(const std::string &name);
/// Every format, in the order of the enum.
std::vector<SchedulerFormat> schedulerFormats();
/// The slugs joined: "slurm-tree, slurm-block, slurm-yaml, kueue, volcano".
std::string schedulerFormatNames();

/// Why a fabric cannot be exported (hosts without a switch, host names a
/// hostlist cannot hold, a bad option). The message names the element or option.
class ExportError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct ExportOptions
{
    /// Kubernetes label prefix (a DNS subdomain): labels are "<prefix>/block", ...
    std::string labelPrefix = "railyard.io";
    /// Slurm block: base block size in nodes; 0 = the smallest network block.
    /// Every block must hold at least this many nodes.
    int blockSize = 0;
};

/// True when `prefix` is a valid Kubernetes label prefix: a DNS subdomain of
/// at most 253 characters (lower-case alphanumerics, '-', '.').
bool isValidLabelPrefix(const std::string &prefix);

/// One group of the derived hierarchy.
struct TopologyGroup
{
    std::string name;
    int level = 1;                      ///< 1 = network block; a parent is one level above its children
    std::vector<std::int32_t> hosts;    ///< every host under the group (host indices), ascending
    std::vector<std::int32_t> children; ///< indices into TopologyHierarchy::groups (upper levels only)
    std::vector<std::int32_t> switches; ///< the group's switches at its level, ascending
    std::int32_t parent = -1;           ///< index into groups, -1 for a root
};

/// The hierarchy behind every export: blocks first (level 1), then each level
/// above, roots last. Deterministic for a given fabric.
struct TopologyHierarchy
{
    std::vector<TopologyGroup> groups;
    std::vector<std::int32_t> roots; ///< one for a connected fabric
    int levels = 0;                  ///< highest level present
    /// Groups of one level, in order.
    std::vector<std::int32_t> groupsAt(int level) const;
};

/// Derives the hierarchy (see the file comment). Throws ExportError for a
/// fabric without hosts or with a host that has no link to a switch.
/// O(L log L) over links.
TopologyHierarchy deriveHierarchy(const Fabric &fabric);

/// Writes the fabric's hierarchy in `format`. Output is UTF-8 text ending in a
/// newline, deterministic, with a header comment. Throws ExportError (see
/// deriveHierarchy; also for a host name a hostlist cannot hold, an invalid
/// label prefix or a block size larger than a block).
std::string exportTopology(const Fabric &fabric, SchedulerFormat format, const ExportOptions &options = {});

} // namespace Railyard
