// FabricDocument: the design's floor (docs/floor.md). Moving a rack and
// setting the floor are undo steps like any edit of the design; the Floor,
// Problems and Jobs docks follow floorChanged.

#include "core/document/commands.h"
#include "core/document/fabricdocument.h"
#include "core/floor/floorplan.h"
#include "core/common/messagetext.h"

namespace Railyard {

std::shared_ptr<const FloorPlan> FabricDocument::floorInUse() const
{
    if (m_fabric.floor)
        return m_fabric.floor;
    if (!m_autoFloor)
        m_autoFloor = std::make_shared<const FloorPlan>(autoFloor(m_fabric));
    return m_autoFloor;
}

bool FabricDocument::moveRack(const std::string &rack, int hall, int row, int slot, int dragId, QString *error)
{
    const std::shared_ptr<const FloorPlan> before = m_fabric.floor;
    // A drag moves the rack from where it stood when the drag began: a rack
    // it displaced on the way goes back to its spot when the drag moves on.
    std::shared_ptr<const FloorPlan> base = floorInUse();
    if (dragId != 0 && m_undoStack.index() > 0 && m_undoStack.index() == m_undoStack.count())
        if (const auto *last = dynamic_cast<const SetFloorCommand *>(m_undoStack.command(m_undoStack.index() - 1));
            last && last->dragId() == dragId)
            base = last->before() ? last->before()
                : m_autoFloor     ? m_autoFloor
                                  : std::make_shared<const FloorPlan>(autoFloor(m_fabric));
    FloorPlan moved = *base;
    moved.automatic = false; // from now on the design's own
    std::string why;
    if (!Railyard::moveRack(moved, rack, hall, row, slot, &why))
        return refuse(tr("Cannot move the rack: %1").arg(QString::fromStdString(why)), error);
    m_undoStack.push(new SetFloorCommand(this, before, std::make_shared<const FloorPlan>(std::move(moved)), dragId,
                                         tr("Move rack %1").arg(QString::fromStdString(elided(rack, 60)))));
    return true;
}

bool FabricDocument::setFloor(std::shared_ptr<const FloorPlan> floor, const QString &text, QString *error)
{
    if (floor) {
        try {
            floor->validate(m_filePath.isEmpty() ? std::string("floor") : m_filePath.toStdString());
        } catch (const FloorError &e) {
            return refuse(QString::fromStdString(e.what()), error);
        }
    }
    m_undoStack.push(new SetFloorCommand(this, m_fabric.floor, std::move(floor), 0, text));
    return true;
}

void FabricDocument::replaceAutomaticFloor()
{
    if (!m_fabric.floor || !m_fabric.floor->automatic)
        return;
    FloorPlan placed = autoFloor(m_fabric);
    const FloorPlan &before = *m_fabric.floor;
    if (!before.halls.empty())
        for (FloorHall &h : placed.halls) {
            h.rackBudgetKw = before.halls.front().rackBudgetKw;
            h.rowBudgetKw = before.halls.front().rowBudgetKw;
            h.cooling = before.halls.front().cooling;
        }
    m_fabric.floor = std::make_shared<const FloorPlan>(std::move(placed));
    emit floorChanged();
}

void FabricDocument::performSetFloor(std::shared_ptr<const FloorPlan> floor)
{
    m_fabric.floor = std::move(floor);
    emit floorChanged();
}

} // namespace Railyard
