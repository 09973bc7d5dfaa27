#include "core/export/schedulerexport.h"

#include "core/export/hostlist.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <sstream>

namespace Railyard {

namespace {

struct FormatInfo
{
    SchedulerFormat format;
    const char *slug;
};

const FormatInfo kFormats[] = {
    {SchedulerFormat::SlurmTree, "slurm-tree"}, {SchedulerFormat::SlurmBlock, "slurm-block"},
    {SchedulerFormat::SlurmYaml, "slurm-yaml"}, {SchedulerFormat::Kueue, "kueue"},
    {SchedulerFormat::Volcano, "volcano"},
};

constexpr size_t kMaxNameLength = 63; // Kubernetes label values; Slurm allows 64

bool isAlnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/// Trims characters that may not start or end a name, then cuts to maxLength.
std::string trimmedName(std::string text, size_t maxLength)
{
    if (text.size() > maxLength)
        text.resize(maxLength);
    while (!text.empty() && !isAlnum(text.back()))
        text.pop_back();
    size_t first = 0;
    while (first < text.size() && !isAlnum(text[first]))
        ++first;
    return text.substr(first);
}

/// A group name every target accepts: DNS label characters (a-z, 0-9, '-',
/// '.'), alphanumeric at both ends, at most 63 characters.
std::string safeName(const std::string &text)
{
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        if (c >= 'A' && c <= 'Z')
            out += static_cast<char>(c - 'A' + 'a');
        else if (isAlnum(c) || c == '-' || c == '.')
            out += c;
        else
            out += '-';
    }
    return trimmedName(out, kMaxNameLength);
}

/// A Kubernetes label value: [A-Za-z0-9._-], alphanumeric at both ends, <= 63.
std::string labelValue(const std::string &text)
{
    std::string out;
    for (char c : text)
        out += isAlnum(c) || c == '-' || c == '_' || c == '.' ? c : '-';
    return trimmedName(out, kMaxNameLength);
}

/// A YAML scalar: plain when it cannot be mistaken for anything but a string,
/// else double-quoted with escapes.
std::string yamlScalar(const std::string &text)
{
    static const std::set<std::string> reserved = {"y", "n", "yes", "no", "true", "false", "on", "off", "null"};
    bool plain = !text.empty() && ((text[0] >= 'a' && text[0] <= 'z') || (text[0] >= 'A' && text[0] <= 'Z'));
    for (char c : text)
        plain = plain && (isAlnum(c) || c == '-' || c == '_' || c == '.' || c == '/');
    if (plain) {
        std::string lower;
        for (char c : text)
            lower += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        plain = !reserved.contains(lower);
    }
    if (plain)
        return text;
    std::string out = "\"";
    for (unsigned char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20 || c == 0x7f) {
            static const char hex[] = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c); // UTF-8 passes through
        }
    }
    return out + '"';
}

/// Text safe inside a '#' comment line.
std::string commentText(const std::string &text)
{
    std::string out;
    for (unsigned char c : text)
        out += c < 0x20 || c == 0x7f ? ' ' : static_cast<char>(c);
    return out;
}

/// Union-find over frontier positions.
struct DisjointSets
{
    std::vector<size_t> parent;
    explicit DisjointSets(size_t n)
        : parent(n)
    {
        std::iota(parent.begin(), parent.end(), size_t{0});
    }
    size_t find(size_t x)
    {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    }
    void unite(size_t a, size_t b)
    {
        a = find(a);
        b = find(b);
        if (a != b)
            parent[std::max(a, b)] = std::min(a, b);
    }
};

/// The value of `field` shared by every host of the group, or "" if they differ.
std::string sharedLocation(const Fabric &fabric, const TopologyGroup &group, std::string Location::*field)
{
    std::string value;
    for (std::int32_t h : group.hosts) {
        const std::string &v = fabric.host(h).location.*field;
        if (v.empty() || (!value.empty() && v != value))
            return {};
        value = v;
    }
    return value;
}

