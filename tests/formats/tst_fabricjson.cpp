// Tests of the native *.fabric.json format and the format registry.

#include "core/formats/fabricjson/fabricjsonformat.h"
#include "core/registry/formatregistry.h"
#include "testfabrics.h"

#include <QBuffer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Railyard;

namespace {

QString badFile(const QString &name)
{
    return QStringLiteral(RAILYARD_TEST_DATA "/bad/") + name;
}

ReadResult readBytes(const QByteArray &bytes, const QString &fileName = QStringLiteral("mem.fabric.json"))
{
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    return FabricJsonFormat().read(buffer, fileName);
}

QByteArray writeBytes(const Fabric &fabric)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QString error;
    if (!FabricJsonFormat().write(fabric, buffer, &error))
        qWarning("write failed: %s", qPrintable(error));
    return bytes;
}

/// A 131,072-GPU three-tier fabric: 16,384 hosts x 8 rails, 2,048 leaves,
/// 2,048 spines, 1,024 cores (radix 128), 393,216 links.
Fabric bigFabric()
{
    constexpr int hosts = 16384, rails = 8, leaves = 2048, spines = 2048, cores = 1024;
    Fabric f;
    f.name = "big";
    f.reserve(hosts, leaves + spines + cores, 3 * 131072);
    for (int h = 0; h < hosts; ++h) {
        Host host;
        host.id = "h" + std::to_string(h);
        for (int r = 0; r < rails; ++r)
            host.nics.push_back(Nic{r, 400.0, 1});
        host.location.rack = "rack-" + std::to_string(h / 4);
        f.addHost(std::move(host));
    }
    auto addSwitches = [&](const char *prefix, int count, Tier tier) {
        for (int i = 0; i < count; ++i) {
            Switch s;
            s.id = prefix + std::to_string(i);
            s.tier = tier;
            s.radix = 128;
            f.addSwitch(std::move(s));
        }
    };
    addSwitches("leaf", leaves, Tier::Leaf);
    addSwitches("spine", spines, Tier::Spine);
    addSwitches("core", cores, Tier::Core);
    const NodeIndex leaf0 = f.switchNode(0), spine0 = leaf0 + leaves, core0 = spine0 + spines;
    int id = 0;
    auto link = [&](NodeIndex a, NodeIndex b, int portA, int portB) {
        Link l;
        l.id = "l" + std::to_string(id++);
        l.a = a;
        l.b = b;
        l.portA = portA;
        l.portB = portB;
        l.capacityGbps = 400.0;
        f.addLink(std::move(l));
    };
    // Rail-optimised: 64 hosts per group, one leaf per (group, rail).
    for (int h = 0; h < hosts; ++h)
        for (int r = 0; r < rails; ++r)
            link(h, leaf0 + (h / 64) * rails + r, r, h % 64);
    for (int l = 0; l < leaves; ++l)
        for (int u = 0; u < 64; ++u)
            link(leaf0 + l, spine0 + (l % 32) * 64 + u, 64 + u, l / 32);
    for (int s = 0; s < spines; ++s)
        for (int u = 0; u < 64; ++u)
            link(spine0 + s, core0 + (s % 16) * 64 + u, 64 + u, s / 16);
    return f;
}

} // namespace

class TestFabricJson : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void samples_data();
    void samples();
    void deterministicLayout();
    void readsHandWritten();
    void nvlinkDomains();
    void fieldErrors_data();
    void fieldErrors();
    void badFixtures_data();
    void badFixtures();
    void syntaxErrorLine();
    void errorCap();
    void errorToString();
    void registry();
    void largeFabricRoundTrip();
};

void TestFabricJson::roundTrip_data()
{
    QTest::addColumn<bool>("oddities");
    QTest::addColumn<bool>("empty");
    QTest::newRow("lab") << false << false;
    QTest::newRow("lab-with-oddities") << true << false;
    QTest::newRow("empty") << false << true;
}

