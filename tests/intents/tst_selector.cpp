// Selector globs: the matching rules of docs/intent-format.md, case by case,
// the errors of bad globs, and which strings of a host are matched.

#include "core/intents/selector.h"

#include <QtTest>

using namespace Railyard;

class TestSelector : public QObject
{
    Q_OBJECT

private slots:
    void matches_data();
    void matches();
    void badGlobs_data();
    void badGlobs();
    void hostStrings_data();
    void hostStrings();
    void publicSelector();
};

void TestSelector::matches_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("match");
    const auto row = [](const char *name, const char *p, const char *t, bool m) {
        QTest::newRow(name) << QString::fromLatin1(p) << QString::fromLatin1(t) << m;
    };
    row("literal", "rack-001", "rack-001", true);
    row("literal is whole-string", "rack-001", "rack-0010", false);
    row("literal prefix only", "rack", "rack-001", false);
    row("case-sensitive", "Rack-001", "rack-001", false);
    row("star suffix", "rack-0*", "rack-001", true);
    row("star empty run", "rack-001*", "rack-001", true);
    row("star crosses slash", "zone-02/*", "zone-02/pod-02/su-005/rack-033", true);
    row("star other zone", "zone-02/*", "zone-01/pod-01/su-001/rack-001", false);
    row("star middle", "zone-02/*/su-005/*", "zone-02/pod-02/su-005/rack-033", true);
    row("star middle miss", "zone-02/*/su-005/*", "zone-02/pod-02/su-006/rack-041", false);
    row("two stars backtrack", "*a*b", "xaxxab", true);
    row("two stars miss", "*a*b", "xaxxa", false);
    row("star alone", "*", "", true);
    row("question one char", "gpu00?", "gpu001", true);
    row("question not zero chars", "gpu00?", "gpu00", false);
    row("question not two chars", "gpu0?", "gpu001", false);
    row("question matches slash", "a?b", "a/b", true);
    row("class range in", "gpu00[1-9]", "gpu005", true);
    row("class range low bound", "gpu00[1-9]", "gpu001", true);
    row("class range out", "gpu00[1-9]", "gpu000", false);
    row("class digits", "rack-0[34][0-9]", "rack-047", true);
    row("class digits out", "rack-0[34][0-9]", "rack-051", false);
    row("class letters", "[a-c]x", "bx", true);
    row("class letters out", "[a-c]x", "dx", false);
    row("class list", "r[135]", "r3", true);
    row("class list out", "r[135]", "r2", false);
    row("class negated !", "r[!1]", "r2", true);
    row("class negated ! out", "r[!1]", "r1", false);
    row("class negated ^", "r[^1-3]", "r4", true);
    row("class leading dash literal", "a[-x]", "a-", true);
    row("class trailing dash literal", "a[x-]", "a-", true);
    row("class one char only", "gpu[0-9]", "gpu10", false);
}

void TestSelector::matches()
{
    QFETCH(QString, pattern);
    QFETCH(QString, text);
    QFETCH(bool, match);
    std::string error;
    const auto s = Selector::compile(pattern.toStdString(), &error);
    QVERIFY2(s, error.c_str());
    QCOMPARE(s->matches(text.toStdString()), match);
}

void TestSelector::badGlobs_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << QString() << QStringLiteral("empty selector");
    QTest::newRow("unclosed set") << QStringLiteral("rack-[0-") << QStringLiteral("'[' at character 6 is not closed");
    QTest::newRow("empty set") << QStringLiteral("r[]") << QStringLiteral("empty set '[]' at character 2");
    QTest::newRow("empty negated set") << QStringLiteral("r[!]") << QStringLiteral("empty set");
    QTest::newRow("reversed range") << QStringLiteral("gpu[9-0]")
                                    << QStringLiteral("range '9-0' at character 5 is reversed");
    QTest::newRow("stray bracket") << QStringLiteral("rack]")
                                   << QStringLiteral("']' at character 5 without an opening '['");
    QTest::newRow("escape") << QStringLiteral("rack\\*") << QStringLiteral("escapes are not supported");
    QTest::newRow("space") << QStringLiteral("rack 1")
                           << QStringLiteral("whitespace or control character at character 5");
    QTest::newRow("non-ascii") << QString::fromUtf8("r\xc3\xa9") << QStringLiteral("non-ASCII");
    QTest::newRow("reserved @") << QStringLiteral("@private")
                                << QStringLiteral("the only reserved selector is \"@public\"");
    QTest::newRow("nested [") << QStringLiteral("r[[a]") << QStringLiteral("not allowed in a set");
}

void TestSelector::badGlobs()
{
    QFETCH(QString, pattern);
    QFETCH(QString, message);
    std::string error;
    QVERIFY(!Selector::compile(pattern.toStdString(), &error));
    QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
}

void TestSelector::hostStrings_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("match");
    // Host gpu033 in rack-033 at zone-02/pod-02/su-005/rack-033.
    QTest::newRow("id") << QStringLiteral("gpu033") << true;
    QTest::newRow("id glob") << QStringLiteral("gpu0[3][0-9]") << true;
    QTest::newRow("rack name") << QStringLiteral("rack-033") << true;
    QTest::newRow("rack glob") << QStringLiteral("rack-03?") << true;
    QTest::newRow("path") << QStringLiteral("zone-02/pod-02/su-005/rack-033") << true;
    QTest::newRow("path zone") << QStringLiteral("zone-02/*") << true;
    QTest::newRow("zone name alone is not a string of the host") << QStringLiteral("zone-02") << false;
    QTest::newRow("su name alone") << QStringLiteral("su-005") << false;
    QTest::newRow("other rack") << QStringLiteral("rack-034") << false;
}

void TestSelector::hostStrings()
{
    QFETCH(QString, pattern);
    QFETCH(bool, match);
    Host h;
    h.id = "gpu033";
    h.location = {"zone-02", "pod-02", "su-005", "rack-033"};
    const auto s = Selector::compile(pattern.toStdString(), nullptr);
    QVERIFY(s);
    QCOMPARE(s->matchesHost(h), match);
    QCOMPARE(Selector::locationPath(h.location), std::string("zone-02/pod-02/su-005/rack-033"));
    // Empty parts stay empty in the path.
    QCOMPARE(Selector::locationPath({"lab", "lab-pod", "", "rack-1"}), std::string("lab/lab-pod//rack-1"));
}

void TestSelector::publicSelector()
{
    const auto s = Selector::compile("@public", nullptr);
    QVERIFY(s);
    QVERIFY(s->isPublic());
    Host h;
    h.id = "@public";
    QVERIFY(!s->matchesHost(h));
}

QTEST_GUILESS_MAIN(TestSelector)
#include "tst_selector.moc"
