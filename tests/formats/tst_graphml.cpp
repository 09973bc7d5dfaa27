// Tests of GraphML import/export.

#include "core/registry/formatregistry.h"
#include "core/formats/graphml/graphmlformat.h"
#include "testfabrics.h"

#include <QBuffer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>

using namespace Railyard;

class TestGraphml : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void samples_data();
    void samples();
    void labFixture();
    void keyDefaults_data();
    void keyDefaults();
    void derivedRadix();
    void badFixtures_data();
    void badFixtures();
    void otherErrors_data();
    void otherErrors();
    void largeFabricRoundTrip();
};

namespace {

ReadResult readBytes(const QByteArray &bytes)
{
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    return GraphmlFormat().read(buffer, QStringLiteral("mem.graphml"));
}

QByteArray writeBytes(const Fabric &fabric)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QString error;
    if (!GraphmlFormat().write(fabric, buffer, &error))
        qWarning("write failed: %s", qPrintable(error));
    return bytes;
}

/// A GraphML document with the usual role/gpus/gbps keys around `body`.
QByteArray document(const QByteArray &keys, const QByteArray &body, const QByteArray &edgeDefault = "undirected")
{
    return R"(<?xml version="1.0"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
<key id="r" for="node" attr.name="role" attr.type="string"/>
)" + keys
        + R"(
<graph id="G" edgedefault=")"
        + edgeDefault + R"(">
)" + body
        + R"(
</graph>
</graphml>
)";
}

} // namespace

void TestGraphml::roundTrip_data()
{
    QTest::addColumn<bool>("oddities");
    QTest::addColumn<bool>("empty");
    QTest::newRow("lab") << false << false;
    QTest::newRow("lab-with-oddities") << true << false;
    QTest::newRow("empty") << false << true;
}

void TestGraphml::roundTrip()
{
    QFETCH(bool, oddities);
    QFETCH(bool, empty);
    const Fabric original = empty ? Fabric() : TestFabrics::lab(oddities);
    const QByteArray bytes = writeBytes(original);
    // Rack 1's NVLink domain is a node key, written only on the hosts that have one.
    QVERIFY(bytes.contains(R"(<key id="nvlink_domain" for="node" attr.name="nvlink_domain" attr.type="string"/>)"));
    QCOMPARE(bytes.count(R"(<data key="nvlink_domain">nvl-r1</data>)"), empty ? 0 : 4);
    const ReadResult result = readBytes(bytes);
    QVERIFY2(result.ok(), qPrintable(result.errorText()));
    QVERIFY2(result.warnings.empty(),
             qPrintable(result.warnings.empty() ? QString() : result.warnings.front().toString()));
    // The lab's hosts have one 400G NIC per rail and one link per NIC in rail
    // order, so even the NICs derived from links match.
    TestFabrics::compare(*result.fabric, original);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(writeBytes(*result.fabric), bytes);
}

void TestGraphml::samples_data()
{
    QTest::addColumn<QString>("path");
    const QDir dir(QStringLiteral(RAILYARD_SAMPLES));
    const QStringList names
        = dir.entryList({QStringLiteral("*.graphml"), QStringLiteral("*.fabric.json")}, QDir::Files, QDir::Name);
    for (const QString &name : names)
        QTest::newRow(qPrintable(name)) << dir.filePath(name);
    if (names.isEmpty())
        QTest::newRow("none") << QString();
}

void TestGraphml::samples()
{
    // Every sample, native or GraphML, survives a trip through GraphML. NICs
    // are rebuilt from links (one per link), so they are compared only for
    // GraphML samples, whose NICs came from links in the first place.
    QFETCH(QString, path);
    if (path.isEmpty())
        QSKIP("no samples");
    const ReadResult first = FormatRegistry::instance().readFile(path);
    QVERIFY2(first.ok(), qPrintable(first.errorText()));
    const ReadResult again = readBytes(writeBytes(*first.fabric));
    QVERIFY2(again.ok(), qPrintable(again.errorText()));
    TestFabrics::compare(*again.fabric, *first.fabric, path.endsWith(QStringLiteral(".graphml")));
}

void TestGraphml::labFixture()
{
    const ReadResult r = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_TEST_DATA "/good/lab.graphml"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.description, std::string("lab bench"));
    QCOMPARE(f.hostCount(), 4);
    QCOMPARE(f.switchCount(), 3);
    QCOMPARE(f.linkCount(), 7);
    QCOMPARE(f.gpuCount(), 8LL + 4 + 8 + 8);
    QCOMPARE(f.host(1).location.rack, std::string("rack-a"));
    QCOMPARE(f.host(2).location.rack, std::string("rack-b"));
    QCOMPARE(f.switchAt(0).id, std::string("leaf-a"));
    QCOMPARE(f.switchAt(2).tier, Tier::Spine);
    QCOMPARE(f.switchAt(2).radix, 64); // default: max(64, degree 3)

    // Explicit ids are kept; others are source--target, #2 for a parallel link.
    QCOMPARE(f.link(0).id, std::string("e0"));
    QCOMPARE(f.link(2).id, std::string("e2"));
    QCOMPARE(f.link(4).id, std::string("leaf-a--spine"));
    QCOMPARE(f.link(5).id, std::string("leaf-a--spine#2"));
    QCOMPARE(f.link(6).id, std::string("leaf-b--spine"));
    QCOMPARE(f.link(0).capacityGbps, 400.0); // key default
    QCOMPARE(f.link(5).capacityGbps, 800.0);
    QCOMPARE(f.nodeId(f.link(2).a), std::string("leaf-b")); // directed edges are just links

    // One NIC per host link, speed of the link.
    QCOMPARE(f.host(0).nics.size(), size_t(1));
    QCOMPARE(f.host(0).nics[0].rail, 0);
    QCOMPARE(f.host(0).nics[0].speedGbps, 400.0);

    // The "url" key is not Railyard's: ignored with a warning; yEd graphics keys silently.
    QCOMPARE(r.warnings.size(), size_t(1));
    QVERIFY(r.warnings[0].message.contains("'url'"));
}

