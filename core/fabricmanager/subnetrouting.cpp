#include "core/fabricmanager/subnetrouting.h"

#include "core/analysis/report.h"
#include "core/common/inputfile.h"
#include "core/placement/jobevaluation.h"
#include "core/traffic/routing.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <thread>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <random>
#include <stdexcept>
#include <unordered_map>

namespace Railyard {

namespace {

constexpr size_t maxNamedProblems = 50;

} // namespace

SubnetRouting::SubnetRouting(const Fabric &fabric, const LftDump &dump)
    : m_fabric(fabric)
    , m_ids(InfinibandIds::of(fabric))
{
    fabric.prepare();
    m_cas = m_ids.cas.size();
    const auto switches = size_t(fabric.switchCount());
    m_nextPort.assign(switches * m_cas, 0);
    m_portLinks.assign(switches * 256, -1);
    std::int64_t unnamed = 0;
    auto problem = [&](std::string text) {
        if (m_problems.size() < maxNamedProblems)
            m_problems.push_back(std::move(text));
        else
            ++unnamed;
    };

    std::unordered_map<std::uint64_t, std::int32_t> switchByGuid;
    for (size_t s = 0; s < switches; ++s)
        switchByGuid.emplace(m_ids.switchGuid[s], std::int32_t(s));
    std::unordered_map<std::uint64_t, int> caByGuid;
    for (size_t c = 0; c < m_cas; ++c)
        caByGuid.emplace(m_ids.cas[c].guid, int(c));
    // Ports of every switch (1-based) to their links, and each HCA's link.
    std::vector<std::unordered_map<int, std::int32_t>> portLink(switches);
    m_caLink.assign(m_cas, -1);
    m_linkCa.assign(size_t(fabric.linkCount()), -1);
    std::vector<int> caLinkPort(m_cas, 1 << 30);
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
        const Link &link = fabric.link(l);
        if (link.state == LinkState::Down)
            continue;
        for (int e = 0; e < 2; ++e) {
            const NodeIndex n = e == 0 ? link.a : link.b;
            const int port = e == 0 ? m_ids.linkPorts[size_t(l)].first : m_ids.linkPorts[size_t(l)].second;
            if (fabric.isSwitch(n)) {
                portLink[size_t(fabric.switchIndexOf(n))].emplace(port, l);
            } else {
                const int ca = m_ids.caOfHostPort(n, std::max(e == 0 ? link.portA : link.portB, 0));
                if (ca >= 0)
                    m_linkCa[size_t(l)] = ca;
                if (ca >= 0 && port < caLinkPort[size_t(ca)]) {
                    m_caLink[size_t(ca)] = l;
                    caLinkPort[size_t(ca)] = port;
                }
            }
        }
    }
    // The HCA a destination LID is: by port GUID, else by "HOST mlx5_N".
    std::unordered_map<int, int> caOfLid;
    for (const auto &[lid, dest] : dump.destinations) {
        if (dest.kind != LftDestination::Kind::ChannelAdapter)
            continue;
        const std::uint64_t node = dest.portGuid & ~std::uint64_t(0xF);
        if (const auto it = caByGuid.find(node); it != caByGuid.end()) {
            caOfLid.emplace(lid, it->second);
            continue;
        }
        const size_t space = dest.name.rfind(" mlx5_");
        const NodeIndex host = space == std::string::npos ? -1 : fabric.findNode(dest.name.substr(0, space));
        const int nic = space == std::string::npos ? -1 : std::atoi(dest.name.c_str() + space + 6);
        if (host >= 0 && fabric.isHost(host) && nic >= 0 && size_t(nic) < m_ids.caOfHost[size_t(host)].size())
            caOfLid.emplace(lid, m_ids.caOfHost[size_t(host)][size_t(nic)]);
        else
            problem("LID " + std::to_string(lid) + " is HCA " + InfinibandIds::guidText(dest.portGuid) + " ('" + dest.name.substr(0, 60)
                    + "'), not one of the design's");
    }
    std::vector<bool> routed(switches, false);
    for (size_t sw = 0; sw < switches; ++sw)
        for (const auto &[port, l] : portLink[sw])
            if (port >= 1 && port <= 255)
                m_portLinks[sw * 256 + size_t(port)] = l;
    for (const LftTable &table : dump.switches) {
        std::int32_t s = -1;
        if (const auto it = switchByGuid.find(table.guid); it != switchByGuid.end())
            s = it->second;
        else if (const NodeIndex n = fabric.findNode(table.name); n >= 0 && fabric.isSwitch(n))
            s = fabric.switchIndexOf(n);
        if (s < 0) {
            problem("line " + std::to_string(table.line) + ": the table of switch " + InfinibandIds::guidText(table.guid) + " ('"
                    + table.name.substr(0, 60) + "') is not a switch of the design");
            continue;
        }
        if (routed[size_t(s)])
            problem("line " + std::to_string(table.line) + ": a second table of " + fabric.switchAt(s).id
                    + " (the later one is used)");
        else
            ++m_switchesRouted;
        routed[size_t(s)] = true;
        for (const auto &[lid, port] : table.routes) {
            const auto ca = caOfLid.find(lid);
            if (ca == caOfLid.end())
                continue; // a switch's own LID, or one the dump did not describe
            if (port == 0 || port == 255)
                continue; // no route (255), or to the switch itself
            const auto link = portLink[size_t(s)].find(port);
            if (link == portLink[size_t(s)].end()) {
                problem(fabric.switchAt(s).id + " forwards LID " + std::to_string(lid) + " out of port "
                        + std::to_string(port) + ", which has no link in the design");
                continue;
            }
            m_nextPort[size_t(s) * m_cas + size_t(ca->second)] = std::uint8_t(port);
        }
    }
    if (unnamed > 0)
        m_problems.push_back("… and " + std::to_string(unnamed) + " more");
}

