#include "core/project/projecterror.h"

namespace Railyard {

QString ProjectError::toString() const
{
    return QStringLiteral("%1: %2").arg(file.isEmpty() ? QStringLiteral("<project>") : file, message);
}

} // namespace Railyard
