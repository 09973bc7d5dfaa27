// Canonical JSON (docs/intent-format.md, "Canonical form"): key order,
// whitespace, number and string normalization, the signed layout, and
// SHA-256 against values computed independently (Python's hashlib).

#include "core/intents/canonicaljson.h"
#include "core/intents/intentreader.h"

#include <QFile>
#include <QtTest>

using namespace Railyard;

class TestCanonicalJson : public QObject
{
    Q_OBJECT

private slots:
    void canonical_data();
    void canonical();
    void rejected_data();
    void rejected();
    void keyOrderAndWhitespaceHashTheSame();
    void knownHashes();
    void layout();
    void sampleIntentHashIgnoresFormatting();
};

void TestCanonicalJson::canonical_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    const auto row = [](const char *name, const char *in, const char *out) {
        QTest::newRow(name) << QString::fromUtf8(in) << QString::fromUtf8(out);
    };
    row("sorted keys, no whitespace", "{ \"b\" : 1,\n \"a\" : [ true , null ] }", "{\"a\":[true,null],\"b\":1}");
    row("nested keys sorted", "{\"z\":{\"y\":1,\"x\":2},\"a\":{}}", "{\"a\":{},\"z\":{\"x\":2,\"y\":1}}");
    row("keys by bytes: upper before lower", "{\"b\":1,\"B\":2,\"a\":3}", "{\"B\":2,\"a\":3,\"b\":1}");
    row("array order kept", "[3,1,2]", "[3,1,2]");
    row("integral float", "1.0", "1");
    row("exponent integral", "1e3", "1000");
    row("upper exponent", "1E2", "100");
    row("negative zero", "-0.0", "0");
    row("negative integral", "-2.000", "-2");
    row("trailing zeros", "2.50", "2.5");
    row("fraction", "0.1", "0.1");
    row("small exponent", "1e-7", "1e-7");
    row("small exponent written long", "0.0000001", "1e-7");
    row("large non-integral", "1.5e300", "1.5e300");
    row("beyond 2^53", "1e21", "1e21");
    row("2^53 exactly", "9007199254740992.0", "9007199254740992");
    row("integer token exact", "123456789012345678", "123456789012345678");
    row("negative integer", "-42", "-42");
    row("unicode escape to raw", "\"\\u0041\\u00e9\"", "\"A\xc3\xa9\"");
    row("solidus unescaped", "\"a\\/b\"", "\"a/b\"");
    row("control characters", "\"\\u001f\\n\\t\"", "\"\\u001f\\n\\t\"");
    row("quote and backslash", "\"\\\"\\\\\"", "\"\\\"\\\\\"");
    row("literals", "[true,false,null]", "[true,false,null]");
}

void TestCanonicalJson::canonical()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    std::string error;
    const auto out = CanonicalJson::canonicalize(input.toStdString(), &error);
    QVERIFY2(out, error.c_str());
    QCOMPARE(QString::fromStdString(*out), expected);
}

void TestCanonicalJson::rejected_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("message");
    QTest::newRow("duplicate key") << QStringLiteral("{\"a\":1,\"a\":2}") << QStringLiteral("duplicate key \"a\"");
    QTest::newRow("nested duplicate") << QStringLiteral("{\"o\":{\"k\":1,\"k\":1}}")
                                      << QStringLiteral("duplicate key \"k\"");
    QTest::newRow("syntax") << QStringLiteral("{\"a\":}") << QStringLiteral("parse error");
    QTest::newRow("invalid UTF-8") << QString::fromLatin1("\"\\xff\"") << QStringLiteral("parse error");
}

void TestCanonicalJson::rejected()
{
    QFETCH(QString, input);
    QFETCH(QString, message);
    std::string error;
    // Latin-1 so the invalid-UTF-8 row keeps its raw 0xff byte.
    std::string bytes = input.toStdString();
    if (QByteArray(QTest::currentDataTag()) == "invalid UTF-8")
        bytes = std::string("\"\xff\"");
    QVERIFY(!CanonicalJson::canonicalize(bytes, &error));
    QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
}

void TestCanonicalJson::keyOrderAndWhitespaceHashTheSame()
{
    const char *a = "{\"rails\":8,\"allow\":[{\"from\":\"*\",\"to\":\"*\",\"proto\":\"tcp\"}],\"cluster\":\"c\"}";
    const char *b
        = "{\n  \"cluster\" : \"c\",\n\t\"allow\" : [ { \"proto\":\"tcp\", \"to\":\"*\", \"from\":\"*\" } ],\n"
          "  \"rails\" : 8.0\n}\n";
    const auto ca = CanonicalJson::canonicalize(a, nullptr);
    const auto cb = CanonicalJson::canonicalize(b, nullptr);
    QVERIFY(ca && cb);
    QCOMPARE(*ca, *cb);
    QCOMPARE(CanonicalJson::sha256Hex(*ca), CanonicalJson::sha256Hex(*cb));
    // A different value hashes differently.
    const auto cc = CanonicalJson::canonicalize("{\"rails\":4,\"allow\":[],\"cluster\":\"c\"}", nullptr);
    QVERIFY(CanonicalJson::sha256Hex(*cc) != CanonicalJson::sha256Hex(*ca));
}

void TestCanonicalJson::knownHashes()
{
    // hashlib.sha256(b'{}') and hashlib.sha256(b'{"a":[true,null],"b":1}').
    QCOMPARE(CanonicalJson::sha256Hex("{}"),
             std::string("44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a"));
    const auto c = CanonicalJson::canonicalize("{ \"b\": 1.0, \"a\": [true, null] }", nullptr);
    QVERIFY(c);
    QCOMPARE(CanonicalJson::sha256Hex(*c),
             std::string("51705a2c9eb3e7e410a58f696a770c3ac3885a0cf43eb7fc88f5e47c11d4d30d"));
}

void TestCanonicalJson::layout()
{
    const auto out = CanonicalJson::layout("{\"b\":[1,{\"d\":[],\"c\":{}}],\"a\":\"x\"}", nullptr);
    QVERIFY(out);
    QCOMPARE(QString::fromStdString(*out),
             QStringLiteral("{\n"
                            "  \"a\": \"x\",\n"
                            "  \"b\": [\n"
                            "    1,\n"
                            "    {\n"
                            "      \"c\": {},\n"
                            "      \"d\": []\n"
                            "    }\n"
                            "  ]\n"
                            "}\n"));
}

void TestCanonicalJson::sampleIntentHashIgnoresFormatting()
{
    QFile file(QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.v4.intent.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray original = file.readAll();
    const IntentReadResult a = parseIntent(original.toStdString(), QStringLiteral("v4"));
    QVERIFY2(a.ok(), qPrintable(a.errorText()));
    // The same document re-indented with sorted keys hashes the same.
    const auto relaid = CanonicalJson::layout(original.toStdString(), nullptr);
    QVERIFY(relaid);
    QVERIFY(*relaid != original.toStdString());
    const IntentReadResult b = parseIntent(*relaid, QStringLiteral("v4 relaid"));
    QVERIFY(b.ok());
    QCOMPARE(a.sha256, b.sha256);
    QCOMPARE(a.sha256, CanonicalJson::sha256Hex(a.canonical));
    QCOMPARE(a.sha256.size(), size_t(64));
}

QTEST_GUILESS_MAIN(TestCanonicalJson)
#include "tst_canonicaljson.moc"
