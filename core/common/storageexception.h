#pragma once

// The exception the SQLite helpers (sqlitedatabase.h, sqlitestatement.h) and
// the code of every store on them throw (the project file, the stores that
// keep their tables in it, the control service's database), and
// guardedStorageCall, which catches it at an API boundary and turns it into
// a StorageError.

#include "core/common/storageerror.h"

#include <QString>

#include <exception>
#include <new>
#include <optional>

namespace Railyard {

/// A failed storage operation: the kind and the message without the file name.
class StorageException : public std::exception
{
public:
    StorageException(StorageError::Kind kind, QString message)
        : m_kind(kind)
        , m_message(std::move(message))
    { }

    StorageError::Kind kind() const { return m_kind; }
    const QString &message() const { return m_message; }
    const char *what() const noexcept override { return "storage error"; }

private:
    StorageError::Kind m_kind;
    QString m_message;
};

/// Runs body and returns its value; a StorageException (or running out of
/// memory) becomes *error, naming the file, and std::nullopt.
template<typename Body>
auto guardedStorageCall(const QString &file, StorageError *error, Body &&body) -> std::optional<decltype(body())>
{
    try {
        return body();
    } catch (const StorageException &e) {
        if (error)
            *error = StorageError{e.kind(), file, e.message()};
    } catch (const std::bad_alloc &) {
        if (error)
            *error = StorageError{StorageError::Kind::Io, file, QStringLiteral("out of memory")};
    }
    return std::nullopt;
}

} // namespace Railyard
