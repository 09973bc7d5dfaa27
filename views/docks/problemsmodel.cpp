#include "views/docks/problemsmodel.h"

#include <QApplication>
#include <QStyle>

namespace Railyard {

ProblemsModel::ProblemsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    if (QStyle *style = QApplication::style()) {
        m_icons[0] = style->standardIcon(QStyle::SP_MessageBoxCritical);
        m_icons[1] = style->standardIcon(QStyle::SP_MessageBoxWarning);
        m_icons[2] = style->standardIcon(QStyle::SP_MessageBoxInformation);
    }
}

void ProblemsModel::setProblems(std::vector<ProblemRow> problems)
{
    beginResetModel();
    m_problems = std::move(problems);
    endResetModel();
}

int ProblemsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_problems.size());
}

int ProblemsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProblemsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_problems.size()))
        return {};
    const ProblemRow &p = m_problems[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole: return index.column() == MessageColumn ? p.text : p.elementId;
    case Qt::ToolTipRole: return index.column() == MessageColumn ? p.text : QVariant();
    case Qt::DecorationRole:
        return index.column() == MessageColumn ? QVariant(m_icons[int(p.severity)]) : QVariant();
    case ElementRole: return p.elementId;
    case InferenceRole: return p.inference;
    case SeverityRole: return int(p.severity);
    default: return {};
    }
}

QVariant ProblemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == MessageColumn ? tr("Message") : tr("Element");
}

ProblemsFilterModel::ProblemsFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{ }

void ProblemsFilterModel::setMinimumSeverity(ProblemRow::Severity severity)
{
    if (severity == m_minimum)
        return;
    m_minimum = severity;
    invalidateFilter();
}

void ProblemsFilterModel::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateFilter();
}

bool ProblemsFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *model = sourceModel();
    const QModelIndex message = model->index(sourceRow, ProblemsModel::MessageColumn, sourceParent);
    if (model->data(message, ProblemsModel::SeverityRole).toInt() > int(m_minimum))
        return false;
    if (m_text.isEmpty())
        return true;
    return model->data(message, Qt::DisplayRole).toString().contains(m_text, Qt::CaseInsensitive)
        || model->data(message, ProblemsModel::ElementRole).toString().contains(m_text, Qt::CaseInsensitive);
}

} // namespace Railyard
