// ControlService: admission — tokens, authentication, the per-caller rate
// limit, refused requests counted in memory and rolled up into the audit
// log once a minute, and the maintenance thread (the request handlers are
// in controlservice.cpp).

#include "core/controlplane/controlservice.h"

#include "core/controlplane/controlservice_p.h"
#include "core/common/messagetext.h"
#include "core/common/sqlitestatement.h"
#include "core/common/storageexception.h"

#include <QDateTime>

#include <algorithm>
#include <cstdio>

namespace Railyard {

using ControlJson::Json;

void ControlService::refreshTokensLocked()
{
    // One read of the tokens' counter (a trigger moves it on every change of
    // the tokens table, whichever process makes it): cheaper than
    // data_version, which moves with every audited request anyway.
    if (!m_authTokensVersionQuery)
        m_authTokensVersionQuery = std::make_unique<SqliteStatement>(
            m_authDb, "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'tokens_version'");
    SqliteStatement &counter = *m_authTokensVersionQuery;
    counter.reset();
    const std::int64_t tokens = counter.next() ? counter.integer(0) : 0;
    counter.reset(); // no read transaction left open on the token connection
    if (tokens == m_tokensVersion)
        return;
    m_tokensVersion = tokens;
    m_tokens.clear();
    SqliteStatement q(m_authDb, "SELECT name, role, created_utc, sha256 FROM tokens WHERE revoked_utc IS NULL");
    while (q.next())
        m_tokens.emplace(q.text(3), ControlTokenRecord{q.text(0),
                                                       controlRoleFromName(q.textView(1)).value_or(ControlRole::Viewer),
                                                       q.text(2), {}, q.text(3)});
}

bool ControlService::authenticate(const std::string &header, Principal &principal, bool fresh)
{
    if (header.size() < 8 || header.size() > 512)
        return false;
    std::string scheme = header.substr(0, 7);
    std::transform(scheme.begin(), scheme.end(), scheme.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (scheme != "bearer ")
        return false;
    const std::string hash = controlTokenHash(std::string_view(header).substr(7));
    std::lock_guard lock(m_authMutex);
    if (fresh || m_tokensVersion < 0)
        refreshTokensLocked();
    const auto it = m_tokens.find(hash);
    if (it == m_tokens.end())
        return false;
    principal.name = it->second.name;
    principal.controlRole = it->second.role;
    principal.role = controlRoleName(it->second.role);
    principal.tokenId = hash;
    principal.authenticated = true;
    return true;
}

bool ControlService::allowRate(const std::string &who)
{
    if (m_options.ratePerSecond <= 0)
        return true;
    const auto now = std::chrono::steady_clock::now();
    std::lock_guard lock(m_authMutex);
    auto refilled = [&](const Bucket &b) {
        const double elapsed = std::chrono::duration<double>(now - b.last).count();
        return std::min(m_options.rateBurst, b.tokens + elapsed * m_options.ratePerSecond);
    };
    auto it = m_buckets.find(who);
    if (it == m_buckets.end()) {
        // Before adding a bucket, forget those that have refilled: a full
        // bucket is the same as none. Done before any reference is taken.
        if (m_buckets.size() >= m_options.maxRateBuckets)
            std::erase_if(m_buckets, [&](const auto &entry) { return refilled(entry.second) >= m_options.rateBurst; });
        // Still full: every tracked caller is spending. A newcomer shares
        // one bucket with the others that found no room.
        const std::string key = m_buckets.size() >= m_options.maxRateBuckets ? std::string("(overflow)") : who;
        it = m_buckets.try_emplace(key, Bucket{m_options.rateBurst, now}).first;
    }
    Bucket &b = it->second;
    b.tokens = refilled(b);
    b.last = now;
    if (b.tokens < 1)
        return false;
    b.tokens -= 1;
    return true;
}

void ControlService::countRefused(const Principal &principal, const std::string &remote, int status)
{
    const std::int64_t minute
        = std::chrono::duration_cast<std::chrono::minutes>(std::chrono::system_clock::now().time_since_epoch()).count();
    std::lock_guard lock(m_rollupMutex);
    ++m_counters.refusedRequests;
    if (minute != m_rollupMinute) {
        if (!m_rollup.empty())
            m_rollupPending.emplace_back(
                QDateTime::fromSecsSinceEpoch(m_rollupMinute * 60, Qt::UTC).toString(Qt::ISODateWithMs).toStdString(),
                std::move(m_rollup));
        m_rollup.clear();
        m_rollupMinute = minute;
    }
    RollupKey key{principal.name, principal.role, remote.substr(0, 64), status};
    auto it = m_rollup.find(key);
    if (it == m_rollup.end()) {
        if (m_rollup.size() >= m_options.maxRollupEntries)
            key.remote = "(other addresses)";
        it = m_rollup.try_emplace(std::move(key), 0).first;
    }
    ++it->second;
}

void ControlService::writeRollups(std::map<RollupKey, std::uint64_t> counts, const std::string &minuteUtc)
{
    if (counts.empty())
        return;
    std::lock_guard lock(m_mutex);
    try {
        ControlStore::Transaction transaction(m_store, false);
        for (const auto &[key, count] : counts) {
            AuditEntry e;
            e.timeUtc = minuteUtc;
            e.principal = key.principal;
            e.role = key.role;
            e.remote = key.remote;
            e.method = "*";
            e.path = key.status == 401 ? "(refused: unauthenticated)" : "(refused: rate limited)";
            e.status = key.status;
            e.count = std::int64_t(count);
            m_store.appendAudit(std::move(e));
        }
        transaction.commit();
        std::lock_guard counterLock(m_rollupMutex);
        m_counters.rollupRows += counts.size();
    } catch (const std::exception &e) {
        std::fprintf(stderr, "railyard-controld: cannot write the audit roll-up: %s\n", e.what());
    }
}

void ControlService::flushRollups()
{
    std::vector<std::pair<std::string, std::map<RollupKey, std::uint64_t>>> pending;
    {
        std::lock_guard lock(m_rollupMutex);
        pending = std::move(m_rollupPending);
        m_rollupPending.clear();
        if (!m_rollup.empty())
            pending.emplace_back(
                QDateTime::fromSecsSinceEpoch(m_rollupMinute * 60, Qt::UTC).toString(Qt::ISODateWithMs).toStdString(),
                std::move(m_rollup));
        m_rollup.clear();
    }
    for (auto &[minute, counts] : pending)
        writeRollups(std::move(counts), minute);
}

ControlServiceCounters ControlService::counters() const
{
    std::lock_guard lock(m_rollupMutex);
    return m_counters;
}

void ControlService::maintenanceLoop()
{
    auto lastPrune = std::chrono::steady_clock::now() - std::chrono::hours(1);
    std::unique_lock lock(m_maintenanceMutex);
    while (!m_maintenanceWake.wait_for(lock, std::chrono::duration<double>(m_options.maintenanceSeconds),
                                       [this] { return m_stopMaintenance; })) {
        lock.unlock();
        // Minutes that have ended.
        std::vector<std::pair<std::string, std::map<RollupKey, std::uint64_t>>> pending;
        {
            std::lock_guard rollupLock(m_rollupMutex);
            pending = std::move(m_rollupPending);
            m_rollupPending.clear();
        }
        for (auto &[minute, counts] : pending)
            writeRollups(std::move(counts), minute);
        // Retention, once a minute: expired idempotency records, and audit
        // rows past their retention behind a signed checkpoint.
        const auto now = std::chrono::steady_clock::now();
        if (now - lastPrune >= std::chrono::minutes(1)) {
            lastPrune = now;
            std::lock_guard storeLock(m_mutex);
            try {
                {
                    ControlStore::Transaction t(m_store, false);
                    m_store.pruneIdempotency();
                    t.commit();
                }
                if (m_options.auditRetentionDays > 0)
                    m_store.pruneAudit(QDateTime::currentDateTimeUtc()
                                           .addDays(-m_options.auditRetentionDays)
                                           .toString(Qt::ISODateWithMs)
                                           .toStdString());
            } catch (const std::exception &e) {
                std::fprintf(stderr, "railyard-controld: pruning failed: %s\n", e.what());
            }
        }
        lock.lock();
    }
}

ControlResponse ControlService::refuseAnonymous(const std::string &authorization, const std::string &remote)
{
    // Anonymous: no database, no fsync, no body read or hashed; counted in memory.
    const Principal anonymous;
    if (!allowRate("address " + remote)) {
        countRefused(anonymous, remote, 429);
        ControlResponse r = controlError(429, "rate_limited", "too many requests from this address");
        r.headers.emplace_back("Retry-After", "1");
        return r;
    }
    countRefused(anonymous, remote, 401);
    ControlResponse r = controlError(401, "unauthenticated",
                                     authorization.empty() ? "an Authorization: Bearer token is required"
                                                           : "the bearer token is not valid");
    r.headers.emplace_back("WWW-Authenticate", "Bearer realm=\"railyard\"");
    return r;
}

std::optional<ControlResponse> ControlService::admit(const std::string &authorization, const std::string &remote)
{
    try {
        Principal principal;
        if (authenticate(authorization, principal))
            return std::nullopt;
        return refuseAnonymous(authorization, remote);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "railyard-controld: internal error: %s\n", elided(std::string_view(e.what()), 200).c_str());
        return controlError(500, "internal", "internal error");
    }
}

} // namespace Railyard