void nameGroups(const Fabric &fabric, TopologyHierarchy &h)
{
    // Location-based candidates, kept only where unique within their level.
    std::vector<std::string> candidate(h.groups.size());
    std::map<std::pair<int, std::string>, int> uses;
    for (size_t g = 0; g < h.groups.size(); ++g) {
        const TopologyGroup &group = h.groups[g];
        std::string name;
        if (group.level == 1 && group.switches.size() == 1)
            name = fabric.switchAt(group.switches.front()).id; // ToR: the leaf itself
        else if (group.level == 1)
            name = sharedLocation(fabric, group, &Location::su);
        else if (group.level == 2)
            name = sharedLocation(fabric, group, &Location::pod);
        else if (group.level == 3)
            name = sharedLocation(fabric, group, &Location::zone);
        candidate[g] = safeName(name);
        if (!candidate[g].empty())
            ++uses[{group.level, candidate[g]}];
    }
    std::set<std::string> taken;
    for (size_t g = 0; g < h.groups.size(); ++g) {
        TopologyGroup &group = h.groups[g];
        std::string name = candidate[g];
        if (!name.empty() && uses[{group.level, name}] > 1)
            name.clear();
        if (name.empty() && h.roots.size() == 1 && h.roots.front() == static_cast<std::int32_t>(g))
            name = safeName(fabric.name);
        if (name.empty() && !group.switches.empty())
            name = safeName(fabric.switchAt(group.switches.front()).id);
        if (name.empty())
            name = "group";
        std::string unique = name;
        for (int n = 2; taken.contains(unique); ++n) {
            const std::string suffix = "-" + std::to_string(n);
            unique = trimmedName(name, kMaxNameLength - suffix.size()) + suffix;
        }
        taken.insert(unique);
        group.name = unique;
    }
}

/// Blocks in depth-first order from the roots, so that blocks under one
/// parent are consecutive (Slurm's block plugin aggregates consecutive blocks).
std::vector<std::int32_t> blocksInTreeOrder(const TopologyHierarchy &h)
{
    std::vector<std::int32_t> order;
    std::function<void(std::int32_t)> visit = [&](std::int32_t g) {
        const TopologyGroup &group = h.groups[static_cast<size_t>(g)];
        if (group.level == 1)
            order.push_back(g);
        for (std::int32_t c : group.children)
            visit(c);
    };
    for (std::int32_t r : h.roots)
        visit(r);
    return order;
}

std::string hostlistOf(const Fabric &fabric, const std::vector<std::int32_t> &hosts)
{
    std::vector<std::string> names;
    names.reserve(hosts.size());
    for (std::int32_t h : hosts)
        names.push_back(fabric.host(h).id);
    try {
        return compressHostlist(std::move(names));
    } catch (const HostlistError &error) {
        throw ExportError(std::string(error.what()) + " (Slurm node names are written as hostlists)");
    }
}

std::string childList(const TopologyHierarchy &h, const TopologyGroup &group)
{
    std::vector<std::string> names;
    for (std::int32_t c : group.children)
        names.push_back(h.groups[static_cast<size_t>(c)].name);
    return compressHostlist(std::move(names)); // group names are always hostlist-safe
}

/// Slurm BlockSizes: the base, then doublings up to the host count.
std::vector<int> blockSizes(const Fabric &fabric, const TopologyHierarchy &h, const ExportOptions &options)
{
    std::int32_t smallest = -1;
    for (std::int32_t g : h.groupsAt(1)) {
        const TopologyGroup &block = h.groups[static_cast<size_t>(g)];
        if (smallest < 0 || block.hosts.size() < h.groups[static_cast<size_t>(smallest)].hosts.size())
            smallest = g;
    }
    const TopologyGroup &small = h.groups[static_cast<size_t>(smallest)];
    const int smallestSize = static_cast<int>(small.hosts.size());
    if (options.blockSize < 0)
        throw ExportError("block size: must be positive, got " + std::to_string(options.blockSize));
    if (options.blockSize > smallestSize)
        throw ExportError("block size: " + std::to_string(options.blockSize) + " nodes exceeds block '" + small.name
                          + "' with " + std::to_string(smallestSize)
                          + " nodes; every Slurm block needs at least the base block size");
    const int base = options.blockSize > 0 ? options.blockSize : smallestSize;
    std::vector<int> sizes{base};
    for (long long s = 2LL * base; s <= fabric.hostCount(); s *= 2)
        sizes.push_back(static_cast<int>(s));
    return sizes;
}

std::string header(const Fabric &fabric, const TopologyHierarchy &h, const std::string &what)
{
    std::ostringstream out;
    out << "# " << what << "\n";
    out << "# Generated by Railyard from fabric \"" << commentText(fabric.name) << "\": " << fabric.hostCount()
        << " hosts in " << h.groupsAt(1).size() << " network blocks (hosts sharing the same leaf switches), "
        << h.levels << (h.levels == 1 ? " level" : " levels") << ".\n";
    if (h.roots.size() > 1)
        out << "# WARNING: the fabric is not connected: " << h.roots.size()
            << " separate trees; no job can span them.\n";
    return out.str();
}

