// The *.intent.json reader: the samples read, a written intent reads back
// equal, and every kind of malformed intent is rejected with the file, the
// line and column, and the JSON pointer of the offending value.

#include "core/intents/intentreader.h"
#include "tests/intents/intenttestdata.h"

#include <QtTest>

using namespace Railyard;

namespace {

/// A valid intent document, one field per line, to edit in the tests.
/// Line numbers matter: "rails" is on line 6, the first rule on line 10.
const char *validText
    = "{\n"
      "  \"format\": \"railyard-intent\",\n"
      "  \"format_version\": 1,\n"
      "  \"metadata\": {\"version\": 2, \"parent\": 1, \"author\": \"alice\", \"created_utc\": "
      "\"2026-11-30T09:00:00Z\"},\n"
      "  \"cluster\": \"small\",\n"
      "  \"rails\": 2,\n"
      "  \"backend\": \"roce\",\n"
      "  \"topology\": \"fat_tree\",\n"
      "  \"allow\": [\n"
      "    {\"from\": \"z1/*\", \"to\": \"z1/*\", \"proto\": \"rdma\"},\n"
      "    {\"from\": \"*\", \"to\": \"*\", \"proto\": \"tcp\"}\n"
      "  ],\n"
      "  \"deny\": [],\n"
      "  \"deny_public_egress\": true,\n"
      "  \"lossless\": {\"pfc_priority\": 3, \"ecn\": {\"kmin_kib\": 100, \"kmax_kib\": 400}, \"mtu_bytes\": 4096}\n"
      "}\n";

QString replaced(const char *from, const char *to)
{
    QString text = QString::fromUtf8(validText);
    const QString f = QString::fromUtf8(from);
    if (!text.contains(f))
        qFatal("test text lacks %s", from);
    return text.replace(f, QString::fromUtf8(to));
}

} // namespace

class TestIntentReader : public QObject
{
    Q_OBJECT

private slots:
    void valid();
    void samples();
    void roundTrip();
    void malformed_data();
    void malformed();
    void severalErrorsAtOnce();
    void missingFile();
};

