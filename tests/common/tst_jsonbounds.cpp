// The bounded pre-scan of untrusted JSON (core/common/jsonbounds.h): each
// limit at and just past its value, strings that hide brackets, and every
// reader that uses it refusing a bomb with a message that names the limit.

#include "core/common/jsonbounds.h"
#include "core/common/messagetext.h"
#include "core/registry/formatregistry.h"
#include "core/jobs/jobspec.h"

#include <QBuffer>
#include <QtTest>

using namespace Railyard;

class TestJsonBounds : public QObject
{
    Q_OBJECT

private slots:
    void depth_data();
    void depth();
    void members();
    void keyAndStringLength();
    void values();
    void stringsHideBrackets();
    void errorNamesLineAndQuotesNothing();
    void readersRefuseBombs();
};

void TestJsonBounds::depth_data()
{
    QTest::addColumn<int>("levels");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("64 levels") << 64 << true;
    QTest::newRow("65 levels") << 65 << false;
    QTest::newRow("400,000 levels") << 400000 << false;
}

void TestJsonBounds::depth()
{
    QFETCH(int, levels);
    QFETCH(bool, accepted);
    // Objects and arrays alternate: both count.
    std::string text;
    for (int i = 0; i < levels; ++i)
        text += i % 2 ? "[" : "{\"a\":";
    text += "1";
    for (int i = levels - 1; i >= 0; --i)
        text += i % 2 ? "]" : "}";
    const auto error = checkJsonBounds(text);
    QCOMPARE(!error.has_value(), accepted);
    if (error) {
        QVERIFY2(error->message == "values nested deeper than 64 levels", error->message.c_str());
        QVERIFY(error->offset >= 64);
    }
}

void TestJsonBounds::members()
{
    JsonLimits limits;
    limits.maxMembers = 3;
    QVERIFY(!checkJsonBounds(R"({"a":1,"b":{"x":1,"y":2,"z":3},"c":3})", limits));
    const auto error = checkJsonBounds(R"({"a":1,"b":2,"c":3,"d":4})", limits);
    QVERIFY(error);
    QCOMPARE(error->message, std::string("an object with more than 3 members"));
    QCOMPARE(error->offset, std::size_t(19)); // the fourth key
    // Array elements are not members.
    QVERIFY(!checkJsonBounds(R"({"a":[1,2,3,4,5,6]})", limits));
}

void TestJsonBounds::keyAndStringLength()
{
    JsonLimits limits;
    limits.maxKeyBytes = 4;
    limits.maxStringBytes = 6;
    QVERIFY(!checkJsonBounds(R"({"abcd":"abcdef"})", limits));
    QCOMPARE(checkJsonBounds(R"({"abcde":1})", limits)->message, std::string("an object key longer than 4 bytes"));
    QCOMPARE(checkJsonBounds(R"({"a":"abcdefg"})", limits)->message, std::string("a string longer than 6 bytes"));
    // A string in an array is a value, not a key.
    QCOMPARE(checkJsonBounds(R"(["abcdefg"])", limits)->message, std::string("a string longer than 6 bytes"));
    // Escapes count as written.
    QVERIFY(checkJsonBounds(R"({"a":"\u0041\u0042"})", limits));
}

void TestJsonBounds::values()
{
    JsonLimits limits;
    limits.maxValues = 5;
    QVERIFY(!checkJsonBounds("[1,2,3,4]", limits)); // the array and four numbers
    QCOMPARE(checkJsonBounds("[1,2,3,4,5]", limits)->message, std::string("more than 5 values"));
}

void TestJsonBounds::stringsHideBrackets()
{
    const std::string brackets(10000, '[');
    QVERIFY(!checkJsonBounds("{\"a\":\"" + brackets + "\"}"));
    QVERIFY(!checkJsonBounds(R"({"a\"[[[[":"\\\"{{{{"})"));
    // An unterminated string is the parser's to report.
    QVERIFY(!checkJsonBounds("{\"a\":\"" + brackets));
}

void TestJsonBounds::errorNamesLineAndQuotesNothing()
{
    const std::string text = "{\n  \"secret-name-xyz\":\n  " + std::string(100, '[') + "1" + std::string(100, ']') + "}";
    const auto error = checkJsonBounds(text);
    QVERIFY(error);
    QCOMPARE(error->line, 3);
    QVERIFY(error->message.find("secret") == std::string::npos);
}

void TestJsonBounds::readersRefuseBombs()
{
    const std::string bomb = "{\"format\":" + std::string(300000, '[') + std::string(300000, ']') + "}";
    // A job file.
    const JobSpecResult job = parseJobSpec(bomb, QStringLiteral("bomb.job.json"));
    QVERIFY(!job.ok());
    QVERIFY2(job.errorText().contains(QLatin1String("nested deeper than 64 levels")), qPrintable(job.errorText()));
    // A fabric file (its flat fast path gives it to the full reader).
    QByteArray bytes = QByteArray::fromStdString(bomb);
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    const FileFormat *format = FormatRegistry::instance().bySlug(QStringLiteral("fabric-json"));
    QVERIFY(format);
    const ReadResult fabric = format->read(buffer, QStringLiteral("bomb.fabric.json"));
    QVERIFY(!fabric.ok());
    QVERIFY2(fabric.errorText().contains(QLatin1String("nested deeper than 64 levels")), qPrintable(fabric.errorText()));
}

QTEST_GUILESS_MAIN(TestJsonBounds)
#include "tst_jsonbounds.moc"
