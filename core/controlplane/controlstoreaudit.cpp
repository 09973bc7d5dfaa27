// ControlStore: the audit log — its hash chain keyed with an HMAC key file,
// the anchor file outside the database, retention behind signed
// checkpoints, and the check (the rest of the store is in controlstore.cpp).

#include "core/controlplane/controlstore.h"
#include "core/controlplane/controlstore_p.h"

#include "core/common/sqlitestatement.h"
#include "core/common/storageexception.h"
#include "core/intents/canonicaljson.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <array>
#include <cstring>
#include <fcntl.h>
#include <openssl/rand.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Railyard {

using namespace ControlStoreDetail;

void ControlStore::loadAuditKey(bool mayCreate)
{
    QFile file(m_keyPath);
    if (!file.exists()) {
        if (!mayCreate)
            throw StorageException(StorageError::Kind::Io,
                                   QStringLiteral("the audit key %1 is missing, but the audit log of %2 is keyed: "
                                                  "restore the key, or the log cannot be verified or extended")
                                       .arg(m_keyPath, m_path));
        std::array<unsigned char, auditKeyBytes> bytes{};
        if (RAND_bytes(bytes.data(), int(bytes.size())) != 1)
            throw StorageException(StorageError::Kind::Io, QStringLiteral("the random number generator failed"));
        const QByteArray native = QFile::encodeName(m_keyPath);
        const int fd = ::open(native.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0)
            throw StorageException(StorageError::Kind::Io,
                                   QStringLiteral("cannot create the audit key %1: %2")
                                       .arg(m_keyPath, QString::fromLocal8Bit(std::strerror(errno))));
        const std::string hex = hexOf(bytes.data(), bytes.size()) + "\n";
        const bool written = ::write(fd, hex.data(), hex.size()) == ssize_t(hex.size()) && ::fsync(fd) == 0;
        ::close(fd);
        if (!written)
            throw StorageException(StorageError::Kind::Io, QStringLiteral("cannot write the audit key %1").arg(m_keyPath));
    }
    QFileInfo info(m_keyPath);
    if (info.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup
                              | QFileDevice::WriteOther))
        throw StorageException(StorageError::Kind::Io,
                               QStringLiteral("the audit key %1 is readable or writable by others; "
                                              "chmod 600 it (as ssh refuses such keys)")
                                   .arg(m_keyPath));
    if (!file.open(QIODevice::ReadOnly))
        throw StorageException(StorageError::Kind::Io, QStringLiteral("cannot read the audit key %1").arg(m_keyPath));
    const QByteArray text = file.read(256).trimmed();
    const QByteArray key = QByteArray::fromHex(text);
    if (key.size() != auditKeyBytes || key.toHex() != text.toLower())
        throw StorageException(StorageError::Kind::Damaged,
                               QStringLiteral("the audit key %1 is not %2 hex-encoded bytes").arg(m_keyPath).arg(auditKeyBytes));
    m_auditKey.assign(key.constData(), size_t(key.size()));
}

