#include "core/common/inputfile.h"

#include <algorithm>
#include <sys/stat.h>

namespace Railyard {

namespace {

QString checkStat(const struct stat &st, std::int64_t maxBytes)
{
    if (S_ISDIR(st.st_mode))
        return QStringLiteral("is a directory, not a file");
    if (!S_ISREG(st.st_mode))
        return QStringLiteral("is not a regular file (a device, FIFO or socket); refusing to read it");
    if (std::int64_t(st.st_size) > maxBytes)
        return QStringLiteral("is %1, larger than the %2 an input file may have")
            .arg(byteSizeText(std::int64_t(st.st_size)), byteSizeText(maxBytes));
    return {};
}

} // namespace

QString byteSizeText(std::int64_t bytes)
{
    if (bytes >= (std::int64_t(1) << 30) && bytes % (std::int64_t(1) << 30) == 0)
        return QStringLiteral("%1 GiB").arg(bytes >> 30);
    if (bytes >= (std::int64_t(1) << 20) && bytes % (std::int64_t(1) << 20) == 0)
        return QStringLiteral("%1 MiB").arg(bytes >> 20);
    return QStringLiteral("%1 bytes").arg(bytes);
}

QString checkInputFile(const QString &path, std::int64_t maxBytes)
{
    struct stat st = {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return {}; // missing or unreadable: QFile::open names the reason
    return checkStat(st, maxBytes);
}

bool openInputFile(QFile &file, QString *error, std::int64_t maxBytes)
{
    // stat() before open(): opening a FIFO for reading blocks until a writer comes.
    QString problem = checkInputFile(file.fileName(), maxBytes);
    if (problem.isEmpty() && !file.open(QIODevice::ReadOnly))
        problem = QStringLiteral("cannot open: %1").arg(file.errorString());
    struct stat st = {};
    if (problem.isEmpty() && ::fstat(file.handle(), &st) == 0)
        problem = checkStat(st, maxBytes);
    if (problem.isEmpty())
        return true;
    if (file.isOpen())
        file.close();
    if (error)
        *error = problem;
    return false;
}

std::optional<QByteArray> readInputFile(const QString &path, QString *error, std::int64_t maxBytes)
{
    QFile file(path);
    if (!openInputFile(file, error, maxBytes))
        return std::nullopt;
    // Chunks with a bound, not readAll(): the file may grow after the check.
    QByteArray data;
    data.reserve(qsizetype(std::min<qint64>(file.size(), maxBytes)));
    char chunk[1 << 16];
    qint64 n = 0;
    while ((n = file.read(chunk, sizeof chunk)) > 0) {
        if (qint64(data.size()) + n > maxBytes) {
            if (error)
                *error = QStringLiteral("is larger than the %1 an input file may have").arg(byteSizeText(maxBytes));
            return std::nullopt;
        }
        data.append(chunk, qsizetype(n));
    }
    if (n < 0) {
        if (error)
            *error = QStringLiteral("cannot read: %1").arg(file.errorString());
        return std::nullopt;
    }
    return data;
}

} // namespace Railyard
