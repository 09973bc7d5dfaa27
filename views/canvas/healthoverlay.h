#pragma once

// Live link health as the canvas colours it (Health dock): a state per link
// from the latest telemetry frame and the active alarms, and a suspect flag
// per host and switch (the ends of alarmed links, the hosts of hung or slow
// ranks). States are ordered by severity, so a layout group or bundle shows
// its worst member. Everything is merged once per frame update (and once per
// layout), so a paint only looks states up.

#include "core/health/healthalarm.h"
#include "core/health/healthreport.h"
#include "core/health/telemetry.h"
#include "core/model/fabric.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace Railyard {

class FabricLayout;

class HealthOverlay
{
    Q_DECLARE_TR_FUNCTIONS(HealthOverlay)

public:
    /// Ordered by severity: merging takes the maximum.
    enum State : std::uint8_t { NoData = 0, Healthy = 1, Slow = 2, Alarm = 3, Down = 4 };
    static constexpr int stateCount = 5;

    /// States of `frame` on `fabric`: no sample → NoData; down (or running
    /// at 0) → Down; an active link alarm → Alarm; degraded or running below
    /// 90 % of its nominal rate → Slow; else Healthy. `suspects` are node indices (hosts, switches).
    /// A stale frame keeps the previous overlay's states greyed (pass it).
    HealthOverlay(const Fabric &fabric, const TelemetryFrame &frame, const std::vector<HealthAlarm> &alarms,
                  const std::vector<std::int32_t> &suspects, const HealthOverlay *previous = nullptr);

    bool fits(const Fabric &fabric) const { return static_cast<size_t>(fabric.linkCount()) == m_links.size(); }
    /// Merges states and suspects into every level of `layout`. O(N + L).
    void setLayout(const FabricLayout &layout);

    State link(std::int32_t l) const { return at(m_links, l); }
    bool isSuspect(std::int32_t node) const { return at(m_suspects, node) != 0; }
    /// Worst state of a bundle / suspect flag of a group at layout level `level` (0 pods, 1 SUs, 2 racks).
    State bundle(size_t level, std::int32_t b) const
    {
        return level < m_bundles.size() ? at(m_bundles[level], b) : NoData;
    }
    bool isSuspectGroup(size_t level, std::int32_t g) const
    {
        return level < m_groups.size() && at(m_groups[level], g);
    }
    /// The source did not answer in the last interval.
    bool isStale() const { return m_stale; }
    std::int64_t interval() const { return m_interval; }
    int count(State state) const { return m_counts[state]; }

    /// The frame and report the overlay was built from, kept for the live
    /// values the canvas tooltip and the Properties dock show beside the
    /// design values (shared with the Health dock, never copied).
    void setLive(std::shared_ptr<const TelemetryFrame> frame, std::shared_ptr<const HealthReport> report);
    struct LiveFact
    {
        QString label;
        QString value;
    };
    /// Link `l` as the latest frame saw it: live state (and its alarm's kind,
    /// severity and time), the running rate against the nominal, utilization
    /// each way and the interval's counters. Empty without live data.
    std::vector<LiveFact> liveLinkFacts(const Fabric &fabric, std::int32_t l) const;
    /// A host or switch: its links by live state, and whether it is a suspect.
    std::vector<LiveFact> liveNodeFacts(const Fabric &fabric, std::int32_t node) const;
    /// "interval 12 at 21:59:21 UTC (22:59:21 local)"; empty without live data.
    QString liveSampleText() const;

    static QColor colour(State state);
    static QString stateName(State state);
    /// The legend's title and rows.
    QString title() const;
    /// `from`: the rows of that state and worse only (over an intent diff,
    /// which keeps the other links' colours).
    std::vector<std::pair<QColor, QString>> legend(State from = NoData) const;

private:
    static State at(const std::vector<std::uint8_t> &v, std::int64_t i)
    {
        return i >= 0 && static_cast<size_t>(i) < v.size() ? State(v[static_cast<size_t>(i)]) : NoData;
    }

    std::vector<std::uint8_t> m_links;
    std::vector<std::uint8_t> m_suspects;
    std::vector<std::vector<std::uint8_t>> m_bundles; ///< per level, per bundle: worst state
    std::vector<std::vector<std::uint8_t>> m_groups;  ///< per level, per group: holds a suspect
    int m_counts[stateCount] = {0, 0, 0, 0, 0};
    std::int64_t m_interval = 0;
    bool m_stale = false;
    QString m_staleReason;
    std::shared_ptr<const TelemetryFrame> m_frame;
    std::shared_ptr<const HealthReport> m_report;
};

} // namespace Railyard
