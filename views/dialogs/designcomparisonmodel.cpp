#include "views/dialogs/designcomparisonmodel.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

#include <cmath>

namespace Railyard {

void DesignComparisonModel::setComparison(DesignComparison comparison)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    endResetModel();
}

int DesignComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_comparison.rows.size());
}

int DesignComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_comparison.designs.size());
}

QString DesignComparisonModel::valueText(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    const QLocale locale;
    if (std::fabs(value) >= 100 || value == std::floor(value))
        return locale.toString(value, 'f', 0);
    return locale.toString(value, 'g', 3);
}

QVariant DesignComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const ComparisonRow &row = m_comparison.rows[size_t(index.row())];
    const double value = row.values[size_t(index.column())];
    const double change = row.change[size_t(index.column())];
    const bool changed = row.changed(size_t(index.column()));
    const QString flag = size_t(index.column()) < row.flags.size()
        ? QString::fromStdString(row.flags[size_t(index.column())])
        : QString();
    switch (role) {
    case Qt::DisplayRole: {
        QString text = valueText(value);
        if (changed)
            text += QStringLiteral(" (%1%2 %)")
                        .arg(change > 0 ? QStringLiteral("+") : QStringLiteral("−"))
                        .arg(QLocale().toString(std::fabs(change) * 100, 'f', 0));
        if (!flag.isEmpty())
            text += QStringLiteral(" *"); // not like for like: the tooltip says why
        return text;
    }
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole: {
        if (!changed || row.better == ComparisonRow::Better::Neither)
            return {};
        const bool better = (row.better == ComparisonRow::Better::Lower) == (change < 0);
        return QBrush(better ? QColor(0x1b, 0x7a, 0x2e) : QColor(0xb0, 0x20, 0x20));
    }
    case Qt::ToolTipRole:
        if (index.column() == 0)
            return tr("%1: the reference design").arg(QString::fromStdString(m_comparison.designs.front().label));
        if (!changed)
            return tr("Same as %1").arg(QString::fromStdString(m_comparison.designs.front().label));
        return tr("%1 %2 than %3")
                   .arg(QLocale().toString(std::fabs(change) * 100, 'f', 1) + QStringLiteral(" %"),
                        change > 0 ? tr("higher") : tr("lower"), QString::fromStdString(m_comparison.designs.front().label))
            + (flag.isEmpty() ? QString() : tr("\nNot like for like: %1").arg(flag.left(600)));
    default:
        return {};
    }
}

QVariant DesignComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Horizontal)
        return section < columnCount() ? QString::fromStdString(m_comparison.designs[size_t(section)].label) : QVariant();
    return section < rowCount() ? rowLabel(m_comparison.rows[size_t(section)]) : QVariant();
}

QString DesignComparisonModel::rowLabel(const ComparisonRow &row) const
{
    const QString key = QString::fromStdString(row.key);
    const QString currency = m_comparison.designs.empty() ? QString()
                                                          : QString::fromStdString(m_comparison.designs.front().currency);
    if (key == u"gpus")
        return tr("GPUs");
    if (key == u"hosts")
        return tr("Hosts");
    if (key == u"switches")
        return tr("Switches, all");
    if (key.startsWith(u"switches_model:"))
        return tr("Switches, %1").arg(key.mid(15));
    if (key.startsWith(u"switches_"))
        return tr("Switches, %1").arg(key.mid(9));
    if (key == u"cables")
        return tr("Cables");
    if (key == u"transceivers")
        return tr("Optics (transceivers)");
    if (key == u"price")
        return tr("Cost (%1)").arg(currency);
    if (key == u"watts")
        return tr("Power (kW)");
    if (key == u"bisection_gbps")
        return tr("Bisection (Tbit/s)");
    if (key == u"bisection_ratio")
        return tr("Bisection, share of full");
    if (key.startsWith(u"oversubscription_"))
        return tr("Oversubscription, %1 (:1)").arg(key.mid(17));
    if (key == u"step_ms")
        return tr("Step, as routed (ms)");
    if (key == u"comm_ms")
        return tr("Step communication, as routed (ms)");
    if (key == u"comm_ms_fluid")
        return tr("Step communication, ideal routing (ms)");
    return QString::fromStdString(row.label);
}

} // namespace Railyard
