#pragma once

// The partitions a subnet manager applied, read back as the real tools print
// them (docs/fabric-manager.md, "Checking the intent is enforced"):
//
//  * `saquery PKTR` (PKeyTableRecords, one per LID, port and block of 32):
//      PKeyTableRecord dump:
//              LID........................21
//              Port.......................1
//              Block......................0
//              PKey Table:
//              0x7fff 0x8001 0x0000 …        (4 lines of 8)
//  * `smpquery pkeys LID` (one port's whole table, no LID in the output):
//         0: 0x7fff 0x8001 0x0000 …
//      64 pkeys capacity for this port
//  * `saquery -p` (PathRecords: slid, dlid, pkey, sl, mtu of each path).
//
// A P_Key's high bit is full membership, its low 15 bits the partition; 0x0000
// and 0x8000 are empty entries. Bounded before parsing: at most 64 MiB, LIDs 1
// to 0xBFFF, ports 0 to 255, blocks 0 to 2047; errors name the line and quote
// at most 60 bytes of it.

#include "core/common/formaterror.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace Railyard {

/// One port's P_Key table: its non-empty entries in table order.
struct PortPkeys
{
    int lid = 0;  ///< 0 when the output does not say (smpquery pkeys)
    int port = 0;
    int line = 0; ///< where its first record is
    std::vector<std::uint16_t> pkeys;
    int capacity = 0; ///< entries the port holds, when the output says (smpquery)
};

struct PkeyReadResult
{
    std::optional<std::vector<PortPkeys>> ports; ///< by (lid, port), ascending
    std::vector<FormatError> errors;
    bool ok() const { return ports.has_value(); }
    QString errorText() const;
};

/// Reads `saquery PKTR` or `smpquery pkeys` output. fileName only labels errors.
PkeyReadResult readPkeyTables(std::string_view text, const QString &fileName);

struct PathRecordEntry
{
    int slid = 0, dlid = 0;
    std::uint16_t pkey = 0;
    int sl = 0;
    int mtu = 0; ///< bytes (from the MTU code), 0 when not printed
    int line = 0;
};

struct PathRecordReadResult
{
    std::optional<std::vector<PathRecordEntry>> records;
    std::vector<FormatError> errors;
    bool ok() const { return records.has_value(); }
    QString errorText() const;
};

/// Reads `saquery -p` output. Records with LID 0 (an answer cut short) are
/// left out.
PathRecordReadResult readPathRecords(std::string_view text, const QString &fileName);

/// Whether two ports with these tables share a partition that lets them talk
/// (the same low 15 bits, at least one of them full); the P_Key they share, or 0.
std::uint16_t sharedPkey(const std::vector<std::uint16_t> &a, const std::vector<std::uint16_t> &b);

} // namespace Railyard