std::string exportSlurmTree(const Fabric &fabric, const TopologyHierarchy &h)
{
    std::ostringstream out;
    out << header(fabric, h, "Slurm topology.conf for TopologyPlugin=topology/tree (needs select/cons_tres).");
    for (const TopologyGroup &group : h.groups) {
        if (group.level == 1)
            out << "SwitchName=" << group.name << " Nodes=" << hostlistOf(fabric, group.hosts) << "\n";
    }
    for (int level = 2; level <= h.levels; ++level)
        for (std::int32_t g : h.groupsAt(level)) {
            const TopologyGroup &group = h.groups[static_cast<size_t>(g)];
            out << "SwitchName=" << group.name << " Switches=" << childList(h, group) << "\n";
        }
    return out.str();
}

std::string joinSizes(const std::vector<int> &sizes, const char *separator)
{
    std::string text;
    for (int s : sizes)
        text += (text.empty() ? "" : separator) + std::to_string(s);
    return text;
}

std::string exportSlurmBlock(const Fabric &fabric, const TopologyHierarchy &h, const ExportOptions &options)
{
    const std::vector<int> sizes = blockSizes(fabric, h, options);
    std::ostringstream out;
    out << header(fabric, h, "Slurm topology.conf for TopologyPlugin=topology/block (Slurm 23.11 or later).");
    out << "# Blocks are listed parent by parent: Slurm aggregates consecutive blocks into the larger sizes.\n";
    for (std::int32_t g : blocksInTreeOrder(h)) {
        const TopologyGroup &group = h.groups[static_cast<size_t>(g)];
        out << "BlockName=" << group.name << " Nodes=" << hostlistOf(fabric, group.hosts) << "\n";
    }
    out << "BlockSizes=" << joinSizes(sizes, ",") << "\n";
    return out.str();
}

std::string exportSlurmYaml(const Fabric &fabric, const TopologyHierarchy &h, const ExportOptions &options)
{
    const std::vector<int> sizes = blockSizes(fabric, h, options);
    const std::string base = safeName(fabric.name).empty() ? std::string("fabric") : safeName(fabric.name);
    std::ostringstream out;
    out << header(fabric, h, "Slurm topology.yaml (Slurm 25.05 or later; topology.conf is ignored when it exists).");
    out << "# Two topologies: a tree (the cluster default) and blocks; partitions choose one by name.\n";
    out << "- topology: " << yamlScalar(base + "-tree") << "\n";
    out << "  cluster_default: true\n";
    out << "  tree:\n";
    out << "    switches:\n";
    for (int level = 1; level <= h.levels; ++level)
        for (std::int32_t g : h.groupsAt(level)) {
            const TopologyGroup &group = h.groups[static_cast<size_t>(g)];
            out << "      - switch: " << yamlScalar(group.name) << "\n";
            if (level == 1)
                out << "        nodes: " << yamlScalar(hostlistOf(fabric, group.hosts)) << "\n";
            else
                out << "        children: " << yamlScalar(childList(h, group)) << "\n";
        }
    out << "- topology: " << yamlScalar(base + "-block") << "\n";
    out << "  cluster_default: false\n";
    out << "  block:\n";
    out << "    block_sizes: [" << joinSizes(sizes, ", ") << "]\n";
    out << "    blocks:\n";
    for (std::int32_t g : blocksInTreeOrder(h)) {
        const TopologyGroup &group = h.groups[static_cast<size_t>(g)];
        out << "      - block: " << yamlScalar(group.name) << "\n";
        out << "        nodes: " << yamlScalar(hostlistOf(fabric, group.hosts)) << "\n";
    }
    return out.str();
}

/// Label key suffix of a hierarchy level: 1 subblock, 2 block, 3 superblock.
std::string levelLabel(int level)
{
    switch (level) {
    case 1: return "subblock";
    case 2: return "block";
    case 3: return "superblock";
    default: return "level-" + std::to_string(level);
    }
}

