// Import detection (docs/cli.md, "Import detection"): the format of a file
// comes from its first lines, the extension only a hint, so an ibnetdiscover
// dump saved as fabric.topo opens in the GUI and the CLI alike.

#include "core/registry/formatregistry.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Railyard;

class TestFormatDetection : public QObject
{
    Q_OBJECT

private:
    /// Copies a test data file to `name` in the temporary folder.
    QString copyAs(const QString &data, const QString &name)
    {
        const QString path = m_dir.filePath(name);
        QFile::remove(path);
        if (!QFile::copy(QStringLiteral(RAILYARD_TEST_DATA "/") + data, path))
            return {};
        return path;
    }
    QString write(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(bytes);
        return path;
    }
    QTemporaryDir m_dir;

private slots:
    void byContent_data()
    {
        QTest::addColumn<QString>("data");
        QTest::addColumn<QString>("slug");
        QTest::newRow("ibnetdiscover from ibsim") << "ibnetdiscover/ibsim-2sw4hca.ibnetdiscover" << "ibnetdiscover";
        QTest::newRow("ibnetdiscover with tool noise") << "ibnetdiscover/untidy.ibnetdiscover" << "ibnetdiscover";
        QTest::newRow("ibnetdiscover -p") << "ibnetdiscover/ibsim-2sw4hca-ports.ibnetdiscover" << "ibnetdiscover";
        QTest::newRow("iblinkinfo") << "iblinkinfo/ibsim-2sw4hca.iblinkinfo" << "iblinkinfo";
        QTest::newRow("iblinkinfo --line") << "iblinkinfo/degraded-lines.iblinkinfo" << "iblinkinfo";
        QTest::newRow("graphml") << "graphml-foreign/networkx.graphml" << "graphml";
        QTest::newRow("fabric json") << "../../samples/lab-2rack.fabric.json" << "fabric-json";
        QTest::newRow("lldp json") << "lldp/gpu001.lldp.json" << "lldp";
        QTest::newRow("lldp keyvalue") << "lldp/leaf-r1.lldp.txt" << "lldp";
        QTest::newRow("netbox page") << "netbox/entries.netbox.json" << "netbox";
        QTest::newRow("netbox pages") << "netbox/cables-only.netbox.json" << "netbox";
        QTest::newRow("nccl topology") << "nccltopo/dgx-h100.nccl.xml" << "nccl-topo";
        QTest::newRow("dot with comments") << "dot/lab.dot" << "dot";
        QTest::newRow("cabling csv") << "cablingcsv/malformed.csv" << "cabling-csv";
    }

    /// Every format's real files are told by their content under a name that
    /// says nothing.
    void byContent()
    {
        QFETCH(QString, data);
        QFETCH(QString, slug);
        const QString path = copyAs(data, QStringLiteral("fabric.dump"));
        QVERIFY2(!path.isEmpty(), qPrintable(data));
        const FormatRegistry::Detection found = FormatRegistry::instance().detectFile(path);
        QVERIFY2(found.format, qPrintable(data));
        QCOMPARE(found.format->slug(), slug);
        QVERIFY(found.byContent);
        QCOMPARE(found.candidates.size(), size_t(1));
    }

    void topoDumpOpens()
    {
        const QString path = copyAs(QStringLiteral("ibnetdiscover/ibsim-2sw4hca.ibnetdiscover"),
                                    QStringLiteral("fabric.topo"));
        const ReadResult read = FormatRegistry::instance().readFile(path);
        QVERIFY2(read.ok(), qPrintable(read.errorText()));
        QCOMPARE(read.fabric->hostCount(), 4);
        QCOMPARE(read.fabric->switchCount(), 2);
    }

    /// The content wins over a misleading extension, and says so.
    void contentOverridesExtension()
    {
        const QString path = copyAs(QStringLiteral("ibnetdiscover/ibsim-2sw4hca.ibnetdiscover"),
                                    QStringLiteral("mislabelled.graphml"));
        const FormatRegistry::Detection found = FormatRegistry::instance().detectFile(path);
        QVERIFY(found.format);
        QCOMPARE(found.format->slug(), QStringLiteral("ibnetdiscover"));
        QVERIFY(found.extensionFormat);
        QCOMPARE(found.extensionFormat->slug(), QStringLiteral("graphml"));
    }

