#pragma once

// The Health dock: live link and rank health. Chooses and starts a source
// (the simulator with the Jobs dock's job or chosen *.job.json files and
// injected faults, a replay of a recording, Prometheus when built in), shows
// the source's state (running, paused, stale, ended), the alarm list (kind,
// element, since which interval, the jobs it slows and by how much, the
// ranks), the selected alarm's time series and evidence, the recommended
// exclusions with each job's re-placement (step time healthy / now / after),
// and the incidents with their runbooks (exported as incident JSON). Each
// update recolours the canvas (HealthOverlay). Polling and detection run in
// HealthMonitor, off the UI thread.

#include "views/healthmonitor.h"

#include "views/docks/healthalarmmodel.h"

#include <QDockWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTextBrowser;
class QTreeView;

namespace Railyard {

class FabricCanvas;
class FabricDocument;
class HealthCharts;

class HealthDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit HealthDock(QWidget *parent = nullptr);
    ~HealthDock() override;

    void setDocument(FabricDocument *document);
    /// The canvas the health colours go to.
    void setCanvas(FabricCanvas *canvas);
    /// Fills the source fields (as the command line does) without starting.
    void setSourceConfig(const HealthSourceConfig &config);
    /// What Start would run: the source fields (the project's jobs when no
    /// job file is named).
    HealthSourceConfig configFromFields() const;
    /// Starts monitoring with the fields' source; false (and the error shown) when it cannot.
    bool start();
    void stop();
    HealthMonitor *monitor() const { return m_monitor; }

    /// For tests and the screenshot: the widgets and texts the dock shows.
    /// The alarms of the report shown (one row per detection).
    HealthAlarmModel *alarmModel() const { return m_alarmModel; }
    QListWidget *incidentList() const { return m_incidents; }
    QString runbookText() const;
    QString statusText() const;
    QString chartTitle() const;
    /// Selects incident `row` and shows the Incidents tab.
    void showIncident(int row);
    /// Selects alarm `row` (its series, evidence and actions).
    void selectAlarm(int row);

protected:
    void changeEvent(QEvent *event) override;

private:
    /// Empties the alarm table and the selected alarm's details.
    void clearShownAlarms();
    void buildUi();
    void retranslate();
    void updateSourceFields();
    void onUpdated();
    void onStateChanged();
    void refreshAlarms();
    void refreshSelection();
    /// A single link selected on the canvas: its series (until an alarm is picked).
    void onDocumentSelection();
    void refreshActions();
    void refreshIncidents();
    void showSelectedIncident();
    void exportIncident();
    /// The document's file when it is a .railyard project, else "".
    QString projectPath() const;
    /// What the status line adds about recording and incidents in the project.
    QString storeText() const;

    FabricDocument *m_document = nullptr;
    FabricCanvas *m_canvas = nullptr;
    HealthMonitor *m_monitor = nullptr;
    std::shared_ptr<const HealthReport> m_shownReport;
    size_t m_shownAlarms = 0;
    std::int32_t m_selectedLink = -1; ///< charted from the canvas selection, -1 = the alarm's element

    QComboBox *m_source = nullptr;
    QLabel *m_jobLabel = nullptr;
    QLineEdit *m_jobFiles = nullptr;
    QLabel *m_faultsLabel = nullptr;
    QLineEdit *m_faults = nullptr;
    QLabel *m_replayLabel = nullptr;
    QLineEdit *m_replayFile = nullptr;
    QPushButton *m_browse = nullptr;
    QLabel *m_intervalLabel = nullptr;
    QSpinBox *m_interval = nullptr;
    QCheckBox *m_record = nullptr;
    /// The source list holds Simulator, Replay and (when built in) Prometheus,
    /// in that order: its index is the kind.
    HealthSourceConfig::Kind sourceKind() const;
    void setSourceKind(HealthSourceConfig::Kind kind);
    void saveFields() const;   ///< the source fields, for the next session (QSettings "HealthDock/…")
    void restoreFields();
    QString m_mappingFile; ///< Prometheus mapping (from the command line); empty = built-in
    QPushButton *m_startButton = nullptr;
    QPushButton *m_pauseButton = nullptr;
    QPushButton *m_stopButton = nullptr;
    QLabel *m_status = nullptr;
    QTreeView *m_alarms = nullptr;
    HealthAlarmModel *m_alarmModel = nullptr;
    /// The row of the alarm selected, -1 for none.
    int currentAlarm() const;
    QTabWidget *m_tabs = nullptr;
    HealthCharts *m_charts = nullptr;
    QTextBrowser *m_evidence = nullptr;
    QTextBrowser *m_actions = nullptr;
    QListWidget *m_incidents = nullptr;
    QTextBrowser *m_runbook = nullptr;
    QPushButton *m_exportButton = nullptr;
    QString m_error;
};

} // namespace Railyard
