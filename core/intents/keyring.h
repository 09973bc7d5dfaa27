#pragma once

// A keyring: a directory of Ed25519 public keys, one `NAME.pub` PEM file per
// person. NAME is the signer's name; verification trusts a signature only
// when its key is in the keyring, and reports the keyring's name for it.

#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

struct KeyringEntry
{
    QString name;             ///< file name without ".pub"
    QString file;             ///< path of the .pub file
    std::string rawPublicKey; ///< 32 bytes
    std::string fingerprint;  ///< Ed25519Key::fingerprint()
};

class Keyring
{
public:
    /// Reads every `*.pub` file of `dir` (not recursive), in name order.
    /// std::nullopt and *error when the directory cannot be listed. Files
    /// that are not Ed25519 public keys are skipped and listed in problems().
    static std::optional<Keyring> load(const QString &dir, QString *error);

    const QString &directory() const { return m_dir; }
    const std::vector<KeyringEntry> &entries() const { return m_entries; }
    /// One message per skipped file.
    const QStringList &problems() const { return m_problems; }
    /// The entry with these raw public key bytes; nullptr when the key is not in the keyring.
    const KeyringEntry *find(std::string_view rawPublicKey) const;

private:
    QString m_dir;
    std::vector<KeyringEntry> m_entries;
    QStringList m_problems;
};

} // namespace Railyard
