// The paint pass of FabricCanvas: everything drawn on the canvas (and in
// its PNG/SVG/PDF exports) at each level of detail.

#include "core/document/fabricdocument.h"
#include "views/docks/analysischarts.h"
#include "views/analysisrunner.h"
#include "views/canvas/colours.h"
#include "views/canvas/fabriccanvas.h"
#include "views/canvas/healthoverlay.h"
#include "views/canvas/intentdiffoverlay.h"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>

namespace Railyard {

namespace {

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

/// Clips a segment to a rectangle (Liang–Barsky). False when nothing is left.
/// Long lines to far-away switches are cut to the view before stroking, which
/// keeps wide and antialiased pens cheap.
bool clipLine(QLineF &line, const QRectF &rect)
{
    double t0 = 0.0, t1 = 1.0;
    const double dx = line.dx(), dy = line.dy();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4]
        = {line.x1() - rect.left(), rect.right() - line.x1(), line.y1() - rect.top(), rect.bottom() - line.y1()};
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
    const std::vector<char> &cut;      ///< per link: in the bisection cut
    const std::vector<char> &failed;   ///< per link: carries nothing in the what-if
    const std::vector<char> &degraded; ///< per link: runs below its nominal rate
    const IntentDiffOverlay *diff;     ///< the intent diff shown, or nullptr
    const HealthOverlay *health;       ///< live link health shown (no diff), or nullptr
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
        , degraded(c.m_linkDegraded)
        , diff(c.m_intentDiff && c.m_intentDiff->fits(fabric) ? c.m_intentDiff.get() : nullptr)
        , health(!diff && c.m_health && c.m_health->fits(fabric) ? c.m_health.get() : nullptr)
        , dark(isDark(c.palette()))
    { }

    bool heat() const { return !canvas.m_heat.empty() && !diff && !health; }
    /// Lines by health state, the worst drawn last and wider.
    void drawHealth(std::vector<QLineF> (&states)[HealthOverlay::stateCount], double width)
    {
        for (int s = 0; s < HealthOverlay::stateCount; ++s) {
            p.setPen(QPen(HealthOverlay::colour(HealthOverlay::State(s)), width + (s >= HealthOverlay::Alarm ? 2.5 : 0.0)));
            drawLines(std::move(states[s]));
        }
    }
    /// Outline of a suspect host, switch or group.
    void drawSuspect(const QRectF &r)
    {
        p.setPen(QPen(healthSuspectColour(), 3.0));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(r.adjusted(-3, -3, 3, 3), 4, 4);
    }
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

    /// Lines by intent-diff mark (added, removed, changed), over the others.
    void drawDiff(std::vector<QLineF> (&marks)[3], double width)
    {
        for (int m = 0; m < 3; ++m) {
            p.setPen(QPen(diffColour(m + 1), width));
            drawLines(std::move(marks[m]));
        }
    }
    QColor diffColour(int mark) const
    {
        const QColor c = intentDiffColour(mark);
        return dark ? c.lighter(mark == IntentDiffOverlay::Changed ? 220 : 140) : c;
    }
    /// Fill of a host or switch (group) while a diff is shown: its mark's
    /// colour over the background, or a neutral grey.
    QColor diffFill(int mark, bool host) const
    {
        const QColor base = canvas.palette().color(QPalette::Base);
        const QColor c = mark ? diffColour(mark) : host ? hostFill() : dark ? QColor(85, 92, 104) : QColor(196, 201, 208);
        if (!mark)
            return c;
        const double t = dark ? 0.45 : 0.3;
        return QColor::fromRgbF(base.redF() + (c.redF() - base.redF()) * t, base.greenF() + (c.greenF() - base.greenF()) * t,
                                base.blueF() + (c.blueF() - base.blueF()) * t);
    }

    QPointF map(const QPointF &s) const { return target.topLeft() + (s - source.topLeft()) * zoom; }
    QRectF map(const QRectF &r) const { return QRectF(map(r.topLeft()), r.size() * zoom); }

