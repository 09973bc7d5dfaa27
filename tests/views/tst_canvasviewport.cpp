// The canvas's scene-to-pixel map: rows keep their height, the gaps between
// them are compressed so every tier stays on screen at every zoom, and the
// map inverts exactly.

#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "core/layout/fabriclayout.h"
#include "views/canvas/canvasviewport.h"

#include <QtTest>

using namespace Railyard;

class TestCanvasViewport : public QObject
{
    Q_OBJECT

private:
    Fabric m_fabric;
    FabricLayout m_layout;
    const QSizeF m_size{1200, 700};

    CanvasViewport viewport() const
    {
        CanvasViewport v;
        v.setLayout(m_layout);
        v.setSize(m_size);
        v.fit();
        return v;
    }
    /// Screen y of the top of each row, top row first.
    std::vector<double> rowTops(const CanvasViewport &v) const
    {
        std::vector<double> tops;
        for (int r = m_layout.rowCount() - 1; r >= 1; --r)
            tops.push_back(v.toWidget(QPointF(0, m_layout.rowY(r))).y());
        tops.push_back(v.toWidget(QPointF(0, 0)).y());
        return tops;
    }

private slots:
    void initTestCase()
    {
        // 16,384 GPUs, three switch tiers: rows thousands of scene units apart.
        ClosParams params = railOptimizedParams(2048);
        m_fabric = generateClos(params);
        m_layout = FabricLayout::compute(m_fabric);
        QVERIFY(m_layout.rowCount() >= 4);
        QVERIFY(m_layout.rowY(1) - m_layout.rowY(2) > 1000); // a large gap to compress
    }

    void fitShowsEverythingWithAMargin()
    {
        const CanvasViewport v = viewport();
        const QRectF b = m_layout.bounds();
        const QPointF tl = v.toWidget(b.topLeft()), br = v.toWidget(b.bottomRight());
        QVERIFY2(tl.x() >= v.margin() - 0.5 && br.x() <= m_size.width() - v.margin() + 0.5,
                 qPrintable(QStringLiteral("x %1..%2").arg(tl.x()).arg(br.x())));
        QVERIFY2(tl.y() >= v.margin() - 0.5 && br.y() <= m_size.height() - v.margin() + 0.5,
                 qPrintable(QStringLiteral("y %1..%2").arg(tl.y()).arg(br.y())));
    }

    void everyTierStaysOnScreenAtEveryZoom()
    {
        CanvasViewport v = viewport();
        const QPointF anchor = m_layout.nodeCenter(m_fabric.findNode("spine-0003"));
        for (const double zoom : {0.02, 0.05, 0.15, 0.3, 0.6, 1.5, 4.0}) {
            v.setZoom(zoom, anchor);
            QCOMPARE(v.zoom(), zoom);
            const std::vector<double> tops = rowTops(v);
            for (size_t i = 0; i < tops.size(); ++i) {
                QVERIFY2(tops[i] >= 0 && tops[i] <= m_size.height(),
                         qPrintable(QStringLiteral("zoom %1: row %2 at y %3").arg(zoom).arg(i).arg(tops[i])));
                if (i > 0) // rows in order, never closer than a legible gap
                    QVERIFY(tops[i] - tops[i - 1] >= 40 - 1e-9);
            }
            // Inside a row, a scene unit is zoom pixels tall.
            const double y0 = v.toWidget(QPointF(0, 0)).y(), y8 = v.toWidget(QPointF(0, FabricLayout::hostHeight)).y();
            QVERIFY(qAbs((y8 - y0) - FabricLayout::hostHeight * zoom) < 1e-9);
        }
    }

    void mapInvertsExactly()
    {
        CanvasViewport v = viewport();
        v.setZoom(0.3, m_layout.bounds().center());
        const QRectF b = m_layout.bounds();
        for (int i = 0; i <= 20; ++i) {
            const QPointF scene(b.left() + b.width() * i / 20.0, b.top() + b.height() * ((i * 7) % 21) / 20.0);
            const QPointF back = v.toScene(v.toWidget(scene));
            QVERIFY2(qAbs(back.x() - scene.x()) < 1e-6 && qAbs(back.y() - scene.y()) < 1e-6,
                     qPrintable(QStringLiteral("(%1, %2)").arg(scene.x()).arg(scene.y())));
        }
        // Monotonic: a lower scene point is lower on screen.
        double last = -1e300;
        for (double y = b.top() - 50; y <= b.bottom() + 50; y += b.height() / 500) {
            const double w = v.toWidget(QPointF(0, y)).y();
            QVERIFY(w > last);
            last = w;
        }
    }

    void zoomKeepsTheAnchorUnderTheCursor()
    {
        CanvasViewport v = viewport();
        v.setZoom(0.3, m_layout.bounds().center());
        const QPointF anchor = v.toScene(QPointF(500, 300));
        const QPointF before = v.toWidget(anchor);
        v.setZoom(0.3 * 1.2, anchor);
        const QPointF after = v.toWidget(anchor);
        QVERIFY2(qAbs(after.x() - before.x()) < 1e-6, qPrintable(QString::number(after.x() - before.x())));
        QVERIFY2(qAbs(after.y() - before.y()) < 1.0, qPrintable(QString::number(after.y() - before.y())));
    }

    void panStopsAtTheFabricsEdge()
    {
        CanvasViewport v = viewport();
        v.setZoom(1.0, m_layout.bounds().center());
        v.pan(QPointF(1e7, 0)); // far to the right: the fabric's left edge stops at the margin
        QCOMPARE(v.toWidget(m_layout.bounds().topLeft()).x(), v.margin());
        v.pan(QPointF(-1e8, 0));
        QCOMPARE(v.toWidget(m_layout.bounds().bottomRight()).x(), m_size.width() - v.margin());
    }

    void exportScalesTheSamePicture()
    {
        CanvasViewport v = viewport();
        v.setZoom(0.3, m_layout.bounds().center());
        const CanvasViewport big = v.showing(v.visibleSceneRect(), m_size * 2);
        for (const QPointF &s : {m_layout.nodeCenter(0), m_layout.nodeCenter(m_fabric.findNode("spine-0003"))})
            QVERIFY((big.toWidget(s) - v.toWidget(s) * 2).manhattanLength() < 1e-6);
    }
};

QTEST_GUILESS_MAIN(TestCanvasViewport)
#include "tst_canvasviewport.moc"
