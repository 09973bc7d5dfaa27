#include "core/document/fabricdocument.h"

#include "core/document/commands.h"
#include "core/floor/floorplan.h"

#include <QFileInfo>

#include <cmath>
#include <unordered_set>

namespace Railyard {

FabricDocument::FabricDocument(Fabric fabric, QObject *parent)
    : QObject(parent)
    , m_fabric(std::move(fabric))
{
    m_fabric.prepare();
    m_linkFailed.assign(static_cast<size_t>(m_fabric.linkCount()), 0);
    m_switchFailed.assign(static_cast<size_t>(m_fabric.switchCount()), 0);
    // First connection, so the cache is gone before any view hears of a change.
    QObject::connect(this, &FabricDocument::changed, this, [this](Change change) {
        m_capacity.reset();
        if (change == Change::Structure) {
            m_autoFloor.reset(); // racks came or went: place them anew
            replaceAutomaticFloor();
        }
    });
}

FabricDocument::~FabricDocument() = default;

const CapacityView &FabricDocument::capacityView() const
{
    if (!m_capacity)
        m_capacity = CapacityView::of(m_fabric, failures());
    return *m_capacity;
}

QString FabricDocument::displayName() const
{
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).fileName();
    if (!m_fabric.name.empty())
        return QString::fromStdString(m_fabric.name);
    return tr("Untitled");
}

Failures FabricDocument::failures() const
{
    Failures f;
    for (size_t i = 0; i < m_linkFailed.size(); ++i)
        if (m_linkFailed[i])
            f.links.push_back(static_cast<std::int32_t>(i));
    for (size_t i = 0; i < m_switchFailed.size(); ++i)
        if (m_switchFailed[i])
            f.switches.push_back(static_cast<std::int32_t>(i));
    return f;
}

void FabricDocument::setFailed(const std::vector<std::string> &ids, bool failed, std::vector<std::string> *unknown)
{
    std::vector<FailureFlag> after, before;
    std::unordered_set<long long> seen;
    auto add = [&](bool isSwitch, std::int32_t index) {
        const long long key = (isSwitch ? (1LL << 40) : 0) + index;
        if (!seen.insert(key).second)
            return;
        const bool now = isSwitch ? isSwitchFailed(index) : isLinkFailed(index);
        if (now == failed)
            return;
        after.push_back({isSwitch, index, failed});
        before.push_back({isSwitch, index, now});
    };
    for (const std::string &id : ids) {
        if (const auto l = m_fabric.findLink(id); l >= 0) {
            add(false, l);
            continue;
        }
        const NodeIndex n = m_fabric.findNode(id);
        if (m_fabric.isSwitch(n))
            add(true, m_fabric.switchIndexOf(n));
        else if (m_fabric.isHost(n))
            for (const auto l : m_fabric.incidentLinks(n))
                add(false, l);
        else if (unknown)
            unknown->push_back(id);
    }
    if (after.empty())
        return;
    QString text;
    if (ids.size() == 1)
        text = failed ? tr("Fail %1").arg(QString::fromStdString(ids.front()))
                      : tr("Restore %1").arg(QString::fromStdString(ids.front()));
    else
        text = failed ? tr("Fail %n elements", nullptr, static_cast<int>(ids.size()))
                      : tr("Restore %n elements", nullptr, static_cast<int>(ids.size()));
    m_undoStack.push(new SetFailedCommand(this, std::move(after), std::move(before), text));
}

bool FabricDocument::hasUnsavedEdits() const
{
    const int clean = m_undoStack.cleanIndex(), index = m_undoStack.index();
    if (clean < 0)
        return true; // the saved state fell off the stack
    for (int i = std::min(clean, index); i < std::max(clean, index); ++i)
        if (!dynamic_cast<const SetFailedCommand *>(m_undoStack.command(i)))
            return true;
    return false;
}

