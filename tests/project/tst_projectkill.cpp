// THE KILL TEST: a child process (this executable re-invoked with
// --save-child) saves a 24,576-GPU project over an existing one and is
// SIGKILLed at varied moments of the save, 20 times. After every kill the
// project must open intact with exactly its previous content (or, when the
// kill came after the commit, exactly the new one) and keep its versions.

#include "core/formats/formatregistry.h"
#include "core/project/projectfile.h"
#include "projecttestdata.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <cstdio>
#include <cstring>

using namespace Railyard;
using namespace Railyard::ProjectTestData;

namespace {

const QString samplePath = QStringLiteral(RAILYARD_SAMPLES "/meta-24k.fabric.json");

/// The project a save with number `variant` writes: the sample fabric with
/// a changed name, one changed capacity and a state that names the variant.
ProjectData variantOf(const Fabric &base, int variant)
{
    ProjectData data;
    data.fabric = base;
    Fabric &f = data.fabric;
    f.name = "meta-24k, save " + std::to_string(variant);
    Link &changed = f.link((variant * 7919) % f.linkCount());
    changed.capacityGbps += 0.5 + variant;
    const Host &pinned = f.host((variant * 131) % f.hostCount());
    data.pins[pinned.id] = PinnedPosition{1.5 * variant, -0.25 * variant};
    data.failedIds = {f.link((variant * 31) % f.linkCount()).id};
    data.jobs = {ProjectJob{"job", "{\"save\": " + std::to_string(variant) + "}\n"}};
    data.metadata = {{"save", std::to_string(variant)}};
    return data;
}

Fabric loadSample()
{
    ReadResult result = FormatRegistry::instance().readFile(samplePath);
    if (!result.ok())
        qFatal("%s", qPrintable(result.errorText()));
    return std::move(*result.fabric);
}

/// Child mode: load, build the variant, say "ready", save, say "saved".
int saveChild(const QString &project, int variant)
{
    const ProjectData data = variantOf(loadSample(), variant);
    std::printf("ready\n");
    std::fflush(stdout);
    ProjectError error;
    if (!ProjectFile(project).save(data, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error.toString()));
        return 1;
    }
    std::printf("saved\n");
    std::fflush(stdout);
    return 0;
}

bool sameState(const ProjectData &a, const ProjectData &b)
{
    return a.pins == b.pins && a.failedIds == b.failedIds && a.jobs == b.jobs && a.metadata == b.metadata;
}

} // namespace

class TestProjectKill : public QObject
{
    Q_OBJECT

private slots:
    void killDuringSave();

private:
    /// Starts a child saving `variant`; returns once it said "ready".
    bool startChild(QProcess &child, const QString &project, int variant);
};

bool TestProjectKill::startChild(QProcess &child, const QString &project, int variant)
{
    child.setProcessChannelMode(QProcess::SeparateChannels);
    child.start(QCoreApplication::applicationFilePath(),
                {QStringLiteral("--save-child"), project, QString::number(variant)});
    if (!child.waitForStarted(10000))
        return false;
    QByteArray out;
    while (!out.contains("ready\n")) {
        if (!child.waitForReadyRead(60000))
            return false;
        out += child.readAllStandardOutput();
    }
    return true;
}

void TestProjectKill::killDuringSave()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString project = dir.filePath(QStringLiteral("kill.railyard"));
    const Fabric base = loadSample();
    QCOMPARE(base.gpuCount(), 24576LL);

    // The project the kills are aimed at: variant 0 with one named version.
    ProjectError error;
    QVERIFY2(ProjectFile(project).save(variantOf(base, 0), &error), qPrintable(error.toString()));
    QVERIFY(ProjectFile(project).addVersion(variantOf(base, 0), QStringLiteral("test"), QStringLiteral("before")));

    // Calibration: one child saves without interruption; its save time
    // spreads the kill moments.
    QProcess calibration;
    QVERIFY(startChild(calibration, project, 1));
    QElapsedTimer timer;
    timer.start();
    QVERIFY(calibration.waitForFinished(60000));
    const qint64 saveUs = timer.nsecsElapsed() / 1000;
    QCOMPARE(calibration.exitCode(), 0);
    QVERIFY(calibration.readAllStandardOutput().contains("saved"));
    qInfo("an uninterrupted 24K-GPU save takes %.0f ms in the child", saveUs / 1000.0);

    int committed = 1; // the variant the file holds
    QByteArray committedBytes = fabricBytes(variantOf(base, committed).fabric);
    QCOMPARE(fabricBytes(ProjectFile(project).read()->fabric), committedBytes);

    QRandomGenerator random(20240601);
    int oldContent = 0, newContent = 0, journals = 0;
    for (int k = 0; k < 20; ++k) {
        const int variant = k + 2;
        QProcess child;
        QVERIFY(startChild(child, project, variant));
        // Kill k lands in the k-th twentieth of the save, at a random point within it.
        const auto delayUs = static_cast<unsigned long>(saveUs * (k + random.generateDouble()) / 20.0);
        QThread::usleep(delayUs);
        ::kill(pid_t(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished(30000));
        const bool saidSaved = child.readAllStandardOutput().contains("saved");
        if (QFileInfo::exists(project + QStringLiteral("-journal")))
            ++journals;

        const std::optional<ProjectData> now = ProjectFile(project).read(&error);
        QVERIFY2(now, qPrintable(QStringLiteral("after kill %1 at %2 ms: %3")
                                     .arg(k)
                                     .arg(delayUs / 1000.0)
                                     .arg(error.toString())));
        const QByteArray bytes = fabricBytes(now->fabric);
        if (bytes == committedBytes) {
            QVERIFY(sameState(*now, variantOf(base, committed)));
            ++oldContent;
        } else {
            const ProjectData expectedNew = variantOf(base, variant);
            const QByteArray newBytes = fabricBytes(expectedNew.fabric);
            QVERIFY2(bytes == newBytes, qPrintable(QStringLiteral("kill %1: neither the old nor the new fabric").arg(k)));
            QVERIFY(sameState(*now, expectedNew));
            committed = variant;
            committedBytes = newBytes;
            ++newContent;
        }
        QVERIFY(!saidSaved || committed == variant);
        const auto versions = ProjectFile(project).versions(&error);
        QVERIFY2(versions && versions->size() == 1, qPrintable(error.toString()));
    }
    qInfo("20 kills: %d left the previous content, %d the new one (killed after the commit); "
          "%d left a hot journal that reading rolled back",
          oldContent, newContent, journals);
    QVERIFY2(oldContent >= 10, "most kills must land in the middle of the save");
    QVERIFY(!QFileInfo::exists(project + QStringLiteral("-journal")));
}

int main(int argc, char *argv[])
{
    if (argc == 4 && std::strcmp(argv[1], "--save-child") == 0)
        return saveChild(QString::fromLocal8Bit(argv[2]), std::atoi(argv[3]));
    QCoreApplication app(argc, argv);
    TestProjectKill test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_projectkill.moc"
