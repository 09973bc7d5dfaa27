#include "views/lastdirectory.h"

#include <QFileInfo>
#include <QSettings>

namespace Railyard {

namespace {
const QString key = QStringLiteral("lastDirectory");
}

QString lastDirectory()
{
    return QSettings().value(key).toString();
}

void rememberDirectoryOf(const QString &filePath)
{
    QSettings().setValue(key, QFileInfo(filePath).absolutePath());
}

} // namespace Railyard
