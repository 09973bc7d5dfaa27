#pragma once

// The Subnet Manager dock: an InfiniBand design under the routing its subnet
// manager really computes (docs/fabric-manager.md). A thin shell over
// core/fabricmanager:
//
//  * Load Tables… reads a dump (dump_fts, ibroute, opensm -D); Run OpenSM runs
//    the real OpenSM on the design under ibsim with the chosen engine. Either
//    way the tables go into the document (FabricDocument::forwardingTables),
//    where the Jobs dock's "Subnet manager (LFTs)" routing follows them.
//  * The report of the tables in the document: paths routed, routing balance,
//    effective bisection (random bisections and shift) against the min cut.
//  * Colour links by the routes each carries or by the load of the random
//    bisections (the canvas heatmap).
//  * Compare Engines runs every engine (ftree with and without root GUIDs,
//    updn, minhop, dfsssp), with the current job, into a table
//    (EngineComparisonModel) and two charts: effective bisection and job step
//    time per engine. Double-click an engine to route by its tables.
//
// Every run is in a worker thread on a copy of the fabric; a structural edit
// drops the tables and marks the comparison stale.

#include "core/fabricmanager/opensmrun.h"
#include "core/fabricmanager/subnetrouting.h"

#include <QDockWidget>
#include <QPointer>

#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace Railyard {

class ComparisonChart;
class EngineComparisonModel;
class FabricDocument;

class SubnetManagerDock : public QDockWidget
{
    Q_OBJECT
public:
    enum class Colouring { None, Routes, PermutationLoad };

    explicit SubnetManagerDock(QWidget *parent = nullptr);
    ~SubnetManagerDock() override;

    void setDocument(FabricDocument *document);

    /// Reads forwarding tables from a file into the document; false (and the
    /// error shown) when they do not read or do not route this fabric.
    bool loadTables(const QString &path);
    /// Runs OpenSM with `engine` (comparableEngines()) in the background;
    /// false when it cannot start (the reason shown).
    bool runOpenSm(const QString &engine);
    /// Runs every engine in the background (progress, Cancel).
    bool compareEngines();
    /// How links are coloured on the canvas.
    void setColouring(Colouring colouring);

    bool isBusy() const;
    /// The report of the document's tables, once analysed.
    const std::optional<RoutingReport> &report() const { return m_report; }
    const EngineComparisonModel *engineModel() const { return m_model; }
    /// The report as shown (plain text), or the last error.
    QString reportText() const;
    QString errorText() const;
    /// The engines' charts (for screenshots).
    QWidget *chartsWidget() const;

signals:
    /// Per-link heat for the canvas (indexed like fabric.links()); empty clears.
    void linkHeatChanged(const std::vector<float> &values, const QString &title);
    /// A run finished (tables analysed, OpenSM run, engines compared).
    void finished();

private:
    void analyseTables();
    /// The tools OpenSM needs under ibsim; nullopt (and the error shown) when
    /// one is missing or no fabric is open.
    std::optional<OpenSmTools> toolsForRun();
    void showReport();
    void emitHeat();
    void setBusy(const QString &text, int maximum);
    void setIdle();
    void setError(const QString &text);
    void showEngines();
    void useEngine(int row);

    QPointer<FabricDocument> m_document;
    std::optional<RoutingReport> m_report;
    std::vector<double> m_routes, m_load; ///< per link, of the tables analysed
    QString m_tablesSource;
    int m_generation = 0;
    int m_running = 0;
    Colouring m_colouring = Colouring::None;

    QLabel *m_sourceLabel = nullptr;
    QComboBox *m_engineCombo = nullptr;
    QPushButton *m_runButton = nullptr;
    QPushButton *m_loadButton = nullptr;
    QPushButton *m_clearButton = nullptr;
    QComboBox *m_colourCombo = nullptr;
    QLabel *m_reportLabel = nullptr;
    QLabel *m_errorLabel = nullptr;
    QPushButton *m_compareButton = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_statusLabel = nullptr;
    EngineComparisonModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QWidget *m_charts = nullptr;
    ComparisonChart *m_bisectionChart = nullptr;
    ComparisonChart *m_jobChart = nullptr;
    QLabel *m_staleLabel = nullptr;
};

} // namespace Railyard
