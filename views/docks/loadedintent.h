#pragma once

// One intent version as the Intents dock holds it: read from a
// *.intent.json file, from a reviewed-intent file (submitted or decided), or
// from a version stored in the `.railyard` project.

#include "core/formats/fileformat.h"
#include "core/intents/intent.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace Railyard {

struct StoredIntentVersion;

struct LoadedIntent
{
    QString path;        ///< the file read; empty for a stored version
    QString displayName; ///< "cluster-3k.v4.intent.json", "project v4"
    std::string text;    ///< the intent document (what Submit signs and the project stores)
    Intent intent;
    std::string sha256;        ///< of the canonical form
    std::string reviewedFile;  ///< the reviewed-intent file's bytes; empty for a draft
    std::int64_t storedId = 0; ///< the project's version id; 0 when not from the project

    /// "v4 · cluster-3k.v4.intent.json".
    QString label() const;

    /// Reads a *.intent.json or a reviewed-intent file (told apart by its
    /// "format" field). std::nullopt and *errors (file, line, JSON pointer) on failure.
    static std::optional<LoadedIntent> readFile(const QString &path, std::vector<FormatError> *errors);
    /// A version stored in a project, with the bytes of its latest review row
    /// (empty when it is a draft).
    static std::optional<LoadedIntent> fromStored(const StoredIntentVersion &version, std::string reviewedFile,
                                                  std::vector<FormatError> *errors);
};

} // namespace Railyard