void TestGraphml::keyDefaults_data()
{
    QTest::addColumn<QByteArray>("keys");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<double>("gbps");
    QTest::addColumn<QString>("state");
    QTest::addColumn<QString>("rack");

    const QByteArray nodes
        = R"(<node id="h"><data key="r">host</data></node><node id="s"><data key="r">leaf</data></node>)";
    QTest::newRow("built-in gpus default")
        << QByteArray(R"(<key id="g" for="edge" attr.name="gbps"/>)")
        << nodes + R"(<edge source="h" target="s"><data key="g">200</data></edge>)" << 8 << 200.0 << "up"
        << "";
    QTest::newRow("key defaults") << QByteArray(R"(<key id="n" for="node" attr.name="gpus"><default>4</default></key>
                         <key id="g" for="edge" attr.name="gbps"><default>100</default></key>
                         <key id="st" for="edge" attr.name="state"><default>down</default></key>
                         <key id="k" for="node" attr.name="rack"><default>r9</default></key>)")
                                  << nodes + R"(<edge source="h" target="s"/>)" << 4 << 100.0 << "down"
                                  << "r9";
    QTest::newRow("data overrides default")
        << QByteArray(R"(<key id="n" for="node" attr.name="gpus"><default>4</default></key>
                         <key id="g" for="edge" attr.name="gbps"><default>100</default></key>)")
        << QByteArray(R"(<node id="h"><data key="r">host</data><data key="n">2</data></node>
                         <node id="s"><data key="r">leaf</data></node>
                         <edge source="h" target="s"><data key="g">50</data></edge>)")
        << 2 << 50.0 << "up"
        << "";
    QTest::newRow("for=all, key without attr.name, case")
        << QByteArray(R"(<key id="gbps" for="all"/><key id="x" for="all" attr.name="Rack"/>)")
        << QByteArray(R"(<node id="h"><data key="r">host</data><data key="x">r1</data></node>
                         <node id="s"><data key="r">leaf</data></node>
                         <edge source="h" target="s"><data key="gbps">25</data></edge>)")
        << 8 << 25.0 << "up"
        << "r1";
    QTest::newRow("undeclared key used by id")
        << QByteArray() << nodes + R"(<edge source="h" target="s"><data key="gbps">10</data></edge>)" << 8 << 10.0
        << "up"
        << "";
}

void TestGraphml::keyDefaults()
{
    QFETCH(QByteArray, keys);
    QFETCH(QByteArray, body);
    QFETCH(int, gpus);
    QFETCH(double, gbps);
    QFETCH(QString, state);
    QFETCH(QString, rack);
    const ReadResult r = readBytes(document(keys, body));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QCOMPARE(r.fabric->host(0).gpus, gpus);
    QCOMPARE(r.fabric->link(0).capacityGbps, gbps);
    QCOMPARE(QString::fromLatin1(linkStateName(r.fabric->link(0).state)), state);
    QCOMPARE(QString::fromStdString(r.fabric->host(0).location.rack), rack);
    QCOMPARE(r.fabric->link(0).id, std::string("h--s"));
}

void TestGraphml::derivedRadix()
{
    QByteArray body = R"(<node id="s"><data key="r">leaf</data></node><node id="t"><data key="r">spine</data></node>)";
    for (int i = 0; i < 70; ++i)
        body += R"(<edge source="s" target="t"/>)";
    const ReadResult r
        = readBytes(document(R"(<key id="g" for="edge" attr.name="gbps"><default>1</default></key>)", body));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QCOMPARE(r.fabric->switchAt(0).radix, 70);
    QCOMPARE(r.fabric->link(69).id, std::string("s--t#70"));
}

void TestGraphml::badFixtures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("what");
    QTest::newRow("missing role") << "missing-role.graphml"
                                  << ":7:"
                                  << "node 'leaf-0' has no role";
    QTest::newRow("unknown endpoint") << "unknown-endpoint.graphml"
                                      << ":11:"
                                      << "edge 'leaf-0--ghost': unknown target node 'ghost'";
    QTest::newRow("bad number") << "bad-number.graphml"
                                << ":9:"
                                << "edge 'e0': gbps must be a number, got 'fast'";
}

