#include "views/fabriccanvas.h"

#include "core/document/fabricdocument.h"
#include "views/analysisrunner.h"
#include "views/colours.h"

#include <QContextMenuEvent>
#include <QGestureEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QMenu>
#include <QNativeGestureEvent>
#include <QPainter>
#include <QPinchGesture>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace Railyard {

namespace {

constexpr double kMinZoom = 1e-4;
constexpr double kMaxZoom = 40.0;

QString gbpsText(double gbps)
{
    const QLocale locale;
    if (gbps >= 1e6)
        return FabricCanvas::tr("%1 Pbit/s").arg(locale.toString(gbps / 1e6, 'f', 2));
    if (gbps >= 1e4)
        return FabricCanvas::tr("%1 Tbit/s").arg(locale.toString(gbps / 1e3, 'f', 1));
    return FabricCanvas::tr("%1 Gbit/s").arg(locale.toString(gbps, 'f', 0));
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

/// Distance from p to the segment ab.
double segmentDistance(const QPointF &p, const QPointF &a, const QPointF &b)
{
    const QPointF ab = b - a;
    const double len2 = ab.x() * ab.x() + ab.y() * ab.y();
    double t = len2 > 0 ? ((p.x() - a.x()) * ab.x() + (p.y() - a.y()) * ab.y()) / len2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    const QPointF d = p - (a + t * ab);
    return std::sqrt(d.x() * d.x() + d.y() * d.y());
}

/// Clips a segment to a rectangle (Liang–Barsky). False when nothing is left.
/// Long lines to far-away switches are cut to the view before stroking, which
/// keeps wide and antialiased pens cheap.
bool clipLine(QLineF &line, const QRectF &rect)
{
    double t0 = 0.0, t1 = 1.0;
    const double dx = line.dx(), dy = line.dy();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {line.x1() - rect.left(), rect.right() - line.x1(), line.y1() - rect.top(), rect.bottom() - line.y1()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0.0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    line = QLineF(line.pointAt(t0), line.pointAt(t1));
    return true;
}

} // namespace

/// One paint pass: the state derived once per frame, and the drawing routines.
struct FabricCanvas::Painter
{
    const FabricCanvas &canvas;
    QPainter &p;
    const Fabric &fabric;
    const FabricLayout &layout;
    QRectF source; ///< visible scene rectangle
    QRectF target; ///< where it lands on the device
    double zoom;
    const AnalysisReport *report;
    const std::vector<char> &cut;    ///< per link: in the bisection cut
    const std::vector<char> &failed; ///< per link: carries nothing in the what-if
    bool dark;

    Painter(const FabricCanvas &c, QPainter &painter, const QRectF &src, const QRectF &tgt)
        : canvas(c)
        , p(painter)
        , fabric(c.m_document->fabric())
        , layout(*c.m_layout)
        , source(src)
        , target(tgt)
        , zoom(tgt.width() / src.width())
        , report(c.m_runner ? c.m_runner->current() : nullptr)
        , cut((c.updateOverlays(), c.m_linkInCut))
        , failed(c.m_linkFailed)
        , dark(isDark(c.palette()))
    {
    }

    bool heat() const { return !canvas.m_heat.empty(); }
    double linkHeat(std::int32_t l) const
    {
        return static_cast<size_t>(l) < canvas.m_heat.size() ? canvas.m_heat[static_cast<size_t>(l)] : 0.0;
    }
    /// Lines by heat band, drawn in increasing heat so hot links stay on top.
    void drawHeat(std::vector<std::vector<QLineF>> &bands, double width)
    {
        for (int b = 0; b < heatBands; ++b) {
            p.setPen(QPen(heatColour(b), width + (b >= 3 ? 1.0 : 0.0)));
            drawLines(std::move(bands[static_cast<size_t>(b)]));
        }
    }

    QPointF map(const QPointF &s) const { return target.topLeft() + (s - source.topLeft()) * zoom; }
    QRectF map(const QRectF &r) const { return QRectF(map(r.topLeft()), r.size() * zoom); }

    QColor switchColour(std::int32_t s) const
    {
        if (canvas.m_document->isSwitchFailed(s))
            return failedColour();
        if (canvas.m_colourByOversubscription && report && static_cast<size_t>(s) < report->oversubscription.perSwitch.size())
            return oversubscriptionColour(report->oversubscription.perSwitch[static_cast<size_t>(s)].ratio);
        return dark ? QColor(110, 130, 160) : QColor(150, 170, 200);
    }
    /// Failed links: the failed colour, lightened on dark backgrounds.
    QColor failedLine() const { return dark ? QColor(235, 235, 235) : failedColour(); }
    QColor highlightHostColour() const { return QColor(0, 170, 200); }
    QColor hostFill() const { return dark ? QColor(60, 66, 78) : QColor(232, 236, 242); }
    QColor lineColour() const { return dark ? QColor(150, 160, 175, 150) : QColor(90, 100, 120, 140); }
    QColor textColour() const { return canvas.palette().color(QPalette::Text); }

    void fillBackground() { p.fillRect(target, canvas.palette().color(QPalette::Base)); }

    /// Anchor of a link end on a box: the top edge for the lower end, the bottom edge for the upper.
    static QPointF topCenter(const QRectF &r) { return {r.center().x(), r.top()}; }
    static QPointF bottomCenter(const QRectF &r) { return {r.center().x(), r.bottom()}; }

    /// Draws a batch of lines clipped to the target.
    void drawLines(std::vector<QLineF> lines)
    {
        const QRectF clip = target.adjusted(-4, -4, 4, 4);
        size_t kept = 0;
        for (QLineF &l : lines)
            if (clipLine(l, clip))
                lines[kept++] = l;
        p.drawLines(lines.data(), static_cast<int>(kept));
    }

    void drawBuckets(const std::vector<QLineF> &normal, const std::vector<QLineF> &hot,
                     const std::vector<QLineF> &down, double width)
    {
        p.setPen(QPen(lineColour(), width));
        drawLines(normal);
        p.setPen(QPen(cutColour(), width + 1.5));
        drawLines(hot);
        p.setPen(QPen(failedLine(), width + 0.5, Qt::DashLine));
        drawLines(down);
    }

    // --- Aggregate levels -------------------------------------------------
    /// A group's box on the device, with a minimum legible size.
    QRectF groupBox(const LayoutGroup &g) const
    {
        QRectF r = map(g.rect);
        const double minH = g.row == 0 ? 16.0 : 12.0;
        if (r.height() < minH)
            r.adjust(0, -(minH - r.height()) / 2, 0, (minH - r.height()) / 2);
        if (r.width() < 4)
            r.adjust(-(4 - r.width()) / 2, 0, (4 - r.width()) / 2, 0);
        return r;
    }

    void drawLevel(const LayoutLevel &level)
    {
        const QRectF view = target.adjusted(-2, -2, 2, 2);
        // Zoomed out, rows (hosts, leaves, ...) can fall within a few pixels
        // of each other; push each row up so boxes never overlap the row below.
        std::vector<double> rowShift(static_cast<size_t>(layout.rowCount()), 0.0);
        double below = map(QPointF(0, 0)).y() - 8.0; // top of the host boxes (min height 16)
        for (int r = 1; r < layout.rowCount(); ++r) {
            const double y = map(QPointF(0, layout.rowY(r))).y() + 5.0; // box center
            const double wanted = std::min(y, below - 34.0);
            rowShift[static_cast<size_t>(r)] = wanted - y;
            below = wanted - 6.0;
        }
        std::vector<QRectF> boxes(level.groups.size());
        for (size_t i = 0; i < level.groups.size(); ++i)
            boxes[i] = groupBox(level.groups[i]).translated(0, rowShift[static_cast<size_t>(level.groups[i].row)]);

        std::vector<QLineF> normal, hot, down;
        std::vector<std::vector<QLineF>> heatBandsLines(heatBands);
        struct Label
        {
            QPointF at;
            QString text;
        };
        std::vector<Label> labels;
        // Cull in scene units on the precomputed segments first (rows may be
        // shifted by up to ~40 px per row, hence the vertical margin).
        const auto &segments = canvas.m_segments[static_cast<size_t>(&level - layout.levels().data())];
        const double marginY = (40.0 * layout.rowCount() + 20.0) / zoom, marginX = 10.0 / zoom;
        const float left = static_cast<float>(source.left() - marginX), right = static_cast<float>(source.right() + marginX);
        const float top = static_cast<float>(source.top() - marginY), bottom = static_cast<float>(source.bottom() + marginY);
        for (const Segment &seg : segments) {
            if (std::min(seg.x1, seg.x2) > right || std::max(seg.x1, seg.x2) < left || std::min(seg.y1, seg.y2) > bottom
                || std::max(seg.y1, seg.y2) < top)
                continue;
            const LayoutBundle &b = level.bundles[static_cast<size_t>(seg.bundle)];
            const auto &ga = level.groups[static_cast<size_t>(b.groupA)];
            const auto &gb = level.groups[static_cast<size_t>(b.groupB)];
            const bool aLower = ga.row <= gb.row;
            const QRectF &lo = boxes[static_cast<size_t>(aLower ? b.groupA : b.groupB)];
            const QRectF &hi = boxes[static_cast<size_t>(aLower ? b.groupB : b.groupA)];
            const QLineF line(topCenter(lo), bottomCenter(hi));
            if (!QRectF(line.p1(), line.p2()).normalized().adjusted(-1, -1, 1, 1).intersects(view))
                continue;
            int failedCount = 0;
            bool inCut = false;
            double hottest = 0.0;
            for (const auto l : b.links) {
                failedCount += failed[static_cast<size_t>(l)];
                inCut = inCut || cut[static_cast<size_t>(l)];
                if (heat())
                    hottest = std::max(hottest, linkHeat(l));
            }
            if (failedCount == static_cast<int>(b.links.size()))
                down.push_back(line);
            else if (heat())
                heatBandsLines[static_cast<size_t>(heatBand(hottest))].push_back(line);
            else if (inCut)
                hot.push_back(line);
            else
                normal.push_back(line);
            if (failedCount > 0 && failedCount < static_cast<int>(b.links.size()))
                down.push_back(line); // partly failed: dashed over the normal line
            if (line.length() > 90)
                labels.push_back({line.pointAt(0.5), tr("%n link(s) · %1", nullptr, static_cast<int>(b.links.size())).arg(gbpsText(b.gbps))});
        }
        drawBuckets(normal, hot, down, 1.0);
        drawHeat(heatBandsLines, 1.0);

        // Groups.
        QFont small = canvas.font();
        small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.85));
        p.setFont(small);
        const QFontMetricsF fm(small);
        for (size_t i = 0; i < level.groups.size(); ++i) {
            const LayoutGroup &g = level.groups[i];
            const QRectF &box = boxes[i];
            if (!box.intersects(view))
                continue;
            QColor fill = hostFill();
            int failedSwitches = 0, switches = 0;
            double worst = std::numeric_limits<double>::quiet_NaN();
            if (g.row > 0) {
                for (const NodeIndex n : g.members) {
                    const auto s = fabric.switchIndexOf(n);
                    ++switches;
                    failedSwitches += canvas.m_document->isSwitchFailed(s) ? 1 : 0;
                    if (report && static_cast<size_t>(s) < report->oversubscription.perSwitch.size()) {
                        const double r = report->oversubscription.perSwitch[static_cast<size_t>(s)].ratio;
                        if (!std::isnan(r) && (std::isnan(worst) || r > worst))
                            worst = r;
                    }
                }
                fill = failedSwitches == switches ? failedColour()
                       : canvas.m_colourByOversubscription && report ? oversubscriptionColour(worst)
                                                                      : switchColour(fabric.switchIndexOf(g.members.front()));
            }
            bool selected = false, highlighted = false;
            for (const NodeIndex n : g.members) {
                if (canvas.m_selectedNodes[static_cast<size_t>(n)])
                    selected = true;
                if (static_cast<size_t>(n) < canvas.m_highlightedHosts.size() && canvas.m_highlightedHosts[static_cast<size_t>(n)])
                    highlighted = true;
            }
            p.setPen(QPen(selected ? canvas.palette().color(QPalette::Highlight)
                                   : (failedSwitches ? failedColour() : lineColour().darker(130)),
                          selected || failedSwitches ? 2.0 : 1.0));
            p.setBrush(fill);
            p.drawRoundedRect(box, 3, 3);
            if (highlighted) {
                p.setPen(QPen(highlightHostColour(), 2.5));
                p.setBrush(Qt::NoBrush);
                p.drawRoundedRect(box.adjusted(-2, -2, 2, 2), 4, 4);
            }
            // Labels inside when there is room, above otherwise for switch groups.
            QString text = QString::fromStdString(g.label);
            QString sub = g.row == 0 ? tr("%1 hosts · %2 GPUs").arg(g.members.size()).arg(g.gpus)
                                     : tr("%1 switches").arg(switches);
            if (failedSwitches)
                sub += tr(" · %1 failed").arg(failedSwitches);
            p.setPen(g.row == 0 ? textColour() : (fill.lightness() < 110 ? QColor(Qt::white) : QColor(20, 20, 20)));
            if (box.width() >= fm.horizontalAdvance(text) + 6 && box.height() >= fm.height() * 2 + 2) {
                p.drawText(box.adjusted(3, 1, -3, -1), Qt::AlignCenter, text + "\n" + sub);
            } else if (box.width() >= fm.horizontalAdvance(text) + 4 && box.height() >= fm.height()) {
                p.drawText(box, Qt::AlignCenter, text);
            }
        }
        // Bundle labels last, when few enough to read.
        if (labels.size() <= 120) {
            p.setPen(textColour());
            for (const Label &l : labels) {
                const double w = fm.horizontalAdvance(l.text) + 6;
                const QRectF r(l.at.x() - w / 2, l.at.y() - fm.height() / 2, w, fm.height());
                p.fillRect(r, canvas.palette().color(QPalette::Base));
                p.drawText(r, Qt::AlignCenter, l.text);
            }
        }
    }

