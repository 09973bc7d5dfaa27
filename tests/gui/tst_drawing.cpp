// Drawing with the edit tools, end to end and offscreen: keyboard and mouse on
// the canvas of a MainWindow holding samples/lab-2rack.fabric.json. Add two
// switches and a host through the tools and their dialogs, connect them with
// the connect tool, rubber-band select, drag and pin, duplicate a rack, then
// undo everything and compare the serialized fabric byte for byte with the
// file as read and written the same way. Refused edits reach the status bar
// and the Problems dock and change nothing; Delete asks with the link count;
// the Properties dock renames and bulk-edits the selection in one step.

#include "core/document/fabricdocument.h"
#include "core/registry/formatregistry.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "views/analysisrunner.h"
#include "views/canvas/edittool.h"
#include "views/canvas/fabriccanvas.h"
#include "views/dialogs/addhostdialog.h"
#include "views/dialogs/addrackdialog.h"
#include "views/dialogs/addswitchdialog.h"
#include "views/dialogs/connectdialog.h"
#include "views/docks/problemsdock.h"
#include "views/editactions.h"
#include "views/editoperations.h"
#include "views/mainwindow.h"
#include "tests/gui/guitestutil.h"

#include <QApplication>
#include <QBuffer>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <memory>

using namespace Railyard;

namespace {

const QString kLab = QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json");

/// The fabric as the native writer serializes it.
QByteArray serialize(const Fabric &fabric)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QString error;
    const FileFormat *json = FormatRegistry::instance().bySlug(QStringLiteral("fabric-json"));
    if (!json || !json->write(fabric, buffer, &error))
        qWarning() << "cannot serialize:" << error;
    return buffer.data();
}

/// The sample as read and written by the same reader and writer.
QByteArray labBytes()
{
    ReadResult result = FormatRegistry::instance().readFile(kLab);
    return result.ok() ? serialize(*result.fabric) : QByteArray();
}

} // namespace

class TestDrawing : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void drawsAndUndoesBackToTheFile();
    void refusedEditChangesNothing();
    void dialogsCheckIdsLive();
    void deleteAsksWithTheLinkCount();
    void contextMenuAddsASpinePlane();
    void blankDesignRightClickAndTheTopRow();
    void aboveTheTopRowAddsATier();
    void propertiesRenameAndBulkEdit();
    void unpinAndRecable();
    void editModeAt131kGpus();
    void screenshot();

private:
    /// Widget position of a node's centre on the canvas.
    QPoint at(const std::string &id) const
    {
        const NodeIndex n = doc()->fabric().findNode(id);
        return canvas()->mapFromScene(canvas()->layout()->nodeCenter(n)).toPoint();
    }
    /// Clicks a node with the current tool, after checking the canvas finds it there.
    void clickNode(const std::string &id, Qt::KeyboardModifiers modifiers = {})
    {
        const QPoint p = at(id);
        QCOMPARE(canvas()->elementAt(p), QString::fromStdString(id));
        QTest::mouseClick(canvas(), Qt::LeftButton, modifiers, p);
        QCoreApplication::processEvents();
    }
    void key(int k, Qt::KeyboardModifiers modifiers = {})
    {
        // Shortcuts need the window active; offscreen, a closed dialog does not hand it back.
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        QTest::keyClick(canvas(), static_cast<Qt::Key>(k), modifiers);
        QCoreApplication::processEvents();
    }
    FabricDocument *doc() const { return m_window->document(); }
    FabricCanvas *canvas() const { return m_window->canvas(); }
    EditTool *tool() const { return m_window->editActions()->tool(); }
    QString status() const { return m_window->statusBar()->currentMessage(); }
    int undoCount() const { return doc()->undoStack()->count(); }

    std::unique_ptr<MainWindow> m_window;
};

void TestDrawing::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("RailyardTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_drawing"));
}

void TestDrawing::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    m_window->resize(1400, 900);
    QVERIFY(m_window->openFile(kLab));
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    canvas()->setFocus();
    canvas()->fitToView();
    QCoreApplication::processEvents();
}

void TestDrawing::cleanup()
{
    m_window.reset();
}

