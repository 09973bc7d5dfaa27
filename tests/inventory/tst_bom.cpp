// Bill of materials and cabling plan. The DGX SuperPOD preset at 4 scalable
// units, derived by hand from the reference design: 32 hosts per SU with 8
// rails of 400G, one 64-port leaf per rail and SU (32 down, 32 up), spines
// taking every leaf uplink; every cable leaves its rack (hosts in compute
// racks, leaves in the SU's network rack, spines in spine racks). One basis:
// each cable is priced as the part its run on the floor takes, the automatic
// floor when the design has none, and NICs without a model as their GPU's
// reference NIC.

#include "core/bom/bom.h"
#include "core/floor/floorplan.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"

#include <QtTest>

using namespace Railyard;

namespace {
/// The design without a floor of its own (and without NIC models): priced on
/// the automatic floor, its NICs as the reference NIC.
ClosParams withoutFloor(ClosParams p)
{
    p.floor = false;
    return p;
}
} // namespace

namespace {

const BomLine *findLine(const BillOfMaterials &bom, const std::string &category, const std::string &tier)
{
    for (const BomLine &l : bom.lines)
        if (l.category == category && l.tier == tier)
            return &l;
    return nullptr;
}

} // namespace

class TestBom : public QObject
{
    Q_OBJECT

private slots:
    void superpodByHand();
    void lengthClasses();
    void catalog();
    void everyFigureCited();
    void cablingPlan();
};

void TestBom::superpodByHand()
{
    const int sus = 4, hostsPerSu = 32, rails = 8, radix = 64;
    const int hosts = sus * hostsPerSu;                    // 128
    const int hostCables = hosts * rails;                  // 1,024
    const int leaves = sus * rails;                        // 32 (one per rail and SU)
    const int leafUplinks = leaves * (radix - hostsPerSu); // 32 × 32 = 1,024
    const int spines = leafUplinks / radix;                // 16
    const int cables = hostCables + leafUplinks;           // 2,048

    const Fabric bare = generateClos(withoutFloor(dgxSuperpodParams(sus)));
    QVERIFY(!bare.floor);
    const BillOfMaterials bom = buildBom(bare);
    QCOMPARE(bom.switches, std::int64_t(leaves + spines));
    QCOMPARE(bom.cables, std::int64_t(cables));
    QCOMPARE(bom.nics, std::int64_t(hostCables)); // one NIC a rail
    QCOMPARE(bom.defaultNics, std::int64_t(hostCables));
    QCOMPARE(bom.unreachedCables, std::int64_t(0));
    QVERIFY(bom.automaticFloor);
    QVERIFY(bom.floorBasis.find("automatic floor") != std::string::npos);
    QVERIFY(!bom.defaults.empty() && bom.defaults.front().find("ConnectX-7") != std::string::npos);
    const BomLine *leafLine = findLine(bom, "switch", "leaf");
    const BomLine *spineLine = findLine(bom, "switch", "spine");
    QVERIFY(leafLine && spineLine);
    QCOMPARE(leafLine->count, std::int64_t(leaves));
    QCOMPARE(leafLine->item, std::string("QM9700"));
    QCOMPARE(spineLine->count, std::int64_t(spines));
    // Every port of every switch is used.
    for (const BomTierTotal &t : bom.tiers)
        if (t.tier == "leaf" || t.tier == "spine")
            QCOMPARE(t.portsFree, std::int64_t(0));

    // One basis: the same design with its automatic floor written (what the
    // generators do) prices to the dollar and the watt; so do the floor's own
    // runs: switches and NICs at the catalogue's figures, each cable at its
    // run's part.
    const Fabric withFloor = generateClos(dgxSuperpodParams(sus));
    QVERIFY(withFloor.floor && withFloor.floor->automatic);
    const BillOfMaterials same = buildBom(withFloor);
    QCOMPARE(same.price, bom.price);
    QCOMPARE(same.watts, bom.watts);
    const BomCatalog &c = BomCatalog::defaults();
    const CableRunSummary runs = cableRuns(bare, autoFloor(bare), c.cableParts, false);
    double cablesPrice = 0, cablesWatts = 0;
    std::int64_t transceivers = 0;
    for (const CableRun &run : runs.runs) {
        QVERIFY(run.choice.part);
        cablesPrice += run.choice.price;
        cablesWatts += run.choice.watts;
        transceivers += run.choice.part->transceivers;
    }
    QCOMPARE(bom.transceivers, transceivers);
    const double nic = c.nics.at("connectx-7").price, nicWatts = c.nics.at("connectx-7").watts;
    const double expected = (leaves + spines) * c.switches.at("qm9700").price + hostCables * nic + cablesPrice;
    QVERIFY2(std::abs(bom.price - expected) < 1e-6 * expected,
             qPrintable(QStringLiteral("%1 against %2").arg(bom.price).arg(expected)));
    const double watts = (leaves + spines) * c.switches.at("qm9700").watts + hostCables * nicWatts + cablesWatts;
    QVERIFY2(std::abs(bom.watts - watts) < 1e-6 * watts, qPrintable(QStringLiteral("%1 against %2").arg(bom.watts).arg(watts)));
}

