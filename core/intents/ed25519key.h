#pragma once

// Ed25519 keys for signing intents, on OpenSSL's EVP API. Key files are
// PEM: `NAME.key` holds the PKCS#8 private key (owner-only permissions),
// `NAME.pub` the SubjectPublicKeyInfo public key, so `openssl pkey` reads
// them and `openssl genpkey -algorithm ed25519` keys work here.

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct evp_pkey_st;

namespace Railyard {

/// An Ed25519 key pair, or a public key only. Move-only; owns its EVP_PKEY.
class Ed25519Key
{
public:
    Ed25519Key(Ed25519Key &&) noexcept;
    Ed25519Key &operator=(Ed25519Key &&) noexcept;
    ~Ed25519Key();

    /// A new random key pair (OpenSSL's CSPRNG). Throws std::runtime_error if OpenSSL fails.
    static Ed25519Key generate();
    /// Reads a PEM private key file (Ed25519 only); std::nullopt and *error on failure.
    static std::optional<Ed25519Key> readPrivateKeyFile(const QString &path, QString *error);
    /// Reads a PEM public key file (Ed25519 only).
    static std::optional<Ed25519Key> readPublicKeyFile(const QString &path, QString *error);
    /// A public key from its 32 raw bytes.
    static std::optional<Ed25519Key> fromRawPublicKey(std::string_view raw, QString *error);

    bool hasPrivateKey() const { return m_private; }
    /// The 32 raw public key bytes.
    std::string rawPublicKey() const;
    /// "SHA256:" and the first 16 hex digits of SHA-256 over the raw public key.
    std::string fingerprint() const;
    /// Signs `message` (pure Ed25519, no pre-hash): 64 raw bytes. Throws
    /// std::logic_error without a private key, std::runtime_error if OpenSSL fails.
    std::string sign(std::string_view message) const;
    /// Whether `signature` (64 raw bytes) is this key's signature of `message`.
    bool verify(std::string_view message, std::string_view signature) const;

    /// PEM texts of the private (PKCS#8) and public (SubjectPublicKeyInfo) key.
    std::string privateKeyPem() const;
    std::string publicKeyPem() const;

    /// Writes DIR/NAME.key (created with mode 0600, never over an existing
    /// file) and DIR/NAME.pub (0644). False and *error on failure; then no
    /// file is left behind.
    bool writeKeyPair(const QString &dir, const QString &name, QString *error) const;

    /// The signer name of a key file: its file name without ".key"/".pub".
    static QString nameOfKeyFile(const QString &path);

private:
    Ed25519Key(evp_pkey_st *key, bool hasPrivate);

    evp_pkey_st *m_key = nullptr;
    bool m_private = false;
};

/// Standard base64 with padding.
std::string toBase64(std::string_view bytes);
/// Decodes base64, accepting only the exact text toBase64 would write
/// (no whitespace, canonical padding bits); std::nullopt otherwise.
std::optional<std::string> fromBase64Strict(std::string_view text);

} // namespace Railyard
