#include "views/docks/analysischarts.h"

#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsScene>
#include <QLocale>
#include <QPainter>
#include <QPalette>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QHorizontalBarSeries>
#include <QtCharts/QLegend>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>
#include <vector>

namespace Railyard {

namespace {

const TierOversubscription *findTier(const AnalysisReport *report, Tier tier)
{
    if (!report)
        return nullptr;
    for (const auto &t : report->oversubscription.tiers)
        if (t.tier == tier)
            return &t;
    return nullptr;
}

QChart *newChart(const QString &title, QChart::ChartTheme theme)
{
    auto *chart = new QChart;
    chart->setTheme(theme);
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
    chart->legend()->setFont(legendFont);
    QFont font = chart->titleFont();
    font.setBold(true);
    chart->setTitleFont(font);
    return chart;
}

/// A value axis from 0 to a round number at or above max.
QValueAxis *valueAxis(double max, const QString &title, const QString &format)
{
    auto *axis = new QValueAxis;
    axis->setRange(0.0, max > 0.0 ? max : 1.0);
    axis->applyNiceNumbers();
    axis->setTitleText(title);
    axis->setLabelFormat(format);
    return axis;
}

void attach(QChart *chart, QAbstractBarSeries *series, QAbstractAxis *categoryAxis, QAbstractAxis *valueAxis,
            Qt::Alignment categoryAlignment, Qt::Alignment valueAlignment)
{
    chart->addSeries(series);
    chart->addAxis(categoryAxis, categoryAlignment);
    chart->addAxis(valueAxis, valueAlignment);
    series->attachAxis(categoryAxis);
    series->attachAxis(valueAxis);
}

/// Removes trailing zeros of a fixed-point locale number: "1.50" → "1.5", "2.00" → "2".
QString compactNumber(double value, int decimals)
{
    const QLocale locale;
    QString text = locale.toString(value, 'f', decimals);
    const QString point = locale.decimalPoint();
    if (decimals > 0 && text.contains(point)) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(point.size());
    }
    return text;
}

/// Bars whose value is off the axis (an infinite ratio).
QColor offScaleColour()
{
    return QColor(190, 30, 60);
}

/// Value labels drawn above each bar by the chart itself: "∞" over an
/// infinite value (its bar reaches the top of the axis in the off-scale
/// colour), nothing for a missing one, and a label that would overlap its
/// neighbour in the same category moves up. values[set][category].
void addValueLabels(QChart *chart, QBarSeries *series, const QValueAxis *axis,
                    const std::vector<std::vector<double>> &values, int decimals)
{
    std::vector<QGraphicsSimpleTextItem *> items; // owned by the chart
    for (const auto &set : values)
        for (const double v : set) {
            QGraphicsSimpleTextItem *item = nullptr;
            if (!std::isnan(v)) {
                item = new QGraphicsSimpleTextItem(std::isinf(v) ? QStringLiteral("\u221e") : compactNumber(v, decimals),
                                                   chart);
                item->setBrush(std::isinf(v) ? QBrush(Qt::white) : axis->labelsBrush());
                QFont f = axis->labelsFont();
                if (std::isinf(v)) // inside the top of its off-scale bar
                    f.setBold(true);
                item->setFont(f);
                item->setZValue(10);
            }
            items.push_back(item);
        }
    const double top = axis->max();
    auto relayout = [chart, series, values, items, top] {
        const int sets = static_cast<int>(values.size());
        const int categories = sets ? static_cast<int>(values.front().size()) : 0;
        for (int c = 0; c < categories; ++c) {
            const QPointF base = chart->mapToPosition(QPointF(c, 0), series);
            const double categoryWidth = chart->mapToPosition(QPointF(c + 1, 0), series).x() - base.x();
            const double groupWidth = categoryWidth * series->barWidth();
            QRectF previous;
            for (int s = 0; s < sets; ++s) {
                QGraphicsSimpleTextItem *item = items[static_cast<size_t>(s * categories + c)];
                if (!item)
                    continue;
                const double v = values[static_cast<size_t>(s)][static_cast<size_t>(c)];
                const double x = base.x() - groupWidth / 2 + (s + 0.5) * groupWidth / sets;
                const double y = chart->mapToPosition(QPointF(c, std::isinf(v) ? top : std::min(v, top)), series).y();
                const QRectF r = item->boundingRect();
                QRectF at(x - r.width() / 2, y - r.height() - 1, r.width(), r.height());
                if (std::isinf(v)) {
                    at.moveTop(y + 1);
                } else {
                    if (previous.isValid() && at.intersects(previous))
                        at.moveBottom(previous.top() - 1);
                    previous = at;
                }
                item->setPos(at.topLeft());
            }
        }
    };
    QObject::connect(chart, &QChart::plotAreaChanged, chart, relayout);
    relayout();
}

} // namespace

