#pragma once

// Small helpers for FileFormat::recognize(): a file's head as text, without
// a UTF-8 byte-order mark, and a multi-line regular expression search.

#include <QByteArray>
#include <QRegularExpression>
#include <QString>

namespace Railyard::Sniff {

/// The head as text; a UTF-8 byte-order mark and leading whitespace dropped.
inline QString text(const QByteArray &head)
{
    QByteArray bytes = head;
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    return QString::fromUtf8(bytes).trimmed();
}

/// Whether `pattern` matches anywhere in the head (^ and $ match at line breaks).
inline bool matches(const QByteArray &head, const QRegularExpression &pattern)
{
    return pattern.match(text(head)).hasMatch();
}

} // namespace Railyard::Sniff
