#pragma once

// Internal to core/project: the current state of a project in its tables
// (fabric, hosts, nics, switches, links, pins, failures, jobs, metadata).
// Writers bind prepared statements row by row inside the caller's
// transaction; readers rebuild the model in saved order.

#include "core/project/projectdata.h"
#include "core/common/sqlitedatabase.h"

namespace Railyard {

/// Reads and writes the current-state tables of a project (schema 2).
class ProjectTables
{
public:
    /// Empties every current-state table (versions are kept).
    static void clear(SqliteDatabase &db);

    /// Inserts the fabric into the emptied fabric tables. Throws InvalidData
    /// for a non-finite number or a dangling link end.
    static void writeFabric(SqliteDatabase &db, const Fabric &fabric);
    /// Inserts pins, failures and jobs (not the fabric, not metadata).
    static void writeState(SqliteDatabase &db, const ProjectData &data);
    static void writeMetadata(SqliteDatabase &db, const std::map<std::string, std::string> &metadata);

    /// Reads the fabric back in saved order. Throws Damaged for rows that do
    /// not make a model (unknown tier or state, bad link ends, gaps in seq);
    /// does not validate() — the caller does.
    static Fabric readFabric(SqliteDatabase &db);
    /// Fills data's pins, failures and jobs.
    static void readState(SqliteDatabase &db, ProjectData *data);
    static std::map<std::string, std::string> readMetadata(SqliteDatabase &db);
};

} // namespace Railyard
