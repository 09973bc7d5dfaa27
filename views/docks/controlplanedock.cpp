#include "views/docks/controlplanedock.h"

#include "core/controlplane/controlrecords.h"
#include "core/intents/intentreview.h"
#include "views/docks/controlauditview.h"

#include <QColor>
#include <QComboBox>
#include <QDateTime>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QTreeWidget>
#include <QUuid>
#include <QVBoxLayout>

#include <utility>

namespace Railyard {
namespace {

constexpr int refreshMs = 5000;

QJsonObject object(const ControlReply &reply)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(reply.body)).object();
}

} // namespace

ControlPlaneDock::ControlPlaneDock(QWidget *parent)
    : QDockWidget(tr("Control Plane"), parent)
{
    setObjectName(QStringLiteral("ControlPlaneDock"));
    build();
    m_timer = new QTimer(this);
    m_timer->setInterval(refreshMs);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (isVisible() && m_pending == 0)
            refresh();
    });
    updateButtons();
}

ControlPlaneDock::~ControlPlaneDock() = default;

void ControlPlaneDock::build()
{
    auto *content = new QWidget(this);
    auto *layout = new QVBoxLayout(content);
    auto *top = new QHBoxLayout;
    m_status = new QLabel(tr("Not connected."), content);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_status, 1);
    m_connect = new QPushButton(tr("Connect…"), content);
    connect(m_connect, &QPushButton::clicked, this, &ControlPlaneDock::connectRequested);
    top->addWidget(m_connect);
    m_refresh = new QPushButton(tr("Refresh"), content);
    connect(m_refresh, &QPushButton::clicked, this, &ControlPlaneDock::refresh);
    top->addWidget(m_refresh);
    layout->addLayout(top);
    // The last push's answer, whole, above the splitter: a refusal's reasons
    // are never clipped by a small pane.
    m_pushResult = new QLabel(content);
    m_pushResult->setObjectName(QStringLiteral("pushResult"));
    m_pushResult->setWordWrap(true);
    m_pushResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pushResult->hide();
    layout->addWidget(m_pushResult);

    auto *splitter = new QSplitter(Qt::Vertical, content);
    m_networks = new QTreeWidget(splitter);
    m_networks->setRootIsDecorated(false);
    m_networks->setHeaderLabels({tr("Network"), tr("Cluster"), tr("Status"), tr("Intent"), tr("Gbit/s per host")});
    m_networks->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_networks->setMinimumHeight(3 * fontMetrics().lineSpacing());
    connect(m_networks, &QTreeWidget::currentItemChanged, this, [this] {
        refreshTelemetry();
        updateButtons();
    });

    auto *telemetryBox = new QWidget(splitter);
    auto *telemetryLayout = new QVBoxLayout(telemetryBox);
    telemetryLayout->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Telemetry over"), telemetryBox));
    m_window = new QComboBox(telemetryBox);
    m_window->addItem(tr("1 minute"), QStringLiteral("1m"));
    m_window->addItem(tr("15 minutes"), QStringLiteral("15m"));
    m_window->addItem(tr("1 hour"), QStringLiteral("1h"));
    m_window->setCurrentIndex(1);
    connect(m_window, &QComboBox::currentIndexChanged, this, &ControlPlaneDock::refreshTelemetry);
    row->addWidget(m_window);
    row->addStretch(1);
    m_push = new QPushButton(tr("Push Reviewed Intent"), telemetryBox);
    m_push->setToolTip(tr("Apply the Intents dock's approved version to the selected network"));
    connect(m_push, &QPushButton::clicked, this, &ControlPlaneDock::pushRequested);
    row->addWidget(m_push);
    telemetryLayout->addLayout(row);
    // The aggregates scroll rather than set the dock's minimum height: the
    // dock shares the right area with others in a 900x600 window.
    auto *telemetryScroll = new QScrollArea(telemetryBox);
    telemetryScroll->setFrameShape(QFrame::NoFrame);
    telemetryScroll->setWidgetResizable(true);
    m_telemetry = new QLabel(telemetryScroll);
    m_telemetry->setTextFormat(Qt::PlainText);
    m_telemetry->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_telemetry->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    telemetryScroll->setWidget(m_telemetry);
    const int line = fontMetrics().lineSpacing();
    telemetryScroll->setMinimumHeight(2 * line);
    telemetryLayout->addWidget(telemetryScroll, 1);

    m_tabs = new QTabWidget(splitter);
    auto *detectionsBox = new QWidget(m_tabs);
    auto *detectionsLayout = new QVBoxLayout(detectionsBox);
    detectionsLayout->setContentsMargins(0, 0, 0, 0);
    m_detections = new QTreeWidget(detectionsBox);
    m_detections->setRootIsDecorated(false);
    m_detections->setHeaderLabels({tr("Severity"), tr("Detection"), tr("Element"), tr("Since"), tr("Jobs")});
    m_detections->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_detections->header()->setStretchLastSection(true);
    m_detections->setMinimumHeight(3 * line);
    connect(m_detections, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        m_detectionKey = item ? item->data(0, Qt::UserRole).toString() : QString();
        updateButtons();
    });
    detectionsLayout->addWidget(m_detections, 1);
    auto *fileRow = new QHBoxLayout;
    fileRow->addStretch(1);
    m_file = new QPushButton(tr("File Incident"), detectionsBox);
    m_file->setToolTip(tr("File a network incident for the selected detection; its runbook names the jobs it slows "
                          "and the hosts and links to drain"));
    connect(m_file, &QPushButton::clicked, this, &ControlPlaneDock::fileIncident);
    fileRow->addWidget(m_file);
    detectionsLayout->addLayout(fileRow);
    m_tabs->addTab(detectionsBox, tr("Detections"));

    auto *incidentsSplitter = new QSplitter(Qt::Vertical, m_tabs);
    m_incidents = new QTreeWidget(incidentsSplitter);
    m_incidents->setRootIsDecorated(false);
    m_incidents->setHeaderLabels({tr("Incident"), tr("Filed"), tr("Symptom"), tr("Severity"), tr("Detections")});
    m_incidents->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(m_incidents, &QTreeWidget::currentItemChanged, this, &ControlPlaneDock::showRunbook);
    m_incidents->setMinimumHeight(3 * line);
    m_runbook = new QTextBrowser(incidentsSplitter);
    m_runbook->setObjectName(QStringLiteral("runbook"));
    m_runbook->setOpenExternalLinks(false);
    m_runbook->setPlaceholderText(tr("Select an incident to read its runbook."));
    m_runbook->setMinimumHeight(3 * line);
    incidentsSplitter->setStretchFactor(1, 1);
    m_tabs->addTab(incidentsSplitter, tr("Incidents"));
    m_audit = new ControlAuditView(m_tabs);
    m_tabs->addTab(m_audit, tr("Audit"));
    connect(m_audit, &ControlAuditView::filterChanged, this, [this] { refreshAudit(); });
    // The log is read when its tab is shown (admin tokens only), not on every refresh.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (m_tabs->widget(index) == m_audit)
            refreshAudit();
    });
    splitter->setStretchFactor(0, 1); // networks
    splitter->setStretchFactor(1, 1); // telemetry
    splitter->setStretchFactor(2, 2); // detections and incidents
    splitter->setSizes({100, 150, 300}); // in proportion: the aggregates' eight lines in view
    layout->addWidget(splitter, 1);
    setWidget(content);
}

