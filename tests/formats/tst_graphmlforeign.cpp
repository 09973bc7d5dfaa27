// GraphML written by other tools (NetworkX, yEd, Gephi, none at all) without
// Railyard's keys: told apart from Railyard's own GraphML, read through the
// discovery builder with the roles, racks, names and speeds they carry; a
// malformed one is rejected with the line and column of each problem. The
// expected fabrics are worked out by hand from the fixtures in
// tests/data/graphml-foreign/.

#include "core/registry/formatregistry.h"
#include "core/formats/graphml/graphmlforeign.h"

#include <QBuffer>
#include <QFile>
#include <QtTest>

using namespace Railyard;

class TestGraphmlForeign : public QObject
{
    Q_OBJECT

private slots:
    void detection_data();
    void detection();
    void networkx();
    void yed();
    void gephi();
    void plain();
    void malformed();
};

namespace {

QString fixture(const char *name)
{
    return QStringLiteral(RAILYARD_TEST_DATA "/graphml-foreign/") + QLatin1String(name);
}

const Link *linkBetween(const Fabric &f, const std::string &x, const std::string &y, int k = 0)
{
    for (const Link &l : f.links())
        if ((f.nodeId(l.a) == x && f.nodeId(l.b) == y) || (f.nodeId(l.a) == y && f.nodeId(l.b) == x))
            if (k-- == 0)
                return &l;
    return nullptr;
}

Tier tierOf(const Fabric &f, const std::string &id)
{
    const NodeIndex n = f.findNode(id);
    return f.isSwitch(n) ? f.switchAt(f.switchIndexOf(n)).tier : Tier::Unlayered;
}

bool hasWarning(const ReadResult &r, const char *text)
{
    for (const FormatError &w : r.warnings)
        if (w.message.contains(QLatin1String(text)))
            return true;
    return false;
}

} // namespace

void TestGraphmlForeign::detection_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("foreign");
    QTest::newRow("Railyard's own (yEd-drawn, role key)")
        << QStringLiteral(RAILYARD_TEST_DATA "/good/lab.graphml") << false;
    QTest::newRow("Railyard's own, a node without role")
        << QStringLiteral(RAILYARD_TEST_DATA "/bad/missing-role.graphml") << false;
    QTest::newRow("networkx: role key but capacity, no gbps") << fixture("networkx.graphml") << true;
    QTest::newRow("yed") << fixture("yed.graphml") << true;
    QTest::newRow("gephi") << fixture("gephi.graphml") << true;
    QTest::newRow("plain") << fixture("plain.graphml") << true;
}

void TestGraphmlForeign::detection()
{
    QFETCH(QString, path);
    QFETCH(bool, foreign);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(GraphmlForeign::isForeign(file), foreign);
    QCOMPARE(file.pos(), qint64(0));
    // Undeclared role data (taken by its id by Railyard's reader) is Railyard's own.
    QByteArray own("<graphml><graph><node id=\"h\"><data key=\"role\">host</data></node></graph></graphml>");
    QBuffer buffer(&own);
    buffer.open(QIODevice::ReadOnly);
    QVERIFY(!GraphmlForeign::isForeign(buffer));
}

