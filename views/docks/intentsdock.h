#pragma once

// Network intents against the document's fabric (docs/intent-format.md), for
// reviewers: open an intent file (Open…) and a second version to compare
// (Compare with…; the lower metadata.version is the old side), or versions
// stored in the `.railyard` project (Versions tab). Tabs: the rules of both
// versions side by side with the rule-level diff's marks (Rules), the lint
// findings of the newer version (Lint; double-click selects the rule and the
// racks it names), the group pairs newly allowed or denied per protocol
// (Changes; double-click selects their racks), and the two-person review
// (Review, IntentReviewPanel).
//
// The semantic diff goes to the canvas through diffChanged; unreadable
// intents (file, line, JSON pointer) through intentErrors for the Problems
// dock. Lint and diff run on the UI thread (under 0.3 s for both on the 24K-GPU
// sample) and again after each structure edit of the fabric.

#include "core/formats/fileformat.h"
#include "core/intents/intentsemanticdiff.h"

#include <QDockWidget>
#include <QPointer>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QPushButton;
class QTabWidget;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;

namespace Railyard {

class FabricDocument;
class IntentReviewPanel;
class IntentRulesView;
class IntentVersionsPanel;
struct IntentDiff;
struct LintReport;
struct LoadedIntent;

class IntentsDock : public QDockWidget
{
    Q_OBJECT
public:
    enum class Tab { Versions, Rules, Lint, Changes, Review };

    explicit IntentsDock(QWidget *parent = nullptr);
    ~IntentsDock() override;
    /// The line above the tabs that names the intent (and says NOT VERIFIED).
    QString headerText() const;

    /// Follows a document (nullptr to stop); the opened intents stay and are
    /// evaluated on the new fabric.
    void setDocument(FabricDocument *document);
    /// The `.railyard` file whose intent versions are listed (empty: none).
    void setProjectPath(const QString &path);

    /// Opens an intent (or reviewed-intent) file as the only version shown;
    /// when it is the compared new version again (same cluster and version:
    /// its submitted or reviewed file), the comparison with the old one stays.
    /// Errors are listed in the dock and emitted; false then, the versions shown stay.
    bool openIntent(const QString &path);
    /// Opens a second version to compare with the one shown; the two are
    /// ordered by metadata.version (on a tie the file opened here is the new side).
    bool compareWith(const QString &path);
    /// Shows stored versions: one (against its parent version when stored) or two.
    bool showStoredVersions(const std::vector<std::int64_t> &ids);
    /// Stores the newer version shown in the project (with its review, if it
    /// was read from a reviewed file). False and the reason shown on failure.
    bool addToProject();
    void clearIntents();

    const LoadedIntent *oldIntent() const;
    const LoadedIntent *newIntent() const;
    /// The diff of the two versions shown, nullptr with fewer than two.
    const IntentDiff *diff() const { return m_diff.get(); }
    /// The lint of the newer version, nullptr without one.
    const LintReport *lint() const { return m_lint.get(); }
    /// The read errors shown (one line each), empty when the last open succeeded.
    QString errorText() const;

    IntentRulesView *rulesView() const { return m_rules; }
    QTreeWidget *lintView() const { return m_lintList; }
    QTreeWidget *changesView() const { return m_changes; }
    IntentVersionsPanel *versionsPanel() const { return m_versions; }
    IntentReviewPanel *reviewPanel() const { return m_review; }
    void showTab(Tab tab);

    /// What double-clicking a lint finding or a change does (tests call them).
    void activateLintItem(QTreeWidgetItem *item);
    void activateChangeItem(QTreeWidgetItem *item);

signals:
    /// The semantic diff to draw (valid until the next emission) and its title; nullptr clears.
    void diffChanged(const Railyard::SemanticDiff *diff, const QString &title);
    /// Errors of the last intent read (empty after a successful one).
    void intentErrors(const std::vector<Railyard::FormatError> &errors);

private:
    void build();
    void chooseAndOpen(bool compare);
    /// Lint and diff of the versions shown on the fabric; refreshes every tab.
    void recompute();
    void fillLint();
    void fillChanges();
    /// Why a reviewed intent does not verify against the review panel's
    /// keyring ("no keyring chosen…", the first failure); empty for a draft or
    /// one that verifies.
    QString verificationProblem(const LoadedIntent &intent) const;
    void updateHeader();
    void setErrors(std::vector<FormatError> errors);
    std::optional<LoadedIntent> loadStored(std::int64_t id, std::vector<FormatError> *errors) const;
    /// Selects the hosts of these groups of the diff's grouping on the canvas.
    void selectGroups(const std::vector<int> &groups);
    /// Selects the hosts a rule's selectors match.
    void selectRuleHosts(const QString &pointer);

    QPointer<FabricDocument> m_document;
    std::unique_ptr<LoadedIntent> m_old;
    std::unique_ptr<LoadedIntent> m_new;
    std::unique_ptr<IntentDiff> m_diff;
    std::unique_ptr<LintReport> m_lint;
    std::vector<FormatError> m_errors;
    QString m_lastDirectory;

    QLabel *m_oldLabel = nullptr;
    QLabel *m_newLabel = nullptr;
    QLabel *m_errorLabel = nullptr;
    QPushButton *m_compareButton = nullptr;
    QPushButton *m_clearButton = nullptr;
    QTabWidget *m_tabs = nullptr;
    IntentVersionsPanel *m_versions = nullptr;
    IntentRulesView *m_rules = nullptr;
    QLabel *m_lintSummary = nullptr;
    QTreeWidget *m_lintList = nullptr;
    QLabel *m_changesSummary = nullptr;
    QTreeWidget *m_changes = nullptr;
    IntentReviewPanel *m_review = nullptr;
    QTimer *m_recomputeTimer = nullptr;
};

} // namespace Railyard
