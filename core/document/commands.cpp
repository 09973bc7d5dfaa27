#include "core/document/commands.h"

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
