// The canvas's overview: the whole fabric, small, in the top-right corner,
// with the part in view outlined, and a breadcrumb of where that is. Drawn
// over the widget only (never in exports), while zoomed in past "fit".

#include "core/document/fabricdocument.h"
#include "views/canvas/fabriccanvas.h"

#include <QPainter>

namespace Railyard {

namespace {
constexpr QSize kOverviewSize(220, 84);
constexpr double kOverviewInset = 10.0;

/// The overview's own map: the whole layout fitted to its frame.
CanvasViewport overviewViewport(const CanvasViewport &view)
{
    CanvasViewport ov = view;
    ov.setSize(QSizeF(kOverviewSize), 0.25); // small margins and gaps
    ov.fit();
    return ov;
}
} // namespace

void FabricCanvas::setOverviewShown(bool shown)
{
    m_overviewShown = shown;
    update();
}

QRectF FabricCanvas::overviewFrame() const
{
    if (!m_overviewShown || !m_layout || !m_document || width() < 2 * kOverviewSize.width() + 40)
        return {};
    // Only while part of the fabric is out of view.
    const QRectF bounds = m_layout->bounds(), visible = visibleSceneRect();
    if (visible.contains(bounds))
        return {};
    return QRectF(QPointF(width() - kOverviewSize.width() - kOverviewInset, kOverviewInset), QSizeF(kOverviewSize));
}

bool FabricCanvas::isOverviewAt(const QPoint &pos) const
{
    const QRectF frame = overviewFrame();
    return frame.isValid() && frame.contains(QPointF(pos));
}

void FabricCanvas::moveToOverviewPoint(const QPointF &pos)
{
    const QRectF frame = overviewFrame();
    if (!frame.isValid())
        return;
    const CanvasViewport ov = overviewViewport(m_view);
    const QPointF scene = ov.toScene(pos - frame.topLeft());
    m_view.centerOn(scene);
    m_fitPending = false;
    update();
}

QString FabricCanvas::overviewBreadcrumb() const
{
    if (!overviewFrame().isValid())
        return {};
    // The rack under the middle of the view (the nearest host).
    const QPointF center = toScene(QPointF(width(), height()) / 2);
    const double reach = std::max(FabricLayout::rackPitch, width() / m_view.zoom());
    const Fabric &f = m_document->fabric();
    NodeIndex best = -1;
    double bestDistance = 0.0;
    for (const NodeIndex n :
         m_layout->nodesIn(QRectF(center.x() - reach / 2, 0.0, reach, std::max(1.0, m_layout->hostRowHeight())))) {
        if (!f.isHost(n))
            continue;
        const double d = std::abs(m_layout->nodeCenter(n).x() - center.x());
        if (best < 0 || d < bestDistance) {
            best = n;
            bestDistance = d;
        }
    }
    if (best < 0)
        return {};
    const Location &l = f.host(best).location;
    QStringList parts;
    for (const std::string *part : {&l.zone, &l.pod, &l.su, &l.rack})
        if (!part->empty())
            parts << QString::fromStdString(*part);
    return parts.join(QStringLiteral(" \u203a "));
}

void FabricCanvas::paintOverview(QPainter &p)
{
    const QRectF frame = overviewFrame();
    if (!frame.isValid())
        return;
    const CanvasViewport ov = overviewViewport(m_view);
    const qreal dpr = devicePixelRatioF();
    if (m_overviewStale || m_overviewImage.size() != kOverviewSize * dpr) {
        m_overviewImage = QImage(kOverviewSize * dpr, QImage::Format_ARGB32_Premultiplied);
        m_overviewImage.setDevicePixelRatio(dpr);
        QPainter ip(&m_overviewImage);
        ip.setRenderHint(QPainter::Antialiasing, true);
        paintScene(ip, ov, QRectF(QPointF(0, 0), QSizeF(kOverviewSize)), Detail::Pods, false);
        m_overviewStale = false;
    }
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    const QColor border = palette().color(QPalette::Mid);
    p.setPen(QPen(border, 1.0));
    p.setBrush(palette().color(QPalette::Base));
    p.drawRect(frame.adjusted(-1, -1, 1, 1));
    p.drawImage(frame.topLeft(), m_overviewImage);
    // The part in view.
    const QRectF visible = visibleSceneRect();
    QRectF inView = ov.toWidget(visible).translated(frame.topLeft()).intersected(frame);
    if (inView.width() < 6) // zoomed far in: still a mark to find and drag
        inView.adjust(-(6 - inView.width()) / 2, 0, (6 - inView.width()) / 2, 0);
    QColor highlight = palette().color(QPalette::Highlight);
    p.setPen(QPen(highlight, 2.0));
    highlight.setAlpha(70);
    p.setBrush(highlight);
    p.drawRect(inView);
    // Where that is.
    const QString crumb = overviewBreadcrumb();
    if (!crumb.isEmpty()) {
        QFont small = font();
        small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.85));
        p.setFont(small);
        const QFontMetricsF fm(small);
        const QString text = fm.elidedText(crumb, Qt::ElideLeft, frame.width());
        const double w = fm.horizontalAdvance(text) + 8;
        const QRectF box(frame.right() - w, frame.bottom() + 4, w, fm.height() + 2);
        QColor back = palette().color(QPalette::Base);
        back.setAlpha(230);
        p.setPen(QPen(border, 1.0));
        p.setBrush(back);
        p.drawRoundedRect(box, 3, 3);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(box, Qt::AlignCenter, text);
    }
    p.restore();
}

} // namespace Railyard
