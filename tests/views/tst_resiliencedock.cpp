// The Resilience dock in the main window, on a k=4 fat-tree whose N-1 study
// is derived by hand in docs/resilience.md (800 Gbit/s healthy; a switch down
// leaves 600, a link 700; 20 switch and 48 link scenarios):
//
//  * Run Study shows 6 classes for 68 scenarios, p95 75 %, the ranked worst
//    list, the CDF, and colours the 20 switches (every one is in the worst
//    1 %) on the canvas;
//  * clicking a worst row fails it as the document's what-if (one undo step);
//  * the study is kept in the document (undoable) and saved with the project:
//    reopening shows it again;
//  * Cancel keeps nothing; an impossible scope is an error, not a crash;
//  * the Compare Designs dialog adds the resilience rows.
// Screenshots (RAILYARD_SCREENSHOT_DIR): the dock after the study.

#include "core/bom/bom.h"
#include "core/document/fabricdocument.h"
#include "views/canvas/comparisonoverlay.h"
#include "views/canvas/fabriccanvas.h"
#include "views/dialogs/designcomparisondialog.h"
#include "views/dialogs/designcomparisonmodel.h"
#include "views/docks/resiliencedock.h"
#include "views/docks/resiliencemodel.h"
#include "views/mainwindow.h"
#include "views/projectsession.h"

#include <QChartView>
#include <QProcess>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace Railyard;

