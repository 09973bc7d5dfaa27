// Generated fabrics against closed forms: fat-tree counts (Al-Fares 2008),
// DGX SuperPOD switch counts from radix-64 arithmetic, the preset shapes,
// GB200 NVL72 racks as NVLink domains.

#include "core/analysis/capacity.h"
#include "core/analysis/counts.h"
#include "core/analysis/oversubscription.h"
#include "core/generators/presets.h"

#include <QTest>

#include <cmath>
#include <set>

using namespace Railyard;

namespace {
long long tierCount(const FabricCounts &c, const char *tier)
{
    auto it = c.switchesByTier.find(tier);
    return it == c.switchesByTier.end() ? 0 : it->second;
}

const TierOversubscription *tierOf(const OversubscriptionResult &r, Tier t)
{
    for (const auto &x : r.tiers)
        if (x.tier == t)
            return &x;
    return nullptr;
}

void expectGeneratorError(const ClosParams &p, const char *parameter)
{
    try {
        generateClos(p);
        QFAIL("expected a GeneratorError");
    } catch (const GeneratorError &e) {
        QVERIFY2(std::string(e.what()).rfind(parameter, 0) == 0, e.what());
    }
}

/// A preset function that refuses its argument.
template<typename F>
void expectGeneratorErrorFrom(F &&preset, const char *parameter)
{
    try {
        preset();
        QFAIL("expected a GeneratorError");
    } catch (const GeneratorError &e) {
        QVERIFY2(std::string(e.what()).rfind(parameter, 0) == 0, e.what());
    }
}
} // namespace

class TestGenerators : public QObject
{
    Q_OBJECT
private slots:
    void fatTreeCounts_data()
    {
        QTest::addColumn<int>("k");
        for (int k : {4, 8, 16, 24})
            QTest::addRow("k=%d", k) << k;
    }
    void fatTreeCounts()
    {
        QFETCH(int, k);
        const Fabric f = generateClos(fatTreeParams(k, 100.0));
        QVERIFY(f.validate().empty());
        const FabricCounts c = countFabric(f);
        QCOMPARE(c.hosts, static_cast<long long>(k) * k * k / 4);
        QCOMPARE(c.switches, 5LL * k * k / 4);
        QCOMPARE(tierCount(c, "leaf"), static_cast<long long>(k) * k / 2);
        QCOMPARE(tierCount(c, "spine"), static_cast<long long>(k) * k / 2);
        QCOMPARE(tierCount(c, "core"), static_cast<long long>(k) * k / 4);
        // Every switch uses exactly k ports, every link is 100G.
        for (std::int32_t s = 0; s < f.switchCount(); ++s)
            QCOMPARE(static_cast<int>(f.incidentLinks(f.switchNode(s)).size()), k);
        // Each core switch reaches every pod exactly once.
        std::int32_t core = -1;
        for (std::int32_t s = 0; s < f.switchCount(); ++s)
            if (f.switchAt(s).tier == Tier::Core)
                core = s;
        std::set<std::string> pods;
        for (auto l : f.incidentLinks(f.switchNode(core)))
            pods.insert(f.switchAt(f.switchIndexOf(f.otherEnd(l, f.switchNode(core)))).location.pod);
        QCOMPARE(static_cast<int>(pods.size()), k);
    }

    void fatTreeRejectsOddK()
    {
        QVERIFY_THROWS_EXCEPTION(GeneratorError, fatTreeParams(5, 100));
        QVERIFY_THROWS_EXCEPTION(GeneratorError, fatTreeParams(2, 100));
    }

    // Radix-64 arithmetic, written out independently of the generator:
    // 8 rail leaves per SU, 32 hosts down and 32 uplinks each. Two tiers hold
    // at most 64 leaves (a spine has 64 ports); then spines use 32 ports down
    // and 32 up, and a core tier of radix-64 switches takes all spine uplinks.
    void superpodSwitchCounts()
    {
        for (int su = 1; su <= 64; ++su) {
            const Fabric f = generateClos(dgxSuperpodParams(su));
            const FabricCounts c = countFabric(f);
            const long long leaves = 8LL * su;
            const long long uplinks = leaves * 32;
            long long spines, cores;
            if (leaves <= 64) {
                spines = (uplinks + 63) / 64;
                cores = 0;
            } else {
                spines = uplinks / 32;
                cores = (spines * 32 + 63) / 64;
            }
            QCOMPARE(c.gpus, 256LL * su);
            QCOMPARE(tierCount(c, "leaf"), leaves);
            QCOMPARE(tierCount(c, "spine"), spines);
            QCOMPARE(tierCount(c, "core"), cores);
            if (su == 4 || su == 16 || su == 64)
                QVERIFY(f.validate().empty());
        }
        // The published reference points: 4 SUs = 32 leaves + 16 spines; 16 SUs adds 64 core.
        const FabricCounts c16 = countFabric(generateClos(dgxSuperpodParams(16)));
        QCOMPARE(tierCount(c16, "spine"), 128LL);
        QCOMPARE(tierCount(c16, "core"), 64LL);
    }

