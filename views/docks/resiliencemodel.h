#pragma once

// The worst scenarios of a failure study, ranked (Resilience dock): what
// failed, the class and the scenarios it stands for (N-1, N-2), the bisection
// left and, with a job, the step slowdown. A thin item model over a core
// StudyResult and its StudySummary.

#include "core/resilience/resilience.h"

#include <QAbstractTableModel>

#include <memory>

namespace Railyard {

class ResilienceWorstModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Rank, Failed, Class, Scenarios, Bisection, Tiers, Slowdown, ColumnCount };
    /// Qt::UserRole on any column: the failed ids (QStringList).
    static constexpr int FailedIdsRole = Qt::UserRole;

    explicit ResilienceWorstModel(QObject *parent = nullptr);

    /// Shows a study's worst outcomes (summary.worst, in order); null clears.
    void setStudy(std::shared_ptr<const StudyResult> study, const StudySummary &summary);
    /// The outcome a row shows; nullptr for a bad row.
    const ScenarioOutcome *outcome(int row) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const StudyResult> m_study;
    std::vector<std::int64_t> m_rows; ///< outcome positions, worst first
};

} // namespace Railyard
