#pragma once

#include "core/compare/designcomparison.h"
#include "core/model/fabric.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QPointer>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class QChartView;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTableView;

namespace Railyard {

class DesignComparisonModel;
class FabricDocument;

/// Inventory ▸ Compare Designs…: the open design (A) against other design
/// files (B, C…) side by side: the table of compareDesigns() (GPUs, switches
/// per tier and model, cables and optics, cost, power, bisection,
/// oversubscription, a job's step time), one sentence per design ("B: 12 %
/// cheaper, 9 % slower on llama-70b"), and bar charts of the headline figures
/// relative to A. The comparison runs off the UI thread.
class DesignComparisonDialog : public QDialog
{
    Q_OBJECT
public:
    DesignComparisonDialog(FabricDocument *document, const BomCatalog &catalog, QWidget *parent = nullptr);
    ~DesignComparisonDialog() override;

    /// Adds a design read from `path` (any fabric format); false and *error when it does not read.
    bool addDesign(const QString &path, QString *error = nullptr);
    /// Chooses the job: an index into the document's jobs, -1 for none.
    void setJob(int documentJob);
    /// Also compares how the designs fail (docs/resilience.md): no study,
    /// N-1 over every switch and link, or Monte Carlo (1,000 scenarios by the
    /// default rates); the rows give bisection p50/p95/p99 and, with the job,
    /// the step slowdown at p95/p99.
    enum class Resilience { None, NMinus1, MonteCarlo };
    void setResilience(Resilience study);
    /// Starts the comparison (also started by every change); waitForResult() blocks until it is shown.
    void compare();
    void waitForResult();

    const DesignComparisonModel *model() const { return m_model; }
    QChartView *chart() const { return m_chart; }
    QLabel *summary() const { return m_summary; }

private:
    void addDesignsInteractive();
    void removeSelected();
    void chooseJobFile();
    void showResult();
    void rebuildChart();

    struct Other
    {
        QString label;
        std::shared_ptr<const Fabric> fabric;
    };

    QPointer<FabricDocument> m_document;
    BomCatalog m_catalog;
    std::vector<Other> m_others;
    std::optional<JobSpec> m_jobFromFile;
    QListWidget *m_designs = nullptr;
    QComboBox *m_job = nullptr;
    QComboBox *m_resilience = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel; ///< the running comparison's
    QLabel *m_summary = nullptr;
    QTableView *m_table = nullptr;
    QChartView *m_chart = nullptr;
    DesignComparisonModel *m_model = nullptr;
    QFutureWatcher<DesignComparison> m_watcher;
    bool m_again = false; ///< inputs changed while a comparison ran
};

} // namespace Railyard
