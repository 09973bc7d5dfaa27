#pragma once

// The hosts of a fabric grouped for evaluating intents: a group is the hosts
// of one rack that every selector of the intents treats alike (in practice
// the whole rack; a rack is split only when a selector names some of its
// hosts by id). Hosts without a rack are a group each. Selectors are
// evaluated once per rack (rack name, location path) and once per host (id),
// never per pair of hosts.

#include "core/intents/intent.h"
#include "core/model/fabric.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace Railyard {

/// One group of hosts (see the file comment).
struct HostGroup
{
    std::string
        label; ///< rack name (or path when rack names repeat), "rack:gpu[1-2]" for a split rack, host id when rackless
    std::string rack;                ///< the hosts' rack name ("" when they have none)
    std::string path;                ///< "zone/pod/su/rack" of the hosts
    std::vector<std::int32_t> hosts; ///< host indices, ascending
    long long gpus = 0;
};

/// Groups for a set of intents on one fabric. Holds a reference to the
/// fabric, which must outlive it. Building is O(selectors × (racks + hosts)).
class IntentGrouping
{
public:
    /// Groups `fabric`'s hosts by the selectors of every rule of `intents`.
    /// Selectors that do not compile are ignored (the reader rejects them).
    IntentGrouping(const Fabric &fabric, const std::vector<const Intent *> &intents);

    const Fabric &fabric() const { return *m_fabric; }
    int groupCount() const { return int(m_groups.size()); }
    const HostGroup &group(int g) const { return m_groups[size_t(g)]; }
    const std::vector<HostGroup> &groups() const { return m_groups; }
    /// The group of a host.
    int groupOfHost(std::int32_t host) const { return m_groupOfHost[size_t(host)]; }

    /// Index of a selector pattern among those grouped; -1 when unknown or "@public".
    int selectorIndex(const std::string &pattern) const;
    int selectorCount() const { return int(m_selectorHosts.size()); }
    /// Whether the hosts of group g match selector s.
    bool groupMatches(int g, int s) const
    {
        return (m_groupBits[size_t(g) * m_words + size_t(s) / 64] >> (s % 64)) & 1u;
    }
    /// Hosts matching selector s.
    long long selectorHostCount(int s) const { return m_selectorHosts[size_t(s)]; }
    /// Groups matching selector s.
    int selectorGroupCount(int s) const { return m_selectorGroups[size_t(s)]; }

    /// Labels of groups, compressed into hostlist ranges where they number
    /// ("rack-[001-032]"), at most `limit` terms then ", … (N more)".
    std::string describeGroups(std::vector<int> groups, size_t limit = 8) const;

private:
    const Fabric *m_fabric;
    std::vector<HostGroup> m_groups;
    std::vector<int> m_groupOfHost;
    std::unordered_map<std::string, int> m_selectorIndex;
    size_t m_words = 0;
    std::vector<std::uint64_t> m_groupBits; ///< groupCount × m_words
    std::vector<long long> m_selectorHosts;
    std::vector<int> m_selectorGroups;
};

} // namespace Railyard