SubnetRouting::Trace SubnetRouting::trace(int src, int dst) const
{
    const std::int32_t l = m_caLink[size_t(src)];
    if (l < 0) {
        Trace t;
        t.status = TraceStatus::NoHostLink;
        return t;
    }
    return walk(l, NodeIndex(m_ids.cas[size_t(src)].host), dst);
}

SubnetRouting::Trace SubnetRouting::walk(std::int32_t l, NodeIndex from, int dst) const
{
    Trace t;
    t.links.push_back(l);
    NodeIndex node = m_fabric.otherEnd(l, from);
    for (int hop = 0; hop <= m_fabric.switchCount() + 1; ++hop) {
        if (m_fabric.isHost(node)) {
            t.status = m_linkCa[size_t(l)] == dst ? TraceStatus::Ok : TraceStatus::WrongHost;
            return t;
        }
        l = next(m_fabric.switchIndexOf(node), dst);
        if (l < 0) {
            t.status = TraceStatus::NoRoute;
            return t;
        }
        t.links.push_back(l);
        node = m_fabric.otherEnd(l, node);
    }
    t.status = TraceStatus::Loop;
    return t;
}

bool SubnetRouting::traceDirected(int src, int dst, std::vector<std::uint32_t> &keys) const
{
    std::int32_t l = m_caLink[size_t(src)];
    if (l < 0)
        return false;
    const size_t before = keys.size();
    NodeIndex node = NodeIndex(m_ids.cas[size_t(src)].host);
    for (int hop = 0; hop <= m_fabric.switchCount() + 2; ++hop) {
        const Link &link = m_fabric.link(l);
        keys.push_back(std::uint32_t(l) * 2 + (link.a == node ? 0u : 1u));
        node = link.a == node ? link.b : link.a;
        if (m_fabric.isHost(node)) {
            if (m_linkCa[size_t(l)] == dst)
                return true;
            break;
        }
        l = next(m_fabric.switchIndexOf(node), dst);
        if (l < 0)
            break;
    }
    keys.resize(before);
    return false;
}

