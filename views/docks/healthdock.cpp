#include "views/docks/healthdock.h"

#include "core/document/fabricdocument.h"
#include "core/health/healthreport.h"
#include "views/canvas/colours.h"
#include "views/canvas/fabriccanvas.h"
#include "views/canvas/healthoverlay.h"
#include "views/docks/healthcharts.h"
#include "views/docks/jobsdock.h"
#include "views/lastdirectory.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTreeView>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <cmath>

namespace Railyard {

namespace {

QString secondsText(double s)
{
    return std::isfinite(s) ? HealthDock::tr("%1 s").arg(s, 0, 'f', 3) : HealthDock::tr("stalled");
}

QString html(const std::string &text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

} // namespace

HealthDock::HealthDock(QWidget *parent)
    : QDockWidget(parent)
    , m_monitor(new HealthMonitor(this))
{
    setObjectName(QStringLiteral("HealthDock"));
    buildUi();
    retranslate();   // fills the source list
    restoreFields(); // then the source, jobs, URL and mapping of the last session
    connect(m_monitor, &HealthMonitor::updated, this, &HealthDock::onUpdated);
    connect(m_monitor, &HealthMonitor::stateChanged, this, &HealthDock::onStateChanged);
    connect(m_monitor, &HealthMonitor::intervalChanged, this, [this](int ms) {
        const QSignalBlocker block(m_interval);
        m_interval->setValue(ms);
    });
    connect(m_monitor, &HealthMonitor::errorOccurred, this, [this](const QString &message) {
        m_error = message;
        onStateChanged();
    });
}

HealthDock::~HealthDock() = default;

void HealthDock::buildUi()
{
    auto *content = new QWidget(this);
    auto *layout = new QVBoxLayout(content);
    auto *form = new QFormLayout;
    m_source = new QComboBox(content);
    m_jobFiles = new QLineEdit(content);
    m_faults = new QLineEdit(content);
    m_replayFile = new QLineEdit(content);
    m_browse = new QPushButton(content);
    m_interval = new QSpinBox(content);
    m_interval->setRange(20, 600000);
    m_interval->setSingleStep(250);
    m_interval->setValue(m_monitor->intervalMs());
    m_jobLabel = new QLabel(content);
    m_faultsLabel = new QLabel(content);
    m_replayLabel = new QLabel(content);
    m_intervalLabel = new QLabel(content);
    auto *replayRow = new QHBoxLayout;
    replayRow->addWidget(m_replayFile, 1);
    replayRow->addWidget(m_browse);
    form->addRow(tr("Source"), m_source);
    form->addRow(m_jobLabel, m_jobFiles);
    form->addRow(m_faultsLabel, m_faults);
    form->addRow(m_replayLabel, replayRow);
    form->addRow(m_intervalLabel, m_interval);
    m_record = new QCheckBox(content);
    form->addRow(QString(), m_record);
    layout->addLayout(form);
    auto *buttons = new QHBoxLayout;
    m_startButton = new QPushButton(content);
    m_pauseButton = new QPushButton(content);
    m_pauseButton->setCheckable(true);
    m_stopButton = new QPushButton(content);
    buttons->addWidget(m_startButton);
    buttons->addWidget(m_pauseButton);
    buttons->addWidget(m_stopButton);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    m_status = new QLabel(content);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    layout->addWidget(m_status);

    auto *split = new QSplitter(Qt::Vertical, content);
    m_alarms = new QTreeView(split);
    m_alarms->setObjectName(QStringLiteral("healthAlarms"));
    m_alarmModel = new HealthAlarmModel(this);
    m_alarmModel->setClearedColour(palette().color(QPalette::Disabled, QPalette::Text));
    m_alarms->setModel(m_alarmModel);
    m_alarms->setRootIsDecorated(false);
    m_alarms->setUniformRowHeights(true);
    m_alarms->setSelectionMode(QAbstractItemView::SingleSelection);
    m_alarms->header()->setStretchLastSection(true);
    m_tabs = new QTabWidget(split);
    m_charts = new HealthCharts(m_tabs);
    m_evidence = new QTextBrowser(m_tabs);
    m_actions = new QTextBrowser(m_tabs);
    auto *incidents = new QWidget(m_tabs);
    auto *incidentsLayout = new QVBoxLayout(incidents);
    incidentsLayout->setContentsMargins(0, 0, 0, 0);
    m_incidents = new QListWidget(incidents);
    m_incidents->setMaximumHeight(m_incidents->fontMetrics().height() * 5);
    m_runbook = new QTextBrowser(incidents);
    incidentsLayout->addWidget(m_incidents);
    incidentsLayout->addWidget(m_runbook, 1);
    m_exportButton = new QPushButton(incidents);
    incidentsLayout->addWidget(m_exportButton, 0, Qt::AlignRight);
    m_tabs->addTab(m_charts, QString());
    m_tabs->addTab(m_evidence, QString());
    m_tabs->addTab(m_actions, QString());
    m_tabs->addTab(incidents, QString());
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    layout->addWidget(split, 1);
    // Scrolls rather than forcing its height (form, list and two charts) on the window.
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    content->setMinimumHeight(400);
    scroll->setWidget(content);
    setWidget(scroll);
    m_charts->clear();

    connect(m_source, &QComboBox::currentIndexChanged, this, &HealthDock::updateSourceFields);
    connect(m_browse, &QPushButton::clicked, this, [this] {
        if (sourceKind() == HealthSourceConfig::Kind::Prometheus) { // the series-to-fabric mapping
            QMenu menu(this);
            QAction *builtIn = menu.addAction(tr("Built-in Mapping (railyard-cli simulate, node_exporter)"));
            builtIn->setCheckable(true);
            builtIn->setChecked(m_mappingFile.isEmpty());
            QAction *choose = menu.addAction(tr("Mapping File…"));
            QAction *picked = menu.exec(m_browse->mapToGlobal(QPoint(0, m_browse->height())));
            if (picked == builtIn)
                m_mappingFile.clear();
            else if (picked == choose) {
                const QString file = QFileDialog::getOpenFileName(
                    this, tr("Open Prometheus Mapping"), m_mappingFile.isEmpty() ? lastDirectory() : m_mappingFile,
                    tr("Prometheus mappings (*.json);;All files (*)"));
                if (!file.isEmpty()) {
                    m_mappingFile = QFileInfo(file).absoluteFilePath();
                    rememberDirectoryOf(file);
                }
            }
            updateSourceFields();
            return;
        }
        const QString file
            = QFileDialog::getOpenFileName(this, tr("Open Telemetry Recording"), m_replayFile->text(),
                                           tr("Telemetry recordings (*.jsonl *.json *.railyard);;All files (*)"));
        if (!file.isEmpty())
            m_replayFile->setText(file);
    });
    connect(m_interval, &QSpinBox::valueChanged, m_monitor, [this](int ms) { m_monitor->setIntervalMs(ms); });
    connect(m_startButton, &QPushButton::clicked, this, [this] { start(); });
    connect(m_pauseButton, &QPushButton::toggled, m_monitor, &HealthMonitor::setPaused);
    connect(m_stopButton, &QPushButton::clicked, this, &HealthDock::stop);
    connect(m_alarms->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        m_selectedLink = -1;
        refreshSelection();
        refreshActions();
    });
    connect(m_alarms, &QTreeView::clicked, this, [this] { // back from a canvas-selected link
        m_selectedLink = -1;
        refreshSelection();
    });
    connect(m_alarms, &QTreeView::doubleClicked, this, [this](const QModelIndex &index) {
        if (m_canvas && index.isValid())
            m_canvas->focusElement(index.data(HealthAlarmModel::FocusRole).toString());
    });
    connect(m_incidents, &QListWidget::currentRowChanged, this, &HealthDock::showSelectedIncident);
    connect(m_exportButton, &QPushButton::clicked, this, &HealthDock::exportIncident);
}

void HealthDock::retranslate()
{
    setWindowTitle(tr("Health"));
    const int source = std::max(0, m_source->currentIndex());
    m_source->blockSignals(true);
    m_source->clear();
    m_source->addItem(tr("Simulator"));
    m_source->addItem(tr("Replay of a recording"));
    if (HealthMonitor::hasPrometheus())
        m_source->addItem(tr("Prometheus"));
    m_source->setCurrentIndex(std::min(source, m_source->count() - 1));
    m_source->blockSignals(false);
    m_jobLabel->setText(tr("Jobs"));
    m_jobFiles->setPlaceholderText(tr("*.job.json files separated by ';' (empty: the project's jobs)"));
    m_faultsLabel->setText(tr("Inject"));
    m_faults->setPlaceholderText(tr("e.g. degrade:LINK:0.5@3; hang:rank:7@5"));
    m_replayLabel->setText(tr("Recording"));
    m_browse->setText(tr("Browse…"));
    m_intervalLabel->setText(tr("Interval"));
    m_record->setText(tr("Record into the project"));
    m_record->setToolTip(tr("Keep the telemetry as a recording in the open .railyard project (replay it as "
                            "PROJECT.railyard#ID) and file the incidents there."));
    m_interval->setSuffix(tr(" ms"));
    m_startButton->setText(tr("Start"));
    m_pauseButton->setText(tr("Pause"));
    m_stopButton->setText(tr("Stop"));
    m_tabs->setTabText(0, tr("Series"));
    m_tabs->setTabText(1, tr("Evidence"));
    m_tabs->setTabText(2, tr("Actions"));
    m_tabs->setTabText(3, tr("Incidents"));
    m_exportButton->setText(tr("Export Incident JSON…"));
    updateSourceFields();
    onStateChanged();
}

void HealthDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void HealthDock::setDocument(FabricDocument *document)
{
    stop();
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_selectedLink = -1;
    if (m_document)
        connect(m_document, &FabricDocument::selectionChanged, this, &HealthDock::onDocumentSelection);
    updateSourceFields();
}

void HealthDock::onDocumentSelection()
{
    const std::vector<std::string> &selection = m_document->selection();
    const std::int32_t link = selection.size() == 1 ? m_document->fabric().findLink(selection.front()) : -1;
    if (link < 0)
        return;
    m_selectedLink = link;
    m_charts->showLink(link, QString::fromStdString(selection.front()), m_monitor->history());
}

void HealthDock::setCanvas(FabricCanvas *canvas)
{
    m_canvas = canvas;
}

void HealthDock::updateSourceFields()
{
    const HealthSourceConfig::Kind kind = sourceKind();
    const bool sim = kind == HealthSourceConfig::Kind::Simulator;
    const bool replay = kind == HealthSourceConfig::Kind::Replay;
    m_faults->setEnabled(sim);
    const bool prometheus = kind == HealthSourceConfig::Kind::Prometheus;
    m_replayFile->setEnabled(replay || prometheus);
    m_browse->setEnabled(replay || prometheus);
    m_browse->setText(prometheus ? tr("Mapping…") : tr("Browse…"));
    m_browse->setToolTip(prometheus ? (m_mappingFile.isEmpty()
                                           ? tr("Series-to-fabric mapping: the built-in one")
                                           : tr("Series-to-fabric mapping: %1").arg(m_mappingFile))
                                    : tr("Choose a recording"));
    m_replayLabel->setText(prometheus ? tr("Prometheus URL") : tr("Recording"));
    m_replayFile->setPlaceholderText(prometheus ? QStringLiteral("http://127.0.0.1:9090")
                                                : tr("run.jsonl, or lab.railyard#ID (a project's recording)"));
    m_record->setEnabled(!projectPath().isEmpty() && !replay);
}

QString HealthDock::projectPath() const
{
    const QString path = m_document ? m_document->filePath() : QString();
    return path.endsWith(QLatin1String(".railyard"), Qt::CaseInsensitive) ? path : QString();
}

HealthSourceConfig::Kind HealthDock::sourceKind() const
{
    switch (m_source->currentIndex()) {
    case 1: return HealthSourceConfig::Kind::Replay;
    case 2: return HealthSourceConfig::Kind::Prometheus;
    default: return HealthSourceConfig::Kind::Simulator;
    }
}

void HealthDock::setSourceKind(HealthSourceConfig::Kind kind)
{
    m_source->setCurrentIndex(kind == HealthSourceConfig::Kind::Replay                                    ? 1
                              : kind == HealthSourceConfig::Kind::Prometheus && m_source->count() > 2 ? 2
                                                                                                      : 0);
}

void HealthDock::saveFields() const
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("HealthDock"));
    const HealthSourceConfig::Kind kind = sourceKind();
    const bool prometheus = kind == HealthSourceConfig::Kind::Prometheus;
    settings.setValue(QStringLiteral("source"), prometheus                                     ? QStringLiteral("prometheus")
                                                : kind == HealthSourceConfig::Kind::Replay ? QStringLiteral("replay")
                                                                                           : QStringLiteral("sim"));
    settings.setValue(QStringLiteral("jobFiles"), m_jobFiles->text());
    settings.setValue(QStringLiteral("faults"), m_faults->text());
    settings.setValue(prometheus ? QStringLiteral("prometheusUrl") : QStringLiteral("recording"),
                      m_replayFile->text().trimmed());
    settings.setValue(QStringLiteral("mappingFile"), m_mappingFile);
    settings.setValue(QStringLiteral("intervalMs"), m_interval->value());
}

