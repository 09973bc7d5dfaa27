#pragma once

#include "core/formats/fileformat.h"
#include "views/docks/problemsmodel.h"

#include <QDockWidget>
#include <QPointer>

#include <vector>

class QComboBox;
class QLineEdit;
class QStackedWidget;
class QTimer;
class QTreeView;

namespace Railyard {

class AnalysisRunner;
class FabricDocument;

/// Validation messages from loading (format warnings) and from analysis
/// (core/analysis/analysisfindings.h: "bisection is an upper bound",
/// switches without uplinks, the what-if's failed elements), jobs of the
/// project that cannot be read, and edits the document refused (kept until
/// the next accepted edit or Clear). A thin shell over ProblemsModel, shown
/// through ProblemsFilterModel (a severity and a text filter). Clicking a
/// message that names an element selects it.
class ProblemsDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit ProblemsDock(QWidget *parent = nullptr);
    void setDocument(FabricDocument *document);
    void setAnalysisRunner(AnalysisRunner *runner);
    /// Messages from reading the file (shown until the next document): call
    /// after setDocument() for the document they belong to.
    void setLoadMessages(const std::vector<FormatError> &errors, const std::vector<FormatError> &warnings);
    /// Errors of the intent file the Intents dock last read (file, line, JSON
    /// pointer); an empty list clears them. They outlive document changes.
    void setIntentErrors(const std::vector<FormatError> &errors);
    /// What the importer inferred (shown until the next document): each
    /// listed as a finding to review, marked once overridden; Override
    /// Inference… (context menu, or double-click) changes it as an undoable
    /// edit. Call after setDocument() for the document they belong to.
    void setInferences(std::vector<Inference> inferences);
    const std::vector<Inference> &inferences() const { return m_inferences; }
    /// Overrides inference `index` with `value` (FabricDocument::overrideInference).
    bool overrideInference(int index, const std::string &value, QString *error = nullptr);
    /// Rows shown (after the filters).
    int messageCount() const;
    /// The texts shown, in order.
    QStringList messageTexts() const;
    /// Every problem, and what the filters show of them.
    ProblemsModel *model() const { return m_model; }
    ProblemsFilterModel *filter() const { return m_filter; }
    /// Forgets the refused edits listed.
    void clearRefusedEdits();

private:
    using Message = ProblemRow;

    /// Lists validation problems and impaired links. The model's invariants
    /// are checked in full only when a document arrives (fullCheck): every
    /// later edit is checked by the document before it applies, so a full
    /// validate() of a 131K-GPU fabric per edit would only repeat it.
    void revalidate(bool fullCheck = false);
    void reanalyse();
    void rebuildList();
    void onActivated(const QModelIndex &index);
    /// The inference of a row of the view, -1 for none.
    int inferenceAt(const QModelIndex &index) const;
    /// Asks for the new value of an inference and applies it.
    void askOverride(int index);
    /// The rows of the inferences, overridden ones marked.
    std::vector<Message> inferenceMessages() const;
    void onEditRefused(const QString &message);
    void rejob();

    QPointer<FabricDocument> m_document;
    QPointer<AnalysisRunner> m_runner;
    std::vector<Message> m_loadMessages;
    std::vector<Message> m_intentMessages;
    std::vector<Message> m_validationMessages;
    std::vector<Message> m_invariantMessages; ///< from the full check at load
    std::vector<Message> m_analysisMessages;
    std::vector<Message> m_jobMessages; ///< the project's jobs that cannot be read
    std::vector<Message> m_refusedEdits; ///< newest first
    std::vector<Inference> m_inferences;
    QAction *m_overrideAction = nullptr;
    QStackedWidget *m_stack = nullptr;
    ProblemsModel *m_model = nullptr;
    ProblemsFilterModel *m_filter = nullptr;
    QTreeView *m_list = nullptr;
    QComboBox *m_severity = nullptr;
    QLineEdit *m_text = nullptr;
    QTimer *m_revalidateTimer = nullptr;
};

} // namespace Railyard
