// Switch and NIC models from the catalogue (generate --switch/--spine-switch/
// --nic): every built-in template that takes models generates with every
// compatible model, and its switch counts per tier match the closed forms of
// a folded Clos built from that model's breakout; an incompatible choice is
// refused, naming the option.
//
// Closed forms (N host ports, R the radix of the breakout at the link speed,
// d the leaf's down ports, u its up ports, every tier non-blocking):
//  * leaves = N / d;
//  * two tiers (leaves <= R): spines = ceil(leaves * u / R);
//  * three tiers: spines = N / (R / 2), cores = N / R (pods of R/2 leaves);
//  * k-ary fat-tree (k = R): k^2/2 edge, k^2/2 aggregation, k^2/4 core switches.

#include "core/analysis/counts.h"
#include "core/generators/hardwarechoice.h"
#include "core/generators/presets.h"

#include <QTest>

#include <cmath>
#include <functional>

using namespace Railyard;

namespace {

struct Counts
{
    long long leaf = 0, spine = 0, core = 0;
};

Counts countTiers(const Fabric &f)
{
    Counts c;
    for (std::int32_t s = 0; s < f.switchCount(); ++s)
        switch (f.switchAt(s).tier) {
        case Tier::Leaf: ++c.leaf; break;
        case Tier::Spine: ++c.spine; break;
        case Tier::Core: ++c.core; break;
        case Tier::Unlayered: break;
        }
    return c;
}

long long ceilDiv(long long a, long long b)
{
    return (a + b - 1) / b;
}

/// The closed form of a rail-optimized, non-blocking Clos whose leaves have
/// d down and d up ports, of radix R above: N host ports.
Counts closedForm(long long n, long long d, long long r)
{
    Counts c;
    c.leaf = n / d;
    if (c.leaf <= r) {
        c.spine = ceilDiv(c.leaf * d, r);
    } else {
        c.spine = ceilDiv(n, r / 2);
        c.core = ceilDiv(n, r);
    }
    return c;
}

long long unitOf(long long hosts, long long downPorts)
{
    long long unit = std::min(hosts, downPorts);
    while (hosts % unit != 0)
        --unit;
    return unit;
}

struct Template
{
    const char *name;
    std::function<ClosParams()> params;
    /// Host ports and leaf down ports, given the leaf radix.
    std::function<std::pair<long long, long long>(int radix)> shape;
};

const std::vector<Template> &templates()
{
    static const std::vector<Template> list{
        // 4 SUs of 32 hosts x 8 rails on radix 64: a leaf per rail and SU, 32
        // down. The unit follows the leaf: the largest divisor of the hosts
        // not above half the radix (64 hosts on a 128-port leaf, 16 on 40).
        {"dgx-superpod 4 SU", [] { return dgxSuperpodParams(4); },
         [](int radix) { return std::pair(1024LL, unitOf(128, radix / 2)); }},
        // 16 SUs: three tiers on radix 64.
        {"dgx-superpod 16 SU", [] { return dgxSuperpodParams(16); },
         [](int radix) { return std::pair(4096LL, unitOf(512, radix / 2)); }},
        // 8 NVL72 racks: 18 trays x 4 rails, a leaf per rack and rail, 18 down.
        {"gb200-nvl72 8 racks", [] { return gb200NvlParams(8); }, [](int) { return std::pair(576LL, 18LL); }},
    };
    return list;
}

bool speaksAny(const BomCatalog::Item &item, Transport t)
{
    return t == Transport::Unspecified || item.speaks(t);
}

} // namespace

