// Intent versions and reviews in a .railyard project (IntentStore): storing
// versions by content, refusing other content under a stored number, the
// review rows of a version and their state, the stored reviewed file
// verifying on its own, and the project's fabric left alone.

#include "core/intents/intentreader.h"
#include "core/intents/intentstore.h"
#include "core/project/projectfile.h"
#include "tests/intents/intenttestdata.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace Railyard;

namespace {

std::string readText(const QString &path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.readAll().toStdString();
}

const QString v3Path = QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.v3.intent.json");
const QString v4Path = QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.v4.intent.json");

} // namespace

class TestIntentStore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_project;

private slots:
    void init();
    void versions();
    void sameNumberOtherContent();
    void reviews();
    void badIntentAndMissingProject();
};

void TestIntentStore::init()
{
    QVERIFY(m_dir.isValid());
    m_project = m_dir.filePath(QStringLiteral("p%1.railyard").arg(QDateTime::currentMSecsSinceEpoch()));
    ProjectData data;
    data.fabric = IntentTest::smallFabric();
    ProjectError error;
    QVERIFY2(ProjectFile(m_project).save(data, &error), qPrintable(error.toString()));
}

void TestIntentStore::versions()
{
    const IntentStore store(m_project);
    ProjectError error;
    const auto v4 = store.addVersion(readText(v4Path), v4Path, &error);
    const auto v3 = store.addVersion(readText(v3Path), v3Path, &error);
    QVERIFY2(v3 && v4, qPrintable(error.toString()));
    // The same content again: the same row.
    QCOMPARE(*store.addVersion(readText(v3Path), v3Path, &error), *v3);
    const auto list = store.versions(&error);
    QVERIFY2(list, qPrintable(error.toString()));
    QCOMPARE(list->size(), size_t(2));
    QCOMPARE((*list)[0].version, 3); // by version number
    QCOMPARE((*list)[0].parent, std::optional<int>(2));
    QCOMPARE((*list)[0].author, std::string("alice"));
    QCOMPARE((*list)[0].createdUtc, std::string("2026-11-20T09:30:00Z"));
    QCOMPARE((*list)[0].state, ReviewState::Draft);
    const IntentReadResult read = readIntentFile(v4Path);
    QCOMPARE((*list)[1].sha256, read.sha256);
    QCOMPARE((*list)[1].canonical, read.canonical);
    // The stored content reads back to the same intent.
    const IntentReadResult back = parseIntent((*list)[1].canonical, QStringLiteral("stored"));
    QVERIFY(back.ok());
    QVERIFY(*back.intent == *read.intent);
    const auto one = store.version(*v4, &error);
    QVERIFY(one);
    QCOMPARE(one->version, 4);
    QVERIFY(!store.version(999, &error));
    QCOMPARE(error.kind, ProjectError::Kind::NoSuchVersion);
    // The project's fabric is untouched.
    const auto project = ProjectFile(m_project).read(&error);
    QVERIFY2(project, qPrintable(error.toString()));
    QCOMPARE(project->fabric.hostCount(), 8);
}

void TestIntentStore::sameNumberOtherContent()
{
    const IntentStore store(m_project);
    ProjectError error;
    QVERIFY(store.addVersion(readText(v4Path), v4Path, &error));
    std::string edited = readText(v4Path);
    edited.replace(edited.find("\"rails\": 8"), 10, "\"rails\": 4");
    QVERIFY(!store.addVersion(edited, QStringLiteral("edited"), &error));
    QCOMPARE(error.kind, ProjectError::Kind::InvalidData);
    QVERIFY2(error.toString().contains(QStringLiteral("version 4 of cluster-3k is stored with other content")),
             qPrintable(error.toString()));
    QVERIFY(error.toString().startsWith(m_project));
}

void TestIntentStore::reviews()
{
    const IntentStore store(m_project);
    const Ed25519Key alice = Ed25519Key::generate();
    const Ed25519Key bob = Ed25519Key::generate();
    ReviewedIntent r = IntentReview::submit(readText(v4Path), v4Path, alice, "alice", "2026-12-02T10:00:00Z");
    ProjectError error;
    const auto submission = store.addReview(r, &error);
    QVERIFY2(submission, qPrintable(error.toString()));
    auto list = store.versions(&error);
    QCOMPARE(list->size(), size_t(1)); // the version was stored with its submission
    QCOMPARE(list->front().state, ReviewState::InReview);
    IntentReview::decide(r, true, bob, "bob", "ok", "2026-12-02T11:00:00Z");
    QVERIFY2(store.addReview(r, &error), qPrintable(error.toString()));
    list = store.versions(&error);
    QCOMPARE(list->front().state, ReviewState::Approved);
    const auto rows = store.reviews(list->front().id, &error);
    QVERIFY2(rows, qPrintable(error.toString()));
    QCOMPARE(rows->size(), size_t(2));
    QCOMPARE((*rows)[0].state, ReviewState::InReview);
    QVERIFY((*rows)[0].reviewer.empty());
    QCOMPARE((*rows)[1].state, ReviewState::Approved);
    QCOMPARE((*rows)[1].reviewer, std::string("bob"));
    QCOMPARE((*rows)[1].reviewerFingerprint, bob.fingerprint());
    QCOMPARE((*rows)[1].authorFingerprint, alice.fingerprint());
    QCOMPARE((*rows)[1].comment, std::string("ok"));
    QCOMPARE((*rows)[1].decidedUtc, std::string("2026-12-02T11:00:00Z"));
    // The stored file verifies on its own.
    const QString ring = m_dir.filePath(QStringLiteral("ring"));
    QVERIFY(QDir().mkpath(ring));
    for (const auto &[name, key] : {std::pair{"alice", &alice}, std::pair{"bob", &bob}}) {
        QFile f(QDir(ring).filePath(QLatin1String(name) + QStringLiteral(".pub")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(key->publicKeyPem()));
    }
    const VerifyResult v = IntentReview::verify((*rows)[1].file, *Keyring::load(ring, nullptr));
    QVERIFY2(v.valid, verifyResultToText(v, "stored").c_str());
    // A decided version takes no further decision.
    QVERIFY(!store.addReview(r, &error));
    QCOMPARE(error.kind, ProjectError::Kind::InvalidData);
    QVERIFY(error.toString().contains(QStringLiteral("already approved")));
}

void TestIntentStore::badIntentAndMissingProject()
{
    ProjectError error;
    QVERIFY(!IntentStore(m_project).addVersion("{\"format\": 1}", QStringLiteral("bad.intent.json"), &error));
    QCOMPARE(error.kind, ProjectError::Kind::InvalidData);
    QVERIFY2(error.toString().contains(QStringLiteral("bad.intent.json")), qPrintable(error.toString()));
    QVERIFY(!IntentStore(m_dir.filePath(QStringLiteral("none.railyard"))).versions(&error));
    QCOMPARE(error.kind, ProjectError::Kind::Io);
}

QTEST_GUILESS_MAIN(TestIntentStore)
#include "tst_intentstore.moc"
