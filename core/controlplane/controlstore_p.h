#pragma once

// Helpers shared by controlstore.cpp and controlstoreaudit.cpp (the audit
// chain, its HMAC key, anchor and checkpoints).

#include <QString>

#include <cstddef>
#include <string>
#include <string_view>

namespace Railyard::ControlStoreDetail {

inline constexpr int auditKeyBytes = 32;
inline constexpr const char *anchorTag = "railyard-audit-anchor 1";
inline constexpr std::size_t anchorBytes = 256;

/// Lower-case hex of `n` bytes.
std::string hexOf(const unsigned char *bytes, std::size_t n);
/// HMAC-SHA256 of `message` under `key`, in hex; throws StorageException when OpenSSL fails.
std::string hmacHex(const std::string &key, std::string_view message);
/// Creates `path` empty with mode 0600 when it does not exist (SQLite gives
/// its WAL and shared-memory files the database file's mode).
void createPrivateFile(const QString &path);

} // namespace Railyard::ControlStoreDetail