void ControlPlaneDock::setConnection(const ControlConnection &connection)
{
    m_client = std::make_unique<ControlClient>(connection);
    m_pending = 0;
    m_refreshAgain = false;
    showPushResult(QString(), false); // a refusal from the last connection says nothing of this one
    setStatus(tr("Connecting to %1…").arg(connection.url), false);
    m_timer->start();
    updateButtons();
    refresh();
}

void ControlPlaneDock::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

void ControlPlaneDock::showPushResult(const QString &text, bool error)
{
    m_pushResult->setText(text);
    m_pushResult->setStyleSheet(error ? QStringLiteral("color: #b00020; font-weight: bold;") : QString());
    m_pushResult->setVisible(!text.isEmpty());
}

QString ControlPlaneDock::pushResultText() const
{
    return m_pushResult->text();
}

void ControlPlaneDock::updateButtons()
{
    m_refresh->setEnabled(m_client != nullptr);
    m_push->setEnabled(m_client != nullptr && m_networks->currentItem() != nullptr);
    m_file->setEnabled(m_client != nullptr && m_networks->currentItem() != nullptr
                       && m_detections->currentItem() != nullptr);
}

QString ControlPlaneDock::statusText() const
{
    return m_status->text();
}

QString ControlPlaneDock::telemetryText() const
{
    return m_telemetry->text();
}

QString ControlPlaneDock::selectedNetwork() const
{
    const QTreeWidgetItem *item = m_networks->currentItem();
    return item ? item->text(0) : QString();
}

