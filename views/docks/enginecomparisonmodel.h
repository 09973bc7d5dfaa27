#pragma once

// The Subnet Manager dock's engine table: one row per routing engine run on
// the design (core/fabricmanager/subnetrouting.h, EngineResult): paths
// routed, routing balance, the shift pattern's and random bisections' share
// of the min cut, the job's step under the tables, and OpenSM's time.

#include "core/fabricmanager/subnetrouting.h"

#include <QAbstractTableModel>

#include <vector>

namespace Railyard {

class EngineComparisonModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Engine, Paths, Balance, Shift, Random, JobStep, OpenSm, ColumnCount };

    explicit EngineComparisonModel(QObject *parent = nullptr);

    void setResults(std::vector<EngineResult> results);
    const std::vector<EngineResult> &results() const { return m_results; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<EngineResult> m_results;
};

} // namespace Railyard
