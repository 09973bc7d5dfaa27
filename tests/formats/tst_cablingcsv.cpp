// The cabling-plan CSV (read and written) and NetBox's cable import CSV
// (written; read through cabling-csv's NetBox column names): a generated
// fabric written by our exporter reads back to the same hosts, NICs,
// switches, tiers and links; NetBox's columns with quoted fields; malformed
// rows reported with their line.

#include "core/bom/bom.h"
#include "core/registry/formatregistry.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"

#include <QBuffer>
#include <QtTest>

using namespace Railyard;

namespace {
/// The design without a floor: the bill of materials by length class, as
/// worked by hand below (tst_floor prices cables by part on a floor).
ClosParams withoutFloor(ClosParams p)
{
    p.floor = false;
    return p;
}
} // namespace

class TestCablingCsv : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip();
    void netboxColumns();
    void malformed();
    void netboxExport();
};

void TestCablingCsv::roundTrip()
{
    const Fabric design = generateClos(withoutFloor(dgxSuperpodParams(2)));
    const FileFormat *csv = FormatRegistry::instance().bySlug(QStringLiteral("cabling-csv"));
    QVERIFY(csv);
    QBuffer buffer;
    buffer.open(QIODevice::ReadWrite);
    QString error;
    QVERIFY2(csv->write(design, buffer, &error), qPrintable(error));
    buffer.seek(0);
    const ReadResult r = csv->read(buffer, QStringLiteral("plan.cabling.csv"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), design.hostCount());
    QCOMPARE(f.switchCount(), design.switchCount());
    QCOMPARE(f.links().size(), design.links().size());
    for (const Host &h : design.hosts()) {
        const NodeIndex n = f.findNode(h.id);
        QVERIFY(n >= 0 && f.isHost(n));
        QCOMPARE(f.host(n).nics.size(), h.nics.size());
    }
    for (const Switch &s : design.switches()) {
        const NodeIndex n = f.findNode(s.id);
        QVERIFY(n >= 0 && f.isSwitch(n));
        QCOMPARE(int(f.switchAt(f.switchIndexOf(n)).tier), int(s.tier));
    }
    for (const Link &l : design.links()) {
        // Same ends on the same ports, at the same rate.
        bool found = false;
        for (const Link &k : f.links())
            if (f.nodeId(k.a) == design.nodeId(l.a) && f.nodeId(k.b) == design.nodeId(l.b) && k.portA == l.portA
                && k.portB == l.portB && k.capacityGbps == l.capacityGbps)
                found = true;
        QVERIFY2(found, l.id.c_str());
    }
}

