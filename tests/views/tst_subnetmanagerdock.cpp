// The Subnet Manager dock with the real OpenSM under ibsim, on a 1,024-GPU
// rail-optimized design (128 hosts × 8 HCAs at 200 Gb/s, radix 32: 64 leaves,
// 64 spines, 32 cores; the 3,072-GPU sample is past ibsim's 2,048 nodes) and
// a Llama-70B-shaped job on all of it (tests/data/lft/llama-70b-1k.job.json):
//
//  * Run OpenSM (ftree) puts the tables in the document; the dock traces all
//    1,024 × 1,023 HCA pairs and finds ftree's balance perfect;
//  * the Jobs dock's "subnet manager (LFTs)" routing places the job under
//    the tables: the same step as the dock's report (two code paths: a new
//    placement routed by the tables, and the report's re-routing);
//  * minhop on the same design collides: its random bisections get less of
//    the min cut than ftree's and the job's step is slower;
//  * Compare Engines fills the table and the charts for all five engines,
//    and the Jobs dock's comparison gains the tables' column;
//  * a structural edit drops the tables.
// Screenshots (RAILYARD_SCREENSHOT_DIR): the job's heatmap under ftree and
// under minhop, the routes carried, and the engine comparison.

#include "core/document/fabricdocument.h"
#include "core/fabricmanager/opensmrun.h"
#include "core/placement/jobevaluation.h"
#include "views/canvas/fabriccanvas.h"
#include "views/docks/enginecomparisonmodel.h"
#include "views/docks/jobsdock.h"
#include "views/docks/subnetmanagerdock.h"
#include "views/mainwindow.h"

#include <QComboBox>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace Railyard;

