#include "views/docks/intentrulesview.h"

#include "core/intents/intentrulediff.h"
#include "views/canvas/colours.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHeaderView>
#include <QStyle>
#include <QStyledItemDelegate>

#include <algorithm>
#include <map>

namespace Railyard {

namespace {

QString pointerOf(bool deny, int index)
{
    return (deny ? QStringLiteral("/deny/") : QStringLiteral("/allow/")) + QString::number(index);
}

/// Row tint: the canvas's diff colours, faint, so the text stays readable.
QColor tint(IntentRulesView::Kind kind, const QColor &base)
{
    QColor c;
    switch (kind) {
    case IntentRulesView::Added: c = intentDiffColour(1); break;
    case IntentRulesView::Removed: c = intentDiffColour(2); break;
    case IntentRulesView::Changed:
    case IntentRulesView::Setting: c = intentDiffColour(3); break;
    case IntentRulesView::Reordered: c = intentDiffColour(0); break;
    case IntentRulesView::Unchanged: return {};
    }
    const double t = base.lightness() < 128 ? 0.35 : 0.18;
    return QColor::fromRgbF(base.redF() + (c.redF() - base.redF()) * t,
                            base.greenF() + (c.greenF() - base.greenF()) * t,
                            base.blueF() + (c.blueF() - base.blueF()) * t);
}

/// QTreeView asks for row heights without the column's width (so nothing
/// would wrap): this delegate gives it the width of the cell's column.
class WrappingDelegate : public QStyledItemDelegate
{
public:
    explicit WrappingDelegate(QTreeView *view)
        : QStyledItemDelegate(view)
        , m_view(view)
    {
    }
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyleOptionViewItem sized = option;
        // The style wraps only within a valid rectangle: any height will do.
        sized.rect = QRect(0, 0, m_view->columnWidth(index.column()), 1 << 16);
        return QStyledItemDelegate::sizeHint(sized, index);
    }

private:
    QTreeView *m_view;
};

} // namespace

IntentRulesView::IntentRulesView(QWidget *parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("IntentRules"));
    setRootIsDecorated(false);
    // Rows as tall as their wrapped policies: a dock is narrower than two
    // policies side by side.
    setUniformRowHeights(false);
    setWordWrap(true);
    setTextElideMode(Qt::ElideNone);
    setItemDelegate(new WrappingDelegate(this));
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setHeaderLabels({QString(), tr("Rule"), tr("Old"), tr("New"), tr("Change")});
    header()->setSectionResizeMode(QHeaderView::Interactive);
    header()->resizeSection(MarkColumn, 28);
    header()->setStretchLastSection(false);
}

bool IntentRulesView::viewportEvent(QEvent *event)
{
    const bool handled = QTreeWidget::viewportEvent(event);
    if (event->type() == QEvent::Resize)
        fitColumns();
    return handled;
}

void IntentRulesView::fitColumns()
{
    if (m_fitting)
        return;
    m_fitting = true;
    const int width = viewport()->width();
    const int mark = 28;
    const int minimum = fontMetrics().horizontalAdvance(QLatin1Char('m')) * 8;
    std::vector<int> shared;
    for (const int c : {int(OldColumn), int(NewColumn), int(ChangeColumn)})
        if (!isColumnHidden(c))
            shared.push_back(c);
    const int sharedMinimum = minimum * int(shared.size());
    // The rule column: up to a quarter, and never at the others' minimum's expense.
    // A pointer is one word: the column is at least as wide as the longest.
    const int rule = std::max(std::min({std::max({m_wanted[PointerColumn], minimum}),
                                        std::max(width / 4, m_pointerWidth), width - mark - sharedMinimum}),
                              minimum / 2);
    setColumnWidth(MarkColumn, mark);
    setColumnWidth(PointerColumn, rule);
    const int rest = std::max(sharedMinimum, width - mark - rule);
    // Each shared column gets its minimum, then the rest in proportion to
    // what it holds beyond that (all of it when everything fits); the last
    // column takes the remainder, so the columns end at the viewport's edge.
    int beyond = 0;
    for (const int c : shared)
        beyond += std::max(0, m_wanted[c] - minimum);
    const int spare = rest - sharedMinimum;
    int left = rest;
    for (size_t i = 0; i < shared.size(); ++i) {
        const int c = shared[i];
        int w = left;
        if (i + 1 < shared.size()) {
            const int extra = std::max(0, m_wanted[c] - minimum);
            w = minimum + (beyond <= spare ? extra : int(double(spare) * extra / std::max(beyond, 1)));
        }
        setColumnWidth(c, w);
        left -= w;
    }
    doItemsLayout(); // row heights follow the new wrap widths
    m_fitting = false;
}