void SubnetRouting::traceDirected(const std::vector<std::pair<int, int>> &flows, std::vector<std::uint32_t> &keys,
                                  std::vector<size_t> &ends) const
{
    constexpr size_t width = 16; // flows in flight
    constexpr int maxHops = 32;  // longer paths (or loops) take the one-by-one walk
    enum : std::uint8_t { Walking, Delivered, Lost, TooLong };
    std::uint32_t buffer[width][maxHops];
    int length[width];
    std::uint8_t state[width];
    std::int32_t link[width];
    NodeIndex node[width];
    for (size_t base = 0; base < flows.size(); base += width) {
        const size_t n = std::min(width, flows.size() - base);
        size_t walking = 0;
        for (size_t i = 0; i < n; ++i) {
            const auto [src, dst] = flows[base + i];
            length[i] = 0;
            link[i] = m_caLink[size_t(src)];
            node[i] = NodeIndex(m_ids.cas[size_t(src)].host);
            state[i] = link[i] < 0 ? Lost : Walking;
            walking += state[i] == Walking;
        }
        for (int hop = 0; walking > 0 && hop <= m_fabric.switchCount() + 2; ++hop)
            for (size_t i = 0; i < n; ++i) {
                if (state[i] != Walking)
                    continue;
                if (length[i] == maxHops) {
                    state[i] = TooLong;
                    --walking;
                    continue;
                }
                const Link &l = m_fabric.link(link[i]);
                buffer[i][length[i]++] = std::uint32_t(link[i]) * 2 + (l.a == node[i] ? 0u : 1u);
                node[i] = l.a == node[i] ? l.b : l.a;
                if (m_fabric.isHost(node[i])) {
                    state[i] = m_linkCa[size_t(link[i])] == flows[base + i].second ? Delivered : Lost;
                    --walking;
                    continue;
                }
                link[i] = next(m_fabric.switchIndexOf(node[i]), flows[base + i].second);
                if (link[i] < 0) {
                    state[i] = Lost;
                    --walking;
                }
            }
        for (size_t i = 0; i < n; ++i) {
            if (state[i] == Delivered)
                keys.insert(keys.end(), buffer[i], buffer[i] + length[i]);
            else if (state[i] == TooLong)
                traceDirected(flows[base + i].first, flows[base + i].second, keys);
            ends.push_back(keys.size()); // a flow still walking after every hop loops: nothing
        }
    }
}

bool SubnetRouting::tablePath(std::int32_t srcHost, std::int32_t srcLink, std::int32_t dstHost,
                              std::vector<std::int32_t> &links) const
{
    links.clear();
    if (srcLink < 0 || size_t(srcLink) >= m_linkCa.size() || dstHost < 0
        || size_t(dstHost) >= m_ids.caOfHost.size() || m_ids.caOfHost[size_t(dstHost)].empty())
        return false;
    const int src = m_linkCa[size_t(srcLink)];
    if (src < 0 || m_ids.cas[size_t(src)].host != srcHost)
        return false;
    // The destination NIC on the source's rail, else the first.
    const int rail = m_fabric.host(srcHost).nics[size_t(m_ids.cas[size_t(src)].nic)].rail;
    int dst = m_ids.caOfHost[size_t(dstHost)].front();
    for (const int ca : m_ids.caOfHost[size_t(dstHost)])
        if (m_fabric.host(dstHost).nics[size_t(m_ids.cas[size_t(ca)].nic)].rail == rail)
            dst = ca;
    // Leave on the link given (a dual-port NIC's other port), then the tables.
    Trace t = walk(srcLink, NodeIndex(srcHost), dst);
    links = std::move(t.links);
    return t.status == TraceStatus::Ok;
}

LftDump modelTables(const Fabric &fabric, const StaticRoutes &routes)
{
    const InfinibandIds ids = InfinibandIds::of(fabric);
    LftDump dump;
    // Each HCA's LID and the CN (host link) of its port 1.
    std::vector<std::pair<int, int>> targets; // (lid, cn)
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
        const int cn = routes.cnOfLink(l);
        if (cn < 0)
            continue;
        const Link &link = fabric.link(l);
        const NodeIndex host = fabric.isHost(link.a) ? link.a : link.b;
        const int hostPort = std::max(host == link.a ? link.portA : link.portB, 0);
        const int ca = ids.caOfHostPort(host, hostPort);
        if (ca < 0 || hostPort - ids.cas[size_t(ca)].firstPort != 0)
            continue; // port 1 of each HCA
        const InfinibandIds::Ca &c = ids.cas[size_t(ca)];
        targets.emplace_back(c.lid, cn);
        dump.destinations[c.lid] = LftDestination{LftDestination::Kind::ChannelAdapter, c.guid + 1,
                                                  InfinibandIds::caDescription(fabric, c)};
    }
    std::sort(targets.begin(), targets.end());
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s) {
        LftTable table;
        table.guid = ids.switchGuid[size_t(s)];
        table.name = fabric.switchAt(s).id;
        const NodeIndex node = fabric.switchNode(s);
        for (const auto &[lid, cn] : targets) {
            const std::int32_t l = routes.next(s, cn);
            if (l < 0)
                continue;
            const auto &[pa, pb] = ids.linkPorts[size_t(l)];
            table.routes.emplace_back(lid, fabric.link(l).a == node ? pa : pb);
        }
        dump.switches.push_back(std::move(table));
    }
    return dump;
}

