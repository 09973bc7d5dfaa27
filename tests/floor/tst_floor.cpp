// The floor against the worked example of docs/floor.md: two rows of four
// racks, every cable's length derived by hand, and the part each one takes.
#include "core/floor/cableruns.h"
#include "core/floor/floorplan.h"
#include "core/bom/floorreport.h"
#include "core/formats/fabricjson/fabricjsonformat.h"
#include "core/formats/fabricjson/fabricjsonfast.h"
#include "core/formats/fabricjson/fabricjsonreader.h"
#include "core/project/projectfile.h"
#include "core/analysis/capacity.h"
#include "core/traffic/collectivemodel.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"

#include <QBuffer>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>
#include <set>

using namespace Railyard;

namespace {

/// Two rows of four 42 U racks (0.6 m wide, rows 3.0 m apart centre to
/// centre), trays 0.5 m above the rack tops, cross trays at slots 0 and 3,
/// 1 m of slack at each cable end.
FloorPlan exampleFloor()
{
    const std::string text = R"({
      "slack_per_end_m": 1.0,
      "halls": [{"id": "hall-1", "rows": 2, "slots_per_row": 4, "rack_width_m": 0.6, "rack_depth_m": 1.2,
                 "row_pitch_m": 3.0, "rack_units": 42, "unit_m": 0.04445, "tray_height_m": 0.5,
                 "cross_trays": [0, 3], "rack_budget_kw": 40, "row_budget_kw": 120}],
      "racks": [{"rack": "a1", "row": 0, "slot": 0}, {"rack": "a2", "row": 0, "slot": 1},
                {"rack": "a3", "row": 0, "slot": 2}, {"rack": "a4", "row": 0, "slot": 3},
                {"rack": "b1", "row": 1, "slot": 0}, {"rack": "b2", "row": 1, "slot": 1},
                {"rack": "b3", "row": 1, "slot": 2}, {"rack": "b4", "row": 1, "slot": 3}],
      "devices": [{"id": "h1", "u": 1}, {"id": "h2", "u": 33}, {"id": "h3", "u": 37},
                  {"id": "leaf1", "u": 41}, {"id": "leaf2", "u": 41}, {"id": "spine1", "u": 42}]})";
    return parseFloorJson(text, "example");
}

/// h1 and h3 in a1 with leaf1, h2 in a2, leaf2 in b2, spine1 in b4.
Fabric exampleFabric()
{
    Fabric f;
    f.name = "floor-example";
    auto host = [&](const char *id, const char *rack) {
        Host h;
        h.id = id;
        h.nics.push_back(Nic{0, 400.0, 1, {}});
        h.location.rack = rack;
        return f.addHost(h);
    };
    host("h1", "a1");
    host("h2", "a2");
    host("h3", "a1");
    auto sw = [&](const char *id, Tier tier, const char *rack) {
        Switch s;
        s.id = id;
        s.tier = tier;
        s.location.rack = rack;
        return f.addSwitch(s);
    };
    const std::int32_t leaf1 = sw("leaf1", Tier::Leaf, "a1"), leaf2 = sw("leaf2", Tier::Leaf, "b2"),
                       spine1 = sw("spine1", Tier::Spine, "b4");
    auto link = [&](const char *id, NodeIndex a, NodeIndex b) {
        Link l;
        l.id = id;
        l.a = a;
        l.b = b;
        l.capacityGbps = 400;
        f.addLink(l);
    };
    link("h1-leaf1", f.hostNode(0), f.switchNode(leaf1));
    link("h2-leaf1", f.hostNode(1), f.switchNode(leaf1));
    link("h3-leaf1", f.hostNode(2), f.switchNode(leaf1));
    link("leaf1-spine1", f.switchNode(leaf1), f.switchNode(spine1));
    link("leaf2-spine1", f.switchNode(leaf2), f.switchNode(spine1));
    return f;
}

constexpr double U = 0.04445, rackTop = 42 * U, tray = 0.5;
/// The climb from a device at U u (its ports at the middle of that unit) to the tray.
double climb(double u)
{
    return rackTop - (u - 0.5) * U + tray;
}

} // namespace

