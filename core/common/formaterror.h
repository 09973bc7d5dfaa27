#pragma once

// One problem found in an input (a file, a request body): where it is and
// what is wrong. Every reader reports with it: the file formats, jobs,
// intents, mappings.

#include <QString>

namespace Railyard {

/// Either line (1-based, 0 = unknown) or path (a JSON pointer such as
/// "/links/3/capacity_gbps") locates the problem; both may be set.
struct FormatError
{
    QString file;    ///< file name as the user gave it; may be empty for in-memory data
    int line = 0;    ///< 1-based; 0 when unknown
    int column = 0;  ///< 1-based; 0 when unknown
    QString path;    ///< JSON pointer or XML element path; empty when unknown
    QString message; ///< what is wrong, in a sentence

    /// "file:line:column: message" or "file: at /path: message".
    QString toString() const;
};

} // namespace Railyard