void TestGraphmlForeign::networkx()
{
    // 4 servers on 2 ToRs (r01, r02), each ToR twice to spine-1 (a MultiGraph's parallel edges).
    const ReadResult r = FormatRegistry::instance().readFile(fixture("networkx.graphml"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 4);
    QCOMPARE(f.switchCount(), 3);
    QCOMPARE(f.linkCount(), 8);
    QVERIFY(f.isHost(f.findNode("gpu-b2")));
    QCOMPARE(f.host(f.findNode("gpu-b2")).nics.size(), size_t(1));
    QCOMPARE(f.host(f.findNode("gpu-b2")).location.rack, std::string("r02"));
    QCOMPARE(int(tierOf(f, "tor-a")), int(Tier::Leaf));
    QCOMPARE(int(tierOf(f, "spine-1")), int(Tier::Spine));
    const Link *first = linkBetween(f, "tor-a", "spine-1", 0);
    const Link *second = linkBetween(f, "tor-a", "spine-1", 1);
    QVERIFY(first && second);
    QVERIFY(first->portA != second->portA || first->portB != second->portB);
    QCOMPARE(first->capacityGbps, 800.0);
    QCOMPARE(linkBetween(f, "gpu-a1", "tor-a")->capacityGbps, 400.0);
}

void TestGraphmlForeign::yed()
{
    // Names from the NodeLabels; gpu* hosts and leaf*/spine* switches by name;
    // the group "rack r07" gives gpu01, gpu02 and leaf01 rack r07; the
    // bandwidth key's default 200G on host links, 400G on the two uplinks.
    const ReadResult r = FormatRegistry::instance().readFile(fixture("yed.graphml"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 3);
    QCOMPARE(f.switchCount(), 3);
    QCOMPARE(f.linkCount(), 5);
    for (const char *h : {"gpu01", "gpu02", "gpu03"})
        QVERIFY2(f.isHost(f.findNode(h)), h);
    QCOMPARE(int(tierOf(f, "leaf01")), int(Tier::Leaf));
    QCOMPARE(int(tierOf(f, "leaf02")), int(Tier::Leaf));
    QCOMPARE(int(tierOf(f, "spine01")), int(Tier::Spine));
    QCOMPARE(f.host(f.findNode("gpu01")).location.rack, std::string("r07"));
    QCOMPARE(f.switchAt(f.switchIndexOf(f.findNode("leaf01"))).location.rack, std::string("r07"));
    QCOMPARE(f.host(f.findNode("gpu03")).location.rack, std::string());
    QCOMPARE(linkBetween(f, "gpu01", "leaf01")->capacityGbps, 200.0);
    QCOMPARE(linkBetween(f, "leaf01", "spine01")->capacityGbps, 400.0);
    QVERIFY(hasWarning(r, "1 group nodes are drawings"));
}

void TestGraphmlForeign::gephi()
{
    // Numeric ids, names in `label`; `weight` is not a speed: none given, 400 assumed.
    const ReadResult r = FormatRegistry::instance().readFile(fixture("gephi.graphml"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 4);
    QCOMPARE(f.switchCount(), 3);
    QCOMPARE(f.linkCount(), 6);
    QVERIFY(f.isHost(f.findNode("dgx-01")));
    QCOMPARE(int(tierOf(f, "leaf-b")), int(Tier::Leaf));
    QCOMPARE(int(tierOf(f, "spine-a")), int(Tier::Spine));
    QCOMPARE(linkBetween(f, "dgx-01", "leaf-a")->capacityGbps, 400.0); // weight 10 ignored
    QVERIFY(hasWarning(r, "6 links read as 400 Gb/s"));
    QVERIFY(hasWarning(r, "7 nodes are named by their name or label"));
}

void TestGraphmlForeign::plain()
{
    const ReadResult r = FormatRegistry::instance().readFile(fixture("plain.graphml"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 4);
    QCOMPARE(f.switchCount(), 3);
    QCOMPARE(f.linkCount(), 10);
    QCOMPARE(f.host(f.findNode("gpu003")).nics.size(), size_t(2)); // one per leaf
    QCOMPARE(int(tierOf(f, "leaf02")), int(Tier::Leaf));
    QCOMPARE(int(tierOf(f, "spine01")), int(Tier::Spine));
    QVERIFY(!r.inferences.empty()); // the roles were guessed, for review
}

void TestGraphmlForeign::malformed()
{
    // Line 8: an edge to a node that is not declared; line 9: capacity "fast".
    const QString path = fixture("malformed.graphml");
    const ReadResult r = FormatRegistry::instance().readFile(path);
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), size_t(2));
    QCOMPARE(r.errors[0].line, 8);
    QVERIFY2(r.errors[0].column > 0, qPrintable(r.errors[0].toString()));
    QVERIFY2(r.errors[0].message.contains(QLatin1String("no node ghost")), qPrintable(r.errors[0].message));
    QCOMPARE(r.errors[1].line, 9);
    QVERIFY2(r.errors[1].message.contains(QLatin1String("capacity \"fast\" is not a link speed")),
             qPrintable(r.errors[1].message));
    QVERIFY(r.errorText().startsWith(path + QStringLiteral(":8:")));
    // Broken XML in a foreign file: the XML error with its place.
    QByteArray broken("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><graph>\n<node id=\"a\"/>\n<edge "
                      "source=\"a\"\n</graph></graphml>");
    QBuffer buffer(&broken);
    buffer.open(QIODevice::ReadOnly);
    const ReadResult x
        = FormatRegistry::instance().bySlug(QStringLiteral("graphml"))->read(buffer, QStringLiteral("x.graphml"));
    QVERIFY(!x.ok());
    QVERIFY2(x.errors[0].line >= 3, qPrintable(x.errorText()));
}

QTEST_GUILESS_MAIN(TestGraphmlForeign)
#include "tst_graphmlforeign.moc"