std::string exportKueue(const Fabric &fabric, const TopologyHierarchy &h, const ExportOptions &options)
{
    // The root is one domain holding everything: labelling it adds nothing once
    // a level sits between it and the blocks.
    const int labelled = h.levels >= 3 ? h.levels - 1 : h.levels;
    const bool racks = std::all_of(fabric.hosts().begin(), fabric.hosts().end(),
                                   [](const Host &host) { return !labelValue(host.location.rack).empty(); });
    const std::string &prefix = options.labelPrefix;
    const std::string name = safeName(fabric.name).empty() ? std::string("fabric") : safeName(fabric.name);

    // Each host's ancestor per level; a host whose tree stops below a level
    // (a disconnected part) takes its topmost group there.
    std::vector<std::vector<std::int32_t>> ancestor(static_cast<size_t>(fabric.hostCount()),
                                                    std::vector<std::int32_t>(static_cast<size_t>(labelled) + 1, -1));
    for (std::int32_t g : h.groupsAt(1))
        for (std::int32_t host : h.groups[static_cast<size_t>(g)].hosts) {
            std::int32_t at = g;
            for (int level = 1; level <= labelled; ++level) {
                ancestor[static_cast<size_t>(host)][static_cast<size_t>(level)] = at;
                const std::int32_t up = h.groups[static_cast<size_t>(at)].parent;
                if (up >= 0)
                    at = up;
            }
        }

    std::ostringstream out;
    out << header(fabric, h, "Kueue topology-aware scheduling: a Topology and the node labels it reads.");
    out << "# Apply with: kubectl apply --server-side -f FILE  (the Node documents only add labels;\n"
        << "# apply them once the nodes have joined). Point a ResourceFlavor at the Topology with\n"
        << "# spec.topologyName: " << name << "\n";
    out << "apiVersion: kueue.x-k8s.io/v1beta1\n";
    out << "kind: Topology\n";
    out << "metadata:\n";
    out << "  name: " << yamlScalar(name) << "\n";
    out << "spec:\n";
    out << "  levels:\n";
    for (int level = labelled; level >= 1; --level)
        out << "    - nodeLabel: " << yamlScalar(prefix + "/" + levelLabel(level)) << "\n";
    if (racks)
        out << "    - nodeLabel: " << yamlScalar(prefix + "/rack") << "\n";
    out << "    - nodeLabel: kubernetes.io/hostname\n";
    for (std::int32_t host = 0; host < fabric.hostCount(); ++host) {
        out << "---\n";
        out << "apiVersion: v1\n";
        out << "kind: Node\n";
        out << "metadata:\n";
        out << "  name: " << yamlScalar(fabric.host(host).id) << "\n";
        out << "  labels:\n";
        for (int level = labelled; level >= 1; --level) {
            const std::int32_t g = ancestor[static_cast<size_t>(host)][static_cast<size_t>(level)];
            out << "    " << yamlScalar(prefix + "/" + levelLabel(level)) << ": "
                << yamlScalar(h.groups[static_cast<size_t>(g)].name) << "\n";
        }
        if (racks)
            out << "    " << yamlScalar(prefix + "/rack") << ": "
                << yamlScalar(labelValue(fabric.host(host).location.rack)) << "\n";
    }
    return out.str();
}

std::string exportVolcano(const Fabric &fabric, const TopologyHierarchy &h)
{
    std::ostringstream out;
    out << header(fabric, h, "Volcano HyperNodes: tier 1 per network block, one tier per level above.");
    out << "# Apply with: kubectl apply -f FILE\n";
    bool first = true;
    for (int level = 1; level <= h.levels; ++level)
        for (std::int32_t g : h.groupsAt(level)) {
            const TopologyGroup &group = h.groups[static_cast<size_t>(g)];
            if (!first)
                out << "---\n";
            first = false;
            out << "apiVersion: topology.volcano.sh/v1alpha1\n";
            out << "kind: HyperNode\n";
            out << "metadata:\n";
            out << "  name: " << yamlScalar(group.name) << "\n";
            out << "spec:\n";
            out << "  tier: " << level << "\n";
            out << "  members:\n";
            // exactMatch rather than regexMatch: exact for any name, and a
            // regular expression for zero-padded ranges is easy to get wrong.
            if (level == 1) {
                for (std::int32_t host : group.hosts)
                    out << "    - type: Node\n      selector:\n        exactMatch:\n          name: "
                        << yamlScalar(fabric.host(host).id) << "\n";
            } else {
                for (std::int32_t c : group.children)
                    out << "    - type: HyperNode\n      selector:\n        exactMatch:\n          name: "
                        << yamlScalar(h.groups[static_cast<size_t>(c)].name) << "\n";
            }
        }
    return out.str();
}

} // namespace

