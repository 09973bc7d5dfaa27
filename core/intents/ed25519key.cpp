#include "core/intents/ed25519key.h"

#include "core/common/inputfile.h"
#include "core/intents/canonicaljson.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace Railyard {

namespace {

struct BioDeleter
{
    void operator()(BIO *b) const { BIO_free(b); }
};
struct MdCtxDeleter
{
    void operator()(EVP_MD_CTX *c) const { EVP_MD_CTX_free(c); }
};
using BioPtr = std::unique_ptr<BIO, BioDeleter>;
using MdCtxPtr = std::unique_ptr<EVP_MD_CTX, MdCtxDeleter>;

std::string bioText(BIO *bio)
{
    char *data = nullptr;
    const long length = BIO_get_mem_data(bio, &data);
    return std::string(data, size_t(length));
}

std::optional<QByteArray> readAll(const QString &path, QString *error)
{
    // Keys are small regular files: a FIFO, a device or a huge file is refused.
    if (!QFileInfo::exists(path)) {
        if (error)
            *error = QStringLiteral("%1: no such file (the key is missing)").arg(path);
        return std::nullopt;
    }
    QString problem;
    std::optional<QByteArray> data = readInputFile(path, &problem, 1 << 20);
    if (!data && error)
        *error = QStringLiteral("%1: %2").arg(path, problem);
    return data;
}

bool isEd25519(EVP_PKEY *key)
{
    return EVP_PKEY_get_id(key) == EVP_PKEY_ED25519;
}

bool writeFileExclusive(const QString &path, const std::string &text, int mode, QString *error)
{
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0) {
        if (error)
            *error = QStringLiteral("%1: cannot create: %2").arg(path, QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
    // The mode passed to open() is reduced by the umask; set it exactly.
    bool ok = ::fchmod(fd, mode_t(mode)) == 0;
    size_t written = 0;
    while (ok && written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        ok = n > 0;
        if (ok)
            written += size_t(n);
    }
    ok = ::fsync(fd) == 0 && ok;
    ok = ::close(fd) == 0 && ok;
    if (!ok) {
        if (error)
            *error = QStringLiteral("%1: cannot write: %2").arg(path, QString::fromLocal8Bit(strerror(errno)));
        QFile::remove(path);
    }
    return ok;
}

} // namespace

Ed25519Key::Ed25519Key(evp_pkey_st *key, bool hasPrivate)
    : m_key(key)
    , m_private(hasPrivate)
{ }

Ed25519Key::Ed25519Key(Ed25519Key &&other) noexcept
    : m_key(other.m_key)
    , m_private(other.m_private)
{
    other.m_key = nullptr;
}

Ed25519Key &Ed25519Key::operator=(Ed25519Key &&other) noexcept
{
    if (this != &other) {
        EVP_PKEY_free(m_key);
        m_key = other.m_key;
        m_private = other.m_private;
        other.m_key = nullptr;
    }
    return *this;
}

Ed25519Key::~Ed25519Key()
{
    EVP_PKEY_free(m_key);
}

Ed25519Key Ed25519Key::generate()
{
    EVP_PKEY *key = EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519");
    if (!key)
        throw std::runtime_error("Ed25519 key generation failed (OpenSSL)");
    return Ed25519Key(key, true);
}

std::optional<Ed25519Key> Ed25519Key::readPrivateKeyFile(const QString &path, QString *error)
{
    const auto data = readAll(path, error); // a regular file of bounded size, or an error naming it
    if (!data)
        return std::nullopt;
    // As ssh does: a private key others can read is no longer private, and
    // one others can write may not be the user's.
    struct stat info{};
    if (::stat(QFile::encodeName(path).constData(), &info) == 0 && (info.st_mode & 0077) != 0) {
        if (error)
            *error = QStringLiteral("%1: the private key is accessible by others (mode %2); "
                                    "run chmod 600 on it")
                         .arg(path)
                         .arg(info.st_mode & 0777, 4, 8, QLatin1Char('0'));
        return std::nullopt;
    }
    BioPtr bio(BIO_new_mem_buf(data->constData(), int(data->size())));
    EVP_PKEY *key = PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr);
    if (!key || !isEd25519(key)) {
        EVP_PKEY_free(key);
        if (error)
            *error = QStringLiteral("%1: not a PEM Ed25519 private key").arg(path);
        return std::nullopt;
    }
    return Ed25519Key(key, true);
}

std::optional<Ed25519Key> Ed25519Key::readPublicKeyFile(const QString &path, QString *error)
{
    const auto data = readAll(path, error);
    if (!data)
        return std::nullopt;
    BioPtr bio(BIO_new_mem_buf(data->constData(), int(data->size())));
    EVP_PKEY *key = PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr);
    if (!key || !isEd25519(key)) {
        EVP_PKEY_free(key);
        if (error)
            *error = QStringLiteral("%1: not a PEM Ed25519 public key").arg(path);
        return std::nullopt;
    }
    return Ed25519Key(key, false);
}

