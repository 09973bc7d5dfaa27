#pragma once

// The Resilience dock: how the design degrades under failures
// (docs/resilience.md). A thin shell over core/resilience:
//
//  * Run a study (N-1, N-2 or Monte Carlo over a scope, with the current job
//    priced or not) in a worker thread, with progress and Cancel.
//  * The CDF of the bisection left (% of healthy) and, with a job, of the
//    step slowdown, with p50/p95/p99 marked.
//  * The worst scenarios ranked (ResilienceWorstModel); clicking one fails
//    its elements as the document's what-if (one undo step).
//  * The elements failed most often in the worst 1 % coloured on the canvas.
//
// The finished study is kept in the document (FabricDocument::failureStudy),
// so the project saves it with its parameters and reopening shows it again.

#include "core/resilience/resilience.h"

#include <QDockWidget>
#include <QPointer>

#include <atomic>
#include <memory>

class QCheckBox;
class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;
class QTimer;

namespace Railyard {

class FabricCanvas;
class FabricDocument;
class ResilienceWorstModel;

class ResilienceDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit ResilienceDock(QWidget *parent = nullptr);
    ~ResilienceDock() override;

    void setDocument(FabricDocument *document);
    void setCanvas(FabricCanvas *canvas);

    /// The study's parameters as the dock's fields give them (without job,
    /// progress or cancel).
    StudyOptions options() const;
    /// Sets the fields from parameters (study, scope, samples, failures, seed, routing).
    void setOptions(const StudyOptions &options, bool withJob);

    /// Starts a study with the fields' parameters; false (and the reason
    /// shown) when one is running or the parameters are impossible.
    bool run();
    void cancel();
    bool isBusy() const { return m_running; }
    /// Blocks (processing events) until the running study has finished. For tests and capture.
    void waitForFinished();

    /// The study shown (the document's), nullptr for none.
    const StudyResult *study() const { return m_study.get(); }
    const StudySummary &summary() const { return m_summary; }
    const ResilienceWorstModel *worstModel() const { return m_model; }
    /// The summary as shown (plain text), and the last error.
    QString summaryText() const;
    QString errorText() const;
    /// Elements coloured on the canvas (the most frequent in the worst 1 %).
    const QStringList &highlighted() const { return m_highlighted; }
    /// Applies the worst list's row as the document's what-if.
    void applyRow(int row);

signals:
    /// A study finished (or was cancelled, or failed).
    void finished();

private:
    void showStudy();
    void showFromDocument();
    void updateCharts();
    void updateHighlight();
    void updateFields();
    void setError(const QString &text);
    void setBusy(bool busy);
    void saveSettings() const;

    QPointer<FabricDocument> m_document;
    QPointer<FabricCanvas> m_canvas;
    std::shared_ptr<const StudyResult> m_study;
    StudySummary m_summary;
    std::string m_shownJson; ///< the document text m_study was read from
    QStringList m_highlighted;
    bool m_running = false;
    bool m_stale = false;
    bool m_overlayOurs = false; ///< the canvas's comparison overlay is the dock's
    int m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::shared_ptr<std::atomic<std::int64_t>> m_done, m_total;
    QTimer *m_progressTimer = nullptr;

    QComboBox *m_kind = nullptr;
    QLineEdit *m_scope = nullptr;
    QSpinBox *m_samples = nullptr;
    QSpinBox *m_failures = nullptr;
    QSpinBox *m_seed = nullptr;
    QCheckBox *m_withJob = nullptr;
    QComboBox *m_routing = nullptr;
    QPushButton *m_runButton = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_error = nullptr;
    QLabel *m_summaryLabel = nullptr;
    QLabel *m_staleLabel = nullptr;
    QChartView *m_bisectionChart = nullptr;
    QChartView *m_slowdownChart = nullptr;
    QCheckBox *m_highlight = nullptr;
    ResilienceWorstModel *m_model = nullptr;
    QTableView *m_table = nullptr;
};

} // namespace Railyard
