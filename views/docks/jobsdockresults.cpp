// JobsDock: the results of a placement (the step, its phases and collectives,
// the bytes per tier) and of a comparison (the rest is in jobsdock.cpp and
// jobsdockjob.cpp).

#include "views/docks/jobsdock.h"
#include "views/docks/jobsdock_p.h"

namespace Railyard {

using namespace JobsDockDetail;

namespace {

/// Milliseconds with three significant digits at least: 0.693, 6.93, 69.3, 693.
QString milliseconds(double seconds)
{
    const double ms = seconds * 1e3;
    const int decimals = ms >= 100 ? 0 : ms >= 10 ? 1 : ms >= 1 ? 2 : 3;
    return QString::number(ms, 'f', decimals);
}

} // namespace

QString JobsDock::Private::collectivesHtml() const
{
    // Each collective of the step by the collective model, one group alone, with
    // the interval its validation rows give (docs/model-validation.md).
    if (collectives.empty())
        return {};
    QString html = tr("<br><b>Collective model, one group alone</b> (validated interval)"
                      "<table cellspacing=\"0\" cellpadding=\"1\">");
    for (const PlacementCollectiveRow &r : collectives) {
        QString time;
        if (r.modelSeconds < 0)
            time = r.op == CommOp::P2p ? tr("no model for point-to-point sends")
                                       : QString::fromStdString(r.modelNote).left(120).toHtmlEscaped();
        else if (r.interval.validated)
            time = tr("%1 ms (%2–%3), %n validation row(s)", nullptr, r.interval.rows)
                       .arg(milliseconds(r.modelSeconds), milliseconds(r.interval.lowSeconds),
                            milliseconds(r.interval.highSeconds));
        else
            time = tr("%1 ms (outside every validated regime)").arg(milliseconds(r.modelSeconds));
        html += QStringLiteral("<tr><td>%1 %2</td><td>&nbsp;%3</td></tr>")
                    .arg(JobLabels::kind(r.kind), QString::fromLatin1(commOpName(r.op)).toHtmlEscaped(), time);
    }
    return html + QStringLiteral("</table>");
}

void JobsDock::Private::showResults()
{
    if (!evaluation) {
        resultsBox->hide();
        rankBox->hide();
        return;
    }
    const JobEvaluation &e = *evaluation;
    const Fabric &fabric = document->fabric();
    resultsBox->setTitle(
        tr("Step — %1 placement, %2")
            .arg(JobLabels::strategy(*placementStrategyFromName(e.placement.strategy)), routingLabel(e.routing)));
    QString html;
    if (e.routed()) {
        // The whole step first: what a training run takes; its communication
        // (every byte, as if nothing overlapped) beside it.
        if (step.computed) {
            stepTime->setText(tr("%1 s per step").arg(step.stepSeconds, 0, 'f', 2));
            html += tr("Compute %1 s at MFU %2, pipeline bubble %3 s, exposed communication %4 s (the step's MFU "
                       "%5). Step communication time %6 ms, every byte as if nothing overlapped:")
                        .arg(step.computeSeconds, 0, 'f', 2)
                        .arg(step.mfu, 0, 'f', 3)
                        .arg(step.bubbleSeconds, 0, 'f', 2)
                        .arg(step.exposedSeconds(), 0, 'f', 2)
                        .arg(step.stepMfu(), 0, 'f', 3)
                        .arg(e.stepCommTimeMs(), 0, 'f', 1);
        } else {
            stepTime->setText(tr("%1 ms communication per step").arg(e.stepCommTimeMs(), 0, 'f', 1));
            if (!step.problem.empty())
                html += tr("<i>The whole step is not known: %1.</i>")
                            .arg(QString::fromStdString(step.problem).left(200).toHtmlEscaped());
        }
        html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\">");
        for (const JobPhaseTime &ph : e.phases) {
            const QString link = ph.bottleneckLink >= 0 && ph.bottleneckLink < fabric.linkCount()
                ? QString::fromStdString(fabric.link(ph.bottleneckLink).id).toHtmlEscaped()
                : tr("—");
            html += tr("<tr><td>%1 phase</td><td align=\"right\">&nbsp;%2 ms</td><td>&nbsp;&nbsp;busiest: %3</td></tr>")
                        .arg(JobLabels::kind(ph.kind))
                        .arg(ph.seconds * 1e3, 0, 'f', 1)
                        .arg(link);
        }
        html += QStringLiteral("</table>");
        html += tr("Max link utilization: <b>%1 %</b> on <b>%2</b>")
                    .arg(e.maxUtilization * 100, 0, 'f', 1)
                    .arg(e.bottleneckLinkId.empty() ? tr("none")
                                                    : QString::fromStdString(e.bottleneckLinkId).toHtmlEscaped());
        if (e.unroutedFlows > 0)
            html += tr("<br><font color=\"#d04040\">%n flow(s) could not be routed.</font>", nullptr,
                       int(std::min<std::int64_t>(e.unroutedFlows, INT_MAX)));
        html += JobImpactText::html(impact, fabric);
        html += collectivesHtml();
    } else {
        stepTime->setText(tr("Not routed"));
        html += tr("Routing failed: %1").arg(QString::fromStdString(e.routingError).toHtmlEscaped());
    }
    html += tr("<br><b>Bytes per step by tier</b><table cellspacing=\"0\" cellpadding=\"1\">");
    for (int t = 0; t < flowTierCount; ++t)
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;%2</td></tr>")
                    .arg(JobLabels::tier(FlowTier(t)), formatBytes(e.tierBytes.bytes[size_t(t)]));
    html += tr("<tr><td><b>network total</b></td><td align=\"right\">&nbsp;<b>%1</b></td></tr></table>")
                .arg(formatBytes(e.tierBytes.network()));
    for (const std::string &w : e.placement.warnings)
        html += tr("<br><i>warning: %1</i>").arg(QString::fromStdString(w).toHtmlEscaped());
    resultsText->setText(html);
    resultsBox->show();