void FabricDocument::restoreAll()
{
    std::vector<FailureFlag> after, before;
    for (size_t i = 0; i < m_linkFailed.size(); ++i)
        if (m_linkFailed[i]) {
            after.push_back({false, static_cast<std::int32_t>(i), false});
            before.push_back({false, static_cast<std::int32_t>(i), true});
        }
    for (size_t i = 0; i < m_switchFailed.size(); ++i)
        if (m_switchFailed[i]) {
            after.push_back({true, static_cast<std::int32_t>(i), false});
            before.push_back({true, static_cast<std::int32_t>(i), true});
        }
    if (!after.empty())
        m_undoStack.push(new SetFailedCommand(this, std::move(after), std::move(before), tr("Restore All")));
}

bool FabricDocument::setLinkCapacity(std::int32_t link, double gbps)
{
    if (link < 0 || link >= m_fabric.linkCount() || !(gbps > 0))
        return false;
    const Link &l = m_fabric.link(link);
    const double before = l.capacityGbps;
    if (before == gbps)
        return true;
    if (l.state == LinkState::Degraded && l.degradedGbps >= gbps) {
        // The new capacity is at or below the degraded rate: the link runs at
        // its (new) full rate, so it is up again — one undo step for both.
        auto *capacity = new SetLinkCapacityCommand(this, link, before, gbps);
        m_undoStack.beginMacro(capacity->text());
        m_undoStack.push(new SetLinkStateCommand(this, link, {l.state, l.degradedGbps}, {LinkState::Up, 0.0}));
        m_undoStack.push(capacity);
        m_undoStack.endMacro();
        return true;
    }
    m_undoStack.push(new SetLinkCapacityCommand(this, link, before, gbps));
    return true;
}

bool FabricDocument::setLinkRate(std::int32_t link, double gbps)
{
    if (link < 0 || link >= m_fabric.linkCount() || !(gbps >= 0) || !std::isfinite(gbps))
        return false;
    const Link &l = m_fabric.link(link);
    // Within the editor's rounding (0.001 Gbit/s) of the capacity counts as full rate.
    const LinkState state = gbps >= l.capacityGbps - 5e-4 ? LinkState::Up
        : gbps > 0                                        ? LinkState::Degraded
                                                          : LinkState::Down;
    const double degraded = state == LinkState::Degraded ? gbps : 0.0;
    if (state == l.state && (state != LinkState::Degraded || degraded == l.degradedGbps))
        return true;
    m_undoStack.push(new SetLinkStateCommand(this, link, {l.state, l.degradedGbps}, {state, degraded}));
    return true;
}

void FabricDocument::setSelection(std::vector<std::string> ids)
{
    if (ids == m_selection)
        return;
    m_selection = std::move(ids);
    emit selectionChanged();
}

void FabricDocument::performSetFailed(const std::vector<FailureFlag> &flags)
{
    for (const FailureFlag &f : flags) {
        char &flag
            = f.isSwitch ? m_switchFailed[static_cast<size_t>(f.index)] : m_linkFailed[static_cast<size_t>(f.index)];
        if (flag != static_cast<char>(f.failed))
            m_failedCount += f.failed ? 1 : -1;
        flag = f.failed ? 1 : 0;
    }
    emit changed(Change::Failures);
}

void FabricDocument::performSetLinkCapacity(std::int32_t link, double gbps)
{
    emit aboutToChange();
    m_fabric.link(link).capacityGbps = gbps;
    emit changed(Change::Capacities);
}

void FabricDocument::performSetLinkState(std::int32_t link, LinkState state, double degradedGbps)
{
    emit aboutToChange();
    Link &l = m_fabric.link(link);
    l.state = state;
    l.degradedGbps = degradedGbps;
    emit changed(Change::Capacities);
}

void FabricDocument::setForwardingTables(std::optional<ForwardingTables> tables)
{
    if (!m_tables && !tables)
        return;
    m_tables = std::move(tables);
    emit forwardingTablesChanged();
}

} // namespace Railyard
