// The individual-elements level of the canvas: hosts with their GPUs and
// NICs, switches, links; links whose far end is off screen are bundled by
// where they go and labelled at the view's edge.

#include "views/canvas/fabriccanvaspainter_p.h"

#include <QLocale>

#include <map>
#include <tuple>

namespace Railyard {

namespace {

/// What kind of element a node is, for naming a destination: 0 host, else 1 + tier.
int kindOf(const Fabric &f, NodeIndex n)
{
    return f.isHost(n) ? 0 : 1 + static_cast<int>(f.switchAt(f.switchIndexOf(n)).tier);
}

QString kindName(int kind, qlonglong count)
{
    const bool one = count == 1;
    switch (kind) {
    case 0: return one ? FabricCanvas::tr("host") : FabricCanvas::tr("hosts");
    case 1 + static_cast<int>(Tier::Leaf): return one ? FabricCanvas::tr("leaf") : FabricCanvas::tr("leaves");
    case 1 + static_cast<int>(Tier::Spine): return one ? FabricCanvas::tr("spine") : FabricCanvas::tr("spines");
    case 1 + static_cast<int>(Tier::Core):
        return one ? FabricCanvas::tr("core switch") : FabricCanvas::tr("core switches");
    default: return one ? FabricCanvas::tr("switch") : FabricCanvas::tr("switches");
    }
}

/// The location part of a group label ("leaf · pod-01/su-03" -> "pod-01/su-03").
std::string locationOf(const std::string &label)
{
    static const std::string dot = " \u00b7 ";
    const auto at = label.find(dot);
    return at == std::string::npos ? std::string() : label.substr(at + dot.size());
}

} // namespace

void FabricCanvas::rebuildDomains()
{
    m_domains.clear();
    m_domainOfHost.clear();
    if (!m_document || !m_layout)
        return;
    const Fabric &f = m_document->fabric();
    m_domainOfHost.assign(static_cast<size_t>(f.hostCount()), -1);
    for (const NvlinkDomain &d : f.nvlinkDomains()) {
        QRectF rect = m_layout->nodeRect(f.hostNode(d.hosts.front()));
        for (const std::int32_t h : d.hosts) {
            rect = rect.united(m_layout->nodeRect(f.hostNode(h)));
            m_domainOfHost[static_cast<size_t>(h)] = static_cast<std::int32_t>(m_domains.size());
        }
        m_domains.push_back({rect, tr("NVL%1").arg(d.gpus), QString::fromStdString(d.name)});
    }
}

std::vector<std::int32_t> FabricCanvas::Painter::domainsOf(const std::vector<NodeIndex> &visible) const
{
    std::vector<std::int32_t> domains;
    if (canvas.m_domains.empty())
        return domains;
    for (const NodeIndex n : visible)
        if (fabric.isHost(n) && static_cast<size_t>(n) < canvas.m_domainOfHost.size())
            if (const std::int32_t d = canvas.m_domainOfHost[static_cast<size_t>(n)]; d >= 0)
                domains.push_back(d);
    std::sort(domains.begin(), domains.end());
    domains.erase(std::unique(domains.begin(), domains.end()), domains.end());
    return domains;
}

double FabricCanvas::Painter::domainPad() const
{
    // Half the gap between rack columns, so neighbouring domains' outlines never touch.
    const double gap = (FabricLayout::rackPitch - FabricLayout::hostWidth) * zoom;
    return std::clamp(gap / 2 - 1.0, 1.5, 6.0);
}

QRectF FabricCanvas::Painter::domainBox(std::int32_t domain) const
{
    const double pad = domainPad();
    return map(canvas.m_domains[static_cast<size_t>(domain)].rect).adjusted(-pad, -pad, pad, pad);
}

void FabricCanvas::Painter::drawDomainOutlines(const std::vector<std::int32_t> &domains)
{
    if (domains.empty())
        return;
    const QColor colour = nvlinkDomainColour(dark);
    QColor fill = colour;
    fill.setAlpha(dark ? 46 : 30);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(colour, 1.5));
    p.setBrush(fill);
    // Cut to just beyond the view: a domain can be many screens tall when zoomed in.
    const QRectF beyond = target.adjusted(-20, -20, 20, 20);
    for (const std::int32_t d : domains) {
        const QRectF box = domainBox(d);
        if (box.intersects(target))
            p.drawRoundedRect(box.intersected(beyond), 4, 4);
    }
    p.restore();
}

