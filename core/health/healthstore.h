#pragma once

// Live health kept in a `.railyard` project (tables telemetry_recordings,
// telemetry_frames and incidents, schema 4; docs/project-format.md):
// telemetry recordings, replayed at any speed, and the incidents filed while
// monitoring. Same conventions as ProjectFile and IntentStore: each call
// opens the database, does its work in one transaction and closes it;
// reading never writes; failures return std::nullopt (or false) and fill
// *error naming the file. Railyard keeps recordings the user asks for, never
// fleet telemetry at large: Prometheus is the store for that.
//
// A frame is stored as its JSON line (telemetryrecording.h), qCompress'ed,
// so a recording exported from a project is byte for byte the `.jsonl` a
// file recorder would have written.

#include "core/health/telemetryrecording.h"
#include "core/health/telemetrysource.h"
#include "core/project/projecterror.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace Railyard {

struct HealthReport;

/// One stored recording.
struct StoredRecording
{
    std::int64_t id = 0;
    std::string name;
    std::string fabric;      ///< the fabric's name
    std::int64_t links = 0;  ///< the fabric's link count
    std::string source;      ///< "sim", "prometheus", "replay"
    std::string startedUtc;  ///< ISO 8601
    std::int64_t frames = 0; ///< stored frames
    std::int64_t staleFrames = 0;
    std::int64_t firstInterval = -1; ///< -1 without frames
    std::int64_t lastInterval = -1;
};

/// One stored incident.
struct StoredIncident
{
    std::string id;  ///< "ni_…", the incident id
    std::string run; ///< the monitoring run that filed it (its start time, or a recording)
    std::string cluster;
    std::string symptom;
    std::string element;
    std::int64_t firstInterval = 0;
    std::string status; ///< "open", "resolved"
    std::string source;
    std::string filedUtc;
    std::string updatedUtc;
    std::string json; ///< the incident as the control-plane incident API takes it
};

class HealthStore
{
public:
    /// The project at `projectPath` (created by ProjectFile::save).
    explicit HealthStore(QString projectPath);
    const QString &path() const { return m_path; }

    /// Starts an empty recording; its id.
    std::optional<std::int64_t> createRecording(const std::string &name, const std::string &fabricName,
                                                std::int64_t links, const std::string &source,
                                                ProjectError *error = nullptr) const;
    /// Appends frames to a recording, in one transaction. NoSuchVersion when
    /// the recording does not exist; InvalidData when a frame's link count is
    /// not the recording's.
    bool appendFrames(std::int64_t recording, const std::vector<TelemetryFrame> &frames,
                      ProjectError *error = nullptr) const;
    /// All recordings, oldest first.
    std::optional<std::vector<StoredRecording>> recordings(ProjectError *error = nullptr) const;
    /// One recording; NoSuchVersion when absent.
    std::optional<StoredRecording> recording(std::int64_t id, ProjectError *error = nullptr) const;
    /// Up to `count` frames of a recording from frame `fromSeq` (0-based).
    /// A stored frame that does not decompress or parse ends the batch: the
    /// frames before it are returned and *damage (when given) says which
    /// frame is damaged. NoSuchVersion when the recording does not exist.
    std::optional<std::vector<TelemetryFrame>> frames(std::int64_t recording, std::int64_t fromSeq, std::int64_t count,
                                                      ProjectError *error = nullptr,
                                                      ProjectError *damage = nullptr) const;
    /// Writes a recording as a JSON-lines file (telemetryrecording.h); never
    /// over the project itself.
    bool exportRecording(std::int64_t recording, const QString &path, ProjectError *error = nullptr) const;
    /// Deletes a recording and its frames.
    bool removeRecording(std::int64_t recording, ProjectError *error = nullptr) const;

    /// Files the report's incidents for monitoring run `run` (e.g. the run's
    /// start time: intervals, and so incident ids, restart with every run):
    /// new ones are inserted, known ones (same incident id and run) get their
    /// status, JSON and update time refreshed. Returns how many were new.
    std::optional<int> fileIncidents(const HealthReport &report, const std::string &run,
                                     ProjectError *error = nullptr) const;
    /// All incidents, newest filed first.
    std::optional<std::vector<StoredIncident>> incidents(ProjectError *error = nullptr) const;

private:
    QString m_path;
};

/// Records telemetry into a project: frames are buffered and appended every
/// `batch` frames (one transaction each, so a long recording costs one
/// fsync per batch, not per interval) and on flush()/destruction.
class ProjectTelemetryRecorder
{
public:
    ProjectTelemetryRecorder(QString projectPath, int batch = 16);
    ~ProjectTelemetryRecorder();
    /// Creates the recording; false with *error when the project cannot take it.
    bool open(const std::string &name, const std::string &fabricName, std::int64_t links, const std::string &source,
              ProjectError *error = nullptr);
    /// Buffers a frame; false when the flush it triggered failed (the frames
    /// stay buffered for the next try).
    bool write(const TelemetryFrame &frame, ProjectError *error = nullptr);
    bool flush(ProjectError *error = nullptr);
    bool isOpen() const { return m_id > 0; }
    /// A write or flush failed: nothing more is stored (not even on destruction).
    bool failed() const { return m_failed; }
    std::int64_t id() const { return m_id; }
    /// Frames stored in the project so far.
    std::int64_t framesWritten() const { return m_written; }
    /// Frames taken, stored or still buffered.
    std::int64_t framesRecorded() const { return m_written + std::int64_t(m_buffer.size()); }

private:
    HealthStore m_store;
    int m_batch;
    std::int64_t m_id = 0;
    std::int64_t m_written = 0;
    bool m_failed = false;
    std::vector<TelemetryFrame> m_buffer;
};

/// Replays a recording stored in a project, reading frames a batch at a
/// time; like ReplaySource, at the end (or on a damaged frame) a stale frame
/// with the reason.
class ProjectReplaySource : public TelemetrySource
{
public:
    ProjectReplaySource(QString projectPath, std::int64_t recording);
    /// Checks the recording exists and was made on a fabric with
    /// `expectedLinks` links; false with *error naming the project.
    bool open(std::int64_t expectedLinks, std::string *error);

    std::string kind() const override { return "replay"; }
    TelemetryFrame poll() override;
    bool atEnd() const override { return m_atEnd; }

private:
    HealthStore m_store;
    std::int64_t m_recording;
    std::int64_t m_nextSeq = 0;
    std::int64_t m_nextInterval = 0;
    std::vector<TelemetryFrame> m_batch;
    size_t m_batchPos = 0;
    std::string m_damage; ///< a damaged frame ends the replay after the good ones before it
    bool m_atEnd = false;
};

/// Listings for `railyard-cli recordings` and `railyard-cli incidents`
/// (docs/cli.md): JSON arrays of objects with the fields above (an
/// incident's "incident" is its stored JSON, parsed), or aligned text.
std::string recordingsToJson(const std::vector<StoredRecording> &recordings);
std::string recordingsToText(const std::vector<StoredRecording> &recordings);
std::string incidentsToJson(const std::vector<StoredIncident> &incidents);
std::string incidentsToText(const std::vector<StoredIncident> &incidents);

/// "FILE.railyard" or "FILE.railyard#ID": a project, and a recording id (0:
/// the newest recording; -1 when the text after '#' is not a positive
/// number). False when `spec` does not name a project.
bool parseProjectRecordingSpec(const QString &spec, QString *project, std::int64_t *recording);

} // namespace Railyard
