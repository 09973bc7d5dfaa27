#include "views/dialogs/exploremodel.h"

#include <QFont>
#include <QLocale>

#include <cmath>

namespace Railyard {

ExploreResultModel::ExploreResultModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ExploreResultModel::setResult(std::shared_ptr<const ExploreResult> result)
{
    beginResetModel();
    m_result = std::move(result);
    endResetModel();
}

const ExploreScore *ExploreResultModel::score(int row) const
{
    if (!m_result || row < 0 || size_t(row) >= m_result->ranking.size())
        return nullptr;
    return &m_result->scored[size_t(m_result->ranking[size_t(row)])];
}

int ExploreResultModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_result ? 0 : int(m_result->ranking.size());
}

int ExploreResultModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ExploreResultModel::data(const QModelIndex &index, int role) const
{
    const ExploreScore *s = score(index.row());
    if (!s)
        return {};
    const QLocale locale;
    if (role == Qt::TextAlignmentRole)
        return index.column() == Design ? int(Qt::AlignLeft | Qt::AlignVCenter) : int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::FontRole && s->onFront) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == Bisection && !s->bisectionExact)
            return tr("An upper bound: the analysis found no exact method for this design.");
        if (index.column() == Step)
            return tr("A model estimate: the jobs' step communication time as the fabric routes.");
        if (index.column() == Design)
            return tr("Double-click to open this design as a new document.");
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Rank: return index.row() + 1;
    case Design: return QString::fromStdString(s->candidate.key());
    case Tiers: return s->candidate.tiers;
    case Switches: return locale.toString(qlonglong(s->switches));
    case Cost: return tr("%1 %2").arg(locale.toString(s->price, 'f', 0), QString::fromStdString(s->currency));
    case Power: return tr("%1 kW").arg(locale.toString(s->watts / 1000.0, 'f', 1));
    case Bisection:
        return tr("%1 %%2").arg(locale.toString(100.0 * s->bisectionRatio, 'f', 1),
                                s->bisectionExact ? QString() : tr(" (bound)"));
    case Step:
        return std::isfinite(s->stepMs) ? tr("%1 ms").arg(locale.toString(s->stepMs, 'f', 2)) : QStringLiteral("—");
    case Front: return s->onFront ? tr("yes") : QString();
    case ColumnCount: break;
    }
    return {};
}

QVariant ExploreResultModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Rank: return tr("#");
    case Design: return tr("Design");
    case Tiers: return tr("Tiers");
    case Switches: return tr("Switches");
    case Cost: return tr("Cost");
    case Power: return tr("Power");
    case Bisection: return tr("Bisection");
    case Step: return tr("Step (estimate)");
    case Front: return tr("Front");
    case ColumnCount: break;
    }
    return {};
}

} // namespace Railyard
