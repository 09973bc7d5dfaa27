#pragma once

// Internal to core/project: a prepared statement bound by index, stepped row
// by row. Errors throw StorageException through SqliteDatabase::fail.

#include "core/common/sqlitedatabase.h"

#include <QByteArray>

#include <cstdint>
#include <string>
#include <string_view>

struct sqlite3_stmt;

namespace Railyard {

/// One prepared statement (RAII). Bind indices are 1-based, column indices
/// 0-based, as in the C API. Text binds are SQLITE_STATIC: the bound data
/// must stay alive until the next step()/run().
class SqliteStatement
{
public:
    SqliteStatement(SqliteDatabase &db, const char *sql);
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement &) = delete;
    SqliteStatement &operator=(const SqliteStatement &) = delete;

    void bind(int index, std::int64_t value);
    void bind(int index, int value) { bind(index, std::int64_t(value)); }
    void bind(int index, double value);
    void bind(int index, std::string_view text);
    void bindBlob(int index, const QByteArray &blob);
    void bindNull(int index);
    /// Binds `values` to ?1, ?2, … in order (each through bind()).
    template <typename... Values>
    void bindAll(const Values &...values)
    {
        int index = 0;
        (bind(++index, values), ...);
    }

    /// Steps once: true when a row is available, false when done. Throws on error.
    bool next();
    /// Steps a statement without result rows to completion, then resets it
    /// for the next set of bindings.
    void run();
    void reset();

    bool isNull(int column) const;
    std::int64_t integer(int column) const;
    double real(int column) const;
    std::string text(int column) const;
    std::string_view textView(int column) const;
    QByteArray blob(int column) const;

private:
    SqliteDatabase &m_db;
    sqlite3_stmt *m_stmt = nullptr;
};

} // namespace Railyard
