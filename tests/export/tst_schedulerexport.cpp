// Scheduler exports: Slurm hostlists (hand-written expectations both ways),
// the hierarchy derived from links, and every format on generated and sample
// fabrics. YAML outputs are parsed with PyYAML (python3-yaml) when present.

#include "core/export/hostlist.h"
#include "core/export/schedulerexport.h"
#include "core/registry/formatregistry.h"
#include "core/generators/presets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <map>
#include <set>

using namespace Railyard;

namespace {

using Names = std::vector<std::string>;

Names numbered(const std::string &prefix, int from, int to, int width)
{
    Names names;
    for (int i = from; i <= to; ++i) {
        std::string digits = std::to_string(i);
        digits.insert(0, static_cast<size_t>(std::max(0, width - static_cast<int>(digits.size()))), '0');
        names.push_back(prefix + digits);
    }
    return names;
}

Names operator+(Names a, const Names &b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

QStringList toQt(const Names &names)
{
    QStringList list;
    for (const std::string &n : names)
        list << QString::fromStdString(n);
    return list;
}

Fabric loadSample(const char *file)
{
    ReadResult r = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_SAMPLES "/") + QLatin1String(file));
    if (!r.ok())
        qFatal("cannot read sample %s", file);
    return std::move(*r.fabric);
}