void TestIntentReader::valid()
{
    const IntentReadResult r = parseIntent(validText, QStringLiteral("valid.intent.json"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Intent &i = *r.intent;
    QCOMPARE(i.metadata.version, 2);
    QCOMPARE(i.metadata.parent, std::optional<int>(1));
    QCOMPARE(i.rails, 2);
    QCOMPARE(i.backend, IntentBackend::Roce);
    QCOMPARE(i.topology, IntentTopology::FatTree);
    QCOMPARE(i.allow.size(), size_t(2));
    QCOMPARE(i.allow[0].proto, IntentProtocol::Rdma);
    QCOMPARE(i.allow[1].from, std::string("*"));
    QVERIFY(i.deny.empty());
    QVERIFY(i.denyPublicEgress);
    QVERIFY(i.lossless && i.lossless->ecn);
    QCOMPARE(i.lossless->ecn->pmaxPercent, 100.0); // default
    QCOMPARE(r.sha256.size(), size_t(64));
}

void TestIntentReader::samples()
{
    for (const char *name : {"cluster-3k.v3.intent.json", "cluster-3k.v4.intent.json"}) {
        const IntentReadResult r = readIntentFile(QStringLiteral(RAILYARD_SAMPLES "/") + QLatin1String(name));
        QVERIFY2(r.ok(), qPrintable(r.errorText()));
        QCOMPARE(r.intent->cluster, std::string("cluster-3k"));
    }
}

void TestIntentReader::roundTrip()
{
    Intent intent = IntentTest::cleanIntent();
    intent.metadata.parent = 0;
    intent.metadata.parent.reset();
    intent.metadata.createdUtc = "2026-12-01T10:00:00Z";
    intent.metadata.message = "quote \" and é";
    intent.allow[0].comment = "a comment";
    intent.deny.push_back(IntentTest::rule("r4", "@public", IntentProtocol::Any, "no-egress"));
    const std::string text = writeIntent(intent);
    const IntentReadResult r = parseIntent(text, QStringLiteral("written"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QVERIFY(*r.intent == intent);
    // Written in the signed layout: canonicalizing changes only whitespace.
    QCOMPARE(writeIntent(*r.intent), text);
}

void TestIntentReader::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("message");
    QTest::newRow("syntax: missing comma")
        << replaced("\"rails\": 2,", "\"rails\": 2") << 7 << QString() << QStringLiteral("JSON syntax error");
    QTest::newRow("syntax: trailing comma")
        << replaced("\"deny\": [],", "\"deny\": [,],") << 13 << QString() << QStringLiteral("JSON syntax error");
    QTest::newRow("not an object") << QStringLiteral("[1]") << 1 << QStringLiteral("/")
                                   << QStringLiteral("expected a JSON object");
    QTest::newRow("wrong format tag") << replaced("\"railyard-intent\"", "\"railyard-fabric\"") << 2
                                      << QStringLiteral("/format") << QStringLiteral("not a Railyard intent");
    QTest::newRow("unknown top-level field") << replaced("\"rails\": 2,", "\"rails\": 2, \"colour\": \"red\",") << 6
                                             << QStringLiteral("/colour") << QStringLiteral("unknown field \"colour\"");
    QTest::newRow("unknown rule field") << replaced("\"proto\": \"rdma\"}", "\"proto\": \"rdma\", \"prot\": 1}") << 10
                                        << QStringLiteral("/allow/0/prot") << QStringLiteral("unknown field \"prot\"");
    QTest::newRow("unknown metadata field") << replaced("\"author\": \"alice\"", "\"autor\": \"alice\"") << 4
                                            << QStringLiteral("/metadata/autor") << QStringLiteral("unknown field");
    QTest::newRow("wrong type: rails string")
        << replaced("\"rails\": 2", "\"rails\": \"2\"") << 6 << QStringLiteral("/rails")
        << QStringLiteral("expected an integer, got string \"2\"");
    QTest::newRow("wrong type: fraction") << replaced("\"rails\": 2", "\"rails\": 2.5") << 6 << QStringLiteral("/rails")
                                          << QStringLiteral("expected an integer, got 2.5");
    QTest::newRow("out of range: rails 0") << replaced("\"rails\": 2", "\"rails\": 0") << 6 << QStringLiteral("/rails")
                                           << QStringLiteral("between 1 and 64");
    QTest::newRow("wrong type: allow object") << replaced("\"deny\": []", "\"deny\": {}") << 13
                                              << QStringLiteral("/deny") << QStringLiteral("expected an array");
    QTest::newRow("wrong type: rule string")
        << replaced("{\"from\": \"*\", \"to\": \"*\", \"proto\": \"tcp\"}", "\"all\"") << 11
        << QStringLiteral("/allow/1") << QStringLiteral("expected a rule object");
    QTest::newRow("wrong type: egress") << replaced("\"deny_public_egress\": true", "\"deny_public_egress\": \"yes\"")
                                        << 14 << QStringLiteral("/deny_public_egress")
                                        << QStringLiteral("expected true or false");
    QTest::newRow("missing field") << replaced("  \"cluster\": \"small\",\n", "") << 1 << QStringLiteral("/")
                                   << QStringLiteral("missing required field \"cluster\"");
    QTest::newRow("missing proto") << replaced(", \"proto\": \"tcp\"", "") << 11 << QStringLiteral("/allow/1")
                                   << QStringLiteral("missing required field \"proto\"");
    QTest::newRow("unknown proto") << replaced("\"proto\": \"tcp\"", "\"proto\": \"udp\"") << 11
                                   << QStringLiteral("/allow/1/proto") << QStringLiteral("unknown protocol \"udp\"");
    QTest::newRow("unknown backend") << replaced("\"roce\"", "\"omnipath\"") << 7 << QStringLiteral("/backend")
                                     << QStringLiteral("unknown backend");
    QTest::newRow("bad glob: unclosed") << replaced("\"from\": \"z1/*\"", "\"from\": \"rack-[0-\"") << 10
                                        << QStringLiteral("/allow/0/from")
                                        << QStringLiteral(
                                               "bad selector \"rack-[0-\": '[' at character 6 is not closed");
    QTest::newRow("bad glob: reversed range") << replaced("\"to\": \"z1/*\"", "\"to\": \"gpu[9-0]\"") << 10
                                              << QStringLiteral("/allow/0/to") << QStringLiteral("is reversed");
    QTest::newRow("bad glob: empty") << replaced("\"from\": \"*\"", "\"from\": \"\"") << 11
                                     << QStringLiteral("/allow/1/from") << QStringLiteral("empty selector");
    QTest::newRow("@public as from") << replaced("\"from\": \"*\"", "\"from\": \"@public\"") << 11
                                     << QStringLiteral("/allow/1/from")
                                     << QStringLiteral("can only be a rule's \"to\"");
    QTest::newRow("duplicate key") << replaced("\"rails\": 2,", "\"rails\": 2, \"rails\": 4,") << 0
                                   << QStringLiteral("/") << QStringLiteral("duplicate key \"rails\"");
    QTest::newRow("parent not below version")
        << replaced("\"parent\": 1", "\"parent\": 2") << 4 << QStringLiteral("/metadata/parent")
        << QStringLiteral("must be below version 2");
    QTest::newRow("bad time") << replaced("2026-11-30T09:00:00Z", "yesterday") << 4
                              << QStringLiteral("/metadata/created_utc") << QStringLiteral("ISO 8601 UTC");
    QTest::newRow("ecn kmax not above kmin")
        << replaced("\"kmax_kib\": 400", "\"kmax_kib\": 100") << 15 << QStringLiteral("/lossless/ecn/kmax_kib")
        << QStringLiteral("must exceed");
    QTest::newRow("pfc priority range") << replaced("\"pfc_priority\": 3", "\"pfc_priority\": 8") << 15
                                        << QStringLiteral("/lossless/pfc_priority")
                                        << QStringLiteral("between 0 and 7");
    QTest::newRow("bad mtu") << replaced("\"mtu_bytes\": 4096", "\"mtu_bytes\": 1500") << 15
                             << QStringLiteral("/lossless/mtu_bytes") << QStringLiteral("RoCE MTU");
    QTest::newRow("duplicate rule name") << replaced("\"proto\": \"rdma\"}", "\"proto\": \"rdma\", \"name\": \"x\"}")
                                                .replace(QStringLiteral("\"proto\": \"tcp\"}"),
                                                         QStringLiteral("\"proto\": \"tcp\", \"name\": \"x\"}"))
                                         << 11 << QStringLiteral("/allow/1/name") << QStringLiteral("used twice");
}

void TestIntentReader::malformed()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(QString, pointer);
    QFETCH(QString, message);
    const IntentReadResult r = parseIntent(text.toStdString(), QStringLiteral("bad.intent.json"));
    QVERIFY(!r.ok());
    QVERIFY(!r.errors.empty());
    const FormatError &e = r.errors.front();
    QCOMPARE(e.file, QStringLiteral("bad.intent.json"));
    QVERIFY2(e.message.contains(message), qPrintable(r.errorText()));
    QCOMPARE(e.path, pointer);
    QCOMPARE(e.line, line);
    // The one-line text names the file, the position and the pointer.
    const QString shown = intentErrorText(e);
    QVERIFY2(shown.startsWith(QStringLiteral("bad.intent.json")), qPrintable(shown));
    if (!pointer.isEmpty())
        QVERIFY2(shown.contains(QStringLiteral("at ") + pointer + QStringLiteral(": ")), qPrintable(shown));
    if (line > 0)
        QVERIFY2(shown.startsWith(QStringLiteral("bad.intent.json:%1:").arg(line)), qPrintable(shown));
}

void TestIntentReader::severalErrorsAtOnce()
{
    QString text = replaced("\"rails\": 2", "\"rails\": \"x\"");
    text.replace(QStringLiteral("\"proto\": \"tcp\""), QStringLiteral("\"proto\": \"udp\""));
    const IntentReadResult r = parseIntent(text.toStdString(), QStringLiteral("f"));
    QCOMPARE(r.errors.size(), size_t(2));
    QCOMPARE(r.errors[0].path, QStringLiteral("/rails"));
    QCOMPARE(r.errors[1].path, QStringLiteral("/allow/1/proto"));
}

void TestIntentReader::missingFile()
{
    const IntentReadResult r = readIntentFile(QStringLiteral("/nonexistent/x.intent.json"));
    QVERIFY(!r.ok());
    QVERIFY(r.errorText().contains(QStringLiteral("/nonexistent/x.intent.json")));
}

QTEST_GUILESS_MAIN(TestIntentReader)
#include "tst_intentreader.moc"
