// The paint pass of FabricCanvas: everything drawn on the canvas (and in
// its PNG/SVG/PDF exports) at each level of detail.

#include "views/canvas/fabriccanvaspainter_p.h"

namespace Railyard {

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

QPolygonF clipPolygon(const QPolygonF &polygon, const QRectF &rect)
{
    // Sutherland–Hodgman against the rectangle's four edges.
    QPolygonF out = polygon;
    for (int edge = 0; edge < 4; ++edge) {
        const QPolygonF in = out;
        out.clear();
        auto inside = [&](const QPointF &q) {
            switch (edge) {
            case 0: return q.x() >= rect.left();
            case 1: return q.x() <= rect.right();
            case 2: return q.y() >= rect.top();
            default: return q.y() <= rect.bottom();
            }
        };
        auto cross = [&](const QPointF &a, const QPointF &b) {
            double t = 0.0;
            switch (edge) {
            case 0: t = (rect.left() - a.x()) / (b.x() - a.x()); break;
            case 1: t = (rect.right() - a.x()) / (b.x() - a.x()); break;
            case 2: t = (rect.top() - a.y()) / (b.y() - a.y()); break;
            default: t = (rect.bottom() - a.y()) / (b.y() - a.y()); break;
            }
            return a + (b - a) * t;
        };
        for (qsizetype i = 0; i < in.size(); ++i) {
            const QPointF &cur = in[i];
            const QPointF &prev = in[(i + in.size() - 1) % in.size()];
            if (inside(cur)) {
                if (!inside(prev))
                    out << cross(prev, cur);
                out << cur;
            } else if (inside(prev)) {
                out << cross(prev, cur);
            }
        }
        if (out.isEmpty())
            break;
    }
    return out;
}

void FabricCanvas::Painter::drawLevel(size_t boxLevel)
{
    const QRectF viewRect = target.adjusted(-2, -2, 2, 2);
    const auto &levels = layout.levels();
    const LayoutLevel &level = levels[boxLevel];
    std::vector<QRectF> boxes(level.groups.size());
    for (size_t i = 0; i < level.groups.size(); ++i)
        boxes[i] = groupBox(level.groups[i]);

    // Cull on the precomputed scene segments (group boxes grow to a minimum
    // legible size on screen, hence the margins).
    const double marginX = 10.0 / zoom, marginY = 20.0 / zoom;
    const auto left = static_cast<float>(source.left() - marginX), right = static_cast<float>(source.right() + marginX);
    const auto top = static_cast<float>(source.top() - marginY), bottom = static_cast<float>(source.bottom() + marginY);
    auto inView = [&](const Segment &seg) {
        return !(seg.left > right || seg.right < left || std::min(seg.y1, seg.y2) > bottom || std::max(seg.y1, seg.y2) < top);
    };
    // Links between two tiers are bundled at the finest level, from the
    // boxes' level up, whose visible bundles the screen can carry (about one
    // per 12 pixels of width): individual switch-to-switch lines only when
    // they can be told apart, else one bundle per pair of SUs or pods.
    const size_t budget = std::max<size_t>(16, static_cast<size_t>(target.width() / 12.0));
    const int rows = std::max(1, layout.rowCount());
    auto pairOf = [&](const LayoutLevel &lv, const LayoutBundle &b) {
        const int ra = lv.groups[static_cast<size_t>(b.groupA)].row, rb = lv.groups[static_cast<size_t>(b.groupB)].row;
        return static_cast<size_t>(std::min(ra, rb) * rows + std::max(ra, rb));
    };
    std::vector<std::vector<std::int32_t>> shownAt(boxLevel + 1);
    std::vector<std::vector<size_t>> countAt(boxLevel + 1, std::vector<size_t>(static_cast<size_t>(rows * rows), 0));
    for (size_t lvl = 0; lvl <= boxLevel; ++lvl)
        for (const Segment &seg : canvas.m_segments[lvl])
            if (inView(seg)) {
                shownAt[lvl].push_back(seg.bundle);
                ++countAt[lvl][pairOf(levels[lvl], levels[lvl].bundles[static_cast<size_t>(seg.bundle)])];
            }
    std::vector<size_t> levelOfPair(static_cast<size_t>(rows * rows), 0);
    for (size_t pair = 0; pair < levelOfPair.size(); ++pair)
        for (size_t lvl = boxLevel + 1; lvl-- > 0;)
            if (countAt[lvl][pair] <= budget) {
                levelOfPair[pair] = lvl;
                break;
            }
    std::vector<std::vector<QRectF>> boxesAt(boxLevel + 1);
    double widest = 0.0;
    for (size_t lvl = 0; lvl <= boxLevel; ++lvl) {
        const LayoutLevel &lv = levels[lvl];
        auto &shown = shownAt[lvl];
        shown.erase(std::remove_if(shown.begin(), shown.end(),
                                   [&](std::int32_t b) {
                                       return levelOfPair[pairOf(lv, lv.bundles[static_cast<size_t>(b)])] != lvl;
                                   }),
                    shown.end());
        if (shown.empty() || lvl == boxLevel)
            continue;
        boxesAt[lvl].resize(lv.groups.size());
        for (size_t i = 0; i < lv.groups.size(); ++i)
            boxesAt[lvl][i] = groupBox(lv.groups[i]);
        for (const auto b : shown)
            widest = std::max(widest, lv.bundles[static_cast<size_t>(b)].gbps);
    }
    for (const auto b : shownAt[boxLevel])
        widest = std::max(widest, level.bundles[static_cast<size_t>(b)].gbps);

    std::vector<QLineF> normal, hot, down, diffLines[3], healthLines[HealthOverlay::stateCount];
    std::vector<std::vector<QLineF>> heatBandsLines(heatBands);
    struct Ribbon
    {
        QPolygonF shape;
        QColor colour;
        double gbps;
    };
    std::vector<Ribbon> ribbons;
    struct Label
    {
        QPointF at;
        QString text;
    };
    std::vector<Label> labels;
    for (size_t linkLevel = 0; linkLevel <= boxLevel; ++linkLevel) {
        const LayoutLevel &links = levels[linkLevel];
        const std::vector<QRectF> &linkBoxes = linkLevel == boxLevel ? boxes : boxesAt[linkLevel];
        for (const auto bundle : shownAt[linkLevel]) {
            const LayoutBundle &b = links.bundles[static_cast<size_t>(bundle)];
            const auto &ga = links.groups[static_cast<size_t>(b.groupA)];
            const auto &gb = links.groups[static_cast<size_t>(b.groupB)];
            const bool aLower = ga.row <= gb.row;
            const QRectF &lo = linkBoxes[static_cast<size_t>(aLower ? b.groupA : b.groupB)];
            const QRectF &hi = linkBoxes[static_cast<size_t>(aLower ? b.groupB : b.groupA)];
            const QLineF line(topCenter(lo), bottomCenter(hi));
            if (!QRectF(QPointF(std::min(lo.left(), hi.left()), hi.bottom()),
                        QPointF(std::max(lo.right(), hi.right()), lo.top()))
                     .normalized()
                     .adjusted(-1, -1, 1, 1)
                     .intersects(viewRect))
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
            QColor colour = lineColour();
            const int state = health ? int(health->bundle(linkLevel, bundle)) : 0;
            const int mark = diff ? diff->bundle(linkLevel, bundle) : 0;
            if (health && (state >= HealthOverlay::Slow || !mark)) {
                // Live health over a diff where a link is slow, alarmed or
                // down: a review never hides a problem on the running fabric.
                healthLines[state].push_back(line);
                colour = HealthOverlay::colour(HealthOverlay::State(state));
            } else if (mark) {
                diffLines[mark - 1].push_back(line);
                colour = diffColour(mark);
            } else if (failedCount == static_cast<int>(b.links.size())) {
                down.push_back(line);
                colour = failedLine();
            } else if (heat()) {
                const int band = heatBand(hottest);
                heatBandsLines[static_cast<size_t>(band)].push_back(line);
                colour = heatColour(band);
            } else if (inCut) {
                hot.push_back(line);
                colour = cutColour();
            } else {
                normal.push_back(line);
            }
            if (failedCount > 0 && failedCount < static_cast<int>(b.links.size()))
                down.push_back(line); // partly failed: dashed over the normal line
            // A bundle between wide groups is a ribbon from one group's extent to
            // the other's, more opaque the more capacity it carries.
            if (lo.width() >= 8 && hi.width() >= 8) {
                const double share = widest > 0 ? std::sqrt(b.gbps / widest) : 1.0;
                colour.setAlpha(static_cast<int>(std::lround((dark ? 30 : 22) + 60 * share)));
                ribbons.push_back({QPolygonF({QPointF(lo.left(), lo.top()), QPointF(lo.right(), lo.top()),
                                              QPointF(hi.right(), hi.bottom()), QPointF(hi.left(), hi.bottom())}),
                                   colour, b.gbps});
            }
            // Labelled at the middle of what is on screen of the bundle; not
            // over a diff, whose colours are what a reviewer reads.
            const bool ribbon = lo.width() >= 8 && hi.width() >= 8;
            QLineF visiblePart = line;
            if (ribbon) { // across the ribbon's middle, within the view
                const double midY = (lo.top() + hi.bottom()) / 2;
                visiblePart = QLineF(std::max((lo.left() + hi.left()) / 2, viewRect.left() + 4), midY,
                                     std::min((lo.right() + hi.right()) / 2, viewRect.right() - 4), midY);
            }
            if (!diff && (ribbon ? viewRect.contains(visiblePart.p1()) && visiblePart.dx() > 90
                                 : clipLine(visiblePart, viewRect) && visiblePart.length() > 90))
                labels.push_back({visiblePart.pointAt(0.5),
                                  tr("%n link(s) · %1", nullptr, static_cast<int>(b.links.size()))
                                      .arg(AnalysisCharts::capacityText(b.gbps))});
        }
    }
    // Clipped before filling: a pod's ribbon can be a hundred screens wide,
    // and the rasterizer's cost follows the polygon, not the view.
    // Blending costs per pixel covered: the largest bundles get ribbons until
    // they have covered the view about three times, the rest keep their line.
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(Qt::NoPen);
    const QRectF ribbonClip = target.adjusted(-2, -2, 2, 2);
    std::stable_sort(ribbons.begin(), ribbons.end(), [](const Ribbon &a, const Ribbon &b) { return a.gbps > b.gbps; });
    double covered = 0.0;
    const double allowed = 3.0 * target.width() * target.height();
    for (const Ribbon &r : ribbons) {
        const QPolygonF shape = clipPolygon(r.shape, ribbonClip);
        if (shape.size() < 3)
            continue;
        double area = 0.0; // shoelace
        for (qsizetype i = 0; i < shape.size(); ++i) {
            const QPointF &a = shape[i], &b = shape[(i + 1) % shape.size()];
            area += a.x() * b.y() - b.x() * a.y();
        }
        covered += std::abs(area) / 2;
        if (covered > allowed)
            break;
        p.setBrush(r.colour);
        p.drawPolygon(shape);
    }
    p.restore();
    drawBuckets(normal, hot, down, 1.0);
    drawHeat(heatBandsLines, 1.0);
    drawDiff(diffLines, boxLevel == 2 ? 1.5 : 2.5); // racks: many bundles, thinner
    drawHealth(healthLines, 1.0);

    // Groups.
    QFont small = canvas.font();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.85));
    p.setFont(small);
    const QFontMetricsF fm(small);
    std::vector<QRectF> selectedBoxes;
    double hostsBottom = -1.0;     // of the host boxes in view
    bool hostsUnlabelled = false; // a host box in view too small for its label
    for (size_t i = 0; i < level.groups.size(); ++i) {
        const LayoutGroup &g = level.groups[i];
        const QRectF &box = boxes[i];
        if (!box.intersects(viewRect))
            continue;
        if (g.row == 0)
            hostsBottom = std::max(hostsBottom, box.bottom());
        bool labelled = false;
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
        const int mark = diff ? diff->group(boxLevel, static_cast<std::int32_t>(i)) : 0;
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
        p.setPen(QPen(selected   ? canvas.palette().color(QPalette::Highlight)
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
        if (selected) {
            // A selection outlines its groups (racks when zoomed out) with a
            // margin, so a few pixels' box is still seen as selected.
            selectedBoxes.push_back(box.adjusted(-3, -3, 3, 3));
        }
        if (health && health->isSuspectGroup(boxLevel, static_cast<std::int32_t>(i)))
            drawSuspect(box);
        // Labels inside when there is room, above otherwise for switch groups.
        QString text = QString::fromStdString(g.label);
        QString sub
            = g.row == 0 ? tr("%1 hosts · %2 GPUs").arg(g.members.size()).arg(g.gpus) : tr("%1 switches").arg(switches);
        if (failedSwitches)
            sub += tr(" · %1 failed").arg(failedSwitches);
        if (mark && g.row == 0)
            sub = tr("%1 of %2 hosts %3")
                      .arg(diff->markedHosts(boxLevel, static_cast<std::int32_t>(i)))
                      .arg(g.members.size())
                      .arg(ComparisonOverlay::markName(ComparisonOverlay::Mark(mark)));
        p.setPen(g.row == 0 ? textColour() : (fill.lightness() < 110 ? QColor(Qt::white) : QColor(20, 20, 20)));
        // A group wider than the view is labelled in its visible part.
        const QRectF textBox = box.intersected(viewRect);
        if (!this->text) {
            // a thumbnail: no labels
        } else if (textBox.width() >= fm.horizontalAdvance(text) + 6 && textBox.height() >= fm.height() * 2 + 2) {
            p.drawText(textBox.adjusted(3, 1, -3, -1), Qt::AlignCenter, text + QLatin1Char('\n') + sub);
            labelled = true;
        } else if (textBox.width() >= fm.horizontalAdvance(text) + 4 && textBox.height() >= fm.height()) {
            p.drawText(textBox, Qt::AlignCenter, text);
            labelled = true;
        }
        if (g.row == 0 && !labelled)
            hostsUnlabelled = true;
    }
    if (!selectedBoxes.empty()) {
        p.setPen(QPen(canvas.palette().color(QPalette::Highlight), 2.0));
        p.setBrush(Qt::NoBrush);
        for (const QRectF &r : selectedBoxes)
            p.drawRoundedRect(r, 4, 4);
    }
    if (this->text && hostsBottom >= 0)
        drawSpans(level, hostsBottom + 6, fm, hostsUnlabelled ? -1 : int(boxLevel) + 1);

    // Bundle labels last, where they do not cover one another.
    p.setFont(small);
    p.setPen(textColour());
    std::vector<QRectF> placed;
    for (const Label &l : this->text ? labels : std::vector<Label>()) {
        const double w = fm.horizontalAdvance(l.text) + 6;
        const QRectF r(l.at.x() - w / 2, l.at.y() - fm.height() / 2, w, fm.height());
        if (!r.intersects(viewRect) || std::any_of(placed.begin(), placed.end(), [&](const QRectF &o) {
                return o.intersects(r.adjusted(-3, -1, 3, 1));
            }))
            continue;
        placed.push_back(r);
        p.fillRect(r, canvas.palette().color(QPalette::Base));
        p.drawText(r, Qt::AlignCenter, l.text);
    }
}

void FabricCanvas::Painter::drawSpans(const LayoutLevel &level, double top, const QFontMetricsF &fm, int skipDepth)
{
    struct Shown
    {
        const LayoutSpan *span;
        QRectF r;            ///< the whole run on the device
        double left, right;  ///< its part in view
        bool named;
    };
    std::vector<Shown> shown;
    bool depthShown[3] = {false, false, false};
    for (const LayoutSpan &s : level.spans) {
        if (int(s.depth) == skipDepth)
            continue;
        const QRectF r = map(QRectF(s.left, 0, s.right - s.left, 1));
        const double left = std::max(r.left(), target.left() + 2), right = std::min(r.right(), target.right() - 2);
        const bool named = right - left >= fm.horizontalAdvance(QString::fromStdString(s.label)) + 14;
        // A single group's bracket says nothing without its name.
        if (right - left < 6 || (!named && s.groups == 1))
            continue;
        shown.push_back({&s, r, left, right, named});
        depthShown[s.depth] = true;
    }
    const double rowHeight = fm.height() + 6;
    const QColor ink = textColour();
    QColor rule = ink;
    rule.setAlphaF(0.55);
    for (const Shown &item : shown) {
        // The finest depth nearest the hosts, zones last; no empty rows.
        int row = 0;
        for (int d = LayoutSpan::ScalableUnit; d > int(item.span->depth); --d)
            row += depthShown[d] ? 1 : 0;
        const double y = top + row * rowHeight;
        if (y + rowHeight > target.bottom())
            continue;
        // A bracket under the run, its name in the middle of the visible part.
        p.setPen(QPen(rule, 1.0));
        p.drawLine(QPointF(item.r.left() + 1, y), QPointF(item.r.left() + 1, y + 3));
        p.drawLine(QPointF(item.r.right() - 1, y), QPointF(item.r.right() - 1, y + 3));
        const double mid = y + 3;
        if (item.named) {
            const QString name = QString::fromStdString(item.span->label);
            const double w = fm.horizontalAdvance(name) + 6;
            const double cx = (item.left + item.right) / 2;
            p.drawLine(QPointF(item.left + 1, mid), QPointF(cx - w / 2, mid));
            p.drawLine(QPointF(cx + w / 2, mid), QPointF(item.right - 1, mid));
            p.setPen(ink);
            p.drawText(QRectF(cx - w / 2, mid - fm.height() / 2, w, fm.height()), Qt::AlignCenter, name);
        } else {
            p.drawLine(QPointF(item.left + 1, mid), QPointF(item.right - 1, mid));
        }
    }
}

/// A legend box in the bottom-left (or bottom-right) corner of the target.
void FabricCanvas::Painter::drawLegendBox(const QString &title, const std::vector<LegendEntry> &entries, bool right)
{
    QFont small = canvas.font();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.85));
    p.setFont(small);
    const QFontMetricsF fm(small);
    double w = fm.horizontalAdvance(title);
    for (const LegendEntry &e : entries)
        w = std::max(w, fm.horizontalAdvance(e.text) + 18);
    const double h = fm.height() * (1 + static_cast<double>(entries.size())) + 8;
    // At the bottom (or the top, as the user chose), and on the other edge
    // when it would cover the element the view was focused on.
    const double x = right ? target.right() - w - 20 : target.left() + 8;
    QRectF box(x, canvas.m_legendAtTop ? target.top() + 8 : target.bottom() - h - 8, w + 12, h);
    if (canvas.m_focusScene.isValid() && box.intersects(map(canvas.m_focusScene).adjusted(-12, -16, 12, 4)))
        box.moveTop(canvas.m_legendAtTop ? target.bottom() - h - 8 : target.top() + 8);
    // Stacked over (or under) the legends already drawn on that edge, never on them.
    const bool fromBottom = box.top() > target.center().y();
    for (bool moved = true; moved;) {
        moved = false;
        for (const QRectF &other : legendBoxes)
            if (box.intersects(other.adjusted(-3, -3, 3, 3))) {
                box.moveTop(fromBottom ? other.top() - h - 6 : other.bottom() + 6);
                moved = true;
            }
    }
    legendBoxes.push_back(box);
    canvas.m_legendRects.push_back(box);
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

void FabricCanvas::Painter::drawLegend()
{
    if (diff) { // the diff takes over the colours but live health's problems: their legends
        std::vector<LegendEntry> entries;
        for (const auto &[colour, text] : diff->legend())
            entries.push_back({colour, text});
        drawLegendBox(diff->title(), entries, false);
        if (health) {
            std::vector<LegendEntry> problems;
            for (const auto &[colour, text] : health->legend(HealthOverlay::Slow))
                problems.push_back({colour, text});
            drawLegendBox(tr("%1, over the diff").arg(health->title()), problems, true);
        }
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

void FabricCanvas::paintScene(QPainter &painter, const CanvasViewport &view, const QRectF &target, Detail level,
                              bool legend) const
{
    Painter pass(*this, painter, view, target);
    pass.text = legend;
    if (legend)
        m_legendRects.clear();
    pass.fillBackground();
    switch (level) {
    case Detail::Elements: pass.drawElements(); break;
    case Detail::Racks: pass.drawLevel(2); break;
    case Detail::ScalableUnits: pass.drawLevel(1); break;
    case Detail::Pods: pass.drawLevel(0); break;
    }
    if (legend && m_legendShown)
        pass.drawLegend();
}

} // namespace Railyard
