#include "core/common/sqlitestatement.h"

#include <sqlite3.h>

namespace Railyard {

SqliteStatement::SqliteStatement(SqliteDatabase &db, const char *sql)
    : m_db(db)
{
    const int rc = sqlite3_prepare_v3(db.handle(), sql, -1, SQLITE_PREPARE_PERSISTENT, &m_stmt, nullptr);
    if (rc != SQLITE_OK)
        m_db.fail("cannot prepare a statement", rc);
}

SqliteStatement::~SqliteStatement()
{
    sqlite3_finalize(m_stmt);
}

void SqliteStatement::bind(int index, std::int64_t value)
{
    sqlite3_bind_int64(m_stmt, index, value);
}

void SqliteStatement::bind(int index, double value)
{
    sqlite3_bind_double(m_stmt, index, value);
}

void SqliteStatement::bind(int index, std::string_view text)
{
    // A non-null pointer even for "" so the column gets '' rather than NULL.
    sqlite3_bind_text64(m_stmt, index, text.empty() ? "" : text.data(), text.size(), SQLITE_STATIC, SQLITE_UTF8);
}

void SqliteStatement::bindBlob(int index, const QByteArray &blob)
{
    sqlite3_bind_blob64(m_stmt, index, blob.constData(), sqlite3_uint64(blob.size()), SQLITE_STATIC);
}

void SqliteStatement::bindNull(int index)
{
    sqlite3_bind_null(m_stmt, index);
}

bool SqliteStatement::next()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    m_db.fail("cannot run a statement", rc);
}

void SqliteStatement::run()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW)
        m_db.fail("cannot run a statement", rc);
    sqlite3_reset(m_stmt);
}

void SqliteStatement::reset()
{
    sqlite3_reset(m_stmt);
}

bool SqliteStatement::isNull(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

std::int64_t SqliteStatement::integer(int column) const
{
    return sqlite3_column_int64(m_stmt, column);
}

double SqliteStatement::real(int column) const
{
    return sqlite3_column_double(m_stmt, column);
}

std::string SqliteStatement::text(int column) const
{
    return std::string(textView(column));
}

std::string_view SqliteStatement::textView(int column) const
{
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    const int size = sqlite3_column_bytes(m_stmt, column);
    return data ? std::string_view(data, size_t(size)) : std::string_view();
}

QByteArray SqliteStatement::blob(int column) const
{
    const void *data = sqlite3_column_blob(m_stmt, column);
    const int size = sqlite3_column_bytes(m_stmt, column);
    return data ? QByteArray(static_cast<const char *>(data), size) : QByteArray();
}

} // namespace Railyard
