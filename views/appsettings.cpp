#include "views/appsettings.h"

#include <QSettings>

#include <pwd.h>
#include <unistd.h>

namespace Railyard::AppSettings {

namespace {
const QString NameKey = QStringLiteral("user/name");
const QString EmailKey = QStringLiteral("user/email");
const QString CatalogKey = QStringLiteral("bom/catalogPath");
} // namespace

QString Identity::display() const
{
    return email.isEmpty() ? name : QStringLiteral("%1 <%2>").arg(name, email);
}

QString accountName()
{
    if (const passwd *account = getpwuid(getuid())) {
        // GECOS: "Full Name,room,phone,…"
        const QString full = QString::fromLocal8Bit(account->pw_gecos ? account->pw_gecos : "").section(u',', 0, 0);
        if (!full.trimmed().isEmpty())
            return full.trimmed();
        if (account->pw_name && *account->pw_name)
            return QString::fromLocal8Bit(account->pw_name);
    }
    const QString user = qEnvironmentVariable("USER");
    return user.isEmpty() ? QStringLiteral("uid %1").arg(getuid()) : user;
}

Identity identity()
{
    QSettings settings;
    Identity id;
    id.name = settings.value(NameKey).toString().trimmed();
    id.email = settings.value(EmailKey).toString().trimmed();
    if (id.name.isEmpty())
        id.name = accountName();
    return id;
}

void setIdentity(const Identity &identity)
{
    QSettings settings;
    settings.setValue(NameKey, identity.name.trimmed());
    settings.setValue(EmailKey, identity.email.trimmed());
}

QString catalogPath()
{
    return QSettings().value(CatalogKey).toString();
}

void setCatalogPath(const QString &path)
{
    if (path.isEmpty())
        QSettings().remove(CatalogKey);
    else
        QSettings().setValue(CatalogKey, path);
}

std::optional<BomCatalog> readCatalog(const QString &path, QString *error)
{
    return BomCatalog::readUserFile(path, error);
}

BomCatalog catalog(QString *error)
{
    const QString path = catalogPath();
    if (path.isEmpty())
        return BomCatalog::defaults();
    std::optional<BomCatalog> read = readCatalog(path, error);
    return read ? std::move(*read) : BomCatalog::defaults();
}

} // namespace Railyard::AppSettings