class TestFloor : public QObject
{
    Q_OBJECT
private slots:
    void workedExample()
    {
        const FloorPlan floor = exampleFloor();
        const Fabric f = exampleFabric();
        const CableRunSummary s = cableRuns(f, floor, CablePartCatalog::defaults());
        QVERIFY2(s.problems.empty(), s.problems.empty() ? "" : s.problems.front().c_str());
        QCOMPARE(s.runs.size(), size_t(5));
        auto near = [](double a, double b) { return std::abs(a - b) < 1e-9; };

        // h1 (a1 U1) – leaf1 (a1 U41): in the rack, 40 U = 1.778 m, + 2 m
        // slack = 3.778 m: past the 3 m passive copper, a 4 m active copper.
        const CableRun &r1 = s.runs[0];
        QVERIFY(near(r1.verticalM, 40 * U));
        QCOMPARE(r1.trayM, 0.0);
        QVERIFY(near(r1.metres, 40 * U + 2));
        QVERIFY(near(r1.metres, 3.778));
        QCOMPARE(r1.choice.part->slug, std::string("acc-400g"));
        QCOMPARE(r1.choice.stockM, 4.0);

        // h2 (a2 U33) – leaf1 (a1 U41): climbs 0.922275 and 0.566675 m,
        // one rack along the row tray (0.6 m), slack 2 m: 4.08895 m → 5 m ACC.
        const CableRun &r2 = s.runs[1];
        QVERIFY(near(climb(33), 0.922275));
        QVERIFY(near(climb(41), 0.566675));
        QVERIFY(near(r2.trayM, 0.6));
        QVERIFY(near(r2.metres, 0.922275 + 0.6 + 0.566675 + 2));
        QCOMPARE(r2.choice.part->slug, std::string("acc-400g"));
        QCOMPARE(r2.choice.stockM, 5.0);

        // h3 (a1 U37) – leaf1 (a1 U41): 4 U = 0.1778 m + 2 m = 2.1778 m → 2.5 m DAC.
        const CableRun &r3 = s.runs[2];
        QVERIFY(near(r3.metres, 4 * U + 2));
        QCOMPARE(r3.choice.part->slug, std::string("dac-400g"));
        QCOMPARE(r3.choice.stockM, 2.5);

        // leaf1 (a1, row 0 slot 0, U41) – spine1 (b4, row 1 slot 3, U42):
        // across one row pitch (3.0 m) and along 3 slots to a cross tray
        // (either end: 0 + 1.8 or 1.8 + 0), 4.8 m of tray; climbs 0.566675
        // and 0.522225 m; 7.8889 m → a 10 m active optical cable (cheaper
        // than multimode optics at that length).
        const CableRun &r4 = s.runs[3];
        QVERIFY(near(climb(42), 0.522225));
        QVERIFY(near(r4.trayM, 4.8));
        QVERIFY(near(r4.metres, 0.566675 + 4.8 + 0.522225 + 2));
        QCOMPARE(r4.choice.part->slug, std::string("aoc-400g"));
        QCOMPARE(r4.choice.stockM, 10.0);

        // leaf2 (b2 U41) – spine1 (b4 U42): two racks along row 1 (1.2 m):
        // 0.566675 + 1.2 + 0.522225 + 2 = 4.2889 m → 5 m ACC.
        const CableRun &r5 = s.runs[4];
        QVERIFY(near(r5.trayM, 1.2));
        QVERIFY(near(r5.metres, 4.2889));
        QCOMPARE(r5.choice.part->slug, std::string("acc-400g"));

        QVERIFY(near(s.longestM, r4.metres));
        QCOMPARE(s.partCounts.at("acc-400g"), 3);
        QCOMPARE(s.partCounts.at("dac-400g"), 1);
        QCOMPARE(s.partCounts.at("aoc-400g"), 1);
        QCOMPARE(s.transceivers, 0);
        // Latency from distance: the fibre's 4.9 ns/m over the AOC's run.
        QVERIFY(near(r4.propagationNs, r4.metres * 4.9));
        QVERIFY(r4.route.find("tray 4.80 m") != std::string::npos);
    }

    void crossTrayIsTheNearerOne()
    {
        // a2 (row 0 slot 1, x 0.9) to b1 (row 1 slot 0, x 0.3): through the
        // cross tray at slot 0 it is 0.6 + 3.0 + 0 = 3.6 m; through slot 3
        // it would be 1.2 + 3.0 + 1.8 = 6.0 m.
        const FloorPlan floor = exampleFloor();
        QCOMPARE(trayDistance(floor, *floor.find("a2"), *floor.find("b1")), 0.6 + 3.0);
        FloorPlan onlyFar = floor;
        onlyFar.halls[0].crossSlots = {3};
        QCOMPARE(trayDistance(onlyFar, *floor.find("a2"), *floor.find("b1")), 1.2 + 3.0 + 1.8);
    }

    void partsByReach()
    {
        // Each part to its reach, and just past it the next one: 3 m DAC,
        // 5 m ACC, 30 m AOC (its longest stock length), 50 m multimode,
        // 500 m DR4, 2,000 m FR4, then nothing.
        const CablePartCatalog &c = CablePartCatalog::defaults();
        const std::vector<std::pair<double, std::string>> cases{
            {3.0, "dac-400g"},       {3.01, "acc-400g"},      {5.0, "acc-400g"},      {5.01, "aoc-400g"},
            {30.0, "aoc-400g"},      {30.01, "mmf-sr4-400g"}, {50.0, "mmf-sr4-400g"}, {50.01, "smf-dr4-400g"},
            {500.0, "smf-dr4-400g"}, {500.5, "smf-fr4-400g"}, {2000, "smf-fr4-400g"}};
        for (const auto &[metres, slug] : cases) {
            const auto choice = choosePart(c, 400, metres);
            QVERIFY2(choice, std::to_string(metres).c_str());
            QCOMPARE(choice->part->slug, slug);
            QVERIFY(choice->stockM >= metres);
        }
        QVERIFY(!choosePart(c, 400, 2000.5));
        QVERIFY(!choosePart(c, 1600, 1)); // no 1.6T part in the catalogue
        // Multimode at 31 m is cut to the metre: 60 + 2 × 31 + 2 × 700.
        const auto mm = choosePart(c, 400, 30.01);
        QCOMPARE(mm->stockM, 31.0);
        QCOMPARE(mm->price, 60.0 + 2 * 31 + 2 * 700);
        QCOMPARE(mm->watts, 18.0);
        // Every part cites its reach.
        for (const CablePart &p : c.parts)
            QVERIFY2(!p.sources.at("reach_m").empty(), p.slug.c_str());
    }