void FabricCanvas::Painter::drawDomainLabels(const std::vector<std::int32_t> &domains)
{
    if (domains.empty() || !text)
        return;
    QFont font = canvas.font();
    font.setPointSizeF(std::clamp(zoom * 2.4, 7.0, 9.5));
    font.setBold(true);
    p.setFont(font);
    const QFontMetricsF fm(font);
    std::vector<QRectF> boxes;
    boxes.reserve(domains.size());
    for (const std::int32_t d : domains)
        boxes.push_back(domainBox(d));
    // One form for every label in view, as wide as the two closest domains side
    // by side allow: "NVL72 nvl-0001" on one line, on two lines, or "NVL72" alone.
    std::vector<size_t> order(boxes.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t b) { return boxes[a].center().x() < boxes[b].center().x(); });
    double room = std::numeric_limits<double>::infinity();
    for (size_t k = 1; k < order.size(); ++k) {
        const QRectF &a = boxes[order[k - 1]], &b = boxes[order[k]];
        if (a.top() < b.bottom() && b.top() < a.bottom())
            room = std::min(room, b.center().x() - a.center().x() - 4);
    }
    double oneLine = 0, twoLines = 0, kindOnly = 0;
    for (const std::int32_t d : domains) {
        const DomainOutline &domain = canvas.m_domains[static_cast<size_t>(d)];
        const double kind = fm.horizontalAdvance(domain.kind), name = fm.horizontalAdvance(domain.name);
        oneLine = std::max(oneLine, kind + fm.horizontalAdvance(QLatin1Char(' ')) + name + 8);
        twoLines = std::max(twoLines, std::max(kind, name) + 8);
        kindOnly = std::max(kindOnly, kind + 8);
    }
    const int form = oneLine <= room ? 0 : twoLines <= room ? 1 : kindOnly <= room ? 2 : 3;
    if (form == 3)
        return;
    const QColor colour = nvlinkDomainColour(dark);
    QColor back = canvas.palette().color(QPalette::Base);
    back.setAlpha(230);
    std::vector<QRectF> placed;
    if (canvas.m_reserved.isValid())
        placed.push_back(canvas.m_reserved);
    for (size_t i = 0; i < domains.size(); ++i) {
        const DomainOutline &domain = canvas.m_domains[static_cast<size_t>(domains[i])];
        const QString label = form == 0 ? domain.kind + QLatin1Char(' ') + domain.name
            : form == 1                 ? domain.kind + QLatin1Char('\n') + domain.name
                                        : domain.kind;
        const double width = form == 0 ? fm.horizontalAdvance(label) + 8
            : form == 1 ? std::max(fm.horizontalAdvance(domain.kind), fm.horizontalAdvance(domain.name)) + 8
                        : fm.horizontalAdvance(domain.kind) + 8;
        const double height = fm.height() * (form == 1 ? 2 : 1) + 2;
        // Under the hosts, centred on the part of the outline in view.
        const QRectF &box = boxes[i];
        const QRectF shown = box.intersected(target);
        const QRectF r(std::clamp(shown.center().x() - width / 2, target.left() + 2, target.right() - width - 2),
                       box.bottom() + 3, width, height);
        if (!r.intersects(target)
            || std::any_of(placed.begin(), placed.end(), [&](const QRectF &o) { return o.intersects(r); }))
            continue;
        placed.push_back(r);
        p.setPen(QPen(colour, 1.0));
        p.setBrush(back);
        p.drawRoundedRect(r, 3, 3);
        p.drawText(r, Qt::AlignCenter, label);
    }
}

