// The control plane against a hostile caller, in process (docs/security.md):
// one test per finding of the security review, each written to fail on the
// service as it was before the fix. What crosses a socket (connection caps,
// slowloris on keep-alive, authentication before the body, accept back-off)
// is tested against the real binary by controld_hostile.py.

#include "tests/controlplane/controlfixture.h"

#include "core/common/messagetext.h"
#include "core/controlplane/controlclient.h"
#include "core/intents/canonicaljson.h"
#include "core/intents/intentreader.h"
#include "core/intents/jsonlocator.h"
#include "core/intents/keyring.h"

#include <QFileInfo>
#include <QTcpServer>
#include <QTcpSocket>

#include <sys/stat.h>

using namespace Railyard;
using namespace Railyard::ControlTest;

namespace {

qint64 filesBytes(const QString &db)
{
    qint64 total = 0;
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        total += QFileInfo(db + suffix).size();
    return total;
}

/// `depth` nested arrays around a 1.
std::string nestedArrays(size_t depth)
{
    return std::string(depth, '[') + "1" + std::string(depth, ']');
}

} // namespace

class TestControlSecurity : public QObject
{
    Q_OBJECT

private slots:
    void anonymousFloodWritesNothing();
    void rollupsKeepTheChain();
    void retentionPrunesBehindSignedCheckpoint();
    void truncationAndUnkeyedForgeryShow();
    void deepNestingIsRefusedNotFatal();
    void manyKeysAreRefusedBeforeParsing();
    void idempotencyForPostOnly();
    void idempotencyBelongsToTheToken();
    void rateLimiterSurvivesManyAddresses();
    void supersededApprovalIsNotReplayed();
    void intentMustDescribeTheNetwork();
    void expiredApprovalIsRefused();
    void hugeNumberIsA400WithoutEcho();
    void filesAreOwnerOnly();
    void keyringAndKeyPermissions();
    void clientFollowsNoRedirect();
    void clientWarnsOnPlainHttp();
    void terminalOutputIsEscaped();
};

// Finding 1: 10,000 anonymous requests cost no row, no byte and no fsync of
// the database; the roll-up is one row per address and status, with the count.
void TestControlSecurity::anonymousFloodWritesNothing()
{
    Fixture f(0); // no rate limit: every request is a 401
    const qint64 before = filesBytes(f.dbPath());
    const long long rowsBefore = queryInteger(f.dbPath(), "SELECT COUNT(*) FROM audit");
    for (int i = 0; i < 10000; ++i) {
        const ControlResponse r = f.call(i % 2 ? "POST" : "GET", "/v1/training-networks", "", i % 2 ? "{}" : "", {},
                                         "198.51.100." + std::to_string(i % 3));
        QCOMPARE(r.status, 401);
    }
    QCOMPARE(queryInteger(f.dbPath(), "SELECT COUNT(*) FROM audit"), rowsBefore);
    QCOMPARE(filesBytes(f.dbPath()), before);
    QCOMPARE(f.service->counters().refusedRequests, std::uint64_t(10000));
    f.service->flushRollups();
    QCOMPARE(queryInteger(f.dbPath(), "SELECT COUNT(*) FROM audit"), rowsBefore + 3);
    QCOMPARE(queryInteger(f.dbPath(), "SELECT SUM(count) FROM audit WHERE status = 401"), 10000LL);
    QCOMPARE(queryInteger(f.dbPath(), "SELECT COUNT(*) FROM audit WHERE remote = '198.51.100.1' AND count = 3333"),
             1LL);
    QCOMPARE(f.store->verifyAuditChain(), std::int64_t(0));
}

