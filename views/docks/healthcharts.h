#pragma once

// Time series of one link or rank for the Health dock (Qt Charts), drawn from
// the HealthMonitor's frame history: a link's throughput (the busier
// direction) against its running and nominal rate, and its errors, ECN
// marks and PFC pauses per second; a rank's busy step time and step counter.
// Gaps (missing samples, stale intervals) are breaks in the lines.

#include "core/health/telemetry.h"

#include <QWidget>

#include <deque>
#include <memory>

class QChart;
class QChartView;

namespace Railyard {

class HealthCharts : public QWidget
{
    Q_OBJECT
public:
    explicit HealthCharts(QWidget *parent = nullptr);

    using History = std::deque<std::shared_ptr<const TelemetryFrame>>;
    /// Shows link `link` (index into Fabric::links(), `id` its name).
    void showLink(std::int32_t link, const QString &id, const History &history);
    /// Shows rank `rank` of job `job`.
    void showRank(const QString &job, std::int64_t rank, const History &history);
    void clear();
    /// The title of the upper chart (for tests).
    QString title() const;

private:
    QChartView *m_upper = nullptr;
    QChartView *m_lower = nullptr;
};

} // namespace Railyard
