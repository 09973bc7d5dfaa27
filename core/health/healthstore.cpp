#include "core/health/healthstore.h"

#include "core/health/healthreport.h"
#include "core/common/storageexception.h"
#include "core/project/projectimage.h"
#include "core/common/sqlitestatement.h"

#include <QByteArray>
#include <QDateTime>
#include <QFileInfo>
#include <QSaveFile>

#include <sqlite3.h>

namespace Railyard {

// The SQLite helpers and StorageException are core/project's internals; the
// store uses them so that its writes follow the project's rules (identity,
// integrity, migration inside the write transaction, rollback journal).

namespace {

std::string nowUtc()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
}

[[noreturn]] void noRecording(std::int64_t id)
{
    throw StorageException(StorageError::Kind::NoSuchVersion,
                           QStringLiteral("the project has no telemetry recording %1").arg(id));
}

constexpr const char *recordingColumns
    = "r.id, r.name, r.fabric, r.links, r.source, r.started_utc, "
      "(SELECT count(*) FROM telemetry_frames f WHERE f.recording = r.id), "
      "(SELECT count(*) FROM telemetry_frames f WHERE f.recording = r.id AND f.stale), "
      "(SELECT min(interval) FROM telemetry_frames f WHERE f.recording = r.id), "
      "(SELECT max(interval) FROM telemetry_frames f WHERE f.recording = r.id)";

StoredRecording recordingFrom(SqliteStatement &s)
{
    StoredRecording r;
    r.id = s.integer(0);
    r.name = s.text(1);
    r.fabric = s.text(2);
    r.links = s.integer(3);
    r.source = s.text(4);
    r.startedUtc = s.text(5);
    r.frames = s.integer(6);
    r.staleFrames = s.integer(7);
    r.firstInterval = s.isNull(8) ? -1 : s.integer(8);
    r.lastInterval = s.isNull(9) ? -1 : s.integer(9);
    return r;
}

StoredRecording readRecording(SqliteDatabase &db, std::int64_t id)
{
    SqliteStatement select(
        db, (std::string("SELECT ") + recordingColumns + " FROM telemetry_recordings r WHERE r.id = ?").c_str());
    select.bind(1, id);
    if (!select.next())
        noRecording(id);
    return recordingFrom(select);
}

QString damagedFrame(std::int64_t recording, std::int64_t seq, const std::string &why)
{
    return QStringLiteral("the project is damaged: frame %1 of telemetry recording %2: %3")
        .arg(seq)
        .arg(recording)
        .arg(QString::fromStdString(why));
}

/// The frame, or std::nullopt with *why.
std::optional<TelemetryFrame> decodeFrame(const QByteArray &blob, std::string *why)
{
    const QByteArray text = qUncompress(blob);
    if (text.isEmpty()) {
        *why = "the frame does not decompress";
        return std::nullopt;
    }
    return frameFromJsonLine(text.toStdString(), why);
}

/// The recording's link count and its next frame number, without counting
/// its frames (max over the unique (recording, seq) index).
std::pair<std::int64_t, std::int64_t> appendPoint(SqliteDatabase &db, std::int64_t recording)
{
    SqliteStatement select(db,
                           "SELECT links, (SELECT max(seq) FROM telemetry_frames WHERE recording = ?1) "
                           "FROM telemetry_recordings WHERE id = ?1");
    select.bind(1, recording);
    if (!select.next())
        noRecording(recording);
    return {select.integer(0), select.isNull(1) ? 0 : select.integer(1) + 1};
}

} // namespace

HealthStore::HealthStore(QString projectPath)
    : m_path(std::move(projectPath))
{ }

std::optional<std::int64_t> HealthStore::createRecording(const std::string &name, const std::string &fabricName,
                                                         std::int64_t links, const std::string &source,
                                                         ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForWriting(m_path);
        SqliteStatement insert(db,
                               "INSERT INTO telemetry_recordings(name, fabric, links, source, started_utc) "
                               "VALUES (?, ?, ?, ?, ?)");
        const std::string now = nowUtc();
        insert.bind(1, name);
        insert.bind(2, fabricName);
        insert.bind(3, links);
        insert.bind(4, source);
        insert.bind(5, now);
        insert.run();
        const std::int64_t id = sqlite3_last_insert_rowid(db.handle());
        db.exec("COMMIT");
        return id;
    });
}

