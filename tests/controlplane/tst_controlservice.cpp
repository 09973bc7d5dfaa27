// The control-plane service in process (ControlService::handle, no
// sockets): roles against every permission, tokens kept only as hashes,
// the database's schema checks, the audit log's append-only triggers and
// chain, idempotency, rate limits, pagination and the intent push's
// refusals, including a self-approved file that Railyard's tools refuse to
// write (made here with the author's key). The HTTP server and a client
// that is not Railyard's are tested by controld_api.py.

#include "tests/controlplane/controlfixture.h"

#include "core/controlplane/controlservice.h"
#include "core/registry/formatregistry.h"
#include "core/intents/ed25519key.h"
#include "core/intents/intentreview.h"
#include "core/common/storageexception.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QDateTime>
#include <QtTest>

#include <sqlite3.h>

using namespace Railyard;
using namespace Railyard::ControlTest;


class TestControlService : public QObject
{
    Q_OBJECT

private slots:
    void roles_data();
    void roles();
    void tokensAreHashed();
    void schemaChecks();
    void auditIsAppendOnlyAndChained();
    void auditCodesChainedAndMigrated();
    void authentication();
    void roleEnforcement();
    void createAndProvision();
    void intents();
    void intentBreakingJobsRefused();
    void selfApprovedIntentRefused();
    void idempotency();
    void rateLimit();
    void pagination();
    void telemetryWindow();
    void incidents();
    void incidentsCarryImpact();
    void targetParsing();
    void invalidUtf8IsQuotedNotFatal();
};

void TestControlService::roles_data()
{
    QTest::addColumn<int>("role");
    QTest::addColumn<QString>("allowed"); // R read, N network, I intent, C incident, A audit
    QTest::newRow("viewer") << int(ControlRole::Viewer) << QStringLiteral("R");
    QTest::newRow("operator") << int(ControlRole::Operator) << QStringLiteral("RNC");
    QTest::newRow("reviewer") << int(ControlRole::Reviewer) << QStringLiteral("RI");
    QTest::newRow("admin") << int(ControlRole::Admin) << QStringLiteral("RNICA");
}

void TestControlService::roles()
{
    QFETCH(int, role);
    QFETCH(QString, allowed);
    const auto r = ControlRole(role);
    QCOMPARE(roleAllows(r, ControlPermission::Read), allowed.contains(QLatin1Char('R')));
    QCOMPARE(roleAllows(r, ControlPermission::CreateNetwork), allowed.contains(QLatin1Char('N')));
    QCOMPARE(roleAllows(r, ControlPermission::ApplyIntent), allowed.contains(QLatin1Char('I')));
    QCOMPARE(roleAllows(r, ControlPermission::CreateIncident), allowed.contains(QLatin1Char('C')));
    QCOMPARE(roleAllows(r, ControlPermission::ReadAudit), allowed.contains(QLatin1Char('A')));
    QCOMPARE(controlRoleFromName(controlRoleName(r)), std::optional<ControlRole>(r));
}

void TestControlService::tokensAreHashed()
{
    const std::string a = generateControlToken();
    const std::string b = generateControlToken();
    QVERIFY(a != b);
    QCOMPARE(a.size(), size_t(4 + 43)); // "ryd_" + 256 bits in base64url
    QVERIFY(a.rfind("ryd_", 0) == 0);
    // SHA-256("abc"), FIPS 180-2 appendix B.1.
    QCOMPARE(controlTokenHash("abc"), std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.db"));
    std::string token;
    {
        ControlStore store(path);
        token = store.addToken("ci", ControlRole::Operator);
        QVERIFY_THROWS_EXCEPTION(StorageException, store.addToken("ci", ControlRole::Admin));
        const std::vector<ControlTokenRecord> valid = store.validTokens();
        QCOMPARE(valid.size(), size_t(1));
        QCOMPARE(valid[0].sha256, controlTokenHash(token));
        QVERIFY(store.revokeToken("ci"));
        QVERIFY(!store.revokeToken("ci"));
        QVERIFY(store.validTokens().empty());
        QCOMPARE(store.tokens().size(), size_t(1));
        QVERIFY(!store.tokens()[0].revokedUtc.empty());
    }
    const std::string bytes = readAll(path) + readAll(path + QStringLiteral("-wal"));
    QVERIFY(bytes.find(token) == std::string::npos);
    QVERIFY(bytes.find(controlTokenHash(token)) != std::string::npos);
}

void TestControlService::schemaChecks()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.db"));
    {
        ControlStore store(path);
    }
    {
        ControlStore again(path);
    } // reopens
    execSql(path, "PRAGMA user_version = 99");
    try {
        ControlStore newer(path);
        QFAIL("a newer schema was opened");
    } catch (const StorageException &e) {
        QVERIFY2(e.message().contains(QLatin1String("schema version 99")), qPrintable(e.message()));
    }
    const QString other = dir.filePath(QStringLiteral("other.db"));
    execSql(other, "CREATE TABLE t(x)");
    try {
        ControlStore wrong(other);
        QFAIL("a foreign database was opened");
    } catch (const StorageException &e) {
        QVERIFY2(e.message().contains(QLatin1String("not a Railyard control-plane database")), qPrintable(e.message()));
    }
}