void TestDrawing::drawsAndUndoesBackToTheFile()
{
    const QByteArray original = labBytes();
    QVERIFY(!original.isEmpty());
    QCOMPARE(serialize(doc()->fabric()), original);
    QVERIFY(!m_window->isWindowModified());

    // E enters edit mode; the tools have single-key shortcuts.
    key(Qt::Key_E);
    QVERIFY(tool()->isActive());
    QVERIFY(m_window->editActions()->editModeAction()->isChecked());

    // S, then a click on the spine row right of the spines: a spine, proposed as spine-3.
    key(Qt::Key_S);
    QCOMPARE(tool()->tool(), EditTool::Tool::AddSwitch);
    const QPoint spineRow(at("spine-2").x() + 120, at("spine-2").y());
    bool seen = false;
    whenModal<AddSwitchDialog>(
        [](AddSwitchDialog *d) {
            QCOMPARE(d->sw().id, std::string("spine-3"));
            QCOMPARE(d->sw().tier, Tier::Spine);
            QCOMPARE(d->sw().radix, 32); // like the spine next to the click
            d->accept();
        },
        &seen);
    QTest::mouseClick(canvas(), Qt::LeftButton, {}, spineRow);
    QVERIFY(seen);
    QVERIFY(doc()->fabric().findNode("spine-3") >= 0);

    // A leaf on the leaf row: leaf-3.
    whenModal<AddSwitchDialog>(
        [](AddSwitchDialog *d) {
            QCOMPARE(d->sw().id, std::string("leaf-3"));
            QCOMPARE(d->sw().tier, Tier::Leaf);
            d->accept();
        },
        &seen);
    QTest::mouseClick(canvas(), Qt::LeftButton, {}, QPoint(at("leaf-2").x() + 120, at("leaf-2").y()));
    QVERIFY(seen);
    QVERIFY(doc()->fabric().findNode("leaf-3") >= 0);

    // H, then a click beside rack 2: a host shaped like its neighbours, in rack-2.
    key(Qt::Key_H);
    QCOMPARE(tool()->tool(), EditTool::Tool::AddHost);
    whenModal<AddHostDialog>(
        [](AddHostDialog *d) {
            const Host h = d->host();
            QCOMPARE(h.id, std::string("lab-r2-h3"));
            QCOMPARE(h.location.rack, std::string("rack-2"));
            QCOMPARE(h.nics.size(), size_t(2));
            QCOMPARE(h.nics[1].speedGbps, 400.0);
            d->accept();
        },
        &seen);
    QTest::mouseClick(canvas(), Qt::LeftButton, {}, at("lab-r2-h2") + QPoint(30, 0));
    QVERIFY(seen);
    QCOMPARE(doc()->fabric().hostCount(), 5);
    canvas()->fitToView();
    QCoreApplication::processEvents();

    // C: click the host, then the new leaf: a 400 Gbit/s link on the lowest free ports.
    key(Qt::Key_C);
    QCOMPARE(tool()->tool(), EditTool::Tool::Connect);
    const int links = doc()->fabric().linkCount();
    clickNode("lab-r2-h3");
    QCOMPARE(tool()->connectSource(), QStringLiteral("lab-r2-h3"));
    clickNode("leaf-3");
    QCOMPARE(doc()->fabric().linkCount(), links + 1);
    {
        const Link &l = doc()->fabric().link(doc()->fabric().linkCount() - 1);
        QCOMPARE(doc()->fabric().nodeId(l.a), std::string("lab-r2-h3"));
        QCOMPARE(doc()->fabric().nodeId(l.b), std::string("leaf-3"));
        QCOMPARE(l.portA, 0);
        QCOMPARE(l.portB, 0);
        QCOMPARE(l.capacityGbps, 400.0);
    }
    // Shift+click on the second node: the Connect dialog, capacity typed.
    clickNode("leaf-3");
    whenModal<ConnectDialog>(
        [](ConnectDialog *d) {
            QCOMPARE(d->nodeA(), QStringLiteral("leaf-3"));
            QCOMPARE(d->nodeB(), QStringLiteral("spine-3"));
            d->findChild<QDoubleSpinBox *>(QStringLiteral("Capacity"))->setValue(800.0);
            d->findChild<QSpinBox *>(QStringLiteral("PortA"))->setValue(31);
            d->accept();
        },
        &seen);
    clickNode("spine-3", Qt::ShiftModifier);
    QVERIFY(seen);
    QCOMPARE(doc()->fabric().linkCount(), links + 2);
    {
        const Link &l = doc()->fabric().link(doc()->fabric().linkCount() - 1);
        QCOMPARE(l.capacityGbps, 800.0);
        QCOMPARE(l.portA, 31);
        QCOMPARE(l.portB, 0);
    }

    // V: a rubber band around rack 1 selects its two hosts.
    key(Qt::Key_V);
    QCOMPARE(tool()->tool(), EditTool::Tool::Select);
    QRectF scene = canvas()
                       ->layout()
                       ->nodeRect(doc()->fabric().findNode("lab-r1-h1"))
                       .united(canvas()->layout()->nodeRect(doc()->fabric().findNode("lab-r1-h2")));
    const QRect band = QRectF(canvas()->mapFromScene(scene.topLeft()), canvas()->mapFromScene(scene.bottomRight()))
                           .toAlignedRect()
                           .adjusted(-5, -5, 5, 5);
    QVERIFY(canvas()->elementAt(band.topLeft()).isEmpty());
    QTest::mousePress(canvas(), Qt::LeftButton, {}, band.topLeft());
    QTest::mouseMove(canvas(), band.center());
    QTest::mouseMove(canvas(), band.bottomRight());
    QTest::mouseRelease(canvas(), Qt::LeftButton, {}, band.bottomRight());
    QCOMPARE(doc()->selection(), (std::vector<std::string>{"lab-r1-h1", "lab-r1-h2"}));

    // Dragging one of them moves both, pins them, and is one undo step.
    const int before = undoCount();
    const QPointF start1 = canvas()->layout()->nodeCenter(doc()->fabric().findNode("lab-r1-h1"));
    const QPoint grab = at("lab-r1-h2");
    QTest::mousePress(canvas(), Qt::LeftButton, {}, grab);
    for (int dx = 8; dx <= 40; dx += 8) {
        QTest::mouseMove(canvas(), grab + QPoint(dx, -dx / 2));
        QCoreApplication::processEvents();
    }
    QTest::mouseRelease(canvas(), Qt::LeftButton, {}, grab + QPoint(40, -20));
    QCoreApplication::processEvents();
    QCOMPARE(undoCount(), before + 1);
    // The two dragged hosts, and the two switches added where they were clicked.
    QCOMPARE(doc()->pinnedPositions().size(), size_t(4));
    const QPointF moved1 = canvas()->layout()->nodeCenter(doc()->fabric().findNode("lab-r1-h1"));
    // Both move by the scene offset under the cursor (rows are compressed
    // on screen, so the offset is not simply pixels / zoom vertically).
    const QPointF offset = canvas()->mapToScene(QPointF(grab + QPoint(40, -20))) - canvas()->mapToScene(QPointF(grab));
    QCOMPARE(moved1, start1 + offset);
    QVERIFY(qAbs(offset.x() - 40 / canvas()->zoom()) < 1e-9);

    // Ctrl+D duplicates the rack of the selection: two hosts, wired like rack 1.
    const int hosts = doc()->fabric().hostCount();
    const int linksBefore = doc()->fabric().linkCount();
    QSignalSpy messages(m_window->statusBar(), &QStatusBar::messageChanged);
    key(Qt::Key_D, Qt::ControlModifier);
    QCOMPARE(doc()->fabric().hostCount(), hosts + 2);
    QCOMPARE(doc()->fabric().linkCount(), linksBefore + 6); // 4 host links, leaf-1's copy and its 2 uplinks
    QVERIFY(std::any_of(messages.begin(), messages.end(), [](const QList<QVariant> &m) {
        return m.value(0).toString() == QStringLiteral("Duplicated rack rack-1 as rack-3");
    }));

    QVERIFY(m_window->isWindowModified());
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("[*]")));

    // Undo everything: back to the file, byte for byte, and unmodified.
    QCOMPARE(undoCount(), 7); // spine, leaf, host, 2 links, drag, duplicate
    while (doc()->undoStack()->canUndo())
        doc()->undoStack()->undo();
    QCoreApplication::processEvents();
    QCOMPARE(serialize(doc()->fabric()), original);
    QVERIFY(doc()->pinnedPositions().empty());
    QVERIFY(!m_window->isWindowModified());
    // And redo reaches the drawn fabric again.
    while (doc()->undoStack()->canRedo())
        doc()->undoStack()->redo();
    QCOMPARE(doc()->fabric().hostCount(), hosts + 2);
    QVERIFY(m_window->isWindowModified());
}