void TestControlSecurity::rollupsKeepTheChain()
{
    Fixture f(1); // 1/s, burst 2: the third anonymous call is a 429
    for (int i = 0; i < 5; ++i)
        f.call("GET", "/v1/healthz", "");
    QCOMPARE(f.call("GET", "/v1/healthz", "viewer").status, 200);
    f.service->flushRollups();
    const QJsonArray log
        = json(f.call("GET", "/v1/audit?limit=100", "admin")).value(QStringLiteral("items")).toArray();
    int rolled401 = 0, rolled429 = 0;
    for (const QJsonValue &v : log) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("status")).toInt() == 401)
            rolled401 += e.value(QStringLiteral("count")).toInt();
        if (e.value(QStringLiteral("status")).toInt() == 429)
            rolled429 += e.value(QStringLiteral("count")).toInt();
    }
    QCOMPARE(rolled401, 2);
    QCOMPARE(rolled429, 3);
    const AuditVerdict verdict = f.store->checkAudit();
    QVERIFY2(verdict.ok(), verdict.problem.c_str());
}

// Finding 1: a documented retention whose roll-up keeps the chain verifiable.
void TestControlSecurity::retentionPrunesBehindSignedCheckpoint()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.db"));
    ControlStore store(path);
    for (int i = 0; i < 10; ++i) {
        ControlStore::Transaction t(store, false);
        AuditEntry e;
        e.timeUtc = i < 6 ? "2025-01-0" + std::to_string(i + 1) + "T00:00:00.000Z" : "2026-12-0" + std::to_string(i - 5) + "T00:00:00.000Z";
        e.principal = "ci";
        e.role = "admin";
        e.remote = "127.0.0.1";
        e.method = "GET";
        e.path = "/v1/x";
        e.status = 200;
        e.count = i + 1;
        store.appendAudit(e);
        t.commit();
    }
    // Pruning by hand is still refused.
    QString message;
    QVERIFY(execSqlCode(path, "DELETE FROM audit WHERE seq = 1", &message) != SQLITE_OK);
    QVERIFY(message.contains(QLatin1String("append-only")));
    QCOMPARE(store.pruneAudit("2026-01-01T00:00:00.000Z"), std::int64_t(6));
    const std::vector<AuditCheckpoint> checkpoints = store.auditCheckpoints();
    QCOMPARE(checkpoints.size(), size_t(1));
    QCOMPARE(checkpoints[0].throughSeq, std::int64_t(6));
    QCOMPARE(checkpoints[0].rows, std::int64_t(6));
    QCOMPARE(checkpoints[0].requests, std::int64_t(1 + 2 + 3 + 4 + 5 + 6));
    QCOMPARE(store.auditLog(0, 100).size(), size_t(4));
    AuditVerdict verdict = store.checkAudit();
    QVERIFY2(verdict.ok(), verdict.problem.c_str());
    QCOMPARE(verdict.rows, std::int64_t(4));
    // The chain goes on after the checkpoint.
    {
        ControlStore::Transaction t(store, false);
        store.appendAudit({0, "2026-12-05T00:00:00.000Z", "ci", "admin", "-", "GET", "/v1/y", 200, "", "", 1});
        t.commit();
    }
    QVERIFY(store.checkAudit().ok());
    // A checkpoint edited by someone with the file (the trigger dropped) shows.
    execSql(path, "DROP TRIGGER audit_checkpoint_no_update; UPDATE audit_checkpoint SET requests = 1");
    verdict = store.checkAudit();
    QVERIFY(!verdict.ok());
    QVERIFY2(verdict.problem.find("checkpoint") != std::string::npos, verdict.problem.c_str());
}