void TestBom::lengthClasses()
{
    Fabric f;
    Host a, b, c;
    a.id = "a";
    a.location = {"z1", "p1", "su1", "r1"};
    b.id = "b";
    b.location = {"z1", "p1", "su1", "r2"};
    c.id = "c";
    c.location = {"z1", "p2", "su9", "r9"};
    Switch s;
    s.id = "s";
    s.location = {"z1", "p1", "", "r1"};
    f.addHost(a);
    f.addHost(b);
    f.addHost(c);
    f.addSwitch(s);
    QCOMPARE(cableClass(f, 0, f.switchNode(0)), std::string("in_rack"));      // same rack
    QCOMPARE(cableClass(f, 0, 1), std::string("in_row"));                     // same SU
    QCOMPARE(cableClass(f, 1, f.switchNode(0)), std::string("in_row"));       // same pod, the switch has no SU
    QCOMPARE(cableClass(f, 0, 2), std::string("between_rows"));               // other SU and pod
    QCOMPARE(cableClass(f, 2, f.switchNode(0)), std::string("between_rows")); // other pod
}

void TestBom::catalog()
{
    std::string error;
    QVERIFY(BomCatalog::defaults().switches.count("qm9700"));
    QCOMPARE(BomCatalog::defaults().findSwitch("QM9700"), &BomCatalog::defaults().switches.at("qm9700"));
    QVERIFY(!BomCatalog::fromJson("{", &error));
    QVERIFY(!BomCatalog::fromJson(R"({"format":"other"})", &error));
    QCOMPARE(error, std::string("/format: must be \"railyard-bom-catalog\""));
    QVERIFY(!BomCatalog::fromJson(R"({"format":"railyard-bom-catalog","switches":{"X":{"price":-1}}})", &error));
    QCOMPARE(error, std::string("/switches/X/price: must be a number from 0 to 1e9"));
    QVERIFY(!BomCatalog::fromJson(
        R"({"format":"railyard-bom-catalog","switches":{"X":{"breakouts":[{"ports":0,"gbps":400}]}}})", &error));
    QCOMPARE(error, std::string("/switches/X/breakouts/0/ports: must be from 1 to 4096"));
    QVERIFY(!BomCatalog::fromJson(R"({"format":"railyard-bom-catalog","nics":{"N":{"transports":["fddi"]}}})",
                                  &error));
    QCOMPARE(error, std::string("/nics/N/transports: must name infiniband, ethernet or efa"));
    // A model given twice is refused, not the last one silently kept.
    QVERIFY(!BomCatalog::fromJson(
        R"({"format":"railyard-bom-catalog","switches":{"X":{"price":10},"X":{"price":1}}})", &error));
    QCOMPARE(error, std::string("/switches/X: the key \"X\" is given twice in one object"));

    // A user's file over the built-in catalogue: named models take the
    // figures given and keep the rest; the figures cite the file.
    const auto mine = BomCatalog::withOverrides(
        R"({"format":"railyard-bom-catalog","currency":"EUR","switches":{"QM9700":{"price":1,"watts":2}},
            "nics":{"my-nic":{"model":"MyNIC","transports":["ethernet"],"breakouts":[{"ports":1,"gbps":400}],
                              "price":10,"watts":5}}})",
        "your catalogue mine.json", &error);
    QVERIFY2(mine, error.c_str());
    const BomCatalog::Item &qm9700 = mine->switches.at("qm9700");
    QCOMPARE(qm9700.price, 1.0);
    QCOMPARE(qm9700.breakouts.size(), size_t(2)); // kept from the built-in entry
    QCOMPARE(qm9700.sources.at("price"), std::string("your catalogue mine.json"));
    QVERIFY(qm9700.sources.at("breakouts").find("datasheet") != std::string::npos);
    QVERIFY(mine->findNic("mynic"));
    QVERIFY(mine->findNic("connectx-7")); // the built-in NICs stay
    const Fabric one = generateClos(withoutFloor(dgxSuperpodParams(1)));
    const BillOfMaterials bom = buildBom(one, *mine);
    const BillOfMaterials shipped = buildBom(one);
    QCOMPARE(bom.currency, std::string("EUR"));
    // 8 leaves + 4 spines at 1 instead of the QM9700's price; the rest as shipped.
    QCOMPARE(bom.price, shipped.price - 12 * BomCatalog::defaults().switches.at("qm9700").price + 12 * 1.0);
    // Length-class cables are gone: a file that gives them is told where the cabling is priced.
    QVERIFY(!BomCatalog::withOverrides(R"({"format":"railyard-bom-catalog","cables":{"in_row":{"price":3}}})", "x",
                                       &error));
    QVERIFY2(error.find("/cables: length-class cables and transceivers are no longer priced") == 0, error.c_str());
    QVERIFY(!BomCatalog::withOverrides(R"({"format":"railyard-bom-catalog","switches":{"QM9700":{"watts":"a lot"}}})",
                                       "x", &error));
    QCOMPARE(error, std::string("/switches/QM9700/watts: must be a number from 0 to 1e9"));
}

