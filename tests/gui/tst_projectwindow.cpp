// The designer window with `.railyard` projects, offscreen: open a project
// with pins and a what-if, save edits, save and restore versions, and crash
// recovery (a stale recovery copy offered; "Not Now" keeps it until the next
// clean save; Restore brings the work back as unsaved changes).

#include "core/document/fabricdocument.h"
#include "core/registry/formatregistry.h"
#include "core/project/projectfile.h"
#include "views/docks/jobsdock.h"
#include "views/docks/problemsdock.h"
#include "views/docks/versionsdock.h"
#include "views/mainwindow.h"
#include "views/projectsession.h"

#include <QAbstractButton>
#include <QApplication>
#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

using namespace Railyard;

namespace {

QByteArray bytes(const Fabric &fabric)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QString error;
    FormatRegistry::instance().bySlug(QStringLiteral("fabric-json"))->write(fabric, buffer, &error);
    return buffer.data();
}

/// Clicks the button labelled `text` (mnemonic '&' ignored) of the next modal
/// message box, when it appears; records the box's text.
void answerNextMessageBox(const QString &text, QString *seen = nullptr)
{
    QTimer::singleShot(50, [text, seen] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box) {
            answerNextMessageBox(text, seen);
            return;
        }
        if (seen)
            *seen = box->text();
        for (QAbstractButton *b : box->buttons())
            if (b->text().remove(QLatin1Char('&')) == text) {
                b->click();
                return;
            }
        box->reject();
    });
}

} // namespace

class TestProjectWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("RailyardTest"));
        QApplication::setApplicationName(QStringLiteral("tst_projectwindow"));
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)).removeRecursively();
    }

    void openProjectRestoresPinsWhatIfAndSavesEdits()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("lab.railyard");
        ReadResult lab = FormatRegistry::instance().readFile(RAILYARD_SAMPLES "/lab-2rack.fabric.json");
        QVERIFY(lab.ok());
        ProjectData data;
        data.fabric = *lab.fabric;
        data.pins["spine-1"] = {123.0, -45.0};
        data.failedIds = {"leaf-2"};
        QVERIFY(ProjectFile(path).save(data));

        MainWindow window;
        window.setInteractive(false);
        QVERIFY(window.openFile(path));
        FabricDocument *doc = window.document();
        QCOMPARE(doc->pinnedPositions().at("spine-1"), QPointF(123, -45));
        QCOMPARE(doc->failedIds(), std::vector<std::string>{"leaf-2"});
        QVERIFY(doc->undoStack()->isClean());

        Switch sw;
        sw.id = "spine-3";
        sw.tier = Tier::Spine;
        sw.radix = 32;
        QVERIFY(doc->addSwitch(sw));
        QVERIFY(doc->connect("leaf-1", "spine-3", 400));
        QVERIFY(window.isWindowModified());
        QVERIFY(window.saveVersion(QStringLiteral("third spine")));
        QVERIFY(!window.isWindowModified());

        const auto reread = ProjectFile(path).read();
        QVERIFY(reread);
        QCOMPARE(bytes(reread->fabric), bytes(doc->fabric()));
        QCOMPARE(reread->pins.at("spine-1").x, 123.0);
        QCOMPARE(reread->failedIds, std::vector<std::string>{"leaf-2"});

        // The Versions dock lists the version with its message and author.
        QTreeWidget *list = window.versionsDock()->list();
        QCOMPARE(list->topLevelItemCount(), 1);
        QCOMPARE(list->topLevelItem(0)->text(3), QStringLiteral("third spine"));
        QCOMPARE(list->topLevelItem(0)->text(2), ProjectSession::authorName());
    }

    // A project with three jobs, one of which cannot be read: every job
    // survives a save and a reopen (the broken one byte for byte), the
    // Problems dock names the broken one, and job edits are undoable.
    void everyJobOfAProjectRoundTrips()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("jobs.railyard");
        ReadResult lab = FormatRegistry::instance().readFile(RAILYARD_SAMPLES "/lab-2rack.fabric.json");
        QVERIFY(lab.ok());
        QFile jobFile(QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.job.json"));
        QVERIFY(jobFile.open(QIODevice::ReadOnly));
        const std::string good = jobFile.readAll().toStdString();
        std::string other = good;
        other.replace(other.find("\"name\""), 6, "\"comment\": \"the second one\",\n  \"name\"");
        // Not JSON at all: trailing comma, an unquoted key and a tab, which
        // a re-serialization would change.
        const std::string broken = "{\n\t\"name\": \"half-written\",\n\tparallel: {\"tp\": 8,},\n";
        ProjectData data;
        data.fabric = *lab.fabric;
        data.jobs = {{"first", good}, {"broken", broken}, {"third", other}};
        QVERIFY(ProjectFile(path).save(data));

        {
            MainWindow window;
            window.setInteractive(false);
            QVERIFY(window.openFile(path));
            FabricDocument *doc = window.document();
            QCOMPARE(doc->jobs().size(), size_t(3));
            QVERIFY(doc->jobs()[0].ok());
            QVERIFY(!doc->jobs()[1].ok());
            QVERIFY(doc->jobs()[2].ok());
            QCOMPARE(doc->currentJob(), 0);
            bool named = false;
            for (const QString &text : window.problemsDock()->messageTexts())
                named = named || (text.contains(QLatin1String("Job broken cannot be read")));
            QVERIFY2(named, qPrintable(window.problemsDock()->messageTexts().join(QLatin1Char('\n'))));
            QVERIFY(doc->undoStack()->isClean());

            // Switching jobs is not an edit; removing one is, and undo brings it back.
            doc->setCurrentJob(2);
            QVERIFY(doc->undoStack()->isClean());
            QCOMPARE(window.jobsDock()->job()->name, doc->jobs()[2].spec->name);
            QVERIFY(doc->removeJob(0));
            QCOMPARE(doc->jobs().size(), size_t(2));
            doc->undoStack()->undo();
            QCOMPARE(doc->jobs().size(), size_t(3));
            QCOMPARE(doc->jobs()[0].name, std::string("first"));
            QVERIFY(doc->undoStack()->isClean());
            // Edited through the dock (as the job editor does): one undo step, marked modified.
            JobSpec edited = *doc->jobs()[2].spec;
            edited.globalBatch *= 2;
            window.jobsDock()->setJob(edited, QString());
            QVERIFY(window.isWindowModified());
            QCOMPARE(doc->jobs()[2].spec->globalBatch, edited.globalBatch);
            doc->undoStack()->undo();
            QCOMPARE(doc->jobs()[2].text, other);
            QVERIFY(!window.isWindowModified());
            // Saving writes every job back.
            QVERIFY(doc->addJob(JobEntry::fromSpec("fourth", edited)) == 3);
            QVERIFY(window.saveVersion(QStringLiteral("four jobs")));
        }
        const auto reread = ProjectFile(path).read();
        QVERIFY(reread);
        QCOMPARE(reread->jobs.size(), size_t(4));
        QCOMPARE(reread->jobs[0], (ProjectJob{"first", good}));
        QCOMPARE(reread->jobs[1], (ProjectJob{"broken", broken})); // byte for byte
        QCOMPARE(reread->jobs[2], (ProjectJob{"third", other}));
        QCOMPARE(reread->jobs[3].name, std::string("fourth"));
        MainWindow again;
        again.setInteractive(false);
        QVERIFY(again.openFile(path));
        QCOMPARE(again.document()->jobs().size(), size_t(4));
        QCOMPARE(again.document()->jobs()[1].text, broken);
    }

    void restoreVersionIsOneUndoStep()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("lab.railyard");
        ReadResult lab = FormatRegistry::instance().readFile(RAILYARD_SAMPLES "/lab-2rack.fabric.json");
        QVERIFY(lab.ok());
        ProjectData data;
        data.fabric = *lab.fabric;
        QVERIFY(ProjectFile(path).save(data));
        MainWindow window;
        window.setInteractive(false);
        QVERIFY(window.openFile(path));
        FabricDocument *doc = window.document();
        const QByteArray v1 = bytes(doc->fabric());
        QVERIFY(window.saveVersion(QStringLiteral("as delivered")));
        QVERIFY(doc->removeElements({"spine-2"}));
        QVERIFY(window.saveVersion(QStringLiteral("one spine")));
        const QByteArray v2 = bytes(doc->fabric());
        const auto ids = window.versionsDock()->versionIds();
        QCOMPARE(ids.size(), size_t(2));
        emit window.versionsDock()->restoreRequested(ids.front());
        QCOMPARE(bytes(doc->fabric()), v1);
        QVERIFY(window.isWindowModified());
        doc->undoStack()->undo();
        QCOMPARE(bytes(doc->fabric()), v2);
        QVERIFY(!window.isWindowModified());
    }

    void staleRecoveryIsOfferedAndKeptUntilCleanSave()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("lab.railyard");
        ReadResult lab = FormatRegistry::instance().readFile(RAILYARD_SAMPLES "/lab-2rack.fabric.json");
        QVERIFY(lab.ok());
        ProjectData data;
        data.fabric = *lab.fabric;
        QVERIFY(ProjectFile(path).save(data));
        const QByteArray saved = bytes(data.fabric);

        // A session edits and autosaves, then "crashes" (never closes).
        QString recoveryFile;
        QByteArray edited;
        {
            auto *crashed = new MainWindow;
            crashed->setInteractive(false);
            QVERIFY(crashed->openFile(path));
            QVERIFY(crashed->document()->removeElements({"spine-2"}));
            edited = bytes(crashed->document()->fabric());
            QString error;
            QVERIFY2(crashed->projectSession()->writeRecoveryNow(&error), qPrintable(error));
            recoveryFile = crashed->projectSession()->recovery().recoveryPathFor(
                crashed->projectSession()->recoveryKey());
            QVERIFY(QFileInfo::exists(recoveryFile));
            // Leak on purpose: a crashed process does not run its destructors.
        }

        // Next start: the copy is offered; "Not Now" keeps it.
        {
            MainWindow window;
            QString question;
            answerNextMessageBox(QStringLiteral("Not Now"), &question);
            QVERIFY(window.openFile(path));
            QVERIFY2(question.contains("lab.railyard"), qPrintable(question));
            QCOMPARE(bytes(window.document()->fabric()), saved);
            QVERIFY(QFileInfo::exists(recoveryFile));
            window.setInteractive(false);
        }
        // Gone without a confirmed close (as after another crash): the declined copy stays.
        QVERIFY(QFileInfo::exists(recoveryFile));

        // Restore: the work comes back as unsaved changes.
        {
            MainWindow window;
            answerNextMessageBox(QStringLiteral("Restore"));
            QVERIFY(window.openFile(path));
            QCOMPARE(bytes(window.document()->fabric()), edited);
            QVERIFY(window.isWindowModified());
            window.setInteractive(false);
            // A clean save removes the copy.
            QVERIFY(window.saveVersion(QStringLiteral("recovered")));
            QVERIFY(!QFileInfo::exists(recoveryFile));
        }
        const auto reread = ProjectFile(path).read();
        QVERIFY(reread);
        QCOMPARE(bytes(reread->fabric), edited);
    }
};

QTEST_MAIN(TestProjectWindow)
#include "tst_projectwindow.moc"