const char *schedulerFormatName(SchedulerFormat format)
{
    for (const FormatInfo &info : kFormats)
        if (info.format == format)
            return info.slug;
    return "";
}

std::optional<SchedulerFormat> schedulerFormatFromName(const std::string &name)
{
    for (const FormatInfo &info : kFormats)
        if (name == info.slug)
            return info.format;
    return std::nullopt;
}

std::vector<SchedulerFormat> schedulerFormats()
{
    std::vector<SchedulerFormat> formats;
    for (const FormatInfo &info : kFormats)
        formats.push_back(info.format);
    return formats;
}

std::string schedulerFormatNames()
{
    std::string text;
    for (const FormatInfo &info : kFormats)
        text += (text.empty() ? "" : ", ") + std::string(info.slug);
    return text;
}

bool isValidLabelPrefix(const std::string &prefix)
{
    if (prefix.empty() || prefix.size() > 253)
        return false;
    size_t start = 0;
    while (start <= prefix.size()) {
        size_t dot = prefix.find('.', start);
        if (dot == std::string::npos)
            dot = prefix.size();
        const std::string part = prefix.substr(start, dot - start);
        if (part.empty() || part.size() > 63 || part.front() == '-' || part.back() == '-')
            return false;
        for (char c : part)
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
                return false;
        start = dot + 1;
    }
    return true;
}

std::vector<std::int32_t> TopologyHierarchy::groupsAt(int level) const
{
    std::vector<std::int32_t> result;
    for (size_t g = 0; g < groups.size(); ++g)
        if (groups[g].level == level)
            result.push_back(static_cast<std::int32_t>(g));
    return result;
}

