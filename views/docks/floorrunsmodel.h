#pragma once

// The cable runs the Floor dock lists: those of the selected devices, or,
// with nothing selected, the longest of the design. A thin table over the
// FloorReport's runs (core/floor/cableruns.h).

#include "core/bom/floorreport.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <memory>
#include <vector>

namespace Railyard {

class Fabric;

class FloorRunsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { LinkColumn, FromColumn, ToColumn, LengthColumn, StockColumn, PartColumn, PriceColumn, RouteColumn,
                  ColumnCount };
    explicit FloorRunsModel(QObject *parent = nullptr);

    /// Shows `links` (indices into the report's runs) of `fabric`.
    void setRuns(const Fabric &fabric, std::shared_ptr<const FloorReport> report, std::vector<std::int32_t> links);
    const std::vector<std::int32_t> &links() const { return m_links; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const FloorReport> m_report;
    std::vector<std::int32_t> m_links;
    QStringList m_ids;
};

} // namespace Railyard