void TestGraphml::badFixtures()
{
    QFETCH(QString, file);
    QFETCH(QString, location);
    QFETCH(QString, what);
    const QString path = QStringLiteral(RAILYARD_TEST_DATA "/bad/") + file;
    QVERIFY2(QFile::exists(path), qPrintable(path));
    const ReadResult r = FormatRegistry::instance().readFile(path);
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), size_t(1));
    const QString text = r.errorText();
    QVERIFY2(text.startsWith(path + location), qPrintable(text));
    QVERIFY2(text.contains(what), qPrintable(text));
}

void TestGraphml::otherErrors_data()
{
    QTest::addColumn<QByteArray>("doc");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("what");
    QTest::newRow("not xml") << QByteArray("<graphml>\n<graph>\n</graphml>") << 3 << "XML error";
    QTest::newRow("not graphml") << QByteArray("<?xml version=\"1.0\"?>\n<svg/>") << 2 << "root element is <svg>";
    QTest::newRow("unknown role") << document({}, "<node id=\"h\">\n<data key=\"r\">router</data></node>") << 7
                                  << "node 'h': unknown role 'router'";
    QTest::newRow("missing gbps") << document({}, R"(<node id="h"><data key="r">host</data></node>
<node id="s"><data key="r">leaf</data></node>
<edge source="h" target="s"/>)") << 8
                                  << "edge 'h--s' has no gbps";
    QTest::newRow("bad gpus") << document(
        {}, "<node id=\"h\"><data key=\"r\">host</data><data key=\"gpus\">lots</data></node>")
                              << 6 << "node 'h': gpus must be an integer, got 'lots'";
    QTest::newRow("bad nvls") << document(
        {}, "<node id=\"h\"><data key=\"r\">host</data><data key=\"nvls\">yes</data></node>")
                              << 6 << "node 'h': nvls must be true or false, got 'yes'";
    QTest::newRow("bad nvlink domain") << document(
        {}, "<node id=\"h\"><data key=\"r\">host</data><data key=\"nvlink_domain\">rack 1</data></node>")
                                       << 6 << "node 'h': NVLink domain name 'rack 1' is not valid";
    QTest::newRow("nvlink domain without NVLink")
        << document({},
                    "<node id=\"h\"><data key=\"r\">host</data><data key=\"nvlink_gbytes_per_s\">0</data>"
                    "<data key=\"nvlink_domain\">nvl-1</data></node>")
        << 6 << "host 'h' is in NVLink domain 'nvl-1' but has no NVLink";
    QTest::newRow("bad sharp") << document(
        {}, "<node id=\"s\"><data key=\"r\">leaf</data><data key=\"sharp\">2</data></node>")
                               << 6 << "node 's': sharp must be true or false, got '2'";
    QTest::newRow("port beyond radix") << document(
        R"(<key id="g" for="edge" attr.name="gbps"/><key id="p" for="edge" attr.name="port_b"/>)",
        R"(<node id="h"><data key="r">host</data></node>
<node id="s"><data key="r">leaf</data><data key="radix">2</data></node>
<edge id="x" source="h" target="s"><data key="g">1</data><data key="p">2</data></edge>)")
                                       << 8 << "beyond its radix 2";
}

void TestGraphml::otherErrors()
{
    QFETCH(QByteArray, doc);
    QFETCH(int, line);
    QFETCH(QString, what);
    const ReadResult r = readBytes(doc);
    QVERIFY(!r.ok());
    QVERIFY2(r.errors.size() == 1, qPrintable(r.errorText()));
    QCOMPARE(r.errors[0].line, line);
    QVERIFY2(r.errors[0].message.contains(what), qPrintable(r.errorText()));
}

void TestGraphml::largeFabricRoundTrip()
{
    // 2,048 leaves x 64 hosts' worth of links: 131,072 links, for a rough scale check.
    Fabric f;
    for (int i = 0; i < 2048; ++i)
        f.addSwitch(Switch{"leaf" + std::to_string(i), Tier::Leaf, 128, {}, 0, -1, {}});
    for (int i = 0; i < 64; ++i)
        f.addSwitch(Switch{"spine" + std::to_string(i), Tier::Spine, 4096, {}, 0, -1, {}});
    for (int l = 0; l < 2048; ++l)
        for (int s = 0; s < 64; ++s)
            f.addLink(Link{"l" + std::to_string(l * 64 + s), l, 2048 + s, s, l, 400.0, LinkState::Up, 0.0, 0});
    QElapsedTimer timer;
    timer.start();
    const QByteArray bytes = writeBytes(f);
    const qint64 writeMs = timer.elapsed();
    timer.restart();
    const ReadResult r = readBytes(bytes);
    const qint64 readMs = timer.elapsed();
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QCOMPARE(r.fabric->linkCount(), f.linkCount());
    qInfo("131K-link GraphML: %.1f MB, write %lld ms, read+validate %lld ms", bytes.size() / 1e6, writeMs, readMs);
}

QTEST_GUILESS_MAIN(TestGraphml)
#include "tst_graphml.moc"