    // --- Individual elements ----------------------------------------------
    QPointF nicAnchor(NodeIndex host, std::int32_t link) const
    {
        const QRectF r = layout.nodeRect(host);
        const Host &h = fabric.host(host);
        const int ports = static_cast<int>(fabric.incidentLinks(host).size());
        int index = 0;
        const auto incident = fabric.incidentLinks(host);
        for (size_t i = 0; i < incident.size(); ++i)
            if (incident[i] == link)
                index = static_cast<int>(i);
        (void)h;
        const double x = r.left() + (index + 0.5) * r.width() / std::max(1, ports);
        return {x, r.top()};
    }

    int railOf(NodeIndex host, std::int32_t link) const
    {
        const Link &l = fabric.link(link);
        const int port = l.a == host ? l.portA : l.portB;
        const Host &h = fabric.host(host);
        if (port >= 0 && !h.nics.empty()) {
            const int perNic = std::max(1, h.nics.front().ports);
            const size_t nic = static_cast<size_t>(port / perNic);
            if (nic < h.nics.size())
                return h.nics[nic].rail;
        }
        return 0;
    }

    void drawElements()
    {
        const QRectF sceneView = source.adjusted(-20, -20, 20, 20);
        const QRectF view = target.adjusted(-2, -2, 2, 2);
        const std::vector<NodeIndex> visible = layout.nodesIn(sceneView);

        // Host links: of visible hosts, and of visible switches toward hosts.
        std::vector<std::vector<QLineF>> byRail(8);
        std::vector<QLineF> hot, down, selectedLines;
        std::vector<std::vector<QLineF>> heatLines(heatBands);
        std::vector<char> drawn(static_cast<size_t>(fabric.linkCount()), 0);
        auto hostLink = [&](NodeIndex host, std::int32_t l) {
            if (drawn[static_cast<size_t>(l)])
                return;
            drawn[static_cast<size_t>(l)] = 1;
            const NodeIndex other = fabric.otherEnd(l, host);
            const QLineF line(map(nicAnchor(host, l)), map(bottomCenter(layout.nodeRect(other))));
            if (canvas.m_selectedLinks[static_cast<size_t>(l)])
                selectedLines.push_back(line);
            if (failed[static_cast<size_t>(l)])
                down.push_back(line);
            else if (heat())
                heatLines[static_cast<size_t>(heatBand(linkHeat(l)))].push_back(line);
            else if (cut[static_cast<size_t>(l)])
                hot.push_back(line);
            else
                byRail[static_cast<size_t>(railOf(host, l) % 8)].push_back(line);
        };
        for (const NodeIndex n : visible) {
            if (fabric.isHost(n)) {
                for (const auto l : fabric.incidentLinks(n))
                    hostLink(n, l);
            } else {
                for (const auto l : fabric.incidentLinks(n)) {
                    const NodeIndex other = fabric.otherEnd(l, n);
                    if (fabric.isHost(other))
                        hostLink(other, l);
                }
            }
        }
        // Switch-to-switch links: the racks level bundles join individual switches.
        std::vector<QLineF> normal;
        const LayoutLevel &racks = layout.levels()[2];
        const float left = static_cast<float>(source.left() - 20), right = static_cast<float>(source.right() + 20);
        const float top = static_cast<float>(source.top() - 20), bottom = static_cast<float>(source.bottom() + 20);
        for (const Segment &seg : canvas.m_segments[2]) {
            if (std::min(seg.x1, seg.x2) > right || std::max(seg.x1, seg.x2) < left || std::min(seg.y1, seg.y2) > bottom
                || std::max(seg.y1, seg.y2) < top)
                continue;
            const LayoutBundle &b = racks.bundles[static_cast<size_t>(seg.bundle)];
            const auto &ga = racks.groups[static_cast<size_t>(b.groupA)];
            const auto &gb = racks.groups[static_cast<size_t>(b.groupB)];
            if (ga.row == 0 || gb.row == 0)
                continue;
            const QLineF line(map(QPointF(seg.x1, seg.y1)), map(QPointF(seg.x2, seg.y2)));
            if (!QRectF(line.p1(), line.p2()).normalized().adjusted(-1, -1, 1, 1).intersects(view))
                continue;
            bool anyFailed = false, allFailed = true, inCut = false, selected = false;
            double hottest = 0.0;
            for (const auto l : b.links) {
                anyFailed = anyFailed || failed[static_cast<size_t>(l)];
                allFailed = allFailed && failed[static_cast<size_t>(l)];
                inCut = inCut || cut[static_cast<size_t>(l)];
                selected = selected || canvas.m_selectedLinks[static_cast<size_t>(l)];
                if (heat())
                    hottest = std::max(hottest, linkHeat(l));
            }
            if (selected)
                selectedLines.push_back(line);
            if (allFailed)
                down.push_back(line);
            else if (heat())
                heatLines[static_cast<size_t>(heatBand(hottest))].push_back(line);
            else if (inCut)
                hot.push_back(line);
            else
                normal.push_back(line);
            if (anyFailed && !allFailed)
                down.push_back(line);
        }
        // Cosmetic 1-pixel pens take Qt's fast stroker; wide antialiased pens cost
        // ~10x more per line, so only highlights are drawn wider.
        const double width = 1.0;
        p.setPen(QPen(lineColour(), width));
        drawLines(std::move(normal));
        for (size_t r = 0; r < byRail.size(); ++r) {
            QColor c = railColour(static_cast<int>(r));
            c.setAlpha(200);
            p.setPen(QPen(c, width));
            drawLines(std::move(byRail[r]));
        }
        drawBuckets({}, hot, down, width);
        drawHeat(heatLines, width);
        p.setPen(QPen(canvas.palette().color(QPalette::Highlight), width + 2.5));
        drawLines(std::move(selectedLines));

        // Nodes.
        QFont small = canvas.font();
        small.setPointSizeF(std::clamp(zoom * 2.0, 6.0, 9.0));
        p.setFont(small);
        const QFontMetricsF fm(small);
        const QColor highlight = canvas.palette().color(QPalette::Highlight);
        for (const NodeIndex n : visible) {
            const QRectF r = map(layout.nodeRect(n));
            const bool selected = canvas.m_selectedNodes[static_cast<size_t>(n)];
            if (fabric.isHost(n)) {
                const Host &h = fabric.host(n);
                bool hostDown = !fabric.incidentLinks(n).empty();
                for (const auto l : fabric.incidentLinks(n))
                    hostDown = hostDown && failed[static_cast<size_t>(l)];
                p.setPen(QPen(selected ? highlight : (hostDown ? failedLine() : lineColour().darker(140)), selected ? 2.5 : 1.0));
                p.setBrush(hostFill());
                p.drawRect(r);
                if (static_cast<size_t>(n) < canvas.m_highlightedHosts.size() && canvas.m_highlightedHosts[static_cast<size_t>(n)]) {
                    p.setPen(QPen(highlightHostColour(), 2.5));
                    p.setBrush(Qt::NoBrush);
                    p.drawRect(r.adjusted(-2, -2, 2, 2));
                }
                // GPUs as cells when the host is large enough.
                if (r.width() >= 28 && h.gpus > 0) {
                    const int cols = std::min(h.gpus, 8);
                    const int rowsN = (h.gpus + cols - 1) / cols;
                    const double cw = (r.width() - 4) / cols, ch = (r.height() - 4) / rowsN;
                    p.setPen(Qt::NoPen);
                    p.setBrush(dark ? QColor(118, 185, 0) : QColor(96, 160, 0));
                    for (int g = 0; g < h.gpus; ++g)
                        p.drawRect(QRectF(r.left() + 2 + (g % cols) * cw + 0.5, r.top() + 2 + (g / cols) * ch + 0.5,
                                          std::max(1.0, cw - 1), std::max(1.0, ch - 1)));
                }
                // NIC markers on the top edge.
                if (r.width() >= 20) {
                    p.setPen(Qt::NoPen);
                    for (const auto l : fabric.incidentLinks(n)) {
                        const QPointF a = map(nicAnchor(n, l));
                        p.setBrush(failed[static_cast<size_t>(l)] ? failedColour() : railColour(railOf(n, l)));
                        p.drawRect(QRectF(a.x() - 1.5, a.y() - 1.5, 3, 3));
                    }
                }
                // The host id inside the box once there is room beside the GPUs.
                if (r.height() >= 30 && r.width() >= fm.horizontalAdvance(QString::fromStdString(h.id)) + 4) {
                    p.setPen(textColour());
                    p.fillRect(QRectF(r.left() + 1, r.bottom() - fm.height() - 1, r.width() - 2, fm.height()), hostFill());
                    p.drawText(QRectF(r.left(), r.bottom() - fm.height() - 1, r.width(), fm.height()), Qt::AlignCenter,
                               QString::fromStdString(h.id));
                }
                // The rack's name over its column, at the first (top) host of the rack.
                if (layout.nodeRect(n).top() < 0.5 && !h.location.rack.empty()) {
                    const QString rack = QString::fromStdString(h.location.rack);
                    if (fm.horizontalAdvance(rack) + 6 <= FabricLayout::rackPitch * zoom) {
                        p.setPen(textColour());
                        p.drawText(QPointF(r.left(), r.top() - 4 - (r.width() >= 20 ? 2 : 0)), rack);
                    }
                }
            } else {
                const auto s = fabric.switchIndexOf(n);
                const Switch &sw = fabric.switchAt(s);
                p.setPen(QPen(selected ? highlight : lineColour().darker(160), selected ? 2.5 : 1.0));
                p.setBrush(switchColour(s));
                p.drawRoundedRect(r, 2, 2);
                if (canvas.m_document->isSwitchFailed(s)) {
                    p.setPen(QPen(Qt::white, 1.5));
                    p.drawLine(r.topLeft(), r.bottomRight());
                    p.drawLine(r.topRight(), r.bottomLeft());
                }
                // The id above the box when it fits the switch's slot.
                const QString id = QString::fromStdString(sw.id);
                const double w = fm.horizontalAdvance(id);
                if (w <= r.width() * 1.2 + 2) {
                    p.setPen(textColour());
                    p.drawText(QPointF(r.center().x() - w / 2, r.top() - 3), id);
                }
            }
        }
    }