void TestControlService::auditIsAppendOnlyAndChained()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.db"));
    {
        ControlStore store(path);
        for (int i = 0; i < 5; ++i) {
            ControlStore::Transaction t(store, false);
            store.appendAudit({0, "2026-12-03T00:00:00Z", "ci", "admin", "127.0.0.1", "GET", "/v1/x", 200 + i, "", ""});
            t.commit();
        }
        { // rolled back: the chain's head must not move
            ControlStore::Transaction t(store, false);
            store.appendAudit({0, "t", "ci", "admin", "-", "GET", "/lost", 200, "", ""});
        }
        ControlStore::Transaction t(store, false);
        store.appendAudit({0, "2026-12-03T00:00:01Z", "ci", "admin", "127.0.0.1", "GET", "/v1/y", 200, "", ""});
        t.commit();
        QCOMPARE(store.auditLog(0, 100).size(), size_t(6));
        QCOMPARE(store.verifyAuditChain(), std::int64_t(0));
    }
    sqlite3 *db = nullptr;
    sqlite3_open(path.toUtf8().constData(), &db);
    char *error = nullptr;
    QVERIFY(sqlite3_exec(db, "UPDATE audit SET status = 500 WHERE seq = 3", nullptr, nullptr, &error) != SQLITE_OK);
    QVERIFY(QString::fromUtf8(error).contains(QLatin1String("append-only")));
    sqlite3_free(error);
    QVERIFY(sqlite3_exec(db, "DELETE FROM audit", nullptr, nullptr, nullptr) != SQLITE_OK);
    // Someone with the file drops the trigger and edits a row: the chain shows it.
    QCOMPARE(sqlite3_exec(db, "DROP TRIGGER audit_no_update; UPDATE audit SET status = 500 WHERE seq = 3", nullptr,
                          nullptr, nullptr),
             SQLITE_OK);
    sqlite3_close(db);
    ControlStore store(path);
    QCOMPARE(store.verifyAuditChain(), std::int64_t(3));
}

/// Schema 3's error code and detail: a database of schema 2 (without them)
/// is migrated at open with its chain intact; rows with a code or a detail
/// chain them, so removing a forced push's reason breaks the chain there.
void TestControlService::auditCodesChainedAndMigrated()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.db"));
    {
        ControlStore store(path);
        ControlStore::Transaction t(store, false);
        for (int i = 0; i < 3; ++i)
            store.appendAudit({0, "2026-12-03T00:00:00Z", "ci", "admin", "127.0.0.1", "GET", "/v1/x", 200, "", ""});
        t.commit();
    }
    // Back to schema 2: the columns gone, the version 2.
    execSql(path, "ALTER TABLE audit DROP COLUMN detail; ALTER TABLE audit DROP COLUMN error_code; "
                  "PRAGMA user_version = 2");
    {
        ControlStore store(path);
        QCOMPARE(store.verifyAuditChain(), std::int64_t(0)); // migrated; the old rows' chains hold
        ControlStore::Transaction t(store, false);
        AuditEntry refused{0, "2026-12-03T00:00:01Z", "rev", "reviewer", "127.0.0.1", "POST", "/v1/n/intents", 422, "", ""};
        refused.errorCode = "intent_breaks_jobs";
        refused.detail = "intent v4";
        store.appendAudit(refused);
        AuditEntry forced = refused;
        forced.status = 200;
        forced.errorCode.clear();
        forced.detail = "intent v4; forced: maintenance";
        store.appendAudit(forced);
        t.commit();
        const std::vector<AuditEntry> rows = store.auditLog(0, 10);
        QCOMPARE(rows.size(), size_t(5));
        QCOMPARE(rows[0].errorCode, std::string());
        QCOMPARE(rows[3].errorCode, std::string("intent_breaks_jobs"));
        QCOMPARE(rows[4].detail, std::string("intent v4; forced: maintenance"));
        QCOMPARE(store.verifyAuditChain(), std::int64_t(0));
    }
    execSql(path, "DROP TRIGGER audit_no_update; UPDATE audit SET detail = 'intent v4' WHERE seq = 5");
    ControlStore store(path);
    QCOMPARE(store.verifyAuditChain(), std::int64_t(5));
}

