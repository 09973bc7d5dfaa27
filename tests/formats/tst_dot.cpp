// Graphviz DOT (read and written): a generated fabric written as DOT reads
// back to the same hosts, NICs, switches, tiers, links, ports and speeds; the
// parser takes the grammar's statements (chains, subgraphs as edge ends,
// scoped defaults, ports, quoting, comments); hand-written files with roles,
// with names only and with nothing but the graph's shape give the fabrics
// worked out by hand below; malformed files name the line and column.

#include "core/formats/dot/dotreader.h"
#include "core/registry/formatregistry.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"

#include <QBuffer>
#include <QtTest>

using namespace Railyard;

class TestDot : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip();
    void parser_data();
    void parser();
    void speeds_data();
    void speeds();
    void labFixture();
    void namesOnly();
    void shapeOnly();
    void malformed_data();
    void malformed();
};

namespace {

const FileFormat &dot()
{
    const FileFormat *f = FormatRegistry::instance().bySlug(QStringLiteral("dot"));
    Q_ASSERT(f);
    return *f;
}

ReadResult readFixture(const char *name)
{
    return FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_TEST_DATA "/dot/") + QLatin1String(name));
}

/// The link between two named nodes (either direction), the k-th such; null if none.
const Link *linkBetween(const Fabric &f, const std::string &x, const std::string &y, int k = 0)
{
    for (const Link &l : f.links())
        if ((f.nodeId(l.a) == x && f.nodeId(l.b) == y) || (f.nodeId(l.a) == y && f.nodeId(l.b) == x))
            if (k-- == 0)
                return &l;
    return nullptr;
}

/// The port of node `x` on link l.
int portOf(const Fabric &f, const Link &l, const std::string &x)
{
    return f.nodeId(l.a) == x ? l.portA : l.portB;
}

Tier tierOf(const Fabric &f, const std::string &id)
{
    const NodeIndex n = f.findNode(id);
    return f.isSwitch(n) ? f.switchAt(f.switchIndexOf(n)).tier : Tier::Unlayered;
}

} // namespace

