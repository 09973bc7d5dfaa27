#include "core/fabricmanager/pkeydump.h"

#include "core/fabricmanager/dumptext_p.h"

#include <QStringList>

#include <algorithm>
#include <charconv>
#include <map>

namespace Railyard {

namespace {

constexpr std::int64_t maxBytes = std::int64_t(64) << 20;
constexpr int maxErrors = 50;
constexpr int maxLid = 0xBFFF;
constexpr int maxBlock = 2047;

using DumpText::quoted;
using DumpText::trim;

/// A decimal or 0x-hexadecimal number within [0, max].
bool number(std::string_view text, long max, long &out)
{
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        text.remove_prefix(2);
        base = 16;
    }
    if (text.empty() || text.size() > 8)
        return false;
    long v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, base);
    if (ec != std::errc() || end != text.data() + text.size() || v < 0 || v > max)
        return false;
    out = v;
    return true;
}

/// "LID........................21" -> ("LID", "21"); false when not such a line.
bool dotted(std::string_view line, std::string_view &key, std::string_view &value)
{
    const size_t dots = line.find("..");
    if (dots == std::string_view::npos || dots == 0)
        return false;
    size_t end = dots;
    while (end < line.size() && line[end] == '.')
        ++end;
    key = line.substr(0, dots);
    value = trim(line.substr(end));
    return true;
}

template<typename F>
void forEachLine(std::string_view text, F &&f)
{
    int lineNo = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        ++lineNo;
        if (!f(lineNo, trim(text.substr(pos, end - pos))))
            return;
        pos = end + 1;
    }
}

/// Hex P_Keys separated by blanks; false when a word is not one.
bool pkeyWords(std::string_view line, std::vector<std::uint16_t> &out)
{
    while (!line.empty()) {
        const size_t space = line.find_first_of(" \t");
        const std::string_view word = line.substr(0, space);
        long v = 0;
        if (word.size() != 6 || word[0] != '0' || (word[1] != 'x' && word[1] != 'X') || !number(word, 0xFFFF, v))
            return false;
        out.push_back(std::uint16_t(v));
        line = space == std::string_view::npos ? std::string_view() : trim(line.substr(space));
    }
    return true;
}

} // namespace

QString PkeyReadResult::errorText() const
{
    return DumpText::joinErrors(errors);
}

QString PathRecordReadResult::errorText() const
{
    return DumpText::joinErrors(errors);
}

std::uint16_t sharedPkey(const std::vector<std::uint16_t> &a, const std::vector<std::uint16_t> &b)
{
    for (std::uint16_t p : a) {
        if ((p & 0x7fff) == 0)
            continue;
        for (std::uint16_t q : b)
            if ((p & 0x7fff) == (q & 0x7fff) && ((p | q) & 0x8000))
                return std::uint16_t((p & 0x7fff) | ((p | q) & 0x8000));
    }
    return 0;
}