    struct LegendEntry
    {
        QColor colour;
        QString text;
    };

    /// A legend box in the bottom-left (or bottom-right) corner of the target.
    void drawLegendBox(const QString &title, const std::vector<LegendEntry> &entries, bool right)
    {
        QFont small = canvas.font();
        small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.85));
        p.setFont(small);
        const QFontMetricsF fm(small);
        double w = fm.horizontalAdvance(title);
        for (const LegendEntry &e : entries)
            w = std::max(w, fm.horizontalAdvance(e.text) + 18);
        const double h = fm.height() * (1 + static_cast<double>(entries.size())) + 8;
        const QRectF box(right ? target.right() - w - 20 : target.left() + 8, target.bottom() - h - 8, w + 12, h);
        QColor bg = canvas.palette().color(QPalette::Base);
        bg.setAlpha(225);
        p.setPen(QPen(lineColour(), 1));
        p.setBrush(bg);
        p.drawRoundedRect(box, 4, 4);
        p.setPen(textColour());
        double y = box.top() + 4;
        p.drawText(QPointF(box.left() + 6, y + fm.ascent()), title);
        y += fm.height();
        for (const LegendEntry &e : entries) {
            p.setPen(Qt::NoPen);
            p.setBrush(e.colour);
            p.drawRect(QRectF(box.left() + 6, y + 2, 10, fm.height() - 4));
            p.setPen(textColour());
            p.drawText(QPointF(box.left() + 22, y + fm.ascent()), e.text);
            y += fm.height();
        }
    }

    void drawLegend()
    {
        if (heat()) {
            std::vector<LegendEntry> bands;
            for (int b = heatBands - 1; b >= 0; --b)
                bands.push_back({heatColour(b), QString::fromUtf8(heatBandLabel(b))});
            drawLegendBox(canvas.m_heatTitle.isEmpty() ? tr("Link utilization") : canvas.m_heatTitle, bands, true);
        }
        if (!canvas.m_colourByOversubscription)
            return;
        drawLegendBox(tr("Switch oversubscription (down : up)"),
                      {
                          {oversubscriptionColour(1.0), tr("≤ 1:1")},
                          {oversubscriptionColour(2.0), tr("≤ 2:1")},
                          {oversubscriptionColour(4.0), tr("≤ 4:1")},
                          {oversubscriptionColour(5.0), tr("> 4:1")},
                          {oversubscriptionColour(std::numeric_limits<double>::quiet_NaN()), tr("top tier")},
                          {failedColour(), tr("failed")},
                          {cutColour(), tr("bisection cut")},
                      },
                      false);
    }
};