LftReadResult readTablesFor(const Fabric &fabric, const QString &path)
{
    QString error;
    const std::optional<QByteArray> bytes = readInputFile(path, &error, maxLftDumpBytes);
    if (!bytes) {
        LftReadResult result;
        result.errors.push_back(FormatError{path, 0, 0, {}, error});
        return result;
    }
    LftReadResult result = readLftDump(std::string_view(bytes->constData(), size_t(bytes->size())), path);
    if (result.ok() && SubnetRouting(fabric, *result.dump).switchesRouted() == 0) {
        result.dump.reset();
        result.errors.push_back(FormatError{path, 0, 0, {},
                                            QStringLiteral("no table of a switch of %1 (GUIDs and names differ: is it "
                                                           "the same fabric?)")
                                                .arg(QString::fromStdString(fabric.name))});
    }
    return result;
}

bool RoutingBalance::perfect() const
{
    return std::all_of(groups.begin(), groups.end(), [](const Group &g) { return g.minRoutes == g.maxRoutes; });
}

const RoutingBalance::Group *RoutingBalance::find(const std::string &from, const std::string &to) const
{
    for (const Group &g : groups)
        if (g.from == from && g.to == to)
            return &g;
    return nullptr;
}

RoutingBalance routingBalance(const SubnetRouting &routing)
{
    const Fabric &f = routing.fabric();
    const size_t cas = routing.ids().cas.size();
    std::vector<std::int64_t> count(size_t(f.linkCount()) * 2, 0);
    for (std::int32_t s = 0; s < f.switchCount(); ++s) {
        const NodeIndex node = f.switchNode(s);
        for (size_t c = 0; c < cas; ++c)
            if (const std::int32_t l = routing.next(s, int(c)); l >= 0)
                ++count[size_t(l) * 2 + (f.link(l).a == node ? 0 : 1)];
    }
    RoutingBalance balance;
    std::map<std::pair<int, int>, RoutingBalance::Group> groups;
    for (std::int32_t l = 0; l < f.linkCount(); ++l) {
        const Link &link = f.link(l);
        if (!f.isSwitch(link.a) || !f.isSwitch(link.b) || link.state == LinkState::Down)
            continue;
        if (count[size_t(l) * 2] + count[size_t(l) * 2 + 1] == 0) {
            ++balance.unusedLinks;
            if (balance.unused.size() < 50)
                balance.unused.push_back(link.id);
        }
        for (int dir = 0; dir < 2; ++dir) {
            const NodeIndex from = dir == 0 ? link.a : link.b, to = dir == 0 ? link.b : link.a;
            const Tier tf = f.switchAt(f.switchIndexOf(from)).tier, tt = f.switchAt(f.switchIndexOf(to)).tier;
            RoutingBalance::Group &g = groups[{tierLevel(tf) * 10 + int(tf), tierLevel(tt) * 10 + int(tt)}];
            const std::int64_t routes = count[size_t(l) * 2 + size_t(dir)];
            if (g.ports == 0) {
                g.from = tierName(tf);
                g.to = tierName(tt);
                g.minRoutes = g.maxRoutes = routes;
            }
            if (routes > g.maxRoutes || g.ports == 0) {
                const int port = dir == 0 ? routing.ids().linkPorts[size_t(l)].first
                                          : routing.ids().linkPorts[size_t(l)].second;
                g.worstPort = f.nodeId(from) + " port " + std::to_string(port) + " (→ " + f.nodeId(to) + ")";
            }
            g.minRoutes = std::min(g.minRoutes, routes);
            g.maxRoutes = std::max(g.maxRoutes, routes);
            g.meanRoutes += double(routes);
            ++g.ports;
        }
    }
    for (auto &[key, g] : groups) {
        g.meanRoutes /= double(std::max<std::int64_t>(1, g.ports));
        balance.groups.push_back(g);
    }
    return balance;
}

