#pragma once

#include <QIcon>
#include <QString>

namespace Railyard {

/// An action icon: the desktop's icon theme where it has one, else
/// Railyard's own (resources/icons/actions/NAME.svg), so the tool bars show
/// icons on every desktop, not text where no theme is installed.
inline QIcon themedIcon(const QString &name)
{
    return QIcon::fromTheme(name, QIcon(QStringLiteral(":/icons/actions/") + name + QStringLiteral(".svg")));
}

} // namespace Railyard
