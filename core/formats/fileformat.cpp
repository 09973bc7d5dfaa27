#include "core/formats/fileformat.h"

namespace Railyard {

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