    rankBox->show();
    const QSignalBlocker block(rankSpin);
    rankSpin->setRange(0, int(e.placement.ranks.size()) - 1);
}

void JobsDock::Private::setStale(bool stale, const QString &why)
{
    staleLabel->setText(why.isEmpty() ? tr("The fabric changed since these results: press Place or Compare to re-evaluate.")
                                      : why);
    staleLabel->setVisible(stale);
    // Numbers of an older fabric stay readable but greyed, never passed off as current.
    resultsBox->setEnabled(!stale);
    compareBox->setEnabled(!stale);
    compareBox->setTitle(stale ? tr("Strategies × routing (stale)") : tr("Strategies × routing"));
}

void JobsDock::Private::showComparison()
{
    QStringList categories, series;
    for (PlacementStrategy st : kStrategies)
        categories << JobLabels::strategy(st);
    series = comparisonColumns;
    chartView->setData(tr("Step communication time (ms)"), tr("ms per step"), categories, series, comparison);

    // The exact figures (bar labels overlap at dock widths).
    QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\"><tr><th></th>");
    for (const QString &column : comparisonColumns)
        html += QStringLiteral("<th align=\"right\">&nbsp;%1</th>").arg(column.toHtmlEscaped());
    html += QStringLiteral("</tr>");
    for (size_t s = 0; s < std::size(kStrategies); ++s) {
        html += QStringLiteral("<tr><td>%1</td>").arg(JobLabels::strategy(kStrategies[s]).toHtmlEscaped());
        for (size_t m = 0; m < size_t(comparisonColumns.size()); ++m) {
            const size_t i = s * size_t(comparisonColumns.size()) + m;
            const bool ok = i < comparison.size() && std::isfinite(comparison[i]);
            html += QStringLiteral("<td align=\"right\">&nbsp;%1</td>")
                        .arg(ok ? tr("%1 ms").arg(comparison[i], 0, 'f', 1) : tr("failed"));
        }
        html += QStringLiteral("</tr>");
    }
    html += QStringLiteral("</table>");
    compareTable->setText(html);
    compareBox->show();
}

void JobsDock::Private::refreshChartTheme()
{
    if (!comparison.empty())
        showComparison();
}

} // namespace Railyard