class TestSubnetManagerDock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RailyardTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_subnetmanagerdock"));
        QSettings().clear();
        const QString missing = OpenSmTools::find().missing();
        if (!missing.isEmpty())
            QSKIP(qPrintable(missing));
        QVERIFY(m_dir.isValid());
        const QString design = m_dir.filePath(QStringLiteral("rail-1k.fabric.json"));
        QProcess cli;
        cli.start(QStringLiteral(RAILYARD_CLI),
                  {QStringLiteral("generate"), QStringLiteral("rail-optimized"), QStringLiteral("--hosts"),
                   QStringLiteral("128"), QStringLiteral("--radix"), QStringLiteral("32"), QStringLiteral("--nic-gbps"),
                   QStringLiteral("200"), QStringLiteral("--link-gbps"), QStringLiteral("200"), QStringLiteral("-o"),
                   design});
        QVERIFY(cli.waitForFinished(120000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        m_window = std::make_unique<MainWindow>();
        m_window->setInteractive(false);
        m_window->resize(1600, 1000);
        m_window->show();
        QVERIFY(m_window->openFile(design));
        QCOMPARE(m_window->document()->fabric().hostCount(), 128);
        QVERIFY(m_window->jobsDock()->openJob(QStringLiteral(RAILYARD_TEST_DATA "/lft/llama-70b-1k.job.json")));
        m_dock = m_window->subnetManagerDock();
        QVERIFY(m_dock);
        m_dock->show();
        m_dock->raise();
    }

    void ftreeTablesInTheDocument()
    {
        QVERIFY(m_dock->runOpenSm(QStringLiteral("ftree")));
        QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy() && m_dock->report().has_value(), 300000);
        QVERIFY2(m_dock->errorText().isEmpty(), qPrintable(m_dock->errorText()));
        QVERIFY(m_window->document()->forwardingTables());
        const RoutingReport &r = *m_dock->report();
        QCOMPARE(r.paths.pairs, 1024LL * 1023);
        QCOMPARE(r.paths.routed, r.paths.pairs);
        QCOMPARE(r.paths.loops, 0LL);
        QVERIFY(r.balance.perfect());
        QCOMPARE(r.bisection.permutations, 1000);
        QVERIFY(r.job && r.job->error.empty());
        m_ftreeShare = r.bisection.meanShare;
        m_ftreeStepMs = r.job->tablesMs;
        QVERIFY2(m_dock->reportText().contains(QStringLiteral("1,047,552 of 1,047,552 routed")),
                 qPrintable(m_dock->reportText()));

        // The Jobs dock routes the job by the same tables.
        JobsDock *jobs = m_window->jobsDock();
        auto *routing = jobs->findChild<QComboBox *>(QStringLiteral("routingCombo"));
        const int tables = routing->findText(QStringLiteral("subnet manager (LFTs)"));
        QVERIFY(tables >= 0);
        routing->setCurrentIndex(tables);
        jobs->place();
        QTRY_VERIFY_WITH_TIMEOUT(!jobs->isBusy() && jobs->evaluation(), 300000);
        QVERIFY(jobs->evaluation()->routed());
        QVERIFY(jobs->evaluation()->routing.tablePath);
        QVERIFY2(std::abs(jobs->evaluation()->stepCommTimeMs() - m_ftreeStepMs) < 0.05,
                 qPrintable(QStringLiteral("%1 vs %2").arg(jobs->evaluation()->stepCommTimeMs()).arg(m_ftreeStepMs)));
        shoot(QStringLiteral("lfts-llama-ftree.png"));
    }

    void colourByRoutesAndLoad()
    {
        QSignalSpy heat(m_dock, &SubnetManagerDock::linkHeatChanged);
        m_dock->setColouring(SubnetManagerDock::Colouring::Routes);
        QCOMPARE(heat.size(), 1);
        const auto routes = heat.takeFirst().at(0).value<std::vector<float>>();
        QCOMPARE(routes.size(), size_t(m_window->document()->fabric().linkCount()));
        QCOMPARE(*std::max_element(routes.begin(), routes.end()), 1.0f);
        shoot(QStringLiteral("lfts-routes-ftree.png"));
        m_dock->setColouring(SubnetManagerDock::Colouring::PermutationLoad);
        QCOMPARE(heat.size(), 1);
        const auto load = heat.takeFirst().at(0).value<std::vector<float>>();
        QCOMPARE(load.size(), routes.size());
        QVERIFY(*std::max_element(load.begin(), load.end()) > 0.5f);
        m_dock->setColouring(SubnetManagerDock::Colouring::None);
    }

    void minhopCollides()
    {
        QVERIFY(m_dock->runOpenSm(QStringLiteral("minhop")));
        QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy() && m_dock->report().has_value(), 300000);
        const RoutingReport &r = *m_dock->report();
        QCOMPARE(r.paths.routed, r.paths.pairs);
        QVERIFY2(r.bisection.meanShare < 0.5 * m_ftreeShare,
                 qPrintable(QStringLiteral("%1 vs %2").arg(r.bisection.meanShare).arg(m_ftreeShare)));
        QVERIFY(r.job && r.job->tablesMs > 1.5 * m_ftreeStepMs);
        JobsDock *jobs = m_window->jobsDock();
        jobs->place();
        QTRY_VERIFY_WITH_TIMEOUT(!jobs->isBusy() && jobs->evaluation(), 300000);
        QVERIFY2(std::abs(jobs->evaluation()->stepCommTimeMs() - r.job->tablesMs) < 0.05,
                 qPrintable(QStringLiteral("%1 vs %2").arg(jobs->evaluation()->stepCommTimeMs()).arg(r.job->tablesMs)));
        shoot(QStringLiteral("lfts-llama-minhop.png"));
    }

    void compareEngines()
    {
        QVERIFY(m_dock->compareEngines());
        QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy() && m_dock->engineModel()->rowCount() == 5, 600000);
        const std::vector<EngineResult> &results = m_dock->engineModel()->results();
        for (const EngineResult &e : results)
            QVERIFY2(e.error.empty() && e.report, e.error.c_str());
        QCOMPARE(results[0].engine, std::string("ftree"));
        QCOMPARE(results[0].shiftShare, 1.0);
        QCOMPARE(results[0].report->bisection.meanShare, m_ftreeShare);
        const QString cell = m_dock->engineModel()->index(0, EngineComparisonModel::Balance).data().toString();
        QCOMPARE(cell, QStringLiteral("perfect"));
        if (const QByteArray shots = qgetenv("RAILYARD_SCREENSHOT_DIR"); !shots.isEmpty()) {
            m_dock->resize(900, 1000);
            QVERIFY(m_dock->grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/lfts-engines-dock.png")));
            QVERIFY(m_dock->chartsWidget()->grab().save(QString::fromLocal8Bit(shots)
                                                        + QStringLiteral("/lfts-engines-chart.png")));
        }

        JobsDock *jobs = m_window->jobsDock();
        jobs->compare();
        QTRY_VERIFY_WITH_TIMEOUT(!jobs->isBusy() && jobs->comparisonTimesMs().size() == 12, 600000);
        // Topology placement under the tables (minhop's, in the document now).
        QVERIFY(std::isfinite(jobs->comparisonTimesMs()[3]));
    }

    void structuralEditDropsTheTables()
    {
        FabricDocument *doc = m_window->document();
        QVERIFY(doc->forwardingTables());
        QVERIFY(doc->removeElements({doc->fabric().links().front().id}));
        QVERIFY(!doc->forwardingTables());
        QTRY_VERIFY(!m_dock->report().has_value());
        auto *routing = m_window->jobsDock()->findChild<QComboBox *>(QStringLiteral("routingCombo"));
        QCOMPARE(routing->findText(QStringLiteral("subnet manager (LFTs)")), -1);
    }

private:
    void shoot(const QString &name)
    {
        if (const QByteArray shots = qgetenv("RAILYARD_SCREENSHOT_DIR"); !shots.isEmpty())
            QVERIFY(m_window->grab().save(QString::fromLocal8Bit(shots) + QLatin1Char('/') + name));
    }

    std::unique_ptr<MainWindow> m_window;
    SubnetManagerDock *m_dock = nullptr;
    QTemporaryDir m_dir;
    double m_ftreeShare = 0, m_ftreeStepMs = 0;
};

QTEST_MAIN(TestSubnetManagerDock)
#include "tst_subnetmanagerdock.moc"