    void powerPerRackAndRow()
    {
        // The worked example's hosts are 8-GPU H100 systems: 10.2 kW each
        // (DGX H100's published maximum). Its switches have no model: the
        // catalogue's default switch, 1,500 W. Each cable end adds its
        // part's watts in its rack: ACC 0.75 W, DAC 0.1 W, AOC 9 W.
        //   a1: h1 + h3 (20,400) + leaf1 (1,500) + ends: h1–leaf1 ACC both
        //       (1.5), h2–leaf1 ACC one (0.75), h3–leaf1 DAC both (0.2),
        //       leaf1–spine1 AOC one (9) = 21,911.45 W
        //   a2: h2 (10,200) + its ACC end (0.75) = 10,200.75 W
        //   b2: leaf2 (1,500) + ACC end (0.75) = 1,500.75 W
        //   b4: spine1 (1,500) + AOC end (9) + ACC end (0.75) = 1,509.75 W
        FloorPlan floor = exampleFloor();
        const Fabric f = exampleFabric();
        FloorReport r = buildFloorReport(f, floor, BomCatalog::defaults(), CablePartCatalog::defaults());
        QVERIFY2(r.problems.empty(), r.problems.empty() ? "" : r.problems.front().c_str());
        auto rack = [&](const FloorReport &report, const char *name) -> const RackPower & {
            for (const RackPower &p : report.rackPower)
                if (p.rack == name)
                    return p;
            qFatal("no rack %s", name);
        };
        auto near = [](double a, double b) { return std::abs(a - b) < 1e-9; };
        QVERIFY(near(rack(r, "a1").kw(), 21.91145));
        QCOMPARE(rack(r, "a1").hosts, 2);
        QCOMPARE(rack(r, "a1").switches, 1);
        QVERIFY(near(rack(r, "a2").kw(), 10.20075));
        QVERIFY(near(rack(r, "b2").kw(), 1.50075));
        QVERIFY(near(rack(r, "b4").kw(), 1.50975));
        QCOMPARE(rack(r, "a3").kw(), 0.0);
        QCOMPARE(r.rowPower.size(), size_t(2));
        QVERIFY(near(r.rowPower[0].kw, 21.91145 + 10.20075));
        QVERIFY(near(r.rowPower[1].kw, 1.50075 + 1.50975));
        QVERIFY(near(r.totalKw, 21.91145 + 10.20075 + 1.50075 + 1.50975));
        // Budgets of 20 kW a rack and 30 kW a row: a1 and row 0 are over.
        floor.halls[0].rackBudgetKw = 20;
        floor.halls[0].rowBudgetKw = 30;
        r = buildFloorReport(f, floor, BomCatalog::defaults(), CablePartCatalog::defaults());
        QVERIFY(rack(r, "a1").over());
        QVERIFY(!rack(r, "a2").over());
        QVERIFY(r.rowPower[0].over());
        QVERIFY(!r.rowPower[1].over());
        QCOMPARE(r.problems.size(), size_t(2));
        QCOMPARE(r.problems[0], std::string("rack a1 draws 21.9 kW, over its 20 kW budget (air-cooled hall hall-1)"));
        QCOMPARE(r.problems[1], std::string("row 0 of hall-1 draws 32.1 kW, over its 30 kW budget"));
        // The report and the drawing.
        QVERIFY(floorReportToText(r).find("OVER BUDGET") != std::string::npos);
        const std::string svg = floorToSvg(floor, r);
        QVERIFY(svg.rfind("<svg", 0) == 0);
        QVERIFY(svg.find("<title>a1: 21.9 kW of 20 kW</title>") != std::string::npos);
    }

    void vendorSystemsPerRackAndUnit()
    {
        // GB200 NVL72: 120 kW per 72-GPU rack, so a rack of 18 compute trays
        // of 4 GPUs draws 18 × 4 × 120,000 / 72 = 120,000 W in its trays.
        const Fabric nvl = generateClos(gb200NvlParams(2));
        const FloorReport g = buildFloorReport(nvl, autoFloor(nvl), BomCatalog::defaults(), CablePartCatalog::defaults());
        int computeRacks = 0;
        for (const RackPower &p : g.rackPower)
            if (p.hosts > 0) {
                ++computeRacks;
                QCOMPARE(p.hosts, 18);
                QCOMPARE(p.hostWatts, 120000.0);
            }
        QCOMPARE(computeRacks, 2);
        // DGX H100 SuperPOD: 10.2 kW per system, 4 systems a rack = 40.8 kW;
        // a scalable unit of 32 systems = 326.4 kW in its row.
        const Fabric dgx = generateClos(dgxSuperpodParams(2));
        const FloorPlan floor = autoFloor(dgx);
        const FloorReport d = buildFloorReport(dgx, floor, BomCatalog::defaults(), CablePartCatalog::defaults());
        std::map<int, double> hostWattsByRow;
        for (const RackPower &p : d.rackPower) {
            if (p.hosts > 0)
                QCOMPARE(p.hostWatts, 4 * 10200.0);
            hostWattsByRow[p.row] += p.hostWatts;
        }
        int unitRows = 0;
        for (const auto &[row, watts] : hostWattsByRow)
            if (watts > 0) {
                ++unitRows;
                QCOMPARE(watts, 32 * 10200.0);
            }
        QCOMPARE(unitRows, 2);
        QVERIFY(!d.sources.empty());
    }

