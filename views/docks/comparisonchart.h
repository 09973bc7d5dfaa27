#pragma once

#include <QtCharts/QChartView>

#include <vector>

namespace Railyard {

/// A grouped bar chart of one value per (category, series), e.g. step time
/// per placement strategy and routing mode, themed after the palette.
class ComparisonChart : public QChartView
{
    Q_OBJECT
public:
    explicit ComparisonChart(QWidget *parent = nullptr);

    /// values[c * series.size() + s]; NaN draws as 0.
    void setData(const QString &title, const QString &valueAxisTitle, const QStringList &categories,
                 const QStringList &series, const std::vector<double> &values);
};

} // namespace Railyard
