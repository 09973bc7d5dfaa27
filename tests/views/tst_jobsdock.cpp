// JobsDock on samples/cluster-3k.fabric.json with samples/llama-70b-3k.job.json:
// place off the UI thread, link heat, strategy × routing comparison, rank
// groups and path, bad job files.

#include "core/document/fabricdocument.h"
#include "core/registry/formatregistry.h"
#include "core/placement/jobevaluation.h"
#include "views/dialogs/jobeditdialog.h"
#include "views/docks/jobsdock.h"

#include <QDialogButtonBox>
#include <QGroupBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace Railyard;

class TestJobsDock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void placeEmitsHeat();
    void rankHighlightsGroups();
    void compareAndScreenshot();
    void badJobFile();
    void failuresMarkStale();
    void degradedLinkShowsSlowdown();
    void editorChecksAndSaveWrites();
    void excludedHostsFromTheDock();
    void comparisonMarkedStaleByAnEdit();
    void lateResultOfAnOldRevisionIsDropped();
    void anotherFabricMidCompareShowsNothingOld();

private:
    std::unique_ptr<FabricDocument> m_document;
    std::unique_ptr<JobsDock> m_dock;
};

void TestJobsDock::initTestCase()
{
    ReadResult r = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.fabric.json"));
    QVERIFY(r.ok());
    m_document = std::make_unique<FabricDocument>(std::move(*r.fabric));
    m_dock = std::make_unique<JobsDock>();
    m_dock->setDocument(m_document.get());
    m_dock->resize(460, 1200);
    m_dock->show();
    QCOMPARE(m_dock->objectName(), QStringLiteral("JobsDock"));
    QVERIFY(m_dock->openJob(QStringLiteral(RAILYARD_SAMPLES "/llama-70b-3k.job.json")));
    QVERIFY(m_dock->errorText().isEmpty());
}

void TestJobsDock::placeEmitsHeat()
{
    QSignalSpy heat(m_dock.get(), &JobsDock::linkHeatChanged);
    std::vector<float> utilization;
    QString title;
    QObject context; // disconnects the lambda (which captures locals) at the end of the test
    connect(m_dock.get(), &JobsDock::linkHeatChanged, &context, [&](const std::vector<float> &u, const QString &t) {
        utilization = u;
        title = t;
    });
    QVERIFY(!m_dock->evaluation());
    m_dock->place();
    QVERIFY(m_dock->isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(m_dock->evaluation() != nullptr, 120000);
    const JobEvaluation *e = m_dock->evaluation();
    QVERIFY(e->routed());
    QVERIFY(e->stepCommTimeMs() > 0);
    QCOMPARE(e->linkUtilization.size(), size_t(m_document->fabric().linkCount()));
    QCOMPARE(e->placement.ranks.size(), size_t(3072));
    QVERIFY(!e->phases.empty());
    QVERIFY(e->bottleneckLink >= 0);
    QVERIFY(heat.count() >= 1);
    QCOMPARE(utilization.size(), size_t(m_document->fabric().linkCount()));
    QVERIFY(!title.isEmpty());
    const float maxU = *std::max_element(utilization.begin(), utilization.end());
    QVERIFY(std::abs(maxU - float(e->maxUtilization)) < 1e-4f);
    QVERIFY(maxU <= 1.0f + 1e-4f);
    QVERIFY(maxU > 0.0f);

    // "Clear heatmap" emits an empty vector.
    auto *clear = m_dock->findChild<QPushButton *>(QStringLiteral("clearHeatButton"));
    QVERIFY(clear);
    clear->click();
    QVERIFY(utilization.empty());
}

void TestJobsDock::rankHighlightsGroups()
{
    QVERIFY(m_dock->evaluation());
    std::vector<std::string> hosts;
    QObject context;
    connect(m_dock.get(), &JobsDock::hostsHighlighted, &context, [&](const std::vector<std::string> &h) { hosts = h; });
    std::vector<std::string> pathLinks;
    connect(m_dock.get(), &JobsDock::pathChanged, &context, [&](const std::vector<std::string> &l) { pathLinks = l; });
    m_dock->selectRank(0);
    const RankSlot &slot = m_dock->evaluation()->placement.ranks[0];
    const std::string host0 = m_document->fabric().host(slot.host).id;
    QVERIFY(std::find(hosts.begin(), hosts.end(), host0) != hosts.end());
    // TP 8 inside one host, PP 8 stages and DP 48: 1 + 7 + 47 hosts at most.
    QVERIFY(hosts.size() > 1);
    QVERIFY(hosts.size() <= 55);
    const QString path = m_dock->rankPathText();
    QVERIFY2(path.contains(QString::fromStdString(host0)), qPrintable(path));
    QVERIFY2(path.contains(QStringLiteral("→")), qPrintable(path));
    QVERIFY2(path.contains(QStringLiteral("rail")), qPrintable(path));
    // The path's links: leaves the rank's host by a NIC link and reaches the
    // peer's host by one; every link exists and consecutive links share a node.
    const Fabric &f = m_document->fabric();
    QVERIFY(pathLinks.size() >= 2);
    QCOMPARE(f.nodeId(f.link(f.findLink(pathLinks.front())).a), host0);
    for (size_t i = 1; i < pathLinks.size(); ++i) {
        const Link &a = f.link(f.findLink(pathLinks[i - 1]));
        const Link &b = f.link(f.findLink(pathLinks[i]));
        QVERIFY(a.a == b.a || a.a == b.b || a.b == b.a || a.b == b.b);
    }

    m_dock->selectRank(3071); // last stage: path to the previous peer
    QVERIFY2(m_dock->rankPathText().contains(QStringLiteral("previous")), qPrintable(m_dock->rankPathText()));
    m_dock->selectRank(0);
}

void TestJobsDock::compareAndScreenshot()
{
    m_dock->compare();
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy() && m_dock->comparisonTimesMs().size() == 9, 300000);
    const std::vector<double> ms = m_dock->comparisonTimesMs();
    for (double v : ms)
        QVERIFY(std::isfinite(v) && v > 0);
    QVERIFY(m_dock->errorText().isEmpty());
    QCoreApplication::processEvents();
    QVERIFY(m_dock->grab().save(QStringLiteral("/tmp/jobsdock.png")));
}

