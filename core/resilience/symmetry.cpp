#include "core/resilience/symmetry.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace Railyard {

namespace {

std::uint64_t mix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t combine(std::uint64_t seed, std::uint64_t value)
{
    return mix(seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2)));
}

std::uint64_t hashDouble(double v)
{
    // Capacities are compared to 1 Mbit/s, as the flow network does.
    return mix(static_cast<std::uint64_t>(static_cast<std::int64_t>(v * 1000.0 + (v >= 0 ? 0.5 : -0.5))));
}

std::uint64_t hashString(const std::string &s)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : s)
        h = (h ^ c) * 0x100000001b3ULL;
    return mix(h);
}

std::int64_t distinct(std::vector<std::uint64_t> values)
{
    std::sort(values.begin(), values.end());
    return std::unique(values.begin(), values.end()) - values.begin();
}

// One round: every node's new colour from its colour and its neighbourhood.
std::vector<std::uint64_t> refineOnce(const Fabric &fabric, const std::vector<std::uint64_t> &linkLabel,
                                      const std::vector<std::uint64_t> &colour)
{
    std::vector<std::uint64_t> next(colour.size());
    std::vector<std::uint64_t> around;
    for (NodeIndex n = 0; n < fabric.nodeCount(); ++n) {
        around.clear();
        for (std::int32_t l : fabric.incidentLinks(n))
            around.push_back(combine(linkLabel[size_t(l)], colour[size_t(fabric.otherEnd(l, n))]));
        std::sort(around.begin(), around.end());
        std::uint64_t h = combine(colour[size_t(n)], around.size());
        for (std::uint64_t a : around)
            h = combine(h, a);
        next[size_t(n)] = h;
    }
    return next;
}

void refineToStable(const Fabric &fabric, Colouring &c)
{
    c.colours = distinct(c.node);
    for (;;) {
        std::vector<std::uint64_t> next = refineOnce(fabric, c.link, c.node);
        const std::int64_t count = distinct(next);
        ++c.rounds;
        c.node = std::move(next);
        if (count <= c.colours)
            break; // refinement only splits: the same count is the same partition
        c.colours = count;
    }
}

} // namespace

Colouring refineColours(const Fabric &fabric)
{
    fabric.prepare();
    Colouring c;
    c.node.resize(size_t(fabric.nodeCount()));
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        const Host &host = fabric.host(h);
        std::uint64_t k = combine(1, hashString(host.gpuModel));
        k = combine(k, std::uint64_t(host.gpus));
        k = combine(k, hashDouble(host.nvlinkGBps));
        k = combine(k, host.nvls ? 1 : 0);
        std::vector<std::uint64_t> nics;
        for (const Nic &nic : host.nics)
            nics.push_back(combine(hashDouble(nic.speedGbps), std::uint64_t(nic.ports)));
        std::sort(nics.begin(), nics.end());
        for (std::uint64_t v : nics)
            k = combine(k, v);
        c.node[size_t(fabric.hostNode(h))] = k;
    }
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s) {
        const Switch &sw = fabric.switchAt(s);
        std::uint64_t k = combine(2, std::uint64_t(sw.tier));
        k = combine(k, std::uint64_t(sw.radix));
        k = combine(k, hashString(sw.model));
        k = combine(k, sw.sharp ? 1 : 0);
        c.node[size_t(fabric.switchNode(s))] = k;
    }
    c.link.resize(size_t(fabric.linkCount()));
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
        const Link &link = fabric.link(l);
        std::uint64_t k = combine(3, hashDouble(link.capacityGbps));
        k = combine(k, std::uint64_t(link.state));
        if (link.state == LinkState::Degraded)
            k = combine(k, hashDouble(link.degradedGbps));
        c.link[size_t(l)] = k;
    }
    refineToStable(fabric, c);
    return c;
}

Colouring refineIndividualized(const Fabric &fabric, const Colouring &base, const std::vector<NodeIndex> &nodes)
{
    Colouring c = base;
    c.rounds = 0;
    std::uint64_t tag = 0x5eed;
    for (NodeIndex n : nodes)
        c.node[size_t(n)] = combine(c.node[size_t(n)], tag++);
    refineToStable(fabric, c);
    return c;
}

std::uint64_t switchClassKey(const Fabric &fabric, const Colouring &colouring, std::int32_t sw)
{
    return colouring.node[size_t(fabric.switchNode(sw))];
}

std::uint64_t linkClassKey(const Fabric &fabric, const Colouring &colouring, std::int32_t link)
{
    const Link &l = fabric.link(link);
    std::uint64_t a = colouring.node[size_t(l.a)];
    std::uint64_t b = colouring.node[size_t(l.b)];
    if (a > b)
        std::swap(a, b);
    return combine(combine(combine(4, colouring.link[size_t(link)]), a), b);
}

} // namespace Railyard
