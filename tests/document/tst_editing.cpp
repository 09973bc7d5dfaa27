// Drawing and structural edits of FabricDocument: every command pushed,
// undone and redone, the fabric compared with a listing written by hand; a
// refused edit leaves the serialized document byte-identical.

#include "core/document/fabricdocument.h"
#include "core/registry/formatregistry.h"
#include "core/generators/presets.h"

#include <QBuffer>
#include <QSignalSpy>
#include <QTest>

using namespace Railyard;

namespace {

/// The fabric as the fabric-json writer saves it.
QByteArray bytes(const Fabric &fabric)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QString error;
    if (!FormatRegistry::instance().bySlug(QStringLiteral("fabric-json"))->write(fabric, buffer, &error))
        qFatal("write failed: %s", qPrintable(error));
    return buffer.data();
}

/// One line per element, in model order: what the hand-written expectations list.
QString listing(const Fabric &f)
{
    QStringList lines;
    for (const Host &h : f.hosts())
        lines << QStringLiteral("H %1 %2x%3 rack=%4 su=%5")
                     .arg(QString::fromStdString(h.id), QString::fromStdString(h.gpuModel))
                     .arg(h.gpus)
                     .arg(QString::fromStdString(h.location.rack), QString::fromStdString(h.location.su));
    for (const Switch &s : f.switches())
        lines << QStringLiteral("S %1 %2 r%3 p%4 rack=%5 %6")
                     .arg(QString::fromStdString(s.id), QString::fromLatin1(tierName(s.tier)))
                     .arg(s.radix)
                     .arg(s.plane)
                     .arg(QString::fromStdString(s.location.rack), QString::fromStdString(s.model));
    for (const Link &l : f.links())
        lines << QStringLiteral("L %1 %2:%3 %4:%5 %6")
                     .arg(QString::fromStdString(l.id), QString::fromStdString(f.nodeId(l.a)))
                     .arg(l.portA)
                     .arg(QString::fromStdString(f.nodeId(l.b)))
                     .arg(l.portB)
                     .arg(l.capacityGbps);
    return lines.join(QLatin1Char('\n'));
}

Host host(const std::string &id, const std::string &rack, int nics = 1)
{
    Host h;
    h.id = id;
    h.location.rack = rack;
    h.location.su = "su-1";
    for (int r = 0; r < nics; ++r)
        h.nics.push_back(Nic{r, 400.0, 1});
    return h;
}

Switch makeSwitch(const std::string &id, Tier tier, int radix, const std::string &rack)
{
    Switch s;
    s.id = id;
    s.tier = tier;
    s.radix = radix;
    s.model = "m";
    s.location.rack = rack;
    s.location.su = tier == Tier::Leaf ? "su-1" : "";
    return s;
}

Link makeLink(const Fabric &f, const std::string &a, const std::string &b, int pa, int pb)
{
    Link l;
    l.id = a + "--" + b;
    l.a = f.findNode(a);
    l.b = f.findNode(b);
    l.portA = pa;
    l.portB = pb;
    l.capacityGbps = 400;
    return l;
}

/// Two racks (r1: h1, h2 and leaf l1; r2: h3 and leaf l2), one spine s1 of radix 4.
Fabric smallFabric()
{
    Fabric f;
    f.name = "small";
    f.addHost(host("h1", "r1"));
    f.addHost(host("h2", "r1"));
    f.addHost(host("h3", "r2"));
    f.addSwitch(makeSwitch("l1", Tier::Leaf, 4, "r1"));
    f.addSwitch(makeSwitch("l2", Tier::Leaf, 4, "r2"));
    f.addSwitch(makeSwitch("s1", Tier::Spine, 4, "net"));
    f.addLink(makeLink(f, "h1", "l1", 0, 0));
    f.addLink(makeLink(f, "h2", "l1", 0, 1));
    f.addLink(makeLink(f, "h3", "l2", 0, 0));
    f.addLink(makeLink(f, "l1", "s1", 2, 0));
    f.addLink(makeLink(f, "l2", "s1", 2, 1));
    return f;
}

