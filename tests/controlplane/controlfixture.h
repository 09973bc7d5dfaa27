#pragma once

// Shared by the in-process tests of the control-plane service
// (tst_controlservice, tst_controlsecurity): a service over lab-2rack with
// one token per role, a keyring holding alice and bob, and reviewed intents
// made with their keys.

#include "core/controlplane/controlservice.h"
#include "core/health/healthfault.h"
#include "core/health/runningjobs.h"
#include "core/jobs/jobspec.h"
#include "core/registry/formatregistry.h"
#include "core/intents/ed25519key.h"
#include "core/intents/intentreview.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace Railyard::ControlTest {

inline QJsonObject json(const ControlResponse &r)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(r.body)).object();
}

inline QString errorCode(const ControlResponse &r)
{
    return json(r).value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString();
}

inline QString errorMessage(const ControlResponse &r)
{
    return json(r).value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString();
}

inline std::string readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

/// Runs SQL on the file through a connection of its own; SQLite's result code.
inline int execSqlCode(const QString &path, const char *sql, QString *message = nullptr)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK)
        return SQLITE_CANTOPEN;
    sqlite3_busy_timeout(db, 5000); // the service's maintenance thread may be writing
    char *error = nullptr;
    const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &error);
    if (message)
        *message = QString::fromUtf8(error ? error : "");
    sqlite3_free(error);
    sqlite3_close(db);
    return rc;
}

inline void execSql(const QString &path, const char *sql)
{
    QString message;
    const int rc = execSqlCode(path, sql, &message);
    QVERIFY2(rc == SQLITE_OK, qPrintable(message));
}

/// One integer a query returns (the first column of the first row), -1 on error.
inline long long queryInteger(const QString &path, const char *sql)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK)
        return -1;
    sqlite3_busy_timeout(db, 5000);
    sqlite3_stmt *q = nullptr;
    long long value = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &q, nullptr) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW)
        value = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    sqlite3_close(db);
    return value;
}

/// How a reviewed intent is made (Fixture::reviewedIntent).
struct IntentOptions
{
    std::optional<int> parent; ///< default: version - 1 (none for version 1)
    bool noParent = false;     ///< a version without a parent, whatever its number
    std::string backend = "roce";
    std::string topology = "rail_optimized";
    int rails = 2;
    std::string decidedUtc = "2026-12-01T11:00:00Z";
    std::string expiresUtc; ///< the approval's expiry, when set
};

/// A service over lab-2rack with one token per role, the keyring holding alice and bob.
struct Fixture
{
    QTemporaryDir dir;
    std::optional<ControlStore> store;
    ControlCluster cluster;
    std::unique_ptr<ControlService> service;
    std::map<std::string, std::string> tokens;
    Ed25519Key alice = Ed25519Key::generate();
    Ed25519Key bob = Ed25519Key::generate();

    explicit Fixture(double ratePerSecond = 0, ControlServiceOptions options = {})
    {
        QString error;
        QDir(dir.path()).mkdir(QStringLiteral("keyring"));
        QDir(dir.path()).mkdir(QStringLiteral("keys"));
        alice.writeKeyPair(dir.filePath(QStringLiteral("keys")), QStringLiteral("alice"), &error);
        bob.writeKeyPair(dir.filePath(QStringLiteral("keys")), QStringLiteral("bob"), &error);
        for (const char *name : {"alice", "bob"})
            QFile::copy(dir.filePath(QStringLiteral("keys/%1.pub").arg(QLatin1String(name))),
                        dir.filePath(QStringLiteral("keyring/%1.pub").arg(QLatin1String(name))));
        store.emplace(dbPath());
        for (ControlRole role : {ControlRole::Viewer, ControlRole::Operator, ControlRole::Reviewer, ControlRole::Admin})
            tokens[controlRoleName(role)] = store->addToken(std::string(controlRoleName(role)) + "-1", role);
        ReadResult read
            = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json"));
        cluster.name = "lab-2rack";
        cluster.fabric = std::make_shared<Fabric>(std::move(*read.fabric));
        ClusterTelemetryOptions telemetry;
        telemetry.intervalSeconds = 0.05;
        cluster.telemetry = std::make_unique<ClusterTelemetry>(cluster.name, cluster.fabric, std::vector<RunningJob>{},
                                                               std::vector<HealthFault>{}, telemetry);
        // No maintenance thread at work: the tests use `store` between calls
        // (ControlStore is not thread-safe) and flush roll-ups themselves.
        options.maintenanceSeconds = 3600;
        options.keyringDir = dir.filePath(QStringLiteral("keyring"));
        options.ratePerSecond = ratePerSecond;
        options.rateBurst = 2 * ratePerSecond;
        service = std::make_unique<ControlService>(*store, std::vector<ControlCluster *>{&cluster}, options);
    }

