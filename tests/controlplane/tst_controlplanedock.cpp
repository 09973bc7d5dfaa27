// The Control Plane dock against a real railyard-controld started on
// loopback: connect, list networks, push a reviewed intent (and see a
// refused one's reason), read telemetry, detections (a NIC link of
// lab-llama at a quarter of its rate) and incidents, file an incident for a
// detection and read its runbook; the main window's File action and View
// entry. With RAILYARD_SCREENSHOT_DIR set, the dock is
// saved as controlplane-dock.png there (docs/images).

#include "core/controlplane/controlclient.h"
#include "core/intents/ed25519key.h"
#include "core/intents/intentreview.h"
#include "views/docks/controlauditview.h"
#include "views/docks/controlplanedock.h"
#include "views/docks/intentreviewpanel.h"
#include "views/docks/intentsdock.h"
#include "views/mainwindow.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QTabWidget>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace Railyard;

class TestControlPlaneDock : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void connectPushAndWatch();
    void mainWindowWiring();
    void detectionsAndIncidents();
    void failedNetworkSaysWhy();
    void auditTab();

private:
    QString token(const char *role);
    /// An operator asks for a lab-2rack network with `rails` rails; its id ("" when refused).
    QString createNetwork(int rails);
    std::string reviewed(int version, bool selfApproved);

    QTemporaryDir m_dir;
    QProcess m_service;
    QString m_url;
    std::map<QString, QString> m_tokens;
    Ed25519Key m_alice = Ed25519Key::generate();
    Ed25519Key m_bob = Ed25519Key::generate();
};

void TestControlPlaneDock::initTestCase()
{
    // The saved connection lives under the test's own config folder.
    qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toUtf8());
    QDir(m_dir.path()).mkpath(QStringLiteral("keyring"));
    QString error;
    QVERIFY(m_alice.writeKeyPair(m_dir.filePath(QStringLiteral("keyring")), QStringLiteral("alice"), &error));
    QVERIFY(m_bob.writeKeyPair(m_dir.filePath(QStringLiteral("keyring")), QStringLiteral("bob"), &error));
    const QString db = m_dir.filePath(QStringLiteral("controld.db"));
    for (const char *role : {"viewer", "reviewer", "operator", "admin"}) {
        QProcess add;
        add.start(QStringLiteral(RAILYARD_CONTROLD),
                  {QStringLiteral("token"), QStringLiteral("add"), QStringLiteral("--db"), db, QStringLiteral("--role"),
                   QLatin1String(role), QStringLiteral("--name"), QLatin1String(role)});
        QVERIFY(add.waitForFinished(30000));
        QCOMPARE(add.exitCode(), 0);
        m_tokens[QLatin1String(role)] = QString::fromUtf8(add.readAllStandardOutput()).trimmed();
    }
    m_service.setProcessChannelMode(QProcess::SeparateChannels);
    m_service.start(QStringLiteral(RAILYARD_CONTROLD),
                    {QStringLiteral("serve"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                     QStringLiteral("--db"), db, QStringLiteral("--keyring"), m_dir.filePath(QStringLiteral("keyring")),
                     QStringLiteral("--cluster"),
                     QStringLiteral("lab-2rack=" RAILYARD_SAMPLES "/lab-2rack.fabric.json"), QStringLiteral("--job"),
                     QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.job.json"), QStringLiteral("--inject"),
                     QStringLiteral("hang:rank:3@5"), QStringLiteral("--inject"),
                     QStringLiteral("degrade:lab-r1-h1-nic0:0.25@2"), QStringLiteral("--telemetry-interval"),
                     QStringLiteral("0.2")});
    QVERIFY(m_service.waitForStarted(10000));
    QTRY_VERIFY_WITH_TIMEOUT(m_service.canReadLine(), 30000);
    const QString line = QString::fromUtf8(m_service.readLine());
    const QRegularExpressionMatch match
        = QRegularExpression(QStringLiteral("listening on (http://[0-9.:]+)")).match(line);
    QVERIFY2(match.hasMatch(), qPrintable(line + QString::fromUtf8(m_service.readAllStandardError())));
    m_url = match.captured(1);
}