    void fabricFileCarriesTheFloor()
    {
        // The floor rides in the fabric file after the links, and comes back
        // the same; the bill of materials then prices cables by part.
        Fabric f = exampleFabric();
        f.floor = std::make_shared<const FloorPlan>(exampleFloor());
        QBuffer buffer;
        QVERIFY(buffer.open(QIODevice::WriteOnly));
        QString error;
        QVERIFY2(FabricJsonFormat().write(f, buffer, &error), qPrintable(error));
        buffer.close();
        const QByteArray text = buffer.data();
        QVERIFY(text.indexOf("\"floor\"") > text.indexOf("\"links\""));
        QVERIFY(buffer.open(QIODevice::ReadOnly));
        const ReadResult back = FabricJsonFormat().read(buffer, QStringLiteral("example.fabric.json"));
        QVERIFY(back.ok());
        QVERIFY(back.fabric->floor);
        QCOMPARE(floorToJson(*back.fabric->floor), floorToJson(*f.floor));

        // Cables by part: ACC 4 m and two 5 m (350 each), a 2.5 m DAC (150),
        // a 10 m AOC (700): 1,900 USD; their ends draw 3 × 1.5 + 0.2 + 18 = 22.7 W.
        const BillOfMaterials bom = buildBom(*back.fabric);
        QCOMPARE(bom.floorBasis, std::string("the design's floor"));
        double cablePrice = 0, cableWatts = 0;
        std::map<std::string, std::int64_t> items;
        for (const BomLine &l : bom.lines)
            if (l.category == "cable") {
                cablePrice += l.price();
                cableWatts += l.watts();
                items[l.item] += l.count;
            }
        QCOMPARE(items, (std::map<std::string, std::int64_t>{
                            {"acc-400g 4 m", 1}, {"acc-400g 5 m", 2}, {"aoc-400g 10 m", 1}, {"dac-400g 2.5 m", 1}}));
        QCOMPARE(cablePrice, 1900.0);
        QVERIFY(std::abs(cableWatts - 22.7) < 1e-9);
        QCOMPARE(bom.transceivers, 0);
        QVERIFY(bomToText(bom).find("on the design's floor") != std::string::npos);
        // The cabling plan: length, stock length, part and route per cable.
        const std::vector<CableRow> rows = cablingPlan(*back.fabric);
        QCOMPARE(rows[3].part, std::string("aoc-400g"));
        QCOMPARE(rows[3].stockM, 10.0);
        QVERIFY(std::abs(rows[3].lengthM - 7.8889) < 1e-9);
        QVERIFY(!rows[3].lengthClass.empty()); // a description; the price is the part's
        QVERIFY(cablingPlanCsv(rows).find(",7.889,10,aoc-400g,a1 U41") != std::string::npos);

        // A bad floor in a fabric file names its field; nothing is read.
        QByteArray bad = text;
        bad.replace("\"row_pitch_m\": 3.0", "\"row_pitch_m\": -3.0");
        QVERIFY(bad != text);
        QBuffer badBuffer(&bad);
        QVERIFY(badBuffer.open(QIODevice::ReadOnly));
        const ReadResult refused = FabricJsonFormat().read(badBuffer, QStringLiteral("bad.fabric.json"));
        QVERIFY(!refused.ok());
        QVERIFY2(refused.errorText().contains(QStringLiteral("/floor/halls/0/row_pitch_m")), qPrintable(refused.errorText()));
    }

    void generatorsWriteTheFloor()
    {
        // A generated design stands on its automatic floor, marked so; the
        // file carries it, and the fast reader and the full one agree on it.
        ClosParams p = dgxSuperpodParams(2);
        const Fabric f = generateClos(p);
        QVERIFY(f.floor);
        QVERIFY(f.floor->automatic);
        QCOMPARE(floorToJson(*f.floor), floorToJson(autoFloor(f)));
        QVERIFY(floorProblems(f, CablePartCatalog::defaults()).empty());
        QBuffer buffer;
        QVERIFY(buffer.open(QIODevice::WriteOnly));
        QString error;
        QVERIFY2(FabricJsonFormat().write(f, buffer, &error), qPrintable(error));
        const std::string text = buffer.data().toStdString();
        const ReadResult fast = FabricJsonReader::readBytes(text, QStringLiteral("su2.fabric.json"), true);
        const ReadResult full = FabricJsonReader::readBytes(text, QStringLiteral("su2.fabric.json"), false);
        QVERIFY(fast.ok() && full.ok());
        QVERIFY(fast.fabric->floor && full.fabric->floor);
        QCOMPARE(floorToJson(*fast.fabric->floor), floorToJson(*f.floor));
        QCOMPARE(floorToJson(*full.fabric->floor), floorToJson(*f.floor));
        Fabric plain; // the fast path reads the floor itself, not handing the file on
        QVERIFY(FabricJsonDetail::readPlain(text, plain));
        QVERIFY(plain.floor);
        QCOMPARE(floorToJson(*plain.floor), floorToJson(*f.floor));
        // The bill of materials prices its cables by part on that floor.
        QVERIFY(buildBom(f).automaticFloor);
        // Asked not to, the generator writes none; the bill lays the same
        // automatic floor to price it: the same figures.
        p.floor = false;
        QVERIFY(!generateClos(p).floor);
        const BillOfMaterials without = buildBom(generateClos(p));
        QVERIFY(without.floorBasis.find("the design has none") != std::string::npos);
        QCOMPARE(without.price, buildBom(f).price);
        QCOMPARE(without.watts, buildBom(f).watts);
    }

