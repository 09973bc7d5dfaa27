// The helpers of the failure studies: tier ratios, the check of a class,
// labels, random streams and the host NICs of a scope (resilience_p.h).
#include "core/resilience/resilience_p.h"

#include "core/export/hostlist.h"
#include "core/intents/selector.h"

namespace Railyard::ResilienceDetail {

std::vector<TierRatio> tierRatios(const OversubscriptionResult &result)
{
    std::vector<TierRatio> out;
    for (const TierOversubscription &t : result.tiers)
        out.push_back({t.tier, t.ratio, t.worstRatio});
    return out;
}

bool closeEnough(double a, double b)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    if (std::isinf(a) || std::isinf(b))
        return a == b;
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

bool sameFigures(const ScenarioOutcome &a, const ScenarioOutcome &b)
{
    if (!closeEnough(a.bisectionGbps, b.bisectionGbps) || !closeEnough(a.stepMs, b.stepMs)
        || a.tiers.size() != b.tiers.size() || a.placeable != b.placeable)
        return false;
    for (size_t i = 0; i < a.tiers.size(); ++i)
        if (!closeEnough(a.tiers[i].ratio, b.tiers[i].ratio) || !closeEnough(a.tiers[i].worst, b.tiers[i].worst))
            return false;
    return true;
}


std::string tierLabel(const Fabric &fabric, NodeIndex n)
{
    if (fabric.isHost(n))
        return "host";
    const Tier t = fabric.switchAt(fabric.switchIndexOf(n)).tier;
    return t == Tier::Unlayered ? std::string("switch") : std::string(tierName(t));
}

std::string kindLabel(const Fabric &fabric, const Element &e)
{
    if (e.kind == Element::Switch) {
        const Tier t = fabric.switchAt(e.index).tier;
        return (t == Tier::Unlayered ? std::string("unlayered") : std::string(tierName(t))) + " switch";
    }
    if (e.kind == Element::Nic)
        return "host NIC";
    const Link &l = fabric.link(e.index);
    std::string a = tierLabel(fabric, l.a), b = tierLabel(fabric, l.b);
    auto level = [&](NodeIndex n) { return fabric.isHost(n) ? 0 : tierLevel(fabric.switchAt(fabric.switchIndexOf(n)).tier); };
    if (level(l.a) > level(l.b))
        std::swap(a, b);
    return a + "–" + b + " link";
}

std::string membersText(std::vector<std::string> ids)
{
    try {
        std::string text = compressHostlist(std::move(ids));
        return text.size() <= 100000 ? text : std::string();
    } catch (const HostlistError &) {
        return {};
    }
}

std::uint64_t streamSeed(std::uint64_t seed, std::uint64_t i)
{
    std::uint64_t x = seed * 0x9e3779b97f4a7c15ULL + i + 0x632be59bd9b4e019ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// Uniform in (0, 1], the same on every platform.
double unitOpen(std::mt19937_64 &rng)
{
    return double((rng() >> 11) + 1) * 0x1.0p-53;
}

__extension__ typedef unsigned __int128 Wide;

/// Uniform in [0, n) without modulo bias worth the name (Lemire's multiply).
std::uint64_t below(std::mt19937_64 &rng, std::uint64_t n)
{
    return std::uint64_t((static_cast<Wide>(rng()) * n) >> 64);
}

int threadCount(int requested)
{
    if (requested > 0)
        return requested;
    return std::max(1, int(std::thread::hardware_concurrency()));
}

std::vector<NicGroup> nicGroups(const Fabric &fabric, const ElementScope &scope)
{
    std::vector<NicGroup> out;
    if (!scope.nics)
        return out;
    std::vector<Selector> globs;
    for (const std::string &g : scope.nicGlobs) {
        std::string error;
        if (auto s = Selector::compile(g, &error))
            globs.push_back(*s);
    }
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        const Host &host = fabric.host(h);
        if (!globs.empty()
            && std::none_of(globs.begin(), globs.end(), [&](const Selector &s) { return s.matchesHost(host); }))
            continue;
        std::map<int, std::vector<std::int32_t>> byRail;
        for (std::int32_t l : fabric.incidentLinks(h))
            byRail[hostLinkRail(fabric, h, l)].push_back(l);
        for (auto &[rail, links] : byRail)
            out.push_back({h, rail, std::move(links)});
    }
    return out;
}

} // namespace Railyard::ResilienceDetail