void TestJobsDock::badJobFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("broken.job.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"format\": \"railyard-job\", \"version\": 1, \"parallelism\": {\"tp\": 0}");
    f.close();
    QVERIFY(!m_dock->openJob(path));
    QVERIFY2(m_dock->errorText().contains(QStringLiteral("broken.job.json")), qPrintable(m_dock->errorText()));
    auto *label = m_dock->findChild<QLabel *>(QStringLiteral("jobError"));
    QVERIFY(label && label->isVisible());
    QVERIFY(!m_dock->openJob(dir.filePath(QStringLiteral("missing.job.json"))));
    QVERIFY(m_dock->errorText().contains(QStringLiteral("missing.job.json")));
    // The previous job and its results are kept.
    QVERIFY(m_dock->evaluation());
}

void TestJobsDock::failuresMarkStale()
{
    QVERIFY(m_dock->evaluation());
    auto *stale = m_dock->findChild<QLabel *>(QStringLiteral("staleLabel"));
    QVERIFY(stale && !stale->isVisible());
    const std::string link = m_dock->evaluation()->bottleneckLinkId;
    m_document->setFailed({link}, true);
    QVERIFY(stale->isVisible());
    // Re-placing under the what-if clears the stale mark.
    QSignalSpy heat(m_dock.get(), &JobsDock::linkHeatChanged);
    m_dock->place();
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy(), 120000);
    QVERIFY(heat.count() == 1);
    QVERIFY(!stale->isVisible());
    const JobEvaluation *e = m_dock->evaluation();
    QCOMPARE(e->linkUtilization[size_t(m_document->fabric().findLink(link))], 0.0f);
}