    QString dbPath() const { return dir.filePath(QStringLiteral("controld.db")); }

    /// Watches lab-2rack again with these jobs placed and these faults
    /// simulated (between calls: the service reads the cluster per request).
    void watch(const std::vector<JobSpec> &jobs, const std::vector<std::string> &faults)
    {
        std::vector<HealthFault> parsed;
        for (const std::string &text : faults) {
            std::string error;
            std::optional<HealthFault> fault = parseHealthFault(text, *cluster.fabric, &error);
            QVERIFY2(fault, error.c_str());
            parsed.push_back(*fault);
        }
        ClusterTelemetryOptions telemetry;
        telemetry.intervalSeconds = 0.05;
        cluster.telemetry.reset();
        cluster.telemetry = std::make_unique<ClusterTelemetry>(
            cluster.name, cluster.fabric, placeRunningJobs(*cluster.fabric, jobs), std::move(parsed), telemetry);
    }

    ControlResponse call(const std::string &method, const std::string &target, const std::string &role,
                         const std::string &body = {}, const std::string &key = {},
                         const std::string &remote = "127.0.0.1")
    {
        ControlRequest r;
        r.method = method;
        r.target = target;
        r.authorization = role.empty() ? std::string() : "Bearer " + tokens[role];
        r.body = body;
        r.contentType = body.empty() ? std::string() : "application/json";
        r.idempotencyKey = key;
        r.remote = remote;
        return service->handle(r);
    }

    std::string createNetwork(int rails = 2, const std::string &backend = "roce",
                              const std::string &topology = "rail_optimized")
    {
        const ControlResponse r = call("POST", "/v1/training-networks", "operator",
                                       R"({"cluster":"lab-2rack","backend":")" + backend + R"(","rails":)"
                                           + std::to_string(rails) + R"(,"topology":")" + topology + R"("})");
        if (r.status != 201)
            qWarning("create: %d %s", r.status, r.body.c_str());
        service->waitForProvisioning();
        return json(r).value(QStringLiteral("network_id")).toString().toStdString();
    }

    /// An intent for lab-2rack, version `version`, signed by alice and decided by `reviewerKey`.
    std::string reviewedIntent(int version, const Ed25519Key &reviewerKey, const std::string &reviewerName,
                               const IntentOptions &o = {})
    {
        const std::optional<int> parent
            = o.noParent ? std::nullopt : (o.parent ? o.parent : (version > 1 ? std::optional<int>(version - 1) : std::nullopt));
        const std::string intent = R"({"format":"railyard-intent","format_version":1,"metadata":{"version":)"
            + std::to_string(version) + (parent ? R"(,"parent":)" + std::to_string(*parent) : std::string())
            + R"(,"author":"alice","created_utc":"2026-12-01T10:00:00Z","message":"test"},"cluster":"lab-2rack",)"
              R"("backend":")"
            + o.backend + R"(","rails":)" + std::to_string(o.rails) + R"(,"topology":")" + o.topology
            + R"(","allow":[],"deny_public_egress":true})";
        ReviewedIntent r
            = IntentReview::submit(intent, QStringLiteral("test.intent.json"), alice, "alice", "2026-12-01T10:00:00Z");
        if (reviewerKey.rawPublicKey() == alice.rawPublicKey()) {
            // What IntentReview::decide refuses to do: the author approves.
            r.state = ReviewState::Approved;
            r.reviewer = IntentSignature{reviewerName, alice.rawPublicKey(), o.decidedUtc, {}};
            r.reviewer->signature = alice.sign(IntentReview::reviewerMessage(r));
        } else {
            IntentReview::decide(r, true, reviewerKey, reviewerName, "ok", o.decidedUtc, o.expiresUtc);
        }
        return IntentReview::write(r);
    }
};

} // namespace Railyard::ControlTest