PathCheck checkPaths(const SubnetRouting &routing, std::int64_t maxPairs)
{
    PathCheck check;
    const auto cas = int(routing.ids().cas.size());
    const Fabric &f = routing.fabric();
    check.hcas = cas;
    // Every source while the pairs fit, else an even sample of them.
    const std::int64_t perSource = std::max<std::int64_t>(1, cas - 1);
    const int sources = int(std::clamp<std::int64_t>(maxPairs / perSource, 1, cas));
    check.sources = cas > 0 ? sources : 0;
    for (int i = 0; i < check.sources; ++i) {
        const int a = int(std::int64_t(i) * cas / sources);
        for (int b = 0; b < cas; ++b) {
            if (a == b)
                continue;
            ++check.pairs;
            const SubnetRouting::Trace t = routing.trace(a, b);
            auto name = [&](int c) { return InfinibandIds::caDescription(f, routing.ids().cas[size_t(c)]); };
            switch (t.status) {
            case SubnetRouting::TraceStatus::Ok:
                ++check.routed;
                check.maxHops = std::max(check.maxHops, int(t.links.size()) - 1);
                continue;
            case SubnetRouting::TraceStatus::Loop: ++check.loops; break;
            case SubnetRouting::TraceStatus::WrongHost: ++check.wrongHost; break;
            case SubnetRouting::TraceStatus::NoRoute:
            case SubnetRouting::TraceStatus::NoHostLink: ++check.noRoute; break;
            }
            if (check.firstProblem.empty()) {
                const char *what = t.status == SubnetRouting::TraceStatus::Loop        ? "a loop"
                    : t.status == SubnetRouting::TraceStatus::WrongHost ? "delivered to another host"
                                                                        : "no route";
                check.firstProblem = name(a) + " → " + name(b) + ": " + what
                    + (t.links.empty() ? std::string() : " after " + f.link(t.links.back()).id);
            }
        }
    }
    return check;
}

namespace {

/// Each link's rate as the file states it (a degraded link's degraded rate).
std::vector<double> linkRates(const Fabric &f)
{
    std::vector<double> capacity(size_t(f.linkCount()), 0.0);
    for (std::int32_t l = 0; l < f.linkCount(); ++l) {
        const Link &link = f.link(l);
        capacity[size_t(l)] = link.state == LinkState::Degraded ? link.degradedGbps : link.capacityGbps;
    }
    return capacity;
}

/// Hoefler's rate of the traced flow whose directed links are keys[begin,
/// end): the least over them of capacity / flows on the link; 0 when none
/// has a rate.
double hoeflerRate(const std::vector<std::uint32_t> &keys, size_t begin, size_t end, const std::vector<double> &capacity,
                   const std::vector<std::int32_t> &flowsOn)
{
    double rate = std::numeric_limits<double>::infinity();
    for (size_t i = begin; i < end; ++i)
        rate = std::min(rate, capacity[keys[i] / 2] / double(flowsOn[keys[i]]));
    return std::isfinite(rate) ? rate : 0.0;
}

} // namespace

