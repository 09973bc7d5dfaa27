#pragma once

// Internal to core/project: the SQL schema of a `.railyard` file, its
// identity (application id, schema version) and the migrations from older
// versions. docs/project-format.md describes every table.

#include "core/common/sqlitedatabase.h"

#include <cstdint>

namespace Railyard {

/// The schema of a project file. Version history:
///  1 — first shape: no jobs table; versions without host/switch/link counts
///      (and their snapshots without jobs).
///  2 — jobs table; versions carry hosts/switches/links counts.
///  3 — intent_versions and intent_reviews (network intents, core/intents/intentstore.h).
///  4 — telemetry_recordings, telemetry_frames and incidents (live health,
///      core/health/healthstore.h).
///  5 — hosts.nvlink_domain (multi-host NVLink domains, Host::nvlinkDomain).
class ProjectSchema
{
public:
    /// PRAGMA application_id of every project: "RLYD".
    static constexpr std::int32_t applicationId = 0x524C5944;
    /// The schema this build writes and the newest it reads.
    static constexpr int currentVersion = 7;
    /// Page size of new files, bytes.
    static constexpr int pageSize = 4096;

    /// Creates the current schema in an empty database, including
    /// application_id and user_version. Call inside a transaction.
    static void create(SqliteDatabase &db);

    /// Checks that db is a project this build can read and returns its
    /// schema version (1..currentVersion). Throws NotProject (another
    /// application's database), NewerSchema or Damaged. Reads only.
    static int check(SqliteDatabase &db);

    /// PRAGMA quick_check: throws Damaged with SQLite's first finding.
    /// O(file size); reads only.
    static void checkIntegrity(SqliteDatabase &db);

    /// Migrates a database of schema `from` to currentVersion, step by step
    /// (1→2: create jobs; add and fill the versions' counts; 2→3: create the
    /// intent tables; 3→4: create the health tables; 4→5: add
    /// hosts.nvlink_domain). Call inside a
    /// transaction: on a file as part of a save, or on an in-memory copy when
    /// reading, so that reading never writes the file.
    static void migrate(SqliteDatabase &db, int from);
};

} // namespace Railyard