FabricCanvas::FabricCanvas(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("FabricCanvas"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(200, 150);
    grabGesture(Qt::PinchGesture);
}

FabricCanvas::~FabricCanvas() = default;

void FabricCanvas::setDocument(FabricDocument *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_layout.reset();
    m_overlaysDirty = true;
    m_heat.clear();
    m_highlightedHosts.clear();
    if (m_document) {
        connect(m_document, &FabricDocument::changed, this, [this](FabricDocument::Change change) {
            if (change == FabricDocument::Change::Structure)
                rebuildLayout();
            m_overlaysDirty = true;
            update();
        });
        connect(m_document, &FabricDocument::selectionChanged, this, &FabricCanvas::onSelectionChanged);
        connect(m_document, &QObject::destroyed, this, [this] {
            m_document = nullptr;
            m_layout.reset();
            update();
        });
        rebuildLayout();
        m_fitPending = true;
        fitToView();
    }
    update();
}

void FabricCanvas::setAnalysisRunner(AnalysisRunner *runner)
{
    if (m_runner)
        disconnect(m_runner, nullptr, this, nullptr);
    m_runner = runner;
    if (m_runner)
        connect(m_runner, &AnalysisRunner::finished, this, [this] {
            m_overlaysDirty = true;
            update();
        });
    m_overlaysDirty = true;
    update();
}

void FabricCanvas::rebuildLayout()
{
    m_layout = std::make_unique<FabricLayout>(FabricLayout::compute(m_document->fabric()));
    // Scene-space segments of every bundle: lower group's top center to the
    // upper group's bottom center, for fast culling when painting.
    m_segments.assign(m_layout->levels().size(), {});
    for (size_t level = 0; level < m_layout->levels().size(); ++level) {
        const LayoutLevel &lv = m_layout->levels()[level];
        auto &out = m_segments[level];
        out.reserve(lv.bundles.size());
        for (size_t i = 0; i < lv.bundles.size(); ++i) {
            const LayoutBundle &b = lv.bundles[i];
            const auto &ga = lv.groups[static_cast<size_t>(b.groupA)];
            const auto &gb = lv.groups[static_cast<size_t>(b.groupB)];
            const QRectF &lo = (ga.row <= gb.row ? ga : gb).rect;
            const QRectF &hi = (ga.row <= gb.row ? gb : ga).rect;
            out.push_back({static_cast<float>(lo.center().x()), static_cast<float>(lo.top()),
                           static_cast<float>(hi.center().x()), static_cast<float>(hi.bottom()),
                           static_cast<std::int32_t>(i)});
        }
    }
    onSelectionChanged();
}

void FabricCanvas::onSelectionChanged()
{
    if (!m_document)
        return;
    const Fabric &f = m_document->fabric();
    m_selectedNodes.assign(static_cast<size_t>(f.nodeCount()), 0);
    m_selectedLinks.assign(static_cast<size_t>(f.linkCount()), 0);
    for (const std::string &id : m_document->selection()) {
        if (const NodeIndex n = f.findNode(id); n >= 0)
            m_selectedNodes[static_cast<size_t>(n)] = 1;
        else if (const auto l = f.findLink(id); l >= 0)
            m_selectedLinks[static_cast<size_t>(l)] = 1;
    }
    update();
}

void FabricCanvas::updateOverlays() const
{
    if (!m_overlaysDirty || !m_document)
        return;
    const Fabric &fabric = m_document->fabric();
    const FabricDocument &doc = *m_document;
    m_linkFailed.assign(static_cast<size_t>(fabric.linkCount()), 0);
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
        const Link &link = fabric.link(l);
        bool down = link.state == LinkState::Down || doc.isLinkFailed(l);
        if (!down && fabric.isSwitch(link.a))
            down = doc.isSwitchFailed(fabric.switchIndexOf(link.a));
        if (!down && fabric.isSwitch(link.b))
            down = doc.isSwitchFailed(fabric.switchIndexOf(link.b));
        m_linkFailed[static_cast<size_t>(l)] = down ? 1 : 0;
    }
    m_linkInCut.assign(static_cast<size_t>(fabric.linkCount()), 0);
    const AnalysisReport *report = m_runner ? m_runner->current() : nullptr;
    if (report && m_showCut)
        for (const auto l : report->bisection.cutLinks)
            if (l < fabric.linkCount())
                m_linkInCut[static_cast<size_t>(l)] = 1;
    m_overlaysDirty = false;
}