void HealthDock::restoreFields()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("HealthDock"));
    if (!settings.contains(QStringLiteral("source")))
        return;
    const QString source = settings.value(QStringLiteral("source")).toString();
    setSourceKind(source == QLatin1String("prometheus") ? HealthSourceConfig::Kind::Prometheus
                  : source == QLatin1String("replay")   ? HealthSourceConfig::Kind::Replay
                                                        : HealthSourceConfig::Kind::Simulator);
    m_jobFiles->setText(settings.value(QStringLiteral("jobFiles")).toString());
    m_faults->setText(settings.value(QStringLiteral("faults")).toString());
    m_replayFile->setText(settings
                              .value(sourceKind() == HealthSourceConfig::Kind::Prometheus ? QStringLiteral("prometheusUrl")
                                                                                          : QStringLiteral("recording"))
                              .toString());
    m_mappingFile = settings.value(QStringLiteral("mappingFile")).toString();
    m_interval->setValue(settings.value(QStringLiteral("intervalMs"), m_interval->value()).toInt());
    updateSourceFields();
}

void HealthDock::setSourceConfig(const HealthSourceConfig &config)
{
    setSourceKind(config.kind);
    m_jobFiles->setText(config.jobFiles.join(QStringLiteral("; ")));
    m_faults->setText(config.faults.join(QStringLiteral("; ")));
    m_replayFile->setText(config.kind == HealthSourceConfig::Kind::Prometheus ? config.prometheusUrl
                                                                              : config.replayFile);
    m_mappingFile = config.mappingFile;
    m_record->setChecked(config.recordToProject);
}