void ControlPlaneDock::selectNetwork(const QString &id)
{
    for (int i = 0; i < m_networks->topLevelItemCount(); ++i)
        if (m_networks->topLevelItem(i)->text(0) == id)
            m_networks->setCurrentItem(m_networks->topLevelItem(i));
}

void ControlPlaneDock::requestDone()
{
    if (m_pending > 0 && --m_pending == 0) {
        emit refreshed();
        if (m_refreshAgain) {
            m_refreshAgain = false;
            refresh();
        }
    }
}

void ControlPlaneDock::refresh()
{
    if (!m_client)
        return;
    if (m_pending > 0) {
        m_refreshAgain = true; // one refresh at a time: the next starts when this one has answered
        return;
    }
    m_pending = 2;
    auto finished = [this] { requestDone(); };
    const QString url = m_client->connection().url;
    m_client->send(
        "GET", QStringLiteral("/v1/training-networks?limit=500"), {}, {}, [this, url, finished](ControlReply reply) {
            if (!reply.ok()) {
                setStatus(tr("%1: %2").arg(url, reply.errorText()), true);
                finished();
                return;
            }
            const QString selected = selectedNetwork();
            // Rebuilt without signals: the telemetry of the kept selection is
            // asked for once, below, not for the empty list in between.
            const QSignalBlocker blocker(m_networks);
            m_networks->clear();
            const std::vector<NetworkAnswer> items = networksFromJson(object(reply));
            const QLocale locale;
            for (const NetworkAnswer &answer : items) {
                const NetworkRecord &n = answer.network;
                auto *item = new QTreeWidgetItem(m_networks);
                item->setText(0, QString::fromStdString(n.id));
                item->setText(1, QString::fromStdString(n.cluster));
                // A failed network says why in its row, not only in a tooltip.
                const QString reason = QString::fromStdString(n.statusReason);
                item->setText(2, reason.isEmpty() ? QString::fromStdString(n.status)
                                                  : tr("%1: %2").arg(QString::fromStdString(n.status), reason));
                item->setToolTip(2, reason);
                item->setData(2, Qt::UserRole, QString::fromStdString(n.status));
                item->setData(2, Qt::UserRole + 1, reason);
                if (n.status == "failed")
                    item->setForeground(2, QColor(0xb0, 0x00, 0x20));
                item->setText(3, n.intentVersion > 0 ? tr("v%1").arg(n.intentVersion) : tr("none"));
                item->setText(4, locale.toString(n.bandwidthGbpsPerHost, 'f', 0));
                if (item->text(0) == selected || (selected.isEmpty() && m_networks->topLevelItemCount() == 1))
                    m_networks->setCurrentItem(item);
            }
            {
                // Plain HTTP beyond this machine: the token crosses the network in clear.
                const QString warning = m_client ? m_client->connection().securityWarning() : QString();
                setStatus(tr("%1: %n network(s)", nullptr, int(items.size())).arg(url)
                              + (warning.isEmpty() ? QString() : QLatin1Char('\n') + tr("Warning: plain HTTP; the token is sent unencrypted.")),
                          !warning.isEmpty());
            }
            updateButtons();
            if (m_networks->currentItem()) {
                ++m_pending;
                refreshTelemetry();
            }
            finished();
        });
    m_client->send(
        "GET", QStringLiteral("/v1/incidents/network?limit=500"), {}, {}, [this, finished](ControlReply reply) {
            if (reply.ok())
                showIncidents(object(reply).value(QStringLiteral("items")).toArray());
            finished();
        });
    if (m_tabs->currentWidget() == m_audit) {
        ++m_pending;
        refreshAudit(finished);
    }
}

void ControlPlaneDock::refreshAudit(std::function<void()> done)
{
    if (!m_client) {
        if (done)
            done();
        return;
    }
    m_client->send("GET",
                   QStringLiteral("/v1/audit?newest=true&limit=200")
                       + (m_audit->changesOnly() ? QStringLiteral("&changes=true") : QString()),
                   {}, {},
                   [this, done = std::move(done)](ControlReply reply) {
                       if (reply.ok())
                           m_audit->showRows(object(reply).value(QStringLiteral("items")).toArray());
                       else if (reply.status == 403)
                           m_audit->showProblem(tr("The audit log is for admin tokens; this one may not read it (%1).")
                                                    .arg(reply.errorText()));
                       else
                           m_audit->showProblem(tr("The audit log could not be read: %1").arg(reply.errorText()));
                       if (done)
                           done();
                       emit auditShown();
                   });
}