    /// No signature in the content: the extension decides; neither: an error
    /// naming the file.
    void extensionFallback()
    {
        // A dump that starts mid-node has no header line to recognize.
        const QString named = copyAs(QStringLiteral("ibnetdiscover/portfirst.ibnetdiscover"),
                                     QStringLiteral("partial.ibnetdiscover"));
        FormatRegistry::Detection found = FormatRegistry::instance().detectFile(named);
        QVERIFY(found.format);
        QCOMPARE(found.format->slug(), QStringLiteral("ibnetdiscover"));
        QVERIFY(!found.byContent);

        const QString unnamed = copyAs(QStringLiteral("ibnetdiscover/portfirst.ibnetdiscover"),
                                       QStringLiteral("partial.txt"));
        found = FormatRegistry::instance().detectFile(unnamed);
        QVERIFY(!found.format);
        QVERIFY(found.candidates.empty());
        const ReadResult read = FormatRegistry::instance().readFile(unnamed);
        QVERIFY(!read.ok());
        QVERIFY2(read.errorText().startsWith(unnamed + QStringLiteral(": cannot tell the format")),
                 qPrintable(read.errorText()));
    }

    /// Content carrying two formats' signatures: the extension picks among
    /// them; without a telling extension the reader refuses and lists both.
    void ambiguous()
    {
        const QByteArray both = "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
                                "<!-- exported with {\"format\": \"railyard-fabric\"} -->\n<graph/></graphml>\n";
        const QString hinted = write(QStringLiteral("both.graphml"), both);
        FormatRegistry::Detection found = FormatRegistry::instance().detectFile(hinted);
        QCOMPARE(found.candidates.size(), size_t(2));
        QVERIFY(found.format);
        QCOMPARE(found.format->slug(), QStringLiteral("graphml"));

        const QString bare = write(QStringLiteral("both.txt"), both);
        found = FormatRegistry::instance().detectFile(bare);
        QVERIFY(!found.format);
        QCOMPARE(found.candidates.size(), size_t(2));
        const ReadResult read = FormatRegistry::instance().readFile(bare);
        QVERIFY2(read.errorText().contains(QStringLiteral("fits several formats (fabric-json, graphml)")),
                 qPrintable(read.errorText()));
    }

    /// Text without any signature is claimed by no format.
    void noFalsePositives()
    {
        for (const QByteArray &text : {QByteArray("shopping list\nmilk\n"), QByteArray("{\"name\": \"x\"}\n"),
                                       QByteArray("a,b,c\n1,2,3\n"), QByteArray("<html><body/></html>"),
                                       QByteArray()}) {
            for (const auto &format : FormatRegistry::instance().formats())
                QVERIFY2(format->recognize(text) == FileFormat::Recognition::No,
                         qPrintable(format->slug() + QStringLiteral(" claims ") + QString::fromUtf8(text)));
        }
    }

#ifdef RAILYARD_CLI
    /// The CLI reads the same way when --from is absent, and names the
    /// formats when it cannot choose.
    void cliConvertWithoutFrom()
    {
        const QString topo = copyAs(QStringLiteral("ibnetdiscover/ibsim-2sw4hca.ibnetdiscover"),
                                    QStringLiteral("cli.topo"));
        QProcess cli;
        cli.start(QStringLiteral(RAILYARD_CLI),
                  {QStringLiteral("convert"), topo, m_dir.filePath(QStringLiteral("cli.fabric.json"))});
        QVERIFY(cli.waitForFinished(60000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("cli.fabric.json"))));

        const QString bare = write(QStringLiteral("cli-both.txt"),
                                   "<graphml>\n<!-- \"format\": \"railyard-fabric\" -->\n</graphml>\n");
        cli.start(QStringLiteral(RAILYARD_CLI),
                  {QStringLiteral("convert"), bare, m_dir.filePath(QStringLiteral("x.fabric.json"))});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 2);
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("fits several formats (fabric-json, graphml)")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("--from")), qPrintable(err));
    }
#endif
};

QTEST_GUILESS_MAIN(TestFormatDetection)
#include "tst_formatdetection.moc"