HealthSourceConfig HealthDock::configFromFields() const
{
    HealthSourceConfig config;
    config.kind = sourceKind();
    for (const QString &f : m_jobFiles->text().split(QLatin1Char(';'), Qt::SkipEmptyParts))
        if (!f.trimmed().isEmpty())
            config.jobFiles << f.trimmed();
    // Without job files, the project's jobs (every one that could be read).
    if (config.jobFiles.isEmpty() && m_document)
        config.jobs = m_document->readableJobs();
    if (config.kind == HealthSourceConfig::Kind::Simulator)
        for (const QString &f : m_faults->text().split(QLatin1Char(';'), Qt::SkipEmptyParts))
            if (!f.trimmed().isEmpty())
                config.faults << f.trimmed();
    config.replayFile = m_replayFile->text().trimmed();
    config.prometheusUrl = config.replayFile;
    config.mappingFile = m_mappingFile;
    config.projectPath = projectPath();
    config.recordToProject
        = m_record->isChecked() && !config.projectPath.isEmpty() && config.kind != HealthSourceConfig::Kind::Replay;
    return config;
}

bool HealthDock::start()
{
    m_error.clear();
    saveFields(); // what was asked for, even when it cannot start now
    // A new run, started or refused, shows nothing of the last one.
    clearShownAlarms();
    m_incidents->clear();
    m_runbook->clear();
    if (!m_document) {
        m_error = tr("Open a fabric first.");
        onStateChanged();
        return false;
    }
    // Without a job the simulator runs as the command line's does: alarms
    // are raised, and their job impact is "unknown", never "none".
    const HealthSourceConfig config = configFromFields();
    m_pauseButton->setChecked(false);
    m_monitor->start(m_document->fabric(), config);
    return true;
}

