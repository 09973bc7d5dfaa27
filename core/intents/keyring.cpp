#include "core/intents/keyring.h"

#include "core/intents/ed25519key.h"

#include <QDir>
#include <QFileInfo>

namespace Railyard {

std::optional<Keyring> Keyring::load(const QString &dir, QString *error)
{
    const QDir directory(dir);
    if (!QFileInfo(dir).isDir() || !directory.isReadable()) {
        if (error)
            *error = QStringLiteral("%1: not a readable directory").arg(dir);
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
