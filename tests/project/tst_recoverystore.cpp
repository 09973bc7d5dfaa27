// Crash-recovery copies: found when newer than their project, not once
// removed, not when the project was saved after them.

#include "core/health/healthstore.h"
#include "core/project/projectfile.h"
#include "core/project/recoverystore.h"
#include "projecttestdata.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace Railyard;
using namespace Railyard::ProjectTestData;

class TestRecoveryStore : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void staleCopyIsFound();
    void removedCopyIsGone();
    void olderThanProjectIsNotOffered();
    void projectWritesThatSaveNothing();
    void untitledAndMissingProjects();
    void rewriteReplaces();

private:
    void setModified(const QString &path, const QDateTime &time)
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(time, QFileDevice::FileModificationTime));
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_project;
    QString m_folder;
};

void TestRecoveryStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_project = m_dir->filePath(QStringLiteral("work/lab.railyard"));
    m_folder = m_dir->filePath(QStringLiteral("recovery"));
    QVERIFY(QDir().mkpath(m_dir->filePath(QStringLiteral("work"))));
    QVERIFY(ProjectFile(m_project).save(sample(0)));
    setModified(m_project, QDateTime::currentDateTime().addSecs(-600)); // saved ten minutes ago
    QTest::qWait(3); // and the project's own save time (saved_utc) strictly before what the tests write next
}

void TestRecoveryStore::staleCopyIsFound()
{
    const RecoveryStore store(m_folder); // the folder does not exist yet
    QVERIFY(store.pending().empty());
    QVERIFY(!store.find(m_project));

    const QDateTime before = QDateTime::currentDateTimeUtc().addMSecs(-1);
    ProjectError error;
    QVERIFY2(store.write(m_project, sample(1), &error), qPrintable(error.toString()));
    const QString recoveryPath = store.recoveryPathFor(m_project);
    QVERIFY(recoveryPath.startsWith(m_folder + QLatin1Char('/')));
    QVERIFY(recoveryPath.endsWith(QStringLiteral(".railyard")));
    QVERIFY(QFileInfo(recoveryPath).fileName().startsWith(QStringLiteral("lab-")));

    // "The application crashed": a new store (a new process) finds the copy.
    const RecoveryStore later(m_folder);
    const std::optional<RecoveryEntry> entry = later.find(m_project);
    QVERIFY(entry);
    QCOMPARE(entry->recoveryPath, recoveryPath);
    QCOMPARE(entry->projectPath, QFileInfo(m_project).absoluteFilePath());
    QCOMPARE(entry->key, QFileInfo(m_project).absoluteFilePath());
    QVERIFY(entry->writtenUtc >= before && entry->writtenUtc <= QDateTime::currentDateTimeUtc());
    const std::vector<RecoveryEntry> pending = later.pending();
    QCOMPARE(pending.size(), size_t(1));
    QCOMPARE(pending[0].recoveryPath, recoveryPath);
    // The same key spelled differently maps to the same copy.
    QVERIFY(later.find(m_dir->filePath(QStringLiteral("work/../work/./lab.railyard"))));

    const std::optional<ProjectData> recovered = later.read(*entry, &error);
    QVERIFY2(recovered, qPrintable(error.toString()));
    compare(*recovered, sample(1)); // recovery.* metadata is stripped

    // Declining keeps it: it is offered again until removed.
    QVERIFY(later.find(m_project));
}

void TestRecoveryStore::removedCopyIsGone()
{
    const RecoveryStore store(m_folder);
    QVERIFY(store.write(m_project, sample(1)));
    QVERIFY(store.find(m_project));
    QVERIFY(store.remove(m_project));
    QVERIFY(!store.find(m_project));
    QVERIFY(store.pending().empty());
    QVERIFY(!QFileInfo::exists(store.recoveryPathFor(m_project)));
    QVERIFY(store.remove(m_project)); // nothing left: still true
}

void TestRecoveryStore::olderThanProjectIsNotOffered()
{
    const RecoveryStore store(m_folder);
    QVERIFY(store.write(m_project, sample(1)));
    QVERIFY(store.find(m_project));
    // The project was saved (e.g. by another instance) after the copy.
    QTest::qWait(5);
    QVERIFY(ProjectFile(m_project).save(sample(0)));
    QVERIFY(!store.find(m_project));
    QVERIFY(store.pending().empty());
    QVERIFY(QFileInfo::exists(store.recoveryPathFor(m_project))); // not deleted behind the user's back
}

void TestRecoveryStore::projectWritesThatSaveNothing()
{
    // Adding a recording (or a version, an intent, an incident) to the
    // project moves its modification time but saves none of the edits the
    // recovery copy holds: the copy is still offered.
    const RecoveryStore store(m_folder);
    QVERIFY(store.write(m_project, sample(1)));
    QTest::qWait(5);
    ProjectError error;
    QVERIFY2(HealthStore(m_project).createRecording("run", "lab", 5, "sim", &error), qPrintable(error.toString()));
    QVERIFY(QFileInfo(m_project).lastModified() > store.find(m_project)->writtenUtc);
    QVERIFY(store.find(m_project));
    QCOMPARE(store.pending().size(), size_t(1));
}

void TestRecoveryStore::untitledAndMissingProjects()
{
    const RecoveryStore store(m_folder);
    const QString untitled = QStringLiteral("untitled:1f0c");
    QVERIFY(store.write(untitled, sample(2)));
    const std::optional<RecoveryEntry> entry = store.find(untitled);
    QVERIFY(entry);
    QCOMPARE(entry->projectPath, QString());
    QCOMPARE(entry->key, untitled);
    QVERIFY(QFileInfo(entry->recoveryPath).fileName().startsWith(QStringLiteral("untitled-")));
    QVERIFY(!store.find(QStringLiteral("untitled:other")));

    const QString gone = m_dir->filePath(QStringLiteral("work/deleted.railyard"));
    QVERIFY(store.write(gone, sample(3)));
    QVERIFY(store.find(gone)); // the project is gone: the copy is all there is

    const std::vector<RecoveryEntry> pending = store.pending();
    QCOMPARE(pending.size(), size_t(2));
    QVERIFY(pending[0].writtenUtc <= pending[1].writtenUtc);
    QCOMPARE(pending[0].key, untitled);

    // A project that is not a recovery copy, dropped into the folder, is ignored.
    QVERIFY(QFile::copy(m_project, QDir(m_folder).filePath(QStringLiteral("stray.railyard"))));
    QCOMPARE(store.pending().size(), size_t(2));
}

void TestRecoveryStore::rewriteReplaces()
{
    const RecoveryStore store(m_folder);
    QVERIFY(store.write(m_project, sample(1)));
    const QDateTime first = store.find(m_project)->writtenUtc;
    QTest::qWait(5);
    QVERIFY(store.write(m_project, sample(2)));
    const std::optional<RecoveryEntry> entry = store.find(m_project);
    QVERIFY(entry && entry->writtenUtc > first);
    compare(*store.read(*entry), sample(2));
    QCOMPARE(QDir(m_folder).entryList(QDir::Files).size(), 1);
}

QTEST_GUILESS_MAIN(TestRecoveryStore)
#include "tst_recoverystore.moc"