void HealthDock::stop()
{
    m_monitor->stop();
    m_pauseButton->setChecked(false);
    if (m_canvas)
        m_canvas->setHealthOverlay(nullptr);
    // A stopped run's alarms are no longer live: the table does not keep them
    // as if they were (the incidents stay listed, filed as they were).
    clearShownAlarms();
}

void HealthDock::clearShownAlarms()
{
    m_shownReport.reset();
    m_shownAlarms = 0;
    m_alarmModel->setReport(nullptr, nullptr, {});
    m_evidence->clear();
    m_actions->clear();
    m_charts->clear();
}

QString HealthDock::storeText() const
{
    const HealthUpdate &update = m_monitor->latest();
    QString text;
    if (update.recordedFrames >= 0)
        text += QLatin1Char(' ')
            + tr("%n interval(s) recorded into the project.", nullptr, static_cast<int>(update.recordedFrames));
    if (update.filedIncidents > 0)
        text += QLatin1Char(' ') + tr("%n incident(s) filed into the project.", nullptr, update.filedIncidents);
    if (!update.storeError.isEmpty())
        text += QStringLiteral(" <span style='color:%1'>%2</span>")
                    .arg(healthColour(HealthOverlay::Alarm).name(), update.storeError.toHtmlEscaped());
    return text;
}

