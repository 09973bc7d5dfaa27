// AnalysisDock, ReportExporter and the oversubscription colours, on a k = 8
// fat-tree of 100G links: 128 hosts, full bisection k³/8 × 100 = 6,400 Gbit/s.
// Failing one of the 16 core switches removes its 8 links (one per pod); the
// pod-aligned cut (4 pods a side) then crosses 15 × 4 = 60 links: 6,000 Gbit/s.

#include "core/document/fabricdocument.h"
#include "core/generators/presets.h"
#include "views/docks/analysischarts.h"
#include "views/docks/analysisdock.h"
#include "views/analysisrunner.h"
#include "views/canvas/colours.h"
#include "views/canvas/fabriccanvas.h"
#include "views/export/reportexporter.h"

#include <QFile>
#include <QLabel>
#include <QPalette>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>
#include <memory>

using namespace Railyard;

class TestAnalysisDock : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void bisectionFollowsWhatIf();
    void chartImages();
    void exportHtml();
    void exportPdf();
    void exportWithCanvas();
    void exportErrors();
    void formats();
    void oversubscriptionColour_data();
    void oversubscriptionColour();
    void railColours();
    void screenshot();

private:
    void settle();

    std::unique_ptr<FabricDocument> m_document;
    std::unique_ptr<AnalysisRunner> m_runner;
    std::unique_ptr<AnalysisDock> m_dock;
};

void TestAnalysisDock::init()
{
    m_document = std::make_unique<FabricDocument>(generateClos(fatTreeParams(8, 100)));
    m_runner = std::make_unique<AnalysisRunner>();
    m_dock = std::make_unique<AnalysisDock>();
    m_dock->setDocument(m_document.get());
    m_dock->setAnalysisRunner(m_runner.get());
    m_runner->setDocument(m_document.get());
    settle();
}

void TestAnalysisDock::cleanup()
{
    m_dock.reset();
    m_runner.reset();
    m_document.reset();
}

void TestAnalysisDock::settle()
{
    m_runner->waitForFinished();
    QCoreApplication::processEvents();
}

void TestAnalysisDock::bisectionFollowsWhatIf()
{
    QCOMPARE(m_dock->objectName(), QStringLiteral("AnalysisDock"));
    QVERIFY2(m_dock->bisectionText().contains(QLatin1String("6400")), qPrintable(m_dock->bisectionText()));
    auto *value = m_dock->findChild<QLabel *>(QStringLiteral("bisectionValue"));
    QVERIFY(value);
    QVERIFY2(value->text().contains(QLatin1String("Gbit/s")), qPrintable(value->text()));

    m_document->setFailed({"core-0001"}, true);
    settle();
    QVERIFY2(m_dock->bisectionText().contains(QLatin1String("6000")), qPrintable(m_dock->bisectionText()));

    m_document->undoStack()->undo();
    settle();
    QVERIFY2(m_dock->bisectionText().contains(QLatin1String("6400")), qPrintable(m_dock->bisectionText()));
}

void TestAnalysisDock::chartImages()
{
    for (bool whatIf : {false, true}) {
        if (whatIf) {
            m_document->setFailed({"core-0001"}, true);
            settle();
        }
        const QList<QImage> images = m_dock->chartImages(QSize(600, 300));
        QCOMPARE(images.size(), 3);
        for (const QImage &image : images) {
            QVERIFY(!image.isNull());
            QCOMPARE(image.size(), QSize(600, 300));
            // Something was drawn: not a single flat colour.
            const QRgb first = image.pixel(0, 0);
            bool varied = false;
            for (int y = 0; y < image.height() && !varied; y += 7)
                for (int x = 0; x < image.width() && !varied; x += 7)
                    varied = image.pixel(x, y) != first;
            QVERIFY(varied);
        }
    }
}