    QColor switchColour(std::int32_t s) const
    {
        if (canvas.m_document->isSwitchFailed(s))
            return failedColour();
        if (canvas.m_colourByOversubscription && report && !diff
            && static_cast<size_t>(s) < report->oversubscription.perSwitch.size())
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

    void drawBuckets(const std::vector<QLineF> &normal, const std::vector<QLineF> &hot, const std::vector<QLineF> &down,
                     double width)
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

        std::vector<QLineF> normal, hot, down, diffLines[3], healthLines[HealthOverlay::stateCount];
        std::vector<std::vector<QLineF>> heatBandsLines(heatBands);
        const size_t levelIndex = static_cast<size_t>(&level - layout.levels().data());
        struct Label
        {
            QPointF at;
            QString text;
        };
        std::vector<Label> labels;
        // Cull in scene units on the precomputed segments first (rows may be
        // shifted by up to ~40 px per row, hence the vertical margin).
        const auto &segments = canvas.m_segments[levelIndex];
        const double marginY = (40.0 * layout.rowCount() + 20.0) / zoom, marginX = 10.0 / zoom;
        const float left = static_cast<float>(source.left() - marginX),
                    right = static_cast<float>(source.right() + marginX);
        const float top = static_cast<float>(source.top() - marginY),
                    bottom = static_cast<float>(source.bottom() + marginY);
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
            if (const int mark = diff ? diff->bundle(levelIndex, seg.bundle) : 0)
                diffLines[mark - 1].push_back(line);
            else if (health)
                healthLines[health->bundle(levelIndex, seg.bundle)].push_back(line);
            else if (failedCount == static_cast<int>(b.links.size()))
                down.push_back(line);
            else if (heat())
                heatBandsLines[static_cast<size_t>(heatBand(hottest))].push_back(line);
            else if (inCut)
                hot.push_back(line);
            else
                normal.push_back(line);
            if (failedCount > 0 && failedCount < static_cast<int>(b.links.size()))
                down.push_back(line); // partly failed: dashed over the normal line
            if (line.length() > 90 && !diff) // a diff's colours are what a reviewer reads
                labels.push_back({line.pointAt(0.5),
                                  tr("%n link(s) · %1", nullptr, static_cast<int>(b.links.size()))
                                      .arg(AnalysisCharts::capacityText(b.gbps))});
        }
        drawBuckets(normal, hot, down, 1.0);
        drawHeat(heatBandsLines, 1.0);
        drawDiff(diffLines, levelIndex == 2 ? 1.5 : 2.5); // racks: many bundles, thinner
        drawHealth(healthLines, 1.0);

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
                    : canvas.m_colourByOversubscription && report && !diff
                    ? oversubscriptionColour(worst)
                    : switchColour(fabric.switchIndexOf(g.members.front()));
            }
            const int mark = diff ? diff->group(levelIndex, static_cast<std::int32_t>(i)) : 0;
            if (diff && !(g.row > 0 && failedSwitches == switches))
                fill = diffFill(mark, g.row == 0);
            bool selected = false, highlighted = false;
            for (const NodeIndex n : g.members) {
                if (canvas.m_selectedNodes[static_cast<size_t>(n)])
                    selected = true;
                if (static_cast<size_t>(n) < canvas.m_highlightedHosts.size()
                    && canvas.m_highlightedHosts[static_cast<size_t>(n)])
                    highlighted = true;
            }
            p.setPen(QPen(selected  ? canvas.palette().color(QPalette::Highlight)
                              : mark ? diffColour(mark)
                                     : (failedSwitches ? failedColour() : lineColour().darker(130)),
                          selected || failedSwitches || mark ? 2.0 : 1.0));
            p.setBrush(fill);
            p.drawRoundedRect(box, 3, 3);
            if (highlighted) {
                p.setPen(QPen(highlightHostColour(), 2.5));
                p.setBrush(Qt::NoBrush);
                p.drawRoundedRect(box.adjusted(-2, -2, 2, 2), 4, 4);
            }
            if (health && health->isSuspectGroup(levelIndex, static_cast<std::int32_t>(i)))
                drawSuspect(box);
            // Labels inside when there is room, above otherwise for switch groups.
            QString text = QString::fromStdString(g.label);
            QString sub = g.row == 0 ? tr("%1 hosts · %2 GPUs").arg(g.members.size()).arg(g.gpus)
                                     : tr("%1 switches").arg(switches);
            if (failedSwitches)
                sub += tr(" · %1 failed").arg(failedSwitches);
            if (mark && g.row == 0)
                sub = tr("%1 of %2 hosts %3")
                          .arg(diff->markedHosts(levelIndex, static_cast<std::int32_t>(i)))
                          .arg(g.members.size())
                          .arg(IntentDiffOverlay::markName(IntentDiffOverlay::Mark(mark)));
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
        std::vector<QLineF> normal, hot, down, slow, selectedLines, diffLines[3], healthLines[HealthOverlay::stateCount];
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
            if (degraded[static_cast<size_t>(l)])
                slow.push_back(line); // dotted over its normal line
            if (const int mark = diff ? diff->link(l) : 0)
                diffLines[mark - 1].push_back(line);
            else if (health)
                healthLines[health->link(l)].push_back(line);
            else if (failed[static_cast<size_t>(l)])
                down.push_back(line);
            else if (heat())
                heatLines[static_cast<size_t>(heatBand(linkHeat(l)))].push_back(line);
            else if (cut[static_cast<size_t>(l)])
                hot.push_back(line);
            else if (diff)
                normal.push_back(line); // rail hues would read as diff colours
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
            bool anyFailed = false, allFailed = true, inCut = false, selected = false, anyDegraded = false;
            double hottest = 0.0;
            for (const auto l : b.links) {
                anyFailed = anyFailed || failed[static_cast<size_t>(l)];
                anyDegraded = anyDegraded || degraded[static_cast<size_t>(l)];
                allFailed = allFailed && failed[static_cast<size_t>(l)];
                inCut = inCut || cut[static_cast<size_t>(l)];
                selected = selected || canvas.m_selectedLinks[static_cast<size_t>(l)];
                if (heat())
                    hottest = std::max(hottest, linkHeat(l));
            }
            if (selected)
                selectedLines.push_back(line);
            if (const int mark = diff ? diff->bundle(2, seg.bundle) : 0)
                diffLines[mark - 1].push_back(line);
            else if (health)
                healthLines[health->bundle(2, seg.bundle)].push_back(line);
            else if (allFailed)
                down.push_back(line);
            else if (heat())
                heatLines[static_cast<size_t>(heatBand(hottest))].push_back(line);
            else if (inCut)
                hot.push_back(line);
            else
                normal.push_back(line);
            if (anyFailed && !allFailed)
                down.push_back(line);
            if (anyDegraded && !allFailed)
                slow.push_back(line);
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
        drawDiff(diffLines, width + 1.0);
        drawHealth(healthLines, width);
        p.setPen(QPen(failedLine(), width + 1.0, Qt::DotLine));
        drawLines(slow);
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
                const int mark = diff ? diff->node(n) : 0;
                p.setPen(QPen(selected ? highlight
                                  : mark ? diffColour(mark)
                                         : (hostDown ? failedLine() : lineColour().darker(140)),
                              selected ? 2.5 : mark ? 2.0 : 1.0));
                p.setBrush(diff ? diffFill(mark, true) : hostFill());
                p.drawRect(r);
                if (static_cast<size_t>(n) < canvas.m_highlightedHosts.size()
                    && canvas.m_highlightedHosts[static_cast<size_t>(n)]) {
                    p.setPen(QPen(highlightHostColour(), 2.5));
                    p.setBrush(Qt::NoBrush);
                    p.drawRect(r.adjusted(-2, -2, 2, 2));
                }
                if (health && health->isSuspect(n))
                    drawSuspect(r);
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
                        p.setBrush(failed[static_cast<size_t>(l)] ? failedColour()
                                       : diff                     ? diffColour(diff->link(l))
                                                                  : railColour(railOf(n, l)));
                        p.drawRect(QRectF(a.x() - 1.5, a.y() - 1.5, 3, 3));
                    }
                }
                // The host id inside the box once there is room beside the GPUs.
                if (r.height() >= 30 && r.width() >= fm.horizontalAdvance(QString::fromStdString(h.id)) + 4) {
                    p.setPen(textColour());
                    p.fillRect(QRectF(r.left() + 1, r.bottom() - fm.height() - 1, r.width() - 2, fm.height()),
                               hostFill());
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
                const int mark = diff ? diff->node(n) : 0;
                p.setPen(QPen(selected ? highlight : mark ? diffColour(mark) : lineColour().darker(160),
                              selected ? 2.5 : mark ? 2.0 : 1.0));
                p.setBrush(diff ? diffFill(mark, false) : switchColour(s));
                p.drawRoundedRect(r, 2, 2);
                if (canvas.m_document->isSwitchFailed(s)) {
                    p.setPen(QPen(Qt::white, 1.5));
                    p.drawLine(r.topLeft(), r.bottomRight());
                    p.drawLine(r.topRight(), r.bottomLeft());
                }
                if (health && health->isSuspect(n))
                    drawSuspect(r);
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
        if (diff) { // the diff takes over the colours: its legend replaces the others
            std::vector<LegendEntry> entries;
            for (const auto &[colour, text] : diff->legend())
                entries.push_back({colour, text});
            drawLegendBox(diff->title(), entries, false);
            return;
        }
        if (health) {
            std::vector<LegendEntry> entries;
            for (const auto &[colour, text] : health->legend())
                entries.push_back({colour, text});
            drawLegendBox(health->title(), entries, true);
        }
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
                          {failedColour(), tr("failed (dashed), degraded (dotted)")},
                          {cutColour(), tr("bisection cut")},
                      },
                      false);
    }
};

void FabricCanvas::paintScene(QPainter &painter, const QRectF &source, const QRectF &target, Detail level) const
{
    Painter pass(*this, painter, source, target);
    pass.fillBackground();
    switch (level) {
    case Detail::Elements: pass.drawElements(); break;
    case Detail::Racks: pass.drawLevel(m_layout->levels()[2]); break;
    case Detail::ScalableUnits: pass.drawLevel(m_layout->levels()[1]); break;
    case Detail::Pods: pass.drawLevel(m_layout->levels()[0]); break;
    }
    pass.drawLegend();
}

} // namespace Railyard
