#include "core/common/formaterror.h"

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

} // namespace Railyard
