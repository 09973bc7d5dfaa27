#pragma once

// The document an editor window works on: one fabric, its undo stack, the
// what-if failures, the shared selection and the project's training jobs
// (fabricdocumentjobs.cpp). Views and the CLI change the
// fabric only through the intent methods here; each builds one undo command,
// whose redo/undo call the private perform… mutators, which change the model
// and emit a typed change event.

#include "core/analysis/capacity.h"
#include "core/jobs/jobentry.h"
#include "core/document/fabricedit.h"
#include "core/fabricmanager/lftdump.h"
#include "core/formats/fileformat.h"
#include "core/model/fabric.h"

#include <QObject>
#include <QPointF>
#include <QString>
#include <QUndoStack>

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace Railyard {

class FabricDocument : public QObject
{
    Q_OBJECT
public:
    /// What changed, so views re-sync only what they must.
    enum class Change {
        Failures,   ///< what-if failures: capacities of links changed
        Capacities, ///< nominal link capacities or states edited
        Structure,  ///< elements added, removed or edited (ids, tiers, ports): rebuild layouts
        Positions,  ///< pinned positions moved, pinned or unpinned: re-place nodes
    };
    Q_ENUM(Change)

    /// One element's what-if flag, as stored by the undo commands.
    struct FailureFlag
    {
        bool isSwitch = false;
        std::int32_t index = -1;
        bool failed = false;
    };

    explicit FabricDocument(Fabric fabric, QObject *parent = nullptr);
    ~FabricDocument() override;

    const Fabric &fabric() const { return m_fabric; }
    QUndoStack *undoStack() { return &m_undoStack; }

    QString filePath() const { return m_filePath; }
    /// True when the design differs from what was last saved. What-if
    /// failures are not edits of the design: they are undoable, but they are
    /// not written to the file, so they neither mark it modified nor ask to
    /// be saved.
    bool hasUnsavedEdits() const;
    void setFilePath(const QString &path) { m_filePath = path; }
    /// The fabric's name, or the file name, for window titles.
    QString displayName() const;

    // --- What-if -----------------------------------------------------------
    /// Failures of the current what-if (link and switch indices).
    Failures failures() const;
    bool isLinkFailed(std::int32_t link) const { return m_linkFailed[static_cast<size_t>(link)] != 0; }
    bool isSwitchFailed(std::int32_t sw) const { return m_switchFailed[static_cast<size_t>(sw)] != 0; }
    bool hasFailures() const { return m_failedCount > 0; }
    /// Capacities under the current what-if.
    /// Kept until the next change of the document, so every view asks the
    /// same question once ("does this link carry anything under the
    /// what-if?": gbps[link] == 0 when it is down, failed, or ends on a
    /// failed switch). UI thread only.
    const CapacityView &capacityView() const;
    /// Whether a link carries nothing under the what-if (capacityView()).
    bool isLinkDownUnderWhatIf(std::int32_t link) const { return capacityView().gbps[size_t(link)] <= 0; }

    /// Fails (failed = true) or restores links and switches given by id; hosts
    /// stand for all their links. One undo step. Unknown ids are ignored and
    /// returned in *unknown when given.
    void setFailed(const std::vector<std::string> &ids, bool failed, std::vector<std::string> *unknown = nullptr);
    /// Restores every failed element (one undo step).
    void restoreAll();

    // --- Edits -------------------------------------------------------------
    /// Sets a link's nominal capacity (Gbit/s per direction, > 0). Repeated
    /// edits of the same link merge into one undo step.
    bool setLinkCapacity(std::int32_t link, double gbps);
    /// Sets the rate a link actually runs at (Gbit/s per direction): at or
    /// above its nominal capacity it is up, below it degraded (a flapping
    /// optic, a link trained down), 0 down. Saved with the fabric; one undo
    /// step. False for an unknown link or a negative or non-finite rate.
    bool setLinkRate(std::int32_t link, double gbps);

    // --- Drawing and structural edits --------------------------------------
    // Every method below checks the edit before applying it (ports within
    // radix and unused, NIC ports of hosts, unique non-empty ids, positive
    // capacities, ends that exist). A refused edit returns false, sets *error
    // to a sentence naming the element and the rule, emits editRefused(error)
    // and changes nothing. An accepted edit is one undo step and emits
    // changed(Change::Structure).

    /// Adds a host (its id must be new; NICs as given); with `at`, pinned at
    /// that scene position in the same undo step (added where the user clicked).
    bool addHost(Host host, QString *error = nullptr, std::optional<QPointF> at = std::nullopt);
    /// Adds a switch (its id must be new; radix >= 1); `at` as for addHost.
    bool addSwitch(Switch sw, QString *error = nullptr, std::optional<QPointF> at = std::nullopt);
    /// Adds a rack: hostCount hosts shaped like `host` (its id is ignored;
    /// when it names an NVLink domain, the rack gets a new one, the next free
    /// number), with ids "<rack>-h01".."<rack>-hNN" and location `location`
    /// (whose rack names the new rack; it must not exist yet). No links.
    bool addRack(const Location &location, int hostCount, const Host &host, QString *error = nullptr);
    /// Connects two nodes (host or switch ids) with a link of gbps per
    /// direction. portA/portB: the switch port (or host NIC port) to use, -1
    /// for the lowest free one. The new link's id is "<a>--<b>" (with a
    /// numeric suffix if taken) and is returned in *newLinkId.
    bool connect(const std::string &a, const std::string &b, double gbps = 400.0, int portA = -1, int portB = -1,
                 QString *error = nullptr, std::string *newLinkId = nullptr);
    /// Deletes hosts, switches and links; a node takes its links with it.
    bool removeElements(const std::vector<std::string> &ids, QString *error = nullptr);
    /// How many links removeElements(ids) would delete beyond those named
    /// (for the confirmation "and its 64 links").
    int linksRemovedWith(const std::vector<std::string> &ids) const;
    /// Renames a host, switch or link; the new id must be non-empty and unused.
    bool renameElement(const std::string &id, const std::string &newId, QString *error = nullptr);
    /// Sets the given properties on every selected element that has them
    /// (capacity on links; model, radix and tier on switches; GPU model and
    /// NVLink domain on hosts: a valid name, hosts with NVLink). One undo
    /// step for the whole selection.
    bool setProperties(const std::vector<std::string> &ids, const PropertyEdit &edit, QString *error = nullptr);
    /// Duplicates a rack (by its location rack name) or a scalable unit (by
    /// its su name): copies of its hosts and leaf switches with new ids and
    /// a new rack/su name, their internal links copied, and each link to a
    /// switch outside the copy rewired to the same upper switch on a free
    /// port; copied hosts of an NVLink domain form a new domain ("nvl-0001"
    /// -> the next free number). Refused when an upper switch has no free port.
    bool duplicateRack(const std::string &rack, QString *error = nullptr, std::string *newRack = nullptr);
    bool duplicateScalableUnit(const std::string &su, QString *error = nullptr, std::string *newSu = nullptr);
    /// Adds a spine plane: a copy of the spine switches of plane `fromPlane`
    /// as plane max+1, each connected to the same leaves as its original on
    /// free leaf ports. Refused when a leaf has no free port.
    bool addSpinePlane(int fromPlane = 0, QString *error = nullptr);
    /// Moves one end of a link (end 0 = a, 1 = b) to another node and port
    /// (-1 = lowest free port).
    bool recable(const std::string &linkId, int end, const std::string &node, int port = -1,
                 QString *error = nullptr);

    // --- Import inferences (core/document/inferenceoverride.cpp) -------------
    /// Whether an importer's inference still holds on the fabric (the element
    /// exists and has the inferred value); false once overridden or gone.
    bool inferenceHolds(const Inference &inference) const;
    /// The element's current value of what the inference is about ("spine",
    /// "r12", "sharp"/"no sharp", "host"/"switch", "up"/"200"), "" if gone.
    std::string inferredProperty(const Inference &inference) const;
    /// Overrides an inference with `value` (the same vocabulary as
    /// Inference::value: a tier name; a rack name; "sharp"/"no sharp"; "host"
    /// or "switch", which turns the node into the other kind with the same
    /// id and links; "up" or a rate in Gb/s for a link). One undo step;
    /// refused like any edit when the result breaks the fabric's rules.
    bool overrideInference(const Inference &inference, const std::string &value, QString *error = nullptr);

    // --- Positions --------------------------------------------------------
    /// Pinned scene positions (node id -> centre). Pinned nodes keep their
    /// place through re-layouts; the others follow the automatic layout.
    const std::unordered_map<std::string, QPointF> &pinnedPositions() const { return m_pins; }
    /// Moves nodes to scene positions and pins them. Consecutive moves of
    /// the same nodes with the same dragId merge into one undo step (a drag).
    void moveNodes(const std::vector<std::pair<std::string, QPointF>> &positions, int dragId = 0);
    /// Unpins nodes: they go back to the automatic layout (one undo step).
    void unpinNodes(const std::vector<std::string> &ids);

    // --- Whole-document state ------------------------------------------------
    /// Sets pinned positions and the what-if at load time (a project's saved
    /// state): not an edit, so not undoable. Unknown ids are skipped.
    void loadState(std::unordered_map<std::string, QPointF> pins, const std::vector<std::string> &failedIds);
    /// Ids of the failed links and switches, in model order (for saving).
    std::vector<std::string> failedIds() const;
    /// Replaces the whole fabric and its pins (restoring a saved version):
    /// one undo step; the what-if is cleared.
    void replaceFabric(Fabric fabric, std::unordered_map<std::string, QPointF> pins, const QString &text);

    // --- The floor (fabricdocumentfloor.cpp, docs/floor.md) --------------------
    /// The floor the design stands on: the fabric's own, or, when it has
    /// none, the automatic one (autoFloor), placed once per structure.
    std::shared_ptr<const FloorPlan> floorInUse() const;
    /// Moves a rack to (hall, row, slot); a rack standing there takes its old
    /// spot. A design on the automatic floor gets that floor as its own first,
    /// in the same undo step. Consecutive moves with the same non-zero dragId
    /// merge into one undo step (a drag), each made from the floor as it was
    /// when the drag began: a rack displaced on the way goes back to its spot
    /// when the drag moves on. Refused (false, *error, editRefused)
    /// for a rack not on the floor or a spot outside its hall.
    bool moveRack(const std::string &rack, int hall, int row, int slot, int dragId = 0, QString *error = nullptr);
    /// Sets the design's floor (nullptr: back to the automatic one): one undo
    /// step named `text`. Refused when the floor fails its own checks.
    bool setFloor(std::shared_ptr<const FloorPlan> floor, const QString &text, QString *error = nullptr);

    // --- Training jobs (project state) ----------------------------------------
    /// The project's jobs, in order. A job whose text did not parse is kept
    /// as its text and the reason (JobEntry::error), never dropped.
    const std::vector<JobEntry> &jobs() const { return m_jobs; }
    /// The job the Jobs dock shows and places: an index into jobs(), -1 for none.
    int currentJob() const { return m_currentJob; }
    /// The current job's spec, nullptr when there is none or it did not parse.
    const JobSpec *currentJobSpec() const;
    /// Every job that parsed (what the health monitor attributes to).
    std::vector<JobSpec> readableJobs() const;
    /// Shows another job (not an edit: no undo step, the design is unchanged).
    void setCurrentJob(int index);
    /// Adds a job (its name made unique with a suffix) and makes it current:
    /// one undo step. Returns its index.
    int addJob(JobEntry job);
    /// Removes a job: one undo step. False for an unknown index.
    bool removeJob(int index);
    /// Replaces a job's spec (the job editor): its text is written anew;
    /// one undo step. False for an unknown index or an unchanged job.
    bool replaceJob(int index, const JobSpec &spec);
    /// Sets the jobs at load time (a project's saved state): not an edit.
    void loadJobs(std::vector<JobEntry> jobs);

    // --- The failure study kept with the design (project state) ----------------
    /// The last failure study kept with the design, as studyToJson() wrote it
    /// (parameters and every outcome; docs/resilience.md); empty for none. The
    /// Resilience dock shows it and the project saves it.
    const std::string &failureStudy() const { return m_failureStudy; }
    /// Keeps a study with the design (empty: drops it): one undo step, so the
    /// project asks to be saved. Emits failureStudyChanged.
    void setFailureStudy(std::string json);
    /// Sets the study at load time (a project's saved state): not an edit.
    void loadFailureStudy(std::string json);

    // --- The subnet manager's forwarding tables --------------------------------
    /// The tables a subnet manager computed for this fabric (read from a dump,
    /// or from OpenSM run under ibsim): what "Subnet manager (LFTs)" routing
    /// follows (docs/fabric-manager.md). Not saved with the design; dropped by
    /// every structural edit, since they route the fabric they were read for.
    struct ForwardingTables
    {
        std::shared_ptr<const LftDump> dump;
        QString source; ///< "ftree (OpenSM under ibsim)", "fabric.dump_fts"
    };
    const ForwardingTables *forwardingTables() const { return m_tables ? &*m_tables : nullptr; }
    /// Sets (or with nullopt clears) the tables; emits forwardingTablesChanged.
    void setForwardingTables(std::optional<ForwardingTables> tables);

    // --- Selection (shared by every view) ----------------------------------
    /// Selected element ids (hosts, switches, links).
    const std::vector<std::string> &selection() const { return m_selection; }
    void setSelection(std::vector<std::string> ids);

signals:
    void changed(Railyard::FabricDocument::Change change);
    void selectionChanged();
    /// An edit was refused; message says why (for the status bar and Problems dock).
    void editRefused(const QString &message);
    /// Emitted right before the fabric's structure changes, so readers on
    /// other threads (the analysis) can stop first.
    void aboutToChange();
    /// The list of jobs changed (added, removed, edited, loaded).
    void jobsChanged();
    /// Another job became current (or the current one was edited).
    void currentJobChanged();
    /// Forwarding tables were set or dropped.
    void forwardingTablesChanged();
    /// The failure study kept with the design was set, replaced or dropped.
    void failureStudyChanged();
    /// The design's floor changed (a rack moved, a budget set, a floor set or
    /// dropped). Structure changes move the automatic floor too: listen to both.
    void floorChanged();

private:
    friend class SetFailedCommand;
    friend class SetLinkCapacityCommand;
    friend class SetLinkStateCommand;
    friend class EditFabricCommand;
    friend class MoveNodesCommand;
    friend class ReplaceFabricCommand;
    friend class AddRemoveJobCommand;
    friend class ReplaceJobCommand;
    friend class SetFailureStudyCommand;
    friend class SetFloorCommand;

    /// Sets the fabric's floor; emits floorChanged.
    void performSetFloor(std::shared_ptr<const FloorPlan> floor);
    /// After a structure change: a floor the design keeps as automatic
    /// ("automatic": true, as generators write it) is placed anew for the
    /// changed racks, keeping its halls' budgets. autoFloor is a function of
    /// the fabric alone, so undo and redo of the edit place it back exactly.
    void replaceAutomaticFloor();

    /// Inserts (insert = true) or removes the job at `index`; emits jobsChanged.
    void performInsertJob(int index, const JobEntry &job);
    void performRemoveJob(int index);
    /// Swaps the job at `index` with `job`; emits jobsChanged.
    void performSwapJob(int index, JobEntry &job);

    /// Sets each flag; emits Change::Failures.
    void performSetFailed(const std::vector<FailureFlag> &flags);
    void performSetLinkCapacity(std::int32_t link, double gbps);
    void performSetLinkState(std::int32_t link, LinkState state, double degradedGbps);
    /// Applies a structural edit forward or backward; emits Change::Structure.
    void performEdit(const FabricEdit &edit, bool forward);
    /// Applies an edit without signals (checking, and perform's body).
    void applyEdit(const FabricEdit &edit, bool forward);
    void removeIndexed(const std::vector<FabricEdit::Indexed<Host>> &hosts,
                       const std::vector<FabricEdit::Indexed<Switch>> &switches,
                       const std::vector<FabricEdit::Indexed<LinkRecord>> &links);
    void insertIndexed(const std::vector<FabricEdit::Indexed<Host>> &hosts,
                       const std::vector<FabricEdit::Indexed<Switch>> &switches,
                       const std::vector<FabricEdit::Indexed<LinkRecord>> &links);
    /// Emits the signals of an edit already applied (first redo of a checked edit).
    void announceEdit(const FabricEdit &edit);
    /// A link as an edit stores it: with the ids of its ends.
    LinkRecord linkRecord(std::int32_t link) const;
    /// Copies a group of hosts and switches (duplicate rack / scalable unit).
    bool duplicateGroup(const std::vector<NodeIndex> &members, const std::string &locationKey, bool bySu,
                        QString *error, std::string *newName);
    /// Sets pins (nullopt = unpinned); emits Change::Positions.
    void performSetPins(const std::vector<std::pair<std::string, std::optional<QPointF>>> &pins);
    /// Checks an edit by applying it, validating the touched elements and
    /// rolling back; on success pushes it as one command (text) and returns true.
    /// Applies an edit as one undo step, or refuses it; `pins` (new nodes placed
    /// where the user clicked) join the same step.
    bool commitEdit(FabricEdit edit, const QString &text, QString *error,
                    const std::vector<std::pair<std::string, QPointF>> &pins = {});
    bool refuse(const QString &message, QString *error);
    /// Swaps the fabric, pins and what-if flags with the given ones (ReplaceFabricCommand).
    void performSwapFabric(Fabric &fabric, std::unordered_map<std::string, QPointF> &pins,
                           std::vector<char> &linkFailed, std::vector<char> &switchFailed);

    Fabric m_fabric;
    QUndoStack m_undoStack;
    QString m_filePath;
    std::vector<char> m_linkFailed;
    std::vector<char> m_switchFailed;
    int m_failedCount = 0;
    std::vector<std::string> m_selection;
    std::unordered_map<std::string, QPointF> m_pins;
    std::vector<JobEntry> m_jobs;
    std::string m_failureStudy;
    int m_currentJob = -1;
    mutable std::optional<CapacityView> m_capacity; ///< capacityView(), dropped on every change
    mutable std::shared_ptr<const FloorPlan> m_autoFloor; ///< floorInUse() without a floor, dropped on structure changes
    std::optional<ForwardingTables> m_tables;
};

} // namespace Railyard