FabricCanvas::Detail FabricCanvas::detail() const
{
    if (FabricLayout::hostWidth * m_zoom >= 10.0)
        return Detail::Elements;
    if (FabricLayout::rackPitch * m_zoom >= 6.0)
        return Detail::Racks;
    // Scalable units once a typical one is wide enough to read.
    if (m_layout) {
        const auto &groups = m_layout->levels()[1].groups;
        std::vector<double> widths;
        for (const auto &g : groups)
            if (g.row == 0)
                widths.push_back(g.rect.width());
        if (!widths.empty()) {
            std::nth_element(widths.begin(), widths.begin() + static_cast<long>(widths.size() / 2), widths.end());
            if (widths[widths.size() / 2] * m_zoom >= 28.0)
                return Detail::ScalableUnits;
        }
    }
    return Detail::Pods;
}

QRectF FabricCanvas::visibleSceneRect() const
{
    return QRectF(m_origin, QSizeF(width() / m_zoom, height() / m_zoom));
}

QPointF FabricCanvas::toScene(const QPointF &widgetPos) const
{
    return m_origin + widgetPos / m_zoom;
}

QPointF FabricCanvas::toWidget(const QPointF &scenePos) const
{
    return (scenePos - m_origin) * m_zoom;
}

void FabricCanvas::render(QPainter *painter, const QRectF &target, const QRectF &sourceRect) const
{
    if (!m_document || !m_layout)
        return;
    QRectF source = sourceRect.isNull() ? m_layout->bounds() : sourceRect;
    // Keep the aspect ratio: grow the source to the target's shape.
    const double sx = target.width() / source.width(), sy = target.height() / source.height();
    const double scale = std::min(sx, sy);
    source = QRectF(source.center() - QPointF(target.width() / scale / 2, target.height() / scale / 2),
                    QSizeF(target.width() / scale, target.height() / scale));
    painter->save();
    painter->setClipRect(target);
    painter->setRenderHint(QPainter::Antialiasing, scale > 0.05);
    painter->setRenderHint(QPainter::TextAntialiasing, true);
    Painter pass(*this, *painter, source, target);
    pass.fillBackground();
    // Level of detail by the target's scale, the same thresholds as on screen.
    const double hostPx = FabricLayout::hostWidth * scale, rackPx = FabricLayout::rackPitch * scale;
    if (hostPx >= 10.0) {
        pass.drawElements();
    } else if (rackPx >= 6.0) {
        pass.drawLevel(m_layout->levels()[2]);
    } else {
        std::vector<double> widths;
        for (const auto &g : m_layout->levels()[1].groups)
            if (g.row == 0)
                widths.push_back(g.rect.width());
        std::sort(widths.begin(), widths.end());
        const bool sus = !widths.empty() && widths[widths.size() / 2] * scale >= 28.0;
        pass.drawLevel(m_layout->levels()[sus ? 1 : 0]);
    }
    pass.drawLegend();
    painter->restore();
}