/// Lines that are not comments.
QStringList contentLines(const std::string &text)
{
    QStringList lines;
    for (const QString &line : QString::fromStdString(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (!line.startsWith(QLatin1Char('#')))
            lines << line;
    return lines;
}

QString unquote(QString value)
{
    value = value.trimmed();
    if (value.size() >= 2 && value.startsWith(QLatin1Char('"')) && value.endsWith(QLatin1Char('"')))
        value = value.mid(1, value.size() - 2);
    return value;
}

/// How often each host is listed at the lowest level of one export, read from
/// the text by each format's own layout. For slurm-yaml, per topology.
std::vector<std::map<std::string, int>> lowestLevelCounts(const std::string &text, SchedulerFormat format)
{
    std::vector<std::map<std::string, int>> result;
    const QStringList lines = QString::fromStdString(text).split(QLatin1Char('\n'));
    static const QRegularExpression slurmLine(QStringLiteral("^(?:SwitchName|BlockName)=\\S+ Nodes=(\\S+)$"));
    static const QRegularExpression yamlNodes(QStringLiteral("^\\s+nodes: (.+)$"));
    switch (format) {
    case SchedulerFormat::SlurmTree:
    case SchedulerFormat::SlurmBlock:
        result.emplace_back();
        for (const QString &line : lines) {
            const auto m = slurmLine.match(line);
            if (m.hasMatch())
                for (const std::string &n : expandHostlist(m.captured(1).toStdString()))
                    ++result.back()[n];
        }
        break;
    case SchedulerFormat::SlurmYaml:
        for (const QString &line : lines) {
            if (line.startsWith(QLatin1String("- topology:")))
                result.emplace_back();
            const auto m = yamlNodes.match(line);
            if (m.hasMatch() && !result.empty())
                for (const std::string &n : expandHostlist(unquote(m.captured(1)).toStdString()))
                    ++result.back()[n];
        }
        break;
    case SchedulerFormat::Kueue:
    case SchedulerFormat::Volcano: {
        result.emplace_back();
        const bool kueue = format == SchedulerFormat::Kueue;
        for (const QString &doc : QString::fromStdString(text).split(QStringLiteral("\n---\n"))) {
            if (kueue ? !doc.contains(QLatin1String("\nkind: Node\n")) : !doc.contains(QLatin1String("\n  tier: 1\n")))
                continue;
            static const QRegularExpression nodeName(QStringLiteral("^  name: (.+)$"),
                                                     QRegularExpression::MultilineOption);
            static const QRegularExpression memberName(QStringLiteral("^          name: (.+)$"),
                                                       QRegularExpression::MultilineOption);
            auto it = (kueue ? nodeName : memberName).globalMatch(doc);
            while (it.hasNext())
                ++result.back()[unquote(it.next().captured(1)).toStdString()];
        }
        break;
    }
    }
    return result;
}

/// Parses a YAML stream with PyYAML and returns its documents as JSON, or
/// sets *skip when python3 with the yaml module is not available.
QJsonArray parseYaml(const std::string &text, QString *error, bool *skip)
{
    QProcess python;
    python.start(QStringLiteral("python3"),
                 {QStringLiteral("-c"),
                  QStringLiteral("import json, sys, yaml\n"
                                 "print(json.dumps(list(yaml.safe_load_all(sys.stdin))))")});
    if (!python.waitForStarted(10000)) {
        *skip = true;
        return {};
    }
    python.write(QByteArray::fromStdString(text));
    python.closeWriteChannel();
    if (!python.waitForFinished(60000)) {
        python.kill();
        python.waitForFinished();
        *error = QStringLiteral("python3 timed out");
        return {};
    }
    const QString err = QString::fromUtf8(python.readAllStandardError());
    if (python.exitCode() != 0) {
        if (err.contains(QLatin1String("No module named 'yaml'")))
            *skip = true;
        *error = err;
        return {};
    }
    return QJsonDocument::fromJson(python.readAllStandardOutput()).array();
}

/// Four hosts under two switches under a third, all of unknown tier and named
/// against their role: the hierarchy must come from the links alone.
Fabric handBuilt(bool connected)
{
    Fabric f;
    f.name = "Tiny Lab";
    for (const char *id : {"h1", "h2", "h3", "h4"}) {
        Host h;
        h.id = id;
        f.addHost(h);
    }
    for (const char *id : {"core-x", "core-y", "leaf-top"}) {
        Switch s;
        s.id = id;
        s.tier = Tier::Unlayered;
        f.addSwitch(s);
    }
    auto link = [&](const char *a, const char *b) {
        Link l;
        l.id = std::string(a) + "--" + b;
        l.a = f.findNode(a);
        l.b = f.findNode(b);
        f.addLink(l);
    };
    link("h1", "core-x");
    link("h2", "core-x");
    link("h3", "core-y");
    link("h4", "core-y");
    if (connected) {
        link("core-x", "leaf-top");
        link("core-y", "leaf-top");
    }
    return f;
}

} // namespace

class TestSchedulerExport : public QObject
{
    Q_OBJECT

private slots:
    void compress_data();
    void compress();
    void expand_data();
    void expand();
    void expandErrors_data();
    void expandErrors();
    void compressErrors();
    void formatNames();
    void slurmTreeDgx2();
    void slurmTreeCluster3k();
    void slurmTreeFatTree();
    void derivedFromLinks();
    void disconnected();
    void slurmBlock();
    void blockSizeOption();
    void kueueLabels();
    void labelPrefix();
    void volcanoTiers();
    void everyHostOnce_data();
    void everyHostOnce();
    void yamlParses_data();
    void yamlParses();
    void errors();
    void quoting();
};

void TestSchedulerExport::compress_data()
{
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QString>("expected");
    QTest::newRow("padded range and single") << toQt(numbered("gpu", 1, 32, 3) + Names{"gpu040"}) << "gpu[001-032,040]";
    QTest::newRow("unpadded across a digit") << toQt({"gpu9", "gpu10"}) << "gpu[9-10]";
    QTest::newRow("padded across a digit") << toQt({"gpu09", "gpu10"}) << "gpu[09-10]";
    QTest::newRow("padding change breaks the range") << toQt({"gpu9", "gpu010"}) << "gpu[9,010]";
    QTest::newRow("padded then unpadded") << toQt({"gpu007", "gpu8", "gpu9"}) << "gpu[007,8-9]";
    QTest::newRow("width grows past padding") << toQt({"gpu098", "gpu099", "gpu100", "gpu101"}) << "gpu[098-101]";
    QTest::newRow("unpadded to three digits") << toQt({"gpu99", "gpu100"}) << "gpu[99-100]";
    QTest::newRow("same value, two widths") << toQt({"gpu01", "gpu1"}) << "gpu[1,01]";
    QTest::newRow("numeric not lexical order") << toQt({"gpu10", "gpu2", "gpu1"}) << "gpu[1-2,10]";
    QTest::newRow("duplicates") << toQt({"gpu2", "gpu1", "gpu2"}) << "gpu[1-2]";
    QTest::newRow("several prefixes") << toQt({"b5", "a2", "a1"}) << "a[1-2],b5";
    QTest::newRow("no digits") << toQt({"login", "gpu2", "gpu1"}) << "gpu[1-2],login";
    QTest::newRow("only letters") << toQt({"x"}) << "x";
    QTest::newRow("single name keeps its form") << toQt({"gpu040"}) << "gpu040";
    QTest::newRow("zero") << toQt({"node0", "node1"}) << "node[0-1]";
    QTest::newRow("last digit run counts")
        << toQt({"rack1-node3", "rack1-node4", "rack2-node1"}) << "rack1-node[3-4],rack2-node1";
    QTest::newRow("suffix") << toQt({"n1-ib", "n3-ib", "n2-ib"}) << "n[1-3]-ib";
    QTest::newRow("suffix groups apart") << toQt({"n1-ib", "n2", "n1"}) << "n[1-2],n1-ib";
    QTest::newRow("digits only") << toQt({"00", "01"}) << "[00-01]";
    QTest::newRow("empty") << QStringList{} << "";
    QTest::newRow("384 hosts") << toQt(numbered("gpu", 1, 384, 3)) << "gpu[001-384]";
}

void TestSchedulerExport::compress()
{
    QFETCH(QStringList, names);
    QFETCH(QString, expected);
    Names input;
    for (const QString &n : names)
        input.push_back(n.toStdString());
    const std::string text = compressHostlist(input);
    QCOMPARE(QString::fromStdString(text), expected);
    // Round trip: the expression expands to exactly the distinct names.
    Names back = expandHostlist(text);
    std::sort(back.begin(), back.end());
    std::sort(input.begin(), input.end());
    input.erase(std::unique(input.begin(), input.end()), input.end());
    QCOMPARE(toQt(back), toQt(input));
}

void TestSchedulerExport::expand_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("padded") << "gpu[001-003]" << QStringList{"gpu001", "gpu002", "gpu003"};
    QTest::newRow("two prefixes") << "a[1-2],b[5]" << QStringList{"a1", "a2", "b5"};
    QTest::newRow("unpadded across a digit") << "gpu[9-11]" << QStringList{"gpu9", "gpu10", "gpu11"};
    QTest::newRow("padded across a digit") << "gpu[08-10]" << QStringList{"gpu08", "gpu09", "gpu10"};
    QTest::newRow("ranges and singles") << "gpu[1-2,5,07]" << QStringList{"gpu1", "gpu2", "gpu5", "gpu07"};
    QTest::newRow("suffix") << "n[1-2]-ib" << QStringList{"n1-ib", "n2-ib"};
    QTest::newRow("two brackets") << "r[1-2]n[1-2]" << QStringList{"r1n1", "r1n2", "r2n1", "r2n2"};
    QTest::newRow("plain names") << "login,gpu7" << QStringList{"login", "gpu7"};
    QTest::newRow("empty") << "" << QStringList{};
}