QString IntentRulesView::policyText(const IntentRule &rule)
{
    return tr("%1 → %2 %3")
        .arg(QString::fromStdString(rule.from), QString::fromStdString(rule.to),
             QString::fromLatin1(intentProtocolName(rule.proto)));
}

void IntentRulesView::clearRules()
{
    clear();
    setHeaderLabels({QString(), tr("Rule"), tr("Old"), tr("New"), tr("Change")});
}

void IntentRulesView::addRow(Kind kind, const QString &pointer, const IntentRule *oldRule, const IntentRule *newRule,
                             const QString &change, const QString &oldText, const QString &newText)
{
    static const char *marks[] = {"", "+", "−", "~", "↕", "~"};
    auto *item = new QTreeWidgetItem(this);
    item->setText(MarkColumn, QString::fromUtf8(marks[kind]));
    item->setTextAlignment(MarkColumn, Qt::AlignCenter);
    const IntentRule *named = newRule ? newRule : oldRule;
    item->setText(PointerColumn,
                  named && !named->name.empty() ? pointer + QStringLiteral("  ") + QString::fromStdString(named->name)
                                                : pointer);
    item->setText(OldColumn, oldRule ? policyText(*oldRule) : oldText);
    item->setText(NewColumn, newRule ? policyText(*newRule) : newText);
    item->setText(ChangeColumn, change);
    item->setData(0, KindRole, int(kind));
    item->setData(0, PointerRole, pointer);
    auto tip = [](const IntentRule *rule, const QString &text) {
        if (!rule)
            return text;
        QString tip = policyText(*rule);
        if (!rule->name.empty())
            tip = QString::fromStdString(rule->name) + QStringLiteral(": ") + tip;
        if (!rule->comment.empty())
            tip += QStringLiteral("\n") + QString::fromStdString(rule->comment);
        return tip;
    };
    item->setToolTip(OldColumn, tip(oldRule, oldText));
    item->setToolTip(NewColumn, tip(newRule, newText));
    item->setToolTip(ChangeColumn, change);
    if (const QColor background = tint(kind, palette().color(QPalette::Base)); background.isValid())
        for (int c = 0; c < columnCount(); ++c)
            item->setBackground(c, background);
    if (kind != Unchanged) {
        QFont bold = font();
        bold.setBold(true);
        item->setFont(MarkColumn, bold);
    }
}

