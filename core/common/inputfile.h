#pragma once

// Opening user-named input files safely: only regular files of a bounded
// size are read, so a FIFO, a device such as /dev/zero, a directory or a
// huge (possibly sparse) file is refused before a single byte is read.

#include "core/common/limits.h"

#include <QByteArray>
#include <QFile>
#include <QString>

#include <cstdint>
#include <optional>

namespace Railyard {

/// Why path cannot be read as an input file, or an empty string when it is
/// a regular file of at most maxBytes. The message does not name the file.
QString checkInputFile(const QString &path, std::int64_t maxBytes = Limits::maxInputBytes);

/// Opens path read-only after checkInputFile, and checks the opened file
/// again (it may have been replaced in between). Returns false and sets
/// *error (without the file name) on failure.
bool openInputFile(QFile &file, QString *error, std::int64_t maxBytes = Limits::maxInputBytes);

/// Reads a whole input file (see openInputFile); std::nullopt and *error on failure.
std::optional<QByteArray> readInputFile(const QString &path, QString *error,
                                        std::int64_t maxBytes = Limits::maxInputBytes);

/// "512 MiB"-style text for byte limits in messages.
QString byteSizeText(std::int64_t bytes);

} // namespace Railyard
