#include "core/common/storageerror.h"

namespace Railyard {

QString StorageError::toString() const
{
    return QStringLiteral("%1: %2").arg(file.isEmpty() ? QStringLiteral("<project>") : file, message);
}

} // namespace Railyard