namespace {

QString severityText(const std::string &severity)
{
    if (severity == "stalled")
        return ControlPlaneDock::tr("stalled");
    if (severity == "slowdown")
        return ControlPlaneDock::tr("slowdown");
    // No job known on the hosts: nothing was predicted, so nothing is said to be harmless.
    if (severity == "unknown")
        return ControlPlaneDock::tr("unknown: no job known");
    return ControlPlaneDock::tr("no job impact");
}

int severityRank(const std::string &severity)
{
    return severity == "stalled" ? 3 : severity == "slowdown" ? 2 : severity == "unknown" ? 1 : 0;
}

QColor severityColor(const std::string &severity)
{
    return severity == "stalled"    ? QColor(0xb0, 0x00, 0x20)
        : severity == "slowdown" ? QColor(0xb3, 0x5c, 0x00)
        : severity == "unknown"  ? QColor(0x7d, 0x5a, 0x00)
                                 : QColor();
}

/// "12:16:33 UTC" with the local time and date in the tooltip.
QString sinceText(const DetectionAnswer &d, QString *tooltip)
{
    const QDateTime utc = QDateTime::fromString(QString::fromStdString(d.firstTimeUtc), Qt::ISODate);
    if (!utc.isValid()) {
        *tooltip = ControlPlaneDock::tr("Interval %1 of the service's telemetry").arg(d.firstInterval);
        return ControlPlaneDock::tr("interval %1").arg(d.firstInterval);
    }
    const QLocale locale;
    *tooltip = ControlPlaneDock::tr("%1 UTC\n%2 local time")
                   .arg(utc.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                        locale.toString(utc.toLocalTime(), QLocale::LongFormat));
    return utc.toString(QStringLiteral("HH:mm:ss")) + ControlPlaneDock::tr(" UTC");
}

QString detectionKey(const DetectionAnswer &d)
{
    return QString::fromStdString(d.kind + '|' + d.element + '|' + std::to_string(d.firstInterval));
}

} // namespace

void ControlPlaneDock::showDetections(const QJsonArray &list)
{
    // The selection is remembered by key, not by item: a refresh without a
    // network, or one in which the detection is missing, does not lose it.
    const QString selected = m_detectionKey;
    const std::vector<DetectionAnswer> detections = detectionsFromJson(list);
    const QSignalBlocker blocker(m_detections);
    m_detections->clear();
    // The newest first: the service lists them in the order raised.
    for (auto it = detections.rbegin(); it != detections.rend(); ++it) {
        const DetectionAnswer &d = *it;
        auto *item = new QTreeWidgetItem(m_detections);
        item->setText(0, severityText(d.severity) + (d.active ? QString() : tr(" (cleared)")));
        item->setForeground(0, severityColor(d.severity));
        item->setText(1, QString::fromStdString(d.kind));
        item->setText(2, QString::fromStdString(d.element));
        QString tooltip;
        item->setText(3, sinceText(d, &tooltip));
        item->setToolTip(3, tooltip);
        item->setText(4, d.jobsText());
        QStringList drain;
        for (const std::string &h : d.drainHosts)
            drain << tr("host %1").arg(QString::fromStdString(h));
        for (const std::string &l : d.drainLinks)
            drain << tr("link %1").arg(QString::fromStdString(l));
        item->setToolTip(4, d.summary() + QLatin1Char('\n')
                                + tr("Drain: %1").arg(drain.isEmpty() ? tr("nothing") : drain.join(QStringLiteral(", "))));
        item->setData(0, Qt::UserRole, detectionKey(d));
        item->setData(1, Qt::UserRole, QString::fromStdString(d.symptom));
        if (item->data(0, Qt::UserRole).toString() == selected)
            m_detections->setCurrentItem(item);
    }
    m_tabs->setTabText(0, tr("Detections (%1)").arg(detections.size()));
    updateButtons();
}

