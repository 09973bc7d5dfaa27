// The fast paths of the fabric-JSON and GraphML readers against the full
// readers: on every input the fast path takes, the full reader must read the
// same fabric with no warning; inputs outside the plain subset are declined
// (and then read, or refused with a message, by the full reader).

#include "core/formats/fabricjson/fabricjsonfast.h"
#include "core/formats/fabricjson/fabricjsonformat.h"
#include "core/formats/fabricjson/fabricjsonreader.h"
#include "core/formats/graphml/graphmlfast.h"
#include "core/formats/graphml/graphmlformat.h"
#include "core/formats/graphml/graphmlreader.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QTest>

using namespace Railyard;

namespace {

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qWarning("cannot open %s", qPrintable(path));
    return f.readAll();
}

QByteArray asJson(const Fabric &fabric)
{
    QByteArray bytes;
    QBuffer out(&bytes);
    out.open(QIODevice::WriteOnly);
    QString error;
    FabricJsonFormat().write(fabric, out, &error);
    return bytes;
}

QByteArray asGraphml(const Fabric &fabric)
{
    QByteArray bytes;
    QBuffer out(&bytes);
    out.open(QIODevice::WriteOnly);
    QString error;
    GraphmlFormat().write(fabric, out, &error);
    return bytes;
}

Fabric sample(const char *name)
{
    QFile f(QStringLiteral(RAILYARD_SAMPLES "/") + QLatin1String(name));
    f.open(QIODevice::ReadOnly);
    return *FabricJsonFormat().read(f, f.fileName()).fabric;
}

QByteArray replaced(QByteArray bytes, const QByteArray &from, const QByteArray &to)
{
    const auto at = bytes.indexOf(from);
    if (at < 0)
        qWarning("fixture text not found: %s", from.constData());
    return bytes.replace(at, from.size(), to);
}

} // namespace

class TestFastPaths : public QObject
{
    Q_OBJECT

private slots:
    void json_data();
    void json();
    void graphml_data();
    void graphml();
};

void TestFastPaths::json_data()
{
    QTest::addColumn<QByteArray>("doc");
    QTest::addColumn<bool>("taken");
    const QDir samples(QStringLiteral(RAILYARD_SAMPLES));
    for (const QString &name : samples.entryList({QStringLiteral("*.fabric.json")}))
        QTest::newRow(qPrintable(name)) << fileBytes(samples.filePath(name)) << true;
    const QByteArray lab = asJson(sample("lab-2rack.fabric.json"));
    const auto row = [&](const char *name, const QByteArray &doc, bool e) { QTest::newRow(name) << doc << e; };
    row("CRLF line ends", QByteArray(lab).replace("\n", "\r\n"), true);
    row("one line", QByteArray(lab).replace("\n", " "), true);
    row("unknown link field", replaced(lab, "\"gbps\":", "\"colour\":\"red\",\"gbps\":"), false);
    row("escaped name", replaced(lab, "\"name\": \"", "\"name\": \"\\u0041"), false);
    row("integral double gpus", replaced(lab, "\"gpus\":8", "\"gpus\":8.0"), false);
    row("negative zero", replaced(lab, "\"nvlink_gbytes_per_s\":450", "\"nvlink_gbytes_per_s\":-0"), true);
    row("exponent", replaced(lab, "\"nvlink_gbytes_per_s\":450", "\"nvlink_gbytes_per_s\":4.5e2"), true);
    row("duplicate key", replaced(lab, "\"gpus\":8", "\"gpus\":8,\"gpus\":4"), false);
    row("trailing text", lab + "x", false);
    row("second document", lab + "{}", false);
    row("tab in a string", replaced(lab, "\"name\": \"", "\"name\": \"\t"), false);
    row("non-ASCII name", replaced(lab, "\"name\": \"", "\"name\": \"\xc3\xa9"), true);
    row("broken UTF-8", replaced(lab, "\"name\": \"", "\"name\": \"\xc3("), false);
    row("overlong UTF-8", replaced(lab, "\"name\": \"", "\"name\": \"\xc0\xaf"), false);
    row("surrogate", replaced(lab, "\"name\": \"", "\"name\": \"\xed\xa0\x80"), false);
    row("duplicate link id", replaced(lab, "\"id\":\"lab-r1-h1-nic1\"", "\"id\":\"lab-r1-h1-nic0\""), false);
    row("link id of a host", replaced(lab, "\"id\":\"lab-r1-h1-nic1\"", "\"id\":\"leaf-1\""), false);
    row("bad port", replaced(lab, "\"port_a\":0", "\"port_a\":65536"), false);
    row("huge number", replaced(lab, "\"nvlink_gbytes_per_s\":450", "\"nvlink_gbytes_per_s\":1e400"), false);
    row("leading zero", replaced(lab, "\"gpus\":8", "\"gpus\":08"), false);
    row("truncated", lab.left(lab.size() / 2), false);
    row("empty", QByteArray(), false);
    row("wrong version", replaced(lab, "\"version\": 1", "\"version\": 2"), false);
    row("NVLink domain", replaced(lab, "\"gpus\":8,", "\"gpus\":8,\"nvlink_domain\":\"nvl-1\","), true);
    row("bad NVLink domain", replaced(lab, "\"gpus\":8,", "\"gpus\":8,\"nvlink_domain\":\"nvl 1\","), false);
}