// Finding 9: the chain is keyed (a forger without the key cannot recompute
// it) and anchored outside the database (deleting the newest rows shows).
void TestControlSecurity::truncationAndUnkeyedForgeryShow()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.db"));
    {
        ControlStore store(path);
        for (int i = 0; i < 5; ++i) {
            ControlStore::Transaction t(store, false);
            store.appendAudit({0, "2026-12-03T00:00:00Z", "ci", "admin", "127.0.0.1", "GET", "/v1/x", 200 + i, "", "", 1});
            t.commit();
        }
        QVERIFY(store.checkAudit().ok());
    }
    // Delete the two newest rows (the trigger dropped first).
    execSql(path, "DROP TRIGGER audit_no_delete; DELETE FROM audit WHERE seq > 3");
    {
        ControlStore store(path);
        const AuditVerdict verdict = store.checkAudit();
        QVERIFY(!verdict.ok());
        QVERIFY2(verdict.problem.find("anchor names entry 5") != std::string::npos, verdict.problem.c_str());
    }
    // Rewrite a row and recompute the plain SHA-256 chain over it, as a
    // forger without the key would: the keyed chain does not match.
    QTemporaryDir dir2;
    const QString path2 = dir2.filePath(QStringLiteral("c.db"));
    {
        ControlStore store(path2);
        ControlStore::Transaction t(store, false);
        store.appendAudit({0, "2026-12-03T00:00:00Z", "mallory", "admin", "127.0.0.1", "POST", "/v1/x", 200, "", "", 1});
        t.commit();
    }
    const std::string sep = "\x1f";
    const std::string forged = CanonicalJson::sha256Hex(sep + "2026-12-03T00:00:00Z" + sep + "alice" + sep + "admin" + sep
                                                        + "127.0.0.1" + sep + "POST" + sep + "/v1/x" + sep + sep + "200");
    execSql(path2, ("DROP TRIGGER audit_no_update; UPDATE audit SET principal = 'alice', chain = '" + forged
                    + "' WHERE seq = 1")
                       .c_str());
    ControlStore store(path2);
    QCOMPARE(store.verifyAuditChain(), std::int64_t(1));
}

// Finding 2: 400,000 nested arrays in format_version crashed verify (and
// the service, with a reviewer's token) by recursing in a serializer.
void TestControlSecurity::deepNestingIsRefusedNotFatal()
{
    Fixture f;
    const std::string bomb = "{\"format\":\"railyard-reviewed-intent\",\"format_version\":" + nestedArrays(400000) + "}";
    const VerifyResult verdict = IntentReview::verify(bomb, *Keyring::load(f.dir.filePath(QStringLiteral("keyring")), nullptr));
    QVERIFY(!verdict.valid);
    QVERIFY2(!verdict.failures.empty() && verdict.failures[0].find("nested deeper than") != std::string::npos,
             verdict.failures.empty() ? "" : verdict.failures[0].c_str());
    // The same bomb as a plain intent and as a reviewed file's field.
    const IntentReadResult plain = parseIntent(nestedArrays(400000), QStringLiteral("bomb.intent.json"));
    QVERIFY(!plain.ok());
    // Within the depth limit, a container is described, never dumped.
    const std::string shallow = "{\"format\":\"railyard-reviewed-intent\",\"format_version\":" + nestedArrays(60) + "}";
    const ReviewedReadResult read = IntentReview::read(shallow, QStringLiteral("x.json"));
    QVERIFY(!read.ok());
    bool described = false;
    for (const FormatError &e : read.errors)
        described = described || e.message.contains(QLatin1String("unsupported format_version an array"));
    QVERIFY(described);
    // Through the service: a reviewer's push of the bomb is a 422, and the service lives on.
    const std::string net = f.createNetwork();
    const ControlResponse r = f.call("POST", "/v1/training-networks/" + net + "/intents", "reviewer", bomb);
    QCOMPARE(r.status, 422);
    QCOMPARE(f.call("GET", "/v1/healthz", "viewer").status, 200);
    // A request body nested deeper than the request limit.
    QCOMPARE(f.call("POST", "/v1/incidents/network", "operator", "{\"summary\":" + nestedArrays(100) + "}").status,
             400);
}