void ControlStore::writeAnchor()
{
    if (m_anchorFd < 0) {
        const QByteArray native = QFile::encodeName(m_anchorPath);
        m_anchorFd = ::open(native.constData(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
        if (m_anchorFd < 0)
            return; // check reports the missing anchor; the service goes on
    }
    // One fixed-size record written in place: no rename per request, and a
    // torn record fails its MAC, which check reports.
    std::string line = std::string(anchorTag) + " " + std::to_string(m_lastSeq) + " " + m_lastChain;
    line += " " + hmacHex(m_auditKey, line);
    line.resize(anchorBytes - 1, ' ');
    line += '\n';
    [[maybe_unused]] const ssize_t written = ::pwrite(m_anchorFd, line.data(), line.size(), 0);
}

std::string ControlStore::chainOf(const std::string &previous, const AuditEntry &e) const
{
    std::string row = previous;
    for (const std::string *field :
         {&e.timeUtc, &e.principal, &e.role, &e.remote, &e.method, &e.path, &e.requestSha256}) {
        row += '\x1f';
        row += *field;
    }
    row += '\x1f';
    row += std::to_string(e.status);
    // Schema 1 chained with plain SHA-256 and had no counts; its rows keep
    // their chains, and the keyed chain goes on from the last of them.
    if (e.seq != 0 && e.seq <= m_unkeyedThrough)
        return CanonicalJson::sha256Hex(row);
    row += '\x1f';
    row += std::to_string(e.count);
    // Schema 3's fields, chained when a row has them: a row written before
    // keeps its chain, and adding, removing or editing them breaks it.
    if (!e.errorCode.empty() || !e.detail.empty()) {
        row += "\x1f" "3" "\x1f";
        row += e.errorCode;
        row += '\x1f';
        row += e.detail;
    }
    return hmacHex(m_auditKey, row);
}

std::string ControlStore::checkpointMac(const AuditCheckpoint &c) const
{
    const std::string text = "railyard-audit-checkpoint\x1f" + std::to_string(c.throughSeq) + '\x1f' + c.chain + '\x1f'
        + std::to_string(c.rows) + '\x1f' + std::to_string(c.requests) + '\x1f' + c.firstUtc + '\x1f' + c.lastUtc
        + '\x1f' + c.createdUtc;
    return hmacHex(m_auditKey, text);
}

void ControlStore::appendAudit(AuditEntry e)
{
    e.seq = m_lastSeq + 1; // AUTOINCREMENT never reuses a number, and pruning leaves a checkpoint at the top
    e.chain = chainOf(m_lastChain, e);
    SqliteStatement &q = cached("INSERT INTO audit(seq, time_utc, principal, role, remote, method, path, status, "
                                "request_sha256, chain, count, error_code, detail) "
                                "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
    q.bindAll(e.seq, e.timeUtc, e.principal, e.role, e.remote, e.method, e.path, e.status, e.requestSha256, e.chain,
                e.count, e.errorCode, e.detail);
    q.run();
    q.reset();
    m_lastChain = e.chain;
    m_lastSeq = e.seq;
    m_anchorDirty = true;
}

namespace {

constexpr const char *auditColumns = "seq, time_utc, principal, role, remote, method, path, status, request_sha256, "
                                     "chain, count, error_code, detail";

AuditEntry auditRow(SqliteStatement &q)
{
    return {q.integer(0), q.text(1), q.text(2), q.text(3), q.text(4), q.text(5), q.text(6),
            int(q.integer(7)), q.text(8), q.text(9), q.integer(10), q.text(11), q.text(12)};
}

} // namespace

std::vector<AuditEntry> ControlStore::auditLog(std::int64_t afterSeq, int limit, bool changesOnly)
{
    SqliteStatement q(m_db, (std::string("SELECT ") + auditColumns
                             + " FROM audit WHERE seq > ?1 AND (?3 = 0 OR method <> 'GET' OR status >= 400) "
                               "ORDER BY seq LIMIT ?2")
                                .c_str());
    q.bind(1, afterSeq);
    q.bind(2, limit);
    q.bind(3, changesOnly ? 1 : 0);
    std::vector<AuditEntry> out;
    while (q.next())
        out.push_back(auditRow(q));
    return out;
}

std::vector<AuditEntry> ControlStore::auditNewest(int limit, bool changesOnly)
{
    SqliteStatement q(m_db, (std::string("SELECT ") + auditColumns
                             + " FROM audit WHERE ?2 = 0 OR method <> 'GET' OR status >= 400 ORDER BY seq DESC LIMIT ?1")
                                .c_str());
    q.bind(1, limit);
    q.bind(2, changesOnly ? 1 : 0);
    std::vector<AuditEntry> out;
    while (q.next())
        out.push_back(auditRow(q));
    std::reverse(out.begin(), out.end());
    return out;
}

std::vector<AuditCheckpoint> ControlStore::auditCheckpoints()
{
    SqliteStatement q(m_db,
                      "SELECT through_seq, chain, rows, requests, first_utc, last_utc, created_utc, mac "
                      "FROM audit_checkpoint ORDER BY through_seq");
    std::vector<AuditCheckpoint> out;
    while (q.next())
        out.push_back({q.integer(0), q.text(1), q.integer(2), q.integer(3), q.text(4), q.text(5), q.text(6),
                       q.text(7)});
    return out;
}

std::int64_t ControlStore::pruneAudit(const std::string &beforeUtc)
{
    Transaction t(*this, true);
    SqliteStatement range(m_db,
                          "SELECT MAX(seq) FROM audit WHERE seq <= "
                          "(SELECT COALESCE(MAX(seq), 0) FROM audit WHERE time_utc < ?1)");
    range.bind(1, beforeUtc);
    if (!range.next() || range.isNull(0))
        return 0;
    const std::int64_t through = range.integer(0);
    // Never the newest row: the chain's head stays in the log (and the anchor names it).
    if (through >= m_lastSeq)
        return 0;
    SqliteStatement summary(m_db,
                            "SELECT COUNT(*), COALESCE(SUM(count), 0), MIN(time_utc), MAX(time_utc), "
                            "(SELECT chain FROM audit WHERE seq = ?1) FROM audit WHERE seq <= ?1");
    summary.bind(1, through);
    summary.next();
    AuditCheckpoint c;
    c.throughSeq = through;
    c.rows = summary.integer(0);
    c.requests = summary.integer(1);
    c.firstUtc = summary.text(2);
    c.lastUtc = summary.text(3);
    c.chain = summary.text(4);
    c.createdUtc = nowUtc();
    if (c.rows == 0)
        return 0;
    // Rows pruned before carry on in the new checkpoint's totals.
    for (const AuditCheckpoint &old : auditCheckpoints()) {
        c.rows += old.rows;
        c.requests += old.requests;
        if (!old.firstUtc.empty() && old.firstUtc < c.firstUtc)
            c.firstUtc = old.firstUtc;
    }
    c.mac = checkpointMac(c);
    SqliteStatement insert(m_db,
                           "INSERT INTO audit_checkpoint(through_seq, chain, rows, requests, first_utc, last_utc, "
                           "created_utc, mac) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    insert.bindAll(c.throughSeq, c.chain, c.rows, c.requests, c.firstUtc, c.lastUtc, c.createdUtc, c.mac);
    insert.run();
    SqliteStatement remove(m_db, "DELETE FROM audit WHERE seq <= ?1");
    remove.bind(1, through);
    remove.run();
    const std::int64_t pruned = sqlite3_changes(m_db.handle());
    t.commit();
    return pruned;
}

std::int64_t ControlStore::verifyAuditChain()
{
    return checkAudit().brokenAt;
}

AuditVerdict ControlStore::checkAudit()
{
    AuditVerdict v;
    std::string previous;
    std::int64_t after = 0;
    const std::vector<AuditCheckpoint> checkpoints = auditCheckpoints();
    v.checkpoints = std::int64_t(checkpoints.size());
    for (const AuditCheckpoint &c : checkpoints) {
        if (checkpointMac(c) != c.mac) {
            v.problem = "the checkpoint through entry " + std::to_string(c.throughSeq)
                + " is not signed by the audit key: it was edited or forged";
            return v;
        }
    }
    if (!checkpoints.empty()) {
        previous = checkpoints.back().chain;
        after = checkpoints.back().throughSeq;
    }
    std::int64_t expected = after + 1;
    std::int64_t lastSeq = after;
    std::string lastChain = previous;
    for (;;) {
        const std::vector<AuditEntry> page = auditLog(after, 4096);
        if (page.empty())
            break;
        for (const AuditEntry &e : page) {
            if (e.seq != expected) {
                v.brokenAt = e.seq;
                v.problem = "entries " + std::to_string(expected) + " to " + std::to_string(e.seq - 1)
                    + " are missing: rows were deleted";
                return v;
            }
            if (chainOf(previous, e) != e.chain) {
                v.brokenAt = e.seq;
                v.problem = "the chain breaks at entry " + std::to_string(e.seq) + ": the row or one before it was edited";
                return v;
            }
            ++v.rows;
            previous = e.chain;
            after = e.seq;
            expected = e.seq + 1;
            lastSeq = e.seq;
            lastChain = e.chain;
        }
    }
    // The anchor: the newest row a commit reported. The log must reach it.
    QFile anchor(m_anchorPath);
    if (!anchor.open(QIODevice::ReadOnly)) {
        if (lastSeq > m_unkeyedThrough)
            v.problem = "the anchor file " + m_anchorPath.toStdString() + " is missing: deleting the newest "
                "entries would not show";
        return v;
    }
    const std::string line = anchor.read(anchorBytes).trimmed().toStdString();
    const std::string tag = anchorTag;
    const size_t macAt = line.rfind(' ');
    if (line.rfind(tag + " ", 0) != 0 || macAt == std::string::npos
        || hmacHex(m_auditKey, line.substr(0, macAt)) != line.substr(macAt + 1)) {
        v.problem = "the anchor file " + m_anchorPath.toStdString() + " is damaged or not signed by the audit key";
        return v;
    }
    const std::string body = line.substr(tag.size() + 1, macAt - tag.size() - 1);
    const size_t space = body.find(' ');
    const std::int64_t anchorSeq = std::strtoll(body.substr(0, space).c_str(), nullptr, 10);
    const std::string anchorChain = space == std::string::npos ? std::string() : body.substr(space + 1);
    if (anchorSeq > lastSeq) {
        v.brokenAt = lastSeq + 1;
        v.problem = "the log ends at entry " + std::to_string(lastSeq) + " but the anchor names entry "
            + std::to_string(anchorSeq) + ": the newest entries were deleted (or lost in a power failure)";
        return v;
    }
    if (anchorSeq == lastSeq && anchorChain != lastChain) {
        v.brokenAt = lastSeq;
        v.problem = "the newest entry does not match the anchor: it was replaced";
    }
    return v;
}

} // namespace Railyard
