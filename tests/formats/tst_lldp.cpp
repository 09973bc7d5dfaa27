// lldpd neighbour dumps (the lldp format): json0, json and keyvalue, one
// file or a folder; hosts, NICs (rails), switches, tiers and speeds worked
// out by hand from the fixtures in tests/data/lldp; malformed dumps rejected
// with their line or JSON pointer; and a round trip: every machine of a
// generated rail-optimized fabric writes the keyvalue dump lldpd would print
// on it, and the folder of dumps reads back to the same fabric. Hosts' dumps
// alone see only the leaves: the spines come back only with the switches'
// dumps in the folder.

#include "core/registry/formatregistry.h"
#include "core/formats/lldp/lldpformat.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace Railyard;

namespace {

const QString data = QStringLiteral(RAILYARD_TEST_DATA "/lldp/");

ReadResult readLldp(const QString &path)
{
    return FormatRegistry::instance().readFile(path, QStringLiteral("lldp"));
}

ReadResult readBytes(const QByteArray &bytes, const QString &name)
{
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    return LldpFormat().read(buffer, name);
}

bool anyWarning(const ReadResult &r, const QString &text)
{
    return std::any_of(r.warnings.begin(), r.warnings.end(),
                       [&](const FormatError &w) { return w.toString().contains(text); });
}

Tier tierOf(const Fabric &f, const char *id)
{
    return f.switchAt(f.switchIndexOf(f.findNode(id))).tier;
}

/// The link between two nodes on their ports (either order), or null.
const Link *linkBetween(const Fabric &f, const std::string &a, int portA, const std::string &b, int portB)
{
    for (const Link &l : f.links()) {
        if (f.nodeId(l.a) == a && f.nodeId(l.b) == b && l.portA == portA && l.portB == portB)
            return &l;
        if (f.nodeId(l.a) == b && f.nodeId(l.b) == a && l.portA == portB && l.portB == portA)
            return &l;
    }
    return nullptr;
}

/// A port's interface name as the round trip's machines call it: hosts
/// eth<NIC> (one port per NIC), switches swp<port + 1> (Cumulus counts from 1).
std::string portName(const Fabric &f, NodeIndex n, int port)
{
    return f.isHost(n) ? "eth" + std::to_string(port) : "swp" + std::to_string(port + 1);
}

/// What `lldpcli -f keyvalue show neighbors` prints on node n of a fabric
/// (lldpd's kv_writer: lldp.<ifname>.<field>=value), with `show chassis`
/// in front when withChassis. Hosts send their port as a MAC with the
/// interface name as description, as lldpd does on Linux; switches send
/// ifname ids. The MAU type carries the link's speed.
QByteArray keyvalueDump(const Fabric &f, NodeIndex n, bool withChassis)
{
    QByteArray out;
    auto line = [&](const std::string &key, const std::string &value) {
        out += QByteArray::fromStdString(key + "=" + value + "\n");
    };
    if (withChassis) {
        line("local-chassis.chassis.name", f.nodeId(n));
        line("local-chassis.chassis.Station.enabled", f.isHost(n) ? "on" : "off");
        line("local-chassis.chassis.Bridge.enabled", f.isHost(n) ? "off" : "on");
    }
    for (const std::int32_t l : f.incidentLinks(n)) {
        const Link &k = f.link(l);
        const NodeIndex peer = k.a == n ? k.b : k.a;
        const int mine = k.a == n ? k.portA : k.portB;
        const int theirs = k.a == n ? k.portB : k.portA;
        const std::string prefix = "lldp." + portName(f, n, mine) + ".";
        line(prefix + "via", "LLDP");
        line(prefix + "chassis.mac", "b8:ce:f6:00:00:01");
        line(prefix + "chassis.name", f.nodeId(peer));
        line(prefix + "chassis." + (f.isHost(peer) ? "Station" : "Bridge") + ".enabled", "on");
        if (f.isHost(peer)) {
            line(prefix + "port.mac", "b8:ce:f6:00:01:02");
            line(prefix + "port.descr", portName(f, peer, theirs));
        } else {
            line(prefix + "port.ifname", portName(f, peer, theirs));
        }
        line(prefix + "port.auto-negotiation.current",
             std::to_string(int(k.capacityGbps)) + "GbaseR - multi-lane PCS over undefined PMA/PMD");
    }
    return out;
}

} // namespace