void TestSchedulerExport::expand()
{
    QFETCH(QString, expression);
    QFETCH(QStringList, expected);
    QCOMPARE(toQt(expandHostlist(expression.toStdString())), expected);
}

void TestSchedulerExport::expandErrors_data()
{
    QTest::addColumn<QString>("expression");
    for (const char *bad : {"gpu[1-", "gpu]1", "gpu[3-1]", "gpu[]", "gpu[a-b]", "a,,b", "gpu[1-2", "gpu[[1]]", "a b",
                            ",a", "a,", "gpu[1,]", "gpu[-2]", "gpu[1-2]]"})
        QTest::newRow(bad) << QString::fromLatin1(bad);
}

void TestSchedulerExport::expandErrors()
{
    QFETCH(QString, expression);
    QVERIFY_THROWS_EXCEPTION(HostlistError, expandHostlist(expression.toStdString()));
}

void TestSchedulerExport::compressErrors()
{
    for (const char *bad : {"gpu[1]", "a,b", "", "a b"})
        QVERIFY_THROWS_EXCEPTION(HostlistError, compressHostlist({"gpu1", bad}));
    // A huge expansion is refused instead of exhausting memory.
    QVERIFY_THROWS_EXCEPTION(HostlistError, expandHostlist("n[0-999999999]", 1000));
}

