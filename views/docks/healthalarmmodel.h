#pragma once

// The Health dock's alarms as an item model: one row per detection of the
// report shown, six columns (kind, severity from the jobs' impact, element,
// since — interval and source time —, jobs with their predicted slowdown as
// routed and with adaptive routing, ranks); cleared alarms greyed, stalled
// and slowing alarms coloured. FocusRole gives what a
// double-click focuses on the canvas (core/health/healthfocus.h).

#include "core/health/healthfocus.h"

#include <QAbstractTableModel>
#include <QColor>

#include <memory>

namespace Railyard {

class HealthAlarmModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { KindColumn, SeverityColumn, ElementColumn, SinceColumn, JobsColumn, RanksColumn, ColumnCount };
    enum Role {
        FocusRole = Qt::UserRole, ///< QString: the element a double-click focuses
        ActiveRole,               ///< bool: the alarm has not cleared
        SeverityRole,             ///< int: AlarmSeverity (None, Slowdown, Stalled)
    };

    explicit HealthAlarmModel(QObject *parent = nullptr);

    /// Shows `report`'s detections on `fabric` (the focus of rank alarms
    /// needs the jobs' hosts); a null report empties the model.
    void setReport(std::shared_ptr<const HealthReport> report, const Fabric *fabric, const JobHostMap &jobHosts);
    /// The colour of cleared alarms' text.
    void setClearedColour(const QColor &colour) { m_cleared = colour; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// "none", "slowdown", "stalled", translated.
    static QString severityText(AlarmSeverity severity);
    /// "×1.42" or "stalled"; "3, 7, … (12 ranks)".
    static QString slowdownText(double slowdown);
    static QString ranksText(const std::vector<std::int64_t> &ranks);

private:
    struct Row
    {
        QString texts[ColumnCount];
        QString focus;
        bool active = true;
        int severity = 0;
        QString sinceTip; ///< the source time in UTC and local time
    };
    std::vector<Row> m_rows;
    QColor m_cleared;
};

} // namespace Railyard