void TestDrawing::refusedEditChangesNothing()
{
    const QByteArray before = serialize(doc()->fabric());
    const int steps = undoCount();
    key(Qt::Key_C); // the connect tool enters edit mode
    QVERIFY(tool()->isActive());
    // Both NIC ports of lab-r1-h1 are taken: the document refuses a third link.
    clickNode("lab-r1-h1");
    clickNode("spine-1");
    QCOMPARE(serialize(doc()->fabric()), before);
    QCOMPARE(undoCount(), steps);
    QVERIFY2(status().contains(QStringLiteral("refused")), qPrintable(status()));
    QVERIFY2(status().contains(QStringLiteral("lab-r1-h1")), qPrintable(status()));
    const QStringList problems = m_window->problemsDock()->messageTexts();
    QVERIFY2(!problems.isEmpty() && problems.first().startsWith(QStringLiteral("Edit refused: ")),
             qPrintable(problems.join(QLatin1Char('\n'))));
    QVERIFY(problems.first().contains(status()));
    QCOMPARE(tool()->connectSource(), QStringLiteral("lab-r1-h1")); // kept to try another node
    key(Qt::Key_Escape);
    QVERIFY(tool()->connectSource().isEmpty());
    QCOMPARE(tool()->tool(), EditTool::Tool::Connect);

    // Through the dialog: a port in use is refused and the dialog stays open with the reason.
    bool seen = false;
    QString reason;
    whenModal<ConnectDialog>(
        [&reason](ConnectDialog *d) {
            d->findChild<QSpinBox *>(QStringLiteral("PortB"))->setValue(0); // leaf-1 port 0: lab-r1-h1's
            d->accept();
            reason = d->reason();
            QVERIFY(d->isVisible());
            d->reject();
        },
        &seen);
    clickNode("spine-2");
    clickNode("leaf-1", Qt::ShiftModifier);
    QVERIFY(seen);
    QVERIFY2(reason.contains(QStringLiteral("refused")), qPrintable(reason));
    key(Qt::Key_Escape);
    QCOMPARE(serialize(doc()->fabric()), before);
    QCOMPARE(undoCount(), steps);

    // The next accepted edit clears the refusals from the Problems dock.
    clickNode("spine-2");
    clickNode("leaf-1");
    QCOMPARE(undoCount(), steps + 1);
    QCoreApplication::processEvents();
    for (const QString &text : m_window->problemsDock()->messageTexts())
        QVERIFY2(!text.startsWith(QStringLiteral("Edit refused")), qPrintable(text));
}