void TestDot::roundTrip()
{
    Fabric design = generateClos(dgxSuperpodParams(1));
    // One degraded and one down link survive too.
    design.link(5).state = LinkState::Degraded;
    design.link(5).degradedGbps = 200;
    design.link(7).state = LinkState::Down;
    QVERIFY(dot().canRead() && dot().canWrite());
    QCOMPARE(dot().extensions(), QStringList({QStringLiteral("dot"), QStringLiteral("gv")}));
    QBuffer buffer;
    buffer.open(QIODevice::ReadWrite);
    QString error;
    QVERIFY2(dot().write(design, buffer, &error), qPrintable(error));
    buffer.seek(0);
    const ReadResult r = dot().read(buffer, QStringLiteral("superpod.dot"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.name, design.name);
    QCOMPARE(f.hostCount(), design.hostCount());
    QCOMPARE(f.switchCount(), design.switchCount());
    QCOMPARE(f.links().size(), design.links().size());
    for (const Host &h : design.hosts()) {
        const NodeIndex n = f.findNode(h.id);
        QVERIFY(n >= 0 && f.isHost(n));
        const Host &back = f.host(n);
        QCOMPARE(back.nics.size(), h.nics.size());
        for (size_t k = 0; k < h.nics.size(); ++k) {
            QCOMPARE(back.nics[k].ports, h.nics[k].ports);
            QCOMPARE(back.nics[k].speedGbps, h.nics[k].speedGbps);
        }
        QCOMPARE(back.gpus, h.gpus);
        QCOMPARE(back.gpuModel, h.gpuModel);
        QCOMPARE(back.location.rack, h.location.rack);
    }
    for (const Switch &s : design.switches()) {
        const NodeIndex n = f.findNode(s.id);
        QVERIFY(n >= 0 && f.isSwitch(n));
        const Switch &back = f.switchAt(f.switchIndexOf(n));
        QCOMPARE(int(back.tier), int(s.tier));
        QCOMPARE(back.radix, s.radix);
        QCOMPARE(back.location.rack, s.location.rack);
    }
    for (const Link &l : design.links()) {
        // Same ends on the same ports, at the same rate and state.
        bool found = false;
        for (const Link &k : f.links())
            if (f.nodeId(k.a) == design.nodeId(l.a) && f.nodeId(k.b) == design.nodeId(l.b) && k.portA == l.portA
                && k.portB == l.portB && k.capacityGbps == l.capacityGbps && k.state == l.state
                && k.degradedGbps == l.degradedGbps)
                found = true;
        QVERIFY2(found, l.id.c_str());
    }
}

void TestDot::parser_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("edges");
    QTest::addColumn<QString>("check"); ///< "node.attr=value" or "edge#k.field=value"

    QTest::newRow("chain") << QByteArray("graph { a -- b -- c -- d [gbps=100] }") << 4 << 3 << "edge#2.gbps=100";
    QTest::newRow("directed, strict, keywords any case")
        << QByteArray("STRICT DiGraph G { a -> b; b -> a }") << 2 << 2 << "edge#1.a=b";
    QTest::newRow("subgraph as edge end") << QByteArray("graph { a -- {b c d} }") << 4 << 3 << "edge#2.b=d";
    QTest::newRow("subgraphs on both ends")
        << QByteArray("graph { {a b} -- subgraph s {c d} [gbps=1] }") << 4 << 4 << "edge#3.gbps=1";
    QTest::newRow("defaults apply from their statement on")
        << QByteArray("graph { a; node [role=leaf]; b; a -- c }") << 3 << 1 << "c.role=leaf";
    QTest::newRow("defaults are scoped to their subgraph")
        << QByteArray("graph { { node [role=spine]; x } y }") << 2 << 0 << "y.role=";
    QTest::newRow("edge default under another speed name")
        << QByteArray("graph { edge [gbps=400]; a -- b [capacity=\"100G\"] }") << 2 << 1 << "edge#0.gbps=";
    QTest::newRow("ports and compass points")
        << QByteArray("graph { a:p1:ne -- b:s -- c:\"Ethernet1/5\" }") << 3 << 2 << "edge#0.aPort=p1";
    QTest::newRow("compass point alone is no port")
        << QByteArray("graph { a:p1 -- b:sw }") << 2 << 1 << "edge#0.bPort=";
    QTest::newRow("quoted escapes and concatenation")
        << QByteArray("graph { \"a\\\"b\" + \"\\\\c\" -- \"multi\\\nline\" }") << 2 << 1 << "edge#0.a=a\"b\\c";
    QTest::newRow("html id") << QByteArray("graph { <x<b>1</b>> -- y }") << 2 << 1 << "edge#0.a=x<b>1</b>";
    QTest::newRow("comments") << QByteArray("# cpp line\ngraph { /* a -- z */ a -- b // c -- d\n # not a node\n}") << 2
                              << 1 << "edge#0.b=b";
    QTest::newRow("unquoted dashes and numerals")
        << QByteArray("graph { leaf-01--spine-01 [gbps=400G]; -1.5 -- .5 }") << 4 << 2 << "edge#0.gbps=400G";
    QTest::newRow("attribute without value, ; and , separators")
        << QByteArray("graph { a [role=host; rack=r1, bold] }") << 1 << 0 << "a.bold=true";
    QTest::newRow("cluster label gives the rack")
        << QByteArray("graph { subgraph cluster_1 { label=\"rack 7\"; a } }") << 1 << 0 << "a.rack=7";
    QTest::newRow("cluster name gives the rack")
        << QByteArray("graph { subgraph cluster_rack_r09 { a } }") << 1 << 0 << "a.rack=r09";
    QTest::newRow("cluster not named like a rack")
        << QByteArray("graph { subgraph cluster_spines { a } }") << 1 << 0 << "a.rack=";
    QTest::newRow("inner cluster's rack wins")
        << QByteArray("graph { subgraph cluster_r1 { subgraph cluster_r2 { a } b } }") << 2 << 0 << "a.rack=r2";
}

