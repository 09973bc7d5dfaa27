#include "core/intents/keyring.h"

#include "core/intents/ed25519key.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <sys/stat.h>

namespace Railyard {

std::optional<Keyring> Keyring::load(const QString &dir, QString *error)
{
    const QDir directory(dir);
    if (!QFileInfo::exists(dir)) {
        if (error)
            *error = QStringLiteral("%1: no such folder (the keyring is missing)").arg(dir);
        return std::nullopt;
    }
    if (!QFileInfo(dir).isDir() || !directory.isReadable()) {
        if (error)
            *error = QStringLiteral("%1: not a readable directory").arg(dir);
        return std::nullopt;
    }
    // Whoever can write the directory decides whom it trusts.
    struct stat info{};
    if (::stat(QFile::encodeName(dir).constData(), &info) == 0 && (info.st_mode & 0022) != 0) {
        if (error)
            *error = QStringLiteral("%1: the keyring directory is writable by others (mode %2); "
                                    "run chmod go-w on it")
                         .arg(dir)
                         .arg(info.st_mode & 0777, 4, 8, QLatin1Char('0'));
        return std::nullopt;
    }
    Keyring keyring;
    keyring.m_dir = dir;
    const QStringList files = directory.entryList({QStringLiteral("*.pub")}, QDir::Files, QDir::Name);
    for (const QString &name : files) {
        const QString path = directory.filePath(name);
        QString why;
        const auto key = Ed25519Key::readPublicKeyFile(path, &why);
        if (!key) {
            keyring.m_problems << why;
            continue;
        }
        keyring.m_entries.push_back({Ed25519Key::nameOfKeyFile(path), path, key->rawPublicKey(), key->fingerprint()});
    }
    return keyring;
}

const KeyringEntry *Keyring::find(std::string_view rawPublicKey) const
{
    for (const KeyringEntry &e : m_entries) {
        if (e.rawPublicKey == rawPublicKey)
            return &e;
    }
    return nullptr;
}

} // namespace Railyard