std::optional<Ed25519Key> Ed25519Key::fromRawPublicKey(std::string_view raw, QString *error)
{
    EVP_PKEY *key = raw.size() == 32 ? EVP_PKEY_new_raw_public_key(
                        EVP_PKEY_ED25519, nullptr, reinterpret_cast<const unsigned char *>(raw.data()), raw.size())
                                     : nullptr;
    if (!key) {
        if (error)
            *error = QStringLiteral("not an Ed25519 public key (%1 bytes, expected 32)").arg(raw.size());
        return std::nullopt;
    }
    return Ed25519Key(key, false);
}

std::string Ed25519Key::rawPublicKey() const
{
    unsigned char raw[32];
    size_t length = sizeof raw;
    if (!m_key || EVP_PKEY_get_raw_public_key(m_key, raw, &length) != 1)
        throw std::runtime_error("cannot read the Ed25519 public key (OpenSSL)");
    return std::string(reinterpret_cast<const char *>(raw), length);
}

std::string Ed25519Key::fingerprint() const
{
    return "SHA256:" + CanonicalJson::sha256Hex(rawPublicKey()).substr(0, 16);
}

std::string Ed25519Key::sign(std::string_view message) const
{
    if (!m_private)
        throw std::logic_error("signing needs a private key");
    MdCtxPtr ctx(EVP_MD_CTX_new());
    unsigned char signature[64];
    size_t length = sizeof signature;
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, nullptr, nullptr, m_key) != 1
        || EVP_DigestSign(ctx.get(), signature, &length, reinterpret_cast<const unsigned char *>(message.data()),
                          message.size())
            != 1)
        throw std::runtime_error("Ed25519 signing failed (OpenSSL)");
    return std::string(reinterpret_cast<const char *>(signature), length);
}

bool Ed25519Key::verify(std::string_view message, std::string_view signature) const
{
    if (!m_key || signature.size() != 64)
        return false;
    MdCtxPtr ctx(EVP_MD_CTX_new());
    return ctx && EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, m_key) == 1
        && EVP_DigestVerify(ctx.get(), reinterpret_cast<const unsigned char *>(signature.data()), signature.size(),
                            reinterpret_cast<const unsigned char *>(message.data()), message.size())
        == 1;
}

std::string Ed25519Key::privateKeyPem() const
{
    if (!m_private)
        throw std::logic_error("no private key");
    BioPtr bio(BIO_new(BIO_s_mem()));
    if (PEM_write_bio_PrivateKey(bio.get(), m_key, nullptr, nullptr, 0, nullptr, nullptr) != 1)
        throw std::runtime_error("cannot write the private key (OpenSSL)");
    return bioText(bio.get());
}

std::string Ed25519Key::publicKeyPem() const
{
    BioPtr bio(BIO_new(BIO_s_mem()));
    if (PEM_write_bio_PUBKEY(bio.get(), m_key) != 1)
        throw std::runtime_error("cannot write the public key (OpenSSL)");
    return bioText(bio.get());
}

bool Ed25519Key::writeKeyPair(const QString &dir, const QString &name, QString *error) const
{
    const QString keyPath = QDir(dir).filePath(name + QStringLiteral(".key"));
    const QString pubPath = QDir(dir).filePath(name + QStringLiteral(".pub"));
    if (QFileInfo::exists(keyPath) || QFileInfo::exists(pubPath)) {
        if (error)
            *error = QStringLiteral("%1: exists; a key is never overwritten")
                         .arg(QFileInfo::exists(keyPath) ? keyPath : pubPath);
        return false;
    }
    if (!writeFileExclusive(keyPath, privateKeyPem(), 0600, error))
        return false;
    if (!writeFileExclusive(pubPath, publicKeyPem(), 0644, error)) {
        QFile::remove(keyPath);
        return false;
    }
    return true;
}

QString Ed25519Key::nameOfKeyFile(const QString &path)
{
    QString name = QFileInfo(path).fileName();
    for (const QString &suffix : {QStringLiteral(".key"), QStringLiteral(".pub")}) {
        if (name.endsWith(suffix))
            return name.chopped(suffix.size());
    }
    return name;
}

std::string toBase64(std::string_view bytes)
{
    const QByteArray out = QByteArray(bytes.data(), qsizetype(bytes.size())).toBase64();
    return std::string(out.constData(), size_t(out.size()));
}

std::optional<std::string> fromBase64Strict(std::string_view text)
{
    const auto decoded = QByteArray::fromBase64Encoding(QByteArray(text.data(), qsizetype(text.size())),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    std::string bytes(decoded.decoded.constData(), size_t(decoded.decoded.size()));
    if (toBase64(bytes) != text)
        return std::nullopt;
    return bytes;
}

} // namespace Railyard
