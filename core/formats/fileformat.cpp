#include "core/formats/fileformat.h"

namespace Railyard {

QString FormatError::toString() const
{
    const QString where = file.isEmpty() ? QStringLiteral("<input>") : file;
    if (line > 0) {
        if (column > 0)
            return QStringLiteral("%1:%2:%3: %4").arg(where, QString::number(line), QString::number(column), message);
        return QStringLiteral("%1:%2: %3").arg(where, QString::number(line), message);
    }
    if (!path.isEmpty())
        return QStringLiteral("%1: at %2: %3").arg(where, path, message);
    return QStringLiteral("%1: %2").arg(where, message);
}

QString ReadResult::errorText() const
{
    QStringList lines;
    lines.reserve(static_cast<qsizetype>(errors.size()));
    for (const FormatError &e : errors)
        lines.append(e.toString());
    return lines.join(QLatin1Char('\n'));
}

ReadResult FileFormat::readFolder(const QString &folder) const
{
    ReadResult result;
    result.errors.push_back(
        FormatError{folder, 0, 0, {}, QStringLiteral("format '%1' reads files, not folders").arg(slug())});
    return result;
}

} // namespace Railyard