void FabricCanvas::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    if (!m_document || !m_layout) {
        p.fillRect(rect(), palette().color(QPalette::Base));
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("Open a fabric or create one from a template"));
        return;
    }
    if (m_fitPending)
        fitToView();
    render(&p, QRectF(rect()), visibleSceneRect());
}

void FabricCanvas::resizeEvent(QResizeEvent *)
{
    if (m_fitPending)
        fitToView();
}

void FabricCanvas::setZoom(double zoom, const QPointF &anchorScene)
{
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    const QPointF anchor = std::isnan(anchorScene.x()) ? visibleSceneRect().center() : anchorScene;
    const QPointF anchorWidget = toWidget(anchor);
    m_zoom = zoom;
    m_origin = anchor - anchorWidget / m_zoom;
    m_fitPending = false;
    update();
    emit zoomChanged(m_zoom);
}

void FabricCanvas::zoomIn()
{
    setZoom(m_zoom * 1.25);
}

void FabricCanvas::zoomOut()
{
    setZoom(m_zoom / 1.25);
}

void FabricCanvas::fitToView()
{
    if (!m_layout || width() <= 0 || height() <= 0)
        return;
    const QRectF b = m_layout->bounds();
    m_zoom = std::clamp(std::min(width() / b.width(), height() / b.height()), kMinZoom, kMaxZoom);
    m_origin = b.center() - QPointF(width() / m_zoom / 2, height() / m_zoom / 2);
    m_fitPending = !isVisible(); // fit again once shown at its real size
    update();
    emit zoomChanged(m_zoom);
}

void FabricCanvas::focusElement(const QString &id)
{
    if (!m_document || !m_layout)
        return;
    const Fabric &f = m_document->fabric();
    const std::string key = id.toStdString();
    QPointF center;
    if (const NodeIndex n = f.findNode(key); n >= 0) {
        center = m_layout->nodeCenter(n);
        // A host: show its leaves too (the first switch row sits above the hosts).
        if (f.isHost(n) && m_layout->rowCount() > 1)
            center.setY((center.y() + m_layout->rowY(1)) / 2);
    }
    else if (const auto l = f.findLink(key); l >= 0)
        center = (m_layout->nodeCenter(f.link(l).a) + m_layout->nodeCenter(f.link(l).b)) / 2;
    else
        return;
    m_fitPending = false;
    m_zoom = std::max(m_zoom, 4.0);
    m_origin = center - QPointF(width() / m_zoom / 2, height() / m_zoom / 2);
    update();
    emit zoomChanged(m_zoom);
}

void FabricCanvas::setShowCut(bool show)
{
    m_showCut = show;
    m_overlaysDirty = true;
    update();
}

void FabricCanvas::setLinkHeat(const std::vector<float> &utilization, const QString &title)
{
    m_heat = utilization;
    m_heatTitle = title;
    update();
}