void TestAnalysisDock::exportHtml()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("report.html"));
    QString error;
    QVERIFY2(ReportExporter(m_document.get(), m_runner.get(), nullptr).write(path, &error),
             qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(file.readAll());
    QVERIFY(html.contains(QLatin1String("6400")) || html.contains(QLatin1String("6,400")));
    QVERIFY(html.contains(QLatin1String("<img")));
    QVERIFY(html.contains(QLatin1String("data:image/png;base64,")));
    QVERIFY(!html.contains(QLatin1String("What-if")));

    // Under a what-if the report shows before → after.
    m_document->setFailed({"core-0001"}, true);
    settle();
    const QString whatIf = ReportExporter(m_document.get(), m_runner.get(), nullptr).html();
    QVERIFY(whatIf.contains(QLatin1String("What-if")));
    QVERIFY(whatIf.contains(QLatin1String("core-0001")));
    QVERIFY(whatIf.contains(QLatin1String("6000")) || whatIf.contains(QLatin1String("6,000")));
}

void TestAnalysisDock::exportPdf()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QString error;
    QVERIFY2(ReportExporter(m_document.get(), m_runner.get(), nullptr).write(path, &error),
             qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.read(4) == "%PDF");
    QVERIFY(file.size() > 10000); // text and three chart images
}

