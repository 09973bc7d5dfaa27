#include "core/analysis/capacity.h"

namespace Railyard {

bool resolveFailures(const Fabric &fabric, const std::vector<std::string> &ids, Failures *out, std::string *error)
{
    Failures result;
    for (const std::string &id : ids) {
        if (const auto l = fabric.findLink(id); l >= 0) {
            result.links.push_back(l);
            continue;
        }
        const NodeIndex n = fabric.findNode(id);
        if (fabric.isSwitch(n)) {
            result.switches.push_back(fabric.switchIndexOf(n));
            continue;
        }
        if (error)
            *error = fabric.isHost(n) ? "'" + id + "' is a host; fail its links or its switch instead"
                                      : "unknown element '" + id + "'";
        return false;
    }
    if (out)
        *out = std::move(result);
    return true;
}

CapacityView CapacityView::of(const Fabric &fabric, const Failures &failures)
{
    CapacityView view;
    view.gbps.resize(static_cast<size_t>(fabric.linkCount()));
    for (std::int32_t i = 0; i < fabric.linkCount(); ++i)
        view.gbps[static_cast<size_t>(i)] = fabric.link(i).effectiveGbps();
    view.switchFailed.assign(static_cast<size_t>(fabric.switchCount()), 0);
    for (const auto l : failures.links)
        if (l >= 0 && l < fabric.linkCount())
            view.gbps[static_cast<size_t>(l)] = 0.0;
    for (const auto s : failures.switches) {
        if (s < 0 || s >= fabric.switchCount())
            continue;
        view.switchFailed[static_cast<size_t>(s)] = 1;
        for (const auto l : fabric.incidentLinks(fabric.switchNode(s)))
            view.gbps[static_cast<size_t>(l)] = 0.0;
    }
    return view;
}

CapacityView CapacityView::nominal(const Fabric &fabric)
{
    CapacityView view;
    view.gbps.resize(static_cast<size_t>(fabric.linkCount()));
    for (std::int32_t i = 0; i < fabric.linkCount(); ++i)
        view.gbps[static_cast<size_t>(i)] = fabric.link(i).capacityGbps;
    view.switchFailed.assign(static_cast<size_t>(fabric.switchCount()), 0);
    return view;
}

std::vector<std::string> hostsWithoutCapacity(const Fabric &fabric, const CapacityView &capacity)
{
    std::vector<std::string> ids;
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        bool live = false;
        for (const auto l : fabric.incidentLinks(fabric.hostNode(h)))
            live = live || capacity.gbps[static_cast<size_t>(l)] > 0;
        if (!live)
            ids.push_back(fabric.host(h).id);
    }
    return ids;
}

} // namespace Railyard