void FabricCanvas::setHighlightedHosts(const std::vector<std::string> &hostIds)
{
    m_highlightedHosts.clear();
    if (m_document && !hostIds.empty()) {
        const Fabric &f = m_document->fabric();
        m_highlightedHosts.assign(static_cast<size_t>(f.nodeCount()), 0);
        for (const std::string &id : hostIds)
            if (const NodeIndex n = f.findNode(id); f.isHost(n))
                m_highlightedHosts[static_cast<size_t>(n)] = 1;
    }
    update();
}

void FabricCanvas::setColourByOversubscription(bool on)
{
    m_colourByOversubscription = on;
    update();
}

QString FabricCanvas::elementAt(const QPoint &pos) const
{
    if (!m_document || !m_layout)
        return {};
    const Fabric &f = m_document->fabric();
    const QPointF scene = toScene(pos);
    const NodeIndex n = m_layout->nodeAt(scene, 3.0 / m_zoom);
    if (n >= 0)
        return QString::fromStdString(f.nodeId(n));
    if (detail() != Detail::Elements)
        return {};
    // Nearest link within 4 pixels, among links of nodes near the point.
    double best = 4.0;
    std::int32_t bestLink = -1;
    const QRectF around(scene.x() - 400, scene.y() - 2000, 800, 4000);
    for (const NodeIndex v : m_layout->nodesIn(around))
        for (const auto l : f.incidentLinks(v)) {
            const Link &link = f.link(l);
            const double d = segmentDistance(QPointF(pos), toWidget(m_layout->nodeCenter(link.a)), toWidget(m_layout->nodeCenter(link.b)));
            if (d < best) {
                best = d;
                bestLink = l;
            }
        }
    return bestLink >= 0 ? QString::fromStdString(f.link(bestLink).id) : QString();
}

void FabricCanvas::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0)
        return;
    setZoom(m_zoom * std::pow(1.2, steps), toScene(event->position()));
    event->accept();
}

void FabricCanvas::mousePressEvent(QMouseEvent *event)
{
    setFocus();
    m_pressPos = event->pos();
    m_pressOrigin = m_origin;
    m_dragging = false;
}

void FabricCanvas::mouseMoveEvent(QMouseEvent *event)
{
    if (!(event->buttons() & (Qt::LeftButton | Qt::MiddleButton)))
        return;
    const QPoint delta = event->pos() - m_pressPos;
    if (!m_dragging && delta.manhattanLength() < 4)
        return;
    m_dragging = true;
    setCursor(Qt::ClosedHandCursor);
    m_origin = m_pressOrigin - QPointF(delta) / m_zoom;
    m_fitPending = false;
    update();
}

void FabricCanvas::mouseReleaseEvent(QMouseEvent *event)
{
    unsetCursor();
    if (m_dragging || event->button() != Qt::LeftButton || !m_document) {
        m_dragging = false;
        return;
    }
    const QString id = elementAt(event->pos());
    std::vector<std::string> selection;
    if (event->modifiers() & Qt::ControlModifier)
        selection = m_document->selection();
    if (!id.isEmpty()) {
        const std::string key = id.toStdString();
        auto it = std::find(selection.begin(), selection.end(), key);
        if (it != selection.end())
            selection.erase(it);
        else
            selection.push_back(key);
    }
    m_document->setSelection(std::move(selection));
}

void FabricCanvas::mouseDoubleClickEvent(QMouseEvent *event)
{
    const QString id = elementAt(event->pos());
    if (!id.isEmpty()) {
        focusElement(id);
        return;
    }
    // Zoom into the group under the cursor.
    setZoom(m_zoom * 3.0, toScene(event->position()));
}

void FabricCanvas::keyPressEvent(QKeyEvent *event)
{
    const double step = 0.125;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomIn(); break;
    case Qt::Key_Minus: zoomOut(); break;
    case Qt::Key_0: fitToView(); break;
    case Qt::Key_Left: m_origin.rx() -= width() * step / m_zoom; update(); break;
    case Qt::Key_Right: m_origin.rx() += width() * step / m_zoom; update(); break;
    case Qt::Key_Up: m_origin.ry() -= height() * step / m_zoom; update(); break;
    case Qt::Key_Down: m_origin.ry() += height() * step / m_zoom; update(); break;
    case Qt::Key_Escape:
        if (m_document)
            m_document->setSelection({});
        break;
    default: QWidget::keyPressEvent(event); return;
    }
    m_fitPending = false;
}

