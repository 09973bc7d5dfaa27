#pragma once

// The Control Plane dock: the training networks a control-plane service
// (railyard-controld or a production one speaking the same API) manages,
// their status and applied intent version; the selected network's telemetry
// over a window (p99 RTT, ECN-CE rate, retransmits, loss, hang suspects) and
// its detections (severity, element, wall-clock time, the jobs it slows and
// by how much), refreshed every few seconds while the dock is shown; filing
// an incident for the selected detection; the incidents filed, with the
// selected one's runbook; and pushing the Intents dock's reviewed version to
// the selected network. Selections survive refreshes.
// Every request is asynchronous (ControlClient::send): the UI never waits
// on the network.

#include "core/controlplane/controlclient.h"

#include <QDockWidget>
#include <QJsonArray>

#include <functional>
#include <memory>
#include <string>

class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTextBrowser;
class QTimer;
class QTreeWidget;

namespace Railyard {

class ControlAuditView;

class ControlPlaneDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit ControlPlaneDock(QWidget *parent = nullptr);
    ~ControlPlaneDock() override;

    /// Talks to this service from now on and refreshes.
    void setConnection(const ControlConnection &connection);
    bool isConnected() const { return m_client != nullptr; }

    /// Re-reads the networks, the incidents and the selected network's telemetry.
    void refresh();
    /// Pushes a reviewed intent file to the selected network; the result is
    /// shown in the status line (and emitted).
    void pushIntent(const std::string &reviewedFile);

    QString selectedNetwork() const;
    void selectNetwork(const QString &id);
    /// The status line's text (tests).
    QString statusText() const;
    /// The answer to the last push (applied, unchanged or refused with its
    /// reasons): kept until the next push, whatever refreshes say.
    QString pushResultText() const;
    /// Ask before each push, naming the network, its cluster and the
    /// version (the desktop app turns it on; off for scripted use).
    void setConfirmPush(bool confirm) { m_confirmPush = confirm; }
    /// The telemetry shown, one "name: value" per line (tests).
    QString telemetryText() const;
    QTreeWidget *networksView() const { return m_networks; }
    QTreeWidget *incidentsView() const { return m_incidents; }
    QTreeWidget *detectionsView() const { return m_detections; }
    /// The selected incident's runbook, as shown (plain text).
    QString runbookText() const;
    /// Selects the newest detection on `element`; false when none is listed.
    bool selectDetection(const QString &element);
    /// Files an incident for the selected detection (its symptom and element,
    /// on the selected network's cluster); the answer is shown in the
    /// status line, the new incident selected and its runbook opened.
    void fileIncident();

signals:
    void connectRequested();
    /// The reviewed file to push: the main window answers with pushIntent().
    void pushRequested();
    /// A push finished: ok, and the message shown.
    void pushFinished(bool ok, const QString &message);
    /// A refresh finished (networks, incidents and telemetry answered).
    void refreshed();
    /// fileIncident() answered: ok, and the status line's text.
    void incidentFiled(bool ok, const QString &message);
    /// The Audit tab was filled (or says why not).
    void auditShown();

private:
    void build();
    void refreshTelemetry();
    void setStatus(const QString &text, bool error);
    void showPushResult(const QString &text, bool error);
    void updateButtons();
    /// One request of the current refresh answered.
    void requestDone();
    void showDetections(const QJsonArray &detections);
    void showIncidents(const QJsonArray &incidents);
    void showRunbook();
    /// Reads the newest audit rows into the Audit tab; `done` when answered.
    void refreshAudit(std::function<void()> done = {});

    std::unique_ptr<ControlClient> m_client;
    QLabel *m_status = nullptr;
    QPushButton *m_connect = nullptr;
    QPushButton *m_refresh = nullptr;
    QPushButton *m_push = nullptr;
    QTreeWidget *m_networks = nullptr;
    QComboBox *m_window = nullptr;
    QLabel *m_telemetry = nullptr;
    QLabel *m_pushResult = nullptr;
    bool m_confirmPush = false;
    QTabWidget *m_tabs = nullptr;
    QTreeWidget *m_detections = nullptr;
    QPushButton *m_file = nullptr;
    QTreeWidget *m_incidents = nullptr;
    QTextBrowser *m_runbook = nullptr;
    ControlAuditView *m_audit = nullptr;
    QString m_detectionKey;   ///< the selected detection's (kind|element|first interval)
    QString m_selectIncident; ///< an incident just filed, to select when the list arrives
    QTimer *m_timer = nullptr;
    int m_pending = 0;           ///< requests of the current refresh still out
    bool m_refreshAgain = false; ///< a refresh was asked for while one was out
};

} // namespace Railyard
