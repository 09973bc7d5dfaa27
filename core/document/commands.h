#pragma once

// Undo commands of FabricDocument, one per operation, named verb-noun.

#include "core/document/fabricdocument.h"

#include <QUndoCommand>

#include <algorithm>
#include <optional>

namespace Railyard {

/// Fails or restores a set of links and switches (a what-if step).
class SetFailedCommand : public QUndoCommand
{
public:
    SetFailedCommand(FabricDocument *document, std::vector<FabricDocument::FailureFlag> after,
                     std::vector<FabricDocument::FailureFlag> before, const QString &text);
    void redo() override;
    void undo() override;

private:
    FabricDocument *m_document;
    std::vector<FabricDocument::FailureFlag> m_after;
    std::vector<FabricDocument::FailureFlag> m_before;
};

/// Changes one link's nominal capacity; consecutive edits of one link merge.
class SetLinkCapacityCommand : public QUndoCommand
{
public:
    enum { Id = 0x5259 };
    SetLinkCapacityCommand(FabricDocument *document, std::int32_t link, double before, double after);
    void redo() override;
    void undo() override;
    int id() const override { return Id; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    FabricDocument *m_document;
    std::int32_t m_link;
    double m_before;
    double m_after;
};

/// Sets a link's state and degraded rate (up, degraded at a rate, down).
class SetLinkStateCommand : public QUndoCommand
{
public:
    struct State
    {
        LinkState state = LinkState::Up;
        double degradedGbps = 0.0;
    };
    SetLinkStateCommand(FabricDocument *document, std::int32_t link, State before, State after);
    void redo() override;
    void undo() override;

private:
    FabricDocument *m_document;
    std::int32_t m_link;
    State m_before;
    State m_after;
};

} // namespace Railyard

namespace Railyard {

/// A structural edit (add, remove, rename, re-cable, bulk properties,
/// duplicate): applies a FabricEdit forward and backward. The document checks
/// the edit by applying it before pushing, so the first redo() only announces
/// the change.
class EditFabricCommand : public QUndoCommand
{
public:
    EditFabricCommand(FabricDocument *document, FabricEdit edit, const QString &text, bool alreadyApplied);
    void redo() override;
    void undo() override;
    const FabricEdit &edit() const { return m_edit; }

private:
    FabricDocument *m_document;
    FabricEdit m_edit;
    bool m_applied;
};

/// Moves (pins) or unpins nodes. Consecutive moves with the same non-zero
/// drag id merge, so one drag is one undo step.
class MoveNodesCommand : public QUndoCommand
{
public:
    enum { Id = 0x525a };
    using Pins = std::vector<std::pair<std::string, std::optional<QPointF>>>;
    MoveNodesCommand(FabricDocument *document, Pins before, Pins after, int dragId, const QString &text);
    void redo() override;
    void undo() override;
    int id() const override { return m_dragId != 0 ? Id : -1; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    FabricDocument *m_document;
    Pins m_before;
    Pins m_after;
    int m_dragId;
};

} // namespace Railyard

namespace Railyard {

/// Replaces the whole fabric with another (restoring a version); undo swaps
/// the previous fabric, pins and what-if back.
class ReplaceFabricCommand : public QUndoCommand
{
public:
    ReplaceFabricCommand(FabricDocument *document, Fabric fabric, std::unordered_map<std::string, QPointF> pins,
                         const QString &text);
    void redo() override;
    void undo() override;

private:
    void swap();
    FabricDocument *m_document;
    Fabric m_fabric;
    std::unordered_map<std::string, QPointF> m_pins;
    std::vector<char> m_linkFailed;
    std::vector<char> m_switchFailed;
};

} // namespace Railyard

namespace Railyard {

/// Adds a training job to the project, or removes one (add = false).
class AddRemoveJobCommand : public QUndoCommand
{
public:
    AddRemoveJobCommand(FabricDocument *document, int index, JobEntry job, bool add);
    void redo() override;
    void undo() override;

private:
    void insert();
    void remove();
    FabricDocument *m_document;
    int m_index;
    JobEntry m_job;
    bool m_add;
};

/// Replaces a training job with an edited one (the job editor).
class ReplaceJobCommand : public QUndoCommand
{
public:
    ReplaceJobCommand(FabricDocument *document, int index, JobEntry job);
    void redo() override { m_document->performSwapJob(m_index, m_job); }
    void undo() override { m_document->performSwapJob(m_index, m_job); }

private:
    FabricDocument *m_document;
    int m_index;
    JobEntry m_job; ///< the other version (after redo: the one before)
};

/// Keeps a failure study with the design, replacing the one before.
class SetFailureStudyCommand : public QUndoCommand
{
public:
    SetFailureStudyCommand(FabricDocument *document, std::string json, const QString &text);
    void redo() override { swap(); }
    void undo() override { swap(); }

private:
    void swap();
    FabricDocument *m_document;
    std::string m_json; ///< the other study (after redo: the one before)
};

} // namespace Railyard

namespace Railyard {

/// Sets the design's floor (a rack moved, budgets, a floor set or dropped).
/// Consecutive moves with the same non-zero drag id merge, so one drag of a
/// rack is one undo step.
class SetFloorCommand : public QUndoCommand
{
public:
    enum { Id = 0x525b };
    SetFloorCommand(FabricDocument *document, std::shared_ptr<const FloorPlan> before,
                    std::shared_ptr<const FloorPlan> after, int dragId, const QString &text);
    void redo() override { m_document->performSetFloor(m_after); }
    void undo() override { m_document->performSetFloor(m_before); }
    int id() const override { return m_dragId != 0 ? Id : -1; }
    bool mergeWith(const QUndoCommand *other) override;
    int dragId() const { return m_dragId; }
    /// The floor before the command (nullptr: none of the design's own).
    const std::shared_ptr<const FloorPlan> &before() const { return m_before; }

private:
    FabricDocument *m_document;
    std::shared_ptr<const FloorPlan> m_before;
    std::shared_ptr<const FloorPlan> m_after;
    int m_dragId;
};

} // namespace Railyard