void TestAnalysisDock::exportWithCanvas()
{
    FabricCanvas canvas;
    canvas.setDocument(m_document.get());
    canvas.setAnalysisRunner(m_runner.get());
    canvas.resize(800, 500);
    const QString html = ReportExporter(m_document.get(), m_runner.get(), &canvas).html();
    QCOMPARE(html.count(QLatin1String("<img")), 4); // three charts and the canvas
    if (const QString dir = qEnvironmentVariable("RAILYARD_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QString error;
        QVERIFY2(ReportExporter(m_document.get(), m_runner.get(), &canvas)
                     .write(QDir(dir).filePath(QStringLiteral("report.pdf")), &error),
                 qPrintable(error));
    }
    if (const QString path = qEnvironmentVariable("RAILYARD_SCREENSHOT"); !path.isEmpty()) {
        QFile file(QString(path).replace(QLatin1String(".png"), QLatin1String("-canvas.html")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(html.toUtf8());
    }
}

void TestAnalysisDock::exportErrors()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ReportExporter exporter(m_document.get(), m_runner.get(), nullptr);
    QString error;
    const QString missing = dir.filePath(QStringLiteral("no/such/dir/report.html"));
    QVERIFY(!exporter.write(missing, &error));
    QVERIFY2(error.contains(QLatin1String("report.html")), qPrintable(error));
    error.clear();
    QVERIFY(!exporter.write(dir.filePath(QStringLiteral("report.txt")), &error));
    QVERIFY2(error.contains(QLatin1String("report.txt")), qPrintable(error));
}

void TestAnalysisDock::formats()
{
    const QLocale previous;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCOMPARE(AnalysisCharts::capacityText(6400), QStringLiteral("6,400 Gbit/s"));
    QCOMPARE(AnalysisCharts::capacityText(10000), QStringLiteral("10,000 Gbit/s"));
    QCOMPARE(AnalysisCharts::capacityText(12800), QStringLiteral("12.8 Tbit/s"));
    QCOMPARE(AnalysisCharts::exactGbpsText(6400), QStringLiteral("6400 Gbit/s"));
    QCOMPARE(AnalysisCharts::exactGbpsText(812.5), QStringLiteral("812.5 Gbit/s"));
    QCOMPARE(AnalysisCharts::ratioText(3.0), QStringLiteral("3:1"));
    QCOMPARE(AnalysisCharts::ratioText(1.0 / 0.75), QStringLiteral("1.33:1"));
    QCOMPARE(AnalysisCharts::ratioText(std::nan("")), QStringLiteral("—"));
    QCOMPARE(AnalysisCharts::bisectionRatioText(1.0), QStringLiteral("100 % (1:1)"));
    QCOMPARE(AnalysisCharts::bisectionRatioText(6000.0 / 6400.0), QStringLiteral("93.75 % (1:1.07)"));
    QLocale::setDefault(previous);
}

void TestAnalysisDock::oversubscriptionColour_data()
{
    QTest::addColumn<double>("ratio");
    QTest::addColumn<QString>("band");
    const double inf = std::numeric_limits<double>::infinity();
    QTest::newRow("0.5 undersubscribed") << 0.5 << "green";
    QTest::newRow("1:1") << 1.0 << "green";
    QTest::newRow("just above 1:1") << 1.001 << "yellow";
    QTest::newRow("2:1") << 2.0 << "yellow";
    QTest::newRow("3:1") << 3.0 << "orange";
    QTest::newRow("4:1") << 4.0 << "orange";
    QTest::newRow("just above 4:1") << 4.001 << "red";
    QTest::newRow("15:1") << 15.0 << "red";
    QTest::newRow("no uplink") << inf << "red";
    QTest::newRow("top tier") << std::nan("") << "steel blue";
}

void TestAnalysisDock::oversubscriptionColour()
{
    QFETCH(double, ratio);
    QFETCH(QString, band);
    const QColor colour = Railyard::oversubscriptionColour(ratio);
    QVERIFY(colour.isValid());
    const int hue = colour.hslHue();
    if (band == QLatin1String("steel blue")) {
        // Top tier: a muted blue, apart from every oversubscription band.
        QVERIFY2(hue >= 195 && hue <= 225, qPrintable(QString::number(hue)));
        QVERIFY(colour.hslSaturation() < 140);
        return;
    }
    QVERIFY(colour.hslSaturation() > 100);
    if (band == QLatin1String("green"))
        QVERIFY2(hue >= 90 && hue <= 150, qPrintable(QString::number(hue)));
    else if (band == QLatin1String("yellow"))
        QVERIFY2(hue >= 42 && hue <= 65, qPrintable(QString::number(hue)));
    else if (band == QLatin1String("orange"))
        QVERIFY2(hue >= 20 && hue < 42, qPrintable(QString::number(hue)));
    else
        QVERIFY2(hue <= 10 || hue >= 350, qPrintable(QString::number(hue)));
}

void TestAnalysisDock::railColours()
{
    for (int rail = 0; rail < 8; ++rail) {
        for (int other = rail + 1; other < 8; ++other)
            QVERIFY(railColour(rail) != railColour(other));
        QCOMPARE(railColour(rail + 8), railColour(rail));
        // Mid lightness: readable on white and on near-black backgrounds.
        QVERIFY(railColour(rail).lightness() > 60 && railColour(rail).lightness() < 200);
    }
    QCOMPARE(railColour(-1), railColour(7));
    QVERIFY(failedColour().isValid() && cutColour().isValid() && failedColour() != cutColour());
}

void TestAnalysisDock::screenshot()
{
    // Set RAILYARD_SCREENSHOT=/tmp/analysisdock.png to look at the dock with
    // a failure; next to it go a "-dark" twin with a dark palette, the chart
    // images ("-chart1.png" …) and the report (.html, .pdf).
    const QString path = qEnvironmentVariable("RAILYARD_SCREENSHOT");
    if (path.isEmpty())
        QSKIP("RAILYARD_SCREENSHOT not set");
    m_document->setFailed({"core-0001"}, true);
    settle();
    m_dock->resize(440, 1500);
    m_dock->show();
    QCoreApplication::processEvents();
    QVERIFY(m_dock->grab().save(path));
    const QList<QImage> charts = m_dock->chartImages(QSize(900, 420));
    for (int i = 0; i < charts.size(); ++i) {
        QString chartPath = path;
        QVERIFY(charts[i].save(chartPath.insert(chartPath.lastIndexOf(QLatin1Char('.')), QStringLiteral("-chart%1").arg(i + 1))));
    }

    // The report under the what-if, next to the screenshot.
    for (const char *suffix : {".html", ".pdf"}) {
        QString reportPath = path;
        reportPath.replace(reportPath.lastIndexOf(QLatin1Char('.')), 4, QLatin1String(suffix));
        QString error;
        QVERIFY2(ReportExporter(m_document.get(), m_runner.get(), nullptr).write(reportPath, &error),
                 qPrintable(error));
    }

    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
    dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    dark.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    dark.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
    m_dock->setPalette(dark);
    QCoreApplication::processEvents();
    QString darkPath = path;
    darkPath.insert(darkPath.lastIndexOf(QLatin1Char('.')), QLatin1String("-dark"));
    QVERIFY(m_dock->grab().save(darkPath));
}

QTEST_MAIN(TestAnalysisDock)
#include "tst_analysisdock.moc"
