// Review and the two-person rule: sign → approve → verify, and every way
// verification must fail, each with a message naming the reason: one
// changed byte anywhere in the reviewed file, a key outside the keyring,
// a missing author or reviewer signature, author = reviewer, a rejection,
// a name the keyring does not give that key. Key files: permissions and
// no overwriting.

#include "core/intents/ed25519key.h"
#include "core/intents/intentreader.h"
#include "core/intents/intentreview.h"
#include "core/intents/keyring.h"
#include "tests/intents/intenttestdata.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace Railyard;

namespace {

const std::string now = "2026-12-02T10:00:00Z";

QString failures(const VerifyResult &v)
{
    return QString::fromStdString(verifyResultToText(v, "reviewed"));
}

bool anyFailureContains(const VerifyResult &v, const char *text)
{
    for (const std::string &f : v.failures) {
        if (f.find(text) != std::string::npos)
            return true;
    }
    return false;
}

} // namespace

class TestIntentReview : public QObject
{
    Q_OBJECT

private:
    /// Writes NAME.pub of `key` into the keyring directory.
    void trust(const Ed25519Key &key, const QString &name);
    std::string submitted() const;
    std::string approved() const;

    QTemporaryDir m_dir;
    QString m_keyring;
    std::optional<Ed25519Key> m_alice, m_bob, m_eve;
    std::string m_intentText;

private slots:
    void initTestCase();
    void signApproveVerify();
    void everyChangedByteFails();
    void keyOutsideKeyring();
    void missingAuthorSignature();
    void missingReviewerSignature();
    void authorCannotApproveOwnChange();
    void sameKeyForgedApprovalFails();
    void rejected();
    void signerNameMustMatchKeyring();
    void signerMustBeTheFilesAuthor();
    void reviewerNamedAsAuthorIsWarned();
    void approveChecksAuthorSignature();
    void keyFiles();
    void keyringSkipsBadFiles();
};

void TestIntentReview::trust(const Ed25519Key &key, const QString &name)
{
    QFile f(QDir(m_keyring).filePath(name + QStringLiteral(".pub")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(key.publicKeyPem()));
}

std::string TestIntentReview::submitted() const
{
    return IntentReview::write(IntentReview::submit(m_intentText, QStringLiteral("v1"), *m_alice, "alice", now));
}

std::string TestIntentReview::approved() const
{
    ReviewedIntent r = IntentReview::submit(m_intentText, QStringLiteral("v1"), *m_alice, "alice", now);
    IntentReview::decide(r, true, *m_bob, "bob", "looks right", now);
    return IntentReview::write(r);
}

void TestIntentReview::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_keyring = m_dir.filePath(QStringLiteral("keyring"));
    QVERIFY(QDir().mkpath(m_keyring));
    m_alice = Ed25519Key::generate();
    m_bob = Ed25519Key::generate();
    m_eve = Ed25519Key::generate();
    trust(*m_alice, QStringLiteral("alice"));
    trust(*m_bob, QStringLiteral("bob"));
    m_intentText = writeIntent(IntentTest::cleanIntent());
}

void TestIntentReview::signApproveVerify()
{
    const std::string file = approved();
    const auto keyring = Keyring::load(m_keyring, nullptr);
    QVERIFY(keyring);
    QCOMPARE(keyring->entries().size(), size_t(2));
    const VerifyResult v = IntentReview::verify(file, *keyring);
    QVERIFY2(v.valid, qPrintable(failures(v)));
    QCOMPARE(v.state, ReviewState::Approved);
    QCOMPARE(v.author, std::string("alice"));
    QCOMPARE(v.reviewer, std::string("bob"));
    QCOMPARE(v.comment, std::string("looks right"));
    QCOMPARE(v.authorFingerprint, m_alice->fingerprint());
    const IntentReadResult read = parseIntent(m_intentText, QStringLiteral("v1"));
    QCOMPARE(v.contentSha256, read.sha256);
    // The file reads back to the same intent and content.
    const ReviewedReadResult back = IntentReview::read(file, QStringLiteral("f"));
    QVERIFY(back.ok());
    QVERIFY(back.reviewed->intent == IntentTest::cleanIntent());
    QCOMPARE(back.reviewed->canonical, read.canonical);
    // The reviewer's signature covers the author's: their messages differ
    // and the reviewer's contains the author's signature.
    const std::string reviewerMessage = IntentReview::reviewerMessage(*back.reviewed);
    QVERIFY(reviewerMessage.find(toBase64(back.reviewed->author.signature)) != std::string::npos);
    QVERIFY(IntentReview::authorMessage(*back.reviewed).find(toBase64(back.reviewed->author.signature))
            == std::string::npos);
}