void TestFabricJson::roundTrip()
{
    QFETCH(bool, oddities);
    QFETCH(bool, empty);
    const Fabric original = empty ? Fabric() : TestFabrics::lab(oddities);
    QVERIFY(original.validate().empty());
    const QByteArray bytes = writeBytes(original);
    const ReadResult result = readBytes(bytes);
    QVERIFY2(result.ok(), qPrintable(result.errorText()));
    QVERIFY(result.warnings.empty());
    TestFabrics::compare(*result.fabric, original);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(writeBytes(*result.fabric), bytes); // stable: writing again changes nothing
}

void TestFabricJson::samples_data()
{
    QTest::addColumn<QString>("path");
    const QDir dir(QStringLiteral(RAILYARD_SAMPLES));
    for (const QString &name : dir.entryList({QStringLiteral("*.fabric.json")}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(name)) << dir.filePath(name);
    if (dir.entryList({QStringLiteral("*.fabric.json")}).isEmpty())
        QTest::newRow("none") << QString();
}

void TestFabricJson::samples()
{
    QFETCH(QString, path);
    if (path.isEmpty())
        QSKIP("no samples");
    const ReadResult first = FormatRegistry::instance().readFile(path);
    QVERIFY2(first.ok(), qPrintable(first.errorText()));
    const ReadResult again = readBytes(writeBytes(*first.fabric));
    QVERIFY2(again.ok(), qPrintable(again.errorText()));
    TestFabrics::compare(*again.fabric, *first.fabric);
}

void TestFabricJson::deterministicLayout()
{
    const Fabric f = TestFabrics::lab(false);
    const QByteArray bytes = writeBytes(f);
    QCOMPARE(writeBytes(f), bytes);
    const QList<QByteArray> lines = bytes.split('\n');
    // 4 header lines, 3 section openers and closers, one line per element, braces.
    QCOMPARE(lines.size(), 1 + 4 + 3 * 2 + f.hostCount() + f.switchCount() + f.linkCount() + 1 + 1);
    QCOMPARE(lines.at(1), QByteArray(R"( "format": "railyard-fabric",)"));
    QCOMPARE(lines.at(2), QByteArray(R"( "version": 1,)"));
    QVERIFY(bytes.contains(
        R"(  {"id":"leaf-0","tier":"leaf","radix":64,"model":"qm9700","plane":0,"rail":0,"sharp":true,"location":{"zone":"zone-a","pod":"pod-1","su":"su-1","rack":"net-rack"}},)"));
    // nvls and sharp are written only when true, nvlink_domain only when set.
    QVERIFY(
        bytes.contains(R"({"id":"h-r0-0","gpu_model":"h100","gpus":8,"nvlink_gbytes_per_s":450,"nvls":true,"nics":)"));
    QVERIFY(bytes.contains(
        R"({"id":"h-r1-0","gpu_model":"b200","gpus":8,"nvlink_gbytes_per_s":900,"nvlink_domain":"nvl-r1","nics":)"));
    QVERIFY(bytes.contains(R"({"id":"spine-0","tier":"spine","radix":64,"model":"qm9700","plane":0,"location":)"));
    QVERIFY(
        bytes.contains(R"(  {"id":"l0","a":"h-r0-0","b":"leaf-0","port_a":0,"port_b":0,"gbps":400,"state":"up"},)"));
}

void TestFabricJson::readsHandWritten()
{
    // Optional fields take their documented defaults; unknown fields warn.
    const QByteArray doc = R"({"format":"railyard-fabric","version":1,"comment":"hi",
        "hosts":[{"id":"h1","gpus":4,"nics":[{"gbps":400},{"gbps":200,"ports":2}]}],
        "switches":[{"id":"s1","tier":"leaf"}],
        "links":[{"id":"k1","a":"h1","b":"s1","gbps":400},
                 {"id":"k2","b":"h1","a":"s1","gbps":200,"state":"degraded","degraded_gbps":100,"colour":"red"}]})";
    const ReadResult r = readBytes(doc);
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.host(0).gpuModel, std::string("h100"));
    QCOMPARE(f.host(0).nvlinkGBps, 450.0);
    QCOMPARE(f.host(0).nics.size(), size_t(2));
    QCOMPARE(f.host(0).nics[1].rail, 1);
    QCOMPARE(f.host(0).nics[1].ports, 2);
    QCOMPARE(f.switchAt(0).radix, 64);
    QCOMPARE(f.switchAt(0).rail, -1);
    QCOMPARE(f.host(0).nvls, false);
    QCOMPARE(f.switchAt(0).sharp, false);
    QCOMPARE(f.link(0).portA, -1);
    QCOMPARE(f.link(1).effectiveGbps(), 100.0);
    QCOMPARE(r.warnings.size(), size_t(2));
    QCOMPARE(r.warnings[0].path, QStringLiteral("/comment"));
    QCOMPARE(r.warnings[1].path, QStringLiteral("/links/1/colour"));
}