    void superpodIsNonBlocking()
    {
        const Fabric f = generateClos(dgxSuperpodParams(16));
        const auto o = analyzeOversubscription(f, CapacityView::of(f));
        QCOMPARE(tierOf(o, Tier::Leaf)->ratio, 1.0);
        QCOMPARE(tierOf(o, Tier::Spine)->worstRatio, 1.0);
        QVERIFY(tierOf(o, Tier::Core)->isTop);
        // Rail leaves: every leaf serves one rail.
        for (const Switch &s : f.switches())
            if (s.tier == Tier::Leaf)
                QVERIFY(s.rail >= 0 && s.rail < 8);
    }

    void metaZones()
    {
        const Fabric f = generateClos(metaAiZoneParams(8));
        QVERIFY(f.validate().empty());
        const FabricCounts c = countFabric(f);
        QCOMPARE(c.gpus, 24576LL);
        QCOMPARE(tierCount(c, "leaf"), 1536LL); // one rack switch per rack of 2 hosts
        QCOMPARE(tierCount(c, "spine"), 128LL); // 16 cluster switches per zone
        std::set<std::string> zones;
        for (const Host &h : f.hosts())
            zones.insert(h.location.zone);
        QCOMPARE(static_cast<int>(zones.size()), 8);
        const auto o = analyzeOversubscription(f, CapacityView::of(f));
        QCOMPARE(tierOf(o, Tier::Leaf)->ratio, 1.0);
        // 192 × 400G down; 1:7 asks for 192/7 = 27.4 uplinks, rounded up to 28.
        QCOMPARE(tierOf(o, Tier::Spine)->ratio, 192.0 / 28.0);
        QVERIFY(std::abs(tierOf(o, Tier::Spine)->ratio - 7.0) / 7.0 < 0.03);
    }

    void alibabaHpn()
    {
        const Fabric f = generateClos(alibabaHpnParams(15));
        QVERIFY(f.validate().empty());
        const FabricCounts c = countFabric(f);
        QCOMPARE(c.gpus, 15LL * 1024);
        QCOMPARE(c.planes, 2);
        QCOMPARE(tierCount(c, "leaf"), 15LL * 16); // 8 rails × 2 ToRs per segment
        QCOMPARE(tierCount(c, "spine"), 2LL * 60); // 60 aggregation switches per plane
        // Every NIC port lands on a different leaf, and the two ports on different planes.
        const NodeIndex h = f.hostNode(0);
        std::set<NodeIndex> leaves;
        std::set<int> planes;
        for (auto l : f.incidentLinks(h)) {
            leaves.insert(f.otherEnd(l, h));
            planes.insert(f.link(l).plane);
            QCOMPARE(f.link(l).capacityGbps, 200.0);
        }
        QCOMPARE(static_cast<int>(leaves.size()), 16);
        QCOMPARE(static_cast<int>(planes.size()), 2);
        const auto o = analyzeOversubscription(f, CapacityView::of(f));
        QCOMPARE(tierOf(o, Tier::Leaf)->ratio, 128.0 * 200 / (60 * 400));
        QCOMPARE(tierOf(o, Tier::Spine)->ratio, 15.0);
    }

    void railOptimizedOversubscription()
    {
        ClosParams p = railOptimizedParams(96);
        p.tierSpecs[0].oversubscription = 3.0; // 48 down, 16 up on radix 64
        const Fabric f = generateClos(p);
        QVERIFY(f.validate().empty());
        const auto o = analyzeOversubscription(f, CapacityView::of(f));
        QCOMPARE(tierOf(o, Tier::Leaf)->ratio, 3.0);
        QCOMPARE(tierOf(o, Tier::Leaf)->worstRatio, 3.0);
        // 96 hosts in SUs of 48: 2 SUs × 8 rails.
        QCOMPARE(tierCount(countFabric(f), "leaf"), 16LL);
    }

