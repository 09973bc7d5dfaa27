#include "views/docks/floorrunsmodel.h"

#include "core/model/fabric.h"

#include <QLocale>

namespace Railyard {

FloorRunsModel::FloorRunsModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void FloorRunsModel::setRuns(const Fabric &fabric, std::shared_ptr<const FloorReport> report,
                             std::vector<std::int32_t> links)
{
    beginResetModel();
    m_report = std::move(report);
    m_links.clear();
    m_ids.clear();
    if (m_report)
        for (const std::int32_t l : links)
            if (l >= 0 && size_t(l) < m_report->cables.runs.size() && l < fabric.linkCount()) {
                m_links.push_back(l);
                m_ids.push_back(QString::fromStdString(fabric.link(l).id));
            }
    endResetModel();
}

int FloorRunsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_links.size());
}

int FloorRunsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FloorRunsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const CableRun &run = m_report->cables.runs[size_t(m_links[size_t(index.row())])];
    if (role == Qt::TextAlignmentRole) {
        const int c = index.column();
        return c == LengthColumn || c == StockColumn || c == PriceColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                        : QVariant();
    }
    if (role == Qt::ToolTipRole && (index.column() == RouteColumn || index.column() == PartColumn)) {
        if (!run.problem.empty())
            return QString::fromStdString(run.problem);
        return index.column() == RouteColumn
            ? QString::fromStdString(run.route)
            : (run.choice.part ? QString::fromStdString(run.choice.part->description) : QVariant());
    }
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    const bool sortKey = role == Qt::EditRole;
    const QLocale locale;
    switch (index.column()) {
    case LinkColumn: return m_ids[index.row()];
    case FromColumn: return QStringLiteral("%1 U%2").arg(QString::fromStdString(run.aRack)).arg(int(run.aUnit));
    case ToColumn: return QStringLiteral("%1 U%2").arg(QString::fromStdString(run.bRack)).arg(int(run.bUnit));
    case LengthColumn: return sortKey ? QVariant(run.metres) : QVariant(locale.toString(run.metres, 'f', 2));
    case StockColumn:
        if (!run.choice.part)
            return QVariant();
        return sortKey ? QVariant(run.choice.stockM) : QVariant(locale.toString(run.choice.stockM, 'g', 4));
    case PartColumn:
        return run.choice.part ? QString::fromStdString(run.choice.part->slug) : tr("none reaches");
    case PriceColumn:
        if (!run.choice.part)
            return QVariant();
        return sortKey ? QVariant(run.choice.price) : QVariant(locale.toString(run.choice.price, 'f', 0));
    case RouteColumn: return QString::fromStdString(run.problem.empty() ? run.route : run.problem);
    default: return {};
    }
}

QVariant FloorRunsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case LinkColumn: return tr("Link");
    case FromColumn: return tr("From");
    case ToColumn: return tr("To");
    case LengthColumn: return tr("Run (m)");
    case StockColumn: return tr("Stock (m)");
    case PartColumn: return tr("Part");
    case PriceColumn: return tr("Price");
    case RouteColumn: return tr("Route");
    default: return {};
    }
}

} // namespace Railyard