void TestControlPlaneDock::cleanupTestCase()
{
    m_service.terminate();
    m_service.waitForFinished(10000);
}

QString TestControlPlaneDock::createNetwork(int rails)
{
    ControlClient operatorClient({m_url, token("operator"), {}});
    const ControlReply created = operatorClient.post(
        QStringLiteral("/v1/training-networks"),
        QStringLiteral(R"({"cluster":"lab-2rack","backend":"roce","rails":%1,"topology":"rail_optimized"})")
            .arg(rails)
            .toStdString());
    if (!created.ok()) {
        qWarning("creating a network: %s", qPrintable(created.errorText()));
        return {};
    }
    return QJsonDocument::fromJson(QByteArray::fromStdString(created.body))
        .object()
        .value(QStringLiteral("network_id"))
        .toString();
}

QString TestControlPlaneDock::token(const char *role)
{
    return m_tokens[QLatin1String(role)];
}

std::string TestControlPlaneDock::reviewed(int version, bool selfApproved)
{
    const std::string intent = R"({"format":"railyard-intent","format_version":1,"metadata":{"version":)"
        + std::to_string(version)
        + R"(,"author":"alice","created_utc":"2026-12-01T10:00:00Z","message":"open the lab"},"cluster":"lab-2rack",)"
          R"("backend":"roce","rails":2,"topology":"rail_optimized","allow":[{"name":"rdma-lab","from":"*","to":"*","proto":"rdma"}],"deny_public_egress":true})";
    ReviewedIntent r
        = IntentReview::submit(intent, QStringLiteral("lab.intent.json"), m_alice, "alice", "2026-12-01T10:00:00Z");
    if (selfApproved) {
        r.state = ReviewState::Approved;
        r.reviewer = IntentSignature{"alice", m_alice.rawPublicKey(), "2026-12-01T11:00:00Z", {}};
        r.reviewer->signature = m_alice.sign(IntentReview::reviewerMessage(r));
    } else {
        IntentReview::decide(r, true, m_bob, "bob", "ok", "2026-12-01T11:00:00Z");
    }
    return IntentReview::write(r);
}

