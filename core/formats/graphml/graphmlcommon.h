#pragma once

// Pieces shared by the GraphML reader and writer.

#include "core/model/fabric.h"

#include <QString>

#include <algorithm>
#include <charconv>

namespace Railyard::GraphmlCommon {

/// The GraphML namespace, written on output and required (or absent) on input.
inline QString namespaceUri()
{
    return QStringLiteral("http://graphml.graphdrawing.org/xmlns");
}

/// Shortest text that reads back as exactly v.
inline QString numberText(double v)
{
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return QString::fromLatin1(buf, static_cast<qsizetype>(r.ptr - buf));
}

/// What GraphML does not carry, derived once the links are read: one NIC per
/// host link in link order, and radix max(64, degree) for switches without one
/// (radix 0 on reading).
inline void deriveFromLinks(Fabric &fabric)
{
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
        Host &host = fabric.host(h);
        for (const std::int32_t l : fabric.incidentLinks(fabric.hostNode(h)))
            host.nics.push_back(Nic{int(host.nics.size()), fabric.link(l).capacityGbps, 1});
    }
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s) {
        Switch &sw = fabric.switchAt(s);
        if (sw.radix == 0)
            sw.radix = std::max(64, int(fabric.incidentLinks(fabric.switchNode(s)).size()));
    }
}

} // namespace Railyard::GraphmlCommon
