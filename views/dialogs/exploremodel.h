#pragma once

// The designs of an exploration ranked by its objective (Explore Designs
// dialog): a thin table model over core's ExploreResult.

#include "core/explore/explorer.h"

#include <QAbstractTableModel>

#include <memory>

namespace Railyard {

class ExploreResultModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Rank, Design, Tiers, Switches, Cost, Power, Bisection, Step, Front, ColumnCount };

    explicit ExploreResultModel(QObject *parent = nullptr);

    void setResult(std::shared_ptr<const ExploreResult> result);
    const ExploreResult *result() const { return m_result.get(); }
    /// The score a row shows (rows follow the ranking), nullptr for a bad row.
    const ExploreScore *score(int row) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const ExploreResult> m_result;
};

} // namespace Railyard