    void spineRacksAtTheFarEndCostMore()
    {
        // One column of 12 rows (3 m apart), 2 slots (0.6 m), cross trays at
        // both ends. leaf1 in row 0 and leaf2 in row 11, slot 0, at U 41;
        // spine1 at U 42 either in the middle (row 6, slot 0) or at the far
        // end (row 11, slot 1). Climbs 0.566675 + 0.522225 m, slack 2 m.
        //  middle: leaf1 18 m of tray → 21.0889 m, a 30 m AOC (700, 2 × 9 W);
        //          leaf2 15 m → 18.0889 m, a 20 m AOC (700, 2 × 9 W).
        //  far end: leaf1 33 + 0.6 m → 36.6889 m: past the AOC's 30 m
        //          stock, multimode cut to 37 m: 60 + 2 × 37 + 2 × 700 =
        //          1,534 USD, 2 × 9 W; leaf2 0.6 m → 3.6889 m, a 4 m ACC
        //          (350, 2 × 0.75 W).
        // So the far end costs 1,884 − 1,400 = 484 USD more and draws
        // 19.5 − 36 = 16.5 W less, adds 2 transceivers, and its longest run
        // is 15.6 m longer.
        Fabric f;
        f.name = "spines";
        auto sw = [&](const char *id, Tier tier, const char *rack) {
            Switch s;
            s.id = id;
            s.tier = tier;
            s.model = "QM9700";
            s.location.rack = rack;
            return f.addSwitch(s);
        };
        const std::int32_t l1 = sw("leaf1", Tier::Leaf, "l1"), l2 = sw("leaf2", Tier::Leaf, "l2"),
                           s1 = sw("spine1", Tier::Spine, "s1");
        for (const auto &[id, a] : {std::pair("l1-s1", l1), std::pair("l2-s1", l2)}) {
            Link l;
            l.id = id;
            l.a = f.switchNode(a);
            l.b = f.switchNode(s1);
            f.addLink(l);
        }
        auto floorWithSpineAt = [](int row, int slot) {
            FloorPlan floor;
            FloorHall hall;
            hall.rows = 12;
            hall.slotsPerRow = 2;
            floor.halls.push_back(hall);
            floor.racks = {{"l1", 0, 0, 0}, {"l2", 0, 11, 0}, {"s1", 0, row, slot}};
            floor.deviceUnits = {{"leaf1", 41}, {"leaf2", 41}, {"spine1", 42}};
            floor.validate();
            return std::make_shared<const FloorPlan>(floor);
        };
        f.floor = floorWithSpineAt(6, 0);
        const BillOfMaterials middle = buildBom(f);
        const CableRunSummary middleRuns = cableRuns(f, *f.floor, CablePartCatalog::defaults());
        f.floor = floorWithSpineAt(11, 1);
        const BillOfMaterials far = buildBom(f);
        const CableRunSummary farRuns = cableRuns(f, *f.floor, CablePartCatalog::defaults());
        QCOMPARE(middleRuns.runs[0].choice.part->slug, std::string("aoc-400g"));
        QCOMPARE(middleRuns.runs[0].choice.stockM, 30.0);
        QCOMPARE(middleRuns.runs[1].choice.stockM, 20.0);
        QCOMPARE(farRuns.runs[0].choice.part->slug, std::string("mmf-sr4-400g"));
        QCOMPARE(farRuns.runs[0].choice.stockM, 37.0);
        QCOMPARE(farRuns.runs[1].choice.part->slug, std::string("acc-400g"));
        QVERIFY(std::abs(middleRuns.longestM - 21.0889) < 1e-9);
        QVERIFY(std::abs(farRuns.longestM - 36.6889) < 1e-9);
        QCOMPARE(middleRuns.price, 1400.0);
        QCOMPARE(farRuns.price, 1884.0);
        QCOMPARE(far.price - middle.price, 484.0);
        QVERIFY(std::abs((far.watts - middle.watts) + 16.5) < 1e-9);
        QCOMPARE(far.transceivers - middle.transceivers, 2);
    }