// Finding 4: 100,000 keys in one body held the service's lock for seconds
// (an insertion-ordered map is quadratic); the scan refuses them first.
void TestControlSecurity::manyKeysAreRefusedBeforeParsing()
{
    std::string body = "{";
    for (int i = 0; i < 100000; ++i)
        body += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":0";
    body += "}";
    Fixture f;
    const ControlResponse r = f.call("POST", "/v1/incidents/network", "operator", body);
    QCOMPARE(r.status, 400);
    QVERIFY2(errorMessage(r).contains(QLatin1String("more than 4096 members")), qPrintable(errorMessage(r)));
    // The intent reader's duplicate-key check is linear: 100,000 distinct
    // keys parse, and one repeated key among them is found.
    std::string intentish = body;
    intentish.insert(intentish.size() - 1, ",\"k77777\":1");
    std::string error;
    QVERIFY(!CanonicalJson::canonicalize(intentish, &error));
    QVERIFY2(error.find("duplicate key \"k77777\"") != std::string::npos, error.c_str());
    QVERIFY(CanonicalJson::canonicalize(body, &error));
    // A long key repeated at every level costs the locator one node per value.
    std::string deep;
    const std::string key(4000, 'k');
    for (int i = 0; i < 60; ++i)
        deep += "{\"" + key + "\":";
    deep += "[" + std::string(1, '0');
    for (int i = 0; i < 20000; ++i)
        deep += ",0";
    deep += "]" + std::string(60, '}');
    const JsonLocator locator(deep);
    QCOMPARE(locator.nodeCount(), size_t(60 + 1 + 20001));
    std::string pointer;
    for (int i = 0; i < 60; ++i)
        pointer += "/" + key;
    QCOMPARE(locator.find(pointer + "/20000").line, 1);
    QCOMPARE(locator.find(pointer + "/20000").column, int(deep.size() - 60 - 1));
}

// Finding 5: records only for POST, the key checked first, and no 503 that
// leaks SQLite's words when a key repeats.
void TestControlSecurity::idempotencyForPostOnly()
{
    Fixture f;
    for (int i = 0; i < 3; ++i)
        QCOMPARE(f.call("GET", "/v1/training-networks", "viewer", {}, "same-key").status, 200);
    QCOMPARE(f.call("GET", "/v1/training-networks", "viewer", {}, std::string(16000, 'x')).status, 200);
    QCOMPARE(f.store->idempotencyRecords(), std::int64_t(0));
    const std::string body = R"({"cluster":"lab-2rack","backend":"roce","rails":2,"topology":"clos"})";
    QCOMPARE(f.call("POST", "/v1/training-networks", "operator", body, std::string(16000, 'x')).status, 400);
    QCOMPARE(f.store->idempotencyRecords(), std::int64_t(0));
    QCOMPARE(f.call("POST", "/v1/training-networks", "operator", body, "k1").status, 201);
    f.service->waitForProvisioning(); // the provisioner shares the store's connection
    QCOMPARE(f.store->idempotencyRecords(), std::int64_t(1));
    // After its time to live the key starts afresh.
    execSql(f.dbPath(), "UPDATE idempotency SET created_utc = '2020-01-01T00:00:00.000Z'");
    const ControlResponse again = f.call("POST", "/v1/training-networks", "operator", body, "k1");
    QCOMPARE(again.status, 201);
    f.service->waitForProvisioning();
    QVERIFY(std::find(again.headers.begin(), again.headers.end(),
                      std::pair<std::string, std::string>("Idempotent-Replayed", "true"))
            == again.headers.end());
    QCOMPARE(f.store->idempotencyRecords(), std::int64_t(1));
    execSql(f.dbPath(), "UPDATE idempotency SET created_utc = '2020-01-01T00:00:00.000Z'");
    {
        ControlStore::Transaction t(*f.store, false);
        QCOMPARE(f.store->pruneIdempotency(), 1);
        t.commit();
    }
    QCOMPARE(f.store->idempotencyRecords(), std::int64_t(0));
}