void TestIntentReview::everyChangedByteFails()
{
    const std::string file = approved();
    const auto keyring = Keyring::load(m_keyring, nullptr);
    QVERIFY(keyring);
    QVERIFY(IntentReview::verify(file, *keyring).valid);
    int checked = 0;
    for (size_t i = 0; i < file.size(); ++i) {
        // Two different replacements per byte: a neighbouring character and a
        // space (whitespace edits must fail too).
        for (const char replacement : {char(file[i] ^ 0x01), ' '}) {
            if (replacement == file[i])
                continue;
            std::string changed = file;
            changed[i] = replacement;
            const VerifyResult v = IntentReview::verify(changed, *keyring);
            if (v.valid || v.failures.empty())
                QFAIL(qPrintable(QStringLiteral("changing byte %1 ('%2' -> '%3') still verifies")
                                     .arg(i)
                                     .arg(QChar(file[i]))
                                     .arg(QChar(replacement))));
            ++checked;
        }
    }
    QVERIFY(checked > int(file.size()));
    // The reason is named: e.g. a changed rail count breaks the hash and both signatures.
    std::string edited = file;
    const size_t rails = edited.find("\"rails\": 2");
    QVERIFY(rails != std::string::npos);
    edited[rails + 9] = '4';
    const VerifyResult v = IntentReview::verify(edited, *keyring);
    QVERIFY2(anyFailureContains(v, "content_sha256 does not match"), qPrintable(failures(v)));
    QVERIFY2(anyFailureContains(v, "author's signature is invalid"), qPrintable(failures(v)));
    // And a whitespace-only change is caught by the layout.
    std::string spaced = file;
    spaced.insert(spaced.find('\n'), " ");
    const VerifyResult w = IntentReview::verify(spaced, *keyring);
    QVERIFY2(anyFailureContains(w, "not in its signed layout (first difference at line 1, column 2)"),
             qPrintable(failures(w)));
}

void TestIntentReview::keyOutsideKeyring()
{
    ReviewedIntent r = IntentReview::submit(m_intentText, QStringLiteral("v1"), *m_alice, "alice", now);
    IntentReview::decide(r, true, *m_eve, "eve", {}, now);
    const auto keyring = Keyring::load(m_keyring, nullptr);
    const VerifyResult v = IntentReview::verify(IntentReview::write(r), *keyring);
    QVERIFY(!v.valid);
    QCOMPARE(v.failures.size(), size_t(1));
    QVERIFY2(anyFailureContains(v, "the reviewer's key SHA256:"), qPrintable(failures(v)));
    QVERIFY2(anyFailureContains(v, "(signed as \"eve\") is not in the keyring"), qPrintable(failures(v)));
}

