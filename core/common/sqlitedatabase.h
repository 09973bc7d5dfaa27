#pragma once

// Internal to core/project: one libsqlite3 connection with RAII and errors
// thrown as StorageException (SQLite's corruption codes become
// StorageError::Kind::Damaged, the rest Kind::Io).

#include <QByteArray>
#include <QString>

#include <cstdint>

struct sqlite3;

namespace Railyard {

/// An open SQLite connection; closed by the destructor. Move-only.
class SqliteDatabase
{
public:
    enum class Mode {
        ReadOnly,  ///< SQLITE_OPEN_READONLY: never writes the file
        ReadWrite, ///< an existing file, read-write; never creates one
        Create,    ///< read-write, creating the file when it does not exist
    };

    SqliteDatabase() = default;
    ~SqliteDatabase();
    SqliteDatabase(SqliteDatabase &&other) noexcept;
    SqliteDatabase &operator=(SqliteDatabase &&other) noexcept;
    SqliteDatabase(const SqliteDatabase &) = delete;
    SqliteDatabase &operator=(const SqliteDatabase &) = delete;

    /// Opens a file (no URI parsing; created only in Mode::Create). Throws on failure.
    void open(const QString &path, Mode mode);
    /// Opens an empty, writable in-memory database (a "memdb", so that
    /// serialize() returns its pages).
    void openMemory();
    /// Opens an in-memory copy of a database image (sqlite3_deserialize);
    /// the copy is writable and never touches a file.
    void openImage(const QByteArray &image);
    void close();
    bool isOpen() const { return m_db != nullptr; }

    /// The database file's bytes as SQLite sees them (sqlite3_serialize of "main").
    QByteArray serialize() const;

    /// Runs one or more statements without results. Throws on failure.
    void exec(const char *sql);
    /// Runs statements and returns SQLite's extended result code instead of
    /// throwing (to tell SQLITE_READONLY_ROLLBACK from other failures).
    int tryExec(const char *sql);
    /// The integer a "PRAGMA name" returns (e.g. user_version).
    std::int64_t pragmaInteger(const char *pragma);

    /// Throws a StorageException for the connection's last error, with
    /// `what` as context ("cannot read hosts").
    [[noreturn]] void fail(const char *what, int code) const;
    /// The last error message of the connection.
    QString errorMessage() const;

    sqlite3 *handle() const { return m_db; }

private:
    sqlite3 *m_db = nullptr;
};

} // namespace Railyard
