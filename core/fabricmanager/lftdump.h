#pragma once

// The unicast forwarding tables a subnet manager computed, as the real tools
// print them: infiniband-diags' `dump_fts` and `ibroute`, and OpenSM's own
// `opensm-lfts.dump` (`opensm -D`/--dump_files). One table per switch:
//
//   Unicast lids [0x0-0x24] of switch DR path slid 0; dlid 0; 0,3 guid 0x5259010000000008 (leaf-0008):
//     Lid  Out   Destination
//          Port     Info
//   0x0001 003 : (Switch portguid 0x5259010000000001: 'leaf-0001')
//   0x0015 003 : (Channel Adapter portguid 0x5259020000000011: 'host001 mlx5_0')
//   36 valid lids dumped
//
// Out port 0 is the switch itself, 255 "no route". Multicast sections are
// skipped. Bounded before parsing: at most maxLftDumpBytes (4 GiB), unicast
// LIDs 1 to 0xBFFF, ports 0 to 255; errors name the line and quote at most
// 60 bytes of it.

#include "core/common/formaterror.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

struct LftDestination
{
    enum class Kind { Switch, ChannelAdapter, Router, Unknown };
    Kind kind = Kind::Unknown;
    std::uint64_t portGuid = 0;
    std::string name; ///< the node description the tool printed
};

struct LftTable
{
    std::uint64_t guid = 0; ///< the switch's node GUID
    std::string name;       ///< its description
    int line = 0;           ///< where its header is
    std::vector<std::pair<int, int>> routes; ///< (destination LID, out port)
};

struct LftDump
{
    std::vector<LftTable> switches;
    std::map<int, LftDestination> destinations; ///< by LID, as the tables described them
};

struct LftReadResult
{
    std::optional<LftDump> dump;
    std::vector<FormatError> errors;
    std::vector<FormatError> warnings;
    bool ok() const { return dump.has_value(); }
    QString errorText() const;
};

/// The largest dump read: a table per switch of a line per LID makes dumps
/// large by nature (a 16,384-HCA fabric prints 1.5 GB), so the bound is
/// higher than other inputs'.
inline constexpr std::int64_t maxLftDumpBytes = std::int64_t(4) << 30;

/// Reads dump_fts / ibroute / opensm-lfts.dump text. fileName only labels errors.
LftReadResult readLftDump(std::string_view text, const QString &fileName);
/// Whether text looks like such a dump (a "Unicast lids [" header in its first lines).
bool looksLikeLftDump(std::string_view head);

} // namespace Railyard