EffectiveBisection effectiveBisection(const SubnetRouting &routing, int permutations, std::uint64_t seed, bool shift,
                                      std::vector<double> *linkLoad)
{
    const Fabric &f = routing.fabric();
    EffectiveBisection result;
    result.shift = shift;
    result.permutations = shift ? 1 : std::max(1, permutations);
    result.minCutGbps = analyzeFabric(f).bisection.gbps;
    const auto n = int(routing.ids().cas.size());
    if (n < 2)
        return result;
    const std::vector<double> capacity = linkRates(f);
    // The bisections are independent: each worker draws the same shuffles
    // from the one seeded stream (cheap) and measures every T-th of them, so
    // the result does not depend on the number of workers.
    const int workers
        = std::clamp(int(std::thread::hardware_concurrency()), 1, std::min(8, std::max(1, result.permutations / 16)));
    std::vector<double> delivered(size_t(result.permutations), 0.0);
    std::vector<std::vector<double>> demand(static_cast<size_t>(workers)); // per directed link, summed (linkLoad)
    auto work = [&](int worker) {
        std::vector<int> order(static_cast<size_t>(n), 0);
        for (int i = 0; i < n; ++i)
            order[size_t(i)] = i;
        std::mt19937_64 random(seed);
        std::vector<std::int32_t> flowsOn(size_t(f.linkCount()) * 2, 0);
        if (linkLoad)
            demand[size_t(worker)].assign(size_t(f.linkCount()) * 2, 0.0);
        std::vector<std::uint32_t> keys;
        std::vector<size_t> ends; // flow i's keys are [ends[i - 1], ends[i])
        std::vector<std::pair<int, int>> pairs;
        const int half = n / 2;
        keys.reserve(size_t(n) * 8);
        ends.reserve(size_t(n));
        pairs.reserve(size_t(n));
        for (int p = 0; p < result.permutations; ++p) {
            if (!shift)
                std::shuffle(order.begin(), order.end(), random);
            if (p % workers != worker)
                continue;
            keys.clear();
            ends.clear();
            pairs.clear();
            for (int i = 0; i < half; ++i) {
                const int a = order[size_t(i)], b = order[size_t(i + half)];
                pairs.emplace_back(a, b);
                pairs.emplace_back(b, a);
            }
            routing.traceDirected(pairs, keys, ends); // an undelivered flow adds nothing
            for (const std::uint32_t k : keys)
                ++flowsOn[k];
            double sum = 0;
            size_t begin = 0;
            for (const size_t end : ends) {
                if (end > begin) {
                    sum += hoeflerRate(keys, begin, end, capacity, flowsOn);
                    if (linkLoad) {
                        const double offered = capacity[keys[begin] / 2]; // the source HCA's link
                        for (size_t i = begin; i < end; ++i)
                            demand[size_t(worker)][keys[i]] += offered;
                    }
                }
                begin = end;
            }
            for (const std::uint32_t k : keys)
                flowsOn[k] = 0;
            delivered[size_t(p)] = sum / 2.0; // per direction
        }
    };
    std::vector<std::thread> threads;
    for (int worker = 1; worker < workers; ++worker)
        threads.emplace_back(work, worker);
    work(0);
    for (std::thread &t : threads)
        t.join();
    if (linkLoad) {
        linkLoad->assign(size_t(f.linkCount()), 0.0);
        for (std::int32_t l = 0; l < f.linkCount(); ++l) {
            double up = 0, down = 0;
            for (const std::vector<double> &d : demand) {
                up += d[size_t(l) * 2];
                down += d[size_t(l) * 2 + 1];
            }
            if (capacity[size_t(l)] > 0)
                (*linkLoad)[size_t(l)] = std::max(up, down) / double(result.permutations) / capacity[size_t(l)];
        }
    }
    double total = 0;
    for (double d : delivered)
        total += d;
    result.meanGbps = total / double(delivered.size());
    std::sort(delivered.begin(), delivered.end());
    result.p5Gbps = delivered[size_t(std::floor(0.05 * double(delivered.size() - 1)))];
    if (result.minCutGbps > 0) {
        result.meanShare = result.meanGbps / result.minCutGbps;
        result.p5Share = result.p5Gbps / result.minCutGbps;
    }
    return result;
}

ShiftShare shiftShare(const SubnetRouting &routing, const std::vector<int> &order, int shifts)
{
    const Fabric &f = routing.fabric();
    const auto n = int(routing.ids().cas.size());
    if (int(order.size()) != n)
        throw std::invalid_argument("shiftShare: the order holds " + std::to_string(order.size()) + " HCAs, the fabric "
                                    + std::to_string(n));
    ShiftShare result;
    if (n < 2 || shifts < 1)
        return result;
    const std::vector<double> capacity = linkRates(f);
    std::vector<int> distances;
    if (shifts >= n - 1) {
        for (int s = 1; s < n; ++s)
            distances.push_back(s);
    } else {
        for (int i = 0; i < shifts; ++i)
            distances.push_back(1 + int(std::llround(double(i) * double(n - 2) / double(std::max(1, shifts - 1)))));
        distances.erase(std::unique(distances.begin(), distances.end()), distances.end());
    }
    std::vector<std::int32_t> flowsOn(size_t(f.linkCount()) * 2, 0);
    std::vector<std::uint32_t> keys;
    std::vector<size_t> ends;
    std::vector<std::pair<int, int>> pairs;
    double sum = 0;
    result.minShare = std::numeric_limits<double>::infinity();
    for (const int s : distances) {
        keys.clear();
        ends.clear();
        pairs.clear();
        for (int i = 0; i < n; ++i)
            pairs.emplace_back(order[size_t(i)], order[size_t((i + s) % n)]);
        routing.traceDirected(pairs, keys, ends);
        for (const std::uint32_t k : keys)
            ++flowsOn[k];
        double delivered = 0, offered = 0;
        size_t begin = 0;
        for (const size_t end : ends) {
            if (end > begin) {
                delivered += hoeflerRate(keys, begin, end, capacity, flowsOn);
                offered += capacity[keys[begin] / 2]; // the source HCA's link
            }
            begin = end;
        }
        for (const std::uint32_t k : keys)
            flowsOn[k] = 0;
        const double share = offered > 0 ? delivered / offered : 0.0;
        sum += share;
        result.minShare = std::min(result.minShare, share);
    }
    result.shifts = int(distances.size());
    result.meanShare = sum / double(distances.size());
    return result;
}

