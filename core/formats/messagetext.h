#pragma once

// Quoting user input in error messages without echoing it unbounded: a
// message names the file and place, and shows at most a short excerpt.

#include "core/model/limits.h"

#include <QString>

#include <string>
#include <string_view>

namespace Railyard {

/// text cut to maxChars characters plus "..." when longer; control
/// characters (newlines, tabs) are shown as spaces.
QString elided(const QString &text, int maxChars = Limits::maxQuotedChars);
/// The same for UTF-8 text (never cuts inside a character).
std::string elided(std::string_view text, int maxChars = Limits::maxQuotedChars);

/// nlohmann's exception text as a message: without its "[json.exception...]
/// parse error at line L, column C: " preamble and with the "last read"
/// token stripped of leading white space and elided.
std::string jsonExceptionMessage(const char *what);

} // namespace Railyard