QChart::ChartTheme AnalysisCharts::themeFor(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128 ? QChart::ChartThemeDark : QChart::ChartThemeLight;
}

QChart *AnalysisCharts::oversubscriptionChart(const AnalysisReport &baseline, const AnalysisReport *whatIf,
                                              QChart::ChartTheme theme)
{
    QChart *chart = newChart(tr("Oversubscription per tier (down : up)"), theme);
    struct Row
    {
        QString category;
        double values[4];
    };
    std::vector<Row> rows;
    double maxFinite = 1.0;
    bool clipped = false;
    for (const auto &t : baseline.oversubscription.tiers) {
        if (std::isnan(t.ratio) && std::isnan(t.worstRatio))
            continue; // top tier: no uplinks by design
        const TierOversubscription *w = findTier(whatIf, t.tier);
        Row row{tierLabel(t.tier), {t.ratio, t.worstRatio, w ? w->ratio : qQNaN(), w ? w->worstRatio : qQNaN()}};
        for (double v : row.values) {
            if (std::isfinite(v))
                maxFinite = std::max(maxFinite, v);
            else if (std::isinf(v))
                clipped = true;
        }
        rows.push_back(row);
    }
    // Infinite ratios (a switch without uplinks) are drawn to the top of the axis.
    const double top = clipped ? maxFinite * 1.5 : maxFinite * 1.15;
    const QString names[4] = {tr("aggregate"), tr("worst switch"), tr("aggregate, what-if"),
                              tr("worst, what-if")};
    const int setCount = whatIf ? 4 : 2;
    auto *series = new QBarSeries;
    QStringList categories;
    for (const auto &row : rows)
        categories << row.category;
    for (int s = 0; s < setCount; ++s) {
        auto *set = new QBarSet(names[s]);
        for (const auto &row : rows) {
            const double v = row.values[s];
            *set << (std::isnan(v) ? 0.0 : std::isinf(v) ? top : v);
        }
        series->append(set);
    }
    auto *axisX = new QBarCategoryAxis;
    axisX->append(categories);
    QValueAxis *axisY = valueAxis(top, tr("ratio (x : 1)"), QStringLiteral("%.1f"));
    attach(chart, series, axisX, axisY, Qt::AlignBottom, Qt::AlignLeft);
    // An infinite ratio (no uplink left) is an off-scale bar marked "∞" in its
    // own colour, never a finite number.
    std::vector<std::vector<double>> labelValues(static_cast<size_t>(setCount));
    for (int s = 0; s < setCount; ++s) {
        QBarSet *set = series->barSets().at(s);
        set->setSelectedColor(offScaleColour());
        for (size_t r = 0; r < rows.size(); ++r) {
            const double v = rows[r].values[s];
            labelValues[static_cast<size_t>(s)].push_back(v);
            if (std::isinf(v)) {
                set->replace(static_cast<int>(r), axisY->max()); // to the top of the (rounded) axis
                set->selectBar(static_cast<int>(r));
            }
        }
    }
    addValueLabels(chart, series, axisY, labelValues, 2);
    if (rows.empty())
        chart->setTitle(tr("Oversubscription per tier: no tier below the top"));
    return chart;
}

QChart *AnalysisCharts::capacityChart(const AnalysisReport &baseline, const AnalysisReport *whatIf,
                                      QChart::ChartTheme theme)
{
    QChart *chart = newChart(tr("Capacity per tier (Tbit/s per direction)"), theme);
    auto *series = new QBarSeries;
    auto *down = new QBarSet(tr("down"));
    auto *up = new QBarSet(tr("up"));
    QBarSet *downWhatIf = whatIf ? new QBarSet(tr("down, what-if")) : nullptr;
    QBarSet *upWhatIf = whatIf ? new QBarSet(tr("up, what-if")) : nullptr;
    QStringList categories;
    double max = 0.0;
    for (const auto &t : baseline.oversubscription.tiers) {
        categories << tierLabel(t.tier);
        *down << t.downGbps / 1000.0;
        *up << t.upGbps / 1000.0;
        max = std::max({max, t.downGbps, t.upGbps});
        if (whatIf) {
            const TierOversubscription *w = findTier(whatIf, t.tier);
            *downWhatIf << (w ? w->downGbps / 1000.0 : 0.0);
            *upWhatIf << (w ? w->upGbps / 1000.0 : 0.0);
        }
    }
    series->append(down);
    series->append(up);
    if (whatIf) {
        series->append(downWhatIf);
        series->append(upWhatIf);
    }
    auto *axisX = new QBarCategoryAxis;
    axisX->append(categories);
    // Plain numbers with the locale's separators ("15,000", never "1.5e+04").
    chart->setLocalizeNumbers(true);
    attach(chart, series, axisX,
           valueAxis(max / 1000.0 * 1.15, tr("Tbit/s"), max / 1000.0 >= 10 ? QStringLiteral("%.0f") : QStringLiteral("%.1f")),
           Qt::AlignBottom, Qt::AlignLeft);
    // No value labels: four bars per tier leave no room; the axis reads well.
    return chart;
}