void TestIntentReview::missingAuthorSignature()
{
    const auto keyring = Keyring::load(m_keyring, nullptr);
    // Drop the line with the submission's signature (keys are sorted:
    // author, public_key, signature, signed_utc).
    std::string file = approved();
    const size_t submission = file.find("\"submission\"");
    const size_t start = file.rfind('\n', file.find("\"signature\"", submission)) + 1;
    file.erase(start, file.find('\n', start) - start + 1);
    VerifyResult v = IntentReview::verify(file, *keyring);
    QVERIFY(!v.valid);
    QVERIFY2(anyFailureContains(v, "no author signature"), qPrintable(failures(v)));
    QVERIFY2(anyFailureContains(v, "/submission"), qPrintable(failures(v)));
    // No submission at all.
    std::string bare = writeIntent(IntentTest::cleanIntent());
    v = IntentReview::verify(bare, *keyring);
    QVERIFY(!v.valid);
}

void TestIntentReview::missingReviewerSignature()
{
    const auto keyring = Keyring::load(m_keyring, nullptr);
    // A submitted, not yet reviewed file.
    VerifyResult v = IntentReview::verify(submitted(), *keyring);
    QVERIFY(!v.valid);
    QCOMPARE(v.state, ReviewState::InReview);
    QCOMPARE(v.failures.size(), size_t(1));
    QVERIFY2(anyFailureContains(v, "no reviewer signature: the intent is in review, not approved"),
             qPrintable(failures(v)));
    // A review whose signature line was removed.
    std::string file = approved();
    const size_t review = file.find("\"review\"");
    const size_t start = file.rfind('\n', file.find("\"signature\"", review)) + 1;
    file.erase(start, file.find('\n', start) - start + 1);
    v = IntentReview::verify(file, *keyring);
    QVERIFY2(anyFailureContains(v, "no reviewer signature"), qPrintable(failures(v)));
}

void TestIntentReview::authorCannotApproveOwnChange()
{
    ReviewedIntent r = IntentReview::submit(m_intentText, QStringLiteral("v1"), *m_alice, "alice", now);
    try {
        IntentReview::decide(r, true, *m_alice, "alice-again", {}, now);
        QFAIL("the author approved their own change");
    } catch (const ReviewError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("cannot approve or reject their own change")),
                 e.what());
    }
    QVERIFY(!r.reviewer);
}

void TestIntentReview::sameKeyForgedApprovalFails()
{
    // Build the approval by hand with the author's key (what decide() refuses).
    ReviewedIntent r = IntentReview::submit(m_intentText, QStringLiteral("v1"), *m_alice, "alice", now);
    r.state = ReviewState::Approved;
    IntentSignature sig;
    sig.signer = "alice";
    sig.publicKey = m_alice->rawPublicKey();
    sig.signedUtc = now;
    r.reviewer = sig;
    r.reviewer->signature = m_alice->sign(IntentReview::reviewerMessage(r));
    const auto keyring = Keyring::load(m_keyring, nullptr);
    const VerifyResult v = IntentReview::verify(IntentReview::write(r), *keyring);
    QVERIFY(!v.valid);
    QCOMPARE(v.failures.size(), size_t(1));
    QVERIFY2(anyFailureContains(v, "the author and the reviewer signed with the same key"), qPrintable(failures(v)));
}

void TestIntentReview::rejected()
{
    ReviewedIntent r = IntentReview::submit(m_intentText, QStringLiteral("v1"), *m_alice, "alice", now);
    IntentReview::decide(r, false, *m_bob, "bob", "egress too wide", now);
    const auto keyring = Keyring::load(m_keyring, nullptr);
    const VerifyResult v = IntentReview::verify(IntentReview::write(r), *keyring);
    QVERIFY(!v.valid);
    QCOMPARE(v.state, ReviewState::Rejected);
    QVERIFY2(anyFailureContains(v, "the reviewer rejected this version: \"egress too wide\""), qPrintable(failures(v)));
    // A decided version is not decided again.
    QVERIFY_THROWS_EXCEPTION(ReviewError, IntentReview::decide(r, true, *m_bob, "bob", {}, now));
}