void TestSchedulerExport::formatNames()
{
    const QStringList slugs{"slurm-tree", "slurm-block", "slurm-yaml", "kueue", "volcano"};
    QCOMPARE(schedulerFormats().size(), size_t(5));
    for (int i = 0; i < slugs.size(); ++i) {
        const SchedulerFormat format = schedulerFormats()[static_cast<size_t>(i)];
        QCOMPARE(QString::fromLatin1(schedulerFormatName(format)), slugs[i]);
        QCOMPARE(schedulerFormatFromName(slugs[i].toStdString()), std::optional<SchedulerFormat>(format));
    }
    QVERIFY(!schedulerFormatFromName("slurm").has_value());
    QCOMPARE(QString::fromStdString(schedulerFormatNames()), slugs.join(QStringLiteral(", ")));
}

void TestSchedulerExport::slurmTreeDgx2()
{
    // Two scalable units of 32 hosts, 8 rail leaves each, one spine layer: the
    // SUs are the blocks (not the 16 leaves), the spine layer is the root.
    const Fabric f = generateClos(dgxSuperpodParams(2));
    const std::string text = exportTopology(f, SchedulerFormat::SlurmTree);
    QVERIFY(text.starts_with("# Slurm topology.conf for TopologyPlugin=topology/tree"));
    QCOMPARE(contentLines(text),
             (QStringList{"SwitchName=su-001 Nodes=gpu[001-032]", "SwitchName=su-002 Nodes=gpu[033-064]",
                          "SwitchName=pod-01 Switches=su-[001-002]"}));
}

void TestSchedulerExport::slurmTreeCluster3k()
{
    // 12 SUs of 32 hosts, 3 pods of 4 SUs (32 spines each), 48 cores on top.
    const Fabric f = loadSample("cluster-3k.fabric.json");
    QStringList expected;
    for (int su = 1; su <= 12; ++su)
        expected << QStringLiteral("SwitchName=su-%1 Nodes=gpu[%2-%3]")
                        .arg(su, 3, 10, QLatin1Char('0'))
                        .arg((su - 1) * 32 + 1, 3, 10, QLatin1Char('0'))
                        .arg(su * 32, 3, 10, QLatin1Char('0'));
    expected << "SwitchName=pod-01 Switches=su-[001-004]"
             << "SwitchName=pod-02 Switches=su-[005-008]"
             << "SwitchName=pod-03 Switches=su-[009-012]"
             << "SwitchName=cluster-3k Switches=pod-[01-03]";
    QCOMPARE(contentLines(exportTopology(f, SchedulerFormat::SlurmTree)), expected);
}

void TestSchedulerExport::slurmTreeFatTree()
{
    // ToR fabric: each edge switch is a block of k/2 = 2 hosts; pods of 2 edges.
    const Fabric f = generateClos(fatTreeParams(4));
    QCOMPARE(contentLines(exportTopology(f, SchedulerFormat::SlurmTree)),
             (QStringList{"SwitchName=leaf-0001 Nodes=host[001-002]", "SwitchName=leaf-0002 Nodes=host[003-004]",
                          "SwitchName=leaf-0003 Nodes=host[005-006]", "SwitchName=leaf-0004 Nodes=host[007-008]",
                          "SwitchName=leaf-0005 Nodes=host[009-010]", "SwitchName=leaf-0006 Nodes=host[011-012]",
                          "SwitchName=leaf-0007 Nodes=host[013-014]", "SwitchName=leaf-0008 Nodes=host[015-016]",
                          "SwitchName=pod-01 Switches=leaf-[0001-0002]", "SwitchName=pod-02 Switches=leaf-[0003-0004]",
                          "SwitchName=pod-03 Switches=leaf-[0005-0006]", "SwitchName=pod-04 Switches=leaf-[0007-0008]",
                          "SwitchName=fat-tree-k4 Switches=pod-[01-04]"}));
}