// Finding 5: records belong to the token, not to its name, which a revoked
// token gives up for the next one.
void TestControlSecurity::idempotencyBelongsToTheToken()
{
    Fixture f;
    const std::string body = R"({"cluster":"lab-2rack","backend":"roce","rails":2,"topology":"clos"})";
    const ControlResponse first = f.call("POST", "/v1/training-networks", "operator", body, "k1");
    QCOMPARE(first.status, 201);
    {
        // As `railyard-controld token` does: another connection, while the service runs.
        ControlStore other(f.dbPath());
        QVERIFY(other.revokeToken("operator-1"));
        f.tokens["operator"] = other.addToken("operator-1", ControlRole::Operator);
    }
    const ControlResponse second = f.call("POST", "/v1/training-networks", "operator", body, "k1");
    QCOMPARE(second.status, 201);
    QVERIFY(second.body != first.body); // a new network, not the old token's answer
}

// Finding 6: past 100,000 addresses the limiter freed the bucket its caller
// still held (run under ASan: docs/reliability.md).
void TestControlSecurity::rateLimiterSurvivesManyAddresses()
{
    Fixture f(1000);
    ControlRequest r;
    r.method = "GET";
    r.target = "/v1/healthz";
    for (int i = 0; i <= 100000; ++i) {
        r.remote = "10." + std::to_string(i >> 16) + "." + std::to_string((i >> 8) & 255) + "." + std::to_string(i & 255);
        const ControlResponse response = f.service->handle(r);
        QVERIFY2(response.status == 401, r.remote.c_str());
    }
    // A spent address is still limited after the others came and went.
    r.remote = "192.0.2.1";
    int limited = 0;
    for (int i = 0; i < 3000; ++i)
        limited += f.service->handle(r).status == 429;
    QVERIFY(limited > 0);
}

// Finding 8: an approval superseded on one network of a cluster is not
// applied to another.
void TestControlSecurity::supersededApprovalIsNotReplayed()
{
    Fixture f;
    const std::string a = f.createNetwork();
    const std::string b = f.createNetwork();
    const std::string v3 = f.reviewedIntent(3, f.bob, "bob");
    const std::string v4 = f.reviewedIntent(4, f.bob, "bob");
    QCOMPARE(f.call("POST", "/v1/training-networks/" + a + "/intents", "reviewer", v3).status, 200);
    QCOMPARE(f.call("POST", "/v1/training-networks/" + a + "/intents", "reviewer", v4).status, 200);
    ControlResponse r = f.call("POST", "/v1/training-networks/" + b + "/intents", "reviewer", v3);
    QCOMPARE(r.status, 409);
    QCOMPARE(errorCode(r), QStringLiteral("superseded_intent_version"));
    // The cluster's current version may go to the other network.
    QCOMPARE(f.call("POST", "/v1/training-networks/" + b + "/intents", "reviewer", v4).status, 200);
    // A version edited from another parent than what runs is refused.
    IntentOptions fromFive;
    fromFive.parent = 5;
    r = f.call("POST", "/v1/training-networks/" + a + "/intents", "reviewer", f.reviewedIntent(6, f.bob, "bob", fromFive));
    QCOMPARE(r.status, 409);
    QCOMPARE(errorCode(r), QStringLiteral("intent_parent_mismatch"));
    QCOMPARE(f.call("POST", "/v1/training-networks/" + a + "/intents", "reviewer", f.reviewedIntent(5, f.bob, "bob"))
                 .status,
             200);
}

void TestControlSecurity::intentMustDescribeTheNetwork()
{
    Fixture f;
    const std::string ib = f.createNetwork(2, "infiniband", "fat_tree");
    ControlResponse r = f.call("POST", "/v1/training-networks/" + ib + "/intents", "reviewer",
                               f.reviewedIntent(1, f.bob, "bob"));
    QCOMPARE(r.status, 422);
    QCOMPARE(errorCode(r), QStringLiteral("intent_network_mismatch"));
    QVERIFY(errorMessage(r).contains(QLatin1String("backend roce (the network is infiniband)")));
    QVERIFY(errorMessage(r).contains(QLatin1String("topology rail_optimized (the network is fat_tree)")));
    IntentOptions matching;
    matching.backend = "infiniband";
    matching.topology = "fat_tree";
    QCOMPARE(f.call("POST", "/v1/training-networks/" + ib + "/intents", "reviewer",
                    f.reviewedIntent(1, f.bob, "bob", matching))
                 .status,
             200);
}