    void projectKeepsTheFloor()
    {
        // The project's current state and its versions both keep the floor;
        // the project's own metadata does not see it.
        QTemporaryDir dir;
        ProjectData data;
        data.fabric = exampleFabric();
        data.fabric.floor = std::make_shared<const FloorPlan>(exampleFloor());
        data.metadata["note"] = "kept";
        const ProjectFile project(dir.filePath(QStringLiteral("floor.railyard")));
        ProjectError error;
        QVERIFY2(project.save(data, &error), qPrintable(error.message));
        const std::optional<std::int64_t> version = project.addVersion(data, QStringLiteral("me"), QStringLiteral("v1"), &error);
        QVERIFY(version);
        const std::optional<ProjectData> current = project.read(&error);
        QVERIFY(current && current->fabric.floor);
        QCOMPARE(floorToJson(*current->fabric.floor), floorToJson(*data.fabric.floor));
        QCOMPARE(current->metadata, (std::map<std::string, std::string>{{"note", "kept"}}));
        const std::optional<ProjectData> old = project.readVersion(*version, &error);
        QVERIFY(old && old->fabric.floor);
        QCOMPARE(floorToJson(*old->fabric.floor), floorToJson(*data.fabric.floor));
        // Saved again without a floor: none comes back.
        data.fabric.floor.reset();
        QVERIFY(project.save(data, &error));
        QVERIFY(!project.read(&error)->fabric.floor);
    }

    void problemsOfTheFloor()
    {
        Fabric f = exampleFabric();
        // b4 missing: spine1's rack is not on the floor.
        FloorPlan floor = exampleFloor();
        std::erase_if(floor.racks, [](const RackSpot &r) { return r.rack == "b4"; });
        f.floor = std::make_shared<const FloorPlan>(floor);
        std::vector<Problem> p = floorProblems(f, CablePartCatalog::defaults());
        QCOMPARE(p.size(), size_t(1));
        QCOMPARE(p[0].elementId, std::string("spine1"));
        QCOMPARE(p[0].message, std::string("rack b4 is not on the floor: the cables of its devices have no length"));
        // b4 in a second hall 3 km away: its two cables are past every part's reach.
        FloorHall far;
        far.id = "hall-2";
        floor.halls.push_back(far);
        floor.racks.push_back({"b4", 1, 0, 0});
        floor.hallLinks.push_back({0, 1, 3000});
        floor.validate();
        f.floor = std::make_shared<const FloorPlan>(floor);
        p = floorProblems(f, CablePartCatalog::defaults());
        QCOMPARE(p.size(), size_t(2));
        QCOMPARE(p[0].elementId, std::string("leaf1-spine1"));
        QVERIFY2(p[0].message.rfind("no cable part runs 400G over 30", 0) == 0, p[0].message.c_str());
        QCOMPARE(p[1].elementId, std::string("leaf2-spine1"));
        // Without a floor there is nothing to say.
        f.floor.reset();
        QVERIFY(floorProblems(f, CablePartCatalog::defaults()).empty());
    }

    void propagationEntersTheCollective()
    {
        // A ring all-reduce between h1 and h2 (both under leaf1) loads their
        // two host links: 3.778 m and 4.08895 m of active copper at 4.3 ns/m.
        // Per network step the longest, up and down: 2 × 4.08895 × 4.3 ns =
        // 35.16497 ns; the ring's 2 network steps add twice that.
        Fabric f = exampleFabric();
        CollectiveRequest request;
        request.op = CollectiveOp::AllReduce;
        request.bytes = 1 << 20;
        request.hosts = {HostRanks{0, 8}, HostRanks{1, 8}};
        request.algorithm = CollectiveAlgorithm::Ring;
        const CollectiveEstimate without = estimateCollective(f, CapacityView::of(f), request);
        QCOMPARE(without.propagationSeconds, 0.0);
        f.floor = std::make_shared<const FloorPlan>(exampleFloor());
        const CollectiveEstimate with = estimateCollective(f, CapacityView::of(f), request);
        QVERIFY(std::abs(with.propagationSeconds - 2 * 4.08895 * 4.3e-9) < 1e-18);
        QVERIFY(std::abs((with.latencySeconds - without.latencySeconds) - 2 * with.propagationSeconds) < 1e-15);
    }

    void roundTrip()
    {
        const FloorPlan floor = exampleFloor();
        const FloorPlan back = parseFloorJson(floorToJson(floor), "again");
        QCOMPARE(floorToJson(back), floorToJson(floor));
        QCOMPARE(back.racks.size(), size_t(8));
        QCOMPARE(back.deviceUnits.at("spine1"), 42.0);
        QCOMPARE(back.halls[0].crossSlots, std::vector<int>({0, 3}));
    }

    void userTrayGraph()
    {
        // One tray down the middle aisle (y = 1.5) with spurs to the row
        // trays: a1 (0.3, 0) drops to point p0 (0.3, 0) and b4 (2.1, 3)
        // to p3 (2.1, 3); p0 → p1 (0.3, 1.5) → p2 (2.1, 1.5) → p3 is
        // 1.5 + 1.8 + 1.5 = 4.8 m; a segment given a length counts that.
        FloorPlan floor = exampleFloor();
        FloorHall &h = floor.halls[0];
        h.trayPoints = {{"p0", 0.3, 0}, {"p1", 0.3, 1.5}, {"p2", 2.1, 1.5}, {"p3", 2.1, 3}};
        h.traySegments = {{0, 1, -1}, {1, 2, 2.5}, {2, 3, -1}};
        QCOMPARE(trayDistance(floor, *floor.find("a1"), *floor.find("b4")), 1.5 + 2.5 + 1.5);
        floor.validate("graph");
        // Without the middle segment, b4's point is on a tray that does not
        // join a1's: refused, naming both racks.
        h.traySegments = {{0, 1, -1}, {2, 3, -1}};
        try {
            floor.validate("graph.fabric.json");
            QFAIL("accepted");
        } catch (const FloorError &e) {
            QVERIFY2(std::string(e.what()).find("graph.fabric.json: /floor/halls/0/trays: the tray graph leaves")
                         != std::string::npos,
                     e.what());
        }
    }

