#include "core/common/messagetext.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace Railyard {

QString elided(const QString &text, int maxChars)
{
    QString out = text.size() > maxChars ? text.left(maxChars) : text;
    if (out.size() == maxChars && out.at(maxChars - 1).isHighSurrogate())
        out.chop(1);
    for (QChar &c : out) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            c = QLatin1Char(' ');
    }
    if (text.size() > maxChars)
        out += QStringLiteral("...");
    return out;
}

std::string elided(std::string_view text, int maxChars)
{
    // Count characters (UTF-8 lead bytes), keep whole characters only.
    size_t end = 0;
    int chars = 0;
    while (end < text.size() && chars < maxChars) {
        ++end;
        while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
            ++end;
        ++chars;
    }
    std::string out(text.substr(0, end));
    for (char &c : out) {
        if ((static_cast<unsigned char>(c) < 0x20) || c == 0x7f)
            c = ' ';
    }
    if (end < text.size())
        out += "...";
    return out;
}

std::string terminalSafe(std::string_view text)
{
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    const auto escapeByte = [&](unsigned char b) {
        out += "\\x";
        out += hex[b >> 4];
        out += hex[b & 15];
    };
    for (size_t i = 0; i < text.size();) {
        const auto b = static_cast<unsigned char>(text[i]);
        if (b < 0x80) {
            if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7f)
                escapeByte(b);
            else
                out += char(b);
            ++i;
            continue;
        }
        // A UTF-8 sequence: its length from the lead byte, then its continuation bytes.
        const size_t n = (b & 0xe0) == 0xc0 ? 2 : (b & 0xf0) == 0xe0 ? 3 : (b & 0xf8) == 0xf0 ? 4 : 0;
        bool valid = n != 0 && i + n <= text.size();
        for (size_t k = 1; valid && k < n; ++k)
            valid = (static_cast<unsigned char>(text[i + k]) & 0xc0) == 0x80;
        if (!valid) {
            escapeByte(b);
            ++i;
            continue;
        }
        if (n == 2 && b == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0) {
            // C1 control (U+0080..U+009F): CSI and friends in some terminals.
            out += "\\u00";
            const auto c = static_cast<unsigned char>(text[i + 1]);
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out.append(text.substr(i, n));
        }
        i += n;
    }
    return out;
}

std::string jsonExceptionMessage(const char *what)
{
    std::string message = what ? what : "";
    if (const auto col = message.find(", column "); col != std::string::npos) {
        if (const auto colon = message.find(": ", col); colon != std::string::npos)
            message = message.substr(colon + 2);
    } else if (const auto bracket = message.find("] "); bracket != std::string::npos) {
        message = message.substr(bracket + 2);
    }
    static constexpr std::string_view lastRead = "; last read: '";
    if (const auto at = message.find(lastRead); at != std::string::npos) {
        const size_t begin = at + lastRead.size();
        size_t end = message.find("'; ", begin);
        if (end == std::string::npos)
            end = message.size() > begin && message.back() == '\'' ? message.size() - 1 : message.size();
        const std::string rest = end < message.size() ? message.substr(end + 1) : std::string();
        std::string_view token = std::string_view(message).substr(begin, end - begin);
        // The token text runs on from earlier tokens and the blanks between
        // them (shown as <U+000A>); keep what follows the last blank, unless
        // the token is a string (its blanks are its own).
        if (!token.starts_with("\"")) {
            size_t cut = 0;
            for (std::string_view blank : {" ", "\t", "<U+000A>", "<U+000D>", "<U+0009>"}) {
                if (const auto at = token.rfind(blank); at != std::string_view::npos)
                    cut = std::max(cut, at + blank.size());
            }
            token.remove_prefix(std::min(cut, token.size()));
        }
        message = message.substr(0, at) + std::string(lastRead) + elided(token) + "'" + rest;
    }
    return elided(message, 400);
}

std::string userNumber(double x)
{
    if (std::isnan(x))
        return "NaN";
    if (std::isinf(x))
        return x > 0 ? "infinity" : "-infinity";
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x); // shortest round trip
    std::string text(buf, ec == std::errc() ? end : buf);
    const size_t e = text.find('e');
    if (e == std::string::npos)
        return text;
    std::string mantissa = text.substr(0, e), exponent = text.substr(e + 1);
    bool negative = false;
    if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) {
        negative = exponent[0] == '-';
        exponent.erase(0, 1);
    }
    exponent.erase(0, std::min(exponent.find_first_not_of('0'), exponent.size() - 1));
    return mantissa + "e" + (negative ? "-" : "") + exponent;
}

} // namespace Railyard