void TestSchedulerExport::derivedFromLinks()
{
    const Fabric f = handBuilt(true);
    const TopologyHierarchy h = deriveHierarchy(f);
    QCOMPARE(h.levels, 2);
    QCOMPARE(h.roots.size(), size_t(1));
    QCOMPARE(contentLines(exportTopology(f, SchedulerFormat::SlurmTree)),
             (QStringList{"SwitchName=core-x Nodes=h[1-2]", "SwitchName=core-y Nodes=h[3-4]",
                          "SwitchName=tiny-lab Switches=core-x,core-y"}));
}

void TestSchedulerExport::disconnected()
{
    const Fabric f = handBuilt(false);
    const TopologyHierarchy h = deriveHierarchy(f);
    QCOMPARE(h.roots.size(), size_t(2));
    const std::string text = exportTopology(f, SchedulerFormat::SlurmTree);
    QVERIFY(text.find("# WARNING: the fabric is not connected: 2 separate trees") != std::string::npos);
    QCOMPARE(contentLines(text), (QStringList{"SwitchName=core-x Nodes=h[1-2]", "SwitchName=core-y Nodes=h[3-4]"}));
}

void TestSchedulerExport::slurmBlock()
{
    QCOMPARE(contentLines(exportTopology(generateClos(dgxSuperpodParams(2)), SchedulerFormat::SlurmBlock)),
             (QStringList{"BlockName=su-001 Nodes=gpu[001-032]", "BlockName=su-002 Nodes=gpu[033-064]",
                          "BlockSizes=32,64"}));
    // 384 hosts in blocks of 32: each size doubles, up to the host count.
    const QStringList lines
        = contentLines(exportTopology(loadSample("cluster-3k.fabric.json"), SchedulerFormat::SlurmBlock));
    QCOMPARE(lines.size(), 13);
    QCOMPARE(lines.first(), QStringLiteral("BlockName=su-001 Nodes=gpu[001-032]"));
    QCOMPARE(lines.last(), QStringLiteral("BlockSizes=32,64,128,256"));
}

void TestSchedulerExport::blockSizeOption()
{
    const Fabric f = generateClos(dgxSuperpodParams(2));
    ExportOptions options;
    options.blockSize = 16;
    QCOMPARE(contentLines(exportTopology(f, SchedulerFormat::SlurmBlock, options)).last(),
             QStringLiteral("BlockSizes=16,32,64"));
    options.blockSize = 33; // larger than a 32-host block
    QVERIFY_THROWS_EXCEPTION(ExportError, exportTopology(f, SchedulerFormat::SlurmBlock, options));
    QVERIFY_THROWS_EXCEPTION(ExportError, exportTopology(f, SchedulerFormat::SlurmYaml, options));
    // Other formats ignore the block size.
    QVERIFY(!exportTopology(f, SchedulerFormat::SlurmTree, options).empty());
}

void TestSchedulerExport::kueueLabels()
{
    const std::string text = exportTopology(loadSample("cluster-3k.fabric.json"), SchedulerFormat::Kueue);
    const QString q = QString::fromStdString(text);
    QVERIFY(q.contains(QLatin1String("apiVersion: kueue.x-k8s.io/v1beta1\nkind: Topology\nmetadata:\n  name: "
                                     "cluster-3k\nspec:\n  levels:\n"
                                     "    - nodeLabel: railyard.io/block\n"
                                     "    - nodeLabel: railyard.io/subblock\n"
                                     "    - nodeLabel: railyard.io/rack\n"
                                     "    - nodeLabel: kubernetes.io/hostname\n")));
    // gpu033: second SU (su-002) of pod-01, ninth rack of 4 hosts.
    QVERIFY(q.contains(QLatin1String("apiVersion: v1\nkind: Node\nmetadata:\n  name: gpu033\n  labels:\n"
                                     "    railyard.io/block: pod-01\n"
                                     "    railyard.io/subblock: su-002\n"
                                     "    railyard.io/rack: rack-009\n")));
    QVERIFY(q.contains(QLatin1String("  name: gpu384\n  labels:\n    railyard.io/block: pod-03\n"
                                     "    railyard.io/subblock: su-012\n")));
    // Two levels (blocks under one root): the root is the block level.
    const QString dgx
        = QString::fromStdString(exportTopology(generateClos(dgxSuperpodParams(2)), SchedulerFormat::Kueue));
    QVERIFY(dgx.contains(QLatin1String("  name: gpu064\n  labels:\n    railyard.io/block: pod-01\n"
                                       "    railyard.io/subblock: su-002\n")));
}