    void trayPathsDrawTheMeasuredRoute()
    {
        // Grid trays: a2 (row 0, slot 1: x 0.9) to b3 (row 1, slot 2: x 1.5)
        // goes along row 0 to the cross tray at slot 0 (x 0.3), across to row
        // 1 (y 3), and along it: 0.6 + 3 + 1.2 = 4.8 m, the nearer cross tray
        // (slot 3, x 2.1, gives 1.2 + 3 + 0.6 = 4.8 m too: the first wins).
        const FloorPlan floor = exampleFloor();
        const std::vector<FloorPoint> path = trayPath(floor, *floor.find("a2"), *floor.find("b3"));
        QCOMPARE(path.size(), size_t(4));
        const double expected[][2] = {{0.9, 0}, {0.3, 0}, {0.3, 3}, {1.5, 3}};
        for (size_t i = 0; i < path.size(); ++i) {
            QVERIFY(std::abs(path[i].x - expected[i][0]) < 1e-9);
            QVERIFY(std::abs(path[i].y - expected[i][1]) < 1e-9);
        }
        auto length = [](const std::vector<FloorPoint> &p) {
            double m = 0;
            for (size_t i = 1; i < p.size(); ++i)
                m += std::hypot(p[i].x - p[i - 1].x, p[i].y - p[i - 1].y);
            return m;
        };
        // Every pair of racks: the drawn route is as long as the measured one.
        for (const RackSpot &a : floor.racks)
            for (const RackSpot &b : floor.racks)
                QVERIFY(std::abs(length(trayPath(floor, a, b)) - trayDistance(floor, a, b)) < 1e-9);
        // A user tray graph: the route follows its points.
        FloorPlan graph = exampleFloor();
        graph.halls[0].trayPoints = {{"p0", 0.3, 0}, {"p1", 0.3, 1.5}, {"p2", 2.1, 1.5}, {"p3", 2.1, 3}};
        graph.halls[0].traySegments = {{0, 1, -1}, {1, 2, -1}, {2, 3, -1}};
        const std::vector<FloorPoint> viaGraph = trayPath(graph, *graph.find("a1"), *graph.find("b4"));
        QCOMPARE(viaGraph.size(), size_t(6)); // a1, p0..p3, b4
        QCOMPARE(viaGraph[2].y, 1.5);
        QVERIFY(std::abs(length(viaGraph) - trayDistance(graph, *graph.find("a1"), *graph.find("b4"))) < 1e-9);
        // No tray between them: no route.
        graph.halls[0].traySegments = {{0, 1, -1}, {2, 3, -1}};
        QVERIFY(trayPath(graph, *graph.find("a1"), *graph.find("b4")).empty());
    }

    void movingARackSwapsWithTheOneThere()
    {
        FloorPlan floor = exampleFloor();
        std::string error;
        // To an empty spot: only it moves. The example's rows are full, so
        // widen the hall by a slot first.
        floor.halls[0].slotsPerRow = 5;
        QVERIFY(moveRack(floor, "a1", 0, 1, 4, &error));
        QCOMPARE(floor.find("a1")->row, 1);
        QCOMPARE(floor.find("a1")->slot, 4);
        // Onto b2: b2 takes a1's spot.
        QVERIFY(moveRack(floor, "a1", 0, 1, 1, &error));
        QCOMPARE(floor.find("a1")->slot, 1);
        QCOMPARE(floor.find("b2")->row, 1);
        QCOMPARE(floor.find("b2")->slot, 4);
        floor.validate("moved"); // still one rack to a slot
        // Refused, the floor unchanged.
        const std::string before = floorToJson(floor);
        QVERIFY(!moveRack(floor, "zz", 0, 0, 0, &error));
        QVERIFY2(error.find("zz is not on the floor") != std::string::npos, error.c_str());
        QVERIFY(!moveRack(floor, "a2", 0, 2, 0, &error));
        QVERIFY2(error.find("row 2 slot 0 is outside hall-1") != std::string::npos, error.c_str());
        QVERIFY(!moveRack(floor, "a2", 3, 0, 0, &error));
        QCOMPARE(floorToJson(floor), before);
    }

