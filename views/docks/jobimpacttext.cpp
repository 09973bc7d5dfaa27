#include "views/docks/jobimpacttext.h"

#include <cmath>

namespace Railyard {

QString JobImpactText::html(const DegradationImpact &impact, const Fabric &fabric)
{
    if (impact.impairedLinks == 0)
        return {};
    const bool slower = impact.slowdown() > 1.0 + 1e-9;
    QString text = tr("<br><b>Impaired links</b>: %n failed or degraded link(s) carry this job's traffic. ", nullptr,
                      impact.impairedLinks);
    const RoutedSlowdown &own = impact.own;
    if (own.wholeStep())
        text += slower ? tr("<font color=\"#d04040\">Step %1× slower</font> than on the healthy fabric (%2 s, of "
                            "which %3 ms of communication; that communication %4×).")
                             .arg(impact.slowdown(), 0, 'f', 2)
                             .arg(own.healthyStepSeconds, 0, 'f', 2)
                             .arg(own.healthyCommSeconds * 1e3, 0, 'f', 1)
                             .arg(own.commSlowdown(), 0, 'f', 2)
                       : tr("No slowdown: the healthy fabric takes the same %1 s a step.").arg(own.healthyStepSeconds, 0, 'f', 2);
    else
        text += slower ? tr("<font color=\"#d04040\">Step communication %1× slower</font> than on the healthy fabric "
                            "(%2 ms; the whole step is not known: %3).")
                             .arg(impact.slowdown(), 0, 'f', 2)
                             .arg(own.healthyCommSeconds * 1e3, 0, 'f', 1)
                             .arg(QString::fromStdString(impact.stepProblem).toHtmlEscaped())
                       : tr("No slowdown: the healthy fabric takes the same %1 ms of step communication.")
                             .arg(own.healthyCommSeconds * 1e3, 0, 'f', 1);
    // As the fabric forwards and with adaptive routing, each against its own
    // healthy step: the two read in the same units.
    auto routed = [](const RoutedSlowdown &r) {
        const bool whole = r.wholeStep();
        const double healthy = whole ? r.healthyStepSeconds : r.healthyCommSeconds;
        const double now = whole ? r.stepSeconds : r.commSeconds;
        if (!std::isfinite(now))
            return tr("stalled (routing fails)");
        return whole ? tr("%1 s, %2× of its healthy %3 s").arg(now, 0, 'f', 2).arg(r.slowdown(), 0, 'f', 2).arg(healthy, 0, 'f', 2)
                     : tr("%1 ms of communication, %2× of its healthy %3 ms")
                           .arg(now * 1e3, 0, 'f', 1)
                           .arg(r.slowdown(), 0, 'f', 2)
                           .arg(healthy * 1e3, 0, 'f', 1);
    };
    if (impact.asRouted.computed())
        text += tr("<br>As the fabric routes (%1): %2.<br>With adaptive routing: %3.")
                    .arg(QString::fromLatin1(routingModeDescription(impact.asRouted.mode)).toHtmlEscaped(),
                         routed(impact.asRouted), routed(impact.adaptive));
    text += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\">");
    for (const ImpairedLinkCost &c : impact.links) {
        if (c.link < 0 || c.link >= fabric.linkCount())
            continue;
        const QString alone = std::isfinite(c.slowdownAlone) ? tr("%1× alone").arg(c.slowdownAlone, 0, 'f', 2)
                                                             : tr("disconnects the job alone");
        text += tr("<tr><td>%1</td><td align=\"right\">&nbsp;%2 of %3 Gbit/s</td><td>&nbsp;&nbsp;%4</td></tr>")
                    .arg(QString::fromStdString(fabric.link(c.link).id).toHtmlEscaped())
                    .arg(c.effectiveGbps)
                    .arg(c.nominalGbps)
                    .arg(alone);
    }
    text += QStringLiteral("</table>");
    return text;
}

} // namespace Railyard
