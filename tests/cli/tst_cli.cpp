// End-to-end tests of railyard-cli: runs the built binary and checks exit
// codes, messages and the analyze --json schema against closed forms
// (k-ary fat-tree: k³/4 hosts, 5k²/4 switches, bisection k³/8 × link rate).

#include "core/registry/formatregistry.h"
#include "tests/common/clirun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace Railyard;

namespace { } // namespace

class TestCli : public QObject
{
    Q_OBJECT

private:
    /// Generates a k-ary fat-tree into the temporary directory; fails the test on error.
    QString fatTree(int k, double gbps, const QString &name);
    /// Runs analyze --json and parses the report.
    QJsonObject analyzeJson(const QStringList &extraArgs, const QString &file);

    QTemporaryDir m_dir;

private slots:
    void initTestCase();
    void analyzeJsonSchema();
    void fatTreeK4ClosedForm();
    void failOneCoreSwitch();
    void unknownFailId();
    void badFixtures_data();
    void badFixtures();
    void convertRoundTrip();
    void impossibleParameters_data();
    void impossibleParameters();
    void missingOutput();
    void analyzeText();
    void generateNvlsSharp();
    void generateWithModels();
    void catalog();
    void generateNvlinkDomains();
    void placeUnderTables();
    void collectiveQueuePairs();
    void routingValidationCommand();
    void diffWithResilience();
};

QString TestCli::fatTree(int k, double gbps, const QString &name)
{
    const QString file = m_dir.filePath(name);
    const CliRun run
        = runCli({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--k"), QString::number(k),
                  QStringLiteral("--link-gbps"), QString::number(gbps), QStringLiteral("-o"), file});
    if (run.exitCode != 0)
        qWarning("%s", qPrintable(describe(run)));
    return run.exitCode == 0 ? file : QString();
}

QJsonObject TestCli::analyzeJson(const QStringList &extraArgs, const QString &file)
{
    const CliRun run = runCli(QStringList{QStringLiteral("analyze"), file, QStringLiteral("--json")} + extraArgs);
    if (run.exitCode != 0) {
        qWarning("%s", qPrintable(describe(run)));
        return {};
    }
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(run.out.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        qWarning("analyze --json is not a JSON object: %s\n%s", qPrintable(error.errorString()), qPrintable(run.out));
        return {};
    }
    return doc.object();
}

void TestCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo::exists(QStringLiteral(RAILYARD_CLI)), RAILYARD_CLI);
}

void TestCli::analyzeJsonSchema()
{
    const QString file = fatTree(4, 100, QStringLiteral("schema.fabric.json"));
    QVERIFY(!file.isEmpty());
    const QJsonObject report = analyzeJson({}, file);
    QVERIFY(!report.isEmpty());
    for (const char *key : {"gpus", "hosts", "switches", "links"})
        QVERIFY2(report.value(QLatin1String(key)).isDouble(), key);
    QVERIFY(report.value(QStringLiteral("switches_by_tier")).isObject());

    const QJsonArray tiers = report.value(QStringLiteral("tiers")).toArray();
    QVERIFY(!tiers.isEmpty());
    for (const QJsonValue &value : tiers) {
        const QJsonObject tier = value.toObject();
        QVERIFY(tier.value(QStringLiteral("name")).isString());
        // Ratios are numbers, or null where not finite (the top tier).
        for (const char *key : {"oversubscription", "worst_oversubscription"}) {
            const QJsonValue ratio = tier.value(QLatin1String(key));
            QVERIFY2(ratio.isDouble() || ratio.isNull(), key);
        }
    }

    const QJsonObject bisection = report.value(QStringLiteral("bisection")).toObject();
    for (const char *key : {"gbps", "full_gbps", "ratio"})
        QVERIFY2(bisection.value(QLatin1String(key)).isDouble(), key);
    QVERIFY(bisection.value(QStringLiteral("method")).isString());
    QVERIFY(bisection.value(QStringLiteral("cut_links")).isArray());
}

void TestCli::fatTreeK4ClosedForm()
{
    const int k = 4;
    const double gbps = 100.0;
    const QString file = fatTree(k, gbps, QStringLiteral("ft4.fabric.json"));
    QVERIFY(!file.isEmpty());
    const QJsonObject report = analyzeJson({}, file);
    QVERIFY(!report.isEmpty());
    QCOMPARE(report.value(QStringLiteral("hosts")).toInteger(), qint64(k * k * k / 4));     // 16
    QCOMPARE(report.value(QStringLiteral("switches")).toInteger(), qint64(5 * k * k / 4));  // 20
    QCOMPARE(report.value(QStringLiteral("links")).toInteger(), qint64(3 * k * k * k / 4)); // 48: k³/4 per level
    const QJsonObject byTier = report.value(QStringLiteral("switches_by_tier")).toObject();
    QCOMPARE(byTier.value(QStringLiteral("leaf")).toInteger(), qint64(k * k / 2));
    QCOMPARE(byTier.value(QStringLiteral("spine")).toInteger(), qint64(k * k / 2));
    QCOMPARE(byTier.value(QStringLiteral("core")).toInteger(), qint64(k * k / 4));

    for (const QJsonValue &value : report.value(QStringLiteral("tiers")).toArray()) {
        const QJsonObject tier = value.toObject();
        if (tier.value(QStringLiteral("name")).toString() == QLatin1String("core"))
            continue; // top tier: no uplinks, ratio null
        QCOMPARE(tier.value(QStringLiteral("oversubscription")).toDouble(), 1.0);
        QCOMPARE(tier.value(QStringLiteral("worst_oversubscription")).toDouble(), 1.0);
    }

    const QJsonObject bisection = report.value(QStringLiteral("bisection")).toObject();
    const double full = k * k * k / 8 * gbps; // 800
    QCOMPARE(bisection.value(QStringLiteral("gbps")).toDouble(), full);
    QCOMPARE(bisection.value(QStringLiteral("full_gbps")).toDouble(), full);
    QCOMPARE(bisection.value(QStringLiteral("ratio")).toDouble(), 1.0);
    // The cut of a non-blocking split carries full / gbps links.
    QCOMPARE(bisection.value(QStringLiteral("cut_links")).toArray().size(), qsizetype(full / gbps));
}

