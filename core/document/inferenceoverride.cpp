// FabricDocument's review of import inferences: whether each still holds,
// and overriding one as an ordinary undoable edit.

#include "core/document/fabricdocument.h"

#include <cmath>
#include <cstdio>

namespace Railyard {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

std::string rateText(double gbps)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", gbps);
    return text;
}

} // namespace

std::string FabricDocument::inferredProperty(const Inference &inference) const
{
    const std::string &id = inference.elementId;
    switch (inference.kind) {
    case Inference::Kind::Role: {
        const NodeIndex n = m_fabric.findNode(id);
        return n < 0 ? std::string() : m_fabric.isHost(n) ? "host" : "switch";
    }
    case Inference::Kind::Tier: {
        const NodeIndex n = m_fabric.findNode(id);
        return n < 0 || !m_fabric.isSwitch(n) ? std::string()
                                              : tierName(m_fabric.switchAt(m_fabric.switchIndexOf(n)).tier);
    }
    case Inference::Kind::Rack: {
        const NodeIndex n = m_fabric.findNode(id);
        if (n < 0)
            return {};
        return m_fabric.isHost(n) ? m_fabric.host(n).location.rack
                                  : m_fabric.switchAt(m_fabric.switchIndexOf(n)).location.rack;
    }
    case Inference::Kind::Sharp: {
        const NodeIndex n = m_fabric.findNode(id);
        return n < 0 || !m_fabric.isSwitch(n)                    ? std::string()
            : m_fabric.switchAt(m_fabric.switchIndexOf(n)).sharp ? "sharp"
                                                                 : "no sharp";
    }
    case Inference::Kind::Rail: {
        const NodeIndex n = m_fabric.findNode(id);
        return n < 0 || !m_fabric.isHost(n) ? std::string() : std::to_string(m_fabric.host(n).nics.size());
    }
    case Inference::Kind::Speed: {
        const std::int32_t l = m_fabric.findLink(id);
        if (l < 0)
            return {};
        const Link &link = m_fabric.link(l);
        return link.state == LinkState::Up  ? "up"
            : link.state == LinkState::Down ? "down"
                                            : rateText(link.degradedGbps);
    }
    }
    return {};
}

bool FabricDocument::inferenceHolds(const Inference &inference) const
{
    return inferredProperty(inference) == inference.value;
}

bool FabricDocument::overrideInference(const Inference &inference, const std::string &value, QString *error)
{
    const std::string &id = inference.elementId;
    const QString text = tr("Override Inference for %1").arg(qs(id));
    const NodeIndex n = m_fabric.findNode(id);
    auto gone = [&] { return refuse(tr("%1 refused: there is no element '%2'.").arg(text, qs(id)), error); };
    switch (inference.kind) {
    case Inference::Kind::Tier: {
        const std::optional<Tier> tier = tierFromName(value);
        if (n < 0 || !m_fabric.isSwitch(n))
            return gone();
        if (!tier)
            return refuse(tr("%1 refused: '%2' is no tier (leaf, spine, core, switch).").arg(text, qs(value)), error);
        PropertyEdit edit;
        edit.tier = *tier;
        return setProperties({id}, edit, error);
    }
    case Inference::Kind::Rack:
    case Inference::Kind::Sharp: {
        if (n < 0 || (inference.kind == Inference::Kind::Sharp && !m_fabric.isSwitch(n)))
            return gone();
        FabricEdit edit;
        if (m_fabric.isHost(n)) {
            Host after = m_fabric.host(n);
            after.location.rack = value;
            edit.modifiedHosts.push_back({n, m_fabric.host(n), std::move(after)});
        } else {
            const std::int32_t s = m_fabric.switchIndexOf(n);
            Switch after = m_fabric.switchAt(s);
            if (inference.kind == Inference::Kind::Rack)
                after.location.rack = value;
            else
                after.sharp = value == "sharp";
            edit.modifiedSwitches.push_back({s, m_fabric.switchAt(s), std::move(after)});
        }
        return commitEdit(std::move(edit), text, error);
    }
    case Inference::Kind::Speed: {
        const std::int32_t l = m_fabric.findLink(id);
        if (l < 0)
            return gone();
        const Link &link = m_fabric.link(l);
        if (value == "up")
            return setLinkRate(l, link.capacityGbps);
        char *end = nullptr;
        const double gbps = std::strtod(value.c_str(), &end);
        if (value.empty() || *end != '\0' || !std::isfinite(gbps) || gbps < 0)
            return refuse(tr("%1 refused: '%2' is neither \"up\" nor a rate in Gb/s.").arg(text, qs(value)), error);
        return setLinkRate(l, gbps);
    }
    case Inference::Kind::Rail:
        return refuse(
            tr("%1 refused: a host's rails follow its NIC order; reorder its NICs in the Properties dock.").arg(text),
            error);
    case Inference::Kind::Role: break;
    }

    // Role: the node becomes the other kind, with the same id and links.
    if (n < 0)
        return gone();
    if (value != "host" && value != "switch")
        return refuse(tr("%1 refused: a node is a \"host\" or a \"switch\".").arg(text), error);
    if ((value == "host") == m_fabric.isHost(n))
        return true;
    FabricEdit edit;
    const std::vector<std::int32_t> incident(m_fabric.incidentLinks(n).begin(), m_fabric.incidentLinks(n).end());
    for (const std::int32_t l : incident)
        edit.removedLinks.push_back({l, linkRecord(l), isLinkFailed(l)});
    std::sort(edit.removedLinks.begin(), edit.removedLinks.end(),
              [](const auto &x, const auto &y) { return x.index < y.index; });
    const std::int32_t firstNew = m_fabric.linkCount() - std::int32_t(incident.size());
    if (m_fabric.isHost(n)) {
        const Host &host = m_fabric.host(n);
        edit.removedHosts.push_back({n, host, false});
        Switch sw;
        sw.id = host.id;
        sw.tier = Tier::Leaf; // a switch hosts were found under is a leaf until the user says otherwise
        sw.radix = std::max<int>(1, int(incident.size()));
        sw.location = host.location;
        edit.addedSwitches.push_back({m_fabric.switchCount(), sw, false});
    } else {
        const std::int32_t s = m_fabric.switchIndexOf(n);
        edit.removedSwitches.push_back({s, m_fabric.switchAt(s), isSwitchFailed(s)});
        Host host;
        host.id = m_fabric.switchAt(s).id;
        host.location = m_fabric.switchAt(s).location;
        for (size_t k = 0; k < incident.size(); ++k)
            host.nics.push_back(Nic{int(k), m_fabric.link(incident[k]).capacityGbps, 1});
        edit.addedHosts.push_back({m_fabric.hostCount(), std::move(host), false});
    }
    // The links again, in their order, on ports 0.. of the converted node (hosts are the a end).
    for (size_t k = 0; k < edit.removedLinks.size(); ++k) {
        LinkRecord record = edit.removedLinks[k].value;
        const bool atA = record.aId == id;
        (atA ? record.link.portA : record.link.portB) = int(k);
        if (value == "host" && !atA) {
            std::swap(record.aId, record.bId);
            std::swap(record.link.portA, record.link.portB);
        }
        edit.addedLinks.push_back({firstNew + std::int32_t(k), std::move(record), false});
    }
    return commitEdit(std::move(edit), tr("Make %1 a %2").arg(qs(id), value == "host" ? tr("host") : tr("switch")),
                      error);
}

} // namespace Railyard
