#include "views/canvas/healthoverlay.h"

#include "core/layout/fabriclayout.h"
#include "views/canvas/colours.h"

#include <QLocale>

#include <algorithm>

namespace Railyard {

HealthOverlay::HealthOverlay(const Fabric &fabric, const TelemetryFrame &frame, const std::vector<HealthAlarm> &alarms,
                             const std::vector<std::int32_t> &suspects, const HealthOverlay *previous)
    : m_links(static_cast<size_t>(fabric.linkCount()), NoData)
    , m_suspects(static_cast<size_t>(fabric.nodeCount()), 0)
    , m_interval(frame.interval)
    , m_stale(frame.stale)
    , m_staleReason(QString::fromStdString(frame.staleReason))
{
    if (frame.stale) {
        // Nothing new: keep what was last known, shown under a "stale" legend.
        if (previous && previous->fits(fabric)) {
            m_links = previous->m_links;
            m_suspects = previous->m_suspects;
        }
    } else {
        const size_t n = std::min(m_links.size(), frame.links.size());
        for (size_t l = 0; l < n; ++l) {
            const LinkSample &s = frame.links[l];
            if (!s.present)
                continue;
            m_links[l] = s.state == LinkState::Down || s.rateGbps <= 0 ? Down
                : s.state == LinkState::Degraded || (s.capacityGbps > 0 && s.rateGbps < 0.9f * s.capacityGbps)
                ? Slow
                : Healthy;
        }
        for (const HealthAlarm &a : alarms)
            if (a.active() && a.link >= 0 && static_cast<size_t>(a.link) < m_links.size())
                m_links[static_cast<size_t>(a.link)]
                    = std::max<std::uint8_t>(m_links[static_cast<size_t>(a.link)], Alarm);
        for (const std::int32_t node : suspects)
            if (node >= 0 && static_cast<size_t>(node) < m_suspects.size())
                m_suspects[static_cast<size_t>(node)] = 1;
    }
    for (const std::uint8_t s : m_links)
        ++m_counts[s];
}

void HealthOverlay::setLayout(const FabricLayout &layout)
{
    const auto &levels = layout.levels();
    m_bundles.assign(levels.size(), {});
    m_groups.assign(levels.size(), {});
    for (size_t i = 0; i < levels.size(); ++i) {
        const LayoutLevel &level = levels[i];
        auto &bundles = m_bundles[i];
        bundles.assign(level.bundles.size(), NoData);
        for (size_t b = 0; b < level.bundles.size(); ++b) {
            std::uint8_t worst = NoData;
            for (const std::int32_t l : level.bundles[b].links)
                worst = std::max<std::uint8_t>(worst, link(l));
            bundles[b] = worst;
        }
        auto &groups = m_groups[i];
        groups.assign(level.groups.size(), 0);
        const size_t nodes = std::min(level.groupOfNode.size(), m_suspects.size());
        for (size_t n = 0; n < nodes; ++n) {
            const std::int32_t g = level.groupOfNode[n];
            if (m_suspects[n] && g >= 0 && static_cast<size_t>(g) < groups.size())
                groups[static_cast<size_t>(g)] = 1;
        }
    }
}

QColor HealthOverlay::colour(State state)
{
    return healthColour(state);
}

QString HealthOverlay::stateName(State state)
{
    switch (state) {
    case NoData: return tr("no data");
    case Healthy: return tr("healthy");
    case Slow: return tr("below nominal rate");
    case Alarm: return tr("alarm");
    case Down: return tr("down");
    }
    return {};
}

QString HealthOverlay::title() const
{
    return m_stale ? tr("Link health — stale: %1").arg(m_staleReason) : tr("Link health, interval %1").arg(m_interval);
}

std::vector<std::pair<QColor, QString>> HealthOverlay::legend() const
{
    std::vector<std::pair<QColor, QString>> rows;
    for (int s = stateCount - 1; s >= 0; --s)
        rows.emplace_back(colour(State(s)), tr("%1 (%Ln link(s))", nullptr, int(m_counts[s])).arg(stateName(State(s))));
    rows.emplace_back(healthSuspectColour(), tr("suspect host or switch (outlined)"));
    return rows;
}

} // namespace Railyard
