#include "core/intents/intentgrouping.h"

#include "core/export/hostlist.h"
#include "core/intents/selector.h"

#include <algorithm>
#include <set>

namespace Railyard {

namespace {

std::string compressed(const std::vector<std::string> &names)
{
    try {
        return compressHostlist(names);
    } catch (const HostlistError &) {
        std::string out;
        for (const std::string &n : names)
            out += (out.empty() ? "" : ",") + n;
        return out;
    }
}

} // namespace

IntentGrouping::IntentGrouping(const Fabric &fabric, const std::vector<const Intent *> &intents)
    : m_fabric(&fabric)
{
    // Unique compiled selectors, in first-seen order.
    std::vector<Selector> selectors;
    for (const Intent *intent : intents) {
        for (const auto *list : {&intent->allow, &intent->deny}) {
            for (const IntentRule &rule : *list) {
                for (const std::string *pattern : {&rule.from, &rule.to}) {
                    if (m_selectorIndex.count(*pattern))
                        continue;
                    auto compiled = Selector::compile(*pattern, nullptr);
                    if (!compiled || compiled->isPublic())
                        continue;
                    m_selectorIndex.emplace(*pattern, int(selectors.size()));
                    selectors.push_back(std::move(*compiled));
                }
            }
        }
    }
    const size_t selectorCount = selectors.size();
    m_words = std::max<size_t>(1, (selectorCount + 63) / 64);

    // Rack units: hosts sharing a location path with a rack; a rackless host alone.
    const std::int32_t hostCount = fabric.hostCount();
    std::unordered_map<std::string, int> unitOfPath;
    std::vector<int> unitOfHost(static_cast<size_t>(hostCount));
    std::vector<std::int32_t> unitFirstHost;
    std::vector<std::string> unitPath;
    for (std::int32_t h = 0; h < hostCount; ++h) {
        const Host &host = fabric.host(h);
        std::string path = Selector::locationPath(host.location);
        if (host.location.rack.empty()) {
            unitOfHost[size_t(h)] = int(unitFirstHost.size());
            unitFirstHost.push_back(h);
            unitPath.push_back(std::move(path));
            continue;
        }
        const auto [it, inserted] = unitOfPath.emplace(path, int(unitFirstHost.size()));
        if (inserted) {
            unitFirstHost.push_back(h);
            unitPath.push_back(std::move(path));
        }
        unitOfHost[size_t(h)] = it->second;
    }
    // Selector bits per unit from its rack name and path: once per rack.
    std::vector<std::uint64_t> unitBits(unitFirstHost.size() * m_words, 0);
    for (size_t u = 0; u < unitFirstHost.size(); ++u) {
        const std::string &rack = fabric.host(unitFirstHost[u]).location.rack;
        for (size_t s = 0; s < selectorCount; ++s) {
            if ((!rack.empty() && selectors[s].matches(rack)) || selectors[s].matches(unitPath[u]))
                unitBits[u * m_words + s / 64] |= std::uint64_t(1) << (s % 64);
        }
    }
    // Per host: the unit's bits plus its id; group by (unit, bits).
    std::unordered_map<std::string, int> groupOfKey;
    std::vector<std::uint64_t> bits(m_words);
    m_groupOfHost.resize(size_t(hostCount));
    for (std::int32_t h = 0; h < hostCount; ++h) {
        const int u = unitOfHost[size_t(h)];
        std::copy_n(unitBits.begin() + std::ptrdiff_t(size_t(u) * m_words), m_words, bits.begin());
        const std::string &id = fabric.host(h).id;
        for (size_t s = 0; s < selectorCount; ++s) {
            if (!(bits[s / 64] >> (s % 64) & 1u) && selectors[s].matches(id))
                bits[s / 64] |= std::uint64_t(1) << (s % 64);
        }
        std::string key(reinterpret_cast<const char *>(&u), sizeof u);
        key.append(reinterpret_cast<const char *>(bits.data()), bits.size() * sizeof(std::uint64_t));
        const auto [it, inserted] = groupOfKey.emplace(std::move(key), int(m_groups.size()));
        if (inserted) {
            HostGroup group;
            group.rack = fabric.host(h).location.rack;
            group.path = unitPath[size_t(u)];
            m_groups.push_back(std::move(group));
            m_groupBits.insert(m_groupBits.end(), bits.begin(), bits.end());
        }
        HostGroup &group = m_groups[size_t(it->second)];
        group.hosts.push_back(h);
        group.gpus += fabric.host(h).gpus;
        m_groupOfHost[size_t(h)] = it->second;
    }

    // Labels: the rack name, its path when two racks share a name, plus the
    // hosts when the rack is split.
    std::unordered_map<std::string, std::set<std::string>> pathsOfRack;
    std::unordered_map<std::string, int> groupsOfPath;
    for (const HostGroup &g : m_groups) {
        if (!g.rack.empty()) {
            pathsOfRack[g.rack].insert(g.path);
            ++groupsOfPath[g.path];
        }
    }
    for (HostGroup &g : m_groups) {
        if (g.rack.empty()) {
            g.label = fabric.host(g.hosts.front()).id;
            continue;
        }
        g.label = pathsOfRack[g.rack].size() > 1 ? g.path : g.rack;
        if (groupsOfPath[g.path] > 1) {
            std::vector<std::string> ids;
            for (const std::int32_t h : g.hosts)
                ids.push_back(fabric.host(h).id);
            g.label += ":" + compressed(ids);
        }
    }

    m_selectorHosts.assign(selectorCount, 0);
    m_selectorGroups.assign(selectorCount, 0);
    for (int g = 0; g < groupCount(); ++g) {
        for (size_t s = 0; s < selectorCount; ++s) {
            if (groupMatches(g, int(s))) {
                m_selectorHosts[s] += static_cast<long long>(m_groups[size_t(g)].hosts.size());
                ++m_selectorGroups[s];
            }
        }
    }
}

int IntentGrouping::selectorIndex(const std::string &pattern) const
{
    const auto it = m_selectorIndex.find(pattern);
    return it == m_selectorIndex.end() ? -1 : it->second;
}

std::string IntentGrouping::describeGroups(std::vector<int> groups, size_t limit) const
{
    std::sort(groups.begin(), groups.end());
    groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
    std::vector<std::string> labels;
    for (const int g : groups)
        labels.push_back(g >= groupCount() ? std::string(publicSelector) : m_groups[size_t(g)].label);
    const std::string all = compressed(labels);
    const std::vector<std::string> terms = [&all]() {
        try {
            return splitHostlist(all);
        } catch (const HostlistError &) {
            return std::vector<std::string>{all};
        }
    }();
    if (terms.size() <= limit)
        return all;
    std::string out;
    for (size_t i = 0; i < limit; ++i)
        out += (i ? "," : "") + terms[i];
    return out + ", … (" + std::to_string(terms.size() - limit) + " more)";
}

} // namespace Railyard
