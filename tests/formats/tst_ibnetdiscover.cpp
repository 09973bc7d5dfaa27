// The ibnetdiscover topology format: fixtures written from infiniband-diags'
// documentation and a real dump (ibsim's example fabric through the real
// ibnetdiscover), an untidy dump with everything the reader must make sense
// of, malformed files with line numbers, a round trip of a generated fabric,
// and the real tools: our export loaded into ibsim, discovered by the real
// ibnetdiscover through ibsim's preload library, imported back.

#include "core/registry/formatregistry.h"
#include "core/formats/ibnetdiscover/iblinkinforeader.h"
#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"
#include "core/formats/ibnetdiscover/infinibandrates.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <set>
#include <tuple>

using namespace Railyard;

namespace {

const QString dataDir = QStringLiteral(RAILYARD_TEST_DATA "/ibnetdiscover/");

ReadResult readFixture(const QString &name)
{
    return FormatRegistry::instance().readFile(dataDir + name, QStringLiteral("ibnetdiscover"));
}

bool anyWarning(const ReadResult &r, const char *text)
{
    for (const FormatError &w : r.warnings)
        if (w.message.contains(QLatin1String(text)))
            return true;
    return false;
}

const Host *hostNamed(const Fabric &f, const std::string &id)
{
    for (const Host &h : f.hosts())
        if (h.id == id)
            return &h;
    return nullptr;
}

const Switch *switchNamed(const Fabric &f, const std::string &id)
{
    for (const Switch &s : f.switches())
        if (s.id == id)
            return &s;
    return nullptr;
}

/// Links as (end, port, end, port, capacity, state, rate) with ends ordered by id.
using LinkKey = std::tuple<std::string, int, std::string, int, double, int, double>;
std::multiset<LinkKey> linkSet(const Fabric &f)
{
    std::multiset<LinkKey> out;
    for (const Link &l : f.links()) {
        std::string a = f.nodeId(l.a), b = f.nodeId(l.b);
        int pa = l.portA, pb = l.portB;
        if (b < a) {
            std::swap(a, b);
            std::swap(pa, pb);
        }
        out.emplace(a, pa, b, pb, l.capacityGbps, int(l.state), l.effectiveGbps());
    }
    return out;
}

void compareTopology(const Fabric &expected, const Fabric &actual)
{
    QCOMPARE(actual.hostCount(), expected.hostCount());
    QCOMPARE(actual.switchCount(), expected.switchCount());
    QCOMPARE(actual.links().size(), expected.links().size());
    for (const Host &h : expected.hosts()) {
        const Host *got = hostNamed(actual, h.id);
        QVERIFY2(got, h.id.c_str());
        QCOMPARE(got->nics.size(), h.nics.size());
        for (size_t k = 0; k < h.nics.size(); ++k) {
            QCOMPARE(got->nics[k].rail, h.nics[k].rail);
            QCOMPARE(got->nics[k].speedGbps, h.nics[k].speedGbps);
        }
    }
    for (const Switch &s : expected.switches()) {
        const Switch *got = switchNamed(actual, s.id);
        QVERIFY2(got, s.id.c_str());
        QCOMPARE(int(got->tier), int(s.tier));
    }
    QVERIFY(linkSet(actual) == linkSet(expected));
}

} // namespace

class TestIbnetdiscover : public QObject
{
    Q_OBJECT

private slots:
    void rates();
    void realDumpOfIbsimExample();
    void untidyDump();
    void malformed_data();
    void malformed();
    void roundTrip();
    void degradedRoundTrip();
    void realToolsThroughIbsim();
    void quotedNamesAreRefusedOnWrite();
    void iblinkinfoBothLayouts();
    void iblinkinfoDegradedAndDown();
    void iblinkinfoMalformed();
    void portsReport();
    void nodeNameMap();
    void nodeNameMapMalformed();
};

