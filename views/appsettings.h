#pragma once

// Settings the whole application shares, chosen in Edit ▸ Preferences: who
// the user is (versions are signed with it) and the switch and NIC catalogue
// (the built-in one, or the user's quotes over it: docs/catalog.md).

#include "core/bom/bom.h"

#include <QString>

namespace Railyard::AppSettings {

struct Identity
{
    QString name;
    QString email;
    /// "Ada Lovelace <ada@example.com>", or the name alone.
    QString display() const;
};

/// The identity set in Preferences; unset fields default from the account
/// (its full name, else its login; no e-mail).
Identity identity();
void setIdentity(const Identity &identity);
/// The account's full name (passwd GECOS), else its login name; never empty.
QString accountName();

/// The user's catalogue file; empty for the built-in catalogue alone.
QString catalogPath();
void setCatalogPath(const QString &path);
/// The catalogue in use: the built-in one with catalogPath()'s file over it.
/// When that file cannot be read, the built-in one, and *error says why
/// (naming the file and the JSON pointer).
BomCatalog catalog(QString *error = nullptr);
/// Reads a catalogue file over the built-in one; std::nullopt and *error when it cannot.
std::optional<BomCatalog> readCatalog(const QString &path, QString *error);

} // namespace Railyard::AppSettings