void TestCli::failOneCoreSwitch()
{
    const int k = 8;
    const double gbps = 100.0;
    const QString file = fatTree(k, gbps, QStringLiteral("ft8.fabric.json"));
    QVERIFY(!file.isEmpty());

    // Pick a core switch from the file itself rather than guessing its id.
    const ReadResult read = FormatRegistry::instance().readFile(file);
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    QString coreId;
    for (const Switch &sw : read.fabric->switches()) {
        if (sw.tier == Tier::Core) {
            coreId = QString::fromStdString(sw.id);
            break;
        }
    }
    QVERIFY(!coreId.isEmpty());

    const double full = k * k * k / 8 * gbps; // 6,400
    const QJsonObject baseline = analyzeJson({}, file);
    QCOMPARE(baseline.value(QStringLiteral("bisection")).toObject().value(QStringLiteral("gbps")).toDouble(), full);

    const QJsonObject report = analyzeJson({QStringLiteral("--fail"), coreId}, file);
    QVERIFY(!report.isEmpty());
    const QJsonObject bisection = report.value(QStringLiteral("bisection")).toObject();
    // One of (k/2)² = 16 core switches gone: each carried 1/16 of the cut.
    QCOMPARE(bisection.value(QStringLiteral("gbps")).toDouble(), full * 15.0 / 16.0);
    QCOMPARE(bisection.value(QStringLiteral("full_gbps")).toDouble(), full);
    QCOMPARE(bisection.value(QStringLiteral("ratio")).toDouble(), 15.0 / 16.0);
    const QJsonArray failed = report.value(QStringLiteral("failed")).toArray();
    QCOMPARE(failed.size(), qsizetype(1));
    QCOMPARE(failed.at(0).toString(), coreId);
}

void TestCli::unknownFailId()
{
    const QString file = fatTree(4, 100, QStringLiteral("unknown-fail.fabric.json"));
    QVERIFY(!file.isEmpty());
    const QString id = QStringLiteral("no-such-switch-42");
    const CliRun run = runCli({QStringLiteral("analyze"), file, QStringLiteral("--fail"), id});
    QVERIFY2(run.exitCode == 1, qPrintable(describe(run)));
    QVERIFY2(run.err.contains(id), qPrintable(run.err));
    QVERIFY2(run.err.contains(QFileInfo(file).fileName()), qPrintable(run.err));
}

void TestCli::badFixtures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("command");
    const QDir dir(QStringLiteral(RAILYARD_TEST_DATA "/bad"));
    const QFileInfoList files = dir.entryInfoList(QDir::Files, QDir::Name);
    if (files.isEmpty())
        QTest::newRow("none") << QString() << QString();
    for (const QFileInfo &info : files) {
        for (const char *command : {"validate", "analyze"})
            QTest::addRow("%s %s", command, qPrintable(info.fileName()))
                << info.filePath() << QString::fromLatin1(command);
    }
}

void TestCli::badFixtures()
{
    QFETCH(QString, file);
    QFETCH(QString, command);
    if (file.isEmpty())
        QSKIP("tests/data/bad/ is empty or missing");
    const CliRun run = runCli({command, file});
    QVERIFY2(run.exitCode != 0, qPrintable(describe(run)));
    QVERIFY2(run.exitCode == 1, qPrintable(describe(run)));
    QVERIFY2(run.err.contains(QFileInfo(file).fileName()), qPrintable(describe(run)));
    QVERIFY2(run.out.isEmpty(), qPrintable(describe(run)));
}

