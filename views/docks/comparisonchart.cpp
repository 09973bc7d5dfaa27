#include "views/docks/comparisonchart.h"

#include "views/docks/analysischarts.h"

#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace Railyard {

ComparisonChart::ComparisonChart(QWidget *parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(260);
    setFrameShape(QFrame::NoFrame);
}

void ComparisonChart::setData(const QString &title, const QString &valueAxisTitle, const QStringList &categories,
                              const QStringList &series, const std::vector<double> &values)
{
    auto *chart = new QChart;
    chart->setTheme(AnalysisCharts::themeFor(palette()));
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    auto *bars = new QBarSeries;
    double max = 0;
    for (qsizetype s = 0; s < series.size(); ++s) {
        auto *set = new QBarSet(series[s]);
        for (qsizetype c = 0; c < categories.size(); ++c) {
            const auto i = static_cast<size_t>(c * series.size() + s);
            const double v = i < values.size() && std::isfinite(values[i]) ? values[i] : 0.0;
            *set << v;
            max = std::max(max, v);
        }
        bars->append(set);
    }
    chart->addSeries(bars);
    auto *categoryAxis = new QBarCategoryAxis;
    categoryAxis->append(categories);
    chart->addAxis(categoryAxis, Qt::AlignBottom);
    bars->attachAxis(categoryAxis);
    auto *valueAxis = new QValueAxis;
    valueAxis->setRange(0, max > 0 ? max * 1.15 : 1.0);
    valueAxis->applyNiceNumbers();
    valueAxis->setLabelFormat(QStringLiteral("%.0f"));
    valueAxis->setTitleText(valueAxisTitle);
    chart->addAxis(valueAxis, Qt::AlignLeft);
    bars->attachAxis(valueAxis);
    QChart *old = this->chart();
    setChart(chart);
    delete old;
}

} // namespace Railyard