void TestControlPlaneDock::connectPushAndWatch()
{
    // An operator provisions a network through the API.
    const QString network = createNetwork(2);
    QVERIFY(!network.isEmpty());
    ControlClient operatorClient({m_url, token("operator"), {}});
    QVERIFY(operatorClient
                .post(QStringLiteral("/v1/incidents/network"), R"({"cluster":"lab-2rack","symptom":"link_degraded"})")
                .ok());

    ControlPlaneDock dock;
    dock.resize(560, 620);
    dock.show();
    QSignalSpy refreshed(&dock, &ControlPlaneDock::refreshed);
    dock.setConnection({m_url, token("reviewer"), {}});
    QVERIFY(refreshed.wait(20000));
    QCOMPARE(dock.networksView()->topLevelItemCount(), 1);
    QCOMPARE(dock.selectedNetwork(), network); // the only one is selected
    QVERIFY2(dock.statusText().contains(QLatin1String("1 network")), qPrintable(dock.statusText()));
    QCOMPARE(dock.incidentsView()->topLevelItemCount(), 1);

    // A self-approved file is refused with the service's reason.
    QSignalSpy pushed(&dock, &ControlPlaneDock::pushFinished);
    dock.pushIntent(reviewed(1, true));
    QVERIFY(pushed.wait(20000));
    QCOMPARE(pushed.last().at(0).toBool(), false);
    QVERIFY2(dock.statusText().contains(QLatin1String("same key")), qPrintable(dock.statusText()));
    // The refusal stays on screen after the refresh that follows the push
    // (the status line then speaks of the networks again).
    QVERIFY(refreshed.wait(20000));
    QVERIFY2(dock.pushResultText().contains(QLatin1String("same key")), qPrintable(dock.pushResultText()));
    QVERIFY(dock.findChild<QLabel *>(QStringLiteral("pushResult"))->isVisibleTo(&dock));
    if (const QByteArray shots = qgetenv("RAILYARD_SCREENSHOT_DIR"); !shots.isEmpty())
        QVERIFY(dock.grab().save(
            QDir(QString::fromLocal8Bit(shots)).filePath(QStringLiteral("controlplane-refused-push.png"))));
    // The reviewed one is applied, and the list shows its version.
    dock.pushIntent(reviewed(1, false));
    QVERIFY(pushed.wait(20000));
    QVERIFY2(pushed.last().at(0).toBool(), qPrintable(dock.statusText()));
    QVERIFY2(dock.pushResultText().contains(QLatin1String("intent v1 applied")), qPrintable(dock.pushResultText()));
    // The push refreshes the list (a periodic refresh may answer first, with the old version).
    QTRY_COMPARE_WITH_TIMEOUT(
        dock.networksView()->topLevelItemCount() > 0 ? dock.networksView()->topLevelItem(0)->text(3) : QString(),
        QStringLiteral("v1"), 20000);

    // Telemetry arrives, and the hang the service simulates shows up.
    QTRY_VERIFY_WITH_TIMEOUT((dock.refresh(), dock.telemetryText().contains(QLatin1String("hang suspects: 1"))), 60000);
    QVERIFY(dock.telemetryText().contains(QLatin1String("p99 RTT")));

    const QByteArray shots = qgetenv("RAILYARD_SCREENSHOT_DIR");
    if (!shots.isEmpty()) {
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() > 3, 20000);
        QVERIFY(
            dock.grab().save(QDir(QString::fromLocal8Bit(shots)).filePath(QStringLiteral("controlplane-dock.png"))));
    }

    // A viewer cannot push: the reason is shown.
    dock.setConnection({m_url, token("viewer"), {}});
    QVERIFY(refreshed.wait(20000));
    dock.pushIntent(reviewed(2, false));
    QVERIFY(pushed.wait(20000));
    // (The status line may already speak of the networks again after a
    // refresh; the push's banner keeps the refusal.)
    QVERIFY2(dock.pushResultText().contains(QLatin1String("403")), qPrintable(dock.pushResultText()));
    // A wrong token: the status line says so, and the last connection's
    // refused push is no longer on screen.
    dock.setConnection({m_url, QStringLiteral("ryd_wrong"), {}});
    QVERIFY(dock.pushResultText().isEmpty());
    QVERIFY(!dock.findChild<QLabel *>(QStringLiteral("pushResult"))->isVisibleTo(&dock));
    QVERIFY(refreshed.wait(20000));
    QVERIFY2(dock.statusText().contains(QLatin1String("401")), qPrintable(dock.statusText()));
}