class TestHardwareChoice : public QObject
{
    Q_OBJECT

private slots:
    /// Every template x every switch model x (no NIC or every NIC model): it
    /// generates exactly when the model runs the NICs' speed and the NIC
    /// speaks the switch's transport, and then its counts are the closed form.
    void everyTemplateEveryModel()
    {
        const BomCatalog &catalog = BomCatalog::defaults();
        int generated = 0, refused = 0;
        for (const Template &t : templates()) {
            std::vector<std::string> nics{""};
            for (const auto &[slug, nic] : catalog.nics)
                nics.push_back(slug);
            for (const auto &[slug, model] : catalog.switches) {
                if (model.breakouts.empty())
                    continue; // "default": no figures to build from
                for (const std::string &nicSlug : nics) {
                    const BomCatalog::Item *nic = nicSlug.empty() ? nullptr : catalog.findNic(nicSlug);
                    const double port = nic ? nic->breakouts.front().gbps : t.params().nicGbps;
                    const Transport transport = model.transports.front();
                    const bool compatible = model.breakoutAt(port) && (!nic || speaksAny(*nic, transport));
                    ClosParams p = t.params();
                    HardwareChoice choice;
                    choice.leafSwitch = slug;
                    choice.nic = nicSlug;
                    const QString what = QStringLiteral("%1 with %2 and NIC '%3'")
                                             .arg(QLatin1String(t.name), QString::fromStdString(slug),
                                                  QString::fromStdString(nicSlug));
                    try {
                        applyHardware(p, choice, catalog);
                    } catch (const GeneratorError &e) {
                        QVERIFY2(!compatible, qPrintable(what + QStringLiteral(" refused: ") + e.what()));
                        const std::string message = e.what();
                        QVERIFY2(message.rfind("switch: ", 0) == 0 || message.rfind("nic: ", 0) == 0,
                                 qPrintable(what + QStringLiteral(": ") + e.what()));
                        ++refused;
                        continue;
                    }
                    QVERIFY2(compatible, qPrintable(what + QStringLiteral(" accepted")));
                    const Fabric f = generateClos(p);
                    const int radix = model.breakoutAt(port)->ports;
                    const auto [ports, down] = t.shape(radix);
                    const Counts want = closedForm(ports, down, radix);
                    const Counts got = countTiers(f);
                    QVERIFY2(got.leaf == want.leaf && got.spine == want.spine && got.core == want.core,
                             qPrintable(what
                                        + QStringLiteral(": %1/%2/%3 switches, closed form %4/%5/%6")
                                              .arg(got.leaf)
                                              .arg(got.spine)
                                              .arg(got.core)
                                              .arg(want.leaf)
                                              .arg(want.spine)
                                              .arg(want.core)));
                    QCOMPARE(f.transport, transport);
                    QCOMPARE(f.switchAt(0).model, model.model);
                    QCOMPARE(f.switchAt(0).radix, radix);
                    if (nic) {
                        QCOMPARE(f.host(0).nics.front().model, nic->model);
                        QCOMPARE(f.host(0).nics.front().speedGbps, port);
                    }
                    ++generated;
                }
            }
        }
        // Quantum-2, Spectrum-4, Tomahawk 5 and 6 at 400G, Quantum-X800 with ConnectX-8 at 800G…
        qInfo("%d combinations generated, %d refused", generated, refused);
        QVERIFY2(generated >= 30, qPrintable(QString::number(generated)));
        QVERIFY(refused > 0);
    }

    /// Rail-optimized with the leaves' own scalable units: R hosts in two SUs
    /// of R/2, so 2 x rails leaves and rails spines for every radix.
    void railOptimizedEveryModel()
    {
        const BomCatalog &catalog = BomCatalog::defaults();
        for (const auto &[slug, model] : catalog.switches) {
            const Breakout *at400 = model.breakoutAt(400);
            if (!at400)
                continue;
            ClosParams p = railOptimizedParams(at400->ports);
            HardwareChoice choice;
            choice.leafSwitch = slug;
            applyHardware(p, choice, catalog);
            const Counts got = countTiers(generateClos(p));
            QCOMPARE(got.leaf, 16LL);
            QCOMPARE(got.spine, 8LL);
            QCOMPARE(got.core, 0LL);
        }
    }

    /// k-ary fat-trees from a model's breakout (k = its ports): k^2/2 edge and
    /// aggregation, k^2/4 core (Al-Fares 2008). Radix 64 and below; larger k
    /// builds hundreds of thousands of hosts.
    void fatTreeFromModels()
    {
        const BomCatalog &catalog = BomCatalog::defaults();
        int built = 0;
        for (const auto &[slug, model] : catalog.switches)
            for (const Breakout &b : model.breakouts) {
                if (b.ports > 64)
                    continue;
                ClosParams p = fatTreeParams(b.ports, b.gbps);
                HardwareChoice choice;
                choice.leafSwitch = slug;
                applyHardware(p, choice, catalog);
                const long long k = b.ports;
                const Counts got = countTiers(generateClos(p));
                QCOMPARE(got.leaf, k * k / 2);
                QCOMPARE(got.spine, k * k / 2);
                QCOMPARE(got.core, k * k / 4);
                ++built;
            }
        QVERIFY(built >= 4);
    }

