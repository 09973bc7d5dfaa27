// What messages quote: numbers as users write them (userNumber) and the
// strict parse's refusals (strictjsonparse.h): a key given twice named by
// its pointer, a number beyond a double refused, never thrown past a reader.

#include "core/common/messagetext.h"
#include "core/common/strictjsonparse.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cmath>
#include <limits>

using namespace Railyard;

class TestMessageText : public QObject
{
    Q_OBJECT

private slots:
    void numbersAsWritten_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("1e10") << 1e10 << "1e10";
        QTest::newRow("1e308") << 1e308 << "1e308";
        QTest::newRow("1e-7") << 1e-7 << "1e-7";
        QTest::newRow("2.5") << 2.5 << "2.5";
        QTest::newRow("0.001") << 0.001 << "0.001";
        QTest::newRow("123456789") << 123456789.0 << "123456789";
        QTest::newRow("1/3") << 1.0 / 3.0 << "0.3333333333333333";
        QTest::newRow("-4") << -4.0 << "-4";
        QTest::newRow("inf") << std::numeric_limits<double>::infinity() << "infinity";
    }

    void numbersAsWritten()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(userNumber(value)), text);
        if (std::isfinite(value))
            QCOMPARE(std::stod(userNumber(value)), value); // reads back exactly
    }

    void strictParse()
    {
        using Json = nlohmann::json;
        QCOMPARE(parseJsonRefusingDuplicates<Json>(R"({"a": [1, {"b": 2}], "c": 3})").dump(),
                 std::string(R"({"a":[1,{"b":2}],"c":3})"));
        try {
            parseJsonRefusingDuplicates<Json>(R"({"a": [1, {"b": 2, "b": 3}]})");
            QFAIL("accepted");
        } catch (const DuplicateJsonKey &e) {
            QCOMPARE(e.pointer(), std::string("/a/1/b"));
        }
        QVERIFY_THROWS_EXCEPTION(StrictJsonError, parseJsonRefusingDuplicates<Json>(R"({"x": 1e309})"));
        QVERIFY_THROWS_EXCEPTION(Json::parse_error, parseJsonRefusingDuplicates<Json>(R"({"x": )"));
        // Keys in sibling objects may repeat.
        QCOMPARE(parseJsonRefusingDuplicates<Json>(R"([{"k": 1}, {"k": 2}])").size(), size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestMessageText)
#include "tst_messagetext.moc"