void TestControlPlaneDock::mainWindowWiring()
{
    MainWindow window;
    QAction *action = window.findChild<QAction *>(QStringLiteral("connectControlPlane"));
    QVERIFY(action);
    QVERIFY(window.controlPlaneDock());
    QVERIFY(!window.controlPlaneDock()->isConnected());
    // A saved connection is used when the dock is first shown.
    QString error;
    QVERIFY2(ControlClient::save({m_url, token("viewer"), {}}, &error), qPrintable(error));
    QFile saved(ControlClient::savedPath());
    QCOMPARE(
        saved.permissions()
            & (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup | QFileDevice::WriteOther),
        QFileDevice::Permissions());
    window.show();
    window.controlPlaneDock()->show();
    window.controlPlaneDock()->raise();
    QTRY_VERIFY_WITH_TIMEOUT(window.controlPlaneDock()->isConnected(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(window.controlPlaneDock()->networksView()->topLevelItemCount(), 1, 20000);

    // The Intents dock's Push button on an approved version goes to the selected network
    // (refused here: the saved connection is a viewer's).
    const QString file = m_dir.filePath(QStringLiteral("lab.v2.reviewed.json"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QByteArray::fromStdString(reviewed(2, false)));
    out.close();
    // Approved by bob, but a keyring that only knows alice: no approval, no Push.
    QTemporaryDir aliceOnly;
    QVERIFY(QFile::copy(m_dir.filePath(QStringLiteral("keyring/alice.pub")), aliceOnly.filePath(QStringLiteral("alice.pub"))));
    window.intentsDock()->reviewPanel()->setKeyringFolder(aliceOnly.path());
    QVERIFY(window.intentsDock()->openIntent(file));
    auto *push = window.intentsDock()->findChild<QPushButton *>(QStringLiteral("pushButton"));
    QVERIFY(push);
    QVERIFY(!push->isEnabled());
    QVERIFY2(push->toolTip().contains(QLatin1String("is not in the keyring")), qPrintable(push->toolTip()));
    // The team's keyring: verified, Push enabled.
    window.intentsDock()->reviewPanel()->setKeyringFolder(m_dir.filePath(QStringLiteral("keyring")));
    QVERIFY(push->isEnabled());
    QSignalSpy pushed(window.controlPlaneDock(), &ControlPlaneDock::pushFinished);
    push->click();
    QVERIFY(pushed.wait(20000));
    QVERIFY2(window.controlPlaneDock()->statusText().contains(QLatin1String("403 forbidden")),
             qPrintable(window.controlPlaneDock()->statusText()));
}

void TestControlPlaneDock::detectionsAndIncidents()
{
    const QString link = QStringLiteral("lab-r1-h1-nic0");
    ControlPlaneDock dock;
    dock.resize(560, 760);
    dock.show();
    QSignalSpy refreshed(&dock, &ControlPlaneDock::refreshed);
    dock.setConnection({m_url, token("operator"), {}});
    QVERIFY(refreshed.wait(20000));
    if (dock.networksView()->topLevelItemCount() == 0) // run alone
        QVERIFY(!createNetwork(2).isEmpty());
    // The degraded link is listed with its severity, wall-clock time and the
    // job it slows, priced as routed and with adaptive routing.
    QTRY_VERIFY_WITH_TIMEOUT((dock.refresh(), dock.selectDetection(link)), 30000);
    const QTreeWidgetItem *row = dock.detectionsView()->currentItem();
    QCOMPARE(row->text(0), QStringLiteral("slowdown"));
    QCOMPARE(row->text(1), QStringLiteral("link_degraded"));
    QVERIFY2(row->text(3).endsWith(QLatin1String(" UTC")), qPrintable(row->text(3)));
    QVERIFY2(row->toolTip(3).contains(QLatin1String("local time")), qPrintable(row->toolTip(3)));
    QVERIFY2(QRegularExpression(QStringLiteral("lab-llama [0-9.]+× as routed \\([0-9.]+× adaptive\\), 8 rank"))
                 .match(row->text(4))
                 .hasMatch(),
             qPrintable(row->text(4)));
    QVERIFY2(row->toolTip(4).contains(QLatin1String("Drain: host lab-r1-h1")), qPrintable(row->toolTip(4)));
    // The selection survives refreshes.
    for (int i = 0; i < 2; ++i) {
        dock.refresh();
        QVERIFY(refreshed.wait(20000));
        QVERIFY(dock.detectionsView()->currentItem());
        QCOMPARE(dock.detectionsView()->currentItem()->text(2), link);
    }

    const QByteArray shots = qgetenv("RAILYARD_SCREENSHOT_DIR");
    if (!shots.isEmpty())
        QVERIFY(dock.grab().save(
            QDir(QString::fromLocal8Bit(shots)).filePath(QStringLiteral("controlplane-detections.png"))));

    // Filing an incident for it selects the new incident and opens its
    // runbook: the job, its slowdown and the host to drain.
    QSignalSpy filed(&dock, &ControlPlaneDock::incidentFiled);
    dock.fileIncident();
    QVERIFY(filed.wait(20000));
    QVERIFY2(filed.last().at(0).toBool(), qPrintable(dock.statusText()));
    const QString id = QRegularExpression(QStringLiteral("ni_[0-9a-f]+")).match(dock.statusText()).captured(0);
    QVERIFY2(!id.isEmpty(), qPrintable(dock.statusText()));
    QTRY_VERIFY_WITH_TIMEOUT(dock.incidentsView()->currentItem() && dock.incidentsView()->currentItem()->text(0) == id,
                             20000);
    QCOMPARE(dock.incidentsView()->currentItem()->text(3), QStringLiteral("slowdown"));
    QVERIFY2(dock.runbookText().contains(QLatin1String("Link degraded: lab-r1-h1-nic0")), qPrintable(dock.runbookText()));
    QVERIFY2(dock.runbookText().contains(QLatin1String("lab-llama (predicted")), qPrintable(dock.runbookText()));
    QVERIFY2(dock.runbookText().contains(QLatin1String("host lab-r1-h1")), qPrintable(dock.runbookText()));
    // Another incident's selection survives refreshes too, with its runbook.
    if (dock.incidentsView()->topLevelItemCount() < 2) { // run alone
        ControlClient operatorClient({m_url, token("operator"), {}});
        QVERIFY(operatorClient
                    .post(QStringLiteral("/v1/incidents/network"), R"({"cluster":"lab-2rack","symptom":"pfc_storm"})")
                    .ok());
        dock.refresh();
        QVERIFY(refreshed.wait(20000));
    }
    QTreeWidgetItem *other = nullptr;
    for (int i = 0; i < dock.incidentsView()->topLevelItemCount(); ++i)
        if (dock.incidentsView()->topLevelItem(i)->text(0) != id)
            other = dock.incidentsView()->topLevelItem(i);
    QVERIFY(other);
    const QString otherId = other->text(0);
    dock.incidentsView()->setCurrentItem(other);
    const QString otherRunbook = dock.runbookText();
    QVERIFY(!otherRunbook.contains(QLatin1String("lab-llama (predicted")));
    dock.refresh();
    QVERIFY(refreshed.wait(20000));
    QCOMPARE(dock.incidentsView()->currentItem()->text(0), otherId);
    QCOMPARE(dock.runbookText(), otherRunbook);

    if (!shots.isEmpty()) {
        for (int i = 0; i < dock.incidentsView()->topLevelItemCount(); ++i)
            if (dock.incidentsView()->topLevelItem(i)->text(0) == id)
                dock.incidentsView()->setCurrentItem(dock.incidentsView()->topLevelItem(i));
        QVERIFY(dock.grab().save(
            QDir(QString::fromLocal8Bit(shots)).filePath(QStringLiteral("controlplane-incident.png"))));
    }

    // A reviewer may not file incidents: the refusal is shown.
    dock.setConnection({m_url, token("reviewer"), {}});
    QVERIFY(refreshed.wait(20000));
    QTRY_VERIFY_WITH_TIMEOUT((dock.refresh(), dock.selectDetection(link)), 30000);
    dock.fileIncident();
    QVERIFY(filed.wait(20000));
    QCOMPARE(filed.last().at(0).toBool(), false);
    QVERIFY2(filed.last().at(1).toString().contains(QLatin1String("403")), qPrintable(filed.last().at(1).toString()));
    // It stays on screen after the refreshes that follow.
    QVERIFY(refreshed.wait(20000));
    QVERIFY2(dock.pushResultText().contains(QLatin1String("403")), qPrintable(dock.pushResultText()));
}

void TestControlPlaneDock::failedNetworkSaysWhy()
{
    // A network the cluster cannot carry (more rails than its hosts have)
    // fails to provision: its row says why, and the dock shows no telemetry for it.
    const QString network = createNetwork(7);
    QVERIFY(!network.isEmpty());
    ControlPlaneDock dock;
    dock.resize(560, 620);
    dock.show();
    QSignalSpy refreshed(&dock, &ControlPlaneDock::refreshed);
    dock.setConnection({m_url, token("viewer"), {}});
    QVERIFY(refreshed.wait(20000));
    const auto statusCell = [&]() -> QString {
        for (int i = 0; i < dock.networksView()->topLevelItemCount(); ++i)
            if (dock.networksView()->topLevelItem(i)->text(0) == network)
                return dock.networksView()->topLevelItem(i)->text(2);
        return {};
    };
    QTRY_VERIFY_WITH_TIMEOUT((dock.refresh(), statusCell().startsWith(QLatin1String("failed: "))), 20000);
    QVERIFY2(statusCell().contains(QLatin1String("rails per host")), qPrintable(statusCell()));
    dock.selectNetwork(network);
    QTRY_VERIFY_WITH_TIMEOUT(dock.telemetryText().contains(QLatin1String("failed to provision")), 10000);
    QVERIFY2(dock.telemetryText().contains(QLatin1String("rails per host")), qPrintable(dock.telemetryText()));
    QVERIFY(!dock.telemetryText().contains(QLatin1String("p99 RTT")));
    QCOMPARE(dock.detectionsView()->topLevelItemCount(), 0);
}

/// The Audit tab: with an admin token, the newest rows first, the refused
/// self-approved push with its error code and the applied one with the
/// intent version it carried (connectPushAndWatch pushed both); with a
/// reviewer's token, why the log is not shown.
void TestControlPlaneDock::auditTab()
{
    ControlPlaneDock dock;
    dock.resize(900, 620);
    dock.show();
    QSignalSpy refreshed(&dock, &ControlPlaneDock::refreshed);
    QSignalSpy audited(&dock, &ControlPlaneDock::auditShown);
    dock.setConnection({m_url, token("admin"), {}});
    QVERIFY(refreshed.wait(20000));
    auto *tabs = dock.findChild<QTabWidget *>();
    auto *audit = dock.findChild<ControlAuditView *>(QStringLiteral("ControlAudit"));
    QVERIFY(tabs && audit);
    QCOMPARE(audited.count(), 0); // read only when shown
    tabs->setCurrentWidget(audit);
    QVERIFY(audited.wait(20000));
    QVERIFY2(audit->rowCount() > 4, qPrintable(audit->problemText()));
    QVERIFY2(audit->problemText().contains(QLatin1String("newest first")), qPrintable(audit->problemText()));
    QStringList rows;
    for (int i = 0; i < audit->rowCount(); ++i)
        rows << audit->rowText(i);
    const QString all = rows.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QRegularExpression(QStringLiteral("POST /v1/training-networks/[^ ]+/intents \\| 422 intent_refused \\|"))),
             qPrintable(all.left(3000)));
    QVERIFY2(all.contains(QRegularExpression(QStringLiteral("POST /v1/training-networks/[^ ]+/intents \\| 200 \\| intent v1$"),
                                             QRegularExpression::MultilineOption)),
             qPrintable(all.left(3000)));
    QVERIFY2(!all.contains(QLatin1String("| GET ")), qPrintable(all.left(3000))); // changes and refusals only
    // Newest first: sequence numbers fall down the table.
    QVERIFY(rows.first().section(QLatin1Char('|'), 0, 0).trimmed().toLongLong()
            > rows.last().section(QLatin1Char('|'), 0, 0).trimmed().toLongLong());
    if (const QByteArray shots = qgetenv("RAILYARD_SCREENSHOT_DIR"); !shots.isEmpty())
        QVERIFY(dock.grab().save(QDir(QString::fromLocal8Bit(shots)).filePath(QStringLiteral("controlplane-audit.png"))));
    // Every row: the reads come back.
    auto *changes = audit->findChild<QCheckBox *>(QStringLiteral("auditChangesOnly"));
    QVERIFY(changes && changes->isChecked());
    changes->setChecked(false);
    QVERIFY(audited.wait(20000));
    QVERIFY2(audit->rowText(0).contains(QLatin1String("| GET ")), qPrintable(audit->rowText(0)));

    dock.setConnection({m_url, token("reviewer"), {}});
    QVERIFY(audited.wait(20000));
    QCOMPARE(audit->rowCount(), 0);
    QVERIFY2(audit->problemText().contains(QLatin1String("for admin tokens")) && audit->problemText().contains(QLatin1String("403")),
             qPrintable(audit->problemText()));
}

QTEST_MAIN(TestControlPlaneDock)
#include "tst_controlplanedock.moc"
