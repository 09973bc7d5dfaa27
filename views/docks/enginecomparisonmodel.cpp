#include "views/docks/enginecomparisonmodel.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

namespace Railyard {

EngineComparisonModel::EngineComparisonModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void EngineComparisonModel::setResults(std::vector<EngineResult> results)
{
    beginResetModel();
    m_results = std::move(results);
    endResetModel();
}

int EngineComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_results.size());
}

int EngineComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EngineComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_results.size()))
        return {};
    const EngineResult &r = m_results[size_t(index.row())];
    const QLocale locale;
    auto percent = [&locale](double share) { return tr("%1 %").arg(locale.toString(100.0 * share, 'f', 1)); };
    if (role == Qt::ToolTipRole && !r.error.empty())
        return QString::fromStdString(r.error);
    if (role == Qt::ForegroundRole && !r.error.empty() && index.column() != Engine)
        return QBrush(QColor(0xc0, 0x39, 0x2b));
    if (role == Qt::TextAlignmentRole)
        return index.column() == Engine || index.column() == Balance ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                                                      : int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    if (index.column() == Engine)
        return QString::fromStdString(r.engine);
    if (!r.report) {
        if (index.column() == Paths)
            return tr("failed: %1").arg(QString::fromStdString(r.error).left(80));
        return {};
    }
    const RoutingReport &report = *r.report;
    switch (index.column()) {
    case Paths:
        return tr("%1 of %2%3")
            .arg(locale.toString(qlonglong(report.paths.routed)), locale.toString(qlonglong(report.paths.pairs)),
                 report.paths.loops ? tr(", %1 loops").arg(report.paths.loops) : QString());
    case Balance: {
        if (report.balance.perfect())
            return tr("perfect");
        QStringList spans;
        for (const RoutingBalance::Group &g : report.balance.groups)
            spans << (g.minRoutes == g.maxRoutes ? QString::number(g.maxRoutes)
                                                 : QStringLiteral("%1–%2").arg(g.minRoutes).arg(g.maxRoutes));
        return tr("uneven: %1").arg(spans.join(QStringLiteral(", ")));
    }
    case Shift:
        return percent(r.shiftShare);
    case Random:
        return tr("%1 (%2)").arg(percent(report.bisection.meanShare), percent(report.bisection.p5Share));
    case JobStep:
        if (!report.job)
            return QStringLiteral("–");
        if (!report.job->error.empty())
            return tr("failed");
        return tr("%1 ms").arg(locale.toString(report.job->tablesMs, 'f', 1));
    case OpenSm:
        return tr("%1 s").arg(locale.toString(r.opensmSeconds, 'f', 1));
    default:
        return {};
    }
}

QVariant EngineComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Paths: return tr("HCA pairs whose path the tables deliver (loops counted apart)");
        case Balance: return tr("HCA destinations per switch port, per tier and direction (OpenSM's criterion)");
        case Shift: return tr("The shift pattern's delivered bandwidth as a share of the min-cut bisection");
        case Random: return tr("Random bisections: mean (5th percentile) share of the min-cut bisection");
        case JobStep: return tr("The current job's step communication time under these tables");
        case OpenSm: return tr("OpenSM's run to SUBNET UP under ibsim");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Engine: return tr("Engine");
    case Paths: return tr("Paths routed");
    case Balance: return tr("Balance");
    case Shift: return tr("Shift");
    case Random: return tr("Random (p5)");
    case JobStep: return tr("Job step");
    case OpenSm: return tr("OpenSM");
    default: return {};
    }
}

} // namespace Railyard
