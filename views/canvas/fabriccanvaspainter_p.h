#pragma once

// Private to the canvas: one paint pass of FabricCanvas, the state derived
// once per frame and the drawing routines, shared by fabriccanvaspainter.cpp
// (aggregate levels, legend) and fabriccanvaselements.cpp (individual
// elements and their off-screen ends).

#include "core/document/fabricdocument.h"
#include "views/analysisrunner.h"
#include "views/canvas/colours.h"
#include "views/canvas/fabriccanvas.h"
#include "views/canvas/healthoverlay.h"
#include "views/canvas/comparisonoverlay.h"
#include "views/docks/analysischarts.h"

#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <cmath>
#include <limits>

namespace Railyard {

inline bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

/// Clips a segment to a rectangle (Liang–Barsky). False when nothing is left.
/// Long lines to far-away switches are cut to the view before stroking, which
/// keeps wide and antialiased pens cheap.
bool clipLine(QLineF &line, const QRectF &rect);
/// Clips a polygon to a rectangle; empty when nothing is left.
QPolygonF clipPolygon(const QPolygonF &polygon, const QRectF &rect);

/// One paint pass: the state derived once per frame, and the drawing routines.
struct FabricCanvas::Painter
{
    const FabricCanvas &canvas;
    QPainter &p;
    const Fabric &fabric;
    const FabricLayout &layout;
    const CanvasViewport &view; ///< scene to target pixels (compressed rows)
    QRectF source;              ///< visible scene rectangle
    QRectF target;              ///< where it lands on the device
    double zoom;
    const AnalysisReport *report;
    const std::vector<char> &cut;      ///< per link: in the bisection cut
    const std::vector<char> &failed;   ///< per link: carries nothing in the what-if
    const std::vector<char> &degraded; ///< per link: runs below its nominal rate
    const ComparisonOverlay *diff;     ///< the intent diff shown, or nullptr
    const HealthOverlay *health;       ///< live link health shown (over a diff: its slow, alarmed and down links), or nullptr
    bool dark;
    bool text = true; ///< labels and legend; off for the overview's thumbnail
    std::vector<QRectF> legendBoxes; ///< drawn so far in this pass

    Painter(const FabricCanvas &c, QPainter &painter, const CanvasViewport &v, const QRectF &tgt)
        : canvas(c)
        , p(painter)
        , fabric(c.m_document->fabric())
        , layout(*c.m_layout)
        , view(v)
        , source(v.visibleSceneRect())
        , target(tgt)
        , zoom(v.zoom())
        , report(c.m_runner ? c.m_runner->current() : nullptr)
        , cut((c.updateOverlays(), c.m_linkInCut))
        , failed(c.m_linkFailed)
        , degraded(c.m_linkDegraded)
        , diff(c.m_comparisonShown && c.m_intentDiff && c.m_intentDiff->fits(fabric) ? c.m_intentDiff.get() : nullptr)
        , health(c.m_health && c.m_health->fits(fabric) ? c.m_health.get() : nullptr)
        , dark(isDark(c.palette()))
    { }

    bool heat() const { return !canvas.m_heat.empty() && !diff && !health; }
    /// Lines by health state, the worst drawn last and wider.
    void drawHealth(std::vector<QLineF> (&states)[HealthOverlay::stateCount], double width)
    {
        for (int s = 0; s < HealthOverlay::stateCount; ++s) {
            const double w = width + (s >= HealthOverlay::Alarm ? 2.5 : 0.0);
            if (diff && s >= HealthOverlay::Slow && !states[s].empty()) {
                // Over a diff whose colours are close to the alarm's: a dark
                // halo sets the live problem apart.
                p.setPen(QPen(dark ? QColor(235, 235, 235) : QColor(20, 20, 20), w + 3.0));
                drawLines(std::vector<QLineF>(states[s]));
            }
            p.setPen(QPen(HealthOverlay::colour(HealthOverlay::State(s)), w));
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
        return dark ? c.lighter(mark == ComparisonOverlay::Changed ? 220 : 140) : c;
    }
    /// Fill of a host or switch (group) while a diff is shown: its mark's
    /// colour over the background, or a neutral grey.
    QColor diffFill(int mark, bool host) const
    {
        const QColor base = canvas.palette().color(QPalette::Base);
        const QColor c = mark ? diffColour(mark)
            : host            ? hostFill()
            : dark            ? QColor(85, 92, 104)
                              : QColor(196, 201, 208);
        if (!mark)
            return c;
        const double t = dark ? 0.45 : 0.3;
        return QColor::fromRgbF(base.redF() + (c.redF() - base.redF()) * t,
                                base.greenF() + (c.greenF() - base.greenF()) * t,
                                base.blueF() + (c.blueF() - base.blueF()) * t);
    }

    QPointF map(const QPointF &s) const { return target.topLeft() + view.toWidget(s); }
    QRectF map(const QRectF &r) const { return QRectF(map(r.topLeft()), map(r.bottomRight())); }

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

    /// Draws the groups of one aggregation level, and the links between them
    /// bundled at the finest level the screen can carry.
    void drawLevel(size_t boxLevel);
    /// The level's zones, pods and scalable units named under its host row
    /// (from `top` down, the finest first), where their runs are wide enough;
    /// not those of `skipDepth` (the groups' own, when every box carries its label).
    void drawSpans(const LayoutLevel &level, double top, const QFontMetricsF &fm, int skipDepth = -1);

    // --- Individual elements ----------------------------------------------
    QPointF nicAnchor(NodeIndex host, std::int32_t link) const;
    int railOf(NodeIndex host, std::int32_t link) const;
    void drawElements();
    /// The NVLink domains with a host among `visible` (indices into m_domains).
    std::vector<std::int32_t> domainsOf(const std::vector<NodeIndex> &visible) const;
    /// Their outlines (under the links and hosts) and their labels (below the hosts).
    void drawDomainOutlines(const std::vector<std::int32_t> &domains);
    void drawDomainLabels(const std::vector<std::int32_t> &domains);
    /// A domain's outline on the device: its hosts' box and domainPad() around it.
    QRectF domainBox(std::int32_t domain) const;
    double domainPad() const;

    struct LegendEntry
    {
        QColor colour;
        QString text;
    };
    /// A legend box in the bottom-left (or bottom-right) corner of the target.
    void drawLegendBox(const QString &title, const std::vector<LegendEntry> &entries, bool right);
    void drawLegend();
};

} // namespace Railyard
