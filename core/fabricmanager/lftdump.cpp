#include "core/fabricmanager/lftdump.h"

#include "core/fabricmanager/dumptext_p.h"

#include <QRegularExpression>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace Railyard {

namespace {

constexpr int maxErrors = 50;
constexpr int maxUnicastLid = 0xBFFF;

using DumpText::quoted;
using DumpText::startsWith;
using DumpText::trim;

bool hexNumber(std::string_view text, std::uint64_t &out)
{
    if (startsWith(text, "0x") || startsWith(text, "0X"))
        text.remove_prefix(2);
    if (text.empty() || text.size() > 16)
        return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out, 16);
    return ec == std::errc() && end == text.data() + text.size();
}

} // namespace

QString LftReadResult::errorText() const
{
    return DumpText::joinErrors(errors);
}

bool looksLikeLftDump(std::string_view head)
{
    return head.find("Unicast lids [") != std::string_view::npos;
}

LftReadResult readLftDump(std::string_view text, const QString &fileName)
{
    LftReadResult result;
    auto error = [&](int line, const QString &message) {
        if (int(result.errors.size()) < maxErrors)
            result.errors.push_back(FormatError{fileName, line, 0, {}, message});
    };
    if (std::int64_t(text.size()) > maxLftDumpBytes) {
        error(0, QStringLiteral("larger than %1 GiB").arg(maxLftDumpBytes >> 30));
        return result;
    }
    // "Unicast lids [0x0-0x24] of switch … guid 0x5259010000000008 (leaf-0008):"
    static const QRegularExpression header(
        QStringLiteral("^Unicast lids \\[(?:0x)?([0-9a-fA-F]{1,5})-(?:0x)?([0-9a-fA-F]{1,5})\\] of switch .*guid "
                       "0x([0-9a-fA-F]{1,16}) \\((.*)\\):$"));
    LftDump dump;
    std::vector<char> described(size_t(maxUnicastLid) + 1, 0); // destinations already read, by LID
    LftTable *current = nullptr;
    bool multicast = false;
    int lineNo = 0;
    // Every tool closes a switch's table with "N [valid ]lids dumped": a table
    // without it was cut short (a dump truncated mid-way reads as fewer routes).
    int openTable = -1;   // index of the table not closed yet, -1 when none
    long long entries = 0; // forwarding entries read in it
    auto unclosed = [&](int line) {
        if (openTable < 0)
            return;
        const LftTable &t = dump.switches[size_t(openTable)];
        error(line, QStringLiteral("the table of switch '%1' (line %2) ends without its \"… lids dumped\" line: the "
                                   "dump is cut short")
                        .arg(QString::fromStdString(t.name).left(60))
                        .arg(t.line));
        openTable = -1;
    };
    int lastLine = 0;
    size_t pos = 0;
    while (pos <= text.size() && int(result.errors.size()) < maxErrors) {
        const size_t end = std::min(text.find('\n', pos), text.size());
        const std::string_view line = trim(text.substr(pos, end - pos));
        ++lineNo;
        pos = end + 1;
        if (line.empty())
            continue;
        lastLine = lineNo;
        // Forwarding entries are nearly every line of a dump (tens of millions
        // at scale): they go first, and nothing else scans them.
        if (!startsWith(line, "0x")) {
            if (startsWith(line, "Unicast lids [")) {
                unclosed(lineNo - 1);
                const QRegularExpressionMatch m = header.match(QString::fromUtf8(line.data(), qsizetype(line.size())));
                if (!m.hasMatch()) {
                    error(lineNo,
                          QStringLiteral("a switch header without its LID range, GUID or name: %1").arg(quoted(line)));
                    current = nullptr;
                    continue;
                }
                LftTable table;
                if (!hexNumber(m.captured(3).toStdString(), table.guid)) {
                    error(lineNo, QStringLiteral("the switch GUID is not a number: %1").arg(quoted(line)));
                    continue;
                }
                QString name = m.captured(4);
                if (name.size() >= 2 && name.startsWith(QLatin1Char('\'')) && name.endsWith(QLatin1Char('\'')))
                    name = name.mid(1, name.size() - 2);
                table.name = name.left(200).toStdString();
                table.line = lineNo;
                // The header's range bounds the entries that follow (at most 0xbfff).
                std::uint64_t last = 0;
                if (hexNumber(m.captured(2).toStdString(), last))
                    table.routes.reserve(size_t(std::min<std::uint64_t>(last, maxUnicastLid)));
                dump.switches.push_back(std::move(table));
                current = &dump.switches.back();
                openTable = int(dump.switches.size()) - 1;
                entries = 0;
                multicast = false;
                continue;
            }
            if (line.find("lids dumped") != std::string_view::npos && !multicast) {
                // "36 valid lids dumped" (dump_fts, ibroute: the entries
                // printed) or "36 lids dumped" (OpenSM: its highest LID).
                if (openTable >= 0 && line.find("valid lids dumped") != std::string_view::npos) {
                    long long said = 0;
                    size_t i = 0;
                    while (i < line.size() && i < 12 && line[i] >= '0' && line[i] <= '9')
                        said = said * 10 + (line[i++] - '0');
                    if (i > 0 && said != entries)
                        error(lineNo, QStringLiteral("the table of switch '%1' says %2 valid LIDs, but %3 entries were "
                                                     "read: the dump is cut or edited")
                                          .arg(QString::fromStdString(dump.switches[size_t(openTable)].name).left(60))
                                          .arg(said)
                                          .arg(entries));
                }
                openTable = -1;
                current = nullptr;
                continue;
            }
            if (startsWith(line, "Multicast mlids") || startsWith(line, "Multicast")) {
                unclosed(lineNo - 1);
                multicast = true; // not unicast routing: skipped until the next unicast table
                current = nullptr;
                continue;
            }
            if (multicast || startsWith(line, "Lid") || startsWith(line, "Port")
                || line.find("lids dumped") != std::string_view::npos || startsWith(line, "ibwarn")
                || startsWith(line, "#"))
                continue;
            if (current)
                error(lineNo, QStringLiteral("not a forwarding entry (\"0xLID PORT : …\"): %1").arg(quoted(line)));
            continue;
        }
        if (multicast)
            continue;
        ++entries;
        if (!current) {
            error(lineNo, QStringLiteral("a forwarding entry before any switch header: %1").arg(quoted(line)));
            continue;
        }
        // "0xLID PORT : (KIND portguid 0xGUID: 'NAME')", parsed by hand: these are
        // nearly every line of a dump, millions at scale.
        std::string_view rest = line.substr(2);
        std::uint64_t lidValue = 0;
        size_t digits = 0;
        while (digits < rest.size() && std::isxdigit(static_cast<unsigned char>(rest[digits])))
            ++digits;
        if (digits == 0 || digits > 4 || !hexNumber(rest.substr(0, digits), lidValue)) {
            error(lineNo, QStringLiteral("not a forwarding entry (\"0xLID PORT : …\"): %1").arg(quoted(line)));
            continue;
        }
        rest = trim(rest.substr(digits));
        int port = 0;
        const auto [portEnd, portError] = std::from_chars(rest.data(), rest.data() + rest.size(), port);
        if (portError != std::errc() || portEnd == rest.data() || portEnd - rest.data() > 3) {
            error(lineNo, QStringLiteral("not a forwarding entry (\"0xLID PORT : …\"): %1").arg(quoted(line)));
            continue;
        }
        rest = trim(rest.substr(size_t(portEnd - rest.data())));
        const int lid = int(lidValue);
        if (lid > maxUnicastLid) {
            error(lineNo, QStringLiteral("LID 0x%1 is not a unicast LID (1 to 0xbfff)").arg(lid, 4, 16, QLatin1Char('0')));
            continue;
        }
        if (port > 255) {
            error(lineNo, QStringLiteral("port %1 is not a switch port (0 to 255)").arg(port));
            continue;
        }
        if (lid == 0)
            continue; // LID 0 is reserved: tools print it with port 0
        current->routes.emplace_back(lid, port);
        // The destination, once per LID: "(Channel Adapter portguid 0x…: 'host001 mlx5_0')".
        if (described[size_t(lid)] || !startsWith(rest, ":"))
            continue;
        described[size_t(lid)] = 1;
        rest = trim(rest.substr(1));
        LftDestination d;
        for (const auto &[prefix, kind] : {std::pair("(Switch portguid ", LftDestination::Kind::Switch),
                                           std::pair("(Channel Adapter portguid ", LftDestination::Kind::ChannelAdapter),
                                           std::pair("(Router portguid ", LftDestination::Kind::Router)})
            if (startsWith(rest, prefix)) {
                d.kind = kind;
                rest.remove_prefix(std::string_view(prefix).size());
                break;
            }
        if (d.kind == LftDestination::Kind::Unknown)
            continue;
        const size_t colon = rest.find(':');
        if (colon == std::string_view::npos || !hexNumber(trim(rest.substr(0, colon)), d.portGuid))
            continue;
        rest = trim(rest.substr(colon + 1));
        if (startsWith(rest, "'")) {
            const size_t close = rest.rfind('\'');
            if (close > 0 && close != std::string_view::npos)
                d.name = std::string(rest.substr(1, std::min<size_t>(close - 1, 200)));
        }
        dump.destinations.emplace(lid, std::move(d));
    }
    unclosed(lastLine);
    if (result.errors.empty() && dump.switches.empty())
        error(0, QStringLiteral("no forwarding table (\"Unicast lids [0x…] of switch …\" headers): is this the output "
                                "of dump_fts, ibroute or opensm -D?"));
    if (result.errors.empty())
        result.dump = std::move(dump);
    return result;
}

} // namespace Railyard