void TestIbnetdiscover::rates()
{
    // Nominal data rates (InfiniBand Trade Association roadmap): 4xEDR 100, 4xHDR 200, 4xNDR 400, 4xXDR 800.
    QCOMPARE(InfinibandRates::linkGbps("4xEDR"), std::optional<double>(100));
    QCOMPARE(InfinibandRates::linkGbps("4xHDR"), std::optional<double>(200));
    QCOMPARE(InfinibandRates::linkGbps("4xNDR"), std::optional<double>(400));
    QCOMPARE(InfinibandRates::linkGbps("4xXDR"), std::optional<double>(800));
    QCOMPARE(InfinibandRates::linkGbps("4xSDR"), std::optional<double>(10));
    QCOMPARE(InfinibandRates::linkGbps("4xFDR"), std::optional<double>(56));
    QCOMPARE(InfinibandRates::linkGbps("12xQDR"), std::optional<double>(120));
    QCOMPARE(InfinibandRates::linkGbps("2xNDR"), std::optional<double>(200));
    QCOMPARE(InfinibandRates::linkGbps("1xHDR"), std::optional<double>(50));
    QVERIFY(!InfinibandRates::linkGbps("4x???"));
    QVERIFY(!InfinibandRates::linkGbps("3xNDR"));
    QVERIFY(!InfinibandRates::linkGbps("NDR"));
    QCOMPARE(InfinibandRates::nameOf(400), std::optional<std::string>("4xNDR"));
    QCOMPARE(InfinibandRates::nameOf(200), std::optional<std::string>("4xHDR"));
    QCOMPARE(InfinibandRates::nameOf(800), std::optional<std::string>("4xXDR"));
    QCOMPARE(InfinibandRates::nameOf(100), std::optional<std::string>("4xEDR"));
    QVERIFY(!InfinibandRates::nameOf(123));
}