void TestControlService::authentication()
{
    Fixture f;
    ControlResponse r = f.call("GET", "/v1/healthz", "");
    QCOMPARE(r.status, 401);
    QCOMPARE(errorCode(r), QStringLiteral("unauthenticated"));
    ControlRequest bad;
    bad.method = "GET";
    bad.target = "/v1/healthz";
    bad.authorization = "Bearer ryd_wrong";
    QCOMPARE(f.service->handle(bad).status, 401);
    bad.authorization = "Basic " + f.tokens["admin"];
    QCOMPARE(f.service->handle(bad).status, 401);
    bad.authorization = "bearer " + f.tokens["admin"]; // the scheme is case-insensitive
    QCOMPARE(f.service->handle(bad).status, 200);
    // A token revoked by another connection (the `token revoke` command) stops working.
    {
        ControlStore other(f.dir.filePath(QStringLiteral("controld.db")));
        QVERIFY(other.revokeToken("admin-1"));
    }
    QCOMPARE(f.service->handle(bad).status, 401);
}

void TestControlService::roleEnforcement()
{
    Fixture f;
    const std::string net = f.createNetwork();
    const std::string body = R"({"cluster":"lab-2rack","symptom":"rank_hang"})";
    QCOMPARE(f.call("POST", "/v1/training-networks", "viewer", "{}").status, 403);
    QCOMPARE(f.call("POST", "/v1/training-networks", "reviewer", "{}").status, 403);
    QCOMPARE(f.call("POST", "/v1/training-networks/" + net + "/intents", "operator", "{}").status, 403);
    QCOMPARE(f.call("POST", "/v1/incidents/network", "reviewer", body).status, 403);
    QCOMPARE(f.call("POST", "/v1/incidents/network", "viewer", body).status, 403);
    QCOMPARE(f.call("GET", "/v1/audit", "operator").status, 403);
    QCOMPARE(f.call("GET", "/v1/audit", "admin").status, 200);
    QCOMPARE(f.call("POST", "/v1/incidents/network", "admin", body).status, 201);
    QCOMPARE(errorCode(f.call("GET", "/v1/audit", "viewer")), QStringLiteral("forbidden"));
}

