// The forwarding-table reader and the routing analysis on a dump the real
// tools printed: OpenSM's ftree routing of a k=4 fat-tree (16 hosts, 200G)
// under ibsim, dumped with dump_fts (tests/data/lft/fat-tree-k4.dump_fts).
//
// Hand-worked balance of ftree on a k=4 fat-tree (16 HCAs): a leaf's 2
// uplinks carry the 14 HCAs outside it, 7 each; a spine's 2 uplinks the 12
// outside its pod, 6 each; a core's port to a pod the pod's 4 HCAs; a
// spine's port to a leaf that leaf's 2.

#include "core/fabricmanager/lftdump.h"
#include "core/fabricmanager/subnetrouting.h"
#include "core/generators/presets.h"

#include <QFile>
#include <QTest>

using namespace Railyard;

namespace {

QByteArray fixture()
{
    QFile file(QStringLiteral(RAILYARD_TEST_DATA "/lft/fat-tree-k4.dump_fts"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

LftReadResult read(const QByteArray &text)
{
    return readLftDump(std::string_view(text.constData(), size_t(text.size())), QStringLiteral("t.dump_fts"));
}


} // namespace

class TestLftDump : public QObject
{
    Q_OBJECT

private slots:
    void readsTheRealDump()
    {
        const LftReadResult r = read(fixture());
        QVERIFY2(r.ok(), qPrintable(r.errorText()));
        QCOMPARE(r.dump->switches.size(), size_t(20));
        QCOMPARE(r.dump->destinations.size(), size_t(36)); // 20 switches, 16 HCAs
        const LftTable &first = r.dump->switches.front();
        QCOMPARE(first.guid, std::uint64_t(0x5259010000000008));
        QCOMPARE(first.name, std::string("leaf-0008"));
        QCOMPARE(first.routes.size(), size_t(36));
        QCOMPARE(r.dump->destinations.at(0x15).name, std::string("host001 mlx5_0"));
        QCOMPARE(r.dump->destinations.at(0x15).kind, LftDestination::Kind::ChannelAdapter);
        QVERIFY(looksLikeLftDump(fixture().left(200).toStdString()));
    }

    void routesTheDesign()
    {
        const Fabric design = generateClos(fatTreeParams(4, 200));
        const LftReadResult r = read(fixture());
        QVERIFY(r.ok());
        const SubnetRouting routing(design, *r.dump);
        QCOMPARE(routing.switchesRouted(), 20);
        QVERIFY2(routing.problems().empty(), routing.problems().empty() ? "" : routing.problems().front().c_str());
        const PathCheck paths = checkPaths(routing);
        QCOMPARE(paths.pairs, 16LL * 15);
        QCOMPARE(paths.routed, paths.pairs);
        QCOMPARE(paths.loops, 0LL);
        QCOMPARE(paths.maxHops, 5); // host, leaf, spine, core, spine, leaf, host: 6 links, 5 switch hops
        QCOMPARE(paths.sources, 16);
        // Past the bound, an even sample of sources to every destination.
        const PathCheck sampled = checkPaths(routing, 60);
        QCOMPARE(sampled.sources, 4); // 60 pairs / 15 destinations each
        QCOMPARE(sampled.pairs, 4LL * 15);
        QCOMPARE(sampled.routed, sampled.pairs);
        const RoutingBalance balance = routingBalance(routing);
        QVERIFY(balance.perfect());
        QCOMPARE(balance.find("leaf", "spine")->maxRoutes, 7LL);
        QCOMPARE(balance.find("spine", "core")->maxRoutes, 6LL);
        QCOMPARE(balance.find("core", "spine")->maxRoutes, 4LL);
        QCOMPARE(balance.find("spine", "leaf")->maxRoutes, 2LL);
        QCOMPARE(balance.unusedLinks, 0LL);
        // The shift pattern delivers the whole min cut: 16 × 200 / 2.
        const EffectiveBisection shift = effectiveBisection(routing, 1, 1, true);
        QCOMPARE(shift.minCutGbps, 1600.0);
        QCOMPARE(shift.meanGbps, 1600.0);
        QCOMPARE(shift.meanShare, 1.0);
        // Random bisections: never more than the min cut, the 5th percentile not above the mean.
        const EffectiveBisection random = effectiveBisection(routing, 200, 7, false);
        QVERIFY(random.meanGbps > 0 && random.meanGbps <= random.minCutGbps + 1e-9);
        QVERIFY(random.p5Gbps <= random.meanGbps + 1e-9);
        QCOMPARE(random.permutations, 200);
        // The report says the same.
        const std::string json = routingReportToJson(analyzeRouting(routing, 50, 1, true));
        QVERIFY(json.find("\"perfect\": true") != std::string::npos);
        QVERIFY(json.find("\"mean_share\": 1.0") != std::string::npos);
    }

    /// A loop written into the tables ends in a verdict naming the pair.
    void loopsAndMissingRoutes()
    {
        const Fabric design = generateClos(fatTreeParams(4, 200));
        LftReadResult r = read(fixture());
        QVERIFY(r.ok());
        // leaf-0008 sends everything for host001 (LID 0x15) back to spine-0007's side…
        // …and spine-0007 would send it on; make spine-0007 send it back down to leaf-0008.
        LftDump dump = *r.dump;
        for (LftTable &t : dump.switches)
            for (auto &[lid, port] : t.routes)
                if (lid == 0x15 && t.name == "spine-0007")
                    port = 1; // down to leaf-0007 or -0008, not toward host001
        for (LftTable &t : dump.switches)
            if (t.name == "leaf-0007" || t.name == "leaf-0008")
                for (auto &[lid, port] : t.routes)
                    if (lid == 0x15)
                        port = 3; // up to spine-0007
        const SubnetRouting looped(design, dump);
        const PathCheck paths = checkPaths(looped);
        QVERIFY(paths.loops > 0);
        QVERIFY2(paths.firstProblem.find("host001 mlx5_0") != std::string::npos, paths.firstProblem.c_str());
        // 255: no route.
        for (LftTable &t : dump.switches)
            for (auto &[lid, port] : t.routes)
                if (lid == 0x16)
                    port = 255;
        const PathCheck holes = checkPaths(SubnetRouting(design, dump));
        QVERIFY(holes.noRoute >= 15);
    }

    /// Tables of another fabric map nothing, and say so.
    void foreignTables()
    {
        const Fabric other = generateClos(railOptimizedParams(8));
        LftReadResult r = read(fixture());
        QVERIFY(r.ok());
        for (LftTable &t : r.dump->switches)
            t.guid ^= 0x1000000000000000ull; // GUIDs and names of another fabric
        for (LftTable &t : r.dump->switches)
            t.name = "other-" + t.name;
        const SubnetRouting routing(other, *r.dump);
        QCOMPARE(routing.switchesRouted(), 0);
        QVERIFY(!routing.problems().empty());
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << QByteArray() << "no forwarding table";
        QTest::newRow("entry first") << QByteArray("0x0001 003 : (Switch portguid 0x1: 'a')\n")
                                     << "t.dump_fts:1: a forwarding entry before any switch header";
        QTest::newRow("broken header") << QByteArray("Unicast lids [0x0-0x24] of switch nothing\n")
                                       << "t.dump_fts:1: a switch header without its LID range";
        QTest::newRow("multicast lid")
            << QByteArray("Unicast lids [0x0-0x24] of switch Lid 1 guid 0x1 (a):\n0xc001 001 : (Switch portguid 0x1: 'a')\n")
            << "t.dump_fts:2: LID 0xc001 is not a unicast LID";
        QTest::newRow("port")
            << QByteArray("Unicast lids [0x0-0x24] of switch Lid 1 guid 0x1 (a):\n0x0001 300 : (Switch portguid 0x1: 'a')\n")
            << "t.dump_fts:2: port 300 is not a switch port";
        QTest::newRow("garbage line")
            << QByteArray("Unicast lids [0x0-0x24] of switch Lid 1 guid 0x1 (a):\n" + QByteArray(200, 'x') + "\n")
            << "t.dump_fts:2: not a forwarding entry (\"0xLID PORT : …\"): \"" + QString(60, QLatin1Char('x')) + "…\"";
        // Cut short: the last table has no "lids dumped" line.
        QTest::newRow("cut mid-line")
            << QByteArray("Unicast lids [0x0-0x24] of switch Lid 1 guid 0x1 (leaf-1):\n0x0001 000 : (Switch portguid 0x1: 'a')\n"
                          "0x0002 00")
            << "t.dump_fts:3: the table of switch 'leaf-1' (line 1) ends without its \"… lids dumped\" line: the dump is "
               "cut short";
        QTest::newRow("cut between tables")
            << QByteArray("Unicast lids [0x0-0x24] of switch Lid 1 guid 0x1 (leaf-1):\n0x0001 000 : (Switch portguid 0x1: 'a')\n"
                          "Unicast lids [0x0-0x24] of switch Lid 2 guid 0x2 (leaf-2):\n0x0001 001 : (Switch portguid 0x1: 'a')\n"
                          "1 valid lids dumped\n")
            << "t.dump_fts:2: the table of switch 'leaf-1' (line 1) ends without its";
        QTest::newRow("count")
            << QByteArray("Unicast lids [0x0-0x24] of switch Lid 1 guid 0x1 (leaf-1):\n0x0001 000 : (Switch portguid 0x1: 'a')\n"
                          "2 valid lids dumped\n")
            << "t.dump_fts:3: the table of switch 'leaf-1' says 2 valid LIDs, but 1 entries were read";
    }

    /// The fixture cut anywhere inside its last table is refused, never read
    /// as fewer routes.
    void truncatedFixtureRefused()
    {
        QFile f(QStringLiteral(RAILYARD_TEST_DATA "/lft/fat-tree-k4.dump_fts"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray whole = f.readAll();
        QVERIFY(read(whole).ok());
        const qsizetype lastTable = whole.lastIndexOf("Unicast lids [");
        const qsizetype trailer = whole.lastIndexOf("valid lids dumped");
        for (qsizetype cut = whole.indexOf('\n', lastTable) + 1; cut < trailer - 4; cut += 37) {
            const LftReadResult r = read(whole.left(cut));
            QVERIFY2(!r.ok(), qPrintable(QStringLiteral("cut at byte %1 was accepted").arg(cut)));
            QVERIFY2(r.errorText().contains(QStringLiteral("cut short")) || r.errorText().contains(QStringLiteral("not a forwarding entry")),
                     qPrintable(r.errorText()));
        }
    }

    void malformed()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        const LftReadResult r = read(text);
        QVERIFY(!r.ok());
        QVERIFY2(r.errorText().contains(message), qPrintable(r.errorText()));
        QVERIFY(r.errorText().size() < 400); // a bounded quote, never the whole line
    }

    /// ibroute's and OpenSM's own headers read the same way.
    void otherHeaders()
    {
        const QByteArray ibroute = "Unicast lids [0x1-0x3] of switch Lid 1 guid 0x5259010000000001 (leaf-0001):\n"
                                   "  Lid  Out   Destination\n"
                                   "       Port     Info\n"
                                   "0x0001 000 : (Switch portguid 0x5259010000000001: 'leaf-0001')\n"
                                   "0x0003 001 : (Channel Adapter portguid 0x5259020000000011: 'host001 mlx5_0')\n"
                                   "2 valid lids dumped\n"
                                   "Multicast mlids [0xc000-0xc3ff] of switch Lid 1 guid 0x5259010000000001:\n"
                                   "0xc000 ...\n";
        const LftReadResult r = read(ibroute);
        QVERIFY2(r.ok(), qPrintable(r.errorText()));
        QCOMPARE(r.dump->switches.size(), size_t(1));
        QCOMPARE(r.dump->switches.front().routes.size(), size_t(2));
        const QByteArray osm = "Unicast lids [0x0-0x2] of switch Lid 1 guid 0x5259010000000001 ('leaf-0001'):\n"
                               "0x0001 000 : (Switch portguid 0x5259010000000001: 'leaf-0001')\n"
                               "0x0002 001 : (Channel Adapter portguid 0x5259020000000011: 'host001 mlx5_0')\n"
                               "2 lids dumped\n";
        const LftReadResult o = read(osm);
        QVERIFY2(o.ok(), qPrintable(o.errorText()));
        QCOMPARE(o.dump->switches.front().name, std::string("leaf-0001"));
        // OpenSM's own dump (osm_dump.c) writes the range in decimal and "#"
        // before the destination, and "N lids dumped" with its highest LID.
        const QByteArray real = "Unicast lids [0-2] of switch Lid 1 guid 0x5259010000000001 ('leaf-0001'):\n"
                                "0x0001 000 # Switch portguid 0x5259010000000001: 'leaf-0001'\n"
                                "0x0002 001 # Channel Adapter portguid 0x5259020000000011: 'host001 mlx5_0'\n"
                                "2 lids dumped\n";
        const LftReadResult d = read(real);
        QVERIFY2(d.ok(), qPrintable(d.errorText()));
        QCOMPARE(d.dump->switches.front().routes.size(), size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestLftDump)
#include "tst_lftdump.moc"