void TestIbnetdiscover::realDumpOfIbsimExample()
{
    // What the real ibnetdiscover printed for ibsim's net.2sw2path4hca.
    const ReadResult r = readFixture(QStringLiteral("ibsim-2sw4hca.ibnetdiscover"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 4);
    QCOMPARE(f.switchCount(), 2);
    QCOMPARE(f.links().size(), size_t(6)); // 4 host links, 2 between the switches
    for (const char *h : {"Hca1", "Hca2", "Hca3", "Hca4"})
        QVERIFY2(hostNamed(f, h), h);
    QCOMPARE(int(switchNamed(f, "Switch1")->tier), int(Tier::Leaf));
    QCOMPARE(int(switchNamed(f, "Switch2")->tier), int(Tier::Leaf));
    for (const Link &l : f.links()) {
        QCOMPARE(l.capacityGbps, 10.0); // 4xSDR
        QCOMPARE(int(l.state), int(LinkState::Up));
    }
    QCOMPARE(switchNamed(f, "Switch1")->radix, 8);
}

void TestIbnetdiscover::untidyDump()
{
    const ReadResult r = readFixture(QStringLiteral("untidy.ibnetdiscover"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    // dgx-01 and dgx-02 (two HCAs each, grouped), and the HCA with a default description.
    QCOMPARE(f.hostCount(), 3);
    const Host *dgx2 = hostNamed(f, "dgx-02");
    QVERIFY(dgx2);
    QCOMPARE(dgx2->nics.size(), size_t(2));
    QCOMPARE(dgx2->nics[1].rail, 1);
    QVERIFY(hostNamed(f, "H-0002c90300bb0060"));
    QVERIFY(!hostNamed(f, "gone-host"));
    // The aggregation node is no host; it marks its switch.
    QCOMPARE(f.switchCount(), 2);
    QVERIFY(switchNamed(f, "spine-01")->sharp);
    QVERIFY(!switchNamed(f, "leaf-r01")->sharp);
    QCOMPARE(int(switchNamed(f, "leaf-r01")->tier), int(Tier::Leaf));
    QCOMPARE(int(switchNamed(f, "spine-01")->tier), int(Tier::Spine));
    // 5 host links + 2 leaf-spine; no loopback, no aggregation node, no link to the missing host.
    QCOMPARE(f.links().size(), size_t(7));
    int degraded = 0;
    for (const Link &l : f.links()) {
        QCOMPARE(l.capacityGbps, 400.0);
        if (l.state == LinkState::Degraded) {
            ++degraded;
            QCOMPARE(f.nodeId(l.a), std::string("dgx-02"));
            QCOMPARE(l.portA, 0);            // mlx5_0
            QCOMPARE(l.degradedGbps, 200.0); // trained 2x instead of 4x
        }
    }
    QCOMPARE(degraded, 1);
    QVERIFY(anyWarning(r, "loopback cable"));
    QVERIFY(anyWarning(r, "unknown link speed \"4x???\""));
    QVERIFY(anyWarning(r, "skipped text before the topology"));
    QVERIFY(anyWarning(r, "names without quotes"));
    QVERIFY(anyWarning(r, "which the dump does not list"));
    QVERIFY(anyWarning(r, "SHARP-capable"));
    QVERIFY(anyWarning(r, "imported as degraded"));
    QVERIFY(anyWarning(r, "inferred from the distance to the hosts: 1 leaf, 1 spine, 0 core"));
    QVERIFY(anyWarning(r, "default or shared node description"));
    for (const FormatError &w : r.warnings)
        if (w.message.contains(QLatin1String("loopback")))
            QCOMPARE(w.line, 16);
}

void TestIbnetdiscover::malformed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("port outside") << "malformed.ibnetdiscover" << 3 << "port 9 is outside the 8 ports";
    QTest::newRow("bad port") << "malformed.ibnetdiscover" << 7 << "must start with [PORT]";
    QTest::newRow("no peer port") << "malformed.ibnetdiscover" << 8 << "the peer's port";
    QTest::newRow("duplicate") << "malformed.ibnetdiscover" << 10 << "listed twice";
    QTest::newRow("port first") << "portfirst.ibnetdiscover" << 1 << "outside a node block";
    // Found by fuzz_ibnetdiscover: a peer port beyond the peer's port count.
    QTest::newRow("peer port") << "peerport.ibnetdiscover" << 2 << "port 3 of H-2 is outside its 2 ports";
    // Found by fuzz_ibnetdiscover: every node skipped would have been an empty fabric.
    // Found by fuzz_ibnetdiscover: a ports report took any port number, and the
    // 6666-port switch it made could not be written back as a dump reads it.
    QTest::newRow("ports report port") << "bigport-ports.ibnetdiscover" << 2 << "port 6666 is outside 1–4096";
    QTest::newRow("nothing left") << "aggregation-only.ibnetdiscover" << 0 << "no host or switch left to import";
}

void TestIbnetdiscover::malformed()
{
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, message);
    const ReadResult r = readFixture(file);
    QVERIFY(!r.ok());
    bool found = false;
    for (const FormatError &e : r.errors) {
        QVERIFY(e.file.endsWith(file));
        if (e.line == line && e.message.contains(message))
            found = true;
    }
    QVERIFY2(found, qPrintable(r.errorText()));
    QVERIFY(!Ibnetdiscover::read("", QStringLiteral("empty")).ok());
    QVERIFY(!Ibnetdiscover::read("hello\nworld\n", QStringLiteral("text")).ok());
}

void TestIbnetdiscover::roundTrip()
{
    const Fabric design = generateClos(railOptimizedParams(32));
    QString error;
    const std::string text = Ibnetdiscover::write(design, &error);
    QVERIFY2(!text.empty(), qPrintable(error));
    const ReadResult r = Ibnetdiscover::read(text, QStringLiteral("design.ibnetdiscover"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    compareTopology(design, *r.fabric);
}

void TestIbnetdiscover::degradedRoundTrip()
{
    Fabric design = generateClos(railOptimizedParams(16));
    Link &l = design.link(0);
    l.state = LinkState::Degraded;
    l.degradedGbps = l.capacityGbps / 2; // a 4x link that trained 2x
    design.link(1).state = LinkState::Down;
    QString error;
    const std::string text = Ibnetdiscover::write(design, &error);
    QVERIFY2(!text.empty(), qPrintable(error));
    const ReadResult r = Ibnetdiscover::read(text, QStringLiteral("degraded.ibnetdiscover"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QCOMPARE(r.fabric->links().size(), design.links().size() - 1); // a down link is not discovered
    const std::int32_t found = r.fabric->findLink(design.link(0).id);
    QVERIFY(found >= 0);
    QCOMPARE(int(r.fabric->link(found).state), int(LinkState::Degraded));
    QCOMPARE(r.fabric->link(found).degradedGbps, design.link(0).capacityGbps / 2);
    QCOMPARE(r.fabric->link(found).capacityGbps, design.link(0).capacityGbps);
}

void TestIbnetdiscover::quotedNamesAreRefusedOnWrite()
{
    // Found by the fuzzer: an unquoted description `mlx5_0" mlx5_0` names a
    // host `mlx5_0"`, which written back between quotes read as another name.
    const std::string dump = "Switch\t8 \"S-1\"\t\t# \"leaf\"\n"
                             "Ca\t2 mlx5_0\" lid 2 4xHDR\n";
    const ReadResult r = Ibnetdiscover::read(dump, QStringLiteral("quote.ibnetdiscover"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    Fabric f = *r.fabric;
    QCOMPARE(f.hostCount(), 1);
    f.host(0).id = "dgx\"01";
    QString error;
    QVERIFY(Ibnetdiscover::write(f, &error).empty());
    QVERIFY2(error.startsWith(QLatin1String("host dgx\"01: a name with a double quote")), qPrintable(error));
}

void TestIbnetdiscover::realToolsThroughIbsim()
{
    const QString ibsim = QStandardPaths::findExecutable(QStringLiteral("ibsim"));
    const QString discover = QStandardPaths::findExecutable(QStringLiteral("ibnetdiscover"),
                                                            {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
    const QString preload = QStringLiteral("/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so");
    if (ibsim.isEmpty())
        QSKIP("ibsim is not installed (Debian package ibsim-utils)");
    if (discover.isEmpty())
        QSKIP("ibnetdiscover is not installed (Debian package infiniband-diags)");
    if (!QFileInfo::exists(preload))
        QSKIP("libumad2sim.so is not installed (Debian package libumad2sim0)");

    // Debian's ibsim (0.10) knows link speeds up to HDR: the simulated fabric
    // runs 4xHDR (NDR and XDR are covered by the file round trips), with one
    // host link trained 2x, which the simulator negotiates and discovery reports.
    ClosParams params = railOptimizedParams(16);
    params.nicGbps = 200;
    for (TierSpec &tier : params.tierSpecs)
        tier.uplinkGbps = 200;
    Fabric design = generateClos(params);
    for (const Link &l : design.links())
        QCOMPARE(l.capacityGbps, 200.0);
    design.link(3).state = LinkState::Degraded;
    design.link(3).degradedGbps = 100;
    QString error;
    const std::string text = Ibnetdiscover::write(design, &error);
    QVERIFY2(!text.empty(), qPrintable(error));
    QTemporaryDir dir;
    const QString net = dir.filePath(QStringLiteral("design.ibnetdiscover"));
    QFile out(net);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(text.data(), qint64(text.size()));
    out.close();

    QProcess sim;
    sim.setWorkingDirectory(dir.path());
    sim.setProcessChannelMode(QProcess::MergedChannels);
    sim.start(ibsim, {QStringLiteral("-s"), net});
    QVERIFY(sim.waitForStarted(10000));
    // ibsim's console output is buffered when it is not a terminal: ask until the fabric answers.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LD_PRELOAD"), preload);
    QByteArray dump;
    QByteArray errors;
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 60000 && sim.state() == QProcess::Running) {
        QProcess run;
        run.setProcessEnvironment(env);
        run.start(discover, {});
        QVERIFY(run.waitForFinished(120000));
        dump = run.readAllStandardOutput();
        errors = run.readAllStandardError();
        if (run.exitCode() == 0 && dump.contains("Switch"))
            break;
        dump.clear();
        QTest::qWait(300);
    }
    // The same fabric as a ports report (ibnetdiscover -p).
    QByteArray ports;
    if (!dump.isEmpty()) {
        QProcess run;
        run.setProcessEnvironment(env);
        run.start(discover, {QStringLiteral("-p")});
        QVERIFY(run.waitForFinished(120000));
        ports = run.readAllStandardOutput();
    }
    // The same fabric through iblinkinfo.
    QByteArray linkInfo;
    const QString linkInfoTool = QStandardPaths::findExecutable(QStringLiteral("iblinkinfo"),
                                                                {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
    if (!dump.isEmpty() && !linkInfoTool.isEmpty()) {
        QProcess run;
        run.setProcessEnvironment(env);
        run.start(linkInfoTool, {});
        QVERIFY(run.waitForFinished(120000));
        linkInfo = run.readAllStandardOutput();
    }
    const QByteArray simLog = sim.readAll();
    sim.kill();
    sim.waitForFinished(5000);
    QVERIFY2(!dump.isEmpty(), (errors + "\nibsim: " + simLog.right(2000)).constData());

    const ReadResult r = Ibnetdiscover::read(std::string_view(dump.constData(), size_t(dump.size())),
                                             QStringLiteral("ibnetdiscover output"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    compareTopology(design, *r.fabric);
    QVERIFY2(Ibnetdiscover::isPortsReport(std::string_view(ports.constData(), size_t(ports.size()))),
             ports.left(400).constData());
    const ReadResult fromPorts = Ibnetdiscover::read(std::string_view(ports.constData(), size_t(ports.size())),
                                                     QStringLiteral("ibnetdiscover -p output"));
    QVERIFY2(fromPorts.ok(), qPrintable(fromPorts.errorText()));
    compareTopology(design, *fromPorts.fabric);
    QVERIFY2(!linkInfo.isEmpty(), "iblinkinfo printed nothing");
    const ReadResult fromLinkInfo = Iblinkinfo::read(std::string_view(linkInfo.constData(), size_t(linkInfo.size())),
                                                     QStringLiteral("iblinkinfo output"));
    QVERIFY2(fromLinkInfo.ok(), qPrintable(fromLinkInfo.errorText()));
    compareTopology(design, *fromLinkInfo.fabric);
}

void TestIbnetdiscover::iblinkinfoBothLayouts()
{
    // What the real iblinkinfo printed for ibsim's net.2sw2path4hca, grouped and with -l.
    for (const char *name : {"ibsim-2sw4hca.iblinkinfo", "ibsim-2sw4hca-lines.iblinkinfo"}) {
        const ReadResult r = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_TEST_DATA "/iblinkinfo/")
                                                                 + QLatin1String(name));
        QVERIFY2(r.ok(), qPrintable(r.errorText()));
        const ReadResult reference = readFixture(QStringLiteral("ibsim-2sw4hca.ibnetdiscover"));
        compareTopology(*reference.fabric, *r.fabric);
    }
}

void TestIbnetdiscover::iblinkinfoDegradedAndDown()
{
    // formats.md's sample: port 2 trained 2X, port 4 down (no peer).
    const ReadResult r = FormatRegistry::instance().readFile(
        QStringLiteral(RAILYARD_TEST_DATA "/iblinkinfo/degraded-lines.iblinkinfo"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 3);
    QCOMPARE(f.links().size(), size_t(3));
    QCOMPARE(switchNamed(f, "leaf-r01")->radix, 4);
    for (const Link &l : f.links()) {
        QCOMPARE(l.capacityGbps, 200.0); // 4X at 53.125 Gb/s signalling: HDR, 200 Gb/s
        if (f.nodeId(l.a) == "gpu002") {
            QCOMPARE(int(l.state), int(LinkState::Degraded));
            QCOMPARE(l.degradedGbps, 100.0);
        } else {
            QCOMPARE(int(l.state), int(LinkState::Up));
        }
    }
}

void TestIbnetdiscover::iblinkinfoMalformed()
{
    const ReadResult bad
        = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_TEST_DATA "/iblinkinfo/malformed.iblinkinfo"));
    QVERIFY(!bad.ok());
    QCOMPARE(bad.errors.front().line, 3);
    QVERIFY(bad.errors.front().message.contains(QLatin1String("cannot read this port line")));
    const ReadResult orphan
        = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_TEST_DATA "/iblinkinfo/noheader.iblinkinfo"));
    QVERIFY(!orphan.ok());
    QCOMPARE(orphan.errors.front().line, 1);
    QVERIFY(orphan.errors.front().message.contains(QLatin1String("before any")));
}


void TestIbnetdiscover::portsReport()
{
    // What the real `ibnetdiscover -p` printed for ibsim's net.2sw2path4hca:
    // every link from both ends, unconnected switch ports without a peer.
    const ReadResult r = readFixture(QStringLiteral("ibsim-2sw4hca-ports.ibnetdiscover"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 4);
    QCOMPARE(f.switchCount(), 2);
    QCOMPARE(f.links().size(), size_t(6)); // 4 host links, 2 between the switches
    for (const char *h : {"Hca1", "Hca2", "Hca3", "Hca4"})
        QVERIFY2(hostNamed(f, h), h);
    QCOMPARE(int(switchNamed(f, "Switch1")->tier), int(Tier::Leaf));
    QCOMPARE(switchNamed(f, "Switch1")->radix, 8);
    int between = 0;
    for (const Link &l : f.links()) {
        QCOMPARE(l.capacityGbps, 10.0); // 4xSDR
        QCOMPARE(int(l.state), int(LinkState::Up));
        if (f.nodeId(l.a).rfind("Switch", 0) == 0 && f.nodeId(l.b).rfind("Switch", 0) == 0) {
            ++between;
            QCOMPARE(l.portA, l.portB); // ports 3-3 and 5-5, kept 0-based
            QVERIFY(l.portA == 2 || l.portA == 4);
        }
    }
    QCOMPARE(between, 2);
    // The same topology as the plain dump of the same fabric.
    const ReadResult plain = readFixture(QStringLiteral("ibsim-2sw4hca.ibnetdiscover"));
    QVERIFY2(plain.ok(), qPrintable(plain.errorText()));
    QCOMPARE(linkSet(f), linkSet(*plain.fabric));
}

void TestIbnetdiscover::nodeNameMap()
{
    // The map names the HCAs "HOST DEVICE" by node GUID: dgx-01 gets two NICs
    // (rails 0, 1), dgx-02 one, and the unquoted dgx-02-bmc stays a host of its own.
    ReadOptions options;
    options.nodeNameMap = dataDir + QStringLiteral("ibsim-2sw4hca.node-name-map");
    const ReadResult r = FormatRegistry::instance().readFile(dataDir + QStringLiteral("ibsim-2sw4hca.ibnetdiscover"),
                                                             QStringLiteral("ibnetdiscover"), options);
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 3);
    const Host *dgx1 = hostNamed(f, "dgx-01");
    QVERIFY(dgx1);
    QCOMPARE(dgx1->nics.size(), size_t(2));
    QCOMPARE(dgx1->nics[0].rail, 0);
    QCOMPARE(dgx1->nics[1].rail, 1);
    QVERIFY(hostNamed(f, "dgx-02"));
    QCOMPARE(hostNamed(f, "dgx-02")->nics.size(), size_t(1));
    QVERIFY(hostNamed(f, "dgx-02-bmc"));
    QVERIFY(switchNamed(f, "leaf-a"));
    QVERIFY(switchNamed(f, "leaf-b"));
    QVERIFY(!switchNamed(f, "Switch1"));
    QCOMPARE(f.links().size(), size_t(6));
    QVERIFY(anyWarning(r, "6 nodes named from the node-name map"));

    // The ports report carries an HCA's port GUID only (a switch's is its node
    // GUID): the switches are renamed, the HCAs keep the names ibnetdiscover
    // printed (which are already mapped when it ran with --node-name-map).
    const ReadResult ports = FormatRegistry::instance().readFile(
        dataDir + QStringLiteral("ibsim-2sw4hca-ports.ibnetdiscover"), QStringLiteral("ibnetdiscover"), options);
    QVERIFY2(ports.ok(), qPrintable(ports.errorText()));
    QVERIFY(switchNamed(*ports.fabric, "leaf-a"));
    QVERIFY(switchNamed(*ports.fabric, "leaf-b"));
    QVERIFY(hostNamed(*ports.fabric, "Hca1"));
    QVERIFY(anyWarning(ports, "2 of 6 nodes named from the node-name map"));

    // Without the map, the dump's own descriptions.
    QVERIFY(hostNamed(*readFixture(QStringLiteral("ibsim-2sw4hca.ibnetdiscover")).fabric, "Hca1"));
}

void TestIbnetdiscover::nodeNameMapMalformed()
{
    ReadOptions options;
    options.nodeNameMap = dataDir + QStringLiteral("malformed.node-name-map");
    const ReadResult r = FormatRegistry::instance().readFile(dataDir + QStringLiteral("ibsim-2sw4hca.ibnetdiscover"),
                                                             QStringLiteral("ibnetdiscover"), options);
    QVERIFY(!r.ok());
    std::set<int> lines;
    for (const FormatError &e : r.errors) {
        QVERIFY2(e.file.endsWith(QLatin1String("malformed.node-name-map")), qPrintable(e.toString()));
        lines.insert(e.line);
    }
    QCOMPARE(lines, (std::set<int>{3, 4})); // the bad GUID, the unclosed quote
    // A map that cannot be opened is named.
    options.nodeNameMap = dataDir + QStringLiteral("no-such.node-name-map");
    const ReadResult missing = FormatRegistry::instance().readFile(
        dataDir + QStringLiteral("ibsim-2sw4hca.ibnetdiscover"), QStringLiteral("ibnetdiscover"), options);
    QVERIFY(!missing.ok());
    QVERIFY(missing.errors.front().file.endsWith(QLatin1String("no-such.node-name-map")));

    // The CLI: the map applies to ibnetdiscover input only, and a bad map fails the conversion.
    const QString cli = QStringLiteral(RAILYARD_CLI);
    QTemporaryDir dir;
    QProcess run;
    run.start(cli, {QStringLiteral("convert"), dataDir + QStringLiteral("ibsim-2sw4hca.ibnetdiscover"),
                    dir.filePath(QStringLiteral("out.fabric.json")), QStringLiteral("--node-name-map"),
                    dataDir + QStringLiteral("ibsim-2sw4hca.node-name-map")});
    QVERIFY(run.waitForFinished(60000));
    QCOMPARE(run.exitCode(), 0);
    QFile json(dir.filePath(QStringLiteral("out.fabric.json")));
    QVERIFY(json.open(QIODevice::ReadOnly));
    QVERIFY(json.readAll().contains("\"dgx-01\""));
    run.start(cli, {QStringLiteral("convert"), dataDir + QStringLiteral("ibsim-2sw4hca.ibnetdiscover"),
                    dir.filePath(QStringLiteral("bad.fabric.json")), QStringLiteral("--node-name-map"),
                    dataDir + QStringLiteral("malformed.node-name-map")});
    QVERIFY(run.waitForFinished(60000));
    QCOMPARE(run.exitCode(), 1);
    QVERIFY(run.readAllStandardError().contains("malformed.node-name-map:3"));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("bad.fabric.json"))));
}

QTEST_GUILESS_MAIN(TestIbnetdiscover)
#include "tst_ibnetdiscover.moc"