TopologyHierarchy deriveHierarchy(const Fabric &fabric)
{
    if (fabric.hostCount() == 0)
        throw ExportError("the fabric has no hosts to export");
    fabric.prepare();

    // Hop distance of every switch from the nearest host (-1: unreachable).
    std::vector<int> distance(static_cast<size_t>(fabric.switchCount()), -1);
    std::deque<std::int32_t> queue;
    std::vector<std::vector<std::int32_t>> leavesOf(static_cast<size_t>(fabric.hostCount()));
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        auto &leaves = leavesOf[static_cast<size_t>(h)];
        for (std::int32_t l : fabric.incidentLinks(fabric.hostNode(h))) {
            const NodeIndex other = fabric.otherEnd(l, fabric.hostNode(h));
            if (fabric.isSwitch(other))
                leaves.push_back(fabric.switchIndexOf(other));
        }
        std::sort(leaves.begin(), leaves.end());
        leaves.erase(std::unique(leaves.begin(), leaves.end()), leaves.end());
        if (leaves.empty())
            throw ExportError("host '" + fabric.host(h).id
                              + "' has no link to a switch; schedulers need every host under a switch");
        for (std::int32_t s : leaves)
            if (distance[static_cast<size_t>(s)] < 0) {
                distance[static_cast<size_t>(s)] = 1;
                queue.push_back(s);
            }
    }
    while (!queue.empty()) {
        const std::int32_t s = queue.front();
        queue.pop_front();
        for (std::int32_t l : fabric.incidentLinks(fabric.switchNode(s))) {
            const NodeIndex other = fabric.otherEnd(l, fabric.switchNode(s));
            if (!fabric.isSwitch(other))
                continue;
            int &d = distance[static_cast<size_t>(fabric.switchIndexOf(other))];
            if (d < 0) {
                d = distance[static_cast<size_t>(s)] + 1;
                queue.push_back(fabric.switchIndexOf(other));
            }
        }
    }

    // Network blocks: hosts with the same leaf set, ordered by their first host.
    TopologyHierarchy h;
    std::map<std::vector<std::int32_t>, std::int32_t> blockOf;
    for (std::int32_t host = 0; host < fabric.hostCount(); ++host) {
        const auto &leaves = leavesOf[static_cast<size_t>(host)];
        auto [it, inserted] = blockOf.try_emplace(leaves, static_cast<std::int32_t>(h.groups.size()));
        if (inserted) {
            TopologyGroup block;
            block.level = 1;
            block.switches = leaves;
            h.groups.push_back(std::move(block));
        }
        h.groups[static_cast<size_t>(it->second)].hosts.push_back(host);
    }

    auto upward = [&](const std::vector<std::int32_t> &switches) {
        std::vector<std::int32_t> up;
        for (std::int32_t s : switches)
            for (std::int32_t l : fabric.incidentLinks(fabric.switchNode(s))) {
                const NodeIndex other = fabric.otherEnd(l, fabric.switchNode(s));
                if (fabric.isSwitch(other)
                    && distance[static_cast<size_t>(fabric.switchIndexOf(other))] > distance[static_cast<size_t>(s)])
                    up.push_back(fabric.switchIndexOf(other));
            }
        std::sort(up.begin(), up.end());
        up.erase(std::unique(up.begin(), up.end()), up.end());
        return up;
    };

    std::vector<std::int32_t> frontier(h.groups.size());
    std::iota(frontier.begin(), frontier.end(), 0);
    std::vector<std::vector<std::int32_t>> reach; // per frontier position: switches to climb from
    for (std::int32_t g : frontier)
        reach.push_back(h.groups[static_cast<size_t>(g)].switches);
    int level = 1;
    while (frontier.size() > 1) {
        std::vector<std::vector<std::int32_t>> up;
        bool any = false;
        for (const auto &switches : reach) {
            up.push_back(upward(switches));
            any = any || !up.back().empty();
        }
        if (!any)
            break;
        DisjointSets sets(frontier.size());
        std::map<std::int32_t, size_t> firstUser;
        for (size_t i = 0; i < frontier.size(); ++i)
            for (std::int32_t s : up[i]) {
                auto [it, inserted] = firstUser.try_emplace(s, i);
                if (!inserted)
                    sets.unite(it->second, i);
            }
        std::map<size_t, std::vector<size_t>> components; // keyed by smallest member: frontier order
        for (size_t i = 0; i < frontier.size(); ++i)
            components[sets.find(i)].push_back(i);
        if (components.size() == frontier.size()) {
            // Nothing merges at this tier: climb without adding a level.
            for (size_t i = 0; i < frontier.size(); ++i)
                if (!up[i].empty())
                    reach[i] = std::move(up[i]);
            continue;
        }
        ++level;
        std::vector<std::int32_t> nextFrontier;
        std::vector<std::vector<std::int32_t>> nextReach;
        for (const auto &[rootIndex, members] : components) {
            if (members.size() == 1 && up[members.front()].empty()) {
                nextFrontier.push_back(frontier[members.front()]); // a top of its own
                nextReach.push_back(std::move(reach[members.front()]));
                continue;
            }
            TopologyGroup parent;
            parent.level = level;
            const auto index = static_cast<std::int32_t>(h.groups.size());
            for (size_t m : members) {
                const std::int32_t child = frontier[m];
                parent.children.push_back(child);
                h.groups[static_cast<size_t>(child)].parent = index;
                const auto &hosts = h.groups[static_cast<size_t>(child)].hosts;
                parent.hosts.insert(parent.hosts.end(), hosts.begin(), hosts.end());
                parent.switches.insert(parent.switches.end(), up[m].begin(), up[m].end());
            }
            std::sort(parent.hosts.begin(), parent.hosts.end());
            std::sort(parent.switches.begin(), parent.switches.end());
            parent.switches.erase(std::unique(parent.switches.begin(), parent.switches.end()), parent.switches.end());
            nextReach.push_back(parent.switches);
            nextFrontier.push_back(index);
            h.groups.push_back(std::move(parent));
        }
        frontier = std::move(nextFrontier);
        reach = std::move(nextReach);
    }
    h.roots = frontier;
    h.levels = level;
    nameGroups(fabric, h);
    return h;
}

std::string exportTopology(const Fabric &fabric, SchedulerFormat format, const ExportOptions &options)
{
    if (format == SchedulerFormat::Kueue && !isValidLabelPrefix(options.labelPrefix))
        throw ExportError("label prefix: '" + options.labelPrefix
                          + "' is not a DNS subdomain (lower-case letters, digits, '-' and '.', at most 253 "
                            "characters), e.g. railyard.io");
    const TopologyHierarchy h = deriveHierarchy(fabric);
    switch (format) {
    case SchedulerFormat::SlurmTree: return exportSlurmTree(fabric, h);
    case SchedulerFormat::SlurmBlock: return exportSlurmBlock(fabric, h, options);
    case SchedulerFormat::SlurmYaml: return exportSlurmYaml(fabric, h, options);
    case SchedulerFormat::Kueue: return exportKueue(fabric, h, options);
    case SchedulerFormat::Volcano: return exportVolcano(fabric, h);
    }
    throw ExportError("unknown export format");
}

} // namespace Railyard
