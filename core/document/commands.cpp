#include "core/document/commands.h"

namespace Railyard {

SetFailedCommand::SetFailedCommand(FabricDocument *document, std::vector<FabricDocument::FailureFlag> after,
                                   std::vector<FabricDocument::FailureFlag> before, const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_after(std::move(after))
    , m_before(std::move(before))
{
}

void SetFailedCommand::redo()
{
    m_document->performSetFailed(m_after);
}

void SetFailedCommand::undo()
{
    m_document->performSetFailed(m_before);
}

SetLinkCapacityCommand::SetLinkCapacityCommand(FabricDocument *document, std::int32_t link, double before,
                                               double after)
    : QUndoCommand(QObject::tr("Set capacity of %1").arg(QString::fromStdString(document->fabric().link(link).id)))
    , m_document(document)
    , m_link(link)
    , m_before(before)
    , m_after(after)
{
}

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

} // namespace Railyard