void TestIntentReview::signerNameMustMatchKeyring()
{
    ReviewedIntent r = IntentReview::submit(m_intentText, QStringLiteral("v1"), *m_alice, "mallory", now, true);
    IntentReview::decide(r, true, *m_bob, "bob", {}, now);
    const auto keyring = Keyring::load(m_keyring, nullptr);
    const VerifyResult v = IntentReview::verify(IntentReview::write(r), *keyring);
    QVERIFY(!v.valid);
    QVERIFY2(anyFailureContains(v, "the author signed as \"mallory\" but the keyring names that key \"alice\""),
             qPrintable(failures(v)));
}

void TestIntentReview::signerMustBeTheFilesAuthor()
{
    // The file names alice (metadata.author); bob signing it is refused…
    try {
        IntentReview::submit(m_intentText, QStringLiteral("v1"), *m_bob, "bob", now);
        QFAIL("bob signed alice's change as its author");
    } catch (const ReviewError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("'bob' is not the author the file names ('alice'")),
                 e.what());
    }
    // …unless forced, and then the submission says so under the signature,
    // verify warns, and the record cannot be taken out unseen.
    ReviewedIntent r = IntentReview::submit(m_intentText, QStringLiteral("v1"), *m_bob, "bob", now, true);
    QCOMPARE(r.signedForAuthor, std::string("alice"));
    Ed25519Key carol = Ed25519Key::generate();
    trust(carol, QStringLiteral("carol"));
    IntentReview::decide(r, true, carol, "carol", {}, now);
    const std::string file = IntentReview::write(r);
    QVERIFY(file.find("\"signed_for_author\": \"alice\"") != std::string::npos);
    const auto keyring = Keyring::load(m_keyring, nullptr);
    const VerifyResult v = IntentReview::verify(file, *keyring);
    QVERIFY2(v.valid, qPrintable(failures(v)));
    QCOMPARE(v.warnings.size(), size_t(1));
    QVERIFY2(failures(v).contains(QStringLiteral("warning: 'bob' signed for the author the file names ('alice', with "
                                                 "--force)")),
             qPrintable(failures(v)));
    std::string stripped = file;
    const std::string field = "\"signed_for_author\": \"alice\",";
    const size_t at = stripped.find(field);
    QVERIFY(at != std::string::npos);
    stripped.erase(at, field.size());
    QVERIFY(!IntentReview::verify(stripped, *keyring).valid);
    QFile::remove(QDir(m_keyring).filePath(QStringLiteral("carol.pub")));
}

void TestIntentReview::reviewerNamedAsAuthorIsWarned()
{
    // A second key of the author's, trusted under the author's own name: the
    // keys differ, so the file is valid, but verify says who approved.
    Ed25519Key second = Ed25519Key::generate();
    QTemporaryDir dir;
    QFile a(dir.filePath(QStringLiteral("alice-author.pub")));
    QVERIFY(a.open(QIODevice::WriteOnly));
    a.write(QByteArray::fromStdString(m_alice->publicKeyPem()));
    a.close();
    QFile b(dir.filePath(QStringLiteral("alice.pub")));
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write(QByteArray::fromStdString(second.publicKeyPem()));
    b.close();
    ReviewedIntent r
        = IntentReview::submit(m_intentText, QStringLiteral("v1"), *m_alice, "alice-author", now, true);
    IntentReview::decide(r, true, second, "alice", {}, now);
    const auto keyring = Keyring::load(dir.path(), nullptr);
    QVERIFY(keyring);
    const VerifyResult v = IntentReview::verify(IntentReview::write(r), *keyring);
    QVERIFY2(v.valid, qPrintable(failures(v)));
    QVERIFY2(failures(v).contains(QStringLiteral("warning: the reviewer 'alice' is the author the file names")),
             qPrintable(failures(v)));
}

