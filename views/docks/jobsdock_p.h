#pragma once

// JobsDock's private part, shared by jobsdock.cpp (layout, placement,
// comparison, ranks) and jobsdockjob.cpp (opening, editing, saving jobs).

#include "core/analysis/capacity.h"
#include "core/document/fabricdocument.h"
#include "core/fabricmanager/subnetrouting.h"
#include "core/jobs/jobspec.h"
#include "core/model/units.h"
#include "core/placement/jobevaluation.h"
#include "core/placement/placementreport.h"
#include "core/jobs/ranklayout.h"
#include "core/placement/rankpath.h"
#include "core/traffic/routing.h"
#include "core/traffic/steptraffic.h"
#include "views/docks/analysischarts.h"
#include "views/docks/comparisonchart.h"
#include "views/dialogs/jobeditdialog.h"
#include "views/docks/jobimpacttext.h"
#include "views/docks/joblabels.h"
#include "views/docks/jobsdock.h"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFrame>
#include <QFutureWatcher>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <optional>
#include <memory>
#include <set>

namespace Railyard {

namespace JobsDockDetail {

/// Monte-Carlo runs of ECMP routing in the dock (Place and Compare).
constexpr int kEcmpSeeds = 10;
/// Impaired links whose cost on their own the dock evaluates after Place.
constexpr int kImpactLinks = 4;

constexpr PlacementStrategy kStrategies[]
    = {PlacementStrategy::Topology, PlacementStrategy::Linear, PlacementStrategy::Random};
constexpr RoutingMode kModes[] = {RoutingMode::Fluid, RoutingMode::Ecmp, RoutingMode::Adaptive};
/// The routing combo's entry for the subnet manager's tables (the document's
/// forwarding tables, when it has them).
constexpr int kTablesMode = -1;

/// What a background run needs: copies, so the document may change meanwhile.
struct RunInput
{
    Fabric fabric;
    CapacityView view;
    JobSpec job;
    std::vector<std::string> excluded;
    std::uint64_t seed = 1;
    std::shared_ptr<const LftDump> tables; ///< the document's forwarding tables, if any
};

struct PlaceOutcome
{
    std::optional<JobEvaluation> evaluation;
    DegradationImpact impact;
    std::vector<PlacementCollectiveRow> collectives; ///< with the collective model's intervals
    StepTime step; ///< the whole step under the evaluation's routing (not computed: why in `problem`)
    QString error;
};

struct CompareOutcome
{
    std::vector<double> ms; ///< strategy-major; NaN where placement or routing failed
    QString error;
};

} // namespace JobsDockDetail

struct JobsDock::Private
{
    explicit Private(JobsDock *dock)
        : q(dock)
    { }
    static QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
    {
        return JobsDock::tr(text, disambiguation, n);
    }

    void build();
    void setError(const QString &text);
    void setBusy(const QString &text, int maximum);
    void setIdle();
    void refreshSummary();
    void showResults();
    void showComparison();
    void refreshChartTheme();
    void emitHeat();
    /// The routing modes offered: the three models, and the subnet manager's
    /// tables when the document has them.
    void refreshRoutingModes();
    /// The label of a routing: the tables' source, or the mode's.
    static QString routingLabel(const RoutingOptions &routing);
    void updateRank();
    /// A routing mode's label with the dock's ECMP seed count.
    static QString modeLabel(RoutingMode m) { return JobLabels::mode(m, JobsDockDetail::kEcmpSeeds); }
    /// The inputs of a background run, copied; shows the error and returns
    /// nothing when there is no fabric or job or the Exclude list is bad.
    std::optional<JobsDockDetail::RunInput> input();
    /// "rank → GPU → NIC (rail) → leaf → … → peer" for rank r and its next PP peer.
    /// The rank's path to its pipeline peer as text; *links receives the ids of
    /// the links it crosses (NIC, switch hops, NIC) when given.
    QString pathText(std::int32_t rank, std::vector<std::string> *links = nullptr) const;

    /// The document's current job, nullptr when there is none or it did not parse.
    const JobSpec *job() const { return document ? document->currentJobSpec() : nullptr; }
    /// The current job entry (also when it did not parse), nullptr when none.
    const JobEntry *entry() const;
    /// Results of the old job mean nothing for the new one.
    void jobChanged();
    /// The job list of the combo box, from the document.
    void refreshJobList();
    /// The collective model's time and interval of each collective of the step.
    QString collectivesHtml() const;

    JobsDock *q;
    QPointer<FabricDocument> document;
    std::vector<QMetaObject::Connection> documentConnections;
    QString jobPath; ///< where the current job was read from or saved to, for the file dialogs
    std::optional<JobEvaluation> evaluation;
    DegradationImpact impact; ///< of the what-if view on `evaluation`
    /// The step's collectives as `place` lists them, each with the collective
    /// model's time for one group and its prediction interval.
    std::vector<PlacementCollectiveRow> collectives;
    StepTime step; ///< the whole step of `evaluation`
    QString evaluationTitle;
    std::vector<double> comparison;
    QStringList comparisonColumns; ///< the routing of each column of `comparison`
    int placeGeneration = 0;
    int compareGeneration = 0;
    /// Bumped on every change of the document (and on another document): a
    /// result computed for an older revision is dropped when it arrives.
    int revision = 0;
    /// Marks the results shown as computed for an older fabric, or not.
    void setStale(bool stale, const QString &why = QString());
    int running = 0;
    QFutureWatcher<JobsDockDetail::CompareOutcome> *compareWatcher = nullptr;

    QComboBox *jobCombo = nullptr; ///< the document's jobs; the current one selected
    QPushButton *openButton = nullptr;
    QPushButton *saveButton = nullptr;
    QPushButton *removeButton = nullptr;
    bool jobEdited = false; ///< changed in the editor since it was opened or saved
    QLabel *jobSummary = nullptr;
    QLabel *errorLabel = nullptr;
    QComboBox *strategyCombo = nullptr;
    QComboBox *routingCombo = nullptr;
    QSpinBox *seedSpin = nullptr;
    QLineEdit *excludeEdit = nullptr; ///< hostlist of hosts the placement must not use
    QPushButton *placeButton = nullptr;
    QPushButton *compareButton = nullptr;
    QPushButton *clearHeatButton = nullptr;
    QWidget *statusRow = nullptr;
    QProgressBar *progressBar = nullptr;
    QLabel *statusLabel = nullptr;
    QLabel *staleLabel = nullptr;
    QGroupBox *resultsBox = nullptr;
    QLabel *stepTime = nullptr;
    QLabel *resultsText = nullptr;
    QGroupBox *rankBox = nullptr;
    QSpinBox *rankSpin = nullptr;
    QLabel *rankText = nullptr;
    QGroupBox *compareBox = nullptr;
    ComparisonChart *chartView = nullptr;
    QLabel *compareTable = nullptr;
};

} // namespace Railyard