class TestLldp : public QObject
{
    Q_OBJECT

private slots:
    void mauSpeeds_data();
    void mauSpeeds();
    void hostJson0();
    void switchKeyvalue();
    void folder();
    void plainJsonSingleValues();
    void noSpeeds();
    void partial();
    void malformed_data();
    void malformed();
    void roundTrip();
};

void TestLldp::mauSpeeds_data()
{
    QTest::addColumn<QString>("mau");
    QTest::addColumn<double>("gbps");
    QTest::newRow("400G") << "400GbaseR - 400GBASE-R Multi-lane PCS over undefined PMA/PMD" << 400.0;
    QTest::newRow("200G copper") << "200GbaseCR4" << 200.0;
    QTest::newRow("2.5G") << "2p5GbaseX - 2.5GBASE-X PCS/PMA over undefined PMD" << 2.5;
    QTest::newRow("1G") << "1000baseT - Four-pair Category 5 UTP, full duplex mode" << 1.0;
    QTest::newRow("unknown") << "unknown" << 0.0;
    QTest::newRow("empty") << "" << 0.0;
}

void TestLldp::mauSpeeds()
{
    QFETCH(QString, mau);
    QFETCH(double, gbps);
    QCOMPARE(Lldp::mauGbps(mau.toStdString()), gbps);
}

void TestLldp::hostJson0()
{
    // One host's json0 dump: eth0 → leaf-r0 swp1, eth1 → leaf-r1 swp1, both 400G.
    const ReadResult r = readLldp(data + QStringLiteral("gpu001.lldp.json"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 1);
    QCOMPARE(f.host(0).id, std::string("gpu001")); // from the file name
    QVERIFY(anyWarning(r, QStringLiteral("the local system is named gpu001 by the file name")));
    QCOMPARE(f.host(0).nics.size(), size_t(2));
    QCOMPARE(f.host(0).nics[1].rail, 1);
    QCOMPARE(f.switchCount(), 2);
    QCOMPARE(tierOf(f, "leaf-r0"), Tier::Leaf);
    QCOMPARE(tierOf(f, "leaf-r1"), Tier::Leaf);
    QCOMPARE(f.linkCount(), 2);
    const Link *rail1 = linkBetween(f, "gpu001", 1, "leaf-r1", 0); // eth1 ↔ swp1
    QVERIFY(rail1);
    QCOMPARE(rail1->capacityGbps, 400.0);
}

void TestLldp::switchKeyvalue()
{
    // A leaf's keyvalue dump: swp1 → gpu001 eth1, swp2 → gpu002 eth1 (200G),
    // swp31 → spine-01 swp2. The leaf is a switch by its port names, the
    // hosts by their Station capability, the spine by Bridge.
    const ReadResult r = readLldp(data + QStringLiteral("leaf-r1.lldp.txt"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 2);
    QCOMPARE(f.switchCount(), 2);
    QCOMPARE(tierOf(f, "leaf-r1"), Tier::Leaf);
    QCOMPARE(tierOf(f, "spine-01"), Tier::Spine);
    QCOMPARE(f.switchAt(f.switchIndexOf(f.findNode("leaf-r1"))).radix, 31);
    QCOMPARE(f.linkCount(), 3);
    const Link *up = linkBetween(f, "leaf-r1", 30, "spine-01", 1);
    QVERIFY(up);
    QCOMPARE(up->capacityGbps, 400.0);
    // One host link at 400, one at 200: the tie goes to the faster rate, and
    // the slower link is imported as degraded.
    const Link *slow = linkBetween(f, "gpu002", 0, "leaf-r1", 1);
    QVERIFY(slow);
    QCOMPARE(slow->capacityGbps, 400.0);
    QCOMPARE(int(slow->state), int(LinkState::Degraded));
    QCOMPARE(slow->degradedGbps, 200.0);
}

void TestLldp::folder()
{
    // gpu001 (json0), gpu002 (keyvalue with `show chassis`), leaf-r0 (json),
    // leaf-r1 (keyvalue) and a README: 2 hosts × 2 rails, 2 leaves, the
    // spine from the leaves' dumps; every host cable seen from both ends.
    const QString folder = data + QStringLiteral("rail2");
    const FileFormat *picked = FormatRegistry::instance().forFolder(folder);
    QVERIFY(picked);
    QCOMPARE(picked->slug(), QStringLiteral("lldp"));
    const ReadResult r = FormatRegistry::instance().readFile(folder);
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 2);
    for (const char *host : {"gpu001", "gpu002"}) {
        const NodeIndex n = f.findNode(host);
        QVERIFY(f.isHost(n));
        QCOMPARE(f.host(n).nics.size(), size_t(2));
    }
    QCOMPARE(f.switchCount(), 3);
    QCOMPARE(tierOf(f, "leaf-r0"), Tier::Leaf);
    QCOMPARE(tierOf(f, "leaf-r1"), Tier::Leaf);
    QCOMPARE(tierOf(f, "spine-01"), Tier::Spine);
    QCOMPARE(f.switchAt(f.switchIndexOf(f.findNode("spine-01"))).radix, 2);
    QCOMPARE(f.linkCount(), 6); // 4 host cables (each in two dumps) + 2 uplinks
    // Rail r of each host on leaf-r<r>, the host's n-th port on swp<n>.
    for (int host = 0; host < 2; ++host)
        for (int rail = 0; rail < 2; ++rail) {
            const std::string h = "gpu00" + std::to_string(host + 1), leaf = "leaf-r" + std::to_string(rail);
            const Link *l = linkBetween(f, h, rail, leaf, host);
            QVERIFY2(l, (h + " " + leaf).c_str());
            QCOMPARE(l->capacityGbps, 400.0);
            QCOMPARE(int(l->state), int(host == 1 && rail == 1 ? LinkState::Degraded : LinkState::Up));
        }
    QVERIFY(linkBetween(f, "leaf-r0", 30, "spine-01", 0));
    QVERIFY(linkBetween(f, "leaf-r1", 30, "spine-01", 1));
    QVERIFY(anyWarning(r, QStringLiteral("README.md")));
    QVERIFY(anyWarning(r, QStringLiteral("dump's own chassis for 1 dumps (gpu002)")));
    QVERIFY(anyWarning(r, QStringLiteral("file name for 3 dumps")));
}

void TestLldp::plainJsonSingleValues()
{
    // `-f json` with one interface and one neighbour: no arrays at all, the
    // interface and the chassis keyed by their names (lldpd issue #236).
    const QByteArray json = R"({"lldp":{"interface":{"eth0":{"via":"LLDP",
        "chassis":{"leaf1":{"id":{"type":"mac","value":"b8:ce:f6:00:10:00"},"capability":{"type":"Bridge","enabled":true}}},
        "port":{"id":{"type":"ifname","value":"swp3"},"auto-negotiation":{"current":"100GbaseCR4"}}}}}})";
    const ReadResult r = readBytes(json, QStringLiteral("node7.json"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 1);
    QCOMPARE(f.host(0).id, std::string("node7"));
    QCOMPARE(f.switchCount(), 1);
    const Link *l = linkBetween(f, "node7", 0, "leaf1", 2);
    QVERIFY(l);
    QCOMPARE(l->capacityGbps, 100.0);
}