void TestFabricJson::nvlinkDomains()
{
    // Hosts naming the same domain share it, in order of their first host; an
    // empty name is no domain and is not written back.
    const QByteArray doc = R"({"format":"railyard-fabric","version":1,"hosts":[
        {"id":"t1","gpus":4,"nvlink_domain":"nvl-0002"},
        {"id":"t2","gpus":4,"nvlink_domain":"nvl-0001"},
        {"id":"t3","gpus":4,"nvlink_domain":"nvl-0002"},
        {"id":"h4","gpus":8,"nvlink_domain":""},
        {"id":"h5","gpus":8}]})";
    const ReadResult r = readBytes(doc);
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QVERIFY(r.warnings.empty());
    const std::vector<NvlinkDomain> domains = r.fabric->nvlinkDomains();
    QCOMPARE(domains.size(), size_t(2));
    QCOMPARE(domains[0].name, std::string("nvl-0002"));
    QCOMPARE(domains[0].hosts, (std::vector<std::int32_t>{0, 2}));
    QCOMPARE(domains[0].gpus, 8LL);
    QCOMPARE(domains[1].name, std::string("nvl-0001"));
    QCOMPARE(domains[1].hosts, std::vector<std::int32_t>{1});
    QVERIFY(r.fabric->host(3).nvlinkDomain.empty());
    const QByteArray bytes = writeBytes(*r.fabric);
    QCOMPARE(bytes.count("\"nvlink_domain\""), 3);
    QVERIFY(bytes.contains(
        R"({"id":"t1","gpu_model":"h100","gpus":4,"nvlink_gbytes_per_s":450,"nvlink_domain":"nvl-0002",)"));
    const ReadResult again = readBytes(bytes);
    QVERIFY2(again.ok(), qPrintable(again.errorText()));
    TestFabrics::compare(*again.fabric, *r.fabric);
}