QChart *AnalysisCharts::bisectionChart(const AnalysisReport &baseline, const AnalysisReport *whatIf,
                                       QChart::ChartTheme theme)
{
    QChart *chart = newChart(tr("Bisection (% of full, per direction)"), theme);
    auto *series = new QHorizontalBarSeries;
    const double before = baseline.bisection.ratio * 100.0;
    auto *baseSet = new QBarSet(tr("baseline %1").arg(bisectionRatioText(baseline.bisection.ratio)));
    *baseSet << before;
    double max = std::max(100.0, before);
    QBarSet *whatIfSet = nullptr;
    if (whatIf) {
        const double after = whatIf->bisection.ratio * 100.0;
        whatIfSet = new QBarSet(tr("what-if %1").arg(bisectionRatioText(whatIf->bisection.ratio)));
        *whatIfSet << after;
        max = std::max(max, after);
    }
    // What-if first so the baseline draws on top (horizontal sets stack upward).
    if (whatIfSet)
        series->append(whatIfSet);
    series->append(baseSet);
    series->setBarWidth(0.8);
    auto *axisY = new QBarCategoryAxis;
    axisY->append(tr("bisection"));
    axisY->setVisible(false);
    auto *axisX = new QValueAxis;
    axisX->setRange(0.0, max > 100.0 ? std::ceil(max / 20.0) * 20.0 : 100.0);
    axisX->setTickCount(6);
    axisX->setLabelFormat(QStringLiteral("%.0f %%"));
    attach(chart, series, axisY, axisX, Qt::AlignLeft, Qt::AlignBottom);
    // Inside the bar end, in the theme's label colour meant for bars.
    series->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
    series->setLabelsFormat(tr("@value %"));
    series->setLabelsPrecision(4);
    series->setLabelsVisible(true);
    return chart;
}

QImage AnalysisCharts::renderChart(QChart *chart, const QSize &size)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QGraphicsScene scene;
    scene.addItem(chart); // the scene owns and deletes the chart
    chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
    if (chart->layout())
        chart->layout()->activate();
    scene.setSceneRect(QRectF(QPointF(0, 0), QSizeF(size)));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    scene.render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), scene.sceneRect());
    painter.end();
    return image;
}

QString AnalysisCharts::tierLabel(Tier tier)
{
    switch (tier) {
    case Tier::Leaf: return tr("leaf");
    case Tier::Spine: return tr("spine");
    case Tier::Core: return tr("core");
    case Tier::Unlayered: break;
    }
    return tr("switch");
}

QString AnalysisCharts::ratioText(double ratio)
{
    if (std::isnan(ratio))
        return QStringLiteral("—");
    if (std::isinf(ratio))
        return tr("no uplink");
    return tr("%1:1").arg(compactNumber(ratio, ratio < 10.0 ? 2 : 1));
}

QString AnalysisCharts::bisectionRatioText(double ratio)
{
    if (!std::isfinite(ratio))
        return QStringLiteral("—");
    const QString percent = tr("%1 %").arg(compactNumber(ratio * 100.0, 2));
    if (ratio <= 0.0)
        return percent;
    return tr("%1 (1:%2)").arg(percent, compactNumber(1.0 / ratio, 2));
}

QString AnalysisCharts::capacityText(double gbps)
{
    if (gbps > 10000.0)
        return tr("%1 Tbit/s").arg(compactNumber(gbps / 1000.0, 2));
    return tr("%1 Gbit/s").arg(compactNumber(gbps, 2));
}

QString AnalysisCharts::gbpsText(double gbps)
{
    return tr("%1 Gbit/s").arg(compactNumber(gbps, 2));
}

QString AnalysisCharts::exactGbpsText(double gbps)
{
    return QString::number(gbps, 'g', 15) + QStringLiteral(" Gbit/s");
}

QString AnalysisCharts::methodText(BisectionMethod method)
{
    switch (method) {
    case BisectionMethod::Exact: return tr("exact");
    case BisectionMethod::TierCuts: return tr("tier cuts");
    case BisectionMethod::Heuristic: return tr("heuristic");
    }
    return {};
}

QList<QImage> AnalysisCharts::reportImages(const AnalysisReport &baseline, const AnalysisReport *whatIf,
                                           const QSize &size)
{
    // Reports are read on white paper: always the light theme.
    const QChart::ChartTheme theme = QChart::ChartThemeLight;
    return {
        renderChart(oversubscriptionChart(baseline, whatIf, theme), size),
        renderChart(capacityChart(baseline, whatIf, theme), size),
        renderChart(bisectionChart(baseline, whatIf, theme), size),
    };
}

} // namespace Railyard