void HealthDock::onStateChanged()
{
    const HealthMonitor::State state = m_monitor->state();
    const bool active = m_monitor->isActive();
    m_startButton->setEnabled(!active);
    m_pauseButton->setEnabled(active);
    m_stopButton->setEnabled(m_monitor->state() != HealthMonitor::State::Stopped);
    m_source->setEnabled(!active);
    m_record->setEnabled(!active && !projectPath().isEmpty() && sourceKind() != HealthSourceConfig::Kind::Replay);
    const QLocale locale;
    const QString frames = tr("%n interval(s)", nullptr, static_cast<int>(m_monitor->framesReceived()));
    const QString bad = healthColour(HealthOverlay::Alarm).name();
    QString text;
    if (!m_error.isEmpty()) {
        text = QStringLiteral("<span style='color:%1'>%2</span>").arg(bad, m_error.toHtmlEscaped());
    } else {
        switch (state) {
        case HealthMonitor::State::Stopped: text = tr("Stopped."); break;
        case HealthMonitor::State::Starting: text = tr("Starting: placing the jobs and opening the source…"); break;
        case HealthMonitor::State::Running: {
            text = tr("Live: %1 polled.").arg(frames) + storeText();
            // Most links without data: "no alarm" would mean "not watched".
            const std::shared_ptr<const TelemetryFrame> frame = m_monitor->latest().frame;
            if (frame && !frame->stale && !frame->links.empty()) {
                const double present = double(frame->presentLinkSamples()) / double(frame->links.size());
                if (present < 0.5)
                    text += QStringLiteral(" <b style='color:%1'>%2</b>")
                                .arg(healthColour(HealthOverlay::Slow).name(),
                                     tr("%1 % of the links have no data: they are not watched. Check the source's "
                                        "mapping and that its rate() window spans two scrapes.")
                                         .arg(locale.toString((1.0 - present) * 100.0, 'f', 0)));
            }
            break;
        }
        case HealthMonitor::State::Paused: text = tr("Paused after %1.").arg(frames) + storeText(); break;
        case HealthMonitor::State::Stale:
            text = QStringLiteral("<b style='color:%1'>%2</b>")
                       .arg(bad,
                            tr("Stale: %1. Showing the last known state; no alarm is raised or cleared until "
                               "the source answers.")
                                .arg(m_monitor->staleReason().toHtmlEscaped()));
            break;
        case HealthMonitor::State::Ended:
            text = QStringLiteral("<b style='color:%1'>%2</b>")
                       .arg(bad,
                            tr("Stale: the source ended (%1) after %2.")
                                .arg(m_monitor->staleReason().toHtmlEscaped(), frames));
            break;
        }
    }
    m_status->setText(text);
}

QString HealthDock::statusText() const
{
    return m_status->text();
}