void TestControlSecurity::expiredApprovalIsRefused()
{
    Fixture f;
    const std::string net = f.createNetwork();
    IntentOptions lapsed;
    lapsed.decidedUtc = "2026-01-01T00:00:00Z";
    lapsed.expiresUtc = "2026-01-02T00:00:00Z";
    ControlResponse r
        = f.call("POST", "/v1/training-networks/" + net + "/intents", "reviewer", f.reviewedIntent(1, f.bob, "bob", lapsed));
    QCOMPARE(r.status, 422);
    QVERIFY2(errorMessage(r).contains(QLatin1String("expired at 2026-01-02T00:00:00Z")), qPrintable(errorMessage(r)));
    IntentOptions current;
    current.expiresUtc = "2099-01-01T00:00:00Z";
    QCOMPARE(f.call("POST", "/v1/training-networks/" + net + "/intents", "reviewer",
                    f.reviewedIntent(1, f.bob, "bob", current))
                 .status,
             200);
    // The expiry is signed: moving it breaks the reviewer's signature.
    std::string moved = f.reviewedIntent(2, f.bob, "bob", lapsed);
    const size_t at = moved.find("2026-01-02T00:00:00Z");
    QVERIFY(at != std::string::npos);
    moved.replace(at, 4, "2099");
    r = f.call("POST", "/v1/training-networks/" + net + "/intents", "reviewer", moved);
    QCOMPARE(r.status, 422);
    QVERIFY(errorMessage(r).contains(QLatin1String("reviewer's signature is invalid")));
}

// Finding 9: {"cluster":1e400} was a 500 quoting the exception.
void TestControlSecurity::hugeNumberIsA400WithoutEcho()
{
    Fixture f;
    const ControlResponse r = f.call("POST", "/v1/training-networks", "operator", R"({"cluster":1e400})");
    QCOMPARE(r.status, 400);
    QVERIFY(!errorMessage(r).contains(QLatin1String("json")));
    QVERIFY(!errorMessage(r).contains(QLatin1String("1e400")));
    QCOMPARE(f.service->counters().internalErrors, std::uint64_t(0));
}

// Finding 9: the database, its WAL, the audit key and anchor are the owner's only.
void TestControlSecurity::filesAreOwnerOnly()
{
    const mode_t old = ::umask(022);
    {
        Fixture f;
        f.createNetwork(); // writes: the WAL exists
        for (const QString &path : {f.dbPath(), f.dbPath() + QStringLiteral("-wal"), f.dbPath() + QStringLiteral("-shm"),
                                    f.store->auditKeyPath(), f.store->auditAnchorPath()}) {
            struct stat info{};
            QVERIFY2(::stat(QFile::encodeName(path).constData(), &info) == 0, qPrintable(path));
            QVERIFY2((info.st_mode & 0077) == 0, qPrintable(QStringLiteral("%1: mode %2").arg(path).arg(info.st_mode & 0777, 0, 8)));
        }
    }
    ::umask(old);
}

// Finding 9: private keys others can read are refused as ssh refuses them;
// a keyring others can write is no keyring.
void TestControlSecurity::keyringAndKeyPermissions()
{
    Fixture f;
    const QString key = f.dir.filePath(QStringLiteral("keys/alice.key"));
    QString error;
    QVERIFY(Ed25519Key::readPrivateKeyFile(key, &error));
    QVERIFY(QFile::setPermissions(key, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup
                                           | QFileDevice::ReadOther));
    QVERIFY(!Ed25519Key::readPrivateKeyFile(key, &error));
    QVERIFY2(error.contains(QLatin1String("chmod 600")), qPrintable(error));
    const QString ring = f.dir.filePath(QStringLiteral("keyring"));
    QVERIFY(::chmod(QFile::encodeName(ring).constData(), 0777) == 0);
    QVERIFY(!Keyring::load(ring, &error));
    QVERIFY2(error.contains(QLatin1String("writable by others")), qPrintable(error));
    const std::string net = f.createNetwork();
    const ControlResponse r = f.call("POST", "/v1/training-networks/" + net + "/intents", "reviewer",
                                     f.reviewedIntent(1, f.bob, "bob"));
    QCOMPARE(r.status, 503);
    QVERIFY(!errorMessage(r).contains(ring)); // the path stays in the service's log
    ::chmod(QFile::encodeName(ring).constData(), 0700);
}

