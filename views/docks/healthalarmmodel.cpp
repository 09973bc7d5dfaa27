#include "views/docks/healthalarmmodel.h"

#include <QDateTime>

#include <cmath>

namespace Railyard {

HealthAlarmModel::HealthAlarmModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

QString HealthAlarmModel::slowdownText(double slowdown)
{
    return std::isfinite(slowdown) ? tr("×%1").arg(slowdown, 0, 'f', 2) : tr("stalled");
}

QString HealthAlarmModel::ranksText(const std::vector<std::int64_t> &ranks)
{
    QStringList parts;
    for (size_t i = 0; i < ranks.size() && i < 6; ++i)
        parts << QString::number(ranks[i]);
    if (ranks.size() > 6)
        parts << tr("… (%n ranks)", nullptr, static_cast<int>(ranks.size()));
    return parts.join(QStringLiteral(", "));
}

void HealthAlarmModel::setReport(std::shared_ptr<const HealthReport> report, const Fabric *fabric,
                                 const JobHostMap &jobHosts)
{
    beginResetModel();
    m_rows.clear();
    if (report) {
        m_rows.reserve(report->detections.size());
        for (const HealthDetection &d : report->detections) {
            QStringList jobs;
            for (const JobImpact &j : d.jobs)
                jobs << (std::isfinite(j.slowdown)
                             ? tr("%1 %2 as routed; %3 with adaptive routing")
                                   .arg(QString::fromStdString(j.name), slowdownText(j.slowdown),
                                        slowdownText(j.adaptiveSlowdown))
                             : tr("%1 %2").arg(QString::fromStdString(j.name), slowdownText(j.slowdown)));
            QString since = tr("interval %1").arg(d.alarm.firstInterval);
            if (d.alarm.firstTime >= 1e9) // a wall-clock source time
                since += tr(" at %1").arg(QDateTime::fromMSecsSinceEpoch(qint64(d.alarm.firstTime * 1000.0))
                                              .toString(QStringLiteral("HH:mm:ss")));
            else if (d.alarm.firstTime > 0)
                since += tr(" (t+%1 s)").arg(d.alarm.firstTime, 0, 'f', 1);
            if (!d.alarm.active())
                since += tr(" (cleared at interval %1)").arg(d.alarm.clearedInterval);
            Row row;
            row.texts[KindColumn] = QString::fromUtf8(alarmKindName(d.alarm.kind));
            row.texts[SeverityColumn] = severityText(d.severity);
            row.severity = int(d.severity);
            row.texts[ElementColumn] = QString::fromStdString(d.alarm.element);
            row.texts[SinceColumn] = since;
            if (d.alarm.firstTime >= 1e9)
                row.sinceTip = QString::fromStdString(sourceTimeText(d.alarm.firstTime));
            row.texts[JobsColumn] = jobs.join(QStringLiteral(", "));
            row.texts[RanksColumn] = ranksText(detectionRanks(d));
            row.focus = fabric ? QString::fromStdString(detectionFocus(d, *fabric, jobHosts))
                               : QString::fromStdString(d.alarm.element);
            row.active = d.alarm.active();
            m_rows.push_back(std::move(row));
        }
    }
    endResetModel();
}

QString HealthAlarmModel::severityText(AlarmSeverity severity)
{
    switch (severity) {
    case AlarmSeverity::Stalled: return tr("stalled");
    case AlarmSeverity::Slowdown: return tr("slowdown");
    case AlarmSeverity::Unknown: return tr("unknown: no job known");
    case AlarmSeverity::None: break;
    }
    return tr("no job impact");
}

int HealthAlarmModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HealthAlarmModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HealthAlarmModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const Row &row = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole: return row.texts[index.column()];
    case Qt::ToolTipRole:
        if (index.column() == SinceColumn && !row.sinceTip.isEmpty())
            return row.sinceTip;
        return row.texts[index.column()];
    case Qt::ForegroundRole:
        if (!row.active && m_cleared.isValid())
            return QVariant(m_cleared);
        if (index.column() == SeverityColumn && row.severity == int(AlarmSeverity::Stalled))
            return QColor(0xc0, 0x20, 0x20);
        if (index.column() == SeverityColumn && row.severity == int(AlarmSeverity::Slowdown))
            return QColor(0xb0, 0x60, 0x00);
        return {};
    case SeverityRole: return row.severity;
    case FocusRole: return row.focus;
    case ActiveRole: return row.active;
    default: return {};
    }
}

QVariant HealthAlarmModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KindColumn: return tr("Kind");
    case SeverityColumn: return tr("Severity");
    case ElementColumn: return tr("Element");
    case SinceColumn: return tr("Since");
    case JobsColumn: return tr("Jobs (predicted step slowdown)");
    case RanksColumn: return tr("Ranks");
    default: return {};
    }
}

} // namespace Railyard
