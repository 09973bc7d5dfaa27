#pragma once

// Pieces shared by the GraphML reader and writer.

#include <QString>

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

} // namespace Railyard::GraphmlCommon
