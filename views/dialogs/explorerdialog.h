#pragma once

// Inventory ▸ Explore Designs…: from requirements (a *.explore.json file) to
// the best designs (docs/explore.md). A thin shell over core/explore:
//
//  * the exploration runs in a worker with progress and Cancel; an
//    ExploreCache kept across runs answers candidates already scored;
//  * the Pareto front in a Qt Charts scatter: cost against the jobs' step time
//    (against bisection without jobs), power as colour, bisection as size,
//    the front joined by a line;
//  * the designs ranked by the objective (ExploreResultModel);
//  * clicking a point, or double-clicking a row, asks for that design as a
//    new document (designRequested), ready for Compare Designs.
// Requirements no design meets are answered with the binding constraint.

#include "core/bom/bom.h"
#include "core/explore/explorer.h"

#include <QDialog>
#include <QFuture>

#include <atomic>
#include <memory>

class QChartView;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;
class QTimer;

namespace Railyard {

class ExploreResultModel;

class ExplorerDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ExplorerDialog(const BomCatalog &catalog, QWidget *parent = nullptr);
    ~ExplorerDialog() override;

    /// Reads requirements; false and *error (file, JSON pointer) when they do not read.
    bool loadRequirements(const QString &path, QString *error = nullptr);
    /// Explores the loaded requirements in the background; false when none are loaded or one runs.
    bool run();
    void cancel();
    bool isBusy() const { return m_running; }
    void waitForFinished();

    const ExploreResult *result() const { return m_result.get(); }
    const ExploreResultModel *model() const { return m_model; }
    QChartView *chart() const { return m_chart; }
    /// The summary or the binding constraint, as shown.
    QString summaryText() const;
    /// Asks for the design of a ranked row (designRequested).
    void openRow(int row);

signals:
    /// The user asked to open a design: its generated fabric.
    void designRequested(const Railyard::Fabric &fabric);
    void finished();

private:
    void chooseRequirements();
    void showResult();
    void rebuildChart();

    BomCatalog m_catalog;
    std::optional<ExploreSpec> m_spec;
    QString m_specPath;
    std::shared_ptr<const ExploreResult> m_result;
    ExploreCache m_cache;
    bool m_running = false;
    struct RunOutcome
    {
        std::shared_ptr<ExploreResult> result;
        QString error;
    };
    QFuture<RunOutcome> m_future;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::shared_ptr<std::atomic<std::int64_t>> m_done, m_total;

    QLabel *m_specLabel = nullptr;
    QPushButton *m_runButton = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_summary = nullptr;
    QChartView *m_chart = nullptr;
    ExploreResultModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QTimer *m_timer = nullptr;
};

} // namespace Railyard