void FabricCanvas::contextMenuEvent(QContextMenuEvent *event)
{
    if (!m_document || !m_layout)
        return;
    const Fabric &f = m_document->fabric();
    QMenu menu(this);
    auto addToggle = [&](const QString &what, const std::vector<std::string> &ids, bool allFailed) {
        if (ids.empty())
            return;
        QAction *a = menu.addAction(allFailed ? tr("Restore %1").arg(what) : tr("Fail %1").arg(what));
        connect(a, &QAction::triggered, this, [this, ids, allFailed] { m_document->setFailed(ids, !allFailed); });
    };
    // What is under the cursor: an element, or (zoomed out) a group.
    QString id = elementAt(event->pos());
    std::vector<NodeIndex> groupMembers;
    QString groupLabel;
    if (id.isEmpty() && detail() != Detail::Elements) {
        const int level = detail() == Detail::Racks ? 2 : detail() == Detail::ScalableUnits ? 1 : 0;
        const QPointF scene = toScene(event->pos());
        for (const LayoutGroup &g : m_layout->levels()[static_cast<size_t>(level)].groups) {
            QRectF r = g.rect;
            const double minH = 16.0 / m_zoom;
            if (r.height() < minH)
                r.adjust(0, -(minH - r.height()) / 2, 0, (minH - r.height()) / 2);
            if (r.contains(scene)) {
                groupMembers = g.members;
                groupLabel = QString::fromStdString(g.label);
                break;
            }
        }
    }
    auto linkFailed = [&](std::int32_t l) { return m_document->isLinkFailed(l); };
    // Elements of a location (rack or pod): its switches and the links of its hosts.
    auto locationIds = [&](bool rack, const std::string &value, bool *allFailed) {
        std::vector<std::string> ids;
        *allFailed = true;
        for (std::int32_t s = 0; s < f.switchCount(); ++s) {
            const Location &loc = f.switchAt(s).location;
            if ((rack ? loc.rack : loc.pod) == value) {
                ids.push_back(f.switchAt(s).id);
                *allFailed = *allFailed && m_document->isSwitchFailed(s);
            }
        }
        for (std::int32_t h = 0; h < f.hostCount(); ++h) {
            const Location &loc = f.host(h).location;
            if ((rack ? loc.rack : loc.pod) == value)
                for (const auto l : f.incidentLinks(h)) {
                    ids.push_back(f.link(l).id);
                    *allFailed = *allFailed && linkFailed(l);
                }
        }
        return ids;
    };

    if (!id.isEmpty()) {
        const std::string key = id.toStdString();
        const NodeIndex n = f.findNode(key);
        Location loc;
        if (f.isSwitch(n)) {
            addToggle(tr("switch %1").arg(id), {key}, m_document->isSwitchFailed(f.switchIndexOf(n)));
            loc = f.switchAt(f.switchIndexOf(n)).location;
        } else if (f.isHost(n)) {
            bool all = true;
            for (const auto l : f.incidentLinks(n))
                all = all && linkFailed(l);
            addToggle(tr("links of host %1").arg(id), {key}, all);
            loc = f.host(n).location;
        } else if (const auto l = f.findLink(key); l >= 0) {
            addToggle(tr("link %1").arg(id), {key}, linkFailed(l));
        }
        if (!loc.rack.empty()) {
            bool all = false;
            const auto ids = locationIds(true, loc.rack, &all);
            addToggle(tr("rack %1").arg(QString::fromStdString(loc.rack)), ids, all);
        }
        if (!loc.pod.empty()) {
            bool all = false;
            const auto ids = locationIds(false, loc.pod, &all);
            addToggle(tr("pod %1").arg(QString::fromStdString(loc.pod)), ids, all);
        }
    } else if (!groupMembers.empty()) {
        std::vector<std::string> ids;
        bool all = true;
        for (const NodeIndex n : groupMembers) {
            ids.push_back(f.nodeId(n));
            if (f.isSwitch(n))
                all = all && m_document->isSwitchFailed(f.switchIndexOf(n));
            else
                for (const auto l : f.incidentLinks(n))
                    all = all && linkFailed(l);
        }
        addToggle(tr("%1 (%n elements)", nullptr, static_cast<int>(ids.size())).arg(groupLabel), ids, all);
    }
    if (m_document->hasFailures()) {
        menu.addSeparator();
        QAction *restore = menu.addAction(tr("Restore All"));
        connect(restore, &QAction::triggered, m_document, &FabricDocument::restoreAll);
    }
    if (!menu.isEmpty())
        menu.exec(event->globalPos());
}

bool FabricCanvas::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && m_document && m_layout) {
        auto *help = static_cast<QHelpEvent *>(event);
        const Fabric &f = m_document->fabric();
        const QString id = elementAt(help->pos());
        QString text;
        const std::string key = id.toStdString();
        const NodeIndex n = id.isEmpty() ? -1 : f.findNode(key);
        const AnalysisReport *report = m_runner ? m_runner->current() : nullptr;
        if (f.isHost(n)) {
            const Host &h = f.host(n);
            double injection = 0;
            for (const auto l : f.incidentLinks(n))
                injection += f.link(l).capacityGbps;
            text = tr("<b>%1</b><br>%2 × %3 GPUs, NVLink %4 GB/s per GPU<br>%5 NICs, %6 injection<br>rack %7, %8, %9")
                       .arg(id)
                       .arg(h.gpus)
                       .arg(QString::fromStdString(h.gpuModel).toUpper())
                       .arg(h.nvlinkGBps)
                       .arg(h.nics.size())
                       .arg(gbpsText(injection))
                       .arg(QString::fromStdString(h.location.rack), QString::fromStdString(h.location.su),
                            QString::fromStdString(h.location.pod));
        } else if (f.isSwitch(n)) {
            const auto s = f.switchIndexOf(n);
            const Switch &sw = f.switchAt(s);
            text = tr("<b>%1</b><br>%2, radix %3, %4 links used<br>%5")
                       .arg(id, QString::fromLatin1(tierName(sw.tier)))
                       .arg(sw.radix)
                       .arg(f.incidentLinks(n).size())
                       .arg(QString::fromStdString(sw.model));
            if (report && static_cast<size_t>(s) < report->oversubscription.perSwitch.size()) {
                const auto &o = report->oversubscription.perSwitch[static_cast<size_t>(s)];
                text += tr("<br>down %1, up %2").arg(gbpsText(o.downGbps), gbpsText(o.upGbps));
                if (std::isfinite(o.ratio))
                    text += tr("<br>oversubscription %1:1").arg(QLocale().toString(o.ratio, 'g', 3));
            }
            if (m_document->isSwitchFailed(s))
                text += tr("<br><b>failed (what-if)</b>");
        } else if (const auto l = id.isEmpty() ? -1 : f.findLink(key); l >= 0) {
            const Link &link = f.link(l);
            text = tr("<b>%1</b><br>%2 ↔ %3<br>%4 per direction, %5")
                       .arg(id, QString::fromStdString(f.nodeId(link.a)), QString::fromStdString(f.nodeId(link.b)),
                            gbpsText(link.capacityGbps), QString::fromLatin1(linkStateName(link.state)));
            if (m_document->isLinkFailed(l))
                text += tr("<br><b>failed (what-if)</b>");
        }
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    if (event->type() == QEvent::NativeGesture) {
        auto *g = static_cast<QNativeGestureEvent *>(event);
        if (g->gestureType() == Qt::ZoomNativeGesture) {
            setZoom(m_zoom * (1.0 + g->value()), toScene(g->position()));
            return true;
        }
    }
    if (event->type() == QEvent::Gesture) {
        auto *g = static_cast<QGestureEvent *>(event);
        if (auto *pinch = static_cast<QPinchGesture *>(g->gesture(Qt::PinchGesture))) {
            setZoom(m_zoom * pinch->scaleFactor(), toScene(mapFromGlobal(pinch->centerPoint().toPoint())));
            return true;
        }
    }
    return QWidget::event(event);
}

} // namespace Railyard
