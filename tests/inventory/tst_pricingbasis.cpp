// One price for one design, everywhere (docs/bom.md, "One basis"): for every
// sample and every generator's default design, the bill of materials and the
// floor report agree to the dollar and the watt on the cabling and the
// switches, a budget edit changes no price, the design compared with itself
// changes no row, it validates clean on its floor, and no run is longer than
// its halls and the building between them allow.

#include "core/bom/bom.h"
#include "core/bom/floorreport.h"
#include "core/compare/designcomparison.h"
#include "core/floor/cableruns.h"
#include "core/floor/floorplan.h"
#include "core/generators/hardwarechoice.h"
#include "core/registry/formatregistry.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"

#include <QtTest>

#include <cmath>

using namespace Railyard;

namespace {

struct Design
{
    QString name;
    std::shared_ptr<const Fabric> fabric;
};

std::vector<Design> designs()
{
    std::vector<Design> out;
    const QDir samples(QStringLiteral(RAILYARD_SAMPLES));
    for (const QString &file : samples.entryList({QStringLiteral("*.fabric.json"), QStringLiteral("*.graphml")},
                                                 QDir::Files, QDir::Name)) {
        ReadResult read = FormatRegistry::instance().readFile(samples.filePath(file));
        if (!read.ok())
            qFatal("%s: %s", qPrintable(file), qPrintable(read.errorText()));
        out.push_back({file, std::make_shared<const Fabric>(std::move(*read.fabric))});
    }
    // The template dialog's defaults (views/dialogs/templatedialog.cpp).
    const std::vector<std::pair<const char *, ClosParams>> defaults{
        {"fat-tree k 8", fatTreeParams(8)},
        {"dgx-superpod 4 SU", dgxSuperpodParams(4)},
        {"gb200-nvl72 8 racks", gb200NvlParams(8)},
        {"meta-ai-zone 1 zone", metaAiZoneParams(1)},
        {"meta-ai-zone 8 zones", metaAiZoneParams(8)},
        {"alibaba-hpn 1 segment", alibabaHpnParams(1)},
        {"rail-optimized 64 hosts", railOptimizedParams(64)},
    };
    for (const auto &[name, params] : defaults)
        out.push_back({QLatin1String(name), std::make_shared<const Fabric>(generateClos(params))});
    return out;
}

double cablingPrice(const BillOfMaterials &bom, double *watts)
{
    double price = 0;
    *watts = 0;
    for (const BomLine &l : bom.lines)
        if (l.category == "cable" || l.category == "transceiver") {
            price += l.price();
            *watts += l.watts();
        }
    return price;
}

/// The longest a run may be on `floor` between racks of halls a and b: along
/// a row to its end, across the rows, along the far row (2 widths and a
/// depth in a hall); between halls, to the hall's entry and out of the other
/// one, plus every hall link; up and down the racks to the trays, and the
/// slack at both ends.
double longestAllowed(const FloorPlan &floor, int a, int b)
{
    auto width = [&](int h) { return floor.halls[size_t(h)].slotsPerRow * floor.halls[size_t(h)].rackWidthM; };
    auto depth = [&](int h) { return floor.halls[size_t(h)].rows * floor.halls[size_t(h)].rowPitchM; };
    auto vertical = [&](int h) { return floor.halls[size_t(h)].rackHeightM() + floor.halls[size_t(h)].trayHeightM; };
    double bound = vertical(a) + vertical(b) + 2 * floor.slackPerEndM;
    if (a == b)
        return bound + 2 * width(a) + depth(a);
    bound += width(a) + depth(a) + width(b) + depth(b);
    for (const HallLink &l : floor.hallLinks)
        bound += l.metres;
    return bound;
}

} // namespace