PkeyReadResult readPkeyTables(std::string_view text, const QString &fileName)
{
    PkeyReadResult result;
    auto error = [&](int line, const QString &message) {
        if (int(result.errors.size()) < maxErrors)
            result.errors.push_back(FormatError{fileName, line, 0, {}, message});
    };
    if (std::int64_t(text.size()) > maxBytes) {
        error(0, QStringLiteral("larger than %1 MiB").arg(maxBytes >> 20));
        return result;
    }
    // Entries by (lid, port) and table index; 0 entries are dropped at the end.
    struct Table
    {
        int line = 0;
        int capacity = 0;
        std::map<int, std::uint16_t> entries;
    };
    std::map<std::pair<int, int>, Table> tables;
    enum class Mode { None, Record, Table, Smp } mode = Mode::None;
    long lid = -1, port = -1, block = -1;
    int recordLine = 0, tableIndex = 0;
    bool sawRecord = false, sawSmp = false;
    // A record must reach its table.
    auto finishRecord = [&]() {
        if (mode != Mode::Record)
            return true;
        error(recordLine, QStringLiteral("a PKeyTableRecord without its P_Key table"));
        return false;
    };
    forEachLine(text, [&](int lineNo, std::string_view line) {
        if (line.empty() || line.rfind("ibwarn:", 0) == 0 || line.front() == '#')
            return true;
        if (line == "PKeyTableRecord dump:") {
            if (!finishRecord())
                return false;
            if (sawSmp) {
                error(lineNo, QStringLiteral("saquery records after smpquery output"));
                return false;
            }
            sawRecord = true;
            mode = Mode::Record;
            lid = port = block = -1;
            recordLine = lineNo;
            tableIndex = 0;
            return true;
        }
        if (mode == Mode::Record || mode == Mode::Table) {
            std::string_view key, value;
            if (mode == Mode::Record && line == "PKey Table:") {
                if (lid < 1 || port < 0 || block < 0) {
                    error(lineNo, QStringLiteral("a P_Key table before its record's LID, Port and Block"));
                    return false;
                }
                mode = Mode::Table;
                Table &table = tables[{int(lid), int(port)}];
                if (!table.line)
                    table.line = recordLine;
                return true;
            }
            if (mode == Mode::Record && dotted(line, key, value)) {
                long *field = key == "LID" ? &lid : key == "Port" ? &port : key == "Block" ? &block : nullptr;
                const long max = key == "LID" ? maxLid : key == "Port" ? 255 : maxBlock;
                if (field && !number(value, max, *field)) {
                    error(lineNo, QStringLiteral("%1 must be a number from %2 to %3: %4")
                                      .arg(QString::fromUtf8(key.data(), qsizetype(key.size())))
                                      .arg(key == "LID" ? 1 : 0)
                                      .arg(max)
                                      .arg(quoted(line)));
                    return false;
                }
                if (key == "LID" && field && *field < 1) {
                    error(lineNo, QStringLiteral("LID 0 is not a unicast LID: %1").arg(quoted(line)));
                    return false;
                }
                return true;
            }
            if (mode == Mode::Table) {
                std::vector<std::uint16_t> words;
                if (!pkeyWords(line, words)) {
                    error(lineNo, QStringLiteral("expected P_Keys such as 0x7fff: %1").arg(quoted(line)));
                    return false;
                }
                if (tableIndex + int(words.size()) > 32) {
                    error(lineNo, QStringLiteral("more than 32 P_Keys in one block: %1").arg(quoted(line)));
                    return false;
                }
                Table &table = tables[{int(lid), int(port)}];
                for (std::uint16_t w : words)
                    table.entries[int(block) * 32 + tableIndex++] = w;
                return true;
            }
            error(lineNo, QStringLiteral("unexpected line in a PKeyTableRecord: %1").arg(quoted(line)));
            return false;
        }
        // smpquery pkeys: "   0: 0x7fff …" and "64 pkeys capacity for this port".
        const size_t colon = line.find(':');
        long index = 0;
        if (colon != std::string_view::npos && number(trim(line.substr(0, colon)), 65535, index)) {
            if (sawRecord) {
                error(lineNo, QStringLiteral("smpquery output after saquery records"));
                return false;
            }
            std::vector<std::uint16_t> words;
            if (!pkeyWords(trim(line.substr(colon + 1)), words) || index + long(words.size()) > 65536) {
                error(lineNo, QStringLiteral("expected an index and P_Keys such as \"0: 0x7fff\": %1").arg(quoted(line)));
                return false;
            }
            sawSmp = true;
            mode = Mode::Smp;
            Table &table = tables[{0, 0}];
            if (!table.line)
                table.line = lineNo;
            for (size_t i = 0; i < words.size(); ++i)
                table.entries[int(index) + int(i)] = words[i];
            return true;
        }
        static constexpr std::string_view capacityTail = " pkeys capacity for this port";
        if (line.size() > capacityTail.size() && line.substr(line.size() - capacityTail.size()) == capacityTail) {
            long capacity = 0;
            if (!number(line.substr(0, line.size() - capacityTail.size()), 65536, capacity)) {
                error(lineNo, QStringLiteral("expected the P_Key capacity: %1").arg(quoted(line)));
                return false;
            }
            tables[{0, 0}].capacity = int(capacity);
            return true;
        }
        error(lineNo, QStringLiteral("neither saquery PKTR nor smpquery pkeys output: %1").arg(quoted(line)));
        return false;
    });
    if (result.errors.empty())
        finishRecord();
    if (!result.errors.empty())
        return result;
    if (tables.empty()) {
        error(0, QStringLiteral("no P_Key table (saquery PKTR or smpquery pkeys output)"));
        return result;
    }
    std::vector<PortPkeys> ports;
    for (const auto &[key, table] : tables) {
        PortPkeys p;
        p.lid = key.first;
        p.port = key.second;
        p.line = table.line;
        p.capacity = table.capacity;
        for (const auto &[index, pkey] : table.entries)
            if (pkey & 0x7fff)
                p.pkeys.push_back(pkey);
        ports.push_back(std::move(p));
    }
    result.ports = std::move(ports);
    return result;
}

PathRecordReadResult readPathRecords(std::string_view text, const QString &fileName)
{
    PathRecordReadResult result;
    auto error = [&](int line, const QString &message) {
        if (int(result.errors.size()) < maxErrors)
            result.errors.push_back(FormatError{fileName, line, 0, {}, message});
    };
    if (std::int64_t(text.size()) > maxBytes) {
        error(0, QStringLiteral("larger than %1 MiB").arg(maxBytes >> 20));
        return result;
    }
    std::vector<PathRecordEntry> records;
    bool open = false;
    forEachLine(text, [&](int lineNo, std::string_view line) {
        if (line.empty() || line.rfind("ibwarn:", 0) == 0 || line.front() == '#')
            return true;
        if (line == "PathRecord dump:") {
            records.push_back({});
            records.back().line = lineNo;
            open = true;
            return true;
        }
        std::string_view key, value;
        if (!open || !dotted(line, key, value)) {
            error(lineNo, QStringLiteral("not saquery -p output: %1").arg(quoted(line)));
            return false;
        }
        PathRecordEntry &r = records.back();
        long v = 0;
        auto field = [&](long max) {
            if (number(value, max, v))
                return true;
            error(lineNo, QStringLiteral("%1 out of range: %2")
                              .arg(QString::fromUtf8(key.data(), qsizetype(key.size())), quoted(line)));
            return false;
        };
        if (key == "slid" || key == "dlid") {
            if (!field(maxLid))
                return false;
            (key == "slid" ? r.slid : r.dlid) = int(v);
        } else if (key == "pkey") {
            if (!field(0xFFFF))
                return false;
            r.pkey = std::uint16_t(v);
        } else if (key == "sl") {
            if (!field(15))
                return false;
            r.sl = int(v);
        } else if (key == "mtu") {
            if (!field(0xFF))
                return false;
            const int code = int(v & 0x3f);
            r.mtu = code >= 1 && code <= 5 ? 128 << code : 0;
        }
        return true;
    });
    if (!result.errors.empty())
        return result;
    // A record with LID 0 is no path: the end of an answer cut short (ibsim's
    // simulated subnet administrator fills a last record with zeros).
    records.erase(std::remove_if(records.begin(), records.end(), [](const PathRecordEntry &r) { return r.slid < 1 || r.dlid < 1; }),
                  records.end());
    result.records = std::move(records);
    return result;
}

} // namespace Railyard