// Finding 9: the client follows no redirect, which would carry the token.
void TestControlSecurity::clientFollowsNoRedirect()
{
    QTcpServer elsewhere;
    QVERIFY(elsewhere.listen(QHostAddress::LocalHost));
    QByteArray leaked;
    connect(&elsewhere, &QTcpServer::newConnection, this, [&] {
        QTcpSocket *s = elsewhere.nextPendingConnection();
        connect(s, &QTcpSocket::readyRead, s, [&leaked, s] {
            leaked += s->readAll();
            s->write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
        });
    });
    QTcpServer redirector;
    QVERIFY(redirector.listen(QHostAddress::LocalHost));
    connect(&redirector, &QTcpServer::newConnection, this, [&] {
        QTcpSocket *s = redirector.nextPendingConnection();
        connect(s, &QTcpSocket::readyRead, s, [&elsewhere, s] {
            s->readAll();
            s->write("HTTP/1.1 307 Temporary Redirect\r\nLocation: http://127.0.0.1:"
                     + QByteArray::number(elsewhere.serverPort()) + "/v1/healthz\r\nContent-Length: 0\r\n\r\n");
        });
    });
    ControlClient client({QStringLiteral("http://127.0.0.1:%1").arg(redirector.serverPort()), QStringLiteral("ryd_secret"), {}},
                         5);
    const ControlReply reply = client.get(QStringLiteral("/v1/healthz"));
    QCOMPARE(reply.status, 307);
    QVERIFY(!reply.ok());
    QVERIFY2(reply.errorText().contains(QLatin1String("does not follow redirects")), qPrintable(reply.errorText()));
    QTest::qWait(100);
    QVERIFY(!leaked.contains("ryd_secret"));
    // A missing CA file is named as missing.
    ControlClient withCa({QStringLiteral("https://127.0.0.1:1"), QStringLiteral("t"), QStringLiteral("/nonexistent/ca.pem")});
    const ControlReply missing = withCa.get(QStringLiteral("/v1/healthz"));
    QVERIFY2(missing.errorText().contains(QLatin1String("does not exist")), qPrintable(missing.errorText()));
}

void TestControlSecurity::clientWarnsOnPlainHttp()
{
    const auto warning = [](const char *url) {
        ControlConnection c;
        c.url = QString::fromLatin1(url);
        return c.securityWarning();
    };
    QVERIFY(warning("http://10.0.0.5:8443").contains(QLatin1String("plain HTTP")));
    QVERIFY(warning("http://127.0.0.1:8443").isEmpty());
    QVERIFY(warning("http://localhost:8443").isEmpty());
    QVERIFY(warning("https://cp.example:8443").isEmpty());
}

// Finding 9: names, comments and a server's messages reach a terminal escaped.
void TestControlSecurity::terminalOutputIsEscaped()
{
    QCOMPARE(terminalSafe("net\x1b]0;owned\x07 ok\n\tnext"), std::string("net\\x1b]0;owned\\x07 ok\n\tnext"));
    QCOMPARE(terminalSafe("C1 \xc2\x9b" "31m and DEL \x7f"), std::string("C1 \\u009b31m and DEL \\x7f"));
    QCOMPARE(terminalSafe("Zürich → ok"), std::string("Zürich → ok"));
    QCOMPARE(terminalSafe("bad \xff byte"), std::string("bad \\xff byte"));
}

QTEST_GUILESS_MAIN(TestControlSecurity)
#include "tst_controlsecurity.moc"