void TestDrawing::dialogsCheckIdsLive()
{
    AddSwitchDialog sw(doc()->fabric(), nullptr, Tier::Spine);
    QCOMPARE(sw.sw().id, std::string("spine-3"));
    QVERIFY(sw.canAccept());
    auto *id = sw.findChild<QLineEdit *>(QStringLiteral("SwitchId"));
    id->setText(QStringLiteral("leaf-1"));
    QVERIFY(!sw.canAccept());
    QVERIFY2(sw.reason().contains(QStringLiteral("already used")), qPrintable(sw.reason()));
    id->clear();
    QVERIFY(!sw.canAccept());
    id->setText(QStringLiteral("spine-9"));
    QVERIFY(sw.canAccept());

    AddRackDialog rack(doc()->fabric(), &doc()->fabric().host(0));
    QCOMPARE(rack.location().rack, std::string("rack-3"));
    QCOMPARE(rack.hostCount(), 2); // like rack-1
    rack.findChild<QLineEdit *>(QStringLiteral("RackName"))->setText(QStringLiteral("rack-2"));
    QVERIFY(!rack.canAccept());
    QVERIFY(rack.reason().contains(QStringLiteral("rack-2")));

    // In a fabric numbered with four digits the proposal keeps the width.
    Fabric wide;
    Switch s;
    s.id = "leaf-0002";
    wide.addSwitch(s);
    QCOMPARE(EditDialog::nextFreeId(wide, QStringLiteral("leaf-")), QStringLiteral("leaf-0003"));
    QCOMPARE(EditDialog::nextFreeId(wide, QStringLiteral("spine-")), QStringLiteral("spine-0001"));
}

void TestDrawing::deleteAsksWithTheLinkCount()
{
    const QByteArray before = serialize(doc()->fabric());
    key(Qt::Key_E);
    clickNode("spine-1");
    QCOMPARE(doc()->selection(), std::vector<std::string>{"spine-1"});
    // Cancel keeps everything.
    QString question;
    bool seen = false;
    whenModal<QMessageBox>(
        [&question](QMessageBox *box) {
            question = box->text();
            box->button(QMessageBox::Cancel)->click();
        },
        &seen);
    key(Qt::Key_Delete);
    QVERIFY(seen);
    QCOMPARE(question, QStringLiteral("Delete spine-1 and its 2 links?"));
    QCOMPARE(serialize(doc()->fabric()), before);
    // Confirmed: the spine and its two links go in one step.
    whenModal<QMessageBox>(
        [](QMessageBox *box) {
            for (QAbstractButton *b : box->buttons())
                if (box->buttonRole(b) == QMessageBox::DestructiveRole)
                    b->click();
        },
        &seen);
    key(Qt::Key_Delete);
    QVERIFY(seen);
    QCOMPARE(doc()->fabric().findNode("spine-1"), -1);
    QCOMPARE(doc()->fabric().linkCount(), 10);
    doc()->undoStack()->undo();
    QCOMPARE(serialize(doc()->fabric()), before);
    // Several elements: counted together.
    QCOMPARE(m_window->editActions()->operations()->deleteQuestion({"leaf-1", "spine-2"}),
             QStringLiteral("Delete 2 elements and their 7 links?"));
    QCOMPARE(m_window->editActions()->operations()->deleteQuestion({"leaf-1--spine-1"}),
             QStringLiteral("Delete leaf-1--spine-1?"));
}

