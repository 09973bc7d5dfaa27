// THE KILL TEST: a child process (this executable re-invoked with
// --save-child) saves a 24,576-GPU project over an existing one and is
// SIGKILLed at varied moments of the save, 20 times. After every kill the
// project must open intact with exactly its previous content (or, when the
// kill came after the commit, exactly the new one) and keep its versions.
// A second test dies in a transaction that has certainly written into the
// file, so the rollback of a hot journal is exercised on every run.

#include "core/registry/formatregistry.h"
#include "core/project/projectfile.h"
#include "projecttestdata.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <limits>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

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

/// Child mode: load, build the variant, say "ready", save, say "saved <µs the save took>".
int saveChild(const QString &project, int variant)
{
    const ProjectData data = variantOf(loadSample(), variant);
    std::printf("ready\n");
    std::fflush(stdout);
    QElapsedTimer timer;
    timer.start();
    ProjectError error;
    if (!ProjectFile(project).save(data, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error.toString()));
        return 1;
    }
    std::printf("saved %lld\n", timer.nsecsElapsed() / 1000);
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
    void hotJournalIsRolledBack();

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

    // Calibration: two children save without interruption; the shorter of
    // their save times spreads the kill moments.
    qint64 saveUs = std::numeric_limits<qint64>::max();
    for (int variant : {100, 1}) {
        QProcess calibration;
        QVERIFY(startChild(calibration, project, variant));
        QVERIFY(calibration.waitForFinished(60000));
        QCOMPARE(calibration.exitCode(), 0);
        const QByteArray out = calibration.readAllStandardOutput();
        const qsizetype at = out.indexOf("saved ");
        QVERIFY(at >= 0);
        saveUs = std::min(saveUs, out.mid(at + 6).trimmed().toLongLong());
    }
    QVERIFY(saveUs > 0);
    qInfo("an uninterrupted 24K-GPU save takes %.0f ms in the child", saveUs / 1000.0);

    int committed = 1; // the variant the file holds
    QByteArray committedBytes = fabricBytes(variantOf(base, committed).fabric);
    QCOMPARE(fabricBytes(ProjectFile(project).read()->fabric), committedBytes);

    QRandomGenerator random(20240601);
    int oldContent = 0, newContent = 0, journals = 0, rolledBack = 0;
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
        const bool journal = QFileInfo::exists(project + QStringLiteral("-journal"));

        const std::optional<ProjectData> now = ProjectFile(project).read(&error);
        QVERIFY2(now,
                 qPrintable(
                     QStringLiteral("after kill %1 at %2 ms: %3").arg(k).arg(delayUs / 1000.0).arg(error.toString())));
        // A kill after the save began leaves a journal. It is hot once the
        // commit has synced it and started writing the file: then the read
        // rolls it back (and deletes it). Before that its header is zeroed,
        // SQLite ignores it and the next save removes it.
        if (journal)
            ++journals;
        if (journal && !QFileInfo::exists(project + QStringLiteral("-journal")))
            ++rolledBack;
        const QByteArray bytes = fabricBytes(now->fabric);
        if (bytes == committedBytes) {
            QVERIFY(sameState(*now, variantOf(base, committed)));
            ++oldContent;
        } else {
            const ProjectData expectedNew = variantOf(base, variant);
            const QByteArray newBytes = fabricBytes(expectedNew.fabric);
            QVERIFY2(bytes == newBytes,
                     qPrintable(QStringLiteral("kill %1: neither the old nor the new fabric").arg(k)));
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
          "%d left a journal, %d of them hot (rolled back by the read)",
          oldContent, newContent, journals, rolledBack);
    // Proof that the kills hit the save while it wrote: most left the old
    // content, and several left a journal to roll back.
    QVERIFY2(oldContent >= 8 && journals >= 5, "too few kills landed in the middle of the save");

    // A save that completes leaves one self-contained file again.
    QVERIFY(ProjectFile(project).save(variantOf(base, 99)));
    QVERIFY(!QFileInfo::exists(project + QStringLiteral("-journal")));
    QCOMPARE(fabricBytes(ProjectFile(project).read()->fabric), fabricBytes(variantOf(base, 99).fabric));
}

void TestProjectKill::hotJournalIsRolledBack()
{
    // The moment the kills above hit only sometimes, made certain: a process
    // dies in a transaction that has already written into the file (a tiny
    // cache forces SQLite to spill pages, after syncing the journal).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString project = dir.filePath(QStringLiteral("hot.railyard"));
    const ProjectData before = variantOf(loadSample(), 7);
    QVERIFY(ProjectFile(project).save(before));
    const FileState saved = fileState(project);

    const pid_t pid = fork();
    if (pid == 0) {
        sqlite3 *db = nullptr;
        sqlite3_open_v2(project.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE, nullptr);
        sqlite3_exec(db, "PRAGMA cache_size = 5; BEGIN; UPDATE links SET gbps = gbps + 1; DELETE FROM hosts;", nullptr,
                     nullptr, nullptr);
        ::raise(SIGKILL);
    }
    QVERIFY(pid > 0);
    int status = 0;
    QCOMPARE(waitpid(pid, &status, 0), pid);
    QVERIFY(WIFSIGNALED(status));
    QVERIFY(QFileInfo::exists(project + QStringLiteral("-journal")));
    QVERIFY2(!(fileState(project) == saved), "the dead transaction had not written into the file");

    ProjectError error;
    const std::optional<ProjectData> after = ProjectFile(project).read(&error);
    QVERIFY2(after, qPrintable(error.toString()));
    QCOMPARE(fabricBytes(after->fabric), fabricBytes(before.fabric));
    QVERIFY(sameState(*after, before));
    QVERIFY(!QFileInfo::exists(project + QStringLiteral("-journal")));
    // The rollback restored the very bytes of the last commit.
    QCOMPARE(QCryptographicHash::hash(fileBytes(project), QCryptographicHash::Sha1), saved.sha1);
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