void TestCli::convertRoundTrip()
{
    const QString json = fatTree(4, 100, QStringLiteral("rt.fabric.json"));
    QVERIFY(!json.isEmpty());
    const QString graphml = m_dir.filePath(QStringLiteral("rt.graphml"));
    const QString back = m_dir.filePath(QStringLiteral("rt-back.fabric.json"));

    CliRun run = runCli({QStringLiteral("convert"), json, graphml});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    run = runCli({QStringLiteral("convert"), graphml, back});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    run = runCli({QStringLiteral("validate"), graphml});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));

    const QJsonObject a = analyzeJson({}, json);
    const QJsonObject b = analyzeJson({}, graphml);
    const QJsonObject c = analyzeJson({}, back);
    QVERIFY(!a.isEmpty() && !b.isEmpty() && !c.isEmpty());
    for (const char *key : {"gpus", "hosts", "switches", "links", "switches_by_tier"}) {
        QCOMPARE(b.value(QLatin1String(key)), a.value(QLatin1String(key)));
        QCOMPARE(c.value(QLatin1String(key)), a.value(QLatin1String(key)));
    }
    QCOMPARE(c.value(QStringLiteral("bisection")).toObject().value(QStringLiteral("gbps")).toDouble(), 800.0);

    // Explicit slugs override the extensions.
    const QString odd = m_dir.filePath(QStringLiteral("rt.xml"));
    run = runCli({QStringLiteral("convert"), json, odd, QStringLiteral("--to"), QStringLiteral("graphml")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    run = runCli({QStringLiteral("validate"), odd, QStringLiteral("--from"), QStringLiteral("graphml")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    run = runCli({QStringLiteral("convert"), json, odd, QStringLiteral("--to"), QStringLiteral("no-such-format")});
    QVERIFY2(run.exitCode == 2 && run.err.contains(QStringLiteral("--to")), qPrintable(describe(run)));
}

void TestCli::impossibleParameters_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("option");
    const auto row = [](const char *name, QStringList args, const char *option) {
        QTest::newRow(name) << args << QString::fromLatin1(option);
    };
    row("fat-tree odd k", {QStringLiteral("fat-tree"), QStringLiteral("--k"), QStringLiteral("3")}, "--k");
    row("fat-tree k not a number", {QStringLiteral("fat-tree"), QStringLiteral("--k"), QStringLiteral("four")}, "--k");
    row("fat-tree zero speed",
        {QStringLiteral("fat-tree"), QStringLiteral("--k"), QStringLiteral("4"), QStringLiteral("--link-gbps"),
         QStringLiteral("0")},
        "--link-gbps");
    row("rail-optimized zero hosts", {QStringLiteral("rail-optimized"), QStringLiteral("--hosts"), QStringLiteral("0")},
        "--hosts");
    row("rail-optimized unknown gpu",
        {QStringLiteral("rail-optimized"), QStringLiteral("--hosts"), QStringLiteral("8"), QStringLiteral("--gpu"),
         QStringLiteral("a100x")},
        "--gpu");
    row("dgx-superpod unknown gpu",
        {QStringLiteral("dgx-superpod"), QStringLiteral("--sus"), QStringLiteral("1"), QStringLiteral("--gpu"),
         QStringLiteral("v100")},
        "--gpu");
    row("meta-ai-zone zones missing", {QStringLiteral("meta-ai-zone")}, "--zones");
    row("alibaba-hpn segments not a number",
        {QStringLiteral("alibaba-hpn"), QStringLiteral("--segments"), QStringLiteral("2x")}, "--segments");
    row("unknown design", {QStringLiteral("torus")}, "torus");
    row("options before the design", {QStringLiteral("-o"), QStringLiteral("x.fabric.json"), QStringLiteral("fat-tree")},
        "the design comes first, before its options: generate fat-tree");
    const auto dgx = [](QStringList more) {
        return QStringList{QStringLiteral("dgx-superpod"), QStringLiteral("--sus"), QStringLiteral("1")} + more;
    };
    row("switch without the NICs' speed", dgx({QStringLiteral("--switch"), QStringLiteral("q3400")}), "--switch");
    row("unknown switch model", dgx({QStringLiteral("--switch"), QStringLiteral("qm9999")}), "--switch");
    row("NIC without the switch's transport",
        dgx({QStringLiteral("--switch"), QStringLiteral("qm9700"), QStringLiteral("--nic"), QStringLiteral("bluefield-3")}),
        "--nic");
    row("spine without the leaves' speed",
        dgx({QStringLiteral("--switch"), QStringLiteral("qm9700"), QStringLiteral("--spine-switch"), QStringLiteral("q3400")}),
        "--spine-switch");
    row("sharp on Ethernet",
        dgx({QStringLiteral("--switch"), QStringLiteral("sn5600"), QStringLiteral("--sharp")}), "--sharp");
    row("transport against the switch",
        dgx({QStringLiteral("--switch"), QStringLiteral("qm9700"), QStringLiteral("--transport"), QStringLiteral("ethernet")}),
        "--switch");
    row("unknown transport", dgx({QStringLiteral("--transport"), QStringLiteral("fddi")}), "--transport");
    row("models on a fixed design",
        {QStringLiteral("meta-ai-zone"), QStringLiteral("--zones"), QStringLiteral("1"), QStringLiteral("--switch"),
         QStringLiteral("tomahawk5")},
        "--switch");
    row("radix with a model",
        {QStringLiteral("rail-optimized"), QStringLiteral("--hosts"), QStringLiteral("8"), QStringLiteral("--radix"),
         QStringLiteral("32"), QStringLiteral("--switch"), QStringLiteral("qm9700")},
        "--radix");
}

void TestCli::impossibleParameters()
{
    QFETCH(QStringList, args);
    QFETCH(QString, option);
    const QString out = m_dir.filePath(QStringLiteral("never-written.fabric.json"));
    const CliRun run = runCli(QStringList{QStringLiteral("generate")} + args + QStringList{QStringLiteral("-o"), out});
    QVERIFY2(run.exitCode == 2, qPrintable(describe(run)));
    QVERIFY2(run.err.contains(option), qPrintable(describe(run)));
    QVERIFY(!QFileInfo::exists(out));
}

void TestCli::generateWithModels()
{
    // Tomahawk 5 at 400G: 128 ports, 64 down, so the unit follows the leaf: 2
    // units of 64 hosts, 16 leaves, whose 1,024 uplinks need 1,024 / 128 = 8 spines.
    const QString out = m_dir.filePath(QStringLiteral("th5.fabric.json"));
    CliRun run = runCli({QStringLiteral("generate"), QStringLiteral("dgx-superpod"), QStringLiteral("--sus"),
                         QStringLiteral("4"), QStringLiteral("--switch"), QStringLiteral("tomahawk5"), QStringLiteral("--nic"),
                         QStringLiteral("connectx-7"), QStringLiteral("--adaptive-routing"), QStringLiteral("-o"), out});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY2(run.out.contains(QStringLiteral("24 switches (16 leaf, 8 spine)")), qPrintable(run.out));
    const ReadResult read = FormatRegistry::instance().readFile(out);
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    QCOMPARE(read.fabric->transport, Transport::Ethernet);
    QCOMPARE(read.fabric->routing, FabricRouting::Adaptive);
    QCOMPARE(read.fabric->switchAt(0).model, std::string("Tomahawk 5 51.2T"));
    QCOMPARE(read.fabric->switchAt(0).radix, 128);
    QCOMPARE(read.fabric->host(0).nics.front().model, std::string("ConnectX-7"));

    // The bill of materials prices the NICs and the model.
    run = runCli({QStringLiteral("bom"), out, QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject bom = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(bom.value(QStringLiteral("nics")).toInt(), 1024);
    QCOMPARE(bom.value(QStringLiteral("switches")).toInt(), 24);

    // Quantum-X800 needs 800G NICs: ConnectX-8.
    run = runCli({QStringLiteral("generate"), QStringLiteral("dgx-superpod"), QStringLiteral("--sus"), QStringLiteral("4"),
                  QStringLiteral("--switch"), QStringLiteral("Q3400"), QStringLiteral("--nic"), QStringLiteral("ConnectX-8"),
                  QStringLiteral("-o"), m_dir.filePath(QStringLiteral("xdr.fabric.json"))});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    // 144 ports, 72 down: units of 64 hosts (the largest divisor of 128), 16
    // leaves, 1,024 uplinks over ceil(1,024 / 144) = 8 spines.
    QVERIFY2(run.out.contains(QStringLiteral("24 switches (16 leaf, 8 spine)")), qPrintable(run.out));
}

void TestCli::catalog()
{
    CliRun run = runCli({QStringLiteral("catalog"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject j = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QStringList slugs;
    for (const QJsonValue &v : j.value(QStringLiteral("switches")).toArray())
        slugs << v.toObject().value(QStringLiteral("slug")).toString();
    for (const char *slug : {"qm9700", "q3400", "sn5600", "tomahawk5", "tomahawk6"})
        QVERIFY2(slugs.contains(QLatin1String(slug)), qPrintable(slugs.join(QLatin1Char(','))));
    QCOMPARE(j.value(QStringLiteral("nics")).toArray().size(), 4); // ConnectX-6, -7, -8, BlueField-3
    const QJsonObject q3400 = j.value(QStringLiteral("switches")).toArray().at(slugs.indexOf(QStringLiteral("q3400"))).toObject();
    QCOMPARE(q3400.value(QStringLiteral("breakouts")).toArray().first().toObject().value(QStringLiteral("ports")).toInt(), 144);
    QVERIFY(!q3400.value(QStringLiteral("sources")).toObject().value(QStringLiteral("watts")).toString().isEmpty());

    run = runCli({QStringLiteral("catalog")});
    QVERIFY2(run.exitCode == 0 && run.out.contains(QStringLiteral("64×800G, 128×400G, 256×200G")), qPrintable(describe(run)));

    // A user's quote over the built-in catalogue.
    const QString mine = m_dir.filePath(QStringLiteral("mine.json"));
    QFile file(mine);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format":"railyard-bom-catalog","switches":{"QM9700":{"price":21000}}})");
    file.close();
    run = runCli({QStringLiteral("catalog"), QStringLiteral("--catalog"), mine, QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY(run.out.contains(QStringLiteral("\"price\": 21000")));
    QVERIFY(run.out.contains(QStringLiteral("your catalogue ") + mine));

    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(R"({"format":"railyard-bom-catalog","switches":{"QM9700":{"breakouts":[{"ports":-1,"gbps":400}]}}})");
    file.close();
    run = runCli({QStringLiteral("catalog"), QStringLiteral("--catalog"), mine});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(mine + QStringLiteral(": /switches/QM9700/breakouts/0/ports: must be from 1 to 4096")),
             qPrintable(describe(run)));
}

void TestCli::missingOutput()
{
    const CliRun run
        = runCli({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--k"), QStringLiteral("4")});
    QVERIFY2(run.exitCode == 2, qPrintable(describe(run)));
    QVERIFY2(run.err.contains(QStringLiteral("--output")), qPrintable(describe(run)));

    const CliRun unknown = runCli({QStringLiteral("frobnicate")});
    QCOMPARE(unknown.exitCode, 2);
    const CliRun none = runCli({});
    QCOMPARE(none.exitCode, 2);
}

// generate --nvls --sharp writes "nvls": true on every host and "sharp": true
// on every switch; collective --algorithm auto then picks nvls on one host,
// and forcing nvls on a fabric without it is a usage error naming the host.
// NVLS is the default on 8-GPU H100 hosts: 2 x 8 H100 without flags take
// NVLS-tree for an 8 GiB all-reduce (NCCL's choice); --no-nvls turns it off.
void TestCli::generateNvlsSharp()
{
    const QString file = m_dir.filePath(QStringLiteral("nvls.fabric.json"));
    CliRun run = runCli({QStringLiteral("generate"), QStringLiteral("rail-optimized"), QStringLiteral("--hosts"),
                         QStringLiteral("2"), QStringLiteral("--nvls"), QStringLiteral("--sharp"), QStringLiteral("-o"),
                         file});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const ReadResult r = FormatRegistry::instance().readFile(file);
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QCOMPARE(r.fabric->hostCount(), 2);
    for (const Host &h : r.fabric->hosts())
        QVERIFY(h.nvls);
    QVERIFY(r.fabric->switchCount() > 0);
    for (const Switch &s : r.fabric->switches())
        QVERIFY(s.sharp);

    run = runCli({QStringLiteral("collective"), file, QStringLiteral("--op"), QStringLiteral("all-reduce"),
                  QStringLiteral("--size"), QStringLiteral("8GiB"), QStringLiteral("--gpus"), QStringLiteral("8"),
                  QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject o = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("algorithm")).toString(), QStringLiteral("nvls"));

    // NVLS is on by default on 8-GPU H100 hosts, as NCCL has it there: 2 × 8
    // H100 without flags take NCCL's NVLS-tree for an 8 GiB all-reduce.
    const QString byDefault = m_dir.filePath(QStringLiteral("default.fabric.json"));
    run = runCli({QStringLiteral("generate"), QStringLiteral("rail-optimized"), QStringLiteral("--hosts"),
                  QStringLiteral("2"), QStringLiteral("-o"), byDefault});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    run = runCli({QStringLiteral("collective"), byDefault, QStringLiteral("--op"), QStringLiteral("all-reduce"),
                  QStringLiteral("--size"), QStringLiteral("8GiB"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject nvlsTree = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(nvlsTree.value(QStringLiteral("ranks")).toInt(), 16);
    QCOMPARE(nvlsTree.value(QStringLiteral("algorithm")).toString(), QStringLiteral("nvls-tree"));
    // An A100 host has no NVLS to default to; --nvls with --no-nvls is refused.
    const QString a100 = m_dir.filePath(QStringLiteral("a100.fabric.json"));
    run = runCli({QStringLiteral("generate"), QStringLiteral("rail-optimized"), QStringLiteral("--hosts"),
                  QStringLiteral("1"), QStringLiteral("--gpu"), QStringLiteral("a100"), QStringLiteral("-o"), a100});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QFile a100File(a100);
    QVERIFY(a100File.open(QIODevice::ReadOnly));
    QVERIFY(!a100File.readAll().contains("\"nvls\""));
    // Its NICs default to its reference system's: DGX A100's 200G HDR.
    const ReadResult a100Read = FormatRegistry::instance().readFile(a100);
    QVERIFY2(a100Read.ok(), qPrintable(a100Read.errorText()));
    for (const Nic &nic : a100Read.fabric->host(0).nics)
        QCOMPARE(nic.speedGbps, 200.0);
    run = runCli({QStringLiteral("generate"), QStringLiteral("rail-optimized"), QStringLiteral("--hosts"),
                  QStringLiteral("1"), QStringLiteral("--nvls"), QStringLiteral("--no-nvls"), QStringLiteral("-o"),
                  m_dir.filePath(QStringLiteral("both.fabric.json"))});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QStringLiteral("--nvls and --no-nvls")), qPrintable(describe(run)));

    const QString plain = m_dir.filePath(QStringLiteral("plain.fabric.json"));
    run = runCli({QStringLiteral("generate"), QStringLiteral("rail-optimized"), QStringLiteral("--hosts"),
                  QStringLiteral("1"), QStringLiteral("--no-nvls"), QStringLiteral("-o"), plain});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QFile written(plain);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray bytes = written.readAll();
    QVERIFY(!bytes.contains("\"nvls\"") && !bytes.contains("\"sharp\""));
    run = runCli({QStringLiteral("collective"), plain, QStringLiteral("--op"), QStringLiteral("all-reduce"),
                  QStringLiteral("--size"), QStringLiteral("1GiB"), QStringLiteral("--algorithm"),
                  QStringLiteral("nvls")});
    QVERIFY2(run.exitCode == 2, qPrintable(describe(run)));
    QVERIFY2(run.err.contains(QRegularExpression(QStringLiteral("nvls: host 'gpu0+1' has no NVLink SHARP"))),
             qPrintable(describe(run)));
}

// generate gb200-nvl72 --racks 2: 36 trays × 4 GPUs in two NVLink domains of
// 18, one per rack, with NVLS; rail-optimized --nvlink-domain groups
// consecutive hosts, and a domain that is not a whole number of hosts is
// refused naming the option.
void TestCli::generateNvlinkDomains()
{
    const QString file = m_dir.filePath(QStringLiteral("gb200.fabric.json"));
    CliRun run = runCli({QStringLiteral("generate"), QStringLiteral("gb200-nvl72"), QStringLiteral("--racks"),
                         QStringLiteral("2"), QStringLiteral("-o"), file});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY2(run.out.contains(QStringLiteral("144 GPUs, 36 hosts")), qPrintable(describe(run)));
    ReadResult r = FormatRegistry::instance().readFile(file);
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QCOMPARE(r.fabric->hostCount(), 36);
    QCOMPARE(r.fabric->gpuCount(), 144LL);
    std::vector<NvlinkDomain> domains = r.fabric->nvlinkDomains();
    QCOMPARE(domains.size(), size_t(2));
    for (const NvlinkDomain &d : domains) {
        QCOMPARE(d.hosts.size(), size_t(18));
        QCOMPARE(d.gpus, 72LL);
        for (const std::int32_t h : d.hosts) {
            QVERIFY(r.fabric->host(h).nvls);
            QCOMPARE(r.fabric->host(h).location.rack, r.fabric->host(d.hosts.front()).location.rack);
        }
    }

    const QString rail = m_dir.filePath(QStringLiteral("nvl-rail.fabric.json"));
    run = runCli({QStringLiteral("generate"), QStringLiteral("rail-optimized"), QStringLiteral("--hosts"),
                  QStringLiteral("36"), QStringLiteral("--gpus-per-host"), QStringLiteral("4"),
                  QStringLiteral("--hosts-per-rack"), QStringLiteral("18"), QStringLiteral("--nvlink-domain"),
                  QStringLiteral("72"), QStringLiteral("-o"), rail});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    r = FormatRegistry::instance().readFile(rail);
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    domains = r.fabric->nvlinkDomains();
    QCOMPARE(domains.size(), size_t(2));
    QCOMPARE(domains[1].name, std::string("nvl-0002"));
    QCOMPARE(domains[1].hosts.front(), 18);
    QVERIFY(!r.fabric->host(0).nvls); // NVLS only with --nvls

    run = runCli({QStringLiteral("generate"), QStringLiteral("rail-optimized"), QStringLiteral("--hosts"),
                  QStringLiteral("4"), QStringLiteral("--nvlink-domain"), QStringLiteral("36"), QStringLiteral("-o"),
                  m_dir.filePath(QStringLiteral("never.fabric.json"))});
    QVERIFY2(run.exitCode == 2, qPrintable(describe(run)));
    QVERIFY2(run.err.contains(
                 QStringLiteral("--nvlink-domain: 36 GPUs per NVLink domain is not a whole number of 8-GPU hosts")),
             qPrintable(describe(run)));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("never.fabric.json"))));
    run = runCli({QStringLiteral("generate"), QStringLiteral("gb200-nvl72"), QStringLiteral("--racks"),
                  QStringLiteral("0"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("never.fabric.json"))});
    QVERIFY2(run.exitCode == 2 && run.err.contains(QStringLiteral("--racks")), qPrintable(describe(run)));
}

void TestCli::analyzeText()
{
    const QString file = fatTree(4, 100, QStringLiteral("text.fabric.json"));
    QVERIFY(!file.isEmpty());
    const CliRun run = runCli({QStringLiteral("analyze"), file});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY(!run.out.trimmed().isEmpty());

    const CliRun heuristic = runCli({QStringLiteral("analyze"), file, QStringLiteral("--json"),
                                     QStringLiteral("--method"), QStringLiteral("heuristic")});
    QVERIFY2(heuristic.exitCode == 0, qPrintable(describe(heuristic)));
    const QJsonObject report = QJsonDocument::fromJson(heuristic.out.toUtf8()).object();
    // The heuristic is an upper bound: never below the exact value.
    QVERIFY(report.value(QStringLiteral("bisection")).toObject().value(QStringLiteral("gbps")).toDouble() >= 800.0);

    const CliRun badMethod
        = runCli({QStringLiteral("analyze"), file, QStringLiteral("--method"), QStringLiteral("magic")});
    QVERIFY2(badMethod.exitCode == 2 && badMethod.err.contains(QStringLiteral("--method")),
             qPrintable(describe(badMethod)));

    const CliRun missing = runCli({QStringLiteral("analyze"), m_dir.filePath(QStringLiteral("absent.fabric.json"))});
    QVERIFY2(missing.exitCode == 1 && missing.err.contains(QStringLiteral("absent.fabric.json")),
             qPrintable(describe(missing)));
}

/// place --lfts routes the job by a real OpenSM's tables (the k = 4 fixture
/// dumped under ibsim); its step is the one routing --job reports under
/// them, a second code path to the same number.
void TestCli::placeUnderTables()
{
    const QString design = fatTree(4, 200, QStringLiteral("ft4-lfts.fabric.json"));
    QVERIFY(!design.isEmpty());
    const QString job = m_dir.filePath(QStringLiteral("dp16.job.json"));
    QFile out(job);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(R"({"format": "railyard-job", "version": 1, "name": "dp16",
      "model": {"parameters": 1.0e9, "layers": 16, "hidden_size": 2048, "sequence_length": 4096,
                "vocabulary": 32000, "precision": "bf16"},
      "parallelism": {"tp": 1, "pp": 1, "dp": 16}, "batch": {"micro_batch": 1, "global_batch": 16},
      "gpus": 16})");
    out.close();
    const QString tables = QStringLiteral(RAILYARD_TEST_DATA "/lft/fat-tree-k4.dump_fts");
    const CliRun place = runCli({QStringLiteral("place"), design, job, QStringLiteral("--lfts"), tables,
                                 QStringLiteral("--json")});
    QVERIFY2(place.exitCode == 0, qPrintable(describe(place)));
    const QJsonObject placed = QJsonDocument::fromJson(place.out.toUtf8()).object();
    QCOMPARE(placed.value(QStringLiteral("routing_tables")).toString(), QStringLiteral("subnet manager (LFTs)"));
    const double placeMs = placed.value(QStringLiteral("step_comm_time_ms")).toDouble();
    QVERIFY(placeMs > 0);
    const CliRun routing = runCli({QStringLiteral("routing"), design, QStringLiteral("--lfts"), tables,
                                   QStringLiteral("--job"), job, QStringLiteral("--permutations"),
                                   QStringLiteral("10"), QStringLiteral("--json")});
    QVERIFY2(routing.exitCode == 0, qPrintable(describe(routing)));
    const QJsonObject report = QJsonDocument::fromJson(routing.out.toUtf8()).object();
    const double tablesMs = report.value(QStringLiteral("job")).toObject().value(QStringLiteral("step_ms_tables")).toDouble();
    QVERIFY2(std::abs(placeMs - tablesMs) < 1e-6 * tablesMs, qPrintable(QStringLiteral("%1 vs %2").arg(placeMs).arg(tablesMs)));
    const CliRun both = runCli({QStringLiteral("place"), design, job, QStringLiteral("--lfts"), tables,
                                QStringLiteral("--routing"), QStringLiteral("static")});
    QCOMPARE(both.exitCode, 2);
    QVERIFY(both.err.contains(QStringLiteral("give one of --routing and --lfts")));

    // Tables that route nothing (every entry "no route", port 255): no flow
    // between hosts has a path, so the job cannot run. The report counts the
    // unrouted flows and the command exits 3 (it used to say a step of 0 ms
    // and exit 0).
    QFile in(tables);
    QVERIFY(in.open(QIODevice::ReadOnly));
    QByteArray none = in.readAll();
    static const QRegularExpression entry(QStringLiteral("^(0x[0-9a-f]{4}) [0-9]{3} :"), QRegularExpression::MultilineOption);
    QString noneText = QString::fromLatin1(none);
    noneText.replace(entry, QStringLiteral("\\1 255 :"));
    const QString noRoutes = m_dir.filePath(QStringLiteral("no-routes.dump_fts"));
    QFile nr(noRoutes);
    QVERIFY(nr.open(QIODevice::WriteOnly));
    nr.write(noneText.toLatin1());
    nr.close();
    const CliRun stuck = runCli({QStringLiteral("place"), design, job, QStringLiteral("--lfts"), noRoutes,
                                 QStringLiteral("--json")});
    QCOMPARE(stuck.exitCode, 3);
    const QJsonObject stuckJson = QJsonDocument::fromJson(stuck.out.toUtf8()).object();
    QVERIFY2(stuckJson.value(QStringLiteral("unrouted_flows")).toInteger() > 0, qPrintable(describe(stuck)));
    QVERIFY2(stuck.err.contains(QStringLiteral("of the job's flows have no path in the forwarding tables of")),
             qPrintable(describe(stuck)));
    QCOMPARE(placed.value(QStringLiteral("unrouted_flows")).toInteger(), 0); // the real tables route every flow
}

void TestCli::collectiveQueuePairs()
{
    // An all-reduce over the 24K sample's first 1,024 GPUs (128 hosts under
    // rack switches), hashed: more queue pairs per connection spread ECMP's
    // connections, so it is never slower.
    const QString fabric = QStringLiteral(RAILYARD_SAMPLES "/meta-24k.fabric.json");
    double previous = std::numeric_limits<double>::infinity();
    for (const char *qps : {"1", "4", "16"}) {
        const CliRun run = runCli({QStringLiteral("collective"), fabric, QStringLiteral("--op"),
                                   QStringLiteral("all-reduce"), QStringLiteral("--size"), QStringLiteral("4GiB"),
                                   QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("--routing"),
                                   QStringLiteral("hashed"), QStringLiteral("--seeds"), QStringLiteral("8"),
                                   QStringLiteral("--qps-per-connection"), QString::fromLatin1(qps),
                                   QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        const double us = QJsonDocument::fromJson(run.out.toUtf8()).object().value(QStringLiteral("time_us")).toDouble();
        QVERIFY2(us > 0 && us <= previous * (1 + 1e-9), qPrintable(QStringLiteral("%1 QPs: %2 us").arg(QLatin1String(qps)).arg(us)));
        previous = us;
    }
    const CliRun bad = runCli({QStringLiteral("collective"), fabric, QStringLiteral("--op"), QStringLiteral("all-reduce"),
                               QStringLiteral("--size"), QStringLiteral("1GiB"), QStringLiteral("--qps-per-connection"),
                               QStringLiteral("200")});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY(bad.err.contains(QStringLiteral("--qps-per-connection: 1 to 128")));
}

void TestCli::routingValidationCommand()
{
    const QString rows = QStringLiteral(RAILYARD_TEST_DATA "/routing-validation/rows.json");
    const CliRun run = runCli({QStringLiteral("routing-validation"), rows, QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject doc = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(doc.value(QStringLiteral("as_expected")).toInt(), doc.value(QStringLiteral("counted")).toInt());
    const CliRun null = runCli({QStringLiteral("routing-validation"), rows, QStringLiteral("--null"), QStringLiteral("fluid"),
                                QStringLiteral("--json")});
    QCOMPARE(null.exitCode, 0); // the null's misses are its report, not an error
    const QJsonObject nullDoc = QJsonDocument::fromJson(null.out.toUtf8()).object();
    QVERIFY(nullDoc.value(QStringLiteral("as_expected")).toInt() < nullDoc.value(QStringLiteral("counted")).toInt());
    const CliRun usage = runCli({QStringLiteral("routing-validation"), rows, QStringLiteral("--null"), QStringLiteral("zero")});
    QCOMPARE(usage.exitCode, 2);
    const CliRun missing = runCli({QStringLiteral("routing-validation"), m_dir.filePath(QStringLiteral("none.json"))});
    QCOMPARE(missing.exitCode, 1);
}

void TestCli::diffWithResilience()
{
    // Two k=4 fat-trees, 100 and 200 Gbit/s: the same shape, so the same N-1
    // percentages (docs/resilience.md derives them: a switch down leaves 75 %,
    // a link 87.5 %; 20 switch and 48 link scenarios).
    const QString a = fatTree(4, 100, QStringLiteral("resilience-a.fabric.json"));
    const QString b = fatTree(4, 200, QStringLiteral("resilience-b.fabric.json"));
    QVERIFY(!a.isEmpty() && !b.isEmpty());
    const CliRun text = runCli({QStringLiteral("diff"), a, b, QStringLiteral("--resilience")});
    QVERIFY2(text.exitCode == 0, qPrintable(describe(text)));
    QVERIFY2(text.out.contains(QStringLiteral("Resilience: n-1 over all switches and links")), qPrintable(text.out));
    QVERIFY2(text.out.contains(QStringLiteral("Classes / scenarios")), qPrintable(text.out));
    QVERIFY2(text.out.contains(QStringLiteral("6 / 68")), qPrintable(text.out));
    const CliRun json = runCli({QStringLiteral("diff"), a, b, QStringLiteral("--resilience"), QStringLiteral("--json")});
    QVERIFY2(json.exitCode == 0, qPrintable(describe(json)));
    const QJsonObject doc = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QVERIFY(doc.contains(QStringLiteral("resilience")));
    const QJsonArray designs = doc[QStringLiteral("resilience")][QStringLiteral("designs")].toArray();
    QCOMPARE(designs.size(), 2);
    for (const QJsonValue &d : designs) {
        const QJsonObject bisection = d[QStringLiteral("bisection_pct")].toObject();
        QCOMPARE(bisection[QStringLiteral("p50")][QStringLiteral("value")].toDouble(), 87.5);
        QCOMPARE(bisection[QStringLiteral("p95")][QStringLiteral("value")].toDouble(), 75.0);
        QCOMPARE(bisection[QStringLiteral("p99")][QStringLiteral("value")].toDouble(), 75.0);
        QCOMPARE(d[QStringLiteral("classes")].toInt(), 6);
    }
    QCOMPARE(designs[0][QStringLiteral("healthy_bisection_gbps")].toDouble(), 800.0);
    QCOMPARE(designs[1][QStringLiteral("healthy_bisection_gbps")].toDouble(), 1600.0);
    // The study's options only with --resilience; a scope that selects nothing is an error.
    const CliRun stray = runCli({QStringLiteral("diff"), a, b, QStringLiteral("--study"), QStringLiteral("n-2")});
    QCOMPARE(stray.exitCode, 2);
    QVERIFY2(stray.err.contains(QStringLiteral("--study: only with --resilience")), qPrintable(stray.err));
    const CliRun empty = runCli({QStringLiteral("diff"), a, b, QStringLiteral("--resilience"), QStringLiteral("--scope"),
                                 QStringLiteral("spine:nothing")});
    QCOMPARE(empty.exitCode, 1);
    // compare-designs gains the rows.
    const CliRun designsRun = runCli({QStringLiteral("compare-designs"), a, b, QStringLiteral("--resilience"),
                                      QStringLiteral("--json")});
    QVERIFY2(designsRun.exitCode == 0, qPrintable(describe(designsRun)));
    const QJsonObject compared = QJsonDocument::fromJson(designsRun.out.toUtf8()).object();
    bool found = false;
    for (const QJsonValue &row : compared[QStringLiteral("rows")].toArray())
        if (row[QStringLiteral("key")].toString() == QStringLiteral("resilience_bisection_p95")) {
            found = true;
            QCOMPARE(row[QStringLiteral("values")].toArray().at(1).toDouble(), 75.0);
        }
    QVERIFY(found);
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
