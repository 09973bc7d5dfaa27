#include "views/docks/healthcharts.h"

#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>
#include <functional>

namespace Railyard {

namespace {

QChartView *newView(QWidget *parent)
{
    auto *view = new QChartView(new QChart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(120);
    view->chart()->setAnimationOptions(QChart::NoAnimation);
    view->chart()->setMargins(QMargins(2, 2, 2, 2));
    return view;
}

struct Curve
{
    QString name;
    std::function<double(const TelemetryFrame &)> value; ///< NaN = gap
};

/// Replaces the chart's series with one line per curve over the history;
/// a NaN value ends a segment (the gap stays visible).
void fill(QChart *chart, const QString &title, const QString &unit, const std::vector<Curve> &curves,
          const HealthCharts::History &history)
{
    chart->removeAllSeries();
    for (QAbstractAxis *axis : chart->axes())
        chart->removeAxis(axis);
    chart->setTitle(title);
    auto *x = new QValueAxis;
    x->setTitleText(HealthCharts::tr("interval"));
    x->setLabelFormat(QStringLiteral("%d"));
    auto *y = new QValueAxis;
    y->setTitleText(unit);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    double lo = 0, hi = 1, first = 0, last = 1;
    if (!history.empty()) {
        first = double(history.front()->interval);
        last = std::max(first + 1, double(history.back()->interval));
    }
    for (const Curve &curve : curves) {
        QLineSeries *series = nullptr;
        QColor colour;
        for (const auto &frame : history) {
            const double v = frame->stale ? std::nan("") : curve.value(*frame);
            if (!std::isfinite(v)) {
                series = nullptr;
                continue;
            }
            if (!series) {
                series = new QLineSeries;
                series->setName(curve.name);
                chart->addSeries(series);
                series->attachAxis(x);
                series->attachAxis(y);
                if (colour.isValid()) {
                    series->setColor(colour);
                    // Only the first segment of a curve keeps its legend entry.
                    const auto markers = chart->legend()->markers(series);
                    for (auto *m : markers)
                        m->setVisible(false);
                } else {
                    colour = series->color();
                }
            }
            series->append(double(frame->interval), v);
            hi = std::max(hi, v * 1.1);
            lo = std::min(lo, v);
        }
    }
    x->setRange(first, last);
    // Whole intervals only: a tick every 1, 2, 5, 10, ... intervals.
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(first);
    double step = 1;
    for (int i = 0; (last - first) / step > 8; ++i)
        step = std::pow(10.0, i / 3) * (i % 3 == 0 ? 2 : i % 3 == 1 ? 5 : 10);
    x->setTickInterval(step);
    y->setRange(lo, hi);
    y->applyNiceNumbers();
}

} // namespace

HealthCharts::HealthCharts(QWidget *parent)
    : QWidget(parent)
    , m_upper(newView(this))
    , m_lower(newView(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_upper);
    layout->addWidget(m_lower);
}

void HealthCharts::showLink(std::int32_t link, const QString &id, const History &history)
{
    const size_t l = static_cast<size_t>(link);
    auto sample = [l](const TelemetryFrame &f) -> const LinkSample * {
        return l < f.links.size() && f.links[l].present ? &f.links[l] : nullptr;
    };
    auto perSecond = [sample](auto field) {
        return [sample, field](const TelemetryFrame &f) {
            const LinkSample *s = sample(f);
            return s ? double(field(*s)) / std::max(1e-9, f.intervalSeconds) : std::nan("");
        };
    };
    fill(m_upper->chart(), tr("%1: throughput vs capacity").arg(id), tr("Gbit/s"),
         {{tr("throughput"),
           [sample](const TelemetryFrame &f) {
               const LinkSample *s = sample(f);
               return s ? std::max(s->bytesAtoB, s->bytesBtoA) * 8 / 1e9 / std::max(1e-9, f.intervalSeconds)
                        : std::nan("");
           }},
          {tr("running rate"),
           [sample](const TelemetryFrame &f) {
               const LinkSample *s = sample(f);
               return s ? double(s->rateGbps) : std::nan("");
           }},
          {tr("nominal rate"),
           [sample](const TelemetryFrame &f) {
               const LinkSample *s = sample(f);
               return s ? double(s->capacityGbps) : std::nan("");
           }}},
         history);
    fill(m_lower->chart(), tr("%1: errors, ECN and PFC").arg(id), tr("per second"),
         {{tr("symbol + receive errors"),
           perSecond([](const LinkSample &s) { return s.symbolErrors + s.receiveErrors; })},
          {tr("ECN marks"), perSecond([](const LinkSample &s) { return s.ecnMarked; })},
          {tr("PFC pauses"), perSecond([](const LinkSample &s) { return s.pfcPauses; })},
          {tr("link down events"), perSecond([](const LinkSample &s) { return s.linkDowned; })}},
         history);
}

void HealthCharts::showRank(const QString &job, std::int64_t rank, const History &history)
{
    const std::string name = job.toStdString();
    auto sample = [name, rank](const TelemetryFrame &f) -> const RankSample * {
        for (const JobRankSamples &j : f.jobs)
            if (j.jobName == name && rank >= 0 && static_cast<size_t>(rank) < j.ranks.size()
                && j.ranks[static_cast<size_t>(rank)].present)
                return &j.ranks[static_cast<size_t>(rank)];
        return nullptr;
    };
    const QString id = tr("%1 rank %2").arg(job).arg(rank);
    fill(m_upper->chart(), tr("%1: step time").arg(id), tr("seconds"),
         {{tr("busy step time"),
           [sample](const TelemetryFrame &f) {
               const RankSample *s = sample(f);
               return s ? s->stepSeconds : std::nan("");
           }}},
         history);
    fill(m_lower->chart(), tr("%1: step counter").arg(id), tr("step"),
         {{tr("step"),
           [sample](const TelemetryFrame &f) {
               const RankSample *s = sample(f);
               return s ? double(s->step) : std::nan("");
           }}},
         history);
}

void HealthCharts::clear()
{
    for (QChartView *view : {m_upper, m_lower}) {
        view->chart()->removeAllSeries();
        view->chart()->setTitle(tr("Select an alarm to see its series"));
    }
}

QString HealthCharts::title() const
{
    return m_upper->chart()->title();
}

} // namespace Railyard