void ControlPlaneDock::showIncidents(const QJsonArray &list)
{
    const QTreeWidgetItem *current = m_incidents->currentItem();
    QString selected = current ? current->text(0) : QString();
    if (!m_selectIncident.isEmpty())
        selected = std::exchange(m_selectIncident, QString());
    // Rebuilding the list must not flash the runbook of nothing.
    const QSignalBlocker blocker(m_incidents);
    m_incidents->clear();
    QTreeWidgetItem *select = nullptr;
    for (const QJsonValue &v : list) {
        const std::optional<IncidentAnswer> a = incidentFromJson(v.toObject());
        if (!a)
            continue;
        const IncidentRecord &i = a->incident;
        auto *item = new QTreeWidgetItem(m_incidents);
        item->setText(0, QString::fromStdString(i.id));
        item->setText(1, QString::fromStdString(i.createdUtc).left(19).replace(QLatin1Char('T'), QLatin1Char(' ')));
        item->setToolTip(1, tr("Filed by %1 (UTC)").arg(QString::fromStdString(i.createdBy)));
        item->setText(2, QString::fromStdString(i.symptom));
        std::string worst = "none";
        QStringList lines;
        for (const DetectionAnswer &d : a->detections) {
            if (severityRank(d.severity) > severityRank(worst))
                worst = d.severity;
            lines << d.summary();
        }
        item->setText(3, a->detections.empty() ? tr("unknown") : severityText(worst));
        item->setForeground(3, severityColor(worst));
        item->setText(4, QString::number(a->detections.size()));
        item->setToolTip(4, lines.isEmpty() ? tr("No detection was linked when it was filed.")
                                            : lines.join(QLatin1Char('\n')));
        item->setData(0, Qt::UserRole, QString::fromStdString(i.runbook));
        if (item->text(0) == selected)
            select = item;
    }
    if (select)
        m_incidents->setCurrentItem(select);
    m_tabs->setTabText(1, tr("Incidents (%1)").arg(m_incidents->topLevelItemCount()));
    showRunbook();
}

void ControlPlaneDock::showRunbook()
{
    const QTreeWidgetItem *item = m_incidents->currentItem();
    const QString runbook = item ? item->data(0, Qt::UserRole).toString() : QString();
    // A refresh that brings the same runbook keeps the reader's scroll position.
    if (runbook != m_runbook->property("markdown").toString()) {
        m_runbook->setProperty("markdown", runbook);
        m_runbook->setMarkdown(runbook);
    }
}

QString ControlPlaneDock::runbookText() const
{
    return m_runbook->toPlainText();
}

bool ControlPlaneDock::selectDetection(const QString &element)
{
    for (int i = 0; i < m_detections->topLevelItemCount(); ++i) {
        if (m_detections->topLevelItem(i)->text(2) == element) {
            m_detections->setCurrentItem(m_detections->topLevelItem(i));
            m_detectionKey = m_detections->topLevelItem(i)->data(0, Qt::UserRole).toString();
            return true;
        }
    }
    return false;
}

void ControlPlaneDock::fileIncident()
{
    const QTreeWidgetItem *detection = m_detections->currentItem();
    const QTreeWidgetItem *networkItem = m_networks->currentItem();
    if (!m_client || !detection || !networkItem) {
        setStatus(tr("Select a detection of a network first."), true);
        emit incidentFiled(false, statusText());
        return;
    }
    const QString element = detection->text(2);
    const QJsonObject body{{QStringLiteral("cluster"), networkItem->text(1)},
                           {QStringLiteral("symptom"), detection->data(1, Qt::UserRole).toString()},
                           {QStringLiteral("element"), element},
                           {QStringLiteral("network_id"), networkItem->text(0)}};
    setStatus(tr("Filing an incident for %1…").arg(element), false);
    m_client->send("POST", QStringLiteral("/v1/incidents/network"),
                   QJsonDocument(body).toJson(QJsonDocument::Compact).toStdString(),
                   QUuid::createUuid().toString(QUuid::WithoutBraces), [this, element](ControlReply reply) {
                       if (reply.ok()) {
                           const std::optional<IncidentAnswer> a = incidentFromJson(object(reply));
                           const QString id = a ? QString::fromStdString(a->incident.id) : QString();
                           setStatus(tr("Filed incident %1 for %2.").arg(id, element), false);
                           m_selectIncident = id;
                           m_tabs->setCurrentIndex(1);
                       } else {
                           setStatus(tr("Filing an incident for %1 refused: %2").arg(element, reply.errorText()), true);
                           // The status line goes back to the networks at the next
                           // refresh; the refusal stays on screen, as a push's does.
                           showPushResult(statusText(), true);
                       }
                       emit incidentFiled(reply.ok(), statusText());
                       refresh();
                   });
}