const char *const kSmall = "H h1 h100x8 rack=r1 su=su-1\n"
                           "H h2 h100x8 rack=r1 su=su-1\n"
                           "H h3 h100x8 rack=r2 su=su-1\n"
                           "S l1 leaf r4 p0 rack=r1 m\n"
                           "S l2 leaf r4 p0 rack=r2 m\n"
                           "S s1 spine r4 p0 rack=net m\n"
                           "L h1--l1 h1:0 l1:0 400\n"
                           "L h2--l1 h2:0 l1:1 400\n"
                           "L h3--l2 h3:0 l2:0 400\n"
                           "L l1--s1 l1:2 s1:0 400\n"
                           "L l2--s1 l2:2 s1:1 400";

} // namespace

class TestEditing : public QObject
{
    Q_OBJECT
private slots:
    void smallFabricListing() { QCOMPARE(listing(smallFabric()), QString::fromLatin1(kSmall)); }

    void addSwitchAndConnect()
    {
        FabricDocument doc(smallFabric());
        const QByteArray original = bytes(doc.fabric());
        QSignalSpy changed(&doc, &FabricDocument::changed);
        QVERIFY(doc.addSwitch(makeSwitch("s2", Tier::Spine, 4, "net")));
        QCOMPARE(changed.count(), 1);
        std::string id;
        QVERIFY(doc.connect("l1", "s2", 200, -1, -1, nullptr, &id));
        QCOMPARE(id, std::string("l1--s2"));
        const QString expected = QString::fromLatin1(kSmall).replace(
                                     "S s1 spine r4 p0 rack=net m", "S s1 spine r4 p0 rack=net m\nS s2 spine r4 p0 rack=net m")
            + "\nL l1--s2 l1:3 s2:0 200";
        QCOMPARE(listing(doc.fabric()), expected);
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(bytes(doc.fabric()), original);
        doc.undoStack()->redo();
        doc.undoStack()->redo();
        QCOMPARE(listing(doc.fabric()), expected);
        QVERIFY(doc.fabric().validate().empty());
    }

    void addHostAddsBeforeSwitches()
    {
        FabricDocument doc(smallFabric());
        const QByteArray original = bytes(doc.fabric());
        QVERIFY(doc.addHost(host("h4", "r2", 2)));
        QVERIFY(doc.connect("h4", "l2"));
        QVERIFY(doc.connect("h4", "l2", 100));
        // Hosts come before switches: link ends were renumbered, ids kept.
        QString expected = QString::fromLatin1(kSmall)
                               .replace("H h3 h100x8 rack=r2 su=su-1", "H h3 h100x8 rack=r2 su=su-1\nH h4 h100x8 rack=r2 su=su-1");
        expected += "\nL h4--l2 h4:0 l2:1 400\nL h4--l2#2 h4:1 l2:3 100";
        QCOMPARE(listing(doc.fabric()), expected);
        QVERIFY(doc.fabric().validate().empty());
        // A third link does not fit the host's two NIC ports.
        QString error;
        QVERIFY(!doc.connect("h4", "l2", 400, -1, -1, &error));
        QVERIFY2(error.contains("no free NIC port"), qPrintable(error));
        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QCOMPARE(bytes(doc.fabric()), original);
    }