bool HealthStore::appendFrames(std::int64_t recording, const std::vector<TelemetryFrame> &frames,
                               ProjectError *error) const
{
    // Compress before taking the write lock: a batch of large frames costs
    // tens of milliseconds of zlib, which other writers need not wait for.
    std::vector<QByteArray> blobs;
    blobs.reserve(frames.size());
    for (const TelemetryFrame &f : frames) {
        const std::string line = frameToJsonLine(f);
        blobs.push_back(qCompress(reinterpret_cast<const uchar *>(line.data()), qsizetype(line.size()), 1));
    }
    const auto done = guardedStorageCall(m_path, error, [&] {
        // No integrity check per batch: it reads the whole file, which grows
        // with the recording; createRecording checked it when it began.
        SqliteDatabase db = ProjectImage::openForWriting(m_path, ProjectImage::Integrity::Skip);
        auto [links, seq] = appendPoint(db, recording);
        SqliteStatement insert(db,
                               "INSERT INTO telemetry_frames(recording, seq, interval, stale, frame) "
                               "VALUES (?, ?, ?, ?, ?)");
        for (size_t i = 0; i < frames.size(); ++i) {
            const TelemetryFrame &f = frames[i];
            if (!f.stale && std::int64_t(f.links.size()) != links)
                throw StorageException(StorageError::Kind::InvalidData,
                                       QStringLiteral("a frame of %1 links does not fit telemetry recording %2 "
                                                      "(%3 links)")
                                           .arg(f.links.size())
                                           .arg(recording)
                                           .arg(links));
            insert.bind(1, recording);
            insert.bind(2, seq++);
            insert.bind(3, f.interval);
            insert.bind(4, f.stale ? 1 : 0);
            insert.bindBlob(5, blobs[i]);
            insert.run();
        }
        db.exec("COMMIT");
        return true;
    });
    return done.has_value();
}

std::optional<std::vector<StoredRecording>> HealthStore::recordings(ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForReading(m_path);
        SqliteStatement select(
            db, (std::string("SELECT ") + recordingColumns + " FROM telemetry_recordings r ORDER BY r.id").c_str());
        std::vector<StoredRecording> list;
        while (select.next())
            list.push_back(recordingFrom(select));
        return list;
    });
}

std::optional<StoredRecording> HealthStore::recording(std::int64_t id, ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForReading(m_path);
        return readRecording(db, id);
    });
}

std::optional<std::vector<TelemetryFrame>> HealthStore::frames(std::int64_t recording, std::int64_t fromSeq,
                                                               std::int64_t count, ProjectError *error,
                                                               ProjectError *damage) const
{
    return guardedStorageCall(m_path, error, [&] {
        // Read a batch at a time during a replay: no integrity check per batch
        // (it reads the whole file); a damaged frame is reported below.
        SqliteDatabase db = ProjectImage::openForReading(m_path, ProjectImage::Integrity::Skip);
        SqliteStatement exists(db, "SELECT 1 FROM telemetry_recordings WHERE id = ?");
        exists.bind(1, recording);
        if (!exists.next())
            noRecording(recording);
        SqliteStatement select(db,
                               "SELECT seq, frame FROM telemetry_frames WHERE recording = ? AND seq >= ? "
                               "ORDER BY seq LIMIT ?");
        select.bind(1, recording);
        select.bind(2, fromSeq);
        select.bind(3, count);
        std::vector<TelemetryFrame> out;
        while (select.next()) {
            std::string why;
            std::optional<TelemetryFrame> frame = decodeFrame(select.blob(1), &why);
            if (!frame) {
                if (damage)
                    *damage = ProjectError{StorageError::Kind::Damaged, m_path,
                                           damagedFrame(recording, select.integer(0), why)};
                break;
            }
            out.push_back(*std::move(frame));
        }
        return out;
    });
}

