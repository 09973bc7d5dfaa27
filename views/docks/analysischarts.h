#pragma once

// Charts and number formats shared by the AnalysisDock and the
// ReportExporter, so the dock and the report show the same figures the same
// way. Builds charts from analysis reports only (plain data, no document).

#include "core/analysis/report.h"

#include <QCoreApplication>
#include <QImage>
#include <QString>

#include <QtCharts/QChart>

namespace Railyard {

class AnalysisCharts
{
    Q_DECLARE_TR_FUNCTIONS(AnalysisCharts)
public:
    /// QChart::ChartThemeDark when the palette's window colour is dark
    /// (lightness < 128), else ChartThemeLight.
    static QChart::ChartTheme themeFor(const QPalette &palette);

    /// Oversubscription per tier: sets "aggregate" and "worst switch" of the
    /// baseline, plus the same two of the what-if when whatIf is given.
    /// Top tiers (NaN ratio) are left out; infinite ratios are clipped to the
    /// axis. Caller owns the chart.
    static QChart *oversubscriptionChart(const AnalysisReport &baseline, const AnalysisReport *whatIf,
                                         QChart::ChartTheme theme);
    /// Down and up capacity per tier in Tbit/s (per direction), baseline and
    /// optionally what-if. Caller owns the chart.
    static QChart *capacityChart(const AnalysisReport &baseline, const AnalysisReport *whatIf,
                                 QChart::ChartTheme theme);
    /// Bisection ratio of baseline and what-if in % of full, on an axis to
    /// (at least) 100 %. Caller owns the chart.
    static QChart *bisectionChart(const AnalysisReport &baseline, const AnalysisReport *whatIf,
                                  QChart::ChartTheme theme);

    /// Renders a chart into an image of the given size and deletes it.
    static QImage renderChart(QChart *chart, const QSize &size);
    /// The three charts of a report (oversubscription, capacity, bisection)
    /// rendered in the light theme, for paper: the analysis dock's export and
    /// the report exporter use them.
    static QList<QImage> reportImages(const AnalysisReport &baseline, const AnalysisReport *whatIf, const QSize &size);

    // --- Formats -----------------------------------------------------------
    /// Translated tier name ("leaf", "spine", "core", "switch").
    static QString tierLabel(Tier tier);
    /// "3:1", "1.5:1", "0.5:1"; "—" for NaN; "no uplink" for +infinity.
    static QString ratioText(double ratio);
    /// Bisection ratio as "93.75 % (1:1.07)": percentage of full and 1:x
    /// where x = full / bisection; "1:1" when non-blocking.
    static QString bisectionRatioText(double ratio);
    /// Locale-formatted capacity per direction: "6,400 Gbit/s" up to
    /// 10,000 Gbit/s, "12.8 Tbit/s" above.
    static QString capacityText(double gbps);
    /// Locale-formatted Gbit/s, whatever the size: "6,400 Gbit/s".
    static QString gbpsText(double gbps);
    /// Exact locale-free Gbit/s figure: "6000 Gbit/s", "812.5 Gbit/s".
    static QString exactGbpsText(double gbps);
    /// "exact", "tier cuts", "heuristic" (translated).
    static QString methodText(BisectionMethod method);
};

} // namespace Railyard
