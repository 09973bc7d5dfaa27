#include "views/docks/resiliencemodel.h"

#include <QLocale>
#include <QStringList>

#include <cmath>

namespace Railyard {

namespace {

QString failedText(const ScenarioOutcome &o)
{
    if (o.failed.empty())
        return ResilienceWorstModel::tr("nothing");
    QStringList ids;
    for (size_t i = 0; i < o.failed.size() && i < 3; ++i)
        ids << QString::fromStdString(o.failed[i]);
    QString text = ids.join(QStringLiteral(", "));
    if (o.failed.size() > 3)
        text += ResilienceWorstModel::tr(", … (%n in all)", nullptr, int(o.failed.size()));
    return text;
}

} // namespace

ResilienceWorstModel::ResilienceWorstModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ResilienceWorstModel::setStudy(std::shared_ptr<const StudyResult> study, const StudySummary &summary)
{
    beginResetModel();
    m_study = std::move(study);
    m_rows.clear();
    if (m_study)
        for (const std::int64_t position : summary.worst)
            if (position >= 0 && size_t(position) < m_study->outcomes.size())
                m_rows.push_back(position);
    endResetModel();
}

const ScenarioOutcome *ResilienceWorstModel::outcome(int row) const
{
    if (!m_study || row < 0 || size_t(row) >= m_rows.size())
        return nullptr;
    return &m_study->outcomes[size_t(m_rows[size_t(row)])];
}

int ResilienceWorstModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ResilienceWorstModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ResilienceWorstModel::data(const QModelIndex &index, int role) const
{
    const ScenarioOutcome *o = outcome(index.row());
    if (!o)
        return {};
    const QLocale locale;
    if (role == FailedIdsRole) {
        QStringList ids;
        for (const std::string &id : o->failed)
            ids << QString::fromStdString(id);
        return ids;
    }
    if (role == Qt::TextAlignmentRole && index.column() != Failed && index.column() != Class)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        if (index.column() == Failed || index.column() == Class) {
            QString tip = tr("Click to fail these elements as a what-if.");
            if (!o->members.empty())
                tip += QLatin1Char('\n') + tr("Every member of the class: %1").arg(QString::fromStdString(o->members).left(400));
            return tip;
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Rank: return index.row() + 1;
    case Failed: return failedText(*o);
    case Class: return QString::fromStdString(o->kind);
    case Scenarios: return locale.toString(o->weight, 'f', 0);
    case Bisection: return tr("%1 %").arg(locale.toString(o->bisectionPct, 'f', 2));
    case Tiers: {
        QStringList parts;
        for (const TierRatio &t : o->tiers)
            if (std::isfinite(t.ratio))
                parts << tr("%1 %2:1").arg(QString::fromLatin1(tierName(t.tier)), locale.toString(t.ratio, 'f', 2));
        return parts.join(QStringLiteral(", "));
    }
    case Slowdown:
        if (std::isnan(o->slowdown))
            return QStringLiteral("—");
        if (std::isinf(o->slowdown))
            return tr("cannot run");
        return tr("× %1%2").arg(locale.toString(o->slowdown, 'f', 4), o->replaced ? tr(" (re-placed)") : QString());
    case ColumnCount: break;
    }
    return {};
}

QVariant ResilienceWorstModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Rank: return tr("#");
    case Failed: return tr("Failed");
    case Class: return tr("Class");
    case Scenarios: return tr("Scenarios");
    case Bisection: return tr("Bisection");
    case Tiers: return tr("Oversubscription");
    case Slowdown: return tr("Step");
    case ColumnCount: break;
    }
    return {};
}

} // namespace Railyard
