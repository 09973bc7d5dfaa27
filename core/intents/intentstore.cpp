#include "core/intents/intentstore.h"

#include "core/intents/canonicaljson.h"
#include "core/intents/intentreader.h"
#include "core/common/storageexception.h"
#include "core/project/projectimage.h"
#include "core/common/sqlitestatement.h"

#include <QDateTime>

#include <new>
#include <sqlite3.h>

namespace Railyard {

// The SQLite helpers and StorageException are core/project's internals; the
// store uses them so that its files follow the same rules (identity,
// integrity, migration inside the write transaction, rollback journal).

namespace {

[[noreturn]] void invalid(const QString &message)
{
    throw StorageException(StorageError::Kind::InvalidData, message);
}

constexpr const char *versionColumns
    = "v.id, v.cluster, v.version, v.parent, v.author, v.created_utc, v.message, v.sha256, v.content, v.added_utc, "
      "(SELECT state FROM intent_reviews r WHERE r.intent = v.id ORDER BY r.id DESC LIMIT 1)";

StoredIntentVersion versionFrom(SqliteStatement &s)
{
    StoredIntentVersion v;
    v.id = s.integer(0);
    v.cluster = s.text(1);
    v.version = int(s.integer(2));
    if (!s.isNull(3))
        v.parent = int(s.integer(3));
    v.author = s.text(4);
    v.createdUtc = s.text(5);
    v.message = s.text(6);
    v.sha256 = s.text(7);
    v.canonical = s.text(8);
    v.addedUtc = s.text(9);
    v.state = s.isNull(10) ? ReviewState::Draft : reviewStateFromName(s.text(10)).value_or(ReviewState::Draft);
    return v;
}

std::string fingerprintOf(const QByteArray &raw)
{
    if (raw.isEmpty())
        return {};
    return "SHA256:" + CanonicalJson::sha256Hex(std::string_view(raw.constData(), size_t(raw.size()))).substr(0, 16);
}

/// Inserts the version (or finds the same content); throws InvalidData when
/// the (cluster, version) holds other content. Inside a write transaction.
std::int64_t storeVersion(SqliteDatabase &db, const Intent &intent, const std::string &canonical,
                          const std::string &sha256)
{
    SqliteStatement find(db, "SELECT id, sha256 FROM intent_versions WHERE cluster = ? AND version = ?");
    find.bind(1, intent.cluster);
    find.bind(2, intent.metadata.version);
    if (find.next()) {
        if (find.text(1) != sha256)
            invalid(QStringLiteral("version %1 of %2 is stored with other content (sha256 %3): an edit makes a new "
                                   "version")
                        .arg(intent.metadata.version)
                        .arg(QString::fromStdString(intent.cluster), QString::fromStdString(find.text(1))));
        return find.integer(0);
    }
    SqliteStatement insert(db,
                           "INSERT INTO intent_versions(cluster, version, parent, author, created_utc, message, "
                           "sha256, content, added_utc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    const std::string now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
    insert.bind(1, intent.cluster);
    insert.bind(2, intent.metadata.version);
    if (intent.metadata.parent)
        insert.bind(3, *intent.metadata.parent);
    else
        insert.bindNull(3);
    insert.bind(4, intent.metadata.author);
    insert.bind(5, intent.metadata.createdUtc);
    insert.bind(6, intent.metadata.message);
    insert.bind(7, sha256);
    insert.bind(8, canonical);
    insert.bind(9, now);
    insert.run();
    return sqlite3_last_insert_rowid(db.handle());
}

QByteArray bytes(const std::string &s)
{
    return QByteArray(s.data(), qsizetype(s.size()));
}

} // namespace

IntentStore::IntentStore(QString projectPath)
    : m_path(std::move(projectPath))
{ }

std::optional<std::int64_t> IntentStore::addVersion(std::string_view intentText, const QString &fileName,
                                                    ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        const IntentReadResult read = parseIntent(intentText, fileName);
        if (!read.ok())
            invalid(read.errorText());
        SqliteDatabase db = ProjectImage::openForWriting(m_path);
        const std::int64_t id = storeVersion(db, *read.intent, read.canonical, read.sha256);
        db.exec("COMMIT");
        return id;
    });
}

std::optional<std::vector<StoredIntentVersion>> IntentStore::versions(ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForReading(m_path);
        SqliteStatement select(
            db,
            (std::string("SELECT ") + versionColumns + " FROM intent_versions v ORDER BY v.cluster, v.version")
                .c_str());
        std::vector<StoredIntentVersion> list;
        while (select.next())
            list.push_back(versionFrom(select));
        return list;
    });
}

