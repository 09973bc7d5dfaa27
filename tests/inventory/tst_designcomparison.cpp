// Designs compared side by side (compare-designs): the same 2,048 GPUs built
// on Quantum-2 QM9700 and on Tomahawk 5 (128 × 400G), checked against hand
// arithmetic.
//
// Both are 8 DGX SuperPOD scalable units: 64 rail leaves of 32 down and 32 up
// ports. Two tiers (64 leaves fit a spine's radix either way):
//  * QM9700 (64 × 400G): 2,048 uplinks / 64 = 32 spines, 96 switches;
//  * Tomahawk 5 (128 × 400G): 2,048 / 128 = 16 spines, 80 switches.
// Same cables (2,048 host links + 2,048 leaf-spine links) and optics, so the
// costs differ by the switches alone: 80 × 45,000 − 96 × 30,000 = 720,000.
// Both are non-blocking: bisection = 2,048 × 400 / 2 = 409.6 Tbit/s, ratio 1.

#include "core/compare/designcomparison.h"
#include "core/generators/hardwarechoice.h"
#include "core/generators/presets.h"
#include "core/registry/formatregistry.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace Railyard;

namespace {

Fabric superpod(const char *model)
{
    ClosParams p = dgxSuperpodParams(8);
    HardwareChoice choice;
    choice.leafSwitch = model;
    applyHardware(p, choice, BomCatalog::defaults());
    p.name = model;
    return generateClos(p);
}

const ComparisonRow *row(const DesignComparison &c, const std::string &key)
{
    for (const ComparisonRow &r : c.rows)
        if (r.key == key)
            return &r;
    return nullptr;
}

} // namespace

class TestDesignComparison : public QObject
{
    Q_OBJECT

private slots:
    void quantum2AgainstTomahawk5()
    {
        const Fabric a = superpod("qm9700");
        const Fabric b = superpod("tomahawk5");
        const DesignComparison c = compareDesigns({{"A", &a}, {"B", &b}}, BomCatalog::defaults());
        QCOMPARE(c.designs.size(), size_t(2));
        QCOMPARE(c.designs[0].gpus, 2048);
        QCOMPARE(c.designs[1].gpus, 2048);
        // Tomahawk 5 at 400G has 128 ports: units of 64 hosts (the unit
        // follows the leaf), 4 units x 8 rails = 32 leaves, 2,048 uplinks on 16 spines.
        QCOMPARE(row(c, "switches_leaf")->values, (std::vector<double>{64, 32}));
        QCOMPARE(row(c, "switches_spine")->values, (std::vector<double>{32, 16}));
        QCOMPARE(row(c, "switches")->values, (std::vector<double>{96, 48}));
        QCOMPARE(row(c, "cables")->values, (std::vector<double>{4096, 4096}));
        QCOMPARE(row(c, "transceivers")->values[0], row(c, "transceivers")->values[1]);
        // The switches' difference, and the cabling's: each design's runs on
        // its own automatic floor (the units differ, so the runs do).
        auto cabling = [](const Fabric &f, double *watts) {
            double price = 0;
            *watts = 0;
            for (const BomLine &l : buildBom(f).lines)
                if (l.category == "cable" || l.category == "transceiver") {
                    price += l.price();
                    *watts += l.watts();
                }
            return price;
        };
        double wattsA = 0, wattsB = 0;
        const double cablesA = cabling(a, &wattsA), cablesB = cabling(b, &wattsB);
        QVERIFY(std::abs(c.designs[1].price - c.designs[0].price - (48.0 * 45000 - 96.0 * 30000 + cablesB - cablesA))
                < 1e-6);
        QVERIFY(std::abs(c.designs[1].watts - c.designs[0].watts - (48.0 * 1900 - 96.0 * 1720 + wattsB - wattsA))
                < 1e-6);
        for (const DesignFigures &d : c.designs) {
            QCOMPARE(d.bisectionGbps, 2048.0 * 400 / 2);
            QCOMPARE(d.bisectionRatio, 1.0);
        }
        QCOMPARE(c.designs[0].transport, std::string("infiniband"));
        QCOMPARE(c.designs[1].transport, std::string("ethernet"));
        QCOMPARE(c.designs[1].routing, std::string("hashed"));
        // Per model: the QM9700 row counts A's switches, the Tomahawk row B's.
        QCOMPARE(row(c, "switches_model:QM9700")->values, (std::vector<double>{96, 0}));
        QCOMPARE(row(c, "switches_model:Tomahawk 5 51.2T")->values, (std::vector<double>{0, 48}));
        // The change against A, and the sentence.
        const double change = (c.designs[1].price - c.designs[0].price) / c.designs[0].price;
        QVERIFY(std::fabs(row(c, "price")->change[1] - change) < 1e-12);
        QVERIFY(change < 0); // half the leaves and spines
        QVERIFY(std::isnan(row(c, "price")->change[0]));
        QCOMPARE(c.summaries.size(), size_t(1));
        const std::string expected = "B: " + std::to_string(int(std::lround(-change * 100))) + " % cheaper";
        QVERIFY2(c.summaries[0].rfind(expected, 0) == 0, c.summaries[0].c_str());
        QVERIFY2(c.summaries[0].find("same bisection") != std::string::npos, c.summaries[0].c_str());
    }

