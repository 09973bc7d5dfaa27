#pragma once

#include <QString>

namespace Railyard {

/// Why an operation on a stored file (a project, a recovery copy, the
/// control service's database) failed. Every message names the file through
/// toString(); nothing on disk changes when reading fails. The project API
/// calls it ProjectError (core/project/projecterror.h).
struct StorageError
{
    enum class Kind {
        None,          ///< no error
        Io,            ///< cannot open, read, write or rename the file
        NotSqlite,     ///< the file is not an SQLite database
        NotProject,    ///< an SQLite database that is not a Railyard project (or not the expected kind)
        Damaged,       ///< a Railyard project that SQLite or the model finds corrupt
        NewerSchema,   ///< written by a newer Railyard
        InvalidData,   ///< the data to save is not valid (fabric problems, non-finite numbers)
        NoSuchVersion, ///< a version id the project does not have
    };

    Kind kind = Kind::None;
    QString file;    ///< the project (or recovery) file the error is about
    QString message; ///< what is wrong, e.g. "the project is damaged: database disk image is malformed"

    /// "file: message".
    QString toString() const;
};

} // namespace Railyard
