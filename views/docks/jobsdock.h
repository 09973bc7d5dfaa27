#pragma once

#include <QDockWidget>

#include <memory>
#include <string>
#include <vector>

namespace Railyard {

class FabricDocument;
struct JobSpec;
struct JobEvaluation;

/// Places a training job (*.job.json) on the document's fabric and shows what
/// one step costs on the network: step communication time, per-phase times,
/// the busiest link, bytes per topology tier (core/placement/jobevaluation.h).
///
/// "Place" evaluates with the chosen strategy, routing mode and seed off the
/// UI thread (a newer run makes an older one stale: its result is dropped);
/// "Compare" evaluates 3 strategies × 3 routing modes (ECMP over 10 seeds),
/// and the subnet manager's forwarding tables when the document has them
/// (the Subnet Manager dock), in the background and draws a grouped bar
/// chart of the step times. "Subnet manager (LFTs)" is then also a routing
/// of Place: every connection follows the tables hop by hop.
/// After a placement the dock emits linkHeatChanged with the per-link
/// utilization so the canvas can colour links; "Clear heatmap" emits an empty
/// vector. A rank picker highlights the hosts of the rank's TP, PP and DP
/// groups and spells out its path to its next pipeline peer.
///
/// Capacities follow the document's what-if: hosts with no live link are
/// excluded from placement. When the document changes the results are marked
/// stale (structure edits clear them, as link indices change); press Place
/// again to re-evaluate.
class JobsDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit JobsDock(QWidget *parent = nullptr);
    ~JobsDock() override;

    void setDocument(FabricDocument *document);
    /// Reads a *.job.json file; errors are shown in the dock and false returned.
    bool openJob(const QString &path);
    /// Uses `job` (already checked), e.g. from the job editor; `path` is where
    /// it was read from, empty for a new job.
    void setJob(const JobSpec &job, const QString &path);
    /// The job editor on the current job (a dense 8-GPU job when none is
    /// open); true when the user accepted a change.
    bool editJob();
    /// Writes the current job as *.job.json; errors are shown and false returned.
    bool saveJob(const QString &path);
    /// Evaluates the job with the chosen strategy / routing / seed off the UI thread.
    void place();
    /// Evaluates all strategies × routing modes in the background (chart).
    void compare();
    /// Picks a rank (clamped): highlights its groups' hosts and shows its path.
    void selectRank(int rank);

    /// The latest finished evaluation, nullptr before one (or after a structure change).
    const JobEvaluation *evaluation() const;
    /// The current job, nullptr before one is opened.
    const JobSpec *job() const;
    /// True while a Place or Compare runs.
    bool isBusy() const;
    /// Step communication times (ms) of the last comparison, strategy-major
    /// (topology, linear, random) × (fluid, ecmp, adaptive, and the subnet
    /// manager's tables when the document has them); empty before one.
    std::vector<double> comparisonTimesMs() const;
    /// The error line (empty when the last action succeeded).
    QString errorText() const;
    /// The path text of the selected rank.
    QString rankPathText() const;

signals:
    /// Per-link utilization (indexed like fabric.links()) and a title; empty = clear.
    void linkHeatChanged(const std::vector<float> &utilization, const QString &title);
    void hostsHighlighted(const std::vector<std::string> &hostIds);
    /// Links of the selected rank's path to its pipeline peer (empty when on one host).
    void pathChanged(const std::vector<std::string> &linkIds);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace Railyard
