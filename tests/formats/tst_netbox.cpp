// NetBox REST pages (format `netbox`, read only): a hand-written dump of two
// hosts, two leaves and a spine with NetBox 4 roles, a NetBox 3 `device_role`,
// a NetBox < 3.3 cable, terminations given by id only, a planned cable, a
// patch panel and power cables; a cables-only dump whose roles are inferred;
// the same pages as a folder; malformed files and entries reported with file
// and JSON pointer; and the round trip of a generated fabric through the
// pages NetBox's API would give for it.

#include "core/registry/formatregistry.h"
#include "core/formats/netbox/netboxformat.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace Railyard;

namespace {

const Link *findLink(const Fabric &f, const std::string &a, const std::string &b)
{
    for (const Link &l : f.links())
        if (f.nodeId(l.a) == a && f.nodeId(l.b) == b)
            return &l;
    return nullptr;
}

const Switch &switchNamed(const Fabric &f, const std::string &id)
{
    return f.switchAt(f.switchIndexOf(f.findNode(id)));
}

bool hasWarning(const ReadResult &r, const QString &text, const QString &path = {})
{
    for (const FormatError &w : r.warnings)
        if (w.message.contains(text) && (path.isEmpty() || w.path == path))
            return true;
    return false;
}

QString allWarnings(const ReadResult &r)
{
    QStringList lines;
    for (const FormatError &w : r.warnings)
        lines << w.toString();
    return lines.join(QLatin1Char('\n'));
}

QJsonObject named(const std::string &name)
{
    return QJsonObject{{QStringLiteral("name"), QString::fromStdString(name)}};
}

/// The pages NetBox's API gives for a fabric: devices with roles, racks and
/// sites, every switch port and host NIC as an interface with its speed,
/// one cable per link; `pageSize` results per page.
QByteArray netboxPages(const Fabric &f, int pageSize)
{
    QJsonArray devices, interfaces, cables;
    std::vector<std::vector<int>> interfaceIds(size_t(f.nodeCount()));
    int nextInterface = 1;
    auto device = [&](NodeIndex n) {
        QJsonObject d{{QStringLiteral("id"), n + 1}, {QStringLiteral("name"), QString::fromStdString(f.nodeId(n))}};
        return d;
    };
    auto addInterface = [&](NodeIndex n, const QString &name, double gbps) {
        QJsonObject i{{QStringLiteral("id"), nextInterface},
                      {QStringLiteral("name"), name},
                      {QStringLiteral("device"), device(n)},
                      {QStringLiteral("type"), QJsonObject{{QStringLiteral("value"), QStringLiteral("other")}}},
                      {QStringLiteral("speed"), gbps > 0 ? QJsonValue(qint64(gbps * 1e6)) : QJsonValue()},
                      {QStringLiteral("mgmt_only"), false}};
        interfaces.append(i);
        interfaceIds[size_t(n)].push_back(nextInterface++);
    };
    for (NodeIndex n = 0; n < f.nodeCount(); ++n) {
        QJsonObject d = device(n);
        const Location &where = f.isHost(n) ? f.host(n).location : f.switchAt(f.switchIndexOf(n)).location;
        if (f.isHost(n)) {
            d[QStringLiteral("role")] = QJsonObject{{QStringLiteral("name"), QStringLiteral("GPU Server")},
                                                    {QStringLiteral("slug"), QStringLiteral("gpu-server")}};
            d[QStringLiteral("device_type")] = QJsonObject{{QStringLiteral("model"), QStringLiteral("DGX H100")}};
            for (size_t k = 0; k < f.host(n).nics.size(); ++k)
                addInterface(n, QStringLiteral("mlx5_%1").arg(k), f.host(n).nics[k].speedGbps);
        } else {
            const Switch &s = f.switchAt(f.switchIndexOf(n));
            const QString tier = QString::fromLatin1(tierName(s.tier));
            d[QStringLiteral("role")]
                = QJsonObject{{QStringLiteral("name"), tier.toUpper()}, {QStringLiteral("slug"), tier}};
            d[QStringLiteral("device_type")] = QJsonObject{{QStringLiteral("model"), QString::fromStdString(s.model)}};
            std::vector<double> speed(size_t(s.radix), 0);
            for (const Link &l : f.links())
                for (const auto &[end, port] : {std::pair(l.a, l.portA), std::pair(l.b, l.portB)})
                    if (end == n)
                        speed[size_t(port)] = l.capacityGbps;
            for (int p = 0; p < s.radix; ++p)
                addInterface(n, QStringLiteral("Ethernet%1").arg(p + 1), speed[size_t(p)]);
        }
        d[QStringLiteral("rack")] = where.rack.empty() ? QJsonValue() : QJsonValue(named(where.rack));
        d[QStringLiteral("site")] = where.zone.empty() ? QJsonValue() : QJsonValue(named(where.zone));
        devices.append(d);
    }
    auto end = [&](NodeIndex n, int port) {
        const int id = interfaceIds[size_t(n)][size_t(port)];
        const QJsonObject i = interfaces[id - 1].toObject();
        return QJsonArray{QJsonObject{{QStringLiteral("object_type"), QStringLiteral("dcim.interface")},
                                      {QStringLiteral("object_id"), id},
                                      {QStringLiteral("object"),
                                       QJsonObject{{QStringLiteral("id"), id},
                                                   {QStringLiteral("name"), i[QStringLiteral("name")]},
                                                   {QStringLiteral("device"), device(n)}}}}};
    };
    for (const Link &l : f.links())
        cables.append(
            QJsonObject{{QStringLiteral("id"), cables.size() + 1},
                        {QStringLiteral("status"), QJsonObject{{QStringLiteral("value"), QStringLiteral("connected")}}},
                        {QStringLiteral("a_terminations"), end(l.a, l.portA)},
                        {QStringLiteral("b_terminations"), end(l.b, l.portB)}});
    auto pages = [&](const QJsonArray &results) {
        QJsonArray out;
        for (qsizetype first = 0; first < results.size(); first += pageSize) {
            QJsonArray page;
            for (qsizetype k = first; k < std::min<qsizetype>(results.size(), first + pageSize); ++k)
                page.append(results[k]);
            out.append(QJsonObject{{QStringLiteral("count"), results.size()},
                                   {QStringLiteral("next"), QJsonValue()},
                                   {QStringLiteral("previous"), QJsonValue()},
                                   {QStringLiteral("results"), page}});
        }
        return out;
    };
    return QJsonDocument(QJsonObject{{QStringLiteral("devices"), pages(devices)},
                                     {QStringLiteral("interfaces"), pages(interfaces)},
                                     {QStringLiteral("cables"), pages(cables)}})
        .toJson(QJsonDocument::Compact);
}

} // namespace