void TestSchedulerExport::labelPrefix()
{
    const Fabric f = generateClos(dgxSuperpodParams(1));
    ExportOptions options;
    options.labelPrefix = "topology.example.com";
    const QString q = QString::fromStdString(exportTopology(f, SchedulerFormat::Kueue, options));
    QVERIFY(q.contains(QLatin1String("- nodeLabel: topology.example.com/subblock")));
    QVERIFY(!q.contains(QLatin1String("railyard.io")));
    for (const char *bad : {"", "Example.com", "-a.com", "a..b", "a/b", "a_b"}) {
        options.labelPrefix = bad;
        QVERIFY2(!isValidLabelPrefix(bad), bad);
        QVERIFY_THROWS_EXCEPTION(ExportError, exportTopology(f, SchedulerFormat::Kueue, options));
    }
    QVERIFY(isValidLabelPrefix("railyard.io"));
    QVERIFY(isValidLabelPrefix("a-b.c1"));
}

void TestSchedulerExport::volcanoTiers()
{
    const std::string text = exportTopology(loadSample("cluster-3k.fabric.json"), SchedulerFormat::Volcano);
    const QString q = QString::fromStdString(text);
    QCOMPARE(q.count(QLatin1String("kind: HyperNode\n")), 12 + 3 + 1);
    QCOMPARE(q.count(QLatin1String("\n  tier: 1\n")), 12);
    QCOMPARE(q.count(QLatin1String("\n  tier: 2\n")), 3);
    QCOMPARE(q.count(QLatin1String("\n  tier: 3\n")), 1);
    QVERIFY(
        q.contains(QLatin1String("metadata:\n  name: su-001\nspec:\n  tier: 1\n  members:\n"
                                 "    - type: Node\n      selector:\n        exactMatch:\n          name: gpu001\n")));
    QVERIFY(q.contains(
        QLatin1String("metadata:\n  name: pod-02\nspec:\n  tier: 2\n  members:\n"
                      "    - type: HyperNode\n      selector:\n        exactMatch:\n          name: su-005\n")));
    QVERIFY(q.contains(QLatin1String("metadata:\n  name: cluster-3k\nspec:\n  tier: 3\n")));
}

void TestSchedulerExport::everyHostOnce_data()
{
    QTest::addColumn<int>("fabric");
    QTest::addColumn<int>("format");
    const char *fabrics[] = {"dgx-2su",        "dgx-10su",   "fat-tree-k8",  "alibaba-hpn-2",
                             "meta-ai-zone-1", "cluster-3k", "superpod-4su", "planes-2"};
    for (int f = 0; f < 8; ++f)
        for (SchedulerFormat format : schedulerFormats())
            QTest::addRow("%s %s", fabrics[f], schedulerFormatName(format)) << f << static_cast<int>(format);
}

