#include "views/healthmonitor.h"

#include "core/health/healthdetector.h"
#include "core/health/healthfault.h"
#include "core/health/healthstore.h"
#include "core/health/prometheussource.h"
#include "core/health/replaysource.h"
#include "core/health/runningjobs.h"
#include "core/health/simulatedsource.h"
#include "core/jobs/jobspec.h"
#include "core/model/fabric.h"

#include <QDateTime>
#include <QFile>
#include <QSettings>
#include <QThreadPool>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <exception>
#include <set>

namespace Railyard {

/// Everything the worker touches. Only one poll runs at a time, so no lock:
/// the UI thread never reads it after start().
struct HealthSession
{
    Fabric fabric;
    HealthSourceConfig config;
    std::vector<RunningJob> jobs;
    std::unique_ptr<TelemetrySource> source;
    std::unique_ptr<HealthDetector> detector;
    std::vector<std::pair<std::string, std::vector<std::int32_t>>> jobHosts;
    std::shared_ptr<const HealthReport> report;
    size_t reportedAlarms = 0;
    size_t reportedActive = 0;
    std::unique_ptr<ProjectTelemetryRecorder> recorder;
    int filedIncidents = 0;
    std::string run;          ///< this run's id for its incidents: its start time (UTC)
    bool storeFailed = false; ///< stop writing to the project after its first error
    QString storeError;       ///< that error, sent with every update from then on
    bool ready = false;
    quint64 generation = 0;
    double intervalSeconds = 1.0;
};

namespace {

/// Places the jobs and opens the source; the error text when it cannot.
QString setUp(HealthSession &s)
{
    std::vector<JobSpec> specs = s.config.jobs;
    for (const QString &path : s.config.jobFiles) {
        const JobSpecResult r = readJobSpecFile(path);
        if (!r.ok())
            return r.errorText();
        specs.push_back(*r.job);
    }
    try {
        s.jobs = placeRunningJobs(s.fabric, specs);
    } catch (const std::exception &e) {
        return QString::fromStdString(e.what());
    }
    for (const RunningJob &job : s.jobs) {
        std::vector<std::int32_t> hosts;
        hosts.reserve(job.evaluation.placement.ranks.size());
        for (const RankSlot &slot : job.evaluation.placement.ranks)
            hosts.push_back(slot.host >= 0 ? s.fabric.hostNode(slot.host) : -1);
        s.jobHosts.emplace_back(job.spec.name, std::move(hosts));
    }
    switch (s.config.kind) {
    case HealthSourceConfig::Kind::Simulator: {
        std::vector<HealthFault> faults;
        for (const QString &text : s.config.faults) {
            std::string error;
            std::optional<HealthFault> f = parseHealthFault(text.trimmed().toStdString(), s.fabric, &error);
            if (!f)
                return HealthMonitor::tr("Fault %1: %2").arg(text, QString::fromStdString(error));
            faults.push_back(*f);
        }
        SimulatorOptions options;
        options.seed = s.config.seed;
        options.startSeconds = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
        try {
            s.source = std::make_unique<SimulatedSource>(s.fabric, s.jobs, std::move(faults), options);
        } catch (const std::exception &e) {
            return QString::fromStdString(e.what());
        }
        break;
    }
    case HealthSourceConfig::Kind::Replay: {
        QString project;
        std::int64_t recording = 0;
        std::string error;
        if (parseProjectRecordingSpec(s.config.replayFile, &project, &recording)) {
            auto replay = std::make_unique<ProjectReplaySource>(project, recording);
            if (!replay->open(s.fabric.linkCount(), &error))
                return QString::fromStdString(error);
            s.source = std::move(replay);
            break;
        }
        auto replay = std::make_unique<ReplaySource>();
        if (!replay->open(s.config.replayFile.toStdString(), s.fabric.linkCount(), &error))
            return QString::fromStdString(error);
        s.source = std::move(replay);
        break;
    }
    case HealthSourceConfig::Kind::Prometheus: {
        PrometheusSourceOptions options;
        options.url = s.config.prometheusUrl.trimmed().toStdString();
        options.intervalSeconds = s.intervalSeconds;
        options.timeoutSeconds = std::clamp(s.intervalSeconds * 3, 1.0, 5.0);
        options.pace = false; // the monitor's timer paces the polls
        PrometheusMapping mapping = PrometheusMapping::defaults();
        if (!s.config.mappingFile.isEmpty()) {
            QFile file(s.config.mappingFile);
            if (!file.open(QIODevice::ReadOnly))
                return QStringLiteral("%1: %2").arg(file.fileName(), file.errorString());
            std::string error;
            if (!PrometheusMapping::fromJson(file.readAll().toStdString(), mapping, &error))
                return QStringLiteral("%1: %2").arg(file.fileName(), QString::fromStdString(error));
        }
        s.source = std::make_unique<PrometheusSource>(s.fabric, s.jobs, std::move(mapping), options);
        break;
    }
    }
    s.run = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    if (s.config.recordToProject && !s.config.projectPath.isEmpty()) {
        s.recorder = std::make_unique<ProjectTelemetryRecorder>(s.config.projectPath);
        ProjectError error;
        const std::string name = QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")).toStdString()
            + " (" + s.source->kind() + ")";
        if (!s.recorder->open(name, s.fabric.name, s.fabric.linkCount(), s.source->kind(), &error))
            return HealthMonitor::tr("Cannot record into the project: %1").arg(error.toString());
    }
    s.detector = std::make_unique<HealthDetector>(s.fabric);
    s.ready = true;
    return {};
}

/// One interval on the worker: poll, detect, attribute when the alarms change.
HealthUpdate pollOnce(HealthSession &s)
{
    HealthUpdate update;
    if (!s.ready) {
        update.error = setUp(s);
        if (!update.error.isEmpty())
            return update;
    }
    auto frame = std::make_shared<TelemetryFrame>(s.source->poll());
    const bool replayEnded = s.source->atEnd() && frame->stale && frame->staleReason == "end of recording";
    s.detector->observe(*frame);
    ProjectError storeError;
    if (s.recorder && !s.storeFailed && !replayEnded && !s.recorder->write(*frame, &storeError))
        s.storeFailed = true;
    update.alarms = s.detector->alarms();
    const size_t active = static_cast<size_t>(
        std::count_if(update.alarms.begin(), update.alarms.end(), [](const HealthAlarm &a) { return a.active(); }));
    if (!s.report || update.alarms.size() != s.reportedAlarms || active != s.reportedActive) {
        s.report
            = std::make_shared<const HealthReport>(buildHealthReport(s.fabric, s.jobs, *s.detector, s.source->kind()));
        s.reportedAlarms = update.alarms.size();
        s.reportedActive = active;
        // While recording into the project, incidents go there as they are
        // filed and again when their alarm clears (status resolved).
        if (s.recorder && !s.storeFailed && !s.report->incidents.empty()) {
            const std::optional<int> added
                = HealthStore(s.config.projectPath).fileIncidents(*s.report, s.run, &storeError);
            if (added)
                s.filedIncidents += *added;
            else
                s.storeFailed = true;
        }
    }
    if (s.source->atEnd() && s.recorder && !s.storeFailed && !s.recorder->flush(&storeError))
        s.storeFailed = true;
    if (storeError.kind != ProjectError::Kind::None && s.storeError.isEmpty())
        s.storeError = HealthMonitor::tr("Not stored in the project: %1").arg(storeError.toString());
    update.storeError = s.storeError;
    update.recordedFrames = s.recorder ? s.recorder->framesRecorded() : -1;
    update.filedIncidents = s.filedIncidents;
    update.report = s.report;
    std::set<std::int32_t> suspects;
    for (const HealthAlarm &alarm : update.alarms) {
        if (!alarm.active())
            continue;
        if (alarm.link >= 0 && alarm.link < s.fabric.linkCount()) {
            const Link &link = s.fabric.link(alarm.link);
            suspects.insert(link.a);
            suspects.insert(link.b);
        }
        for (const auto &[name, hosts] : s.jobHosts)
            if (name == alarm.job)
                for (const std::int64_t r : alarm.ranks)
                    if (r >= 0 && static_cast<size_t>(r) < hosts.size() && hosts[static_cast<size_t>(r)] >= 0)
                        suspects.insert(hosts[static_cast<size_t>(r)]);
    }
    update.suspectNodes.assign(suspects.begin(), suspects.end());
    update.jobHosts = s.jobHosts;
    update.ended = s.source->atEnd();
    update.frame = std::move(frame);
    return update;
}

} // namespace

HealthMonitor::HealthMonitor(QObject *parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
    , m_pool(new QThreadPool(this))
{
    m_pool->setMaxThreadCount(1);
    m_pool->setExpiryTimeout(-1);
    m_intervalMs = std::clamp(QSettings().value(QStringLiteral("health/intervalMs"), 1000).toInt(), 20, 600000);
    connect(m_timer, &QTimer::timeout, this, &HealthMonitor::tick);
    connect(&m_watcher, &QFutureWatcher<HealthUpdate>::finished, this, &HealthMonitor::finished);
}

HealthMonitor::~HealthMonitor()
{
    m_timer->stop();
    m_watcher.waitForFinished();
    if (m_session) // released on the worker thread, without signals to a window being destroyed
        m_pool->start([session = std::move(m_session)]() mutable { session.reset(); });
    m_pool->waitForDone();
}

bool HealthMonitor::hasPrometheus()
{
    return true;
}

void HealthMonitor::start(const Fabric &fabric, const HealthSourceConfig &config)
{
    stop();
    static quint64 generations = 0;
    auto session = std::make_shared<HealthSession>();
    session->fabric = fabric;
    session->config = config;
    session->generation = ++generations;
    session->intervalSeconds = m_intervalMs / 1000.0;
    m_session = std::move(session);
    m_latest = HealthUpdate();
    m_history.clear();
    m_frames = 0;
    m_missedTicks = 0;
    m_staleReason.clear();
    m_paused = false;
    setState(State::Starting);
    m_timer->start(m_intervalMs);
    tick();
}

void HealthMonitor::stop()
{
    m_timer->stop();
    // The session dies on the worker thread, where its source lives (a poll
    // still running keeps its own reference, and its result is ignored).
    if (m_session)
        m_pool->start([session = std::move(m_session)]() mutable { session.reset(); });
    setState(State::Stopped);
}

void HealthMonitor::setPaused(bool paused)
{
    if (!m_session || m_state == State::Ended || paused == m_paused)
        return;
    m_paused = paused;
    if (paused) {
        m_timer->stop();
        setState(State::Paused);
    } else {
        m_timer->start(m_intervalMs);
        setState(m_staleReason.isEmpty() ? State::Running : State::Stale);
    }
}

void HealthMonitor::setIntervalMs(int ms, bool persist)
{
    m_intervalMs = std::clamp(ms, 20, 600000);
    if (persist)
        QSettings().setValue(QStringLiteral("health/intervalMs"), m_intervalMs);
    if (m_timer->isActive())
        m_timer->start(m_intervalMs);
    emit intervalChanged(m_intervalMs);
}

void HealthMonitor::tick()
{
    if (!m_session || m_paused)
        return;
    if (m_watcher.isRunning()) {
        // The source has not answered yet: never wait for it on this thread.
        if (++m_missedTicks >= 3 && m_state == State::Running) {
            m_staleReason
                = tr("the source has not answered for %1 s").arg(m_missedTicks * m_intervalMs / 1000.0, 0, 'f', 1);
            setState(State::Stale);
        }
        return;
    }
    std::shared_ptr<HealthSession> session = m_session;
    m_watcher.setFuture(QtConcurrent::run(m_pool, [session] {
        HealthUpdate update = pollOnce(*session);
        update.generation = session->generation;
        return update;
    }));
}

void HealthMonitor::finished()
{
    if (m_watcher.isCanceled() || !m_watcher.future().isValid() || m_watcher.future().resultCount() == 0)
        return;
    HealthUpdate update = m_watcher.result();
    if (!m_session || update.generation != m_session->generation)
        return; // from a session stopped meanwhile
    m_missedTicks = 0;
    if (!update.error.isEmpty()) {
        const QString message = update.error;
        stop();
        emit errorOccurred(message);
        return;
    }
    ++m_frames;
    const TelemetryFrame &frame = *update.frame;
    const size_t bytes = frame.links.size() * sizeof(LinkSample) + 64 * 1024;
    const size_t depth = std::clamp<size_t>((64u << 20) / bytes, 8, 120);
    m_history.push_back(update.frame);
    while (m_history.size() > depth)
        m_history.pop_front();
    m_staleReason = frame.stale ? QString::fromStdString(frame.staleReason) : QString();
    if (frame.stale && m_staleReason.isEmpty())
        m_staleReason = tr("no data");
    const bool ended = update.ended;
    m_latest = std::move(update);
    if (ended) {
        m_timer->stop();
        setState(State::Ended);
    } else if (!m_paused) {
        setState(frame.stale ? State::Stale : State::Running);
    }
    emit updated();
}

void HealthMonitor::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

} // namespace Railyard