void TestFabricJson::fieldErrors_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("what");
    const QByteArray hosts = R"("hosts":[{"id":"h1","gpus":8}],"switches":[{"id":"s1","tier":"leaf","radix":4}],)";
    QTest::newRow("missing gbps") << hosts + R"("links":[{"id":"k","a":"h1","b":"s1"}])"
                                  << "/links/0"
                                  << R"(missing required field "gbps")";
    QTest::newRow("missing id") << hosts + R"("links":[{"a":"h1","b":"s1","gbps":1}])"
                                << "/links/0"
                                << R"(missing required field "id")";
    QTest::newRow("missing tier") << QByteArray(R"("switches":[{"id":"s"}])") << "/switches/0"
                                  << R"(missing required field "tier")";
    QTest::newRow("missing gpus") << QByteArray(R"("hosts":[{"id":"h"}])") << "/hosts/0"
                                  << R"(missing required field "gpus")";
    QTest::newRow("string gbps") << hosts + R"("links":[{"id":"k","a":"h1","b":"s1","gbps":"fast"}])"
                                 << "/links/0/gbps"
                                 << R"(expected a number, got string "fast")";
    QTest::newRow("fractional gpus") << QByteArray(R"("hosts":[{"id":"h","gpus":7.5}])") << "/hosts/0/gpus"
                                     << "expected an integer, got 7.5";
    QTest::newRow("zero gpus") << QByteArray(R"("hosts":[{"id":"h","gpus":0}])") << "/hosts/0/gpus"
                               << "at least 1 GPU, got 0";
    QTest::newRow("string nvls") << QByteArray(R"("hosts":[{"id":"h","gpus":8,"nvls":"yes"}])") << "/hosts/0/nvls"
                                 << R"(expected true or false, got string "yes")";
    QTest::newRow("bad nvlink domain") << QByteArray(R"("hosts":[{"id":"h","gpus":8,"nvlink_domain":"rack 1"}])")
                                       << "/hosts/0/nvlink_domain"
                                       << "NVLink domain name 'rack 1' is not valid";
    QTest::newRow("number nvlink domain")
        << QByteArray(R"("hosts":[{"id":"h","gpus":8,"nvlink_domain":72}])") << "/hosts/0/nvlink_domain"
        << "expected a string, got 72";
    QTest::newRow("nvlink domain without NVLink")
        << QByteArray(R"("hosts":[{"id":"h","gpus":8,"nvlink_gbytes_per_s":0,"nvlink_domain":"nvl-1"}])") << "/hosts/0"
        << "host 'h' is in NVLink domain 'nvl-1' but has no NVLink (nvlink_gbytes_per_s is 0)";
    QTest::newRow("number sharp") << QByteArray(R"("switches":[{"id":"s","tier":"leaf","sharp":1}])")
                                  << "/switches/0/sharp"
                                  << "expected true or false, got 1";
    QTest::newRow("bad tier") << QByteArray(R"("switches":[{"id":"s","tier":"top"}])") << "/switches/0/tier"
                              << R"(unknown tier "top")";
    QTest::newRow("bad state") << hosts + R"("links":[{"id":"k","a":"h1","b":"s1","gbps":1,"state":"flaky"}])"
                               << "/links/0/state"
                               << R"(unknown link state "flaky")";
    QTest::newRow("degraded without rate")
        << hosts + R"("links":[{"id":"k","a":"h1","b":"s1","gbps":1,"state":"degraded"}])"
        << "/links/0"
        << R"(missing required field "degraded_gbps")";
    QTest::newRow("degraded above capacity")
        << hosts + R"("links":[{"id":"k","a":"h1","b":"s1","gbps":100,"state":"degraded","degraded_gbps":200}])"
        << "/links/0/degraded_gbps"
        << "degraded rate must be in (0, 100], got 200";
    QTest::newRow("self loop") << hosts + R"("links":[{"id":"k","a":"s1","b":"s1","gbps":1}])"
                               << "/links/0"
                               << "connects 's1' to itself";
    QTest::newRow("too many links") << hosts
            + R"("links":[{"id":"k1","a":"h1","b":"s1","gbps":1},{"id":"k2","a":"h1","b":"s1","gbps":1},{"id":"k3","a":"h1","b":"s1","gbps":1},{"id":"k4","a":"h1","b":"s1","gbps":1},{"id":"k5","a":"h1","b":"s1","gbps":1}])"
                                    << "/switches/0"
                                    << "has 5 links but only 4 ports";
    QTest::newRow("hosts not an array") << QByteArray(R"("hosts":{"id":"h"})") << "/hosts"
                                        << "expected an array";
    QTest::newRow("empty id") << QByteArray(R"("hosts":[{"id":"","gpus":1}])") << "/hosts/0/id"
                              << "must not be empty";
    QTest::newRow("unsupported version") << QByteArray() << "/version"
                                         << "unsupported version 2; this build reads version 1";
}