class TestNetbox : public QObject
{
    Q_OBJECT

private slots:
    void registered();
    void smallDump();
    void cablesOnly();
    void folder();
    void malformedFiles();
    void malformedEntries();
    void roundTrip();
};

void TestNetbox::registered()
{
    const FileFormat *f = FormatRegistry::instance().bySlug(QStringLiteral("netbox"));
    QVERIFY(f && f->canRead() && !f->canWrite() && f->canReadFolder());
    QCOMPARE(FormatRegistry::instance().forFileName(QStringLiteral("site.netbox.json")), f);
}

void TestNetbox::smallDump()
{
    const ReadResult r = FormatRegistry::instance().readFile(
        QStringLiteral(RAILYARD_TEST_DATA "/netbox/small.netbox.json"), QStringLiteral("netbox"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 2);
    for (const char *id : {"gpu01", "gpu02"}) {
        const Host &h = f.host(f.findNode(id));
        QCOMPARE(h.nics.size(), size_t(2)); // mlx5_0 and mlx5_1: rails 0 and 1
        QCOMPARE(h.nics[0].rail, 0);
        QCOMPARE(h.nics[1].rail, 1);
        QCOMPARE(h.nics[1].speedGbps, 400.0); // gpu01: infiniband-ndr without a speed = 4X NDR
        QCOMPARE(h.location.rack, std::string("R01"));
        QCOMPARE(h.location.zone, std::string("DC1"));
    }
    QCOMPARE(f.switchCount(), 3);
    // leaf-a: Ethernet1, 2, 3, 33 (mgmt0 is management only) → 33 ports.
    QCOMPARE(int(switchNamed(f, "leaf-a").tier), int(Tier::Leaf));
    QCOMPARE(switchNamed(f, "leaf-a").radix, 33);
    QCOMPARE(switchNamed(f, "leaf-a").model, std::string("SN5600"));
    QCOMPARE(switchNamed(f, "leaf-b").radix, 34); // Ethernet34 exists though its cable runs to a patch panel
    QCOMPARE(int(switchNamed(f, "spine-1").tier), int(Tier::Spine)); // from NetBox 3's device_role
    QCOMPARE(switchNamed(f, "spine-1").location.rack, std::string("R02"));
    QCOMPARE(switchNamed(f, "spine-1").radix, 2);

    QCOMPARE(f.links().size(), size_t(6)); // cables 1–6; 7 planned, 8 to a panel, 9–10 power
    struct Expected
    {
        const char *a, *b;
        int portA, portB;
    };
    // Host port = NIC number; switch port = EthernetN − 1.
    for (const Expected &e : {Expected{"gpu01", "leaf-a", 0, 0}, Expected{"gpu01", "leaf-b", 1, 0},
                              Expected{"gpu02", "leaf-a", 0, 1}, Expected{"gpu02", "leaf-b", 1, 1},
                              Expected{"leaf-a", "spine-1", 32, 0}, Expected{"leaf-b", "spine-1", 32, 1}}) {
        const Link *l = findLink(f, e.a, e.b);
        QVERIFY2(l, e.a);
        QCOMPARE(l->portA, e.portA);
        QCOMPARE(l->portB, e.portB);
        QCOMPARE(l->capacityGbps, 400.0);
    }
    // leaf-b's uplink is a 200G port (type 200gbase-x-qsfp56) against a 400G spine port.
    const Link *slow = findLink(f, "leaf-b", "spine-1");
    QCOMPARE(int(slow->state), int(LinkState::Degraded));
    QCOMPARE(slow->degradedGbps, 200.0);
    QCOMPARE(int(findLink(f, "leaf-a", "spine-1")->state), int(LinkState::Up));

    QVERIFY2(hasWarning(r, QStringLiteral("cable 7 is planned: planned cables are not imported as links"),
                        QStringLiteral("/cables/results/6")),
             qPrintable(allWarnings(r)));
    QVERIFY2(hasWarning(r, QStringLiteral("cable 8 ends on a patch panel's frontport"),
                        QStringLiteral("/cables/results/7/b_terminations/0")),
             qPrintable(allWarnings(r)));
    QVERIFY(hasWarning(r,
                       QStringLiteral("2 cables end on a dcim.powerport (not an interface): not imported (cables 9, "
                                      "10)")));
    QVERIFY(
        hasWarning(r, QStringLiteral("cable 6: leaf-b Ethernet33 runs at 200 Gb/s, spine-1 Ethernet2 at 400 Gb/s")));
}

void TestNetbox::cablesOnly()
{
    const ReadResult r = FormatRegistry::instance().readFile(
        QStringLiteral(RAILYARD_TEST_DATA "/netbox/cables-only.netbox.json"), QStringLiteral("netbox"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 2);
    QCOMPARE(f.host(f.findNode("gpu-node-01")).nics.size(), size_t(2));
    QCOMPARE(f.switchCount(), 3);
    QCOMPARE(int(switchNamed(f, "leaf-01").tier), int(Tier::Leaf));
    QCOMPARE(int(switchNamed(f, "spine-01").tier), int(Tier::Spine));
    QCOMPARE(f.links().size(), size_t(6));
    // swp31 of leaf-01 → port 30; swp1 of spine-01 → port 0; no speeds at all: 400.
    const Link *up = findLink(f, "leaf-01", "spine-01");
    QVERIFY(up);
    QCOMPARE(up->portA, 30);
    QCOMPARE(up->portB, 0);
    QCOMPARE(up->capacityGbps, 400.0);
    QVERIFY(hasWarning(r, QStringLiteral("no interface gives a speed")));
    // The roles came from the builder: one inference per device.
    int roles = 0;
    for (const Inference &i : r.inferences)
        roles += i.kind == Inference::Kind::Role;
    QCOMPARE(roles, 5);
}

void TestNetbox::folder()
{
    // The three lists of the small dump as three page files.
    QFile small(QStringLiteral(RAILYARD_TEST_DATA "/netbox/small.netbox.json"));
    QVERIFY(small.open(QIODevice::ReadOnly));
    const QJsonObject all = QJsonDocument::fromJson(small.readAll()).object();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QString &key : {QStringLiteral("devices"), QStringLiteral("interfaces"), QStringLiteral("cables")}) {
        QFile page(dir.filePath(key + QStringLiteral(".json")));
        QVERIFY(page.open(QIODevice::WriteOnly));
        page.write(QJsonDocument(all[key].toObject()).toJson());
    }
    QFile other(dir.filePath(QStringLiteral("notes.txt")));
    QVERIFY(other.open(QIODevice::WriteOnly));
    other.write("not read: only .json files are pages\n");
    other.close();
    QVERIFY(NetboxFormat().recognizesFolder(dir.path()));
    QVERIFY(!NetboxFormat().recognizesFolder(QStringLiteral(RAILYARD_TEST_DATA "/nccltopo")));
    const ReadResult r = FormatRegistry::instance().readFile(dir.path(), QStringLiteral("netbox"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QCOMPARE(r.fabric->hostCount(), 2);
    QCOMPARE(r.fabric->switchCount(), 3);
    QCOMPARE(r.fabric->links().size(), size_t(6));
    // Messages name the page file and the pointer within it.
    bool named = false;
    for (const FormatError &w : r.warnings)
        named = named
            || (w.file.endsWith(QLatin1String("cables.json")) && w.path == QLatin1String("/results/6")
                && w.message.contains(QLatin1String("cable 7 is planned")));
    QVERIFY2(named, qPrintable(allWarnings(r)));
}

void TestNetbox::malformedFiles()
{
    const ReadResult syntax = FormatRegistry::instance().readFile(
        QStringLiteral(RAILYARD_TEST_DATA "/netbox/syntax.netbox.json"), QStringLiteral("netbox"));
    QVERIFY(!syntax.ok());
    QCOMPARE(syntax.errors.size(), size_t(1));
    QVERIFY(syntax.errors[0].file.endsWith(QLatin1String("syntax.netbox.json")));
    QCOMPARE(syntax.errors[0].line, 3); // the missing comma after "leaf-a"
    QVERIFY(syntax.errors[0].column > 0);
    QVERIFY(syntax.errors[0].message.contains(QLatin1String("not valid JSON")));

    const ReadResult other = FormatRegistry::instance().readFile(
        QStringLiteral(RAILYARD_TEST_DATA "/netbox/notapage.netbox.json"), QStringLiteral("netbox"));
    QVERIFY(!other.ok());
    QCOMPARE(other.errors[0].path, QStringLiteral("/"));
    QVERIFY(other.errors[0].message.contains(QLatin1String("no \"results\" array")));

    // A number beyond a double (found by fuzzing): an error, not an exception.
    const ReadResult overflow = FormatRegistry::instance().readFile(
        QStringLiteral(RAILYARD_TEST_DATA "/netbox/overflow.netbox.json"), QStringLiteral("netbox"));
    QVERIFY(!overflow.ok());
    QVERIFY(overflow.errorText().contains(QLatin1String("number overflow")));

    QByteArray deep(200, '[');
    QBuffer buffer(&deep);
    buffer.open(QIODevice::ReadOnly);
    const ReadResult nested = NetboxFormat().read(buffer, QStringLiteral("deep.json"));
    QVERIFY(!nested.ok());
    QVERIFY(nested.errorText().contains(QLatin1String("nested deeper than 64")));
}

void TestNetbox::malformedEntries()
{
    const ReadResult r = FormatRegistry::instance().readFile(
        QStringLiteral(RAILYARD_TEST_DATA "/netbox/entries.netbox.json"), QStringLiteral("netbox"));
    QVERIFY(!r.ok());
    QStringList seen;
    for (const FormatError &e : r.errors)
        seen << e.toString();
    QVERIFY2(r.errors.size() == 3, qPrintable(seen.join(QLatin1Char('\n'))));
    QCOMPARE(r.errors[0].path, QStringLiteral("/results/1/name"));
    QVERIFY(r.errors[0].message.contains(QLatin1String("\"name\" must be a string")));
    QCOMPARE(r.errors[1].path, QStringLiteral("/results/2/a_terminations/0/object_type"));
    QCOMPARE(r.errors[2].path, QStringLiteral("/results/3"));
    for (const FormatError &e : r.errors)
        QVERIFY(e.file.endsWith(QLatin1String("entries.netbox.json")));
    QVERIFY(r.errors[0].toString().contains(QLatin1String("entries.netbox.json: at /results/1/name:")));
}

void TestNetbox::roundTrip()
{
    const Fabric design = generateClos(dgxSuperpodParams(1));
    QByteArray pages = netboxPages(design, 100);
    QBuffer buffer(&pages);
    buffer.open(QIODevice::ReadOnly);
    const ReadResult r = NetboxFormat().read(buffer, QStringLiteral("superpod.netbox.json"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), design.hostCount());
    QCOMPARE(f.switchCount(), design.switchCount());
    QCOMPARE(f.links().size(), design.links().size());
    for (const Host &h : design.hosts()) {
        const NodeIndex n = f.findNode(h.id);
        QVERIFY(n >= 0 && f.isHost(n));
        const Host &back = f.host(n);
        QCOMPARE(back.nics.size(), h.nics.size());
        for (size_t k = 0; k < h.nics.size(); ++k) {
            QCOMPARE(back.nics[k].rail, h.nics[k].rail);
            QCOMPARE(back.nics[k].speedGbps, h.nics[k].speedGbps);
        }
        QCOMPARE(back.location.rack, h.location.rack);
    }
    for (const Switch &s : design.switches()) {
        const NodeIndex n = f.findNode(s.id);
        QVERIFY(n >= 0 && f.isSwitch(n));
        const Switch &back = f.switchAt(f.switchIndexOf(n));
        QCOMPARE(int(back.tier), int(s.tier));
        QCOMPARE(back.radix, s.radix);
        QCOMPARE(back.model, s.model);
        if (!s.location.rack.empty())
            QCOMPARE(back.location.rack, s.location.rack);
    }
    for (const Link &l : design.links()) {
        bool found = false;
        for (const Link &k : f.links())
            found = found
                || (f.nodeId(k.a) == design.nodeId(l.a) && f.nodeId(k.b) == design.nodeId(l.b) && k.portA == l.portA
                    && k.portB == l.portB && k.capacityGbps == l.capacityGbps && k.state == LinkState::Up);
        QVERIFY2(found, l.id.c_str());
    }
}

QTEST_GUILESS_MAIN(TestNetbox)
#include "tst_netbox.moc"