void TestJobsDock::degradedLinkShowsSlowdown()
{
    // Healthy again, then the bottleneck link of the healthy placement runs at
    // a quarter of its rate (an edit saved with the fabric, undoable): the
    // results name it and give the step's slowdown against the healthy fabric.
    m_document->restoreAll();
    m_dock->place();
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy() && m_dock->evaluation(), 120000);
    const double healthyMs = m_dock->evaluation()->stepCommTimeMs();
    const std::string linkId = m_dock->evaluation()->bottleneckLinkId;
    const std::int32_t link = m_document->fabric().findLink(linkId);
    QVERIFY(link >= 0);
    QVERIFY(m_document->setLinkRate(link, m_document->fabric().link(link).capacityGbps / 4));
    m_dock->place();
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy(), 120000);
    const double degradedMs = m_dock->evaluation()->stepCommTimeMs();
    QVERIFY(degradedMs > healthyMs);
    auto *results = m_dock->findChild<QLabel *>(QStringLiteral("resultsText"));
    QVERIFY(results);
    const QString text = results->text();
    QVERIFY2(text.contains(QString::fromStdString(linkId)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("slower")), qPrintable(text));
    QVERIFY2(text.contains(QString::number(healthyMs, 'f', 1)), qPrintable(text));
    // Each collective of the step by the collective model, with its validated interval.
    QVERIFY2(text.contains(QStringLiteral("Collective model, one group alone")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("validation row")), qPrintable(text));
    m_document->undoStack()->undo();
    QCOMPARE(m_document->fabric().link(link).state, LinkState::Up);
}

void TestJobsDock::editorChecksAndSaveWrites()
{
    // The editor starts from the open job and gives it back unchanged.
    const JobSpec *current = m_dock->job();
    QVERIFY(current);
    JobEditDialog dialog(*current);
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(dialog.problems().empty());
    QVERIFY(ok->isEnabled());
    // Every field, the exact parameter count (70.6e9, shown as 70.600 B) included.
    QCOMPARE(writeJobSpec(dialog.job()), writeJobSpec(*current));
    dialog.show();
    QCoreApplication::processEvents();
    QVERIFY(dialog.grab().save(QDir::temp().filePath(QStringLiteral("railyard-jobedit.png"))));
    auto *summary = dialog.findChild<QLabel *>(QStringLiteral("jobEditSummary"));
    QVERIFY(summary->text().contains(QLocale().toString(3072)));

    // DP 47 no longer divides the global batch of 1,536: the reader's check
    // names the field and OK is disabled.
    auto *dp = dialog.findChild<QSpinBox *>(QStringLiteral("dp"));
    dp->setValue(47);
    QVERIFY(!dialog.problems().empty());
    QVERIFY(!ok->isEnabled());
    auto *problems = dialog.findChild<QLabel *>(QStringLiteral("jobEditProblems"));
    QVERIFY2(problems->text().contains(QStringLiteral("global_batch")), qPrintable(problems->text()));

    // DP 24 with PP 16: valid again, 8 × 16 × 24 = 3,072 GPUs.
    dp->setValue(24);
    dialog.findChild<QSpinBox *>(QStringLiteral("pp"))->setValue(16);
    QVERIFY2(dialog.problems().empty(), dialog.problems().empty() ? "" : dialog.problems().front().c_str());
    QVERIFY(ok->isEnabled());
    const JobSpec edited = dialog.job();
    QCOMPARE(edited.gpus, 3072LL);

    // The dock takes the edited job and saves it; the file reads back equal.
    m_dock->setJob(edited, QString());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("edited.job.json"));
    QVERIFY(m_dock->saveJob(path));
    const JobSpecResult back = readJobSpecFile(path);
    QVERIFY2(back.ok(), qPrintable(back.errorText()));
    QCOMPARE(back.job->parallel.pp, 16);
    QCOMPARE(back.job->parallel.dp, 24);
    QCOMPARE(back.job->name, edited.name);
    QVERIFY(!m_dock->saveJob(dir.filePath(QStringLiteral("no/such/dir/x.job.json"))));
    QVERIFY(m_dock->errorText().contains(QStringLiteral("cannot write")));
}