void TestFabricJson::fieldErrors()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, path);
    QFETCH(QString, what);
    const QByteArray version = body.isEmpty() ? "2" : "1";
    QByteArray doc = R"({"format":"railyard-fabric","version":)" + version;
    if (!body.isEmpty())
        doc += "," + body;
    doc += "}";
    const ReadResult r = readBytes(doc, QStringLiteral("t.fabric.json"));
    QVERIFY(!r.ok());
    QVERIFY2(r.errors.size() == 1, qPrintable(r.errorText()));
    QCOMPARE(r.errors[0].path, path);
    QVERIFY2(r.errors[0].message.contains(what), qPrintable(r.errorText()));
    QVERIFY2(r.errorText().startsWith(QStringLiteral("t.fabric.json: at ") + path + QStringLiteral(": ")),
             qPrintable(r.errorText()));
}

void TestFabricJson::badFixtures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("what");
    QTest::newRow("syntax error") << "syntax-error.fabric.json"
                                  << ":12:26: "
                                  << "unexpected string literal; expected '}'; is a comma missing before it?";
    QTest::newRow("unknown endpoint") << "unknown-endpoint.fabric.json"
                                      << ": at /links/1/b: "
                                      << "unknown node 'leaf-9'";
    QTest::newRow("zero capacity") << "zero-capacity.fabric.json"
                                   << ": at /links/0/gbps: "
                                   << "capacity must be positive, got 0";
    QTest::newRow("negative capacity") << "negative-capacity.fabric.json"
                                       << ": at /links/1/gbps: "
                                       << "capacity must be positive, got -400";
    QTest::newRow("duplicate id") << "duplicate-id.fabric.json"
                                  << ": at /switches/1/id: "
                                  << "duplicate id 'h1' (first used at /hosts/1)";
    QTest::newRow("port beyond radix") << "port-beyond-radix.fabric.json"
                                       << ": at /links/2: "
                                       << "uses port 4 of switch 'leaf-0', beyond its radix 4";
    QTest::newRow("wrong format") << "wrong-format.fabric.json"
                                  << ": at /format: "
                                  << R"(not a Railyard fabric file: "format" is string "excalidraw")";
}

void TestFabricJson::badFixtures()
{
    QFETCH(QString, file);
    QFETCH(QString, location);
    QFETCH(QString, what);
    const QString path = badFile(file);
    QVERIFY2(QFile::exists(path), qPrintable(path));
    const ReadResult r = FormatRegistry::instance().readFile(path);
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), size_t(1));
    const QString text = r.errorText();
    QVERIFY2(text.startsWith(path + location), qPrintable(text));
    QVERIFY2(text.contains(what), qPrintable(text));
}

void TestFabricJson::syntaxErrorLine()
{
    // The fixture omits the comma between "a" and "b" on line 12, column 26.
    const ReadResult r = FormatRegistry::instance().readFile(badFile(QStringLiteral("syntax-error.fabric.json")));
    QCOMPARE(r.errors.size(), size_t(1));
    QCOMPARE(r.errors[0].line, 12);
    QCOMPARE(r.errors[0].column, 26);

    // Truncated input: reported at the last line.
    const ReadResult t = readBytes("{\n \"format\": \"railyard-fabric\",\n \"hosts\": [");
    QCOMPARE(t.errors.size(), size_t(1));
    QCOMPARE(t.errors[0].line, 3);
    QVERIFY2(t.errors[0].message.contains("unexpected end of input"), qPrintable(t.errorText()));

    const ReadResult notObject = readBytes("[1, 2]");
    QVERIFY(!notObject.ok());
    QVERIFY(notObject.errorText().contains("top level must be a JSON object"));
}

