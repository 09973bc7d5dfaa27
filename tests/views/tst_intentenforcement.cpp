// The subnet manager's verdict in the Intents dock: the k = 4 fat-tree
// (tests/data/pkeys) with its zone intent, Check on OpenSM in the Review tab
// runs the real OpenSM under ibsim with the intent's partitions, and the dock
// shows "enforced" with the pair counts worked by hand in tst_partitions
// (32 allowed, 208 denied). A one-way rule is refused, naming the rule.

#include "core/intents/intentreader.h"
#include "core/registry/formatregistry.h"
#include "views/docks/intentenforcementwidget.h"
#include "views/docks/intentreviewpanel.h"
#include "views/docks/intentsdock.h"
#include "views/mainwindow.h"

#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace Railyard;

class TestIntentEnforcement : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RailyardTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_intentenforcement"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        const QString missing = OpenSmTools::find().missing();
        if (!missing.isEmpty())
            QSKIP(qPrintable(missing));
        m_window = std::make_unique<MainWindow>();
        m_window->setInteractive(false);
        m_window->resize(1500, 950);
        m_window->show();
        QVERIFY(m_window->openFile(QStringLiteral(RAILYARD_TEST_DATA "/pkeys/fat-tree-k4.fabric.json")));
    }

    void enforcedVerdictBesideTheSignatures()
    {
        IntentsDock *dock = m_window->intentsDock();
        dock->show();
        QVERIFY(dock->openIntent(QStringLiteral(RAILYARD_TEST_DATA "/pkeys/fat-tree-k4.intent.json")));
        dock->showTab(IntentsDock::Tab::Review);
        auto *widget = dock->findChild<IntentEnforcementWidget *>(QStringLiteral("IntentEnforcement"));
        QVERIFY(widget);
        QVERIFY(widget->verdictText().contains(QStringLiteral("not checked")));
        auto *button = widget->findChild<QPushButton *>(QStringLiteral("enforcementButton"));
        QVERIFY(button && button->isEnabled());
        QSignalSpy done(widget, &IntentEnforcementWidget::checked);
        button->click();
        QVERIFY(widget->isRunning());
        QVERIFY(widget->verdictText().contains(QStringLiteral("checking")));
        QVERIFY(done.wait(180000));
        QVERIFY(widget->lastRun().has_value());
        const IntentEnforcementRun &run = *widget->lastRun();
        QVERIFY2(run.ok, qPrintable(run.error));
        QVERIFY(run.check.verdict == EnforcementCheck::Verdict::Enforced);
        QCOMPARE(run.check.allowedPairs, 32LL);
        QCOMPARE(run.check.deniedPairs, 208LL);
        const QString text = widget->verdictText();
        QVERIFY2(text.contains(QStringLiteral("enforced: 32 allowed and 208 denied host pairs")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("3 partitions")), qPrintable(text));
        if (const QByteArray shots = qgetenv("RAILYARD_SCREENSHOT_DIR"); !shots.isEmpty())
            QVERIFY(dock->grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/intents-enforcement.png")));
    }

    /// While OpenSM runs the check shows its stage and a Cancel button in
    /// place of Check; Cancel stops it and leaves no verdict, and the check
    /// can be run again at once.
    void cancelStopsTheCheck()
    {
        IntentsDock *dock = m_window->intentsDock();
        dock->showTab(IntentsDock::Tab::Review);
        auto *widget = dock->findChild<IntentEnforcementWidget *>(QStringLiteral("IntentEnforcement"));
        QVERIFY(widget);
        auto *button = widget->findChild<QPushButton *>(QStringLiteral("enforcementButton"));
        auto *cancel = widget->findChild<QPushButton *>(QStringLiteral("enforcementCancel"));
        QVERIFY(button && cancel);
        QVERIFY(cancel->isHidden());
        QSignalSpy done(widget, &IntentEnforcementWidget::checked);
        QVERIFY(widget->check());
        QVERIFY(!cancel->isHidden() && cancel->isEnabled());
        QVERIFY(button->isHidden());
        // The stage comes from the worker: OpenSM bringing the subnet up.
        QTRY_VERIFY_WITH_TIMEOUT(widget->verdictText().contains(QStringLiteral("OpenSM is bringing the subnet up")),
                                 60000);
        if (const QByteArray shots = qgetenv("RAILYARD_SCREENSHOT_DIR"); !shots.isEmpty())
            QVERIFY(dock->grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/intents-enforcement-running.png")));
        cancel->click();
        QVERIFY2(widget->verdictText().contains(QStringLiteral("cancelling")), qPrintable(widget->verdictText()));
        QVERIFY(done.wait(30000));
        QVERIFY(!widget->isRunning());
        QVERIFY(!widget->lastRun().has_value());
        QVERIFY2(widget->verdictText().contains(QStringLiteral("check cancelled")), qPrintable(widget->verdictText()));
        QVERIFY(!button->isHidden() && button->isEnabled());
        QVERIFY(cancel->isHidden());
    }

    /// cluster-3k is beyond what ibsim holds: the check is refused before it
    /// starts, the limit and the design's size named, the button off.
    void beyondIbsimRefusedAtOnce()
    {
        ReadResult read = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.fabric.json"));
        QVERIFY(read.ok());
        const IntentReadResult intent = readIntentFile(QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.v4.intent.json"));
        QVERIFY(intent.ok());
        IntentEnforcementWidget widget;
        widget.setSubject(&*read.fabric, &*intent.intent);
        QVERIFY2(widget.verdictText().contains(QStringLiteral("beyond what ibsim simulates"))
                     && widget.verdictText().contains(QStringLiteral("at most 2048 nodes")),
                 qPrintable(widget.verdictText()));
        auto *button = widget.findChild<QPushButton *>(QStringLiteral("enforcementButton"));
        QVERIFY(button && !button->isEnabled());
        QVERIFY(!widget.check());
    }

    void oneWayRuleIsRefusedWithItsPointer()
    {
        QFile in(QStringLiteral(RAILYARD_TEST_DATA "/pkeys/fat-tree-k4.intent.json"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray text = in.readAll();
        // rack-005 may send to rack-001, no longer back.
        text.replace("{\"name\":\"rdma-rack-005-to-001\",\"from\":\"*/rack-005\",\"to\":\"*/rack-001\",\"proto\":\"rdma\"},",
                     "");
        QVERIFY(!text.contains("rdma-rack-005-to-001"));
        const QString path = m_dir.filePath(QStringLiteral("one-way.intent.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(text) == text.size());
        out.close();
        IntentsDock *dock = m_window->intentsDock();
        QVERIFY(dock->openIntent(path));
        auto *widget = dock->findChild<IntentEnforcementWidget *>(QStringLiteral("IntentEnforcement"));
        QVERIFY(widget && !widget->lastRun());
        QSignalSpy done(widget, &IntentEnforcementWidget::checked);
        QVERIFY(widget->check());
        QVERIFY(done.wait(180000));
        QVERIFY(widget->lastRun() && !widget->lastRun()->ok);
        QVERIFY2(widget->verdictText().contains(QStringLiteral("/allow/2: allows RDMA from rack-001 to rack-005 but not back")),
                 qPrintable(widget->verdictText()));
    }

private:
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestIntentEnforcement)
#include "tst_intentenforcement.moc"