void TestCablingCsv::netboxColumns()
{
    const ReadResult r = FormatRegistry::instance().readFile(
        QStringLiteral(RAILYARD_TEST_DATA "/cablingcsv/netbox.csv"), QStringLiteral("cabling-csv"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 2); // gpu01, gpu02: mlx5_0 and mlx5_1 each
    QCOMPARE(f.host(0).nics.size(), size_t(2));
    QCOMPARE(f.switchCount(), 3);
    QCOMPARE(int(f.switchAt(f.switchIndexOf(f.findNode("spine-1"))).tier), int(Tier::Spine));
    QCOMPARE(f.links().size(), size_t(6));
    // leaf-b's uplink at 200 while its tier peer runs 400: degraded.
    const Link &up = f.link(f.findLink("leaf-b--spine-1"));
    QCOMPARE(int(up.state), int(LinkState::Degraded));
    QCOMPARE(up.degradedGbps, 200.0);
}

void TestCablingCsv::malformed()
{
    const ReadResult r = FormatRegistry::instance().readFile(
        QStringLiteral(RAILYARD_TEST_DATA "/cablingcsv/malformed.csv"), QStringLiteral("cabling-csv"));
    QVERIFY(!r.ok());
    // Line 3: too few fields; line 4: 123 Gb/s; line 6: an unclosed quote stops the reading.
    QStringList seen;
    for (const FormatError &e : r.errors)
        seen << QStringLiteral("%1: %2").arg(e.line).arg(e.message);
    QVERIFY2(r.errors.size() == 1 && r.errors[0].line == 6 && r.errors[0].message.contains(QLatin1String("not closed")),
             qPrintable(seen.join(QLatin1Char('\n'))));
    QByteArray fixed = QByteArray("a_device,a_port,b_device,b_port,gbps\n"
                                  "gpu01,nic0/1,leaf-a,1,400\n"
                                  "gpu01,nic1/1,leaf-a\n"
                                  "gpu02,nic0/1,leaf-a,2,123\n"
                                  "gpu01,7,leaf-a,3,400\n");
    QBuffer buffer(&fixed);
    buffer.open(QIODevice::ReadOnly);
    const ReadResult rows
        = FormatRegistry::instance().bySlug(QStringLiteral("cabling-csv"))->read(buffer, QStringLiteral("rows.csv"));
    QVERIFY(!rows.ok());
    QCOMPARE(rows.errors.size(), size_t(3));
    QCOMPARE(rows.errors[0].line, 3);
    QVERIFY(rows.errors[0].message.contains(QLatin1String("3 fields; the header has 5")));
    QCOMPARE(rows.errors[1].line, 4);
    QVERIFY(rows.errors[1].message.contains(QLatin1String("123")));
    QCOMPARE(rows.errors[2].line, 5);
    QVERIFY(rows.errors[2].message.contains(QLatin1String("is no NIC port")));
    const ReadResult noColumns = FormatRegistry::instance().readFile(
        QStringLiteral(RAILYARD_TEST_DATA "/cablingcsv/nocolumns.csv"), QStringLiteral("cabling-csv"));
    QVERIFY(!noColumns.ok());
    QVERIFY(noColumns.errorText().contains(QLatin1String("no a_device column (NetBox: side_a_device)")));
}

void TestCablingCsv::netboxExport()
{
    const Fabric design = generateClos(withoutFloor(dgxSuperpodParams(1)));
    const FileFormat *netbox = FormatRegistry::instance().bySlug(QStringLiteral("netbox-cables"));
    QVERIFY(netbox && netbox->canWrite() && !netbox->canRead());
    QBuffer buffer;
    buffer.open(QIODevice::ReadWrite);
    QString error;
    QVERIFY2(netbox->write(design, buffer, &error), qPrintable(error));
    const QByteArray text = buffer.data();
    QVERIFY(text.startsWith(
        "side_a_device,side_a_type,side_a_name,side_b_device,side_b_type,side_b_name,type,status,label\r\n"));
    // The type is the part the run takes on the automatic floor: gpu001 in
    // rack-001 to its leaf in the unit's network rack, beyond copper's reach.
    QVERIFY(text.contains("gpu001,dcim.interface,nic0/1,leaf-0001,dcim.interface,1,aoc,planned,C00001\r\n"));
    // NetBox's own columns read back through cabling-csv: the same cables.
    buffer.seek(0);
    const ReadResult back
        = FormatRegistry::instance().bySlug(QStringLiteral("cabling-csv"))->read(buffer, QStringLiteral("netbox.csv"));
    QVERIFY(!back.ok()); // no gbps column in NetBox's CSV: the rate is unknown
    QVERIFY(back.errorText().contains(QLatin1String("speed is unknown")));

    // On the generated floor, each cable's NetBox type is its part's kind
    // (the part chosen by the run's length), not a length class.
    const Fabric onFloor = generateClos(dgxSuperpodParams(1));
    QVERIFY(onFloor.floor);
    QBuffer floorBuffer;
    floorBuffer.open(QIODevice::ReadWrite);
    QVERIFY2(netbox->write(onFloor, floorBuffer, &error), qPrintable(error));
    const std::vector<CableRow> plan = cablingPlan(onFloor);
    QCOMPARE(plan.front().aDevice, std::string("gpu001"));
    QVERIFY(!plan.front().partKind.empty());
    const std::map<std::string, std::string> netboxType{{"passive_copper", "dac-passive"}, {"active_copper", "dac-active"},
                                                        {"active_optical", "aoc"}, {"multimode", "mmf-om4"},
                                                        {"single_mode", "smf-os2"}};
    const std::string line = "gpu001,dcim.interface,nic0/1,leaf-0001,dcim.interface,1,"
        + netboxType.at(plan.front().partKind) + ",planned,C00001\r\n";
    QVERIFY2(floorBuffer.data().contains(line.c_str()), floorBuffer.data().left(400).constData());
}

QTEST_GUILESS_MAIN(TestCablingCsv)
#include "tst_cablingcsv.moc"