void HealthDock::onUpdated()
{
    const HealthUpdate &update = m_monitor->latest();
    if (!update.frame)
        return;
    onStateChanged();
    if (m_canvas && m_document) {
        auto overlay = std::make_unique<HealthOverlay>(m_document->fabric(), *update.frame, update.alarms,
                                                       update.suspectNodes, m_canvas->healthOverlay());
        overlay->setLive(update.frame, update.report);
        m_canvas->setHealthOverlay(std::move(overlay));
    }
    if (update.report != m_shownReport) {
        m_shownReport = update.report;
        refreshAlarms();
        refreshActions();
        refreshIncidents();
    }
    refreshSelection();
}

void HealthDock::refreshAlarms()
{
    const int row = currentAlarm();
    m_alarmModel->setReport(m_shownReport, m_document ? &m_document->fabric() : nullptr,
                            m_monitor->latest().jobHosts);
    for (int c = 0; c < HealthAlarmModel::JobsColumn; ++c)
        m_alarms->resizeColumnToContents(c);
    const int rows = m_alarmModel->rowCount();
    if (rows > 0)
        m_alarms->setCurrentIndex(m_alarmModel->index(row >= 0 && row < rows ? row : 0, 0));
}

int HealthDock::currentAlarm() const
{
    const QModelIndex current = m_alarms->currentIndex();
    return current.isValid() ? current.row() : -1;
}

void HealthDock::selectAlarm(int row)
{
    if (row >= 0 && row < m_alarmModel->rowCount())
        m_alarms->setCurrentIndex(m_alarmModel->index(row, 0));
    m_selectedLink = -1;
    refreshSelection();
}

void HealthDock::refreshSelection()
{
    const int row = currentAlarm();
    if (!m_shownReport || row < 0 || static_cast<size_t>(row) >= m_shownReport->detections.size()) {
        m_evidence->clear();
        if (m_document && m_selectedLink >= 0 && m_selectedLink < m_document->fabric().linkCount())
            m_charts->showLink(m_selectedLink, QString::fromStdString(m_document->fabric().link(m_selectedLink).id),
                               m_monitor->history());
        return;
    }
    const HealthDetection &d = m_shownReport->detections[static_cast<size_t>(row)];
    const HealthAlarm &a = d.alarm;
    if (m_document && m_selectedLink >= 0 && m_selectedLink < m_document->fabric().linkCount())
        m_charts->showLink(m_selectedLink, QString::fromStdString(m_document->fabric().link(m_selectedLink).id),
                           m_monitor->history());
    else if (a.link >= 0)
        m_charts->showLink(a.link, QString::fromStdString(a.element), m_monitor->history());
    else
        m_charts->showRank(QString::fromStdString(a.job), a.ranks.empty() ? 0 : a.ranks.front(), m_monitor->history());

    QString text = QStringLiteral("<h3>%1 — %2</h3>").arg(html(alarmKindName(a.kind)), html(a.element));
    text += tr("<p>Rule <b>%1</b> on <b>%2</b>: first bad interval %3, raised at %4.</p>")
                .arg(html(a.evidence.rule), html(a.evidence.metric))
                .arg(a.firstInterval)
                .arg(a.raisedInterval);
    auto table = [](const QString &title, const std::vector<std::pair<std::string, double>> &rows) {
        QString t = QStringLiteral("<p><b>%1</b></p><table cellspacing='0' cellpadding='2'>").arg(title);
        for (const auto &[name, value] : rows)
            t += QStringLiteral("<tr><td>%1</td><td align='right'>%2</td></tr>")
                     .arg(html(name), QString::number(value, 'g', 6));
        return t + QStringLiteral("</table>");
    };
    text += table(tr("Thresholds"), a.evidence.thresholds);
    text += table(tr("Observed"), a.evidence.observed);
    if (a.evidence.peers.count > 0)
        text += tr("<p><b>Peers</b>: %1, %2 members, median %3, MAD %4</p>")
                    .arg(html(a.evidence.peers.group))
                    .arg(a.evidence.peers.count)
                    .arg(a.evidence.peers.median, 0, 'g', 6)
                    .arg(a.evidence.peers.mad, 0, 'g', 6);
    QStringList series;
    for (const double v : a.evidence.series)
        series << (std::isfinite(v) ? QString::number(v, 'g', 4) : tr("gap"));
    text += tr("<p><b>Series</b> from interval %1: %2</p>")
                .arg(a.evidence.seriesStart)
                .arg(series.join(QStringLiteral(", ")));
    m_evidence->setHtml(text);
}