    void badFloorsNameTheField_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        const QString hall = QStringLiteral(R"("halls": [{"rows": 2, "slots_per_row": 4}])");
        QTest::newRow("not json") << "{" << "f: not JSON";
        QTest::newRow("empty cross trays") << R"({"halls": [{"rows": 2, "slots_per_row": 4, "cross_trays": []}]})"
                                           << "f: /floor/halls/0/cross_trays: empty: list the slots";
        QTest::newRow("duplicate key") << R"({"halls": [{"rows": 2, "rows": 200, "slots_per_row": 4}]})"
                                       << "f: /halls/0/rows: the key \"rows\" is given twice in one object";
        QTest::newRow("no hall") << R"({"racks": []})" << "f: /floor/halls: missing";
        QTest::newRow("negative pitch") << R"({"halls": [{"rows": 2, "slots_per_row": 4, "row_pitch_m": -3}]})"
                                        << "f: /floor/halls/0/row_pitch_m: must be a number > 0";
        QTest::newRow("rows overlap") << R"({"halls": [{"rows": 2, "slots_per_row": 4, "row_pitch_m": 1}]})"
                                      << "f: /floor/halls/0/row_pitch_m: 1 m is less than the rack depth";
        QTest::newRow("two racks in one slot")
            << QStringLiteral(R"({%1, "racks": [{"rack": "r1", "row": 0, "slot": 2}, {"rack": "r2", "row": 0, "slot": 2}]})").arg(hall)
            << "f: /floor/racks/1: r2 is placed in hall-1 row 0 slot 2, where r1 already stands";
        QTest::newRow("rack twice")
            << QStringLiteral(R"({%1, "racks": [{"rack": "r1", "row": 0, "slot": 1}, {"rack": "r1", "row": 1, "slot": 2}]})").arg(hall)
            << "f: /floor/racks/1/rack: r1 is placed twice";
        QTest::newRow("slot outside")
            << QStringLiteral(R"({%1, "racks": [{"rack": "r1", "row": 0, "slot": 9}]})").arg(hall)
            << "f: /floor/racks/0/slot: slot 9 is outside the row (0 to 3)";
        QTest::newRow("unknown hall")
            << QStringLiteral(R"({%1, "racks": [{"rack": "r1", "hall": "hall-9", "row": 0, "slot": 0}]})").arg(hall)
            << "f: /floor/racks/0/hall: no hall hall-9";
        QTest::newRow("unknown field") << QStringLiteral(R"({%1, "rackz": []})").arg(hall)
                                       << "f: /floor/rackz: unknown field";
        QTest::newRow("cross tray outside") << R"({"halls": [{"rows": 2, "slots_per_row": 4, "cross_trays": [4]}]})"
                                            << "f: /floor/halls/0/cross_trays/0: slot 4 is outside the row";
    }

    void badFloorsNameTheField()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        try {
            parseFloorJson(text.toStdString(), "f");
            QFAIL("accepted");
        } catch (const FloorError &e) {
            QVERIFY2(QString::fromStdString(e.what()).startsWith(expected), e.what());
        }
    }

    /// A cable part's reach: absent is "missing", 0 is said as what it is.
    void cablePartReachNamed()
    {
        auto error = [](const std::string &reach) -> std::string {
            const std::string text = R"({"cable_parts": {"dac": {"kind": "passive_copper", "gbps": [400], )" + reach
                + R"("sources": {"reach_m": "datasheet"}}}})";
            try {
                CablePartCatalog::fromJson(text, "parts.json");
            } catch (const std::exception &e) {
                return e.what();
            }
            return "accepted";
        };
        QVERIFY2(error("").find("/cable_parts/dac/reach_m: missing: the part's reach") != std::string::npos,
                 error("").c_str());
        QVERIFY2(error(R"("reach_m": 0, )").find("/cable_parts/dac/reach_m: must be more than 0 m") != std::string::npos,
                 error(R"("reach_m": 0, )").c_str());
        QCOMPARE(error(R"("reach_m": 3, )"), std::string("accepted"));
    }

    void automaticFloor()
    {
        // A generated two-tier design: 2 scalable units of 32 hosts × 8
        // rails (8 leaves each) under 8 spines. One row per scalable unit
        // (its 8 host racks of 4 hosts, then its leaf rack), and the spine
        // rack in a row of its own between them: row 1 of 3.
        ClosParams p = railOptimizedParams(64);
        p.tierSpecs = {TierSpec{64, 400, 1.0, 0, "qm9700"}};
        const Fabric f = generateClos(p);
        const FloorPlan floor = autoFloor(f);
        floor.validate("auto");
        QVERIFY(floor.automatic);
        const CableRunSummary s = cableRuns(f, floor, CablePartCatalog::defaults());
        QVERIFY2(s.problems.empty(), s.problems.empty() ? "" : s.problems.front().c_str());
        // Every rack of every device is on the floor, each once.
        std::set<std::string> racks;
        for (const RackSpot &r : floor.racks)
            QVERIFY(racks.insert(r.rack).second);
        for (const std::string &r : nodeRacks(f))
            QVERIFY2(racks.count(r), r.c_str());
        // The spine racks stand in the middle row.
        const std::vector<std::string> byNode = nodeRacks(f);
        for (std::int32_t sw = 0; sw < f.switchCount(); ++sw)
            if (f.switchAt(sw).tier == Tier::Spine)
                QCOMPARE(floor.find(byNode[size_t(f.switchNode(sw))])->row, 1);
        QCOMPARE(floor.halls[0].rows, 3);
        QCOMPARE(floor.halls[0].slotsPerRow, 9);
        QVERIFY(s.longestM > 0);
    }
};

QTEST_GUILESS_MAIN(TestFloor)
#include "tst_floor.moc"