bool HealthStore::exportRecording(std::int64_t recording, const QString &path, ProjectError *error) const
{
    const auto done = guardedStorageCall(m_path, error, [&] {
        if (QFileInfo(path).absoluteFilePath() == QFileInfo(m_path).absoluteFilePath()
            || (QFileInfo::exists(path)
                && QFileInfo(path).canonicalFilePath() == QFileInfo(m_path).canonicalFilePath()))
            throw StorageException(StorageError::Kind::InvalidData,
                                   QStringLiteral("cannot export a recording over the project itself"));
        SqliteDatabase db = ProjectImage::openForReading(m_path);
        const StoredRecording r = readRecording(db, recording);
        QSaveFile out(path);
        auto fail = [&] {
            throw StorageException(StorageError::Kind::Io,
                                   QStringLiteral("cannot write %1: %2").arg(path, out.errorString()));
        };
        if (!out.open(QIODevice::WriteOnly))
            fail();
        const std::string header = telemetryHeaderLine(r.fabric, r.links) + "\n";
        out.write(header.data(), qint64(header.size()));
        SqliteStatement select(db, "SELECT seq, frame FROM telemetry_frames WHERE recording = ? ORDER BY seq");
        select.bind(1, recording);
        while (select.next()) {
            const QByteArray text = qUncompress(select.blob(1));
            if (text.isEmpty())
                throw StorageException(StorageError::Kind::Damaged,
                                       damagedFrame(recording, select.integer(0), "the frame does not decompress"));
            out.write(text);
            out.write("\n", 1);
        }
        if (!out.commit())
            fail();
        return true;
    });
    return done.has_value();
}

bool HealthStore::removeRecording(std::int64_t recording, ProjectError *error) const
{
    const auto done = guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForWriting(m_path);
        readRecording(db, recording);
        SqliteStatement frames(db, "DELETE FROM telemetry_frames WHERE recording = ?");
        frames.bind(1, recording);
        frames.run();
        SqliteStatement row(db, "DELETE FROM telemetry_recordings WHERE id = ?");
        row.bind(1, recording);
        row.run();
        db.exec("COMMIT");
        return true;
    });
    return done.has_value();
}

std::optional<int> HealthStore::fileIncidents(const HealthReport &report, const std::string &run,
                                              ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForWriting(m_path);
        SqliteStatement find(db, "SELECT 1 FROM incidents WHERE id = ? AND run = ?");
        SqliteStatement insert(db,
                               "INSERT INTO incidents(id, run, cluster, symptom, element, first_interval, status, "
                               "source, filed_utc, updated_utc, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        SqliteStatement update(db,
                               "UPDATE incidents SET status = ?, updated_utc = ?, json = ? WHERE id = ? AND run = ?");
        const std::string now = nowUtc();
        int added = 0;
        for (size_t i = 0; i < report.incidents.size(); ++i) {
            const HealthIncident &incident = report.incidents[i];
            const std::string json = healthIncidentToJson(report, i);
            const std::string_view status = healthIncidentStatus(report, i);
            find.bind(1, incident.id);
            find.bind(2, run);
            const bool known = find.next();
            find.reset();
            if (known) {
                update.bind(1, status);
                update.bind(2, now);
                update.bind(3, json);
                update.bind(4, incident.id);
                update.bind(5, run);
                update.run();
                continue;
            }
            insert.bind(1, incident.id);
            insert.bind(2, run);
            insert.bind(3, incident.cluster);
            insert.bind(4, incident.symptom);
            insert.bind(5, incident.element);
            insert.bind(6, incident.firstInterval);
            insert.bind(7, status);
            insert.bind(8, report.source);
            insert.bind(9, now);
            insert.bind(10, now);
            insert.bind(11, json);
            insert.run();
            ++added;
        }
        db.exec("COMMIT");
        return added;
    });
}

std::optional<std::vector<StoredIncident>> HealthStore::incidents(ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForReading(m_path);
        SqliteStatement select(db,
                               "SELECT id, cluster, symptom, element, first_interval, status, source, filed_utc, "
                               "updated_utc, json, run FROM incidents ORDER BY filed_utc DESC, id");
        std::vector<StoredIncident> list;
        while (select.next()) {
            StoredIncident i;
            i.id = select.text(0);
            i.cluster = select.text(1);
            i.symptom = select.text(2);
            i.element = select.text(3);
            i.firstInterval = select.integer(4);
            i.status = select.text(5);
            i.source = select.text(6);
            i.filedUtc = select.text(7);
            i.updatedUtc = select.text(8);
            i.json = select.text(9);
            i.run = select.text(10);
            list.push_back(std::move(i));
        }
        return list;
    });
}

// ---- recorder and replay ----

ProjectTelemetryRecorder::ProjectTelemetryRecorder(QString projectPath, int batch)
    : m_store(std::move(projectPath))
    , m_batch(std::max(1, batch))
{ }