    /// A different spine model runs at the leaves' uplink speed.
    void spineModel()
    {
        ClosParams p = dgxSuperpodParams(4);
        HardwareChoice choice;
        choice.leafSwitch = "qm9700";
        choice.spineSwitch = "Q3400";
        try {
            applyHardware(p, choice, BomCatalog::defaults());
            QFAIL("Q3400 has no 400G breakout");
        } catch (const GeneratorError &e) {
            QCOMPARE(std::string(e.what()),
                     std::string("spine-switch: Q3400 runs ports at 800G; the leaves' uplinks run at 400G"));
        }
        p = dgxSuperpodParams(4);
        choice.leafSwitch = "sn5600";
        choice.spineSwitch = "tomahawk6";
        applyHardware(p, choice, BomCatalog::defaults());
        const Fabric f = generateClos(p);
        const Counts got = countTiers(f);
        QCOMPARE(got.leaf, 16LL); // 128-port SN5600 leaves: units of 64 hosts, 2 units x 8 rails
        QCOMPARE(got.spine, 4LL); // 1,024 uplinks over 256-port Tomahawk 6 spines
        QCOMPARE(f.transport, Transport::Ethernet);
        QCOMPARE(f.effectiveRouting(), FabricRouting::Hashed);
    }

    /// Refusals name the option and say why.
    void refusals()
    {
        const BomCatalog &catalog = BomCatalog::defaults();
        auto refused = [&](ClosParams p, const HardwareChoice &choice) {
            try {
                applyHardware(p, choice, catalog);
            } catch (const GeneratorError &e) {
                return std::string(e.what());
            }
            return std::string("accepted");
        };
        HardwareChoice c;
        c.leafSwitch = "q3400";
        QCOMPARE(refused(dgxSuperpodParams(1), c),
                 std::string("switch: Q3400 runs ports at 800G; the design's host ports run at 400G"));
        c.nic = "connectx-8";
        QCOMPARE(refused(dgxSuperpodParams(1), c), std::string("accepted"));
        c = {};
        c.leafSwitch = "qm9700";
        c.nic = "bluefield-3";
        QCOMPARE(refused(dgxSuperpodParams(1), c), std::string("nic: BlueField-3 SuperNIC does not speak infiniband"));
        c = {};
        c.leafSwitch = "qm9700";
        c.transport = Transport::Ethernet;
        QCOMPARE(refused(dgxSuperpodParams(1), c),
                 std::string("switch: QM9700 is an infiniband switch; --transport asks for ethernet"));
        c = {};
        c.leafSwitch = "nonesuch";
        QVERIFY(refused(dgxSuperpodParams(1), c).rfind("switch: unknown switch model 'nonesuch' (known: ", 0) == 0);
        c = {};
        c.leafSwitch = "sn5600";
        c.inNetworkReduction = true;
        QCOMPARE(refused(dgxSuperpodParams(1), c), std::string("sharp: SN5600 has no in-network reduction"));
        c = {};
        c.leafSwitch = "tomahawk5";
        c.adaptiveRouting = true;
        ClosParams adaptive = dgxSuperpodParams(1);
        applyHardware(adaptive, c, catalog);
        QCOMPARE(generateClos(adaptive).effectiveRouting(), FabricRouting::Adaptive);
        // The design's own model stands in when only the NIC changes.
        c = {};
        c.nic = "connectx-8";
        QCOMPARE(refused(dgxSuperpodParams(1), c),
                 std::string("nic: QM9700 runs ports at 400G, 200G; the NICs (ConnectX-8) run at 800G"));
    }
};

QTEST_GUILESS_MAIN(TestHardwareChoice)
#include "tst_hardwarechoice.moc"