void TestControlService::createAndProvision()
{
    Fixture f;
    const std::string net = f.createNetwork();
    QVERIFY(net.rfind("net_", 0) == 0);
    QJsonObject n = json(f.call("GET", "/v1/training-networks/" + net, "viewer"));
    QCOMPARE(n.value(QStringLiteral("status")).toString(), QStringLiteral("ready"));
    QCOMPARE(n.value(QStringLiteral("bandwidth_gbps_per_host")).toDouble(), 2 * 400.0); // lab-2rack: 2 × 400G NICs
    QCOMPARE(n.value(QStringLiteral("created_by")).toString(), QStringLiteral("operator-1"));
    const std::string wrong = f.createNetwork(8);
    n = json(f.call("GET", "/v1/training-networks/" + wrong, "viewer"));
    QCOMPARE(n.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QVERIFY(n.value(QStringLiteral("status_reason")).toString().contains(QLatin1String("2 rails per host")));

    QCOMPARE(f.call("POST", "/v1/training-networks", "operator", "[1]").status, 400);
    QCOMPARE(f.call("POST", "/v1/training-networks", "operator", "{\"cluster\":").status, 400);
    ControlResponse r = f.call("POST", "/v1/training-networks", "operator",
                               R"({"cluster":"lab-2rack","backend":"ib","rails":2,"topology":"clos"})");
    QCOMPARE(r.status, 422);
    QVERIFY(errorMessage(r).startsWith(QLatin1String("backend:")));
    QCOMPARE(f.call("POST", "/v1/training-networks", "operator",
                    R"({"cluster":"lab-2rack","backend":"roce","rails":2.5,"topology":"clos"})")
                 .status,
             422);
    QCOMPARE(f.call("GET", "/v1/training-networks/net_nope", "viewer").status, 404);
    QCOMPARE(f.call("PUT", "/v1/training-networks", "admin", "{}").status, 405);
}

void TestControlService::intents()
{
    Fixture f;
    const std::string net = f.createNetwork();
    const std::string path = "/v1/training-networks/" + net + "/intents";
    ControlResponse r = f.call("POST", path, "reviewer", f.reviewedIntent(2, f.bob, "bob"));
    QCOMPARE(r.status, 200);
    QCOMPARE(json(r).value(QStringLiteral("intent_version")).toInt(), 2);
    QCOMPARE(json(r).value(QStringLiteral("status")).toString(), QStringLiteral("applied"));
    r = f.call("POST", path, "reviewer", f.reviewedIntent(1, f.bob, "bob"));
    QCOMPARE(r.status, 409);
    QCOMPARE(errorCode(r), QStringLiteral("stale_intent_version"));
    QCOMPARE(f.call("POST", path, "admin", f.reviewedIntent(3, f.bob, "bob")).status, 200);
    QCOMPARE(
        json(f.call("GET", "/v1/training-networks/" + net, "viewer")).value(QStringLiteral("intent_version")).toInt(),
        3);
    // A reviewer outside the keyring.
    const Ed25519Key eve = Ed25519Key::generate();
    r = f.call("POST", path, "reviewer", f.reviewedIntent(4, eve, "eve"));
    QCOMPARE(r.status, 422);
    QVERIFY2(errorMessage(r).contains(QLatin1String("not in the keyring")), qPrintable(errorMessage(r)));
    // A draft pushed by mistake: the cause first, not a list of unexpected fields.
    r = f.call("POST", path, "reviewer",
               R"({"format":"railyard-intent","format_version":1,"metadata":{"version":4},"cluster":"lab-2rack",)"
               R"("backend":"roce","rails":2,"topology":"rail_optimized","allow":[],"deny_public_egress":true})");
    QCOMPARE(r.status, 422);
    QVERIFY2(errorMessage(r).startsWith(QLatin1String("the intent was refused: this is a draft intent")),
             qPrintable(errorMessage(r)));
    QVERIFY(!errorMessage(r).contains(QLatin1String("unexpected field")));
    // Another cluster's intent.
    std::string other = f.reviewedIntent(5, f.bob, "bob");
    QCOMPARE(f.call("POST", path, "reviewer", "not json at all").status, 422);
    ControlRequest wrongType;
    wrongType.method = "POST";
    wrongType.target = path;
    wrongType.authorization = "Bearer " + f.tokens["reviewer"];
    wrongType.contentType = "text/plain";
    wrongType.body = other;
    QCOMPARE(f.service->handle(wrongType).status, 415);
    r = f.call("GET", path + "?limit=1", "viewer");
    QCOMPARE(json(r).value(QStringLiteral("items")).toArray().size(), 1);
    const QString next = json(r).value(QStringLiteral("next_page_token")).toString();
    r = f.call("GET", path + "?page_token=" + next.toStdString(), "viewer");
    QCOMPARE(json(r)
                 .value(QStringLiteral("items"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("intent_version"))
                 .toInt(),
             3);
    QCOMPARE(f.call("GET", path + "/2", "viewer").status, 200);
    QCOMPARE(f.call("GET", path + "/9", "viewer").status, 404);
    QCOMPARE(f.call("GET", path + "/x", "viewer").status, 404);
}

/// lab-llama runs on lab-2rack; an intent that allows no RDMA would cut its
/// data-parallel traffic between hosts: the push is refused, naming the job
/// and the bytes, and a push forced with a reason applies it, the reason in
/// the answer and in the audit log.
void TestControlService::intentBreakingJobsRefused()
{
    Fixture f;
    const JobSpecResult job = readJobSpecFile(QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.job.json"));
    QVERIFY(job.ok());
    f.watch({*job.job}, {});
    const std::string net = f.createNetwork();
    const std::string path = "/v1/training-networks/" + net + "/intents";
    const std::string intent = f.reviewedIntent(2, f.bob, "bob");
    ControlResponse r = f.call("POST", path, "reviewer", intent);
    QCOMPARE(r.status, 422);
    QCOMPARE(errorCode(r), QStringLiteral("intent_breaks_jobs"));
    QVERIFY2(errorMessage(r).contains(QLatin1String("lab-llama: ")) && errorMessage(r).contains(QLatin1String("per step")),
             qPrintable(errorMessage(r)));
    QVERIFY(errorMessage(r).contains(QLatin1String("force_reason")));
    QCOMPARE(json(f.call("GET", "/v1/training-networks/" + net, "viewer")).value(QStringLiteral("intent_version")).toInt(), 0);

    r = f.call("POST", path + "?force_reason=maintenance%20window%2012", "reviewer", intent);
    QCOMPARE(r.status, 200);
    QCOMPARE(json(r).value(QStringLiteral("force_reason")).toString(), QStringLiteral("maintenance window 12"));
    QCOMPARE(json(r).value(QStringLiteral("breaks_jobs")).toArray().first().toObject().value(QStringLiteral("job")).toString(),
             QStringLiteral("lab-llama"));
    // The log keeps the refusal's code and the version, then the forced push
    // with its reason; the chain covers both fields.
    bool refusedRow = false, forcedRow = false;
    for (const AuditEntry &e : f.store->auditLog(0, 500)) {
        refusedRow = refusedRow || (e.status == 422 && e.errorCode == "intent_breaks_jobs" && e.detail == "intent v2");
        forcedRow = forcedRow
            || (e.path.find("force_reason=maintenance%20window%2012") != std::string::npos && e.status == 200
                && e.errorCode.empty() && e.detail == "intent v2; forced: maintenance window 12");
    }
    QVERIFY(refusedRow);
    QVERIFY(forcedRow);
    const QJsonArray rows = json(f.call("GET", "/v1/audit?limit=500", "admin")).value(QStringLiteral("items")).toArray();
    bool listed = false;
    for (const QJsonValue &v : rows)
        listed = listed || (v.toObject().value(QStringLiteral("error_code")).toString() == QLatin1String("intent_breaks_jobs"));
    QVERIFY(listed);
    QVERIFY(rows.first().toObject().value(QStringLiteral("error_code")).isNull()); // a success: null, not ""
    QCOMPARE(f.store->verifyAuditChain(), std::int64_t(0));
}

void TestControlService::selfApprovedIntentRefused()
{
    Fixture f;
    const std::string net = f.createNetwork();
    // alice's key under a second name in the keyring, so only the same-key rule can refuse it.
    QVERIFY(QFile::copy(f.dir.filePath(QStringLiteral("keys/alice.pub")),
                        f.dir.filePath(QStringLiteral("keyring/mallory.pub"))));
    const ControlResponse r = f.call("POST", "/v1/training-networks/" + net + "/intents", "reviewer",
                                     f.reviewedIntent(2, f.alice, "mallory"));
    QCOMPARE(r.status, 422);
    QCOMPARE(errorCode(r), QStringLiteral("intent_refused"));
    QVERIFY2(errorMessage(r).contains(QLatin1String("same key")), qPrintable(errorMessage(r)));
    QCOMPARE(
        json(f.call("GET", "/v1/training-networks/" + net, "viewer")).value(QStringLiteral("intent_version")).toInt(),
        0);
}

void TestControlService::idempotency()
{
    Fixture f;
    const std::string body = R"({"cluster":"lab-2rack","backend":"roce","rails":2,"topology":"clos"})";
    const ControlResponse first = f.call("POST", "/v1/training-networks", "operator", body, "k1");
    QCOMPARE(first.status, 201);
    const ControlResponse again = f.call("POST", "/v1/training-networks", "operator", body, "k1");
    QCOMPARE(again.status, 201);
    QCOMPARE(again.body, first.body);
    QVERIFY(std::find(again.headers.begin(), again.headers.end(),
                      std::pair<std::string, std::string>("Idempotent-Replayed", "true"))
            != again.headers.end());
    QCOMPARE(json(f.call("GET", "/v1/training-networks", "viewer")).value(QStringLiteral("items")).toArray().size(), 1);
    QCOMPARE(errorCode(f.call("POST", "/v1/training-networks", "operator", body + " ", "k1")),
             QStringLiteral("idempotency_key_reused"));
    // Keys belong to their token: the admin's k1 is a different key.
    QCOMPARE(f.call("POST", "/v1/training-networks", "admin", body, "k1").status, 201);
    QCOMPARE(f.call("POST", "/v1/training-networks", "operator", body, std::string(300, 'k')).status, 400);
    QCOMPARE(f.call("POST", "/v1/training-networks", "operator", body, "has space").status, 400);
    // A refused request is not remembered: fixing it under the same key works.
    QCOMPARE(f.call("POST", "/v1/training-networks", "operator", R"({"cluster":"x"})", "k2").status, 422);
    QCOMPARE(f.call("POST", "/v1/training-networks", "operator", body, "k2").status, 201);
}

void TestControlService::rateLimit()
{
    Fixture f(1); // 1 per second, burst 2
    QCOMPARE(f.call("GET", "/v1/healthz", "viewer").status, 200);
    QCOMPARE(f.call("GET", "/v1/healthz", "viewer").status, 200);
    const ControlResponse r = f.call("GET", "/v1/healthz", "viewer");
    QCOMPARE(r.status, 429);
    QCOMPARE(errorCode(r), QStringLiteral("rate_limited"));
    QCOMPARE(f.call("GET", "/v1/healthz", "admin").status, 200); // per token
    for (int i = 0; i < 2; ++i)
        QCOMPARE(f.call("GET", "/v1/healthz", "").status, 401);
    QCOMPARE(f.call("GET", "/v1/healthz", "").status, 429); // per address before authentication
}

void TestControlService::pagination()
{
    Fixture f;
    std::vector<std::string> ids;
    for (int i = 0; i < 5; ++i)
        ids.push_back(f.createNetwork());
    std::vector<std::string> seen;
    std::string token;
    int pages = 0;
    do {
        const QJsonObject page = json(
            f.call("GET", "/v1/training-networks?limit=2" + (token.empty() ? "" : "&page_token=" + token), "viewer"));
        for (const QJsonValue &v : page.value(QStringLiteral("items")).toArray())
            seen.push_back(v.toObject().value(QStringLiteral("network_id")).toString().toStdString());
        token = page.value(QStringLiteral("next_page_token")).toString().toStdString();
        ++pages;
    } while (!token.empty() && pages < 10);
    QCOMPARE(pages, 3);
    QVERIFY(seen == ids);
    QCOMPARE(f.call("GET", "/v1/training-networks?limit=501", "viewer").status, 400);
    QCOMPARE(f.call("GET", "/v1/training-networks?limit=abc", "viewer").status, 400);
    QCOMPARE(f.call("GET", "/v1/training-networks?page_token=p-1", "viewer").status, 400);
}

void TestControlService::telemetryWindow()
{
    Fixture f;
    const std::string net = f.createNetwork();
    QTRY_VERIFY_WITH_TIMEOUT(json(f.call("GET", "/v1/training-networks/" + net + "/telemetry?window=1m", "viewer"))
                                     .value(QStringLiteral("samples"))
                                     .toInt()
                                 > 2,
                             10000);
    const QJsonObject t = json(f.call("GET", "/v1/training-networks/" + net + "/telemetry?window=1m", "viewer"));
    QCOMPARE(t.value(QStringLiteral("window_seconds")).toDouble(), 60.0);
    // lab-2rack is two tiers (leaf, spine): 4 links and 3 switches each way,
    // idle (no job), so the RTT is the fixed costs: 2 × (1 + 3 × 0.6 + 4 × (0.5 + 4096 × 8 / 400e3)).
    const double idle = 2 * (1 + 3 * 0.6 + 4 * (0.5 + 4096.0 * 8 / 400e3));
    QVERIFY2(std::abs(t.value(QStringLiteral("p99_rtt_us")).toDouble() - idle) < 0.02,
             qPrintable(QString::number(t.value(QStringLiteral("p99_rtt_us")).toDouble())));
    QCOMPARE(t.value(QStringLiteral("collective_hang_suspects")).toInt(), 0);
    for (const char *window : {"0", "25h", "1d", "-5m", "m", "1.5m"})
        QCOMPARE(f.call("GET", "/v1/training-networks/" + net + "/telemetry?window=" + window, "viewer").status, 400);
}

void TestControlService::incidents()
{
    Fixture f;
    const std::string net = f.createNetwork();
    ControlResponse r = f.call("POST", "/v1/incidents/network", "operator",
                               R"({"cluster":"lab-2rack","symptom":"link_degraded","network_id":")" + net
                                   + R"(","summary":"nccl-tests bus bandwidth halved"})");
    QCOMPARE(r.status, 201);
    const QJsonObject incident = json(r);
    QVERIFY(incident.value(QStringLiteral("incident_id")).toString().startsWith(QLatin1String("ni_")));
    QVERIFY(incident.value(QStringLiteral("runbook"))
                .toString()
                .contains(QLatin1String("nccl-tests bus bandwidth halved")));
    QCOMPARE(incident.value(QStringLiteral("detections")).toArray().size(), 0); // nothing injected
    QCOMPARE(f.call("POST", "/v1/incidents/network", "operator", R"({"cluster":"lab-2rack","symptom":"x"})").status,
             422);
    QCOMPARE(f.call("POST", "/v1/incidents/network", "operator", R"({"cluster":"other","symptom":"rank_hang"})").status,
             422);
    QCOMPARE(f.call("POST", "/v1/incidents/network", "operator",
                    R"({"cluster":"lab-2rack","symptom":"rank_hang","network_id":"net_unknown"})")
                 .status,
             422);
    const std::string id = incident.value(QStringLiteral("incident_id")).toString().toStdString();
    QCOMPARE(json(f.call("GET", "/v1/incidents/network/" + id, "viewer")), incident);
    QCOMPARE(f.call("GET", "/v1/incidents/network/ni_none", "viewer").status, 404);
}

void TestControlService::incidentsCarryImpact()
{
    // lab-llama fills lab-2rack; one of its hosts' NIC links runs at a
    // quarter of its rate from interval 2.
    Fixture f;
    const JobSpecResult job = readJobSpecFile(QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.job.json"));
    QVERIFY(job.ok());
    f.watch({*job.job}, {"degrade:lab-r1-h1-nic0:0.25@2"});
    const std::string net = f.createNetwork();

    // The telemetry answer carries the detection, priced for the job.
    QJsonObject degraded;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            const QJsonObject t = json(f.call("GET", "/v1/training-networks/" + net + "/telemetry?window=1m", "viewer"));
            for (const QJsonValue &v : t.value(QStringLiteral("detections")).toArray())
                if (v.toObject().value(QStringLiteral("kind")).toString() == QLatin1String("link_degraded"))
                    degraded = v.toObject();
            return !degraded.isEmpty();
        }(),
        20000);
    QCOMPARE(degraded.value(QStringLiteral("element")).toString(), QStringLiteral("lab-r1-h1-nic0"));
    QCOMPARE(degraded.value(QStringLiteral("severity")).toString(), QStringLiteral("slowdown"));
    // The simulator's clock is the wall clock: the first bad interval is
    // stamped within the last minute.
    const QDateTime since
        = QDateTime::fromString(degraded.value(QStringLiteral("first_time_utc")).toString(), Qt::ISODate);
    QVERIFY2(since.isValid(), qPrintable(degraded.value(QStringLiteral("first_time_utc")).toString()));
    QVERIFY(std::abs(since.secsTo(QDateTime::currentDateTimeUtc())) < 60);
    const QJsonArray jobs = degraded.value(QStringLiteral("jobs")).toArray();
    QCOMPARE(jobs.size(), 1);
    const QJsonObject impact = jobs[0].toObject();
    QCOMPARE(impact.value(QStringLiteral("name")).toString(), QStringLiteral("lab-llama"));
    // A quarter of a NIC link's rate: the step communication through it
    // slows by up to 4× (as routed, ECMP hash collisions already hold the
    // healthy step back, so less); adaptive routing cannot route around a
    // host's only link. The whole step computes too, so it slows by less
    // than its communication, and never by less than nothing.
    const double comm = impact.value(QStringLiteral("communication_slowdown")).toDouble();
    const double step = impact.value(QStringLiteral("slowdown")).toDouble();
    QVERIFY2(comm > 1.5 && comm <= 4.0 + 1e-9, qPrintable(QString::number(comm)));
    QVERIFY2(step > 1.0 && step <= comm + 1e-9, qPrintable(QString::number(step)));
    const double adaptive = impact.value(QStringLiteral("adaptive_slowdown")).toDouble();
    QVERIFY2(adaptive > 1.0 && adaptive < 4.0, qPrintable(QString::number(adaptive)));
    QCOMPARE(impact.value(QStringLiteral("routing")).toString(), QStringLiteral("hashed"));
    QCOMPARE(impact.value(QStringLiteral("ranks")).toArray().size(), 8); // the host's 8 GPUs
    QCOMPARE(degraded.value(QStringLiteral("drain")).toObject().value(QStringLiteral("hosts")).toArray(),
             QJsonArray{QStringLiteral("lab-r1-h1")});

    // Filed for that element, the incident links it and its runbook names
    // the job, its slowdown and the host to drain.
    ControlResponse r = f.call("POST", "/v1/incidents/network", "operator",
                               R"({"cluster":"lab-2rack","symptom":"link_degraded","element":"lab-r1-h1-nic0"})");
    QCOMPARE(r.status, 201);
    const QJsonObject incident = json(r);
    const QJsonArray linked = incident.value(QStringLiteral("detections")).toArray();
    QCOMPARE(linked.size(), 1);
    QCOMPARE(linked[0].toObject().value(QStringLiteral("jobs")).toArray()[0].toObject().value(QStringLiteral("name")),
             QStringLiteral("lab-llama"));
    const QString runbook = incident.value(QStringLiteral("runbook")).toString();
    QVERIFY2(runbook.contains(QLatin1String("lab-llama (predicted")), qPrintable(runbook));
    QVERIFY2(runbook.contains(QLatin1String("host lab-r1-h1")), qPrintable(runbook));
    QVERIFY2(runbook.contains(QLatin1String("Severity: **slowdown**")), qPrintable(runbook));
    QVERIFY2(!runbook.contains(QLatin1String("Affected jobs: -")), qPrintable(runbook));
    QVERIFY2(runbook.contains(QLatin1String(" UTC (")), qPrintable(runbook)); // the wall-clock time
    // A detection that is not there is refused, with a bounded echo.
    r = f.call("POST", "/v1/incidents/network", "operator",
               R"({"cluster":"lab-2rack","symptom":"link_degraded","element":")" + std::string(5000, 'x') + R"("})");
    QCOMPARE(r.status, 422);
    r = f.call("POST", "/v1/incidents/network", "operator",
               R"({"cluster":"lab-2rack","symptom":"link_degraded","element":"lab-r2-h1-nic0"})");
    QCOMPARE(r.status, 422);
    QVERIFY2(r.body.find("no link_degraded detection on lab-r2-h1-nic0") != std::string::npos, r.body.c_str());
    // Without an element, every detection of the symptom is linked.
    r = f.call("POST", "/v1/incidents/network", "operator", R"({"cluster":"lab-2rack","symptom":"link_degraded"})");
    QCOMPARE(r.status, 201);
    QCOMPARE(json(r).value(QStringLiteral("detections")).toArray().size(), 1);
}