void TestSchedulerExport::everyHostOnce()
{
    QFETCH(int, fabric);
    QFETCH(int, format);
    static std::map<int, Fabric> cache;
    if (!cache.contains(fabric)) {
        ClosParams planes = railOptimizedParams(100);
        planes.planes = 2;
        switch (fabric) {
        case 0: cache[fabric] = generateClos(dgxSuperpodParams(2)); break;
        case 1: cache[fabric] = generateClos(dgxSuperpodParams(10)); break;
        case 2: cache[fabric] = generateClos(fatTreeParams(8)); break;
        case 3: cache[fabric] = generateClos(alibabaHpnParams(2)); break;
        case 4: cache[fabric] = generateClos(metaAiZoneParams(1)); break;
        case 5: cache[fabric] = loadSample("cluster-3k.fabric.json"); break;
        case 6: cache[fabric] = loadSample("superpod-4su.fabric.json"); break;
        default: cache[fabric] = generateClos(planes); break;
        }
    }
    const Fabric &f = cache[fabric];
    const auto kind = static_cast<SchedulerFormat>(format);
    const std::string text = exportTopology(f, kind);
    QCOMPARE(exportTopology(f, kind), text); // deterministic
    const auto counts = lowestLevelCounts(text, kind);
    QCOMPARE(counts.size(), size_t(kind == SchedulerFormat::SlurmYaml ? 2 : 1));
    for (const auto &perHost : counts) {
        QCOMPARE(perHost.size(), size_t(f.hostCount()));
        for (const Host &host : f.hosts()) {
            const auto it = perHost.find(host.id);
            QVERIFY2(it != perHost.end() && it->second == 1, host.id.c_str());
        }
    }
    // The hierarchy is a single tree over all hosts for every connected generated fabric.
    const TopologyHierarchy h = deriveHierarchy(f);
    QCOMPARE(h.roots.size(), size_t(1));
    QCOMPARE(h.groups[static_cast<size_t>(h.roots.front())].hosts.size(), size_t(f.hostCount()));
}

void TestSchedulerExport::yamlParses_data()
{
    QTest::addColumn<int>("format");
    QTest::addColumn<bool>("bigFabric");
    for (SchedulerFormat format : {SchedulerFormat::SlurmYaml, SchedulerFormat::Kueue, SchedulerFormat::Volcano}) {
        QTest::addRow("%s dgx-2su", schedulerFormatName(format)) << static_cast<int>(format) << false;
        QTest::addRow("%s cluster-3k", schedulerFormatName(format)) << static_cast<int>(format) << true;
    }
}