void TestLldp::noSpeeds()
{
    // Two NICs to Ethernet8 of two leaves, no MAU anywhere: 400 Gb/s assumed.
    const ReadResult r = readLldp(data + QStringLiteral("nospeed.lldp.txt"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QVERIFY(anyWarning(r, QStringLiteral("no speeds in the dump: every link assumed 400 Gb/s")));
    QCOMPARE(f.hostCount(), 1);
    QCOMPARE(f.host(0).id, std::string("nospeed"));
    QCOMPARE(f.host(0).nics.size(), size_t(2)); // enp65s0f0np0 and enp65s0f1np1: rails 0 and 1
    QCOMPARE(f.linkCount(), 2);
    QVERIFY(linkBetween(f, "nospeed", 1, "leaf-b", 7));
    for (const Link &l : f.links())
        QCOMPARE(l.capacityGbps, 400.0);
}

void TestLldp::partial()
{
    // eth1's neighbour has neither a name nor a chassis id: skipped and said
    // where; eth0 and eth2 are imported.
    const ReadResult r = readLldp(data + QStringLiteral("partial.lldp.json"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QCOMPARE(r.fabric->linkCount(), 2);
    QCOMPARE(r.fabric->host(0).nics.size(), size_t(2));
    QVERIFY(anyWarning(r, QStringLiteral("at /lldp/0/interface/1: the neighbour on eth1 has no system name")));
}

void TestLldp::malformed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    // Cut inside line 24 of the json0 dump, after `"id"`: the error is where the text ends.
    QTest::newRow("truncated JSON") << "truncated.lldp.json" << 24 << ""
                                    << "malformed JSON";
    QTest::newRow("wrong type") << "wrongtype.lldp.json" << 0 << "/lldp/0/interface/0/chassis/0/name/0/value"
                                << "expected a string";
    QTest::newRow("line without key") << "nokey.lldp.txt" << 3 << ""
                                      << "without a key";
    QTest::newRow("empty") << "empty.lldp.txt" << 0 << ""
                           << "empty";
    QTest::newRow("unknown interface field") << "unknown-interface.lldp.txt" << 4 << ""
                                             << "without a known field after the interface name";
}

void TestLldp::malformed()
{
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const ReadResult r = readLldp(data + file);
    QVERIFY(!r.ok());
    QVERIFY(!r.errors.empty());
    const FormatError &e = r.errors.front();
    QVERIFY2(e.file.endsWith(file), qPrintable(e.file));
    QCOMPARE(e.line, line);
    QCOMPARE(e.path, path);
    QVERIFY2(e.message.contains(message), qPrintable(e.message));
}

void TestLldp::roundTrip()
{
    // 4 hosts × 4 rails, radix-8 switches, two tiers: one leaf per rail with
    // 4 hosts below and 4 uplinks, 16 uplinks over 2 spines of 8 ports.
    ClosParams p = railOptimizedParams(4);
    p.rails = 4;
    p.tiers = 2;
    p.tierSpecs.front().radix = 8;
    const Fabric design = generateClos(p);
    QCOMPARE(design.hostCount(), 4);
    QCOMPARE(design.switchCount(), 6);
    QCOMPARE(design.linkCount(), 32);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto writeDump = [&](NodeIndex n) {
        // Every other machine names itself (`show chassis`); the rest by file name.
        QFile file(dir.filePath(QString::fromStdString(design.nodeId(n)) + QStringLiteral(".lldp.txt")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(keyvalueDump(design, n, n % 2 == 0));
    };
    for (NodeIndex n = 0; n < design.hostCount(); ++n)
        writeDump(n);

    // Hosts' dumps only: the leaves and the host cables, nothing above.
    {
        const ReadResult r = FormatRegistry::instance().readFile(dir.path());
        QVERIFY2(r.ok(), qPrintable(r.errorText()));
        QCOMPARE(r.fabric->hostCount(), 4);
        QCOMPARE(r.fabric->switchCount(), 4);
        QCOMPARE(r.fabric->linkCount(), 16);
        for (const Switch &s : r.fabric->switches())
            QCOMPARE(s.tier, Tier::Leaf);
    }

    for (NodeIndex n = design.hostCount(); n < design.nodeCount(); ++n)
        writeDump(n);
    const ReadResult r = FormatRegistry::instance().readFile(dir.path());
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), design.hostCount());
    QCOMPARE(f.switchCount(), design.switchCount());
    QCOMPARE(f.linkCount(), design.linkCount());
    for (const Host &h : design.hosts()) {
        const NodeIndex n = f.findNode(h.id);
        QVERIFY2(f.isHost(n), h.id.c_str());
        QCOMPARE(f.host(n).nics.size(), h.nics.size());
        for (size_t k = 0; k < h.nics.size(); ++k) {
            QCOMPARE(f.host(n).nics[k].rail, h.nics[k].rail);
            QCOMPARE(f.host(n).nics[k].speedGbps, h.nics[k].speedGbps);
        }
    }
    for (const Switch &s : design.switches()) {
        const NodeIndex n = f.findNode(s.id);
        QVERIFY2(f.isSwitch(n), s.id.c_str());
        QCOMPARE(f.switchAt(f.switchIndexOf(n)).tier, s.tier);
    }
    for (const Link &l : design.links()) {
        const Link *k = linkBetween(f, design.nodeId(l.a), l.portA, design.nodeId(l.b), l.portB);
        QVERIFY2(k, l.id.c_str());
        QCOMPARE(k->capacityGbps, l.capacityGbps);
        QCOMPARE(int(k->state), int(LinkState::Up));
    }
}

QTEST_GUILESS_MAIN(TestLldp)
#include "tst_lldp.moc"
