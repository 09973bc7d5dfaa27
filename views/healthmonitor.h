#pragma once

// Live health monitoring for the GUI: owns a telemetry source (simulator,
// replay, Prometheus), polls it every interval and runs the HealthDetector,
// all on one worker thread (QtConcurrent on a one-thread pool), and posts each result to the UI
// thread by value (HealthUpdate). The window never waits on a poll: a tick
// that finds the previous poll still running is skipped, and a poll that has
// not answered for three intervals shows the source as stale until it does.
//
// The worker keeps its own copy of the fabric, taken at start(), so edits in
// the document never race with detection. The polling interval is persisted
// in QSettings ("health/intervalMs").

#include "core/health/healthalarm.h"
#include "core/health/healthreport.h"
#include "core/health/telemetry.h"
#include "core/jobs/jobspec.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>

#include <deque>
#include <memory>
#include <vector>

class QThreadPool;
class QTimer;

namespace Railyard {

class Fabric;
struct HealthSession;

/// What to monitor: the source and its parameters.
struct HealthSourceConfig
{
    enum class Kind { Simulator, Replay, Prometheus };
    Kind kind = Kind::Simulator;
    std::vector<JobSpec> jobs; ///< jobs placed one after another (first), e.g. the Jobs dock's
    QStringList jobFiles;      ///< *.job.json files placed after them (the replay's jobs too)
    QStringList faults;        ///< simulator: KIND:ID:VALUE[@INTERVAL] (healthfault.h)
    quint64 seed = 1;          ///< simulator
    QString replayFile;        ///< replay: a JSON-lines recording, or PROJECT.railyard[#ID]
    QString prometheusUrl;     ///< prometheus: base URL of the HTTP API
    QString mappingFile;       ///< prometheus: series-to-fabric mapping (JSON); empty = built-in
    /// The document's .railyard project, if it is one: with recordToProject
    /// the telemetry is recorded into it and the incidents are filed into it
    /// (healthstore.h).
    QString projectPath;
    bool recordToProject = false;
};

/// One polling result, built on the worker and handed over by value.
struct HealthUpdate
{
    std::shared_ptr<const TelemetryFrame> frame;
    std::vector<HealthAlarm> alarms;            ///< every alarm so far (cleared ones included)
    std::shared_ptr<const HealthReport> report; ///< rebuilt when the alarms change, else the previous one
    std::vector<std::int32_t> suspectNodes;     ///< hosts and switches behind the active alarms
    std::vector<std::pair<std::string, std::vector<std::int32_t>>> jobHosts; ///< per job, host node per rank
    bool ended = false;         ///< the source has nothing more (end of a replay)
    QString error;              ///< setup failed (bad job, fault or file)
    QString storeError;         ///< recording or filing incidents into the project failed (monitoring goes on)
    qint64 recordedFrames = -1; ///< frames recorded so far (stored in batches of 16; -1: not recording)
    int filedIncidents = 0;     ///< incidents filed into the project so far
    quint64 generation = 0;     ///< the session it came from (internal)
};

class HealthMonitor : public QObject
{
    Q_OBJECT
public:
    enum class State { Stopped, Starting, Running, Paused, Stale, Ended };
    Q_ENUM(State)

    explicit HealthMonitor(QObject *parent = nullptr);
    ~HealthMonitor() override;

    /// Whether a Prometheus source is built in (core/health/prometheussource.h).
    static bool hasPrometheus();

    /// Starts monitoring a copy of `fabric`. Setup (placing the jobs, opening
    /// the source) runs on the worker too; errors arrive as errorOccurred.
    void start(const Fabric &fabric, const HealthSourceConfig &config);
    void stop();
    void setPaused(bool paused);
    State state() const { return m_state; }
    bool isActive() const { return m_state != State::Stopped && m_state != State::Ended; }
    /// Why the source is stale ("" when it is not).
    QString staleReason() const { return m_staleReason; }

    int intervalMs() const { return m_intervalMs; }
    /// Sets the polling interval (clamped to 20 ms .. 10 min) and, unless
    /// told otherwise, persists it.
    void setIntervalMs(int ms, bool persist = true);

    /// The latest result (empty before the first frame).
    const HealthUpdate &latest() const { return m_latest; }
    /// The last frames, oldest first (fewer for large fabrics: ~64 MB at most).
    const std::deque<std::shared_ptr<const TelemetryFrame>> &history() const { return m_history; }
    /// Frames received (stale ones included).
    qint64 framesReceived() const { return m_frames; }

signals:
    void stateChanged(Railyard::HealthMonitor::State state);
    void intervalChanged(int ms);
    /// A new frame was posted; read latest() and history().
    void updated();
    void errorOccurred(const QString &message);

private:
    void tick();
    void finished();
    void setState(State state);

    QTimer *m_timer = nullptr;
    QThreadPool *m_pool = nullptr; ///< one thread that never expires: sources may be thread-bound (Prometheus)
    QFutureWatcher<HealthUpdate> m_watcher;
    std::shared_ptr<HealthSession> m_session;
    State m_state = State::Stopped;
    QString m_staleReason;
    int m_intervalMs = 1000;
    int m_missedTicks = 0;
    bool m_paused = false;
    HealthUpdate m_latest;
    std::deque<std::shared_ptr<const TelemetryFrame>> m_history;
    qint64 m_frames = 0;
};

} // namespace Railyard