void TestDot::parser()
{
    QFETCH(QByteArray, text);
    QFETCH(int, nodes);
    QFETCH(int, edges);
    QFETCH(QString, check);
    AttributedGraph::Graph g;
    std::vector<FormatError> errors, warnings;
    QVERIFY2(Dot::parse(std::string_view(text.constData(), size_t(text.size())), QStringLiteral("t.dot"), &g, &errors,
                        &warnings),
             errors.empty() ? "" : qPrintable(errors[0].toString()));
    QCOMPARE(int(g.nodes.size()), nodes);
    QCOMPARE(int(g.edges.size()), edges);
    const QString subject = check.section(QLatin1Char('='), 0, 0);
    const std::string expected = check.section(QLatin1Char('='), 1).toStdString();
    const std::string field = subject.section(QLatin1Char('.'), 1).toStdString();
    std::string actual;
    if (subject.startsWith(QLatin1String("edge#"))) {
        const AttributedGraph::Edge &e = g.edges[size_t(subject.mid(5).section(QLatin1Char('.'), 0, 0).toInt())];
        actual = field == "a"  ? e.a
            : field == "b"     ? e.b
            : field == "aPort" ? e.aPort
            : field == "bPort" ? e.bPort
                               : (e.attrs.count(field) ? e.attrs.at(field) : std::string());
    } else {
        const std::string key = subject.section(QLatin1Char('.'), 0, 0).toStdString();
        for (const AttributedGraph::Element &n : g.nodes)
            if (n.key == key && n.attrs.count(field))
                actual = n.attrs.at(field);
    }
    QCOMPARE(QString::fromStdString(actual), QString::fromStdString(expected));
}

void TestDot::speeds_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("gbps"); ///< 0 = not a speed
    QTest::newRow("bare") << "400" << 400.0;
    QTest::newRow("G") << "400G" << 400.0;
    QTest::newRow("Gbps") << "400Gbps" << 400.0;
    QTest::newRow("Gb/s spaced") << "400 Gb/s" << 400.0;
    QTest::newRow("T") << "1.6T" << 1600.0;
    QTest::newRow("Mbps") << "100000Mbps" << 100.0;
    QTest::newRow("bare above 6400 is Mb/s") << "100000" << 100.0;
    QTest::newRow("bare above 6.4e6 is b/s") << "400000000000" << 400.0;
    QTest::newRow("word") << "fast" << 0.0;
    QTest::newRow("zero") << "0" << 0.0;
    QTest::newRow("unknown unit") << "400GB/min" << 0.0;
}

void TestDot::speeds()
{
    QFETCH(QString, text);
    QFETCH(double, gbps);
    const std::optional<double> v = AttributedGraph::parseGbps(text.toStdString());
    QCOMPARE(v.value_or(0.0), gbps);
}

void TestDot::labFixture()
{
    const ReadResult r = readFixture("lab.dot");
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.name, std::string("lab bench"));
    QCOMPARE(f.hostCount(), 4);
    QCOMPARE(f.switchCount(), 3);
    QCOMPARE(f.linkCount(), 7);
    // gpu01 has eth0 and eth1: two NICs; the others one.
    QCOMPARE(f.host(f.findNode("gpu01")).nics.size(), size_t(2));
    QCOMPARE(f.host(f.findNode("gpu02")).nics.size(), size_t(1));
    QCOMPARE(f.host(f.findNode("gpu01")).gpus, 8);
    QCOMPARE(f.host(f.findNode("gpu02")).gpus, 4);
    QCOMPARE(f.host(f.findNode("gpu03")).gpus, 8); // not given: Railyard's default
    // Racks from the clusters: label "Rack r01", label "r02" (cluster_b).
    QCOMPARE(f.host(f.findNode("gpu02")).location.rack, std::string("r01"));
    QCOMPARE(f.host(f.findNode("gpu04")).location.rack, std::string("r02"));
    QCOMPARE(f.switchAt(f.switchIndexOf(f.findNode("leaf\"02"))).location.rack, std::string("r02"));
    QCOMPARE(f.switchAt(f.switchIndexOf(f.findNode("leaf01"))).model, std::string("SN5600"));
    QCOMPARE(int(tierOf(f, "leaf01")), int(Tier::Leaf));
    QCOMPARE(int(tierOf(f, "leaf\"02")), int(Tier::Leaf)); // role=tor
    QCOMPARE(int(tierOf(f, "spine01")), int(Tier::Spine));
    // Ports: leaf01:1..3 are switch ports 0..2; Ethernet1/2 is port 1; p31 is 30.
    const Link *g2 = linkBetween(f, "gpu02", "leaf01");
    QVERIFY(g2);
    QCOMPARE(portOf(f, *g2, "leaf01"), 2);
    QCOMPARE(portOf(f, *linkBetween(f, "gpu04", "leaf\"02"), "leaf\"02"), 1);
    const Link *up1 = linkBetween(f, "leaf01", "spine01");
    const Link *up2 = linkBetween(f, "spine01", "leaf\"02");
    QVERIFY(up1 && up2);
    QCOMPARE(portOf(f, *up1, "leaf01"), 30);
    QCOMPARE(portOf(f, *up2, "leaf\"02"), 30);
    // spine01 has no port numbers: the first free ones in the order written.
    QCOMPARE(portOf(f, *up1, "spine01"), 0);
    QCOMPARE(portOf(f, *up2, "spine01"), 1);
    // 800G on the chain (its own bandwidth beats the default gbps), 400 elsewhere.
    QCOMPARE(up1->capacityGbps, 800.0);
    QCOMPARE(up2->capacityGbps, 800.0);
    QCOMPARE(g2->capacityGbps, 400.0);
    QCOMPARE(linkBetween(f, "gpu01", "leaf01", 1)->capacityGbps, 400.0);
}