void HealthDock::refreshActions()
{
    if (!m_shownReport) {
        m_actions->clear();
        return;
    }
    const HealthReport &r = *m_shownReport;
    auto list = [](const std::vector<std::string> &items) {
        QStringList out;
        for (const std::string &s : items)
            out << QString::fromStdString(s).toHtmlEscaped();
        return out.isEmpty() ? HealthDock::tr("none") : out.join(QStringLiteral(", "));
    };
    QString text = tr("<h3>Recommended exclusions</h3><p>Hosts: %1<br>Links: %2</p>")
                       .arg(list(r.exclusions.hosts), list(r.exclusions.links));
    text += tr("<h3>Re-placement</h3>");
    if (r.replacements.empty())
        text += tr("<p>No job needs to move.</p>");
    else {
        text += QStringLiteral("<table cellspacing='0' cellpadding='3' border='1'><tr><th>%1</th><th>%2</th><th>%3</th>"
                               "<th>%4</th><th>%5</th></tr>")
                    .arg(tr("Job"), tr("Step healthy (as routed)"), tr("now"), tr("after re-placement"), tr("hosts moved"));
        for (const JobReplacement &j : r.replacements)
            text += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>")
                        .arg(html(j.job), secondsText(j.healthyStepSeconds), secondsText(j.nowStepSeconds),
                             j.placed ? secondsText(j.afterStepSeconds) : tr("not placed: %1").arg(html(j.error)))
                        .arg(j.hostsMoved);
        text += QStringLiteral("</table>");
        // A job that no longer fits: what to do instead, each with its cost.
        for (const JobReplacement &j : r.replacements) {
            if (j.placed || j.options.empty())
                continue;
            text += tr("<p><b>%1</b> does not fit beside the exclusions. Instead:</p><ul>").arg(html(j.job));
            for (const JobReplacement::Option &o : j.options)
                text += QStringLiteral("<li>%1</li>").arg(html(o.text));
            text += QStringLiteral("</ul>");
        }
    }
    m_actions->setHtml(text);
}

void HealthDock::refreshIncidents()
{
    const int row = m_incidents->currentRow();
    m_incidents->clear();
    if (!m_shownReport)
        return;
    for (const HealthIncident &i : m_shownReport->incidents)
        m_incidents->addItem(
            tr("%1 · %2 · %3 (interval %4)")
                .arg(QString::fromStdString(i.symptom), QString::fromStdString(i.element), QString::fromStdString(i.id))
                .arg(i.firstInterval));
    if (m_incidents->count() > 0)
        m_incidents->setCurrentRow(row >= 0 && row < m_incidents->count() ? row : 0);
    m_exportButton->setEnabled(m_incidents->count() > 0);
}

void HealthDock::showSelectedIncident()
{
    const int row = m_incidents->currentRow();
    if (!m_shownReport || row < 0 || static_cast<size_t>(row) >= m_shownReport->incidents.size()) {
        m_runbook->clear();
        return;
    }
    m_runbook->setMarkdown(QString::fromStdString(m_shownReport->incidents[static_cast<size_t>(row)].runbook));
}

void HealthDock::showIncident(int row)
{
    m_tabs->setCurrentIndex(3);
    m_incidents->setCurrentRow(row);
}

QString HealthDock::runbookText() const
{
    return m_runbook->toPlainText();
}

QString HealthDock::chartTitle() const
{
    return m_charts->title();
}

void HealthDock::exportIncident()
{
    const int row = m_incidents->currentRow();
    if (!m_shownReport || row < 0 || size_t(row) >= m_shownReport->incidents.size())
        return;
    // The incident as core serializes it for the CLI and the service.
    const QByteArray json = QByteArray::fromStdString(healthIncidentToJson(*m_shownReport, size_t(row)));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Incident"),
        QString::fromStdString(m_shownReport->incidents[size_t(row)].id) + QStringLiteral(".json"),
        tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size() || !file.commit()) {
        m_error = tr("Cannot write %1: %2").arg(path, file.errorString());
        onStateChanged();
    }
}

} // namespace Railyard
