// Multi-host NVLink domains in the desktop, on samples/gb200-nvl72.fabric.json
// (8 GB200 NVL72 racks, each one 72-GPU domain): the canvas outlines every
// rack's domain where the hosts are drawn one by one (the outline where the
// hosts' bounding box says, in the domain colour, a label below) and draws
// none at the aggregate levels; the Properties dock shows a tray's domain,
// and in Edit mode the selection editor moves trays to another domain in one
// undo step. With RAILYARD_SCREENSHOT_DIR set, the window is saved there as
// gb200-nvl72-domains.png (docs/images).

#include "core/document/fabricdocument.h"
#include "views/analysisrunner.h"
#include "views/canvas/colours.h"
#include "views/canvas/fabriccanvas.h"
#include "views/docks/propertiesdock.h"
#include "views/editactions.h"
#include "views/mainwindow.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QtTest>

using namespace Railyard;

namespace {

const QString kSample = QStringLiteral(RAILYARD_SAMPLES "/gb200-nvl72.fabric.json");

bool near(QRgb pixel, const QColor &colour, int tolerance)
{
    return std::abs(qRed(pixel) - colour.red()) <= tolerance && std::abs(qGreen(pixel) - colour.green()) <= tolerance
        && std::abs(qBlue(pixel) - colour.blue()) <= tolerance;
}

QColor domainColour(const QWidget &canvas)
{
    return nvlinkDomainColour(canvas.palette().color(QPalette::Window).lightness() < 128);
}

/// Pixels of the canvas in the domain colour.
int domainPixels(const QImage &image, const QColor &colour)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            count += near(image.pixel(x, y), colour, 10);
    return count;
}

/// The widget rectangle of a domain's hosts.
QRectF hostsBox(const FabricCanvas &canvas, const Fabric &f, const NvlinkDomain &domain)
{
    QRectF box;
    for (const std::int32_t h : domain.hosts) {
        const QRectF r = canvas.layout()->nodeRect(f.hostNode(h));
        const QRectF w(canvas.mapFromScene(r.topLeft()), canvas.mapFromScene(r.bottomRight()));
        box = box.isNull() ? w : box.united(w);
    }
    return box;
}

QLabel *labelStartingWith(const QWidget &parent, const QString &text)
{
    for (QLabel *label : parent.findChildren<QLabel *>())
        if (label->text().startsWith(text))
            return label;
    return nullptr;
}

} // namespace

class TestNvlinkDomains : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void canvasOutlinesDomains();
    void propertiesShowAndEditDomains();

private:
    void open(MainWindow &window);
};

void TestNvlinkDomains::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("RailyardTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_nvlinkdomains"));
}

void TestNvlinkDomains::open(MainWindow &window)
{
    window.setInteractive(false);
    window.resize(1600, 1000);
    window.show();
    QVERIFY(window.openFile(kSample));
    window.analysisRunner()->waitForFinished();
    QCoreApplication::processEvents();
}

void TestNvlinkDomains::canvasOutlinesDomains()
{
    MainWindow window;
    open(window);
    if (QTest::currentTestFailed())
        return;
    FabricCanvas *canvas = window.canvas();
    const Fabric &f = window.document()->fabric();
    const std::vector<NvlinkDomain> domains = f.nvlinkDomains();
    QCOMPARE(domains.size(), size_t(8));
    canvas->fitToView();
    QCoreApplication::processEvents();
    QCOMPARE(canvas->detail(), FabricCanvas::Detail::Elements);
    const QColor colour = domainColour(*canvas);
    const QImage image = canvas->grab().toImage();
    QCOMPARE(image.size(), canvas->size()); // one image pixel per widget pixel

    // Each domain's outline runs just outside its hosts' box: found left of
    // the box, and nowhere inside the gap to the neighbouring rack's.
    for (const NvlinkDomain &d : domains) {
        const QRectF box = hostsBox(*canvas, f, d);
        QVERIFY2(image.rect().contains(box.toRect()), d.name.c_str());
        const int y = int(box.center().y());
        bool outline = false; // antialiased: the line's own colour blends into the pixels it crosses
        for (int x = int(box.left()) - 8; x < int(box.left()); ++x)
            outline = outline || near(image.pixel(x, y), colour, 48);
        QVERIFY2(outline, d.name.c_str());
        // The label below the hosts, in the domain colour.
        int label = 0;
        for (int yy = int(box.bottom()) + 3; yy < int(box.bottom()) + 40 && yy < image.height(); ++yy)
            for (int x = int(box.left()) - 4; x < int(box.right()) + 4; ++x)
                label += near(image.pixel(x, yy), colour, 24);
        QVERIFY2(label > 20, d.name.c_str());
    }

    // Without domains nothing is drawn in their colour.
    FabricDocument *doc = window.document();
    std::vector<std::string> trays;
    for (const Host &h : f.hosts())
        trays.push_back(h.id);
    PropertyEdit none;
    none.nvlinkDomain = "";
    QVERIFY(doc->setProperties(trays, none));
    QCoreApplication::processEvents();
    QCOMPARE(domainPixels(canvas->grab().toImage(), colour), 0);
    doc->undoStack()->undo();
    QCoreApplication::processEvents();
    QVERIFY(domainPixels(canvas->grab().toImage(), colour) > 1000);

    // Zoomed out to racks the outlines go: aggregate levels draw groups only.
    canvas->setZoom(0.4);
    QCoreApplication::processEvents();
    QVERIFY(canvas->detail() != FabricCanvas::Detail::Elements);
    QCOMPARE(domainPixels(canvas->grab().toImage(), colour), 0);

    const QByteArray dir = qgetenv("RAILYARD_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        // The whole 576-GPU fabric zoomed so the trays show their 4 GPUs and the
        // labels their domain names, without the bottom docks; one tray
        // selected, its domain in the Properties dock.
        for (QDockWidget *dock : window.findChildren<QDockWidget *>())
            if (window.dockWidgetArea(dock) == Qt::BottomDockWidgetArea)
                dock->hide();
        QCoreApplication::processEvents();
        canvas->fitToView();
        const QRectF hosts = canvas->layout()->levels()[0].groups.front().rect;
        canvas->setLegendAtTop(true);
        canvas->setZoom(2.3, QPointF(hosts.center().x(), hosts.bottom() + 20)); // the labels stay in view
        doc->setSelection({"tray019"});
        if (auto *properties = window.findChild<PropertiesDock *>())
            properties->raise();
        QTest::qWait(100);
        QCoreApplication::processEvents();
        QVERIFY(
            window.grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("gb200-nvl72-domains.png"))));
    }
}