void TestFabricJson::errorCap()
{
    QByteArray doc = R"({"format":"railyard-fabric","version":1,"hosts":[)";
    for (int i = 0; i < 200; ++i)
        doc += (i ? "," : "") + QByteArray(R"({"id":"h)") + QByteArray::number(i) + R"(","gpus":-1})";
    doc += "]}";
    const ReadResult r = readBytes(doc);
    QCOMPARE(r.errors.size(), size_t(FabricJsonFormat::maxErrors + 1));
    QCOMPARE(r.errors.back().message, QStringLiteral("too many errors; giving up"));
}

void TestFabricJson::errorToString()
{
    QCOMPARE((FormatError{"f.json", 3, 7, "/x", "bad"}.toString()), QStringLiteral("f.json:3:7: bad"));
    QCOMPARE((FormatError{"f.json", 3, 0, {}, "bad"}.toString()), QStringLiteral("f.json:3: bad"));
    QCOMPARE((FormatError{"f.json", 0, 0, "/links/2", "bad"}.toString()), QStringLiteral("f.json: at /links/2: bad"));
    QCOMPARE((FormatError{"f.json", 0, 0, {}, "bad"}.toString()), QStringLiteral("f.json: bad"));
    QCOMPARE((FormatError{"%1%2", 0, 0, {}, "bad %1"}.toString()), QStringLiteral("%1%2: bad %1"));
    ReadResult r;
    r.errors = {FormatError{"a", 1, 0, {}, "x"}, FormatError{"a", 2, 0, {}, "y"}};
    QCOMPARE(r.errorText(), QStringLiteral("a:1: x\na:2: y"));
}

void TestFabricJson::registry()
{
    const FormatRegistry &reg = FormatRegistry::instance();
    QCOMPARE(reg.formats().size(), size_t(11));
    QCOMPARE(reg.forFileName("gpu001.lldp.json")->slug(), QStringLiteral("lldp"));
    QCOMPARE(reg.forFileName("cables.netbox.json")->slug(), QStringLiteral("netbox"));
    QCOMPARE(reg.forFileName("host.nccl.xml")->slug(), QStringLiteral("nccl-topo"));
    QCOMPARE(reg.forFileName("x.gv")->slug(), QStringLiteral("dot"));
    QCOMPARE(reg.forFileName("found.ibnetdiscover")->slug(), QStringLiteral("ibnetdiscover"));
    QCOMPARE(reg.forFileName("a/b.fabric.json")->slug(), QStringLiteral("fabric-json"));
    QCOMPARE(reg.forFileName("B.JSON")->slug(), QStringLiteral("fabric-json"));
    QCOMPARE(reg.forFileName("x.graphml")->slug(), QStringLiteral("graphml"));
    QCOMPARE(reg.forFileName("x.txt"), nullptr);
    QCOMPARE(reg.bySlug("graphml")->name(), QStringLiteral("GraphML"));
    QCOMPARE(reg.bySlug("nope"), nullptr);
    QVERIFY(reg.readFilter().contains("*.fabric.json"));
    QVERIFY(reg.readFilter().contains("GraphML (*.graphml)"));
    QCOMPARE(reg.forFileName("x.railyard")->slug(), QStringLiteral("railyard"));
    QCOMPARE(reg.writeFilter(),
             QStringLiteral("Railyard fabric (*.fabric.json);;GraphML (*.graphml);;Railyard project (*.railyard);;"
                            "ibnetdiscover topology (*.ibnetdiscover);;Cabling plan CSV (*.cabling.csv);;"
                            "NetBox cable import CSV (*.netbox.csv);;Graphviz DOT (*.dot)"));
    // Save As: the type chosen in the dialog wins over the suggested name's extension.
    const QString project = QStringLiteral("Railyard project (*.railyard)");
    QCOMPARE(reg.forWriteFilter(project)->slug(), QStringLiteral("railyard"));
    QCOMPARE(reg.pathForSave("/d/lab-2rack.fabric.json", project), QStringLiteral("/d/lab-2rack.railyard"));
    QCOMPARE(reg.pathForSave("/d/lab", project), QStringLiteral("/d/lab.railyard"));
    QCOMPARE(reg.pathForSave("/d/lab.railyard", project), QStringLiteral("/d/lab.railyard"));
    QCOMPARE(reg.pathForSave("/d/lab.railyard", QStringLiteral("GraphML (*.graphml)")), QStringLiteral("/d/lab.graphml"));
    QCOMPARE(reg.pathForSave("/d/lab.graphml", QString()), QStringLiteral("/d/lab.graphml"));
    QCOMPARE(reg.pathForSave("/d/lab", QString()), QStringLiteral("/d/lab.fabric.json"));
    QCOMPARE(reg.pathForSave("/d/my.design", project), QStringLiteral("/d/my.design.railyard"));

    const ReadResult missing = reg.readFile("/nonexistent/x.fabric.json");
    QVERIFY(missing.errorText().startsWith("/nonexistent/x.fabric.json: cannot open: "));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Fabric f = TestFabrics::lab(true);
    QString error;
    for (const QString &name : {QStringLiteral("lab.fabric.json"), QStringLiteral("lab.graphml")}) {
        const QString path = dir.filePath(name);
        QVERIFY2(reg.writeFile(f, path, &error), qPrintable(error));
        const ReadResult back = reg.readFile(path);
        QVERIFY2(back.ok(), qPrintable(back.errorText()));
        QCOMPARE(back.fabric->linkCount(), f.linkCount());
    }
    const QString txt = dir.filePath("lab.txt");
    QVERIFY(!reg.writeFile(f, txt, &error));
    QVERIFY2(error.contains("unknown file type; known extensions: .fabric.json, .json, .graphml, .railyard"),
             qPrintable(error));
    QVERIFY(reg.writeFile(f, txt, &error, "fabric-json"));
    QVERIFY(reg.readFile(txt, "fabric-json").ok());
    // Railyard's JSON under a .txt name: the content says what it is.
    const ReadResult byContent = reg.readFile(txt);
    QVERIFY2(byContent.ok(), qPrintable(byContent.errorText()));
    QCOMPARE(byContent.fabric->linkCount(), f.linkCount());
    const QString notes = dir.filePath("notes.txt");
    {
        QFile file(notes);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("shopping list\nmilk\n");
    }
    const ReadResult unknown = reg.readFile(notes);
    QVERIFY2(unknown.errorText()
                 == notes + ": cannot tell the format from the content or the name; known extensions: .fabric.json, .json, .graphml, .railyard, .ibnetdiscover, .ibnet, .topo, .iblinkinfo, .cabling.csv, .netbox.csv, .lldp.json, .lldp.txt, .lldp, .netbox.json, .nccl.xml, .topo.xml, .dot, .gv",
             qPrintable(unknown.errorText()));
}

void TestFabricJson::largeFabricRoundTrip()
{
    const Fabric f = bigFabric();
    QCOMPARE(f.linkCount(), 393216);
    QCOMPARE(f.gpuCount(), 131072LL);

    QElapsedTimer timer;
    timer.start();
    const QByteArray bytes = writeBytes(f);
    const qint64 writeMs = timer.elapsed();
    timer.restart();
    const ReadResult r = readBytes(bytes);
    const qint64 readMs = timer.elapsed();
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QCOMPARE(r.fabric->linkCount(), f.linkCount());
    QCOMPARE(r.fabric->switchCount(), f.switchCount());
    qInfo("400K-link fabric: %.1f MB, write %lld ms, read+validate %lld ms", bytes.size() / 1e6, writeMs, readMs);
    // Timings are reported, never asserted: machines are noisy (see docs/performance.md).
}

QTEST_GUILESS_MAIN(TestFabricJson)
#include "tst_fabricjson.moc"
