#pragma once

// Writing user-named output files: a regular file (or a new one) is
// replaced atomically through QSaveFile; a device or FIFO (-o /dev/null,
// -o /dev/stdout) is written into in place and never renamed over.

#include <QFile>
#include <QSaveFile>
#include <QString>

#include <memory>

namespace Railyard {

/// One output file. open(), write to device(), then commit() or cancel().
class OutputFile
{
public:
    explicit OutputFile(const QString &path);
    ~OutputFile();

    /// Opens for writing; refuses a directory. *error does not name the file.
    bool open(QString *error);
    /// The device to write to; valid after a successful open().
    QIODevice &device();
    /// Finishes the write (renames a regular file into place). *error as for open().
    bool commit(QString *error);
    /// Abandons a regular file's write; the old contents stay.
    void cancel();
    /// True when the output is a device or FIFO written in place.
    bool isSpecial() const { return m_direct != nullptr; }

private:
    QString m_path;
    std::unique_ptr<QSaveFile> m_save;
    std::unique_ptr<QFile> m_direct;
};

/// Writes bytes to path with OutputFile; false and *error (without the file name) on failure.
bool writeOutputFile(const QString &path, const QByteArray &bytes, QString *error);

} // namespace Railyard