std::optional<StoredIntentVersion> IntentStore::version(std::int64_t id, ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForReading(m_path);
        SqliteStatement select(
            db, (std::string("SELECT ") + versionColumns + " FROM intent_versions v WHERE v.id = ?").c_str());
        select.bind(1, id);
        if (!select.next())
            throw StorageException(StorageError::Kind::NoSuchVersion,
                                   QStringLiteral("the project has no intent version %1").arg(id));
        return versionFrom(select);
    });
}

std::optional<std::int64_t> IntentStore::addReview(const ReviewedIntent &reviewed, ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        if (CanonicalJson::sha256Hex(reviewed.canonical) != reviewed.contentSha256)
            invalid(QStringLiteral("the reviewed intent's content_sha256 does not match its content"));
        const std::string file = IntentReview::write(reviewed);
        SqliteDatabase db = ProjectImage::openForWriting(m_path);
        const std::int64_t intent = storeVersion(db, reviewed.intent, reviewed.canonical, reviewed.contentSha256);
        SqliteStatement last(db, "SELECT state FROM intent_reviews WHERE intent = ? ORDER BY id DESC LIMIT 1");
        last.bind(1, intent);
        if (last.next() && last.text(0) != reviewStateName(ReviewState::InReview))
            invalid(QStringLiteral("version %1 of %2 is already %3; an edit makes a new version")
                        .arg(reviewed.intent.metadata.version)
                        .arg(QString::fromStdString(reviewed.intent.cluster), QString::fromStdString(last.text(0))));
        SqliteStatement insert(db,
                               "INSERT INTO intent_reviews(intent, state, author, author_key, author_signed_utc, "
                               "reviewer, reviewer_key, decided_utc, comment, file) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        const ReviewState state = reviewed.reviewer ? reviewed.state : ReviewState::InReview;
        // Blobs are bound without a copy (SQLITE_STATIC): keep them alive until run().
        const QByteArray authorKey = bytes(reviewed.author.publicKey);
        const QByteArray reviewerKey = reviewed.reviewer ? bytes(reviewed.reviewer->publicKey) : QByteArray();
        const QByteArray fileBytes = bytes(file);
        insert.bind(1, intent);
        insert.bind(2, std::string_view(reviewStateName(state)));
        insert.bind(3, reviewed.author.signer);
        insert.bindBlob(4, authorKey);
        insert.bind(5, reviewed.author.signedUtc);
        if (reviewed.reviewer) {
            insert.bind(6, reviewed.reviewer->signer);
            insert.bindBlob(7, reviewerKey);
            insert.bind(8, reviewed.reviewer->signedUtc);
        } else {
            insert.bindNull(6);
            insert.bindNull(7);
            insert.bindNull(8);
        }
        insert.bind(9, reviewed.comment);
        insert.bindBlob(10, fileBytes);
        insert.run();
        const std::int64_t id = sqlite3_last_insert_rowid(db.handle());
        db.exec("COMMIT");
        return id;
    });
}

std::optional<std::vector<StoredIntentReview>> IntentStore::reviews(std::int64_t intent, ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForReading(m_path);
        SqliteStatement select(db,
                               "SELECT id, intent, state, author, author_key, author_signed_utc, reviewer, "
                               "reviewer_key, decided_utc, comment, file FROM intent_reviews WHERE intent = ? "
                               "ORDER BY id");
        select.bind(1, intent);
        std::vector<StoredIntentReview> list;
        while (select.next()) {
            StoredIntentReview r;
            r.id = select.integer(0);
            r.intent = select.integer(1);
            r.state = reviewStateFromName(select.text(2)).value_or(ReviewState::InReview);
            r.author = select.text(3);
            r.authorFingerprint = fingerprintOf(select.blob(4));
            r.authorSignedUtc = select.text(5);
            if (!select.isNull(6)) {
                r.reviewer = select.text(6);
                r.reviewerFingerprint = fingerprintOf(select.blob(7));
                r.decidedUtc = select.text(8);
            }
            r.comment = select.text(9);
            const QByteArray file = select.blob(10);
            r.file.assign(file.constData(), size_t(file.size()));
            list.push_back(std::move(r));
        }
        return list;
    });
}

std::optional<std::int64_t> IntentStore::findVersion(const std::string &cluster, int version, ProjectError *error) const
{
    const std::optional<std::vector<StoredIntentVersion>> all = versions(error);
    if (!all)
        return std::nullopt;
    for (const StoredIntentVersion &v : *all)
        if (v.cluster == cluster && v.version == version)
            return v.id;
    return std::nullopt;
}

} // namespace Railyard
