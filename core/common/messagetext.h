#pragma once

// Quoting user input in error messages without echoing it unbounded: a
// message names the file and place, and shows at most a short excerpt.

#include "core/common/limits.h"

#include <QString>

#include <string>
#include <string_view>

namespace Railyard {

/// text cut to maxChars characters plus "..." when longer; control
/// characters (newlines, tabs) are shown as spaces.
QString elided(const QString &text, int maxChars = Limits::maxQuotedChars);
/// The same for UTF-8 text (never cuts inside a character).
std::string elided(std::string_view text, int maxChars = Limits::maxQuotedChars);

/// Text made safe for a terminal: C0 control characters other than newline
/// and tab, DEL, and the C1 controls (U+0080 to U+009F) become visible
/// escapes ("\x1b", "\u009b"), so a name or a server's message cannot move
/// the cursor, retitle the window or hide a line. Valid UTF-8 otherwise
/// passes unchanged; an invalid byte becomes "\xNN".
std::string terminalSafe(std::string_view text);

/// nlohmann's exception text as a message: without its "[json.exception...]
/// parse error at line L, column C: " preamble and with the "last read"
/// token stripped of leading white space and elided.
std::string jsonExceptionMessage(const char *what);

/// A number as a user writes it in a file or an option: the shortest text
/// that reads back to it, without "+" or leading zeros in an exponent
/// (1e10, 2.5, 0.001, 1e-7), never 31 digits.
std::string userNumber(double x);

} // namespace Railyard