void TestSchedulerExport::yamlParses()
{
    QFETCH(int, format);
    QFETCH(bool, bigFabric);
    const Fabric f = bigFabric ? loadSample("cluster-3k.fabric.json") : generateClos(dgxSuperpodParams(2));
    const auto kind = static_cast<SchedulerFormat>(format);
    QString error;
    bool skip = false;
    const QJsonArray docs = parseYaml(exportTopology(f, kind), &error, &skip);
    if (skip)
        QSKIP("python3 with the yaml module (Debian: python3-yaml) is not available");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const int blocks = bigFabric ? 12 : 2;
    switch (kind) {
    case SchedulerFormat::SlurmYaml: {
        QCOMPARE(docs.size(), 1);
        const QJsonArray topologies = docs[0].toArray();
        QCOMPARE(topologies.size(), 2);
        const QJsonObject tree = topologies[0].toObject();
        QCOMPARE(tree[QLatin1String("cluster_default")].toBool(), true);
        const QJsonArray switches = tree[QLatin1String("tree")].toObject()[QLatin1String("switches")].toArray();
        QCOMPARE(switches.size(), bigFabric ? 12 + 3 + 1 : 2 + 1);
        QCOMPARE(switches[0].toObject()[QLatin1String("switch")].toString(), QStringLiteral("su-001"));
        QCOMPARE(switches[0].toObject()[QLatin1String("nodes")].toString(), QStringLiteral("gpu[001-032]"));
        QCOMPARE(switches.last().toObject()[QLatin1String("children")].toString(),
                 bigFabric ? QStringLiteral("pod-[01-03]") : QStringLiteral("su-[001-002]"));
        const QJsonObject block = topologies[1].toObject()[QLatin1String("block")].toObject();
        QCOMPARE(block[QLatin1String("blocks")].toArray().size(), blocks);
        const QJsonArray sizes = bigFabric ? QJsonArray{32, 64, 128, 256} : QJsonArray{32, 64};
        QCOMPARE(block[QLatin1String("block_sizes")].toArray(), sizes);
        break;
    }
    case SchedulerFormat::Kueue: {
        QCOMPARE(docs.size(), 1 + f.hostCount());
        QCOMPARE(docs[0].toObject()[QLatin1String("kind")].toString(), QStringLiteral("Topology"));
        QCOMPARE(docs[0].toObject()[QLatin1String("spec")].toObject()[QLatin1String("levels")].toArray().size(), 4);
        std::set<QString> subblocks;
        for (qsizetype i = 1; i < docs.size(); ++i) {
            const QJsonObject node = docs[i].toObject();
            QCOMPARE(node[QLatin1String("kind")].toString(), QStringLiteral("Node"));
            const QJsonObject labels = node[QLatin1String("metadata")].toObject()[QLatin1String("labels")].toObject();
            QCOMPARE(labels.size(), 3);
            subblocks.insert(labels[QLatin1String("railyard.io/subblock")].toString());
        }
        QCOMPARE(subblocks.size(), size_t(blocks));
        break;
    }
    case SchedulerFormat::Volcano: {
        QCOMPARE(docs.size(), bigFabric ? 12 + 3 + 1 : 2 + 1);
        std::set<QString> names;
        for (const QJsonValue &doc : docs) {
            const QJsonObject o = doc.toObject();
            QCOMPARE(o[QLatin1String("apiVersion")].toString(), QStringLiteral("topology.volcano.sh/v1alpha1"));
            const QJsonObject spec = o[QLatin1String("spec")].toObject();
            const int tier = spec[QLatin1String("tier")].toInt();
            for (const QJsonValue &m : spec[QLatin1String("members")].toArray()) {
                const QJsonObject member = m.toObject();
                const QString name = member[QLatin1String("selector")]
                                         .toObject()[QLatin1String("exactMatch")]
                                         .toObject()[QLatin1String("name")]
                                         .toString();
                QCOMPARE(member[QLatin1String("type")].toString(),
                         tier == 1 ? QStringLiteral("Node") : QStringLiteral("HyperNode"));
                if (tier > 1) // members are defined, and in an earlier document
                    QVERIFY2(names.contains(name), qPrintable(name));
            }
            names.insert(o[QLatin1String("metadata")].toObject()[QLatin1String("name")].toString());
        }
        break;
    }
    default: QFAIL("not a YAML format");
    }
}

void TestSchedulerExport::errors()
{
    QVERIFY_THROWS_EXCEPTION(ExportError, exportTopology(Fabric{}, SchedulerFormat::SlurmTree));
    Fabric f = handBuilt(true);
    Host lonely;
    lonely.id = "h9";
    f.addHost(lonely);
    try {
        exportTopology(f, SchedulerFormat::Volcano);
        QFAIL("a host without a switch was exported");
    } catch (const ExportError &error) {
        QVERIFY2(std::string(error.what()).find("'h9'") != std::string::npos, error.what());
    }
}

void TestSchedulerExport::quoting()
{
    // Host names a hostlist cannot hold fail for Slurm but are quoted in YAML.
    Fabric f = handBuilt(true);
    f.host(0).id = "h1,a";
    f.host(1).id = "yes";
    QVERIFY_THROWS_EXCEPTION(ExportError, exportTopology(f, SchedulerFormat::SlurmTree));
    const std::string volcano = exportTopology(f, SchedulerFormat::Volcano);
    QVERIFY(volcano.find("name: \"h1,a\"\n") != std::string::npos);
    QVERIFY(volcano.find("name: \"yes\"\n") != std::string::npos);
    QString error;
    bool skip = false;
    const QJsonArray docs = parseYaml(volcano, &error, &skip);
    if (skip)
        QSKIP("python3 with the yaml module (Debian: python3-yaml) is not available");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(docs[0]
                 .toObject()[QLatin1String("spec")]
                 .toObject()[QLatin1String("members")]
                 .toArray()[1]
                 .toObject()[QLatin1String("selector")]
                 .toObject()[QLatin1String("exactMatch")]
                 .toObject()[QLatin1String("name")]
                 .toString(),
             QStringLiteral("yes"));
}

QTEST_GUILESS_MAIN(TestSchedulerExport)
#include "tst_schedulerexport.moc"