class TestPricingBasis : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { m_designs = designs(); }

    void everyDesign_data()
    {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < m_designs.size(); ++i)
            QTest::newRow(qPrintable(m_designs[i].name)) << int(i);
    }

    void everyDesign()
    {
        QFETCH(int, index);
        const Fabric &f = *m_designs[size_t(index)].fabric;
        const BomCatalog &catalog = BomCatalog::defaults();

        // The floor the bill of materials and the Floor dock both use.
        const FloorPlan floor = f.floor ? *f.floor : autoFloor(f);
        const BillOfMaterials bom = buildBom(f, catalog);
        const FloorReport report = buildFloorReport(f, floor, catalog, catalog.cableParts);
        QCOMPARE(bom.automaticFloor, floor.automatic);
        QVERIFY(!bom.floorBasis.empty());

        // Cabling: every run priced, the same dollars and watts both ways.
        QCOMPARE(bom.unreachedCables, std::int64_t(0));
        double cableWatts = 0;
        const double cablePrice = cablingPrice(bom, &cableWatts);
        QCOMPARE(std::llround(cablePrice), std::llround(report.cables.price));
        QVERIFY2(std::abs(cableWatts - report.cables.watts) < 1e-6,
                 qPrintable(QStringLiteral("%1 W against %2 W").arg(cableWatts).arg(report.cables.watts)));
        QCOMPARE(bom.transceivers, report.cables.transceivers);
        // Switches: the same models at the same watts on the racks.
        double switchWatts = 0, rackSwitchWatts = 0;
        for (const BomLine &l : bom.lines)
            if (l.category == "switch")
                switchWatts += l.watts();
        for (const RackPower &p : report.rackPower)
            rackSwitchWatts += p.switchWatts;
        QVERIFY2(std::abs(switchWatts - rackSwitchWatts) < 1e-6,
                 qPrintable(QStringLiteral("%1 W against %2 W").arg(switchWatts).arg(rackSwitchWatts)));
        // Every NIC priced: by model, or as its GPU's reference NIC, said so.
        std::int64_t nics = 0;
        for (std::int32_t h = 0; h < f.hostCount(); ++h)
            nics += std::int64_t(f.host(h).nics.size());
        QCOMPARE(bom.nics, nics);
        for (const BomLine &l : bom.lines)
            if (l.category == "nic")
                QVERIFY2(l.unitPrice > 0, l.item.c_str());
        QCOMPARE(bom.defaultNics > 0, !bom.defaults.empty() && bom.defaults.front().find("NICs priced as") != std::string::npos);

        // A budget edit (what the Floor dock does) changes no price.
        FloorPlan budgeted = floor;
        for (FloorHall &h : budgeted.halls) {
            h.rackBudgetKw = 45;
            h.rowBudgetKw = 400;
            h.cooling = Cooling::Liquid;
        }
        Fabric withBudget = f;
        withBudget.floor = std::make_shared<const FloorPlan>(budgeted);
        const BillOfMaterials afterBudget = buildBom(withBudget, catalog);
        QCOMPARE(std::llround(afterBudget.price), std::llround(bom.price));
        QVERIFY(std::abs(afterBudget.watts - bom.watts) < 1e-6);

        // Compared with itself: no row changes, nothing flagged.
        const DesignComparison self = compareDesigns({{"a", &f}, {"b", &f}}, catalog);
        for (const ComparisonRow &row : self.rows) {
            QVERIFY2(!row.changed(1), row.key.c_str());
            QVERIFY2(row.flags[1].empty(), row.key.c_str());
        }

        // Valid, on its floor too.
        std::vector<Problem> problems = f.validate();
        for (Problem &p : floorProblems(f, catalog.cableParts))
            problems.push_back(std::move(p));
        int errors = 0;
        for (const Problem &p : problems)
            errors += p.severity == Problem::Severity::Error ? 1 : 0;
        QVERIFY2(errors == 0, problems.empty() ? "" : problems.front().message.c_str());
        QVERIFY(report.problems.empty());

        // No run longer than its halls and the building allow.
        std::unordered_map<std::string_view, int> hallOf;
        for (const RackSpot &r : floor.racks)
            hallOf.emplace(r.rack, r.hall);
        for (const CableRun &run : report.cables.runs) {
            const auto a = hallOf.find(run.aRack), b = hallOf.find(run.bRack);
            QVERIFY(a != hallOf.end() && b != hallOf.end());
            const double allowed = longestAllowed(floor, a->second, b->second);
            QVERIFY2(run.metres <= allowed + 1e-9,
                     qPrintable(QStringLiteral("%1 to %2: %3 m, at most %4 m")
                                    .arg(QString::fromStdString(run.aRack), QString::fromStdString(run.bRack))
                                    .arg(run.metres)
                                    .arg(allowed)));
        }
    }

    /// The case that started it: the sample without models against the same
    /// design regenerated with them prices the same, row for row.
    void sampleAgainstRegenerated()
    {
        ReadResult sample = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_SAMPLES "/superpod-4su.fabric.json"));
        QVERIFY(sample.ok());
        ClosParams p = dgxSuperpodParams(4);
        HardwareChoice choice;
        choice.leafSwitch = "qm9700";
        choice.nic = "connectx-7";
        applyHardware(p, choice, BomCatalog::defaults());
        const Fabric regenerated = generateClos(p);
        const DesignComparison c = compareDesigns({{"sample", &*sample.fabric}, {"regenerated", &regenerated}},
                                                  BomCatalog::defaults());
        for (const ComparisonRow &row : c.rows)
            QVERIFY2(!row.changed(1) || !row.flags[1].empty(), row.key.c_str());
        for (const char *key : {"price", "watts", "cables", "transceivers"})
            for (const ComparisonRow &row : c.rows)
                if (row.key == key)
                    QVERIFY2(!row.changed(1), key);
        QVERIFY2(c.summaries.back().find("same cost, same power") != std::string::npos, c.summaries.back().c_str());

        // A NIC model missing on one side only, where it changes the price, is flagged with the reason.
        choice.nic = "connectx-8"; // 800G, dearer than the ConnectX-7 the other is priced as
        choice.leafSwitch = "q3400";
        ClosParams xdr = dgxSuperpodParams(4);
        applyHardware(xdr, choice, BomCatalog::defaults());
        const Fabric withModels = generateClos(xdr);
        Fabric withoutNicModel = withModels;
        for (std::int32_t h = 0; h < withoutNicModel.hostCount(); ++h)
            for (Nic &nic : withoutNicModel.host(h).nics)
                nic.model.clear();
        const DesignComparison flagged
            = compareDesigns({{"models", &withModels}, {"no nic model", &withoutNicModel}}, BomCatalog::defaults());
        for (const ComparisonRow &row : flagged.rows)
            if (row.key == "price") {
                QVERIFY(row.changed(1));
                QVERIFY2(row.flags[1].find("reference NIC") != std::string::npos, row.flags[1].c_str());
            }
        QVERIFY(designComparisonToText(flagged).find("* not like for like:") != std::string::npos);
    }

private:
    std::vector<Design> m_designs;
};

QTEST_GUILESS_MAIN(TestPricingBasis)
#include "tst_pricingbasis.moc"