void TestDrawing::contextMenuAddsASpinePlane()
{
    key(Qt::Key_E);
    const int switches = doc()->fabric().switchCount();
    const QPoint p = at("spine-1");
    whenMenu([](QMenu *menu) {
        QAction *plane = actionNamed(menu, QStringLiteral("Add Spine Plane"));
        QVERIFY(plane);
        QVERIFY(actionNamed(menu, QStringLiteral("Duplicate Rack rack-net")));
        QVERIFY(actionNamed(menu, QStringLiteral("Delete spine-1")));
        QVERIFY(actionNamed(menu, QStringLiteral("Fail switch spine-1"))); // the what-if items stay
        plane->trigger();
        menu->close();
    });
    QContextMenuEvent event(QContextMenuEvent::Mouse, p, canvas()->mapToGlobal(p));
    QApplication::sendEvent(canvas(), &event);
    QCoreApplication::processEvents();
    QCOMPARE(doc()->fabric().switchCount(), switches + 2);
    QCOMPARE(undoCount(), 1);

    // On a link: Re-cable…
    const Fabric &f = doc()->fabric();
    const Link &link = f.link(f.findLink("leaf-1--spine-1"));
    const QPointF mid = (canvas()->layout()->nodeCenter(link.a) + canvas()->layout()->nodeCenter(link.b)) / 2;
    const QPoint q = canvas()->mapFromScene(mid).toPoint();
    if (canvas()->elementAt(q) == QStringLiteral("leaf-1--spine-1")) {
        bool offered = false;
        whenMenu([&offered](QMenu *menu) {
            offered = actionNamed(menu, QStringLiteral("Re-cable leaf-1--spine-1")) != nullptr;
            menu->close();
        });
        QContextMenuEvent onLink(QContextMenuEvent::Mouse, q, canvas()->mapToGlobal(q));
        QApplication::sendEvent(canvas(), &onLink);
        QVERIFY(offered);
    }
}

