#pragma once

// The rules of two intent versions side by side (Intents dock): one row per
// rule pair of the rule-level diff, in the new version's order with removed
// rules where they stood, marked added (+), removed (−), changed (~),
// reordered (↕) or unchanged, then the changed settings. With one version
// only its rules are listed. The columns share the view's width (policies
// and changes wrap), so New and Change stay in sight in a narrow dock.

#include <QTreeWidget>

namespace Railyard {

struct Intent;
struct IntentRule;
struct RuleDiff;

class IntentRulesView : public QTreeWidget
{
    Q_OBJECT
public:
    /// Columns: the mark, the JSON pointer and the rule's name, the old and
    /// the new policy (from → to proto; name and comment in the tooltip), what changed.
    enum Column { MarkColumn, PointerColumn, OldColumn, NewColumn, ChangeColumn };
    /// Item data role holding the row's kind (Kind below).
    static constexpr int KindRole = Qt::UserRole + 1;
    /// Item data role holding the rule's pointer in the new version ("/allow/3"), old when removed.
    static constexpr int PointerRole = Qt::UserRole + 2;
    enum Kind { Unchanged, Added, Removed, Changed, Reordered, Setting };

    explicit IntentRulesView(QWidget *parent = nullptr);

    /// Lists `after`'s rules, against `before` with `diff` when both are given.
    void showRules(const Intent *before, const Intent &after, const RuleDiff *diff, const QString &beforeTitle,
                   const QString &afterTitle);
    void clearRules();
    /// Selects and scrolls to the row of a rule pointer ("/allow/3", "/deny/0/from"); false when none.
    bool selectPointer(const QString &pointer);
    /// The row's kind, for tests.
    static Kind kindOf(const QTreeWidgetItem *item);
    /// "zone-01/* → zone-02/*/su-005/* rdma".
    static QString policyText(const IntentRule &rule);

protected:
    /// The viewport resizes with the view and when the scroll bar comes or goes.
    bool viewportEvent(QEvent *event) override;

private:
    /// Shares the viewport's width: the mark, the rule (up to a quarter), then
    /// Old, New and Change (when shown) in proportion to what they hold, each at least
    /// a few characters wide; rows grow to the wrapped text.
    void fitColumns();
    /// A rule row (either rule may be null) or, with both null, a setting row showing oldText / newText.
    void addRow(Kind kind, const QString &pointer, const IntentRule *oldRule, const IntentRule *newRule,
                const QString &change, const QString &oldText = {}, const QString &newText = {});

    int m_wanted[5] = {0, 0, 0, 0, 0}; ///< each column's width for its contents unwrapped
    int m_pointerWidth = 0;            ///< the longest pointer, unbroken
    bool m_fitting = false;
};

} // namespace Railyard