    void gpuModelsSetNvlink()
    {
        ClosParams p = railOptimizedParams(8);
        p.gpuModel = "b200";
        const Fabric f = generateClos(p);
        QCOMPARE(f.host(0).nvlinkGBps, 900.0);
        // NVLink 3 (A100: 12 links × 25 GB/s), NVLink 4 on the export H800 (8 × 25), NVLink 5 (GB200: 18 × 50).
        for (const auto &[model, gbps] : {std::pair{"a100", 300.0}, {"h800", 200.0}, {"gb200", 900.0}}) {
            p.gpuModel = model;
            QCOMPARE(generateClos(p).host(0).nvlinkGBps, gbps);
        }
        p.gpuModel = "x999";
        expectGeneratorError(p, "gpu");
    }

    // GB200 NVL72 racks: 18 trays × 4 GPUs per rack, each rack one NVLink
    // domain; 4 × 400G rails per tray, non-blocking leaves.
    void gb200Nvl72()
    {
        const Fabric f = generateClos(gb200NvlParams(2));
        QVERIFY(f.validate().empty());
        QCOMPARE(f.hostCount(), 36);
        QCOMPARE(f.gpuCount(), 144LL);
        const std::vector<NvlinkDomain> domains = f.nvlinkDomains();
        QCOMPARE(domains.size(), size_t(2));
        for (size_t d = 0; d < domains.size(); ++d) {
            QCOMPARE(domains[d].name, std::string(d == 0 ? "nvl-0001" : "nvl-0002"));
            QCOMPARE(domains[d].hosts.size(), size_t(18));
            QCOMPARE(domains[d].gpus, 72LL);
            std::set<std::string> racks;
            for (size_t i = 0; i < domains[d].hosts.size(); ++i) {
                QCOMPARE(domains[d].hosts[i], std::int32_t(d * 18 + i)); // consecutive trays
                racks.insert(f.host(domains[d].hosts[i]).location.rack);
            }
            QCOMPARE(racks.size(), size_t(1)); // the domain is its rack
        }
        QVERIFY(f.host(0).location.rack != f.host(18).location.rack);
        for (const Host &h : f.hosts()) {
            QCOMPARE(h.gpuModel, std::string("gb200"));
            QCOMPARE(h.gpus, 4);
            QCOMPARE(h.nvlinkGBps, 900.0);
            QVERIFY(h.nvls);
            QCOMPARE(h.nics.size(), size_t(4));
            for (int r = 0; r < 4; ++r) {
                QCOMPARE(h.nics[size_t(r)].rail, r);
                QCOMPARE(h.nics[size_t(r)].speedGbps, 400.0);
            }
        }
        // One rail leaf per rack and rail (18 down, 18 up), spines above: non-blocking.
        const FabricCounts c = countFabric(f);
        QCOMPARE(tierCount(c, "leaf"), 8LL);
        const OversubscriptionResult o = analyzeOversubscription(f, CapacityView::of(f));
        QCOMPARE(tierOf(o, Tier::Leaf)->ratio, 1.0);
        for (const Switch &s : f.switches())
            QCOMPARE(s.radix, 64);
        expectGeneratorErrorFrom([] { return gb200NvlParams(0); }, "racks");

        // 16 of 18 trays in service: 64-GPU NVLink domains, each still its rack.
        const Fabric sixteen = generateClos(gb200NvlParams(2, 16));
        QVERIFY(sixteen.validate().empty());
        QCOMPARE(sixteen.hostCount(), 32);
        QCOMPARE(sixteen.gpuCount(), 128LL);
        const std::vector<NvlinkDomain> d16 = sixteen.nvlinkDomains();
        QCOMPARE(d16.size(), size_t(2));
        for (const NvlinkDomain &d : d16) {
            QCOMPARE(d.gpus, 64LL);
            std::set<std::string> racks;
            for (const std::int32_t h : d.hosts)
                racks.insert(sixteen.host(h).location.rack);
            QCOMPARE(racks.size(), size_t(1));
        }
        QCOMPARE(tierOf(analyzeOversubscription(sixteen, CapacityView::of(sixteen)), Tier::Leaf)->ratio, 1.0);
        expectGeneratorErrorFrom([] { return gb200NvlParams(1, 19); }, "trays-per-rack");
        expectGeneratorErrorFrom([] { return gb200NvlParams(1, 0); }, "trays-per-rack");
    }