void IntentRulesView::showRules(const Intent *before, const Intent &after, const RuleDiff *diff,
                                const QString &beforeTitle, const QString &afterTitle)
{
    clear();
    setHeaderLabels({QString(), tr("Rule"), beforeTitle, afterTitle, tr("Change")});
    const bool compare = before && diff;
    setColumnHidden(OldColumn, !compare);
    setColumnHidden(ChangeColumn, !compare);
    for (const bool deny : {false, true}) {
        const std::vector<IntentRule> &rules = deny ? after.deny : after.allow;
        if (!compare) {
            for (size_t j = 0; j < rules.size(); ++j)
                addRow(Unchanged, pointerOf(deny, int(j)), nullptr, &rules[j], {});
            continue;
        }
        const std::vector<IntentRule> &old = deny ? before->deny : before->allow;
        const std::vector<int> &pairing = deny ? diff->denyPairing : diff->allowPairing;
        std::map<int, const RuleChange *> byNew, removedByOld;
        for (const RuleChange &c : diff->changes) {
            if (c.deny != deny)
                continue;
            if (c.kind == RuleChangeKind::Removed)
                removedByOld[c.oldIndex] = &c;
            else
                byNew[c.newIndex] = &c;
        }
        std::vector<int> oldOfNew(rules.size(), -1);
        for (size_t i = 0; i < pairing.size(); ++i)
            if (pairing[i] >= 0 && size_t(pairing[i]) < rules.size())
                oldOfNew[size_t(pairing[i])] = int(i);
        // Rows keyed by new position; a removed rule goes after the new
        // position of the last kept rule that stood before it.
        struct Row
        {
            double key;
            int oldIndex;
            int newIndex;
        };
        std::vector<Row> rows;
        for (size_t j = 0; j < rules.size(); ++j)
            rows.push_back({double(j), oldOfNew[j], int(j)});
        double lastKept = -0.5;
        for (size_t i = 0; i < old.size(); ++i) {
            const int j = i < pairing.size() ? pairing[i] : -1;
            if (j >= 0)
                lastKept = std::max(lastKept, double(j));
            else
                rows.push_back({lastKept + 0.5, int(i), -1});
        }
        std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return a.key < b.key; });
        for (const Row &row : rows) {
            const IntentRule *oldRule = row.oldIndex >= 0 ? &old[size_t(row.oldIndex)] : nullptr;
            const IntentRule *newRule = row.newIndex >= 0 ? &rules[size_t(row.newIndex)] : nullptr;
            if (row.newIndex < 0) {
                addRow(Removed, pointerOf(deny, row.oldIndex), oldRule, nullptr, tr("removed"));
                continue;
            }
            const auto found = byNew.find(row.newIndex);
            const RuleChange *change = found == byNew.end() ? nullptr : found->second;
            const QString pointer = pointerOf(deny, row.newIndex);
            if (!change) {
                addRow(Unchanged, pointer, oldRule, newRule, {});
            } else if (change->kind == RuleChangeKind::Added) {
                addRow(Added, pointer, nullptr, newRule, tr("added"));
            } else if (change->kind == RuleChangeKind::Reordered) {
                addRow(Reordered, pointer, oldRule, newRule,
                       tr("reordered (was %1)").arg(pointerOf(deny, change->oldIndex)));
            } else {
                QStringList fields;
                for (const std::string &f : change->fields)
                    fields << QString::fromStdString(f);
                QString text = tr("changed: %1").arg(fields.join(QStringLiteral(", ")));
                if (change->moved)
                    text += tr("; moved from %1").arg(pointerOf(deny, change->oldIndex));
                addRow(Changed, pointer, oldRule, newRule, text);
            }
        }
    }
    if (compare)
        for (const SettingChange &s : diff->settings)
            addRow(Setting, QString::fromStdString(s.pointer), nullptr, nullptr, tr("setting changed"),
                   s.oldValue.empty() ? tr("(absent)") : QString::fromStdString(s.oldValue),
                   s.newValue.empty() ? tr("(absent)") : QString::fromStdString(s.newValue));
    // What each column needs unwrapped (the widest cell, the header included).
    const QFontMetrics metrics = fontMetrics();
    for (int c = PointerColumn; c <= ChangeColumn; ++c) {
        int wanted = metrics.horizontalAdvance(headerItem()->text(c));
        for (int i = 0; i < topLevelItemCount(); ++i)
            wanted = std::max(wanted, metrics.horizontalAdvance(topLevelItem(i)->text(c)));
        m_wanted[c] = wanted + 2 * style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, this) + 8;
    }
    m_pointerWidth = 0;
    for (int i = 0; i < topLevelItemCount(); ++i)
        m_pointerWidth = std::max(m_pointerWidth, metrics.horizontalAdvance(topLevelItem(i)->data(0, PointerRole).toString()));
    m_pointerWidth += 2 * style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, this) + 8;
    fitColumns();
}

bool IntentRulesView::selectPointer(const QString &pointer)
{
    // "/allow/3/from" → "/allow/3".
    const QStringList parts = pointer.split(QLatin1Char('/'));
    const QString rule = parts.size() >= 3 ? QStringList(parts.mid(0, 3)).join(QLatin1Char('/')) : pointer;
    for (int i = 0; i < topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = topLevelItem(i);
        if (item->data(0, PointerRole).toString() == rule && kindOf(item) != Removed) {
            setCurrentItem(item);
            scrollToItem(item);
            return true;
        }
    }
    return false;
}

IntentRulesView::Kind IntentRulesView::kindOf(const QTreeWidgetItem *item)
{
    return item ? Kind(item->data(0, KindRole).toInt()) : Unchanged;
}

} // namespace Railyard