void TestJobsDock::excludedHostsFromTheDock()
{
    // Half the 70B job (DP 24: 1,536 GPUs) with four drained hosts typed as a
    // hostlist: the placement never uses them. Unknown hosts and malformed
    // lists are errors, and nothing is placed.
    JobSpec half = *m_dock->job();
    half.parallel.pp = 8;
    half.parallel.dp = 24;
    half.gpus = half.parallel.worldSize();
    m_dock->setJob(half, QString());
    auto *exclude = m_dock->findChild<QLineEdit *>(QStringLiteral("excludeEdit"));
    QVERIFY(exclude);
    exclude->setText(QStringLiteral("gpu[001-004]"));
    QCOMPARE(half.gpus, 1536LL);
    m_dock->place();
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy(), 120000);
    QVERIFY2(m_dock->errorText().isEmpty(), qPrintable(m_dock->errorText()));
    QVERIFY(m_dock->evaluation());
    for (const RankSlot &r : m_dock->evaluation()->placement.ranks)
        QVERIFY(r.host > 3);
    exclude->setText(QStringLiteral("gpu999"));
    m_dock->place();
    QVERIFY2(m_dock->errorText().contains(QStringLiteral("no host 'gpu999'")), qPrintable(m_dock->errorText()));
    exclude->setText(QStringLiteral("gpu[001-"));
    m_dock->place();
    QVERIFY2(m_dock->errorText().startsWith(QStringLiteral("Exclude:")), qPrintable(m_dock->errorText()));
    exclude->clear();
}

void TestJobsDock::comparisonMarkedStaleByAnEdit()
{
    m_document->restoreAll();
    m_dock->compare();
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy() && m_dock->comparisonTimesMs().size() == 9, 300000);
    auto *stale = m_dock->findChild<QLabel *>(QStringLiteral("staleLabel"));
    auto *table = m_dock->findChild<QLabel *>(QStringLiteral("compareTable"));
    QVERIFY(stale && table);
    QVERIFY(!stale->isVisible());
    QGroupBox *box = qobject_cast<QGroupBox *>(table->parentWidget());
    QVERIFY(box && box->isEnabled());
    // A degraded link: the healthy numbers are no longer the fabric's.
    QVERIFY(m_document->setLinkCapacity(0, m_document->fabric().link(0).capacityGbps / 2));
    QVERIFY(stale->isVisible());
    QVERIFY(!box->isEnabled());
    QVERIFY(box->title().contains(QStringLiteral("stale")));
    // Compare again: current, unmarked.
    m_dock->compare();
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy(), 300000);
    QVERIFY(!stale->isVisible());
    QVERIFY(box->isEnabled());
    QVERIFY(!box->title().contains(QStringLiteral("stale")));
    m_document->undoStack()->undo();
}

void TestJobsDock::lateResultOfAnOldRevisionIsDropped()
{
    m_document->restoreAll();
    const std::vector<double> before = m_dock->comparisonTimesMs();
    QVERIFY(!before.empty());
    m_dock->compare();
    QVERIFY(m_dock->isBusy());
    // The fabric changes while the comparison runs: its result is for the old one.
    m_document->setFailed({m_document->fabric().link(1).id}, true);
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy(), 300000);
    auto *stale = m_dock->findChild<QLabel *>(QStringLiteral("staleLabel"));
    QVERIFY(stale->isVisible());
    QVERIFY2(stale->text().contains(QStringLiteral("dropped")), qPrintable(stale->text()));
    QCOMPARE(m_dock->comparisonTimesMs(), before); // the older numbers, marked stale, not the late ones
    m_document->restoreAll();
}

void TestJobsDock::anotherFabricMidCompareShowsNothingOld()
{
    m_dock->compare();
    QVERIFY(m_dock->isBusy());
    // Another fabric opens while the comparison runs.
    ReadResult r = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json"));
    QVERIFY(r.ok());
    FabricDocument other(std::move(*r.fabric));
    QSignalSpy heat(m_dock.get(), &JobsDock::linkHeatChanged);
    m_dock->setDocument(&other);
    QVERIFY(heat.count() >= 1); // the old heatmap is cleared
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy(), 300000);
    QCoreApplication::processEvents();
    QVERIFY(m_dock->comparisonTimesMs().empty());
    QVERIFY(!m_dock->evaluation());
    auto *table = m_dock->findChild<QLabel *>(QStringLiteral("compareTable"));
    QVERIFY(!table->parentWidget()->isVisible());
    m_dock->setDocument(m_document.get());
}

QTEST_MAIN(TestJobsDock)
#include "tst_jobsdock.moc"