class TestResilienceDock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RailyardTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_resiliencedock"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_design = m_dir.filePath(QStringLiteral("ft4.fabric.json"));
        QProcess cli;
        cli.start(QStringLiteral(RAILYARD_CLI), {QStringLiteral("generate"), QStringLiteral("fat-tree"),
                                                QStringLiteral("--k"), QStringLiteral("4"), QStringLiteral("-o"), m_design});
        QVERIFY(cli.waitForFinished(120000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        m_window = std::make_unique<MainWindow>();
        m_window->setInteractive(false);
        m_window->resize(1500, 950);
        m_window->show();
        QVERIFY(m_window->openFile(m_design));
        m_dock = m_window->resilienceDock();
        QVERIFY(m_dock);
        m_dock->show();
        m_dock->raise();
    }

    void nMinus1InTheDock()
    {
        StudyOptions o;
        o.kind = StudyKind::NMinus1;
        m_dock->setOptions(o, false);
        QVERIFY(m_dock->run());
        QVERIFY(m_dock->isBusy());
        m_dock->waitForFinished();
        QVERIFY2(m_dock->errorText().isEmpty(), qPrintable(m_dock->errorText()));
        const StudyResult *r = m_dock->study();
        QVERIFY(r);
        QCOMPARE(r->healthyBisectionGbps, 800.0);
        QCOMPARE(r->classes, 6);
        QCOMPARE(r->scenarios, 68.0);
        QCOMPARE(m_dock->summary().bisectionPct.p95.value, 75.0);
        QCOMPARE(m_dock->summary().bisectionPct.p50.value, 87.5);
        const QString text = m_dock->summaryText();
        QVERIFY2(text.contains(QStringLiteral("68 scenarios stood for by 6 classes")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("p95 75.00")), qPrintable(text));
        // Ranked: the three switch classes (75 %) before the link classes (87.5 %).
        const ResilienceWorstModel *model = m_dock->worstModel();
        QCOMPARE(model->rowCount(), 6);
        for (int row = 0; row < 3; ++row) {
            QCOMPARE(model->outcome(row)->bisectionPct, 75.0);
            QVERIFY(model->outcome(row)->kind.find("switch") != std::string::npos);
        }
        QCOMPARE(model->outcome(3)->bisectionPct, 87.5);
        QCOMPARE(model->data(model->index(0, ResilienceWorstModel::Bisection)).toString(), QStringLiteral("75.00 %"));
        // The CDF is drawn.
        auto *cdf = m_dock->findChild<QChartView *>(QStringLiteral("bisectionCdf"));
        QVERIFY(cdf && cdf->isVisible() && !cdf->chart()->series().isEmpty());
        // Kept in the document as one undo step.
        FabricDocument *doc = m_window->document();
        QVERIFY(!doc->failureStudy().empty());
        QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Keep failure study"));
        QVERIFY(doc->hasUnsavedEdits());
        // Every switch is in the worst 1 % (20 of 68 scenarios at 75 %): all 20 coloured.
        QCOMPARE(m_dock->highlighted().size(), 20);
        const ComparisonOverlay *overlay = m_window->canvas()->intentDiff();
        QVERIFY(overlay);
        const NodeIndex spine = doc->fabric().findNode("spine-0001");
        QVERIFY(spine >= 0);
        QCOMPARE(overlay->node(spine), ComparisonOverlay::Removed);
        QVERIFY(overlay->legend().front().second.contains(QStringLiteral("failed most often in the worst (20)")));
        shoot(QStringLiteral("resilience-ft4.png"));
    }

    void clickingAWorstRowAppliesTheWhatIf()
    {
        FabricDocument *doc = m_window->document();
        QVERIFY(!doc->hasFailures());
        const ScenarioOutcome *worst = m_dock->worstModel()->outcome(0);
        m_dock->applyRow(0);
        QVERIFY(doc->hasFailures());
        QCOMPARE(doc->failedIds(), worst->failed);
        // Another row replaces it, in one more undo step.
        const ScenarioOutcome *link = m_dock->worstModel()->outcome(3);
        m_dock->applyRow(3);
        QCOMPARE(doc->failedIds(), link->failed);
        doc->undoStack()->undo();
        QCOMPARE(doc->failedIds(), worst->failed);
        doc->undoStack()->undo();
        QVERIFY(!doc->hasFailures());
        QVERIFY(m_dock->study()); // the study stays
    }

    void undoDropsTheStudyAndRedoBringsItBack()
    {
        FabricDocument *doc = m_window->document();
        const std::string kept = doc->failureStudy();
        doc->undoStack()->undo();
        QVERIFY(doc->failureStudy().empty());
        QVERIFY(!m_dock->study());
        QVERIFY(m_dock->highlighted().isEmpty());
        QVERIFY(!m_window->canvas()->intentDiff());
        doc->undoStack()->redo();
        QCOMPARE(doc->failureStudy(), kept);
        QVERIFY(m_dock->study());
        QCOMPARE(m_dock->study()->classes, 6);
    }

    void savedWithTheProject()
    {
        const QString project = m_dir.filePath(QStringLiteral("ft4.railyard"));
        QString error;
        QVERIFY2(m_window->projectSession()->saveProject(project, &error), qPrintable(error));
        const std::string kept = m_window->document()->failureStudy();
        MainWindow other;
        other.setInteractive(false);
        QVERIFY(other.openFile(project));
        QCOMPARE(other.document()->failureStudy(), kept);
        ResilienceDock *dock = other.resilienceDock();
        QVERIFY(dock->study());
        QCOMPARE(dock->study()->classes, 6);
        QCOMPARE(dock->summary().bisectionPct.p95.value, 75.0);
        // The fields follow the study's parameters.
        QCOMPARE(dock->options().kind, StudyKind::NMinus1);
    }

    void cancelKeepsNothing()
    {
        FabricDocument *doc = m_window->document();
        const std::string before = doc->failureStudy();
        StudyOptions o;
        o.kind = StudyKind::MonteCarlo;
        o.samples = 5'000'000;
        o.forcedFailures = 2;
        m_dock->setOptions(o, false);
        QVERIFY(m_dock->run());
        m_dock->cancel();
        m_dock->waitForFinished();
        QVERIFY2(m_dock->errorText().contains(QStringLiteral("Cancelled")), qPrintable(m_dock->errorText()));
        QCOMPARE(doc->failureStudy(), before);
    }

    void anImpossibleScopeIsAnError()
    {
        StudyOptions o;
        o.kind = StudyKind::NMinus1;
        o.scope = "spine:no-such-switch";
        m_dock->setOptions(o, false);
        QVERIFY(m_dock->run());
        m_dock->waitForFinished();
        QVERIFY2(m_dock->errorText().contains(QStringLiteral("scope")), qPrintable(m_dock->errorText()));
        QVERIFY(m_dock->study()); // the kept study still shows
    }

    void compareDesignsAddsResilienceRows()
    {
        DesignComparisonDialog dialog(m_window->document(), BomCatalog::defaults());
        QString error;
        QVERIFY2(dialog.addDesign(m_design, &error), qPrintable(error));
        dialog.setResilience(DesignComparisonDialog::Resilience::NMinus1);
        dialog.waitForResult();
        const DesignComparison &c = dialog.model()->comparison();
        const ComparisonRow *p95 = nullptr, *p99 = nullptr;
        for (const ComparisonRow &row : c.rows) {
            if (row.key == "resilience_bisection_p95")
                p95 = &row;
            if (row.key == "resilience_bisection_p99")
                p99 = &row;
        }
        QVERIFY(p95 && p99);
        QCOMPARE(p95->values, (std::vector<double>{75.0, 75.0}));
        QCOMPARE(p99->values, (std::vector<double>{75.0, 75.0}));
        QVERIFY(!p95->changed(1));
    }

private:
    void shoot(const QString &name)
    {
        if (const QByteArray shots = qgetenv("RAILYARD_SCREENSHOT_DIR"); !shots.isEmpty())
            QVERIFY(m_window->grab().save(QString::fromLocal8Bit(shots) + QLatin1Char('/') + name));
    }

    std::unique_ptr<MainWindow> m_window;
    ResilienceDock *m_dock = nullptr;
    QTemporaryDir m_dir;
    QString m_design;
};

QTEST_MAIN(TestResilienceDock)
#include "tst_resiliencedock.moc"