void TestBom::everyFigureCited()
{
    // The shipped catalogue: every figure names its source, with a date.
    const BomCatalog &shipped = BomCatalog::defaults();
    QVERIFY(shipped.switches.size() >= 6);
    QVERIFY(shipped.nics.size() >= 3);
    const std::vector<std::string> missing = shipped.uncited();
    QVERIFY2(missing.empty(), missing.empty() ? "" : missing.front().c_str());
    const QRegularExpression dated(QStringLiteral("\\((?:[^)]*\\b)?(?:19|20)\\d\\d\\b"));
    for (const auto *section : {&shipped.switches, &shipped.nics})
        for (const auto &[slug, item] : *section)
            for (const auto &[figure, source] : item.sources)
                QVERIFY2(dated.match(QString::fromStdString(source)).hasMatch(),
                         qPrintable(QString::fromStdString(slug + " " + figure + ": " + source)));
    for (const CablePart &part : shipped.cableParts.parts) {
        for (const char *figure : {"reach_m", "watts_per_end", "price"})
            QVERIFY2(part.sources.count(figure), qPrintable(QString::fromStdString(part.slug + " " + figure)));
        // Prices and powers move with time, so they carry a date; a reach is the standard's or the datasheet's.
        for (const auto &[figure, source] : part.sources)
            QVERIFY2(figure == "reach_m" || dated.match(QString::fromStdString(source)).hasMatch() ||
                         source.find("same") == 0 || source.find("half of") == 0,
                     qPrintable(QString::fromStdString(part.slug + " " + figure + ": " + source)));
    }
    // The models an architect weighs today, with their breakouts.
    QCOMPARE(shipped.findSwitch("Q3400")->breakoutAt(800)->ports, 144);
    QCOMPARE(shipped.findSwitch("sn5600")->breakoutAt(400)->ports, 128);
    QCOMPARE(shipped.findSwitch("tomahawk5")->breakoutAt(200)->ports, 256);
    QCOMPARE(shipped.findSwitch("tomahawk6")->breakoutAt(800)->ports, 128);
    QVERIFY(shipped.findNic("ConnectX-8")->breakoutAt(800));
    QVERIFY(shipped.findNic("bluefield-3")->speaks(Transport::Ethernet));
    QVERIFY(!shipped.findNic("bluefield-3")->speaks(Transport::InfiniBand));

    // An entry without a source is found, with the pointer where it belongs.
    std::string error;
    const auto bare = BomCatalog::fromJson(
        R"j({"format":"railyard-bom-catalog","switches":{"x":{"price":1,"watts":2,"breakouts":[{"ports":64,"gbps":400}],
            "sources":{"price":"quote (2026)","watts":"datasheet (2025)","breakouts":"datasheet (2025)"}}}})j",
        &error);
    QVERIFY2(bare, error.c_str());
    QCOMPARE(bare->uncited(), std::vector<std::string>{"/switches/x/sources/capabilities"});
}

void TestBom::cablingPlan()
{
    const Fabric f = generateClos(withoutFloor(dgxSuperpodParams(1)));
    const std::vector<CableRow> rows = Railyard::cablingPlan(f);
    QCOMPARE(rows.size(), f.links().size());
    QCOMPARE(rows.front().label, std::string("C00001"));
    const std::string csv = cablingPlanCsv(rows);
    QVERIFY(csv.rfind("label,a_device,a_port,a_rack,b_device,b_port,b_rack,length_class,cable_type,gbps,length_m,"
                      "stock_m,part,route\r\n",
                      0)
            == 0);
    // gpu001's first NIC to leaf-0001's first port (1-based), from rack-001 to the SU's network rack,
    // with its run on the automatic floor and the part that reaches it.
    QVERIFY2(csv.find("C00001,gpu001,nic0/1,rack-001,leaf-0001,1,su-001-net,in_row,") != std::string::npos,
             csv.substr(0, 300).c_str());
    QVERIFY(rows.front().lengthM > 0 && !rows.front().part.empty() && rows.front().part.rfind("none", 0) != 0);
    size_t lines = 0;
    for (char c : csv)
        lines += c == '\n';
    QCOMPARE(lines, rows.size() + 1);
    CableRow odd = rows.front();
    odd.aDevice = "rack \"A\", row 1";
    QVERIFY(cablingPlanCsv({odd}).find("\"rack \"\"A\"\", row 1\"") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestBom)
#include "tst_bom.moc"