    /// With a job: its step time on each design, ideal and as routed. Both
    /// designs are non-blocking and place the job alike, so the ideal step
    /// times are equal; the Ethernet design's hashed routing is not faster
    /// than ideal.
    void withJob()
    {
        const JobSpecResult job = readJobSpecFile(QStringLiteral(RAILYARD_SAMPLES "/llama-70b-2k.job.json"));
        QVERIFY2(job.ok(), qPrintable(job.errorText()));
        const Fabric a = superpod("qm9700");
        const Fabric b = superpod("tomahawk5");
        const DesignComparison c = compareDesigns({{"A", &a}, {"B", &b}}, BomCatalog::defaults(), &*job.job);
        QCOMPARE(c.job, std::string("llama-70b-2k"));
        for (const DesignFigures &d : c.designs) {
            QVERIFY2(d.jobError.empty(), d.jobError.c_str());
            QVERIFY(d.commMsFluid > 0);
            QVERIFY(d.commMs >= d.commMsFluid * (1 - 1e-9)); // pinned routing is never faster than ideal
            QVERIFY(d.stepMs > d.commMs);                     // the whole step computes too
        }
        QVERIFY(std::fabs(c.designs[0].commMsFluid - c.designs[1].commMsFluid) <= 1e-9 * c.designs[0].commMsFluid);
        QVERIFY2(c.summaries[0].find("on llama-70b-2k (as routed)") != std::string::npos, c.summaries[0].c_str());

        // A job larger than a design: said, not thrown.
        const Fabric small = generateClos(dgxSuperpodParams(1));
        const DesignComparison tooSmall = compareDesigns({{"A", &a}, {"small", &small}}, BomCatalog::defaults(),
                                                         &*job.job);
        QVERIFY(!tooSmall.designs[1].jobError.empty());
        QVERIFY(std::isnan(tooSmall.designs[1].stepMs));
        QVERIFY2(tooSmall.summaries[0].find("no step time on llama-70b-2k") != std::string::npos,
                 tooSmall.summaries[0].c_str());
        const std::string json = designComparisonToJson(tooSmall);
        QVERIFY(json.find("\"step_ms\": null") != std::string::npos);
    }

    /// The CLI twin prints the same comparison (docs/cli.md, compare-designs).
    void cli()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("q2.fabric.json"));
        const QString b = dir.filePath(QStringLiteral("th5.fabric.json"));
        QString error;
        QVERIFY2(FormatRegistry::instance().writeFile(superpod("qm9700"), a, &error), qPrintable(error));
        QVERIFY2(FormatRegistry::instance().writeFile(superpod("tomahawk5"), b, &error), qPrintable(error));
        QProcess cli;
        cli.start(QStringLiteral(RAILYARD_CLI), {QStringLiteral("compare-designs"), a, b, QStringLiteral("--json")});
        QVERIFY(cli.waitForFinished(120000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        const QByteArray out = cli.readAllStandardOutput();
        QVERIFY(out.contains("\"label\": \"th5.fabric.json\""));
        QVERIFY(out.contains("\"key\": \"switches_spine\""));
        QVERIFY(out.contains("th5.fabric.json: "));

        cli.start(QStringLiteral(RAILYARD_CLI), {QStringLiteral("compare-designs"), a});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 2);
        QVERIFY(cli.readAllStandardError().contains("missing B"));

        cli.start(QStringLiteral(RAILYARD_CLI), {QStringLiteral("compare-designs"), a, b, QStringLiteral("--job"),
                                                 dir.filePath(QStringLiteral("nonesuch.job.json"))});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 1);
    }
};

QTEST_GUILESS_MAIN(TestDesignComparison)
#include "tst_designcomparison.moc"
