// The hosts a part of an intent names (core/intents/intenthosts.h), which
// the Intents dock selects, on a hand-made fabric of four hosts.

#include "core/intents/intenthosts.h"

#include <QtTest>

using namespace Railyard;

namespace {

Fabric fourHosts()
{
    Fabric f;
    for (const char *id : {"a1", "a2", "b1", "b2"}) {
        Host h;
        h.id = id;
        f.addHost(h);
    }
    return f;
}

Intent intent()
{
    Intent i;
    i.allow.push_back({"r0", "a*", "b1", IntentProtocol::Rdma, {}});
    i.allow.push_back({"r1", "a2", "@public", IntentProtocol::Tcp, {}});
    i.deny.push_back({"d0", "b?", "b?", IntentProtocol::Any, {}});
    return i;
}

using Ids = std::vector<std::string>;

} // namespace

class TestIntentHosts : public QObject
{
    Q_OBJECT

private slots:
    void pointers_data();
    void pointers();
};

void TestIntentHosts::pointers_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QStringList>("hosts");
    QTest::newRow("a whole rule") << "/allow/0" << QStringList{"a1", "a2", "b1"};
    QTest::newRow("its from") << "/allow/0/from" << QStringList{"a1", "a2"};
    QTest::newRow("its to") << "/allow/0/to" << QStringList{"b1"};
    QTest::newRow("below the rule") << "/allow/0/proto" << QStringList{"a1", "a2", "b1"};
    QTest::newRow("@public names no host") << "/allow/1/to" << QStringList{};
    QTest::newRow("the rule of @public") << "/allow/1" << QStringList{"a2"};
    QTest::newRow("a deny rule") << "/deny/0" << QStringList{"b1", "b2"};
    QTest::newRow("out of range") << "/allow/2" << QStringList{};
    QTest::newRow("not an index") << "/allow/x" << QStringList{};
    QTest::newRow("not a rule") << "/metadata/version" << QStringList{};
    QTest::newRow("the root") << "" << QStringList{};
}

void TestIntentHosts::pointers()
{
    QFETCH(QString, pointer);
    QFETCH(QStringList, hosts);
    Ids expected;
    for (const QString &h : hosts)
        expected.push_back(h.toStdString());
    QCOMPARE(hostsNamedBy(intent(), pointer.toStdString(), fourHosts()), expected);
}

QTEST_GUILESS_MAIN(TestIntentHosts)
#include "tst_intenthosts.moc"
