#include "views/canvas/healthoverlay.h"

#include "core/health/healthincident.h"
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

std::vector<std::pair<QColor, QString>> HealthOverlay::legend(State from) const
{
    std::vector<std::pair<QColor, QString>> rows;
    for (int s = stateCount - 1; s >= int(from); --s)
        rows.emplace_back(colour(State(s)), tr("%1 (%Ln link(s))", nullptr, int(m_counts[s])).arg(stateName(State(s))));
    rows.emplace_back(healthSuspectColour(), tr("suspect host or switch (outlined)"));
    return rows;
}

void HealthOverlay::setLive(std::shared_ptr<const TelemetryFrame> frame, std::shared_ptr<const HealthReport> report)
{
    m_frame = std::move(frame);
    m_report = std::move(report);
}

QString HealthOverlay::liveSampleText() const
{
    if (!m_frame)
        return {};
    const std::string time = sourceTimeText(m_frame->timeSeconds);
    return time.empty() ? tr("interval %1").arg(m_frame->interval)
                        : tr("interval %1 at %2").arg(m_frame->interval).arg(QString::fromStdString(time));
}

std::vector<HealthOverlay::LiveFact> HealthOverlay::liveLinkFacts(const Fabric &fabric, std::int32_t l) const
{
    std::vector<LiveFact> facts;
    if (!m_frame || l < 0 || l >= fabric.linkCount())
        return facts;
    const QLocale locale;
    QString state = stateName(link(l));
    if (m_report) {
        for (const HealthDetection &d : m_report->detections) {
            const HealthAlarm &a = d.alarm;
            if (a.link != l || !a.active())
                continue;
            const std::string since = sourceTimeText(a.firstTime);
            state += tr("; %1 (%2) since %3")
                         .arg(QString::fromLatin1(alarmKindName(a.kind)), QString::fromLatin1(alarmSeverityName(d.severity)),
                              since.empty() ? tr("interval %1").arg(a.firstInterval) : QString::fromStdString(since));
        }
    }
    if (m_stale)
        state += tr(" (stale: the source did not answer)");
    facts.push_back({tr("Live state"), state});
    if (size_t(l) >= m_frame->links.size() || !m_frame->links[size_t(l)].present) {
        facts.push_back({tr("Live sample"), tr("none in %1 (a gap)").arg(liveSampleText())});
        return facts;
    }
    const LinkSample &s = m_frame->links[size_t(l)];
    const Link &design = fabric.link(l);
    const double nominal = s.capacityGbps > 0 ? s.capacityGbps : design.capacityGbps;
    if (s.state == LinkState::Down || s.rateGbps <= 0)
        facts.push_back({tr("Live rate"), tr("down (design: %1 Gbit/s)").arg(locale.toString(nominal, 'g', 6))});
    else
        facts.push_back({tr("Live rate"), tr("%1 Gbit/s of %2 Gbit/s nominal (%3 %)")
                                               .arg(locale.toString(double(s.rateGbps), 'g', 6),
                                                    locale.toString(nominal, 'g', 6),
                                                    locale.toString(100.0 * s.rateGbps / nominal, 'f', 0))});
    const double seconds = std::max(m_frame->intervalSeconds, 1e-9);
    auto utilization = [&](double bytes) {
        return s.rateGbps > 0 ? locale.toString(100.0 * s.utilization(bytes, seconds), 'f', 1) : QStringLiteral("–");
    };
    facts.push_back({tr("Utilization"), tr("%1 → %2: %3 %, %2 → %1: %4 % of the running rate")
                                            .arg(QString::fromStdString(fabric.nodeId(design.a)),
                                                 QString::fromStdString(fabric.nodeId(design.b)),
                                                 utilization(s.bytesAtoB), utilization(s.bytesBtoA))});
    facts.push_back({tr("Counters"), tr("ECN-CE %1, PFC pauses %2, retransmits %3, symbol errors %4, discards %5, "
                                        "downs %6 in %7 s")
                                         .arg(s.ecnMarked)
                                         .arg(s.pfcPauses)
                                         .arg(s.retransmits)
                                         .arg(s.symbolErrors)
                                         .arg(s.discards)
                                         .arg(s.linkDowned)
                                         .arg(locale.toString(m_frame->intervalSeconds, 'g', 3))});
    facts.push_back({tr("Live sample"), liveSampleText()});
    return facts;
}

std::vector<HealthOverlay::LiveFact> HealthOverlay::liveNodeFacts(const Fabric &fabric, std::int32_t node) const
{
    std::vector<LiveFact> facts;
    if (!m_frame || node < 0 || node >= fabric.nodeCount())
        return facts;
    int counts[stateCount] = {0, 0, 0, 0, 0};
    QStringList alarmed;
    for (const std::int32_t l : fabric.incidentLinks(node)) {
        const State state = link(l);
        ++counts[state];
        if (state >= Alarm && alarmed.size() < 8)
            alarmed << QString::fromStdString(fabric.link(l).id) + QStringLiteral(" (") + stateName(state)
                    + QLatin1Char(')');
    }
    QStringList parts;
    for (int state = stateCount - 1; state >= 0; --state)
        if (counts[state] > 0)
            parts << tr("%1 %2").arg(counts[state]).arg(stateName(State(state)));
    facts.push_back({tr("Live links"), parts.join(QStringLiteral(", "))});
    if (!alarmed.isEmpty())
        facts.push_back({tr("Alarmed"), alarmed.join(QStringLiteral(", "))});
    facts.push_back({tr("Suspect"), isSuspect(node) ? tr("yes: the end of an alarmed link or the host of a hung or "
                                                        "slow rank")
                                                     : tr("no")});
    facts.push_back({tr("Live sample"), liveSampleText()});
    return facts;
}

} // namespace Railyard