ProjectTelemetryRecorder::~ProjectTelemetryRecorder()
{
    if (!m_failed)
        flush();
}

bool ProjectTelemetryRecorder::open(const std::string &name, const std::string &fabricName, std::int64_t links,
                                    const std::string &source, ProjectError *error)
{
    const std::optional<std::int64_t> id = m_store.createRecording(name, fabricName, links, source, error);
    m_id = id.value_or(0);
    return id.has_value();
}

bool ProjectTelemetryRecorder::write(const TelemetryFrame &frame, ProjectError *error)
{
    if (m_id <= 0 || m_failed)
        return false;
    m_buffer.push_back(frame);
    return int(m_buffer.size()) < m_batch || flush(error);
}

bool ProjectTelemetryRecorder::flush(ProjectError *error)
{
    if (m_failed)
        return false;
    if (m_id <= 0 || m_buffer.empty())
        return true;
    if (!m_store.appendFrames(m_id, m_buffer, error)) {
        m_failed = true;
        return false;
    }
    m_written += std::int64_t(m_buffer.size());
    m_buffer.clear();
    return true;
}

ProjectReplaySource::ProjectReplaySource(QString projectPath, std::int64_t recording)
    : m_store(std::move(projectPath))
    , m_recording(recording)
{ }

bool ProjectReplaySource::open(std::int64_t expectedLinks, std::string *error)
{
    ProjectError e;
    if (m_recording < 0) {
        *error = m_store.path().toStdString() + ": a recording is named by a positive number (PROJECT.railyard#ID)";
        return false;
    }
    if (m_recording == 0) {
        const auto list = m_store.recordings(&e);
        if (!list) {
            *error = e.toString().toStdString();
            return false;
        }
        if (list->empty()) {
            *error = m_store.path().toStdString() + ": the project has no telemetry recording";
            return false;
        }
        m_recording = list->back().id;
    }
    const std::optional<StoredRecording> r = m_store.recording(m_recording, &e);
    if (!r) {
        *error = e.toString().toStdString();
        return false;
    }
    if (r->links != expectedLinks) {
        *error = m_store.path().toStdString() + ": telemetry recording " + std::to_string(m_recording)
            + " was made on a fabric with " + std::to_string(r->links) + " links, this one has "
            + std::to_string(expectedLinks);
        return false;
    }
    return true;
}

TelemetryFrame ProjectReplaySource::poll()
{
    constexpr std::int64_t batch = 32;
    if (!m_atEnd && m_damage.empty() && m_batchPos >= m_batch.size()) {
        ProjectError e, damage;
        std::optional<std::vector<TelemetryFrame>> next = m_store.frames(m_recording, m_nextSeq, batch, &e, &damage);
        m_batch.clear();
        m_batchPos = 0;
        if (!next) {
            m_damage = e.toString().toStdString();
        } else {
            m_batch = *std::move(next);
            m_nextSeq += std::int64_t(m_batch.size());
            if (damage.kind != StorageError::Kind::None)
                m_damage = damage.toString().toStdString();
            else if (m_batch.empty())
                m_atEnd = true;
        }
    }
    if (m_batchPos < m_batch.size()) {
        TelemetryFrame frame = std::move(m_batch[m_batchPos++]);
        m_nextInterval = frame.interval + 1;
        return frame;
    }
    // The good frames are out: a damaged frame (or an unreadable project)
    // ends the replay with a stale frame saying why.
    TelemetryFrame stale;
    stale.interval = m_nextInterval++;
    stale.stale = true;
    stale.staleReason = m_damage.empty() ? std::string("end of recording") : m_damage;
    m_atEnd = true;
    return stale;
}

bool parseProjectRecordingSpec(const QString &spec, QString *project, std::int64_t *recording)
{
    QString path = spec;
    std::int64_t id = 0;
    const qsizetype hash = spec.lastIndexOf(QLatin1Char('#'));
    if (hash > 0 && spec.left(hash).endsWith(QLatin1String(".railyard"), Qt::CaseInsensitive)) {
        bool ok = false;
        id = spec.mid(hash + 1).toLongLong(&ok);
        if (!ok || id <= 0)
            id = -1;
        path = spec.left(hash);
    }
    if (!path.endsWith(QLatin1String(".railyard"), Qt::CaseInsensitive))
        return false;
    *project = path;
    *recording = id;
    return true;
}

} // namespace Railyard