void TestFastPaths::json()
{
    QFETCH(QByteArray, doc);
    QFETCH(bool, taken);
    const bool expected = taken;
    const std::string_view view(doc.constData(), size_t(doc.size()));
    Fabric fast;
    taken = FabricJsonDetail::readPlain(view, fast);
    QCOMPARE(taken, expected);
    const ReadResult full = FabricJsonReader::readBytes(view, QStringLiteral("mem.fabric.json"), false);
    if (taken) {
        QVERIFY2(full.ok(), qPrintable(full.errorText()));
        QVERIFY(full.warnings.empty());
        QCOMPARE(asJson(fast), asJson(*full.fabric));
    }
    // Whatever the path, reading through the format gives the full reader's answer.
    const ReadResult viaFormat = FabricJsonReader::readBytes(view, QStringLiteral("mem.fabric.json"));
    QCOMPARE(viaFormat.ok(), full.ok());
    QCOMPARE(viaFormat.errorText(), full.errorText());
    QCOMPARE(viaFormat.warnings.size(), full.warnings.size());
    if (full.ok())
        QCOMPARE(asJson(*viaFormat.fabric), asJson(*full.fabric));
}

void TestFastPaths::graphml_data()
{
    QTest::addColumn<QByteArray>("doc");
    QTest::addColumn<bool>("taken");
    const QByteArray superpod = asGraphml(sample("superpod-4su.fabric.json"));
    const QByteArray lab = asGraphml(sample("lab-2rack.fabric.json"));
    const auto row = [&](const char *name, const QByteArray &doc, bool e) { QTest::newRow(name) << doc << e; };
    row("superpod as written", superpod, true);
    row("lab as written", lab, true);
    row("fat-tree sample", fileBytes(QStringLiteral(RAILYARD_SAMPLES "/fat-tree-k4.graphml")), true);
    row("yEd lab", fileBytes(QStringLiteral(RAILYARD_TEST_DATA "/good/lab.graphml")), false);
    row("CRLF line ends", QByteArray(lab).replace("\n", "\r\n"), true);
    row("no declaration", lab.mid(lab.indexOf("<graphml")), true);
    row("comment", replaced(lab, "<graph ", "<!-- drawn by hand -->\n <graph "), true);
    row("comment in a value", replaced(lab, ">host<", ">ho<!-- x -->st<"), false);
    row("CDATA", replaced(lab, ">host<", "><![CDATA[host]]><"), false);
    row("edges without ids", QByteArray(lab).replace(" id=\"lab-r1-h1-nic", " name=\"x"), true);
    row("edge id clash",
        replaced(QByteArray(lab).replace(" id=\"lab-r1-h1-nic0\"", ""), " id=\"lab-r1-h1-nic1\"",
                 " id=\"lab-r1-h1--leaf-1\""),
        true);
    row("non-ASCII value", replaced(lab, ">host<", ">host<"), true);
    row("non-ASCII description", replaced(lab, "Two-rack", "Zwei Racks \xe2\x80\x94"), true);
    row("U+FFFF", replaced(lab, "Two-rack", "\xef\xbf\xbf"), false);
    row("upper-case attr.name", replaced(lab, "attr.name=\"gbps\"", "attr.name=\"GBPS\""), true);
    row("key declared late",
        replaced(replaced(lab, "<key id=\"gbps\" for=\"edge\" attr.name=\"gbps\" attr.type=\"double\"/>", ""),
                 "</graphml>", "<key id=\"gbps\" for=\"edge\" attr.name=\"gbps\" attr.type=\"double\"/>\n</graphml>"),
        true);
    row("default gbps",
        replaced(
            QByteArray(lab).replace("<data key=\"gbps\">400</data>", ""),
            "<key id=\"gbps\" for=\"edge\" attr.name=\"gbps\" attr.type=\"double\"/>",
            "<key id=\"gbps\" for=\"edge\" attr.name=\"gbps\" attr.type=\"double\"><default> 400 </default></key>"),
        true);
    row("entity", replaced(lab, ">host<", ">h&#111;st<"), false);
    row("DOCTYPE", replaced(lab, "<graphml", "<!DOCTYPE graphml>\n<graphml"), false);
    row("XML 1.1", replaced(lab, "version=\"1.0\"", "version=\"1.1\""), false);
    row("foreign element", replaced(lab, "<graph ", "<y:Resources xmlns:y=\"urn:y\"/>\n <graph "), false);
    row("unknown key", replaced(lab, "<graph ", "<key id=\"colour\" for=\"node\" attr.name=\"colour\"/>\n <graph "),
        false);
    row("inner namespace", replaced(lab, "<node id=", "<node xmlns=\"urn:other\" id="), false);
    row("wrong namespace", QByteArray(lab).replace("graphdrawing.org/xmlns\"", "graphdrawing.org/xmlns/\""), false);
    row("unclosed", lab.left(lab.size() - 12), false);
    row("text after the root", lab + "X", false);
    row("attribute with a colon", replaced(lab, "attr.type=", "attr.type:="), false);
    row("schema location",
        replaced(lab, "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"",
                 "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
                 "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
                 "xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns x.xsd\""),
        true);
    row("misspelt declaration", replaced(lab, "encoding=", "encodnaning="), false);
    row("standalone declaration", replaced(lab, "encoding=\"UTF-8\"", "encoding=\"utf-8\" standalone=\"yes\""), true);
    row("mismatched end tag", replaced(lab, "</node>", "</edge>"), false);
    row("unknown node", replaced(lab, "source=\"", "source=\"x"), false);
    row("bad number", replaced(lab, ">400<", ">4OO<"), false);
    const QByteArray gb200 = asGraphml(sample("gb200-nvl72.fabric.json"));
    row("gb200 as written", gb200, true);
    row("bad NVLink domain", replaced(gb200, ">nvl-0001<", ">nvl 0001<"), false);
}