void ControlPlaneDock::refreshTelemetry()
{
    const QString network = selectedNetwork();
    if (!m_client || network.isEmpty()) {
        m_telemetry->setText(tr("Select a network to see its telemetry."));
        showDetections({});
        return;
    }
    if (const QTreeWidgetItem *item = m_networks->currentItem();
        item && item->data(2, Qt::UserRole).toString() == QLatin1String("failed")) {
        // Nothing was provisioned: no telemetry to show, only why.
        m_telemetry->setText(tr("This network failed to provision: %1\nIt carries no traffic and has no telemetry.")
                                 .arg(item->data(2, Qt::UserRole + 1).toString()));
        showDetections({});
        return;
    }
    const QString path = QStringLiteral("/v1/training-networks/%1/telemetry?window=%2")
                             .arg(network, m_window->currentData().toString());
    m_client->send("GET", path, {}, {}, [this, network](ControlReply reply) {
        if (network == selectedNetwork()) {
            if (!reply.ok()) {
                m_telemetry->setText(reply.errorText());
            } else {
                const QJsonObject t = object(reply);
                const QLocale locale;
                QStringList lines;
                lines << tr("p99 RTT: %1 µs (estimated)")
                             .arg(locale.toString(t.value(QStringLiteral("p99_rtt_us")).toDouble(), 'f', 1))
                      << tr("ECN-CE marked: %1 % of packets")
                             .arg(locale.toString(100 * t.value(QStringLiteral("ecn_ce_rate")).toDouble(), 'g', 3))
                      << tr("Retransmits: %1 per second")
                             .arg(locale.toString(t.value(QStringLiteral("retransmits")).toDouble(), 'g', 3))
                      << tr("Loss: %1 %")
                             .arg(locale.toString(t.value(QStringLiteral("observed_loss_pct")).toDouble(), 'g', 3))
                      << tr("Collective hang suspects: %1")
                             .arg(t.value(QStringLiteral("collective_hang_suspects")).toInt())
                      << tr("%1 samples from %2")
                             .arg(t.value(QStringLiteral("samples")).toInt())
                             .arg(t.value(QStringLiteral("source")).toString());
                m_telemetry->setText(lines.join(QLatin1Char('\n')));
                showDetections(t.value(QStringLiteral("detections")).toArray());
            }
        }
        requestDone();
    });
}

void ControlPlaneDock::pushIntent(const std::string &reviewedFile)
{
    const QString network = selectedNetwork();
    if (!m_client || network.isEmpty()) {
        setStatus(tr("Connect and select a network first."), true);
        emit pushFinished(false, statusText());
        return;
    }
    if (reviewedFile.empty()) {
        setStatus(tr("The Intents dock shows no reviewed version: submit and approve it first."), true);
        emit pushFinished(false, statusText());
        return;
    }
    if (m_confirmPush) {
        const QTreeWidgetItem *item = m_networks->currentItem();
        const QString cluster = item ? item->text(1) : QString();
        const ReviewedReadResult read = IntentReview::read(reviewedFile, QStringLiteral("push"));
        const QString version = read.ok() ? tr("v%1").arg(read.reviewed->intent.metadata.version) : tr("?");
        const QString intentCluster = read.ok() ? QString::fromStdString(read.reviewed->intent.cluster) : QString();
        const auto answer = QMessageBox::question(
            this, tr("Push Reviewed Intent"),
            tr("Apply intent %1 of cluster %2 to network %3 (cluster %4) on %5?\n\nThe service decides with the "
               "role of the token this window is connected with.")
                .arg(version, intentCluster, network, cluster, m_client->connection().url));
        if (answer != QMessageBox::Yes) {
            showPushResult(tr("Push to %1 cancelled.").arg(network), false);
            emit pushFinished(false, m_pushResult->text());
            return;
        }
    }
    showPushResult(tr("Pushing to %1…").arg(network), false);
    m_client->send("POST", QStringLiteral("/v1/training-networks/%1/intents").arg(network), reviewedFile,
                   QUuid::createUuid().toString(QUuid::WithoutBraces), [this, network](ControlReply reply) {
                       if (reply.ok()) {
                           const IntentPushAnswer a = intentPushFromJson(object(reply)).value_or(IntentPushAnswer{});
                           setStatus(tr("%1: intent v%2 %3.")
                                         .arg(network)
                                         .arg(a.version)
                                         .arg(a.status == "applied" ? tr("applied") : tr("already applied")),
                                     false);
                       } else {
                           setStatus(tr("%1: push refused: %2").arg(network, reply.errorText()), true);
                       }
                       // The status line is the refreshes' too: the answer stays here.
                       showPushResult(statusText(), !reply.ok());
                       emit pushFinished(reply.ok(), statusText());
                       refresh();
                   });
}

} // namespace Railyard