    void refusedEditsChangeNothing_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("message");
        QTest::newRow("duplicate id") << 0 << "already used";
        QTest::newRow("full switch") << 1 << "no free port";
        QTest::newRow("port in use") << 2 << "already in use";
        QTest::newRow("port beyond radix") << 3 << "beyond its radix";
        QTest::newRow("zero capacity") << 4 << "positive";
        QTest::newRow("radix below ports in use") << 5 << "do not fit";
        QTest::newRow("rename to taken id") << 6 << "already used";
        QTest::newRow("unknown end") << 7 << "no host or switch";
        QTest::newRow("two hosts") << 8 << "two hosts";
        QTest::newRow("host without GPUs") << 9 << "at least 1 GPU";
        QTest::newRow("rack exists") << 10 << "already exists";
    }

    void refusedEditsChangeNothing()
    {
        QFETCH(int, which);
        QFETCH(QString, message);
        FabricDocument doc(smallFabric());
        QVERIFY(doc.connect("l2", "s1"));
        QVERIFY(doc.connect("l2", "s1")); // s1 now has all 4 ports in use
        QVERIFY(doc.addHost(host("h4", "r2", 2)));
        QVERIFY(doc.addHost(host("h5", "r2", 2)));
        const QByteArray before = bytes(doc.fabric());
        const int commands = doc.undoStack()->count();
        QSignalSpy refused(&doc, &FabricDocument::editRefused);
        QSignalSpy changed(&doc, &FabricDocument::changed);
        QString error;
        bool ok = true;
        switch (which) {
        case 0: ok = doc.addSwitch(makeSwitch("h1", Tier::Leaf, 8, "r1"), &error); break;
        case 1: ok = doc.connect("l1", "s1", 400, -1, -1, &error); break;
        case 2: ok = doc.connect("h4", "l1", 400, -1, 0, &error); break;
        case 3: ok = doc.connect("h4", "l1", 400, -1, 9, &error); break;
        case 4: ok = doc.connect("h4", "l1", 0, -1, -1, &error); break;
        case 5: {
            PropertyEdit edit;
            edit.radix = 3;
            ok = doc.setProperties({"l2", "s1"}, edit, &error);
            break;
        }
        case 6: ok = doc.renameElement("h1", "l2", &error); break;
        case 7: ok = doc.connect("h1", "nope", 400, -1, -1, &error); break;
        case 8: ok = doc.connect("h4", "h5", 400, -1, -1, &error); break;
        case 9: {
            Host h = host("h9", "r9");
            h.gpus = 0;
            ok = doc.addHost(h, &error);
            break;
        }
        case 10: ok = doc.addRack({"", "", "", "r1"}, 2, host("x", "x"), &error); break;
        }
        QVERIFY(!ok);
        QVERIFY2(error.contains(message), qPrintable(error));
        QCOMPARE(refused.count(), 1);
        QCOMPARE(refused.first().first().toString(), error);
        QCOMPARE(changed.count(), 0);
        QCOMPARE(doc.undoStack()->count(), commands);
        QCOMPARE(bytes(doc.fabric()), before);
    }

    void deleteTakesLinksAndUndoRestoresOrder()
    {
        FabricDocument doc(smallFabric());
        const QByteArray original = bytes(doc.fabric());
        doc.setFailed({"l1--s1", "l2"}, true);
        QCOMPARE(doc.linksRemovedWith({"l1"}), 3);
        QCOMPARE(doc.linksRemovedWith({"l1", "h1--l1"}), 2);
        doc.setSelection({"l1", "h3"});
        QVERIFY(doc.removeElements({"l1"}));
        QCOMPARE(listing(doc.fabric()), QString("H h1 h100x8 rack=r1 su=su-1\n"
                                                "H h2 h100x8 rack=r1 su=su-1\n"
                                                "H h3 h100x8 rack=r2 su=su-1\n"
                                                "S l2 leaf r4 p0 rack=r2 m\n"
                                                "S s1 spine r4 p0 rack=net m\n"
                                                "L h3--l2 h3:0 l2:0 400\n"
                                                "L l2--s1 l2:2 s1:1 400"));
        QCOMPARE(doc.selection(), std::vector<std::string>{"h3"});
        // The what-if flag of l2 moved with it.
        QVERIFY(doc.isSwitchFailed(0));
        QVERIFY(!doc.isLinkFailed(0) && !doc.isLinkFailed(1));
        QVERIFY(doc.removeElements({"h2", "l2--s1"}));
        QCOMPARE(doc.fabric().hostCount(), 2);
        QCOMPARE(doc.fabric().linkCount(), 1);
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(bytes(doc.fabric()), original);
        QVERIFY(doc.isLinkFailed(doc.fabric().findLink("l1--s1")));
        QVERIFY(doc.isSwitchFailed(doc.fabric().switchIndexOf(doc.fabric().findNode("l2"))));
        QCOMPARE(doc.failures().links.size(), size_t(1));
        doc.undoStack()->redo();
        QCOMPARE(doc.fabric().switchCount(), 2);
        QVERIFY(doc.fabric().validate().empty());
    }

    void renameKeepsLinksAndPins()
    {
        FabricDocument doc(smallFabric());
        const QByteArray original = bytes(doc.fabric());
        doc.moveNodes({{"l1", QPointF(5, 7)}});
        doc.setSelection({"l1"});
        QVERIFY(doc.renameElement("l1", "leaf-1"));
        QCOMPARE(listing(doc.fabric()), QString::fromLatin1(kSmall)
                                            .replace("S l1 ", "S leaf-1 ")
                                            .replace(" l1:", " leaf-1:"));
        QCOMPARE(doc.pinnedPositions().count("l1"), size_t(0));
        QCOMPARE(doc.pinnedPositions().at("leaf-1"), QPointF(5, 7));
        QCOMPARE(doc.selection(), std::vector<std::string>{"leaf-1"});
        QVERIFY(doc.renameElement("h1--l1", "cable-1"));
        QCOMPARE(doc.fabric().findLink("cable-1"), 0);
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(bytes(doc.fabric()), original);
        QCOMPARE(doc.pinnedPositions().at("l1"), QPointF(5, 7));
    }

    void bulkPropertiesAreOneStep()
    {
        FabricDocument doc(smallFabric());
        const QByteArray original = bytes(doc.fabric());
        PropertyEdit edit;
        edit.capacityGbps = 800;
        edit.model = "QM9790";
        edit.radix = 64;
        edit.gpuModel = "b200";
        QVERIFY(doc.setProperties({"h1", "l1", "s1", "h1--l1", "l1--s1"}, edit));
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(listing(doc.fabric()), QString("H h1 b200x8 rack=r1 su=su-1\n"
                                                "H h2 h100x8 rack=r1 su=su-1\n"
                                                "H h3 h100x8 rack=r2 su=su-1\n"
                                                "S l1 leaf r64 p0 rack=r1 QM9790\n"
                                                "S l2 leaf r4 p0 rack=r2 m\n"
                                                "S s1 spine r64 p0 rack=net QM9790\n"
                                                "L h1--l1 h1:0 l1:0 800\n"
                                                "L h2--l1 h2:0 l1:1 400\n"
                                                "L h3--l2 h3:0 l2:0 400\n"
                                                "L l1--s1 l1:2 s1:0 800\n"
                                                "L l2--s1 l2:2 s1:1 400"));
        doc.undoStack()->undo();
        QCOMPARE(bytes(doc.fabric()), original);
    }

    void nvlinkDomainEdits()
    {
        Fabric f = smallFabric();
        f.host(2).nvlinkGBps = 0; // h3: a host without NVLink
        FabricDocument doc(std::move(f));
        const QByteArray original = bytes(doc.fabric());
        PropertyEdit edit;
        edit.nvlinkDomain = "nvl-0001";
        QVERIFY(doc.setProperties({"h1", "h2", "l1"}, edit)); // the leaf has no domain: left alone
        QCOMPARE(doc.undoStack()->count(), 1);
        const QByteArray joined = bytes(doc.fabric());
        QCOMPARE(joined.count("\"nvlink_domain\":\"nvl-0001\""), 2);
        QCOMPARE(doc.fabric().nvlinkDomains().size(), size_t(1));
        doc.undoStack()->undo();
        QCOMPARE(bytes(doc.fabric()), original);
        doc.undoStack()->redo();
        QCOMPARE(bytes(doc.fabric()), joined);

        // Refused: a name that is not id-like, a host without NVLink.
        QString error;
        edit.nvlinkDomain = "rack 1";
        QVERIFY(!doc.setProperties({"h1"}, edit, &error));
        QVERIFY2(error.contains("NVLink domain name 'rack 1' is not valid"), qPrintable(error));
        edit.nvlinkDomain = "nvl-0001";
        QVERIFY(!doc.setProperties({"h3"}, edit, &error));
        QVERIFY2(error.contains("host 'h3' has no NVLink"), qPrintable(error));
        QCOMPARE(bytes(doc.fabric()), joined);

        // A copy of the rack is a domain of its own; so is a new rack shaped like a member.
        QVERIFY(doc.duplicateRack("r1"));
        QCOMPARE(doc.fabric().host(3).nvlinkDomain, std::string("nvl-0002"));
        QCOMPARE(doc.fabric().host(4).nvlinkDomain, std::string("nvl-0002"));
        QVERIFY(doc.addRack({"", "", "su-1", "r9"}, 2, doc.fabric().host(0)));
        QCOMPARE(doc.fabric().host(5).nvlinkDomain, std::string("nvl-0003"));
        QCOMPARE(doc.fabric().host(6).nvlinkDomain, std::string("nvl-0003"));
        QCOMPARE(doc.fabric().nvlinkDomains().size(), size_t(3));

        // An empty name takes a host out of its domain.
        edit.nvlinkDomain = "";
        QVERIFY(doc.setProperties({"h2"}, edit));
        QVERIFY(doc.fabric().host(1).nvlinkDomain.empty());
        for (int i = 0; i < 4; ++i)
            doc.undoStack()->undo();
        QCOMPARE(bytes(doc.fabric()), original);
    }

    void recableMovesOneEnd()
    {
        FabricDocument doc(smallFabric());
        const QByteArray original = bytes(doc.fabric());
        QVERIFY(doc.recable("h2--l1", 1, "l2"));
        QVERIFY(listing(doc.fabric()).contains("L h2--l1 h2:0 l2:1 400"));
        QString error;
        QVERIFY(!doc.recable("h2--l1", 1, "l2", 0, &error)); // port 0 of l2 is taken
        QVERIFY2(error.contains("already in use"), qPrintable(error));
        QVERIFY(doc.recable("h2--l1", 0, "h3", 0) == false); // h3's only NIC port is taken
        QVERIFY(doc.recable("h2--l1", 1, "l1", 3));
        QVERIFY(listing(doc.fabric()).contains("L h2--l1 h2:0 l1:3 400"));
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(bytes(doc.fabric()), original);
    }

    void duplicateRackRewiresToTheSameSpine()
    {
        Fabric f = smallFabric();
        FabricDocument doc(std::move(f));
        const QByteArray original = bytes(doc.fabric());
        std::string rack;
        QVERIFY(doc.duplicateRack("r1", nullptr, &rack));
        QCOMPARE(rack, std::string("r3"));
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(listing(doc.fabric()), QString("H h1 h100x8 rack=r1 su=su-1\n"
                                                "H h2 h100x8 rack=r1 su=su-1\n"
                                                "H h3 h100x8 rack=r2 su=su-1\n"
                                                "H h4 h100x8 rack=r3 su=su-1\n"
                                                "H h5 h100x8 rack=r3 su=su-1\n"
                                                "S l1 leaf r4 p0 rack=r1 m\n"
                                                "S l2 leaf r4 p0 rack=r2 m\n"
                                                "S s1 spine r4 p0 rack=net m\n"
                                                "S l3 leaf r4 p0 rack=r3 m\n"
                                                "L h1--l1 h1:0 l1:0 400\n"
                                                "L h2--l1 h2:0 l1:1 400\n"
                                                "L h3--l2 h3:0 l2:0 400\n"
                                                "L l1--s1 l1:2 s1:0 400\n"
                                                "L l2--s1 l2:2 s1:1 400\n"
                                                "L h4--l3 h4:0 l3:0 400\n"
                                                "L h5--l3 h5:0 l3:1 400\n"
                                                "L l3--s1 l3:2 s1:2 400"));
        QVERIFY(doc.fabric().validate().empty());
        // s1 has one port left: a second copy of r1 fits, a third does not.
        QVERIFY(doc.duplicateRack("r1"));
        QString error;
        QVERIFY(!doc.duplicateRack("r1", &error));
        QVERIFY2(error.contains("'s1' has no free port"), qPrintable(error));
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(bytes(doc.fabric()), original);
    }

    void duplicateScalableUnitAndSpinePlane()
    {
        // A fat-tree k=4: pods are scalable units? Use the generator's su names.
        FabricDocument doc(generateClos(fatTreeParams(4, 100)));
        const QByteArray original = bytes(doc.fabric());
        const auto hosts = doc.fabric().hostCount();
        QString error;
        // Every core port is in use in a full fat-tree: copying a pod needs
        // free ports on the cores, so it is refused and changes nothing.
        std::string su = doc.fabric().host(0).location.su;
        QVERIFY(!su.empty());
        QVERIFY(!doc.duplicateScalableUnit(su, &error));
        QVERIFY2(error.contains("has no free port"), qPrintable(error));
        QCOMPARE(bytes(doc.fabric()), original);
        // With bigger core switches the copy fits.
        std::vector<std::string> cores;
        for (const Switch &s : doc.fabric().switches())
            if (s.tier == Tier::Core || (s.tier == Tier::Spine && s.location.su.empty()))
                cores.push_back(s.id);
        PropertyEdit radix;
        radix.radix = 16;
        QVERIFY(doc.setProperties(cores, radix));
        std::string newSu;
        QVERIFY2(doc.duplicateScalableUnit(su, &error, &newSu), qPrintable(error));
        QVERIFY(newSu != su);
        int copied = 0;
        for (const Host &h : doc.fabric().hosts())
            copied += h.location.su == newSu ? 1 : 0;
        int original_ = 0;
        for (const Host &h : doc.fabric().hosts())
            original_ += h.location.su == su ? 1 : 0;
        QCOMPARE(copied, original_);
        QCOMPARE(doc.fabric().hostCount(), hosts + copied);
        QVERIFY(doc.fabric().validate().empty());
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(bytes(doc.fabric()), original);
    }

    void addSpinePlaneCopiesSpines()
    {
        Fabric f = smallFabric();
        FabricDocument doc(std::move(f));
        const QByteArray original = bytes(doc.fabric());
        QVERIFY(doc.addSpinePlane(0));
        QCOMPARE(listing(doc.fabric()), QString::fromLatin1(kSmall)
                                            .replace("S s1 spine r4 p0 rack=net m",
                                                     "S s1 spine r4 p0 rack=net m\nS s2 spine r4 p1 rack=net m")
                                            + "\nL l1--s2 l1:3 s2:0 400\nL l2--s2 l2:1 s2:1 400");
        QCOMPARE(doc.fabric().switchAt(3).plane, 1);
        QString error;
        QVERIFY(!doc.addSpinePlane(0, &error)); // l1 has no port left
        QVERIFY2(error.contains("'l1' has no free port"), qPrintable(error));
        doc.undoStack()->undo();
        QCOMPARE(bytes(doc.fabric()), original);
    }

    void addRackAddsNamedHosts()
    {
        FabricDocument doc(smallFabric());
        QVERIFY(doc.addRack({"z", "p", "su-2", "r9"}, 3, host("ignored", "ignored", 2)));
        QCOMPARE(doc.fabric().hostCount(), 6);
        QCOMPARE(doc.fabric().host(3).id, std::string("r9-h01"));
        QCOMPARE(doc.fabric().host(5).id, std::string("r9-h03"));
        QCOMPARE(doc.fabric().host(5).location.su, std::string("su-2"));
        QCOMPARE(doc.fabric().host(5).nics.size(), size_t(2));
        doc.undoStack()->undo();
        QCOMPARE(listing(doc.fabric()), QString::fromLatin1(kSmall));
    }

    void dragIsOneUndoStep()
    {
        FabricDocument doc(smallFabric());
        QSignalSpy changed(&doc, &FabricDocument::changed);
        doc.moveNodes({{"l1", QPointF(1, 1)}, {"h1", QPointF(2, 2)}}, 7);
        doc.moveNodes({{"l1", QPointF(3, 3)}, {"h1", QPointF(4, 4)}}, 7);
        doc.moveNodes({{"l1", QPointF(5, 5)}, {"h1", QPointF(6, 6)}}, 7);
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(changed.count(), 3);
        QCOMPARE(changed.last().first().value<FabricDocument::Change>(), FabricDocument::Change::Positions);
        QCOMPARE(doc.pinnedPositions().at("l1"), QPointF(5, 5));
        doc.moveNodes({{"l1", QPointF(9, 9)}}, 8); // another drag
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.undoStack()->undo();
        QCOMPARE(doc.pinnedPositions().at("l1"), QPointF(5, 5));
        doc.undoStack()->undo();
        QVERIFY(doc.pinnedPositions().empty());
        doc.undoStack()->redo();
        QCOMPARE(doc.pinnedPositions().at("h1"), QPointF(6, 6));
        doc.unpinNodes({"h1"});
        QCOMPARE(doc.pinnedPositions().count("h1"), size_t(0));
        doc.undoStack()->undo();
        QCOMPARE(doc.pinnedPositions().at("h1"), QPointF(6, 6));
    }

    void loadStateAndReplaceFabric()
    {
        FabricDocument doc(smallFabric());
        doc.loadState({{"l1", QPointF(1, 2)}, {"gone", QPointF(0, 0)}}, {"l2", "h1--l1", "nope"});
        QCOMPARE(doc.undoStack()->count(), 0);
        QCOMPARE(doc.pinnedPositions().size(), size_t(1));
        QCOMPARE(doc.failedIds(), (std::vector<std::string>{"h1--l1", "l2"}));
        const QByteArray original = bytes(doc.fabric());
        Fabric other;
        other.name = "other";
        other.addHost(host("x1", "rx"));
        doc.replaceFabric(std::move(other), {{"x1", QPointF(3, 3)}}, QStringLiteral("Restore version 1"));
        QCOMPARE(listing(doc.fabric()), QString("H x1 h100x8 rack=rx su=su-1"));
        QVERIFY(!doc.hasFailures());
        QCOMPARE(doc.pinnedPositions().at("x1"), QPointF(3, 3));
        doc.undoStack()->undo();
        QCOMPARE(bytes(doc.fabric()), original);
        QCOMPARE(doc.failedIds(), (std::vector<std::string>{"h1--l1", "l2"}));
        QCOMPARE(doc.pinnedPositions().at("l1"), QPointF(1, 2));
    }

    void largeFabricDeleteAndUndoIsExact()
    {
        FabricDocument doc(generateClos(railOptimizedParams(384)));
        const QByteArray original = bytes(doc.fabric());
        const std::string spine = doc.fabric().switchAt(doc.fabric().switchCount() / 2).id;
        const std::string host = doc.fabric().host(100).id;
        QVERIFY(doc.removeElements({spine, host}));
        QVERIFY(doc.fabric().validate().empty());
        QVERIFY(doc.fabric().findNode(spine) < 0);
        doc.undoStack()->undo();
        QCOMPARE(bytes(doc.fabric()), original);
    }
};

QTEST_GUILESS_MAIN(TestEditing)
#include "tst_editing.moc"