void TestControlService::targetParsing()
{
    Fixture f;
    QCOMPARE(f.call("GET", "/v1/%zz", "viewer").status, 400);
    QCOMPARE(f.call("GET", "/v1/healthz?x=%4", "viewer").status, 400);
    QCOMPARE(f.call("GET", "/v1/%68ealthz", "viewer").status, 200); // percent-decoded
    QCOMPARE(f.call("GET", "//v1///healthz", "viewer").status, 200);
    QCOMPARE(f.call("GET", "/", "viewer").status, 404);
    // Every call above and here is in the log, in order, and the chain holds.
    const QJsonArray log = json(f.call("GET", "/v1/audit?limit=500", "admin")).value(QStringLiteral("items")).toArray();
    QCOMPARE(log.size(), 5); // the five calls above; this one is logged after it answers
    QCOMPARE(log.last().toObject().value(QStringLiteral("status")).toInt(), 404);
    QCOMPARE(f.store->verifyAuditChain(), std::int64_t(0));
}

void TestControlService::invalidUtf8IsQuotedNotFatal()
{
    // Found by fuzz_controlrequest: an error message quoting a path with an
    // invalid UTF-8 byte made the JSON writer throw (a 500).
    Fixture f;
    const ControlResponse r = f.call("GET", "/v1/training-networks/net_\xab/x", "viewer");
    QCOMPARE(r.status, 404);
    QVERIFY(QJsonDocument::fromJson(QByteArray::fromStdString(r.body)).isObject());
    QCOMPARE(f.call("POST", "/v1/incidents/network", "operator", "{\"cluster\":\"\xff\"}").status, 400);
    QCOMPARE(f.call("GET", "/v1/audit", "admin").status, 200);
}

QTEST_GUILESS_MAIN(TestControlService)
#include "tst_controlservice.moc"