void TestDot::namesOnly()
{
    const ReadResult r = readFixture("names.dot");
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    // gpu00K are hosts by name, each cabled to both leaves: two NICs each.
    QCOMPARE(f.hostCount(), 4);
    QCOMPARE(f.switchCount(), 3);
    QCOMPARE(f.linkCount(), 10);
    for (const char *h : {"gpu001", "gpu002", "gpu003", "gpu004"}) {
        QVERIFY(f.isHost(f.findNode(h)));
        QCOMPARE(f.host(f.findNode(h)).nics.size(), size_t(2));
    }
    QCOMPARE(int(tierOf(f, "leaf01")), int(Tier::Leaf));
    QCOMPARE(int(tierOf(f, "leaf02")), int(Tier::Leaf));
    QCOMPARE(int(tierOf(f, "spine01")), int(Tier::Spine));
    for (const Link &l : f.links())
        QCOMPARE(l.capacityGbps, 400.0);
    bool warned = false;
    for (const FormatError &w : r.warnings)
        warned = warned || w.message.contains(QLatin1String("10 links read as 400 Gb/s"));
    QVERIFY(warned);
}

void TestDot::shapeOnly()
{
    // By hand: x1..x8 have one link each and every neighbour has more (6):
    // hosts. x9, x10 are next to hosts: switches at distance 1 (leaves).
    // x11, x12 (two links each, to the leaves) are at distance 2: spines.
    const ReadResult r = readFixture("shape.dot");
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 8);
    QCOMPARE(f.switchCount(), 4);
    QCOMPARE(f.linkCount(), 12);
    for (int i = 1; i <= 8; ++i)
        QVERIFY2(f.isHost(f.findNode("x" + std::to_string(i))), qPrintable(QString::number(i)));
    QCOMPARE(int(tierOf(f, "x9")), int(Tier::Leaf));
    QCOMPARE(int(tierOf(f, "x10")), int(Tier::Leaf));
    QCOMPARE(int(tierOf(f, "x11")), int(Tier::Spine));
    QCOMPARE(int(tierOf(f, "x12")), int(Tier::Spine));
    QCOMPARE(linkBetween(f, "x9", "x11")->capacityGbps, 400.0); // no speed in the file
}

void TestDot::malformed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("what");
    QTest::newRow("unterminated string") << "unterminated-string.dot" << 3 << 8 << "quoted string is not closed";
    QTest::newRow("missing brace") << "missing-brace.dot" << 1 << 9 << "'{' is never closed";
    QTest::newRow("edge to nowhere") << "edge-to-nowhere.dot" << 3 << 8
                                     << "an edge needs a node or subgraph here, found ';'";
    QTest::newRow("bad attribute value") << "bad-value.dot" << 3 << 3 << "gbps \"fast\" is not a link speed";
}

void TestDot::malformed()
{
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, what);
    const QString path = QStringLiteral(RAILYARD_TEST_DATA "/dot/") + file;
    const ReadResult r = FormatRegistry::instance().readFile(path);
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), size_t(1));
    const QString text = r.errorText();
    QVERIFY2(text.startsWith(QStringLiteral("%1:%2:%3: ").arg(path).arg(line).arg(column)), qPrintable(text));
    QVERIFY2(text.contains(what), qPrintable(text));
}

QTEST_GUILESS_MAIN(TestDot)
#include "tst_dot.moc"