void TestNvlinkDomains::propertiesShowAndEditDomains()
{
    MainWindow window;
    open(window);
    if (QTest::currentTestFailed())
        return;
    FabricDocument *doc = window.document();
    auto *properties = window.findChild<PropertiesDock *>();
    QVERIFY(properties);
    properties->raise();
    doc->setSelection({"tray001"});
    QTRY_VERIFY(labelStartingWith(*properties, QStringLiteral("nvl-0001 ")));
    QCOMPARE(labelStartingWith(*properties, QStringLiteral("nvl-0001 "))->text(),
             QStringLiteral("nvl-0001 · 18 hosts · 72 GPUs"));

    // Edit mode: the selection editor shows the common domain, or "mixed".
    window.editActions()->editModeAction()->setChecked(true);
    auto *domain = properties->findChild<QLineEdit *>(QStringLiteral("BulkNvlinkDomain"));
    auto *apply = properties->findChild<QPushButton *>(QStringLiteral("BulkApply"));
    QVERIFY(domain && apply);
    QTRY_COMPARE(domain->text(), QStringLiteral("nvl-0001"));
    doc->setSelection({"tray018", "tray019"});
    QTRY_COMPARE(domain->placeholderText(), QStringLiteral("mixed"));
    QVERIFY(domain->text().isEmpty());
    QVERIFY(!apply->isEnabled());

    // Both trays into a new domain: one undo step.
    const int steps = doc->undoStack()->count();
    domain->setFocus();
    QTest::keyClicks(domain, QStringLiteral("nvl-0009"));
    QVERIFY(apply->isEnabled());
    QTest::mouseClick(apply, Qt::LeftButton);
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    const Fabric &f = doc->fabric();
    QCOMPARE(f.host(f.findNode("tray018")).nvlinkDomain, std::string("nvl-0009"));
    QCOMPARE(f.host(f.findNode("tray019")).nvlinkDomain, std::string("nvl-0009"));
    QCOMPARE(f.nvlinkDomains().size(), size_t(9));
    doc->setSelection({"tray018"});
    QTRY_VERIFY(labelStartingWith(*properties, QStringLiteral("nvl-0009 ")));
    QCOMPARE(labelStartingWith(*properties, QStringLiteral("nvl-0009 "))->text(),
             QStringLiteral("nvl-0009 · 2 hosts · 8 GPUs"));

    // A name that is not id-like is refused; the trays keep their domain.
    domain->setFocus();
    domain->selectAll();
    QTest::keyClicks(domain, QStringLiteral("rack 9"));
    QTest::mouseClick(apply, Qt::LeftButton);
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QCOMPARE(f.host(f.findNode("tray018")).nvlinkDomain, std::string("nvl-0009"));

    doc->undoStack()->undo();
    QCOMPARE(f.host(f.findNode("tray018")).nvlinkDomain, std::string("nvl-0001"));
    QCOMPARE(f.host(f.findNode("tray019")).nvlinkDomain, std::string("nvl-0002"));
}

QTEST_MAIN(TestNvlinkDomains)
#include "tst_nvlinkdomains.moc"