void TestFastPaths::graphml()
{
    QFETCH(QByteArray, doc);
    QFETCH(bool, taken);
    const bool expected = taken;
    Fabric fast;
    taken = GraphmlDetail::readPlain(std::string_view(doc.constData(), size_t(doc.size())), fast);
    QCOMPARE(taken, expected);
    QBuffer fullBuffer(&doc);
    fullBuffer.open(QIODevice::ReadOnly);
    const ReadResult full = readGraphml(fullBuffer, QStringLiteral("mem.graphml"), false);
    if (taken) {
        QVERIFY2(full.ok(), qPrintable(full.errorText()));
        QVERIFY(full.warnings.empty());
        QCOMPARE(asJson(fast), asJson(*full.fabric));
    }
    QBuffer buffer(&doc);
    buffer.open(QIODevice::ReadOnly);
    const ReadResult viaFormat = GraphmlFormat().read(buffer, QStringLiteral("mem.graphml"));
    QCOMPARE(viaFormat.ok(), full.ok());
    QCOMPARE(viaFormat.errorText(), full.errorText());
    QCOMPARE(viaFormat.warnings.size(), full.warnings.size());
    if (full.ok())
        QCOMPARE(asJson(*viaFormat.fabric), asJson(*full.fabric));
}

QTEST_GUILESS_MAIN(TestFastPaths)
#include "tst_fastpaths.moc"
