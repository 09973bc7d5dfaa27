#pragma once

// Internal to core/project: how a named version's snapshot is stored. Two
// blobs per version, each qCompress()ed (zlib with Qt's 4-byte big-endian
// length prefix): `fabric` is the fabric in the native *.fabric.json text
// (FabricJsonFormat, so snapshots stay readable by any build that reads the
// interchange format), `state` is a small JSON object
// {"pins": {id: [x, y]}, "failed": [ids], "jobs": [{"name", "json"}], "metadata": {k: v},
//  "link_degraded_gbps": {link id: rate}} — the last one only for links that
// are not degraded but keep a rate, which the fabric JSON leaves out ("jobs"
// is absent in schema-1 snapshots).

#include "core/project/projectdata.h"

#include <QByteArray>

namespace Railyard {

/// Encodes and decodes version snapshots. Decoding throws StorageException
/// (Damaged) for blobs that do not decompress or parse; encoding throws
/// InvalidData for fabrics the JSON writer refuses (non-finite numbers).
class ProjectSnapshot
{
public:
    /// zlib level: 1 compresses the 131K-GPU fabric's JSON about 10× in a
    /// fraction of the time level 6 takes, for a few percent more bytes.
    static constexpr int compressionLevel = 1;

    static QByteArray encodeFabric(const Fabric &fabric);
    /// Pins, failures, jobs and metadata of data, and the degraded rates of
    /// its fabric's links that the fabric JSON leaves out.
    static QByteArray encodeState(const ProjectData &data);

    static Fabric decodeFabric(const QByteArray &blob);
    /// Fills data's pins, failures, jobs and metadata, and restores the
    /// hidden degraded rates on data->fabric (decode the fabric first).
    static void decodeState(const QByteArray &blob, ProjectData *data);
};

} // namespace Railyard