std::vector<double> routesPerLink(const SubnetRouting &routing)
{
    const Fabric &f = routing.fabric();
    std::vector<double> routes(size_t(f.linkCount()), 0.0);
    const auto cas = int(routing.ids().cas.size());
    for (std::int32_t s = 0; s < f.switchCount(); ++s)
        for (int ca = 0; ca < cas; ++ca)
            if (const std::int32_t l = routing.next(s, ca); l >= 0)
                routes[size_t(l)] += 1.0;
    return routes;
}

RoutingOptions tableRoutingOptions(const SubnetRouting &routing)
{
    RoutingOptions options;
    options.mode = RoutingMode::Static;
    options.tablePath = [&routing](std::int32_t srcHost, std::int32_t srcLink, std::int32_t dstHost,
                                   std::vector<std::int32_t> &links) {
        return routing.tablePath(srcHost, srcLink, dstHost, links);
    };
    options.tableSource = "subnet manager (LFTs)";
    return options;
}

RoutingOptions tableRoutingOptions(const Fabric &fabric, const LftDump &tables)
{
    struct Owner
    {
        Fabric fabric;
        std::optional<SubnetRouting> routing;
    };
    auto owner = std::make_shared<Owner>();
    owner->fabric = fabric;
    owner->routing.emplace(owner->fabric, tables);
    RoutingOptions options = tableRoutingOptions(*owner->routing);
    options.tablePath = [owner](std::int32_t srcHost, std::int32_t srcLink, std::int32_t dstHost,
                                std::vector<std::int32_t> &links) {
        return owner->routing->tablePath(srcHost, srcLink, dstHost, links);
    };
    return options;
}

JobUnderTables evaluateJobUnderTables(const SubnetRouting &routing, const JobSpec &job)
{
    JobUnderTables out;
    out.job = job.name;
    const Fabric &f = routing.fabric();
    const CapacityView view = CapacityView::of(f);
    try {
        RoutingOptions fluid;
        const JobEvaluation placed = evaluateJob(f, view, job, PlacementOptions{}, fluid);
        if (!placed.routed()) {
            out.error = placed.routingError;
            return out;
        }
        out.fluidMs = placed.stepCommTimeMs();
        RoutingOptions model;
        model.mode = RoutingMode::Static;
        out.modelMs = reroutedStepSeconds(f, view, placed, model) * 1e3;
        const RoutingOptions tables = tableRoutingOptions(routing);
        const JobEvaluation underTables = rerouted(f, view, placed, tables);
        if (!underTables.routed()) {
            out.error = underTables.routingError;
            return out;
        }
        out.tablesMs = underTables.stepCommTimeMs();
        out.unroutedFlows = underTables.unroutedFlows;
        out.bottleneck = underTables.bottleneckLinkId;
    } catch (const PlacementError &e) {
        out.error = e.what();
    }
    return out;
}

RoutingReport analyzeRouting(const SubnetRouting &routing, int permutations, std::uint64_t seed, bool shift,
                             std::vector<double> *linkLoad)
{
    RoutingReport r;
    r.fabric = routing.fabric().name;
    r.switches = routing.fabric().switchCount();
    r.switchesRouted = routing.switchesRouted();
    r.hcas = int(routing.ids().cas.size());
    r.problems = routing.problems();
    r.balance = routingBalance(routing);
    r.paths = checkPaths(routing);
    r.bisection = effectiveBisection(routing, permutations, seed, shift, linkLoad);
    return r;
}

} // namespace Railyard