    // nvlinkDomainGpus groups consecutive hosts into domains of that many GPUs;
    // with hostsPerRack equal to the hosts per domain, each domain is a rack.
    void nvlinkDomainGrouping()
    {
        ClosParams p = railOptimizedParams(12);
        p.nvlinkDomainGpus = 32; // 4 hosts of 8 GPUs
        const Fabric f = generateClos(p);
        QVERIFY(f.validate().empty());
        const std::vector<NvlinkDomain> domains = f.nvlinkDomains();
        QCOMPARE(domains.size(), size_t(3));
        for (std::int32_t h = 0; h < f.hostCount(); ++h) {
            QCOMPARE(f.host(h).nvlinkDomain, "nvl-000" + std::to_string(h / 4 + 1));
            QCOMPARE(f.host(h).location.rack, f.host(h - h % 4).location.rack); // hostsPerRack 4
        }
        QVERIFY(generateClos(railOptimizedParams(12)).nvlinkDomains().empty()); // 0: none

        p.nvlinkDomainGpus = 36; // 4.5 hosts of 8 GPUs
        expectGeneratorError(p, "nvlink-domain: 36 GPUs per NVLink domain is not a whole number of 8-GPU hosts");
        p.nvlinkDomainGpus = 40; // 5 hosts: 12 hosts are not whole domains
        expectGeneratorError(p, "nvlink-domain: 12 hosts do not fill whole NVLink domains of 5 hosts");
        p.nvlinkDomainGpus = -8;
        expectGeneratorError(p, "nvlink-domain");
    }

    // ClosParams::nvls / sharp set Host::nvls on every host and Switch::sharp
    // on every switch, every tier; both default to false.
    void nvlsAndSharpFlags()
    {
        ClosParams p = railOptimizedParams(64);
        p.tiers = 2;
        const Fabric plain = generateClos(p);
        for (const Host &h : plain.hosts())
            QVERIFY(!h.nvls);
        for (const Switch &s : plain.switches())
            QVERIFY(!s.sharp);
        p.nvls = true;
        p.sharp = true;
        const Fabric f = generateClos(p);
        QCOMPARE(f.hostCount(), 64);
        for (const Host &h : f.hosts())
            QVERIFY(h.nvls);
        bool spine = false;
        for (const Switch &s : f.switches()) {
            QVERIFY(s.sharp);
            spine = spine || s.tier == Tier::Spine;
        }
        QVERIFY(spine);
        p.sharp = false;
        const Fabric hostsOnly = generateClos(p);
        QVERIFY(hostsOnly.host(0).nvls);
        QVERIFY(!hostsOnly.switchAt(0).sharp);
    }

    void everyElementHasALocation()
    {
        for (const ClosParams &p : {dgxSuperpodParams(2), metaAiZoneParams(2), alibabaHpnParams(1), fatTreeParams(4)}) {
            const Fabric f = generateClos(p);
            for (const Host &h : f.hosts()) {
                QVERIFY(!h.location.rack.empty());
                QVERIFY(!h.location.su.empty());
            }
            for (const Switch &s : f.switches())
                QVERIFY2(!s.location.rack.empty(), s.id.c_str());
        }
    }

    void impossibleParameters()
    {
        ClosParams p = railOptimizedParams(0);
        expectGeneratorError(p, "hosts");
        p = railOptimizedParams(64);
        p.hostsPerSu = 40; // a radix-64 leaf at 1:1 serves 32
        expectGeneratorError(p, "hosts-per-su");
        p = railOptimizedParams(64);
        p.tierSpecs[0].oversubscription = 0;
        expectGeneratorError(p, "oversubscription");
        p = railOptimizedParams(64);
        p.planes = 3;
        expectGeneratorError(p, "planes");
        p = railOptimizedParams(200000); // needs a fourth tier at radix 64
        expectGeneratorError(p, "radix");
    }

    void tiersThatCannotHoldTheDesignAreRefused()
    {
        // Three tiers of radix-16 switches hold 16³/4 = 1,024 host ports as a
        // Clos: 128 hosts of 8 rails. One more host is refused, naming the limit,
        // when the tier count is given (and needs a fourth tier when it is not).
        ClosParams p = railOptimizedParams(128);
        for (TierSpec &t : p.tierSpecs)
            t.radix = 16;
        p.tiers = 3;
        const Fabric f = generateClos(p);
        QCOMPARE(f.hostCount(), 128);
        p.hosts = 129;
        expectGeneratorError(p, "tiers");
        try {
            generateClos(p);
        } catch (const GeneratorError &e) {
            QVERIFY2(std::string(e.what()).find("hold at most 128 leaves per plane") != std::string::npos, e.what());
        }
        p.tiers = 0;
        expectGeneratorError(p, "radix");
    }

    void derivedTierCountMatches()
    {
        QCOMPARE(derivedTierCount(dgxSuperpodParams(8)), 2);
        QCOMPARE(derivedTierCount(dgxSuperpodParams(9)), 3);
        QCOMPARE(derivedTierCount(metaAiZoneParams(8)), 3);
    }
};

QTEST_GUILESS_MAIN(TestGenerators)
#include "tst_generators.moc"