void TestIntentReview::approveChecksAuthorSignature()
{
    ReviewedIntent r = IntentReview::submit(m_intentText, QStringLiteral("v1"), *m_alice, "alice", now);
    r.author.signedUtc = "2026-12-02T11:00:00Z"; // changed after signing
    QVERIFY_THROWS_EXCEPTION(ReviewError, IntentReview::decide(r, true, *m_bob, "bob", {}, now));
    // A bad intent is not submitted; the error names the file and pointer.
    try {
        IntentReview::submit("{\"format\": \"railyard-intent\"}", QStringLiteral("draft.intent.json"), *m_alice,
                             "alice", now);
        QFAIL("submitted an invalid intent");
    } catch (const ReviewError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).startsWith(QStringLiteral("draft.intent.json:1:1: at /: missing")),
                 e.what());
    }
}

void TestIntentReview::keyFiles()
{
    const QString dir = m_dir.filePath(QStringLiteral("keys"));
    QVERIFY(QDir().mkpath(dir));
    const Ed25519Key key = Ed25519Key::generate();
    QString error;
    QVERIFY2(key.writeKeyPair(dir, QStringLiteral("carol"), &error), qPrintable(error));
    const QString keyFile = QDir(dir).filePath(QStringLiteral("carol.key"));
    QCOMPARE(QFile::permissions(keyFile), QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser | QFile::WriteUser);
    // Never overwritten.
    QVERIFY(!key.writeKeyPair(dir, QStringLiteral("carol"), &error));
    QVERIFY(error.contains(QStringLiteral("never overwritten")));
    // Read back: the same key signs and the public file verifies.
    const auto priv = Ed25519Key::readPrivateKeyFile(keyFile, &error);
    const auto pub = Ed25519Key::readPublicKeyFile(QDir(dir).filePath(QStringLiteral("carol.pub")), &error);
    QVERIFY(priv && pub);
    QVERIFY(priv->hasPrivateKey() && !pub->hasPrivateKey());
    QCOMPARE(priv->rawPublicKey(), key.rawPublicKey());
    const std::string signature = priv->sign("message");
    QCOMPARE(signature.size(), size_t(64));
    QVERIFY(pub->verify("message", signature));
    QVERIFY(!pub->verify("messagE", signature));
    QCOMPARE(Ed25519Key::nameOfKeyFile(keyFile), QStringLiteral("carol"));
    // Strict base64: other padding bits are refused.
    QCOMPARE(fromBase64Strict(toBase64("ab")), std::optional<std::string>("ab"));
    QVERIFY(!fromBase64Strict("YWJ="));
    QVERIFY(!fromBase64Strict("YW I="));
}

void TestIntentReview::keyringSkipsBadFiles()
{
    QTemporaryDir ring;
    QFile bad(ring.filePath(QStringLiteral("junk.pub")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("not a key\n");
    bad.close();
    QFile good(ring.filePath(QStringLiteral("bob.pub")));
    QVERIFY(good.open(QIODevice::WriteOnly));
    good.write(QByteArray::fromStdString(m_bob->publicKeyPem()));
    good.close();
    const auto keyring = Keyring::load(ring.path(), nullptr);
    QVERIFY(keyring);
    QCOMPARE(keyring->entries().size(), size_t(1));
    QCOMPARE(keyring->problems().size(), 1);
    QVERIFY(keyring->find(m_bob->rawPublicKey()));
    QVERIFY(!keyring->find(m_alice->rawPublicKey()));
    QString error;
    // Missing is said as missing; a file where a folder should be is not a directory.
    QVERIFY(!Keyring::load(ring.filePath(QStringLiteral("missing")), &error));
    QVERIFY2(error.contains(QStringLiteral("no such folder (the keyring is missing)")), qPrintable(error));
    QVERIFY(!Keyring::load(ring.filePath(QStringLiteral("bob.pub")), &error));
    QVERIFY2(error.contains(QStringLiteral("not a readable directory")), qPrintable(error));
    QVERIFY(!Ed25519Key::readPrivateKeyFile(ring.filePath(QStringLiteral("gone.key")), &error));
    QVERIFY2(error.contains(QStringLiteral("no such file (the key is missing)")), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestIntentReview)
#include "tst_intentreview.moc"
