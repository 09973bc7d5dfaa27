// The .railyard project as a registered fabric format: byte-exact round
// trips of every sample through the registry and railyard-cli convert.

#include "core/registry/formatregistry.h"
#include "core/project/railyardprojectformat.h"
#include "projecttestdata.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Railyard;
using namespace Railyard::ProjectTestData;

class TestProjectFormat : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void registered();
    void sampleRoundTrip_data();
    void sampleRoundTrip();
    void graphmlToProject();
    void deviceRoundTrip();
    void cliConvert();

private:
    QTemporaryDir m_dir;
};

void TestProjectFormat::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestProjectFormat::registered()
{
    const FormatRegistry &registry = FormatRegistry::instance();
    QCOMPARE(registry.formats().front()->slug(), QStringLiteral("fabric-json")); // still the default
    const FileFormat *format = registry.forFileName(QStringLiteral("a/B.RAILYARD"));
    QVERIFY(format);
    QCOMPARE(format, registry.bySlug(QStringLiteral("railyard")));
    QCOMPARE(format->name(), QStringLiteral("Railyard project"));
    QCOMPARE(format->extensions(), QStringList{QStringLiteral("railyard")});
    QVERIFY(format->canRead());
    QVERIFY(format->canWrite());
    QVERIFY(registry.readFilter().contains(QStringLiteral("Railyard project (*.railyard)")));
}

void TestProjectFormat::sampleRoundTrip_data()
{
    QTest::addColumn<QString>("path");
    const QDir samples(QStringLiteral(RAILYARD_SAMPLES));
    for (const QString &name : samples.entryList({QStringLiteral("*.fabric.json")}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(name)) << samples.filePath(name);
}

void TestProjectFormat::sampleRoundTrip()
{
    QFETCH(QString, path);
    const FormatRegistry &registry = FormatRegistry::instance();
    const QString base = QFileInfo(path).fileName().chopped(int(qstrlen(".fabric.json")));
    const QString project = m_dir.filePath(base + QStringLiteral(".railyard"));
    const QString back = m_dir.filePath(base + QStringLiteral("-back.fabric.json"));

    const ReadResult in = registry.readFile(path);
    QVERIFY2(in.ok(), qPrintable(in.errorText()));
    QString error;
    QVERIFY2(registry.writeFile(*in.fabric, project, &error), qPrintable(error));
    const ReadResult mid = registry.readFile(project);
    QVERIFY2(mid.ok(), qPrintable(mid.errorText()));
    QVERIFY2(registry.writeFile(*mid.fabric, back, &error), qPrintable(error));
    // Byte-exact: the same bytes as the fabric-json writer makes of the
    // sample, which for every generated sample are the sample's own bytes
    // (lab-2rack is formatted by hand).
    const QByteArray canonical = fabricBytes(*in.fabric);
    QVERIFY(fileBytes(back) == canonical);
    const bool handFormatted = base == QLatin1String("lab-2rack");
    if (!handFormatted)
        QVERIFY(fileBytes(back) == fileBytes(path));

    // The project is no larger than 1.5x the JSON (only meaningful beyond a few pages).
    const double ratio = double(QFileInfo(project).size()) / double(QFileInfo(path).size());
    qInfo("%s: project %lld bytes, %.2fx the JSON", qPrintable(base), QFileInfo(project).size(), ratio);
    if (QFileInfo(path).size() > 100000)
        QVERIFY2(ratio <= 1.5, qPrintable(QString::number(ratio)));
}

void TestProjectFormat::graphmlToProject()
{
    const FormatRegistry &registry = FormatRegistry::instance();
    const ReadResult in = registry.readFile(QStringLiteral(RAILYARD_SAMPLES "/fat-tree-k4.graphml"));
    QVERIFY2(in.ok(), qPrintable(in.errorText()));
    const QString project = m_dir.filePath(QStringLiteral("k4.railyard"));
    QString error;
    QVERIFY2(registry.writeFile(*in.fabric, project, &error), qPrintable(error));
    const ReadResult back = registry.readFile(project);
    QVERIFY2(back.ok(), qPrintable(back.errorText()));
    QCOMPARE(fabricBytes(*back.fabric), fabricBytes(*in.fabric));
}

void TestProjectFormat::deviceRoundTrip()
{
    // Devices that are not files go through memory (sqlite3_deserialize).
    const Fabric fabric = TestFabrics::lab(true);
    QByteArray bytes;
    QBuffer out(&bytes);
    QVERIFY(out.open(QIODevice::WriteOnly));
    QString error;
    QVERIFY2(RailyardProjectFormat().write(fabric, out, &error), qPrintable(error));
    QVERIFY(bytes.startsWith(QByteArray("SQLite format 3\0", 16)));
    QBuffer in(&bytes);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const ReadResult back = RailyardProjectFormat().read(in, QStringLiteral("mem.railyard"));
    QVERIFY2(back.ok(), qPrintable(back.errorText()));
    QCOMPARE(fabricBytes(*back.fabric), fabricBytes(fabric));

    QByteArray junk("not a project");
    QBuffer bad(&junk);
    QVERIFY(bad.open(QIODevice::ReadOnly));
    const ReadResult refused = RailyardProjectFormat().read(bad, QStringLiteral("mem.railyard"));
    QVERIFY(!refused.ok());
    QCOMPARE(refused.errorText(), QStringLiteral("mem.railyard: not a Railyard project (not an SQLite database)"));
}

void TestProjectFormat::cliConvert()
{
    const QString in = QStringLiteral(RAILYARD_SAMPLES "/superpod-4su.fabric.json");
    const QString project = m_dir.filePath(QStringLiteral("cli.railyard"));
    const QString back = m_dir.filePath(QStringLiteral("cli-back.fabric.json"));
    for (const QStringList &args :
         {QStringList{QStringLiteral("convert"), in, project}, QStringList{QStringLiteral("convert"), project, back}}) {
        QProcess cli;
        cli.start(QStringLiteral(RAILYARD_CLI), args);
        QVERIFY(cli.waitForFinished(60000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        QVERIFY(cli.readAllStandardOutput().contains("(railyard)"));
    }
    QVERIFY(fileBytes(back) == fileBytes(in));

    // A fabric misnamed .railyard is read for its content (docs/cli.md,
    // "Import detection")...
    const QString misnamed = m_dir.filePath(QStringLiteral("misnamed.railyard"));
    QFile::copy(in, misnamed);
    QProcess cli;
    cli.start(QStringLiteral(RAILYARD_CLI), {QStringLiteral("convert"), misnamed, back});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 0);
    // ...but a file that is neither a project nor anything else: exit 1 and a message naming it.
    const QString fake = m_dir.filePath(QStringLiteral("fake.railyard"));
    {
        QFile text(fake);
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("shopping list: milk, eggs\n");
    }
    cli.start(QStringLiteral(RAILYARD_CLI), {QStringLiteral("convert"), fake, back});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 1);
    QVERIFY2(cli.readAllStandardError().contains(
                 (fake + QStringLiteral(": not a Railyard project (not an SQLite database)")).toUtf8()),
             "error message");
}

QTEST_GUILESS_MAIN(TestProjectFormat)
#include "tst_projectformat.moc"
