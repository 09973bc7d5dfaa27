#pragma once

// Line handling shared by the readers of the InfiniBand tools' text output
// (lftdump.cpp, pkeydump.cpp): trimming, prefixes, a bounded quote of a line
// for error messages, and the errors joined into one text.

#include "core/common/formaterror.h"

#include <QStringList>

#include <algorithm>
#include <string_view>
#include <vector>

namespace Railyard::DumpText {

inline std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

inline bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

/// At most 60 bytes of a line, in quotes, for messages.
inline QString quoted(std::string_view line)
{
    const bool cut = line.size() > 60;
    return QStringLiteral("\"%1%2\"").arg(QString::fromUtf8(line.data(), qsizetype(std::min<size_t>(line.size(), 60))),
                                          cut ? QStringLiteral("…") : QString());
}

/// One FormatError::toString line per error.
inline QString joinErrors(const std::vector<FormatError> &errors)
{
    QStringList lines;
    for (const FormatError &e : errors)
        lines << e.toString();
    return lines.join(QLatin1Char('\n'));
}

} // namespace Railyard::DumpText
