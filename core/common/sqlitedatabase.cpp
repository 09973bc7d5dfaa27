#include "core/common/sqlitedatabase.h"

#include "core/common/storageexception.h"
#include "core/common/sqlitestatement.h"

#include <cstring>
#include <sqlite3.h>
#include <utility>

namespace Railyard {

namespace {

/// How long a connection waits for another process's lock before failing.
constexpr int busyTimeoutMs = 5000;

} // namespace

SqliteDatabase::~SqliteDatabase()
{
    close();
}

SqliteDatabase::SqliteDatabase(SqliteDatabase &&other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
{ }

SqliteDatabase &SqliteDatabase::operator=(SqliteDatabase &&other) noexcept
{
    if (this != &other) {
        close();
        m_db = std::exchange(other.m_db, nullptr);
    }
    return *this;
}

void SqliteDatabase::open(const QString &path, Mode mode)
{
    close();
    int flags = mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
    if (mode == Mode::Create)
        flags |= SQLITE_OPEN_CREATE;
    flags |= SQLITE_OPEN_NOMUTEX;
    const int rc = sqlite3_open_v2(path.toUtf8().constData(), &m_db, flags, nullptr);
    if (rc != SQLITE_OK)
        fail("cannot open", rc);
    sqlite3_extended_result_codes(m_db, 1);
    sqlite3_busy_timeout(m_db, busyTimeoutMs);
}

void SqliteDatabase::openMemory()
{
    close();
    const int rc = sqlite3_open_v2(":memory:", &m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK)
        fail("cannot open an in-memory database", rc);
    sqlite3_extended_result_codes(m_db, 1);
}

void SqliteDatabase::openImage(const QByteArray &image)
{
    openMemory();
    // sqlite3_deserialize takes ownership of memory from sqlite3_malloc64.
    auto *copy = static_cast<unsigned char *>(sqlite3_malloc64(sqlite3_uint64(qMax<qsizetype>(image.size(), 1))));
    if (!copy)
        throw StorageException(StorageError::Kind::Io, QStringLiteral("out of memory"));
    std::memcpy(copy, image.constData(), size_t(image.size()));
    const int rc = sqlite3_deserialize(m_db, "main", copy, image.size(), image.size(),
                                       SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
    if (rc != SQLITE_OK)
        fail("cannot load the database image", rc);
}

void SqliteDatabase::close()
{
    if (m_db) {
        sqlite3_close_v2(m_db);
        m_db = nullptr;
    }
}

QByteArray SqliteDatabase::serialize() const
{
    sqlite3_int64 size = 0;
    unsigned char *data = sqlite3_serialize(m_db, "main", &size, 0);
    if (!data)
        throw StorageException(StorageError::Kind::Io,
                               QStringLiteral("cannot serialize the database: %1").arg(errorMessage()));
    QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    sqlite3_free(data);
    return bytes;
}

void SqliteDatabase::exec(const char *sql)
{
    char *message = nullptr;
    const int rc = sqlite3_exec(m_db, sql, nullptr, nullptr, &message);
    sqlite3_free(message);
    if (rc != SQLITE_OK)
        fail("cannot run SQL", rc);
}

int SqliteDatabase::tryExec(const char *sql)
{
    char *message = nullptr;
    const int rc = sqlite3_exec(m_db, sql, nullptr, nullptr, &message);
    sqlite3_free(message);
    return rc == SQLITE_OK ? rc : sqlite3_extended_errcode(m_db);
}

std::int64_t SqliteDatabase::pragmaInteger(const char *pragma)
{
    SqliteStatement statement(*this, (std::string("PRAGMA ") + pragma).c_str());
    return statement.next() ? statement.integer(0) : 0;
}

void SqliteDatabase::fail(const char *what, int code) const
{
    const QString message = m_db ? errorMessage() : QString::fromUtf8(sqlite3_errstr(code));
    switch (code & 0xff) {
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        throw StorageException(StorageError::Kind::Damaged, QStringLiteral("the project is damaged: %1").arg(message));
    default: throw StorageException(StorageError::Kind::Io, QStringLiteral("%1: %2").arg(QLatin1String(what), message));
    }
}

QString SqliteDatabase::errorMessage() const
{
    return QString::fromUtf8(sqlite3_errmsg(m_db));
}

} // namespace Railyard
