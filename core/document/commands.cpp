#include "core/document/commands.h"

#include "core/floor/floorplan.h"

#include <QCoreApplication>

#include <algorithm>

namespace Railyard {

SetFailedCommand::SetFailedCommand(FabricDocument *document, std::vector<FabricDocument::FailureFlag> after,
                                   std::vector<FabricDocument::FailureFlag> before, const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_after(std::move(after))
    , m_before(std::move(before))
{ }

void SetFailedCommand::redo()
{
    m_document->performSetFailed(m_after);
}

void SetFailedCommand::undo()
{
    m_document->performSetFailed(m_before);
}

SetLinkCapacityCommand::SetLinkCapacityCommand(FabricDocument *document, std::int32_t link, double before, double after)
    : QUndoCommand(QObject::tr("Set capacity of %1").arg(QString::fromStdString(document->fabric().link(link).id)))
    , m_document(document)
    , m_link(link)
    , m_before(before)
    , m_after(after)
{ }

void SetLinkCapacityCommand::redo()
{
    m_document->performSetLinkCapacity(m_link, m_after);
}

void SetLinkCapacityCommand::undo()
{
    m_document->performSetLinkCapacity(m_link, m_before);
}

bool SetLinkCapacityCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const SetLinkCapacityCommand *>(other);
    if (o->m_link != m_link)
        return false;
    m_after = o->m_after;
    return true;
}

namespace {

QString linkStateCommandText(const FabricDocument *document, std::int32_t link, SetLinkStateCommand::State after)
{
    const QString id = QString::fromStdString(document->fabric().link(link).id);
    switch (after.state) {
    case LinkState::Up: return FabricDocument::tr("Restore %1 to full rate").arg(id);
    case LinkState::Down: return FabricDocument::tr("Take %1 down").arg(id);
    case LinkState::Degraded: break;
    }
    return FabricDocument::tr("Degrade %1 to %2 Gbit/s").arg(id).arg(after.degradedGbps);
}

} // namespace

SetLinkStateCommand::SetLinkStateCommand(FabricDocument *document, std::int32_t link, State before, State after)
    : QUndoCommand(linkStateCommandText(document, link, after))
    , m_document(document)
    , m_link(link)
    , m_before(before)
    , m_after(after)
{ }

void SetLinkStateCommand::redo()
{
    m_document->performSetLinkState(m_link, m_after.state, m_after.degradedGbps);
}

void SetLinkStateCommand::undo()
{
    m_document->performSetLinkState(m_link, m_before.state, m_before.degradedGbps);
}

} // namespace Railyard

namespace Railyard {

EditFabricCommand::EditFabricCommand(FabricDocument *document, FabricEdit edit, const QString &text,
                                     bool alreadyApplied)
    : QUndoCommand(text)
    , m_document(document)
    , m_edit(std::move(edit))
    , m_applied(alreadyApplied)
{ }

void EditFabricCommand::redo()
{
    if (m_applied) {
        m_applied = false;
        m_document->announceEdit(m_edit);
        return;
    }
    m_document->performEdit(m_edit, true);
}

void EditFabricCommand::undo()
{
    m_document->performEdit(m_edit, false);
}

MoveNodesCommand::MoveNodesCommand(FabricDocument *document, Pins before, Pins after, int dragId, const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_dragId(dragId)
{ }

void MoveNodesCommand::redo()
{
    m_document->performSetPins(m_after);
}

void MoveNodesCommand::undo()
{
    m_document->performSetPins(m_before);
}

bool MoveNodesCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const MoveNodesCommand *>(other);
    if (o->m_dragId != m_dragId)
        return false;
    // Keep the first "before" of each node; take the latest "after".
    for (const auto &entry : o->m_after) {
        const auto &id = entry.first; // not a structured binding: clang 14 cannot capture those
        const auto &pos = entry.second;
        auto it = std::find_if(m_after.begin(), m_after.end(), [&](const auto &p) { return p.first == id; });
        if (it != m_after.end()) {
            it->second = pos;
        } else {
            m_after.emplace_back(id, pos);
            const auto b
                = std::find_if(o->m_before.begin(), o->m_before.end(), [&](const auto &p) { return p.first == id; });
            m_before.emplace_back(id, b != o->m_before.end() ? b->second : std::nullopt);
        }
    }
    return true;
}

} // namespace Railyard

namespace Railyard {

ReplaceFabricCommand::ReplaceFabricCommand(FabricDocument *document, Fabric fabric,
                                           std::unordered_map<std::string, QPointF> pins, const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_fabric(std::move(fabric))
    , m_pins(std::move(pins))
    , m_linkFailed(static_cast<size_t>(m_fabric.linkCount()), 0)
    , m_switchFailed(static_cast<size_t>(m_fabric.switchCount()), 0)
{ }

void ReplaceFabricCommand::swap()
{
    m_document->performSwapFabric(m_fabric, m_pins, m_linkFailed, m_switchFailed);
}

void ReplaceFabricCommand::redo()
{
    swap();
}

void ReplaceFabricCommand::undo()
{
    swap();
}

} // namespace Railyard

namespace Railyard {

AddRemoveJobCommand::AddRemoveJobCommand(FabricDocument *document, int index, JobEntry job, bool add)
    : QUndoCommand(add ? QCoreApplication::translate("FabricDocument", "Add job %1").arg(job.displayName())
                       : QCoreApplication::translate("FabricDocument", "Remove job %1").arg(job.displayName()))
    , m_document(document)
    , m_index(index)
    , m_job(std::move(job))
    , m_add(add)
{ }

void AddRemoveJobCommand::insert()
{
    m_document->performInsertJob(m_index, m_job);
}

void AddRemoveJobCommand::remove()
{
    m_document->performRemoveJob(m_index);
}

void AddRemoveJobCommand::redo()
{
    m_add ? insert() : remove();
}

void AddRemoveJobCommand::undo()
{
    m_add ? remove() : insert();
}

ReplaceJobCommand::ReplaceJobCommand(FabricDocument *document, int index, JobEntry job)
    : QUndoCommand(QCoreApplication::translate("FabricDocument", "Edit job %1").arg(job.displayName()))
    , m_document(document)
    , m_index(index)
    , m_job(std::move(job))
{ }

} // namespace Railyard

namespace Railyard {

SetFloorCommand::SetFloorCommand(FabricDocument *document, std::shared_ptr<const FloorPlan> before,
                                 std::shared_ptr<const FloorPlan> after, int dragId, const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_dragId(dragId)
{ }

bool SetFloorCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const SetFloorCommand *>(other);
    if (o->m_dragId != m_dragId)
        return false;
    m_after = o->m_after; // the first "before", the latest "after"
    // A drag back to where it began changes nothing: no undo step.
    if (m_before && m_after && m_before->automatic == m_after->automatic
        && m_before->racks.size() == m_after->racks.size()) {
        bool same = true;
        for (size_t i = 0; same && i < m_before->racks.size(); ++i) {
            const RackSpot &a = m_before->racks[i], &b = m_after->racks[i];
            same = a.rack == b.rack && a.hall == b.hall && a.row == b.row && a.slot == b.slot;
        }
        setObsolete(same);
    }
    return true;
}

} // namespace Railyard