QPointF FabricCanvas::Painter::nicAnchor(NodeIndex host, std::int32_t link) const
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

int FabricCanvas::Painter::railOf(NodeIndex host, std::int32_t link) const
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

void FabricCanvas::Painter::drawElements()
{
    const QRectF sceneView = source.adjusted(-20, -20, 20, 20);
    const QRectF view = target.adjusted(-2, -2, 2, 2);
    const std::vector<NodeIndex> visible = layout.nodesIn(sceneView);

    // Links with both ends on screen are drawn one by one; a link whose far
    // end is off screen joins a lead: one line from its near end toward where
    // it goes per (near end, destination group, side), and each destination
    // is named once at the view's edge ("→ 24 leaves of pod-01/su-03").
    // Destinations are named by the location of their pod-level group
    // ("zone-01/pod-01"), interned once per frame, and by their kind.
    const LayoutLevel &pods = layout.levels()[0];
    std::vector<std::int32_t> placeOfGroup(pods.groups.size(), -1);
    std::vector<std::string> places;
    auto destinationOf = [&](NodeIndex far) {
        const auto g = static_cast<size_t>(pods.groupOfNode[static_cast<size_t>(far)]);
        if (placeOfGroup[g] < 0) {
            const std::string &label = pods.groups[g].label;
            std::string place = fabric.isHost(far) ? label : locationOf(label);
            const auto it = std::find(places.begin(), places.end(), place);
            placeOfGroup[g] = static_cast<std::int32_t>(it - places.begin());
            if (it == places.end())
                places.push_back(std::move(place));
        }
        return placeOfGroup[g] * 8 + kindOf(fabric, far);
    };
    // NVLink domains first: their tint goes under the links and hosts.
    const std::vector<std::int32_t> domains = domainsOf(visible);
    drawDomainOutlines(domains);

    std::vector<std::vector<QLineF>> byRail(8);
    std::vector<QLineF> normal, hot, down, slow, selectedLines, diffLines[3], healthLines[HealthOverlay::stateCount];
    std::vector<std::vector<QLineF>> heatLines(heatBands);
    std::vector<char> drawn(static_cast<size_t>(fabric.linkCount()), 0);
    struct Lead
    {
        QPointF from;
        QPointF toSum; ///< sum of the far ends (widget), for the mean direction
        int links = 0, failedLinks = 0;
        bool inCut = false, selected = false, degraded = false;
        double hottest = 0.0;
        int mark = 0, state = 0;
    };
    std::map<std::tuple<NodeIndex, std::int32_t, int>, Lead> leads;
    struct Edge
    {
        std::vector<NodeIndex> far;
        double ySum = 0.0, xSum = 0.0;
        int exits = 0;
    };
    std::map<std::pair<std::int32_t, int>, Edge> edges;
    auto classify = [&](std::int32_t l, const QLineF &line, NodeIndex host) {
        if (canvas.m_selectedLinks[static_cast<size_t>(l)])
            selectedLines.push_back(line);
        if (degraded[static_cast<size_t>(l)])
            slow.push_back(line); // dotted over its normal line
        const int state = health ? int(health->link(l)) : 0;
        if (health && state >= HealthOverlay::Slow)
            healthLines[state].push_back(line); // a live problem shows over a diff
        else if (const int mark = diff ? diff->link(l) : 0)
            diffLines[mark - 1].push_back(line);
        else if (health)
            healthLines[state].push_back(line);
        else if (failed[static_cast<size_t>(l)])
            down.push_back(line);
        else if (heat())
            heatLines[static_cast<size_t>(heatBand(linkHeat(l)))].push_back(line);
        else if (cut[static_cast<size_t>(l)])
            hot.push_back(line);
        else if (diff || host < 0)
            normal.push_back(line); // rail hues would read as diff colours
        else
            byRail[static_cast<size_t>(railOf(host, l) % 8)].push_back(line);
    };
    // Where a link leaves a node: a host's NIC, a switch's top edge toward
    // the tier above and its bottom edge toward the tier below.
    auto anchor = [&](NodeIndex n, std::int32_t l, NodeIndex other) {
        if (fabric.isHost(n))
            return map(nicAnchor(n, l));
        const QRectF r = map(layout.nodeRect(n));
        const bool otherAbove = map(layout.nodeRect(other)).center().y() < r.center().y();
        return otherAbove ? QPointF(r.center().x(), r.top()) : QPointF(r.center().x(), r.bottom());
    };
    for (const NodeIndex n : visible) {
        const QRectF nearBox = map(layout.nodeRect(n));
        if (!nearBox.intersects(view))
            continue;
        for (const auto l : fabric.incidentLinks(n)) {
            if (drawn[static_cast<size_t>(l)])
                continue;
            const NodeIndex other = fabric.otherEnd(l, n);
            const QRectF farBox = map(layout.nodeRect(other));
            const NodeIndex host = fabric.isHost(n) ? n : fabric.isHost(other) ? other : -1;
            if (farBox.intersects(view)) {
                drawn[static_cast<size_t>(l)] = 1;
                classify(l, QLineF(anchor(n, l, other), anchor(other, l, n)), host);
                continue;
            }
            const int side = farBox.right() < view.left() ? 0
                : farBox.left() > view.right()            ? 1
                : farBox.bottom() < view.top()            ? 2
                                                          : 3;
            const std::int32_t group = destinationOf(other);
            Lead &s = leads[{n, group, side}];
            if (!s.links)
                s.from = anchor(n, l, other);
            s.toSum += anchor(other, l, n);
            ++s.links;
            s.failedLinks += failed[static_cast<size_t>(l)];
            s.inCut = s.inCut || cut[static_cast<size_t>(l)];
            s.selected = s.selected || canvas.m_selectedLinks[static_cast<size_t>(l)];
            s.degraded = s.degraded || degraded[static_cast<size_t>(l)];
            if (heat())
                s.hottest = std::max(s.hottest, linkHeat(l));
            if (diff)
                s.mark = std::max(s.mark, static_cast<int>(diff->link(l)));
            if (health)
                s.state = std::max(s.state, static_cast<int>(health->link(l)));
            edges[{group, side}].far.push_back(other);
        }
    }
    std::vector<QLineF> leadLines[2]; // [1]: drawn 2 px wide, several links behind the lead
    for (auto &[key, s] : leads) {
        QLineF line(s.from, s.toSum / s.links);
        if (!clipLine(line, view))
            continue;
        // What is left runs from the near end (or where it enters the view)
        // to where it leaves the view: p2, where the destination is named.
        Edge &e = edges[{std::get<1>(key), std::get<2>(key)}];
        e.xSum += line.p2().x();
        e.ySum += line.p2().y();
        ++e.exits;
        if (s.selected)
            selectedLines.push_back(line);
        if (s.degraded && s.failedLinks < s.links)
            slow.push_back(line);
        if (health && s.state >= HealthOverlay::Slow)
            healthLines[s.state].push_back(line); // a live problem shows over a diff
        else if (s.mark)
            diffLines[s.mark - 1].push_back(line);
        else if (health)
            healthLines[s.state].push_back(line);
        else if (s.failedLinks == s.links)
            down.push_back(line);
        else if (heat())
            heatLines[static_cast<size_t>(heatBand(s.hottest))].push_back(line);
        else if (s.inCut)
            hot.push_back(line);
        else
            leadLines[s.links > 1 ? 1 : 0].push_back(line);
        if (s.failedLinks > 0 && s.failedLinks < s.links)
            down.push_back(line);
    }
    // Cosmetic 1-pixel pens take Qt's fast stroker; wide antialiased pens cost
    // ~10x more per line, so only highlights are drawn wider.
    const double width = 1.0;
    p.setPen(QPen(lineColour(), width));
    drawLines(std::move(normal));
    drawLines(std::move(leadLines[0]));
    p.save(); // a wide antialiased pen costs ~10x a cosmetic one per line
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(lineColour(), 2.0));
    drawLines(std::move(leadLines[1]));
    p.restore();
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
    std::vector<double> labelRight; ///< per row: right edge of the last switch label drawn
    QColor labelBack = canvas.palette().color(QPalette::Base);
    labelBack.setAlpha(200);
    for (const NodeIndex n : visible) {
        const QRectF r = map(layout.nodeRect(n));
        const bool selected = canvas.m_selectedNodes[static_cast<size_t>(n)];
        if (fabric.isHost(n)) {
            const Host &h = fabric.host(n);
            bool hostDown = !fabric.incidentLinks(n).empty();
            for (const auto l : fabric.incidentLinks(n))
                hostDown = hostDown && failed[static_cast<size_t>(l)];
            const int mark = diff ? diff->node(n) : 0;
            p.setPen(QPen(selected   ? highlight
                              : mark ? diffColour(mark)
                                     : (hostDown ? failedLine() : lineColour().darker(140)),
                          selected   ? 2.5
                              : mark ? 2.0
                                     : 1.0));
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
                p.fillRect(QRectF(r.left() + 1, r.bottom() - fm.height() - 1, r.width() - 2, fm.height()), hostFill());
                p.drawText(QRectF(r.left(), r.bottom() - fm.height() - 1, r.width(), fm.height()), Qt::AlignCenter,
                           QString::fromStdString(h.id));
            }
            // The rack's name over its column, at the first (top) host of the rack.
            if (layout.nodeRect(n).top() < 0.5 && !h.location.rack.empty()) {
                const QString rack = QString::fromStdString(h.location.rack);
                if (fm.horizontalAdvance(rack) + 6 <= FabricLayout::rackPitch * zoom) {
                    // Above an NVLink domain's outline when the rack's hosts have one.
                    const bool inDomain = static_cast<size_t>(n) < canvas.m_domainOfHost.size()
                        && canvas.m_domainOfHost[static_cast<size_t>(n)] >= 0;
                    const double lift = (r.width() >= 20 ? 2 : 0) + (inDomain ? domainPad() + 1 : 0);
                    p.setPen(textColour());
                    p.drawText(QPointF(r.left(), r.top() - 4 - lift), rack);
                }
            }
        } else {
            const auto s = fabric.switchIndexOf(n);
            const Switch &sw = fabric.switchAt(s);
            const int mark = diff ? diff->node(n) : 0;
            p.setPen(QPen(selected   ? highlight
                              : mark ? diffColour(mark)
                                     : lineColour().darker(160),
                          selected   ? 2.5
                              : mark ? 2.0
                                     : 1.0));
            p.setBrush(diff ? diffFill(mark, false) : switchColour(s));
            p.drawRoundedRect(r, 2, 2);
            if (canvas.m_document->isSwitchFailed(s)) {
                p.setPen(QPen(Qt::white, 1.5));
                p.drawLine(r.topLeft(), r.bottomRight());
                p.drawLine(r.topRight(), r.bottomLeft());
            }
            if (health && health->isSuspect(n))
                drawSuspect(r);
            // The id above the box when it fits the switch's slot and does not
            // run into its neighbour's ("spine-1spine-2"), on a backing that
            // keeps it readable over the links (a failed switch's dashed ones).
            const QString id = QString::fromStdString(sw.id);
            const double w = fm.horizontalAdvance(id);
            const auto row = static_cast<size_t>(std::max(0, layout.rowOf(n)));
            if (labelRight.size() <= row)
                labelRight.resize(row + 1, std::numeric_limits<double>::lowest());
            const QRectF label(r.center().x() - w / 2 - 2, r.top() - 3 - fm.ascent() - 1, w + 4, fm.height());
            if (w <= r.width() * 1.2 + 2 && label.left() >= labelRight[row] + 3) {
                labelRight[row] = label.right();
                p.fillRect(label, labelBack);
                p.setPen(textColour());
                p.drawText(QPointF(r.center().x() - w / 2, r.top() - 3), id);
            }
        }
    }
    drawDomainLabels(domains);
    // The scalable units, pods and zones of the hosts in view, named under
    // them (below the NVLink domains' labels when there are some).
    if (text && layout.levels().size() > 2) {
        double hostsBottom = -1.0;
        for (const NodeIndex n : visible)
            if (fabric.isHost(n))
                hostsBottom = std::max(hostsBottom, map(layout.nodeRect(n)).bottom());
        if (hostsBottom >= 0) {
            QFont spanFont = canvas.font();
            spanFont.setPointSizeF(std::max(7.0, spanFont.pointSizeF() * 0.85));
            p.setFont(spanFont);
            const QFontMetricsF sfm(spanFont);
            const double below = domains.empty() ? 6.0 : domainPad() + 2 * sfm.height() + 8;
            drawSpans(layout.levels()[2], hostsBottom + below, sfm);
        }
    }
    // The destinations of the off-screen ends, named at the view's edge.
    QFont edgeFont = canvas.font();
    edgeFont.setPointSizeF(std::max(7.0, edgeFont.pointSizeF() * 0.85));
    p.setFont(edgeFont);
    const QFontMetricsF efm(edgeFont);
    std::vector<QRectF> placed;
    if (canvas.m_reserved.isValid())
        placed.push_back(canvas.m_reserved);
    labelBack.setAlpha(235);
    for (auto &[key, e] : edges) {
        if (!e.exits)
            continue;
        std::sort(e.far.begin(), e.far.end());
        e.far.erase(std::unique(e.far.begin(), e.far.end()), e.far.end());
        const std::string &where = places[static_cast<size_t>(key.first / 8)];
        const auto count = static_cast<qlonglong>(e.far.size());
        const QString kind = kindName(key.first % 8, count);
        static const char *arrows[] = {"\u2190", "\u2192", "\u2191", "\u2193"};
        const QString arrow = QString::fromUtf8(arrows[key.second]);
        const QString text = where.empty()
            ? tr("%1 %2 %3").arg(arrow, QLocale().toString(count), kind)
            : tr("%1 %2 %3 of %4").arg(arrow).arg(QLocale().toString(count)).arg(kind, QString::fromStdString(where));
        const double w = efm.horizontalAdvance(text) + 8, h = efm.height() + 2;
        const QPointF at(e.xSum / e.exits, e.ySum / e.exits);
        QRectF r;
        if (key.second <= 1)
            r = QRectF(key.second == 0 ? target.left() + 4 : target.right() - w - 4,
                       std::clamp(at.y() - h / 2, target.top() + 2, target.bottom() - h - 2), w, h);
        else
            r = QRectF(std::clamp(at.x() - w / 2, target.left() + 2, target.right() - w - 2),
                       key.second == 2 ? target.top() + 4 : target.bottom() - h - 4, w, h);
        for (int tries = 0; tries < 40; ++tries) {
            const bool clash
                = std::any_of(placed.begin(), placed.end(), [&](const QRectF &o) { return o.intersects(r); });
            if (!clash)
                break;
            r.translate(key.second <= 1 ? 0 : w + 4, key.second <= 1 ? h + 2 : 0);
        }
        if (!r.intersects(target))
            continue;
        placed.push_back(r);
        p.setPen(QPen(lineColour(), 1.0));
        p.setBrush(labelBack);
        p.drawRoundedRect(r, 3, 3);
        p.setPen(textColour());
        p.drawText(r, Qt::AlignCenter, text);
    }
}

} // namespace Railyard
