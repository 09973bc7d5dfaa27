#pragma once

#include "core/compare/designcomparison.h"

#include <QAbstractTableModel>

namespace Railyard {

/// The rows of a DesignComparison as a table: one row per figure, one column
/// per design. Later designs show their change against the first ("80
/// (−17 %)"), green when better and red when worse for that figure.
class DesignComparisonModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    void setComparison(DesignComparison comparison);
    const DesignComparison &comparison() const { return m_comparison; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The row's label, translated.
    QString rowLabel(const ComparisonRow &row) const;
    /// A value as the table shows it, without the change.
    static QString valueText(double value);

private:
    DesignComparison m_comparison;
};

} // namespace Railyard