void TestDrawing::blankDesignRightClickAndTheTopRow()
{
    // A new blank design: nothing to lose, so nothing asked on quit.
    QAction *newBlank = m_window->findChild<QAction *>(QStringLiteral("newBlank"));
    QVERIFY(newBlank);
    newBlank->trigger();
    QCoreApplication::processEvents();
    QVERIFY(!m_window->isDocumentModified());
    QVERIFY(!tool()->isActive());
    QVERIFY(status().contains(QStringLiteral("right-click")));
    if (const QString dir = qEnvironmentVariable("RAILYARD_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(m_window->grab().save(QDir(dir).filePath(QStringLiteral("blank-design.png"))));

    // Right-click offers to add, without Edit Mode; Add Switch lists the
    // catalogue's models, and one sets its radix.
    const QPoint centre = canvas()->rect().center();
    bool offered = false;
    whenMenu([&offered](QMenu *menu) {
        QAction *add = actionNamed(menu, QStringLiteral("Add Switch Here…"));
        offered = add != nullptr;
        menu->close();
        if (add)
            add->trigger();
    });
    bool seen = false;
    whenModal<AddSwitchDialog>(
        [](AddSwitchDialog *d) {
            auto *model = d->findChild<QComboBox *>(QStringLiteral("SwitchModel"));
            QVERIFY(model);
            QVERIFY(model->findText(QStringLiteral("QM9700")) >= 0);
            QVERIFY(model->findText(QStringLiteral("Tomahawk 5 51.2T")) >= 0);
            model->setCurrentIndex(model->findText(QStringLiteral("Tomahawk 5 51.2T")));
            QCOMPARE(d->sw().radix, 64); // its first breakout: 64 x 800G
            QCOMPARE(d->sw().tier, Tier::Leaf);
            d->accept();
        },
        &seen);
    QContextMenuEvent event(QContextMenuEvent::Mouse, centre, canvas()->mapToGlobal(centre));
    QApplication::sendEvent(canvas(), &event);
    QTRY_VERIFY(seen);
    QVERIFY(offered);
    QCOMPARE(doc()->fabric().switchCount(), 1);
    QVERIFY(m_window->isDocumentModified()); // now there is something to save
}

void TestDrawing::aboveTheTopRowAddsATier()
{
    // The top row of lab-2rack is the spines: a click a third of a row above
    // them proposes a switch of a new tier (core), not one of the row below.
    key(Qt::Key_E);
    key(Qt::Key_S);
    const int spacing = std::abs(at("spine-1").y() - at("leaf-1").y());
    QVERIFY(spacing > 20);
    const QPoint above(at("spine-2").x() + 60, at("spine-2").y() - spacing / 3);
    QVERIFY(canvas()->elementAt(above).isEmpty());
    bool seen = false;
    whenModal<AddSwitchDialog>(
        [](AddSwitchDialog *d) {
            QCOMPARE(d->sw().tier, Tier::Core);
            d->reject();
        },
        &seen);
    QTest::mouseClick(canvas(), Qt::LeftButton, {}, above);
    QVERIFY(seen);
}

void TestDrawing::propertiesRenameAndBulkEdit()
{
    key(Qt::Key_E);
    clickNode("leaf-1");
    clickNode("leaf-2", Qt::ControlModifier);
    QCOMPARE(doc()->selection(), (std::vector<std::string>{"leaf-1", "leaf-2"}));
    auto *model = m_window->findChild<QLineEdit *>(QStringLiteral("BulkSwitchModel"));
    auto *radix = m_window->findChild<QSpinBox *>(QStringLiteral("BulkRadix"));
    auto *apply = m_window->findChild<QPushButton *>(QStringLiteral("BulkApply"));
    QVERIFY(model && radix && apply);
    QCOMPARE(model->text(), QStringLiteral("SN5600")); // common value
    QCOMPARE(radix->value(), 32);
    QVERIFY(!apply->isEnabled());
    model->setFocus();
    model->selectAll();
    QTest::keyClicks(model, QStringLiteral("QM9700"));
    radix->setValue(64);
    QVERIFY(apply->isEnabled());
    const int steps = undoCount();
    QTest::mouseClick(apply, Qt::LeftButton);
    QCOMPARE(undoCount(), steps + 1); // one step for both leaves and both fields
    const Fabric &f = doc()->fabric();
    for (const char *id : {"leaf-1", "leaf-2"}) {
        const Switch &s = f.switchAt(f.switchIndexOf(f.findNode(id)));
        QCOMPARE(s.model, std::string("QM9700"));
        QCOMPARE(s.radix, 64);
    }
    // A mixed selection shows "mixed" where values differ.
    doc()->setSelection({"leaf-1", "spine-1"});
    QCoreApplication::processEvents();
    QVERIFY(model->text().isEmpty());
    QCOMPARE(model->placeholderText(), QStringLiteral("mixed"));
    QCOMPARE(radix->value(), 0);
    QCOMPARE(radix->specialValueText(), QStringLiteral("mixed"));
    doc()->undoStack()->undo();

    // Rename one element: uniqueness checked while typing, Enter applies.
    doc()->setSelection({"leaf-1"});
    QCoreApplication::processEvents();
    auto *id = m_window->findChild<QLineEdit *>(QStringLiteral("ElementId"));
    auto *problem = m_window->findChild<QLabel *>(QStringLiteral("RenameProblem"));
    QVERIFY(id && problem);
    QCOMPARE(id->text(), QStringLiteral("leaf-1"));
    id->setFocus();
    id->selectAll();
    QTest::keyClicks(id, QStringLiteral("leaf-2"));
    QVERIFY2(problem->text().contains(QStringLiteral("already used")), qPrintable(problem->text()));
    QTest::keyClick(id, Qt::Key_Return);
    QVERIFY(f.findNode("leaf-1") >= 0);
    id->selectAll();
    QTest::keyClicks(id, QStringLiteral("tor-1"));
    QVERIFY(problem->text().isEmpty());
    QTest::keyClick(id, Qt::Key_Return);
    QVERIFY(f.findNode("leaf-1") < 0);
    QVERIFY(f.findNode("tor-1") >= 0);
    QCOMPARE(doc()->selection(), std::vector<std::string>{"tor-1"});
}

void TestDrawing::unpinAndRecable()
{
    key(Qt::Key_E);
    // Drag leaf-2 (unselected: the press selects it) and unpin it from its context menu.
    const QPointF home = canvas()->layout()->nodeCenter(doc()->fabric().findNode("leaf-2"));
    const QPoint grab = at("leaf-2");
    QTest::mousePress(canvas(), Qt::LeftButton, {}, grab);
    QTest::mouseMove(canvas(), grab + QPoint(10, 0));
    QTest::mouseMove(canvas(), grab + QPoint(30, 10));
    QTest::mouseRelease(canvas(), Qt::LeftButton, {}, grab + QPoint(30, 10));
    QCoreApplication::processEvents();
    QCOMPARE(doc()->selection(), std::vector<std::string>{"leaf-2"});
    QCOMPARE(doc()->pinnedPositions().count("leaf-2"), size_t(1));
    QVERIFY(canvas()->layout()->nodeCenter(doc()->fabric().findNode("leaf-2")) != home);
    const QPoint moved = at("leaf-2");
    whenMenu([](QMenu *menu) {
        QAction *unpin = actionNamed(menu, QStringLiteral("Unpin leaf-2"));
        QVERIFY(unpin);
        unpin->trigger();
        menu->close();
    });
    QContextMenuEvent event(QContextMenuEvent::Mouse, moved, canvas()->mapToGlobal(moved));
    QApplication::sendEvent(canvas(), &event);
    QCoreApplication::processEvents();
    QVERIFY(doc()->pinnedPositions().empty());
    QCOMPARE(canvas()->layout()->nodeCenter(doc()->fabric().findNode("leaf-2")), home);
    QCOMPARE(undoCount(), 2); // the drag, the unpin

    // Re-cable the selected link: its spine end moves to spine-2's lowest free port.
    doc()->setSelection({"leaf-1--spine-1"});
    bool seen = false;
    whenModal<QDialog>(
        [](QDialog *d) {
            QCOMPARE(d->objectName(), QStringLiteral("RecableDialog"));
            d->findChild<QComboBox *>(QStringLiteral("End"))->setCurrentIndex(1);
            auto *node = d->findChild<QLineEdit *>(QStringLiteral("Node"));
            QCOMPARE(node->text(), QStringLiteral("spine-1"));
            node->setText(QStringLiteral("spine-2"));
            d->accept();
        },
        &seen);
    key(Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(seen);
    const Fabric &f = doc()->fabric();
    const std::int32_t l = f.findLink("leaf-1--spine-1");
    QVERIFY(l >= 0);
    QCOMPARE(f.nodeId(f.link(l).b), std::string("spine-2"));
    QCOMPARE(f.link(l).portB, 2); // spine-2 uses ports 0 and 1
    QCOMPARE(undoCount(), 3);
}

void TestDrawing::editModeAt131kGpus()
{
    if (qEnvironmentVariableIsEmpty("RAILYARD_PERF"))
        QSKIP("set RAILYARD_PERF=1 to time edit mode on 131,072 GPUs");
    ClosParams params = railOptimizedParams(16384);
    params.tierSpecs[0].radix = 128;
    m_window->setFabric(generateClos(params));
    m_window->editActions()->editModeAction()->trigger();
    canvas()->focusElement(QStringLiteral("gpu08000"));
    canvas()->repaint();
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    QElapsedTimer t;
    // Hit test under the cursor.
    t.start();
    for (int i = 0; i < 100; ++i)
        canvas()->elementAt(QPoint(400 + i, 300));
    const double hitMs = t.nsecsElapsed() / 1e6 / 100;
    // Drag one host: each step is moveNodes + re-layout + repaint.
    clickNode("gpu08000");
    const QPoint grab = at("gpu08000");
    QTest::mousePress(canvas(), Qt::LeftButton, {}, grab);
    std::vector<double> steps;
    for (int i = 1; i <= 7; ++i) {
        t.restart();
        QTest::mouseMove(canvas(), grab + QPoint(6 * i, -4 * i));
        QCoreApplication::processEvents();
        canvas()->repaint();
        steps.push_back(t.nsecsElapsed() / 1e6);
    }
    t.restart();
    QTest::mouseRelease(canvas(), Qt::LeftButton, {}, grab + QPoint(42, -28));
    canvas()->repaint();
    const double dropMs = t.nsecsElapsed() / 1e6;
    QCOMPARE(undoCount(), 1);
    // Rubber band around the whole fabric, zoomed out: ~18K nodes selected.
    canvas()->fitToView();
    canvas()->repaint();
    t.restart();
    QTest::mousePress(canvas(), Qt::LeftButton, {}, QPoint(2, 2));
    QTest::mouseMove(canvas(), QPoint(400, 300));
    QTest::mouseMove(canvas(), canvas()->rect().bottomRight() - QPoint(2, 2));
    QTest::mouseRelease(canvas(), Qt::LeftButton, {}, canvas()->rect().bottomRight() - QPoint(2, 2));
    QCoreApplication::processEvents();
    canvas()->repaint();
    const double bandMs = t.nsecsElapsed() / 1e6;
    const size_t selected = doc()->selection().size();
    t.restart();
    const QString question = m_window->editActions()->operations()->deleteQuestion(doc()->selection());
    const double questionMs = t.nsecsElapsed() / 1e6;
    t.restart();
    const FabricLayout bare = FabricLayout::compute(doc()->fabric(), &doc()->pinnedPositions());
    const double layoutMs = t.nsecsElapsed() / 1e6;
    qInfo("FabricLayout::compute with %zu pin(s): %.1f ms", doc()->pinnedPositions().size(), layoutMs);
    qInfo("hit test %.3f ms; drag step (moveNodes + outline repaint) median %.1f ms; drop (re-layout + repaint) "
          "%.1f ms; band select of %zu nodes + repaint %.1f ms; delete question %.1f ms (%s)",
          hitMs, median(steps), dropMs, selected, bandMs, questionMs, qPrintable(question));
    QVERIFY(selected > 16384);
}

/// docs/images/editing.png: a half-drawn lab fabric in edit mode, a link being
/// drawn, and a refused edit in the status bar and the Problems dock.
void TestDrawing::screenshot()
{
    const QString out = qEnvironmentVariable("RAILYARD_SCREENSHOT");
    if (out.isEmpty())
        QSKIP("set RAILYARD_SCREENSHOT=file.png to write the editing screenshot");
    m_window->resize(1260, 900);
    auto *properties = m_window->findChild<QDockWidget *>(QStringLiteral("PropertiesDock"));
    m_window->resizeDocks({m_window->findChild<QDockWidget *>(QStringLiteral("OutlineDock")), properties}, {235, 330},
                          Qt::Horizontal);
    m_window->resizeDocks({m_window->problemsDock()}, {96}, Qt::Vertical);
    QCoreApplication::processEvents();
    key(Qt::Key_E);
    // A third rack of two hosts beside the others, and its leaf.
    key(Qt::Key_R);
    whenModal<AddRackDialog>([](AddRackDialog *d) { d->accept(); });
    QTest::mouseClick(canvas(), Qt::LeftButton, {}, at("lab-r2-h1") + QPoint(40, 0));
    key(Qt::Key_S);
    whenModal<AddSwitchDialog>([](AddSwitchDialog *d) {
        d->findChild<QLineEdit *>(QStringLiteral("Rack"))->setText(QStringLiteral("rack-3"));
        d->accept();
    });
    QTest::mouseClick(canvas(), Qt::LeftButton, {}, QPoint(at("leaf-2").x() + 60, at("leaf-2").y()));
    canvas()->fitToView();
    QCoreApplication::processEvents();
    // Half of its cabling.
    key(Qt::Key_C);
    for (const auto &[a, b] : std::vector<std::pair<std::string, std::string>>{
             {"rack-3-h01", "leaf-3"}, {"rack-3-h01", "leaf-3"}, {"leaf-3", "spine-1"}}) {
        clickNode(a);
        clickNode(b);
    }
    // leaf-3 dragged a little to the right: pinned there.
    key(Qt::Key_V);
    clickNode("leaf-3");
    const QPoint leaf = at("leaf-3");
    QTest::mousePress(canvas(), Qt::LeftButton, {}, leaf);
    QTest::mouseMove(canvas(), leaf + QPoint(10, 0));
    QTest::mouseMove(canvas(), leaf + QPoint(24, 0));
    QTest::mouseRelease(canvas(), Qt::LeftButton, {}, leaf + QPoint(24, 0));
    QCoreApplication::processEvents();
    // Frame the nodes: pan them to the middle (middle-button drag), zoom to fill the height.
    QRectF nodes;
    for (NodeIndex n = 0; n < doc()->fabric().nodeCount(); ++n)
        nodes |= canvas()->layout()->nodeRect(n);
    const QPoint centre = canvas()->mapFromScene(nodes.center()).toPoint();
    QTest::mousePress(canvas(), Qt::MiddleButton, {}, centre);
    QTest::mouseMove(canvas(), (centre + canvas()->rect().center()) / 2);
    QTest::mouseMove(canvas(), canvas()->rect().center());
    QTest::mouseRelease(canvas(), Qt::MiddleButton, {}, canvas()->rect().center());
    canvas()->setZoom(canvas()->height() * 0.8 / nodes.height(), nodes.center());
    QCoreApplication::processEvents();
    key(Qt::Key_C);
    // A third link on a host whose two NIC ports are taken: refused; the
    // first node stays picked and the line follows the mouse.
    clickNode("lab-r1-h1");
    clickNode("spine-2");
    const QPoint to = (at("lab-r1-h1") * 2 + at("leaf-3")) / 3 + QPoint(30, 0);
    QMouseEvent move(QEvent::MouseMove, QPointF(to), canvas()->mapToGlobal(QPointF(to)), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(canvas(), &move);
    properties->raise();
    QCoreApplication::processEvents();
    m_window->analysisRunner()->waitForFinished();
    QCoreApplication::processEvents();
    QVERIFY(status().contains(QStringLiteral("refused")));
    QVERIFY(m_window->grab().save(out));
}

QTEST_MAIN(TestDrawing)
#include "tst_drawing.moc"
