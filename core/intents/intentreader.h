#pragma once

// Reading and writing `*.intent.json` (docs/intent-format.md). The reader is
// strict: unknown fields, wrong types, out-of-range values and bad selector
// globs are errors, each naming the file, the line and column, and the JSON
// pointer of the offending value.

#include "core/common/formaterror.h"
#include "core/intents/intent.h"

#include <QString>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

/// Result of reading an intent: the intent and its canonical form, or the errors.
struct IntentReadResult
{
    std::optional<Intent> intent;
    std::vector<FormatError> errors; ///< non-empty iff intent is empty
    std::string canonical;           ///< canonical JSON of the document (canonicaljson.h) when ok
    std::string sha256;              ///< SHA-256 of `canonical`, hex, when ok

    bool ok() const { return intent.has_value(); }
    /// One intentErrorText line per error.
    QString errorText() const;
};

/// "file:line:column: at /pointer: message" (the parts that are known).
QString intentErrorText(const FormatError &error);

/// Reads and checks an intent document (UTF-8 JSON). fileName only labels errors.
IntentReadResult parseIntent(std::string_view text, const QString &fileName);
/// Reads an intent file; errors name `path`.
IntentReadResult readIntentFile(const QString &path);

/// The intent as a document in the signed layout (canonicaljson.h), keys
/// sorted; parseIntent reads it back to an equal intent. Optional fields are
/// written only when set (rule names and comments only when not empty).
std::string writeIntent(const Intent &intent);

/// Equality of everything the file carries.
bool operator==(const IntentRule &a, const IntentRule &b);
bool operator==(const EcnThresholds &a, const EcnThresholds &b);
bool operator==(const LosslessSettings &a, const LosslessSettings &b);
bool operator==(const IntentMetadata &a, const IntentMetadata &b);
bool operator==(const Intent &a, const Intent &b);

} // namespace Railyard
