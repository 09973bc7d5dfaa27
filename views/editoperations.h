#pragma once

// The GUI side of the drawing edits: opens the add / connect / re-cable
// dialogs, asks before deleting, and calls FabricDocument's intent methods.
// Shared by the canvas's edit tool, its context menu and the Draw menu.

#include "core/model/fabric.h"

#include <QObject>
#include <QPointF>
#include <QPointer>

#include <optional>
#include <string>
#include <vector>

class QWidget;

namespace Railyard {

class FabricDocument;

class EditOperations : public QObject
{
    Q_OBJECT
public:
    /// Dialogs and confirmations open over dialogParent.
    explicit EditOperations(QWidget *dialogParent, QObject *parent = nullptr);
    void setDocument(FabricDocument *document);
    FabricDocument *document() const;

    /// Opens the Add Host dialog, proposing the shape and location of node
    /// near (a host; -1: the first host, or defaults). True when one was added.
    bool addHost(NodeIndex near = -1);
    /// Opens the Add Switch dialog, proposing the settings of switch near and,
    /// when given, the tier (e.g. of the row clicked); with `at`, the switch is
    /// pinned where the user clicked: at that scene x, in its tier's row
    /// (placeInRow). True when added.
    bool addSwitch(NodeIndex near = -1, std::optional<Tier> tier = std::nullopt,
                   std::optional<QPointF> at = std::nullopt);
    /// Opens the Add Rack dialog next to host near's rack. True when added.
    bool addRack(NodeIndex near = -1);
    /// Where a switch added at scene point `click` goes: the click's x, the y
    /// of the row the layout gives its tier (a click between rows still lands
    /// on its row; a blank page gets the rows a generated design has).
    QPointF placeInRow(const Switch &sw, const QPointF &click) const;
    /// Connects nodes a and b: with askDetails false at once with the default
    /// capacity (ConnectDialog::defaultCapacity) on the lowest free ports,
    /// else through the Connect dialog (ids, capacity and ports typed).
    bool connectNodes(const QString &a, const QString &b, bool askDetails);
    /// Deletes elements after a confirmation that names them and the links
    /// that go with them ("Delete spine-0003 and its 64 links?").
    bool deleteElements(const std::vector<std::string> &ids);
    /// Duplicates a rack or scalable unit (new ids, rewired to the same upper
    /// switches), or adds a spine plane copied from plane fromPlane.
    bool duplicateRack(std::string rack); // by value: callers pass names that live in the fabric
    bool duplicateScalableUnit(std::string su);
    bool addSpinePlane(int fromPlane);
    /// Opens the Re-cable dialog for a link (which end, node, port).
    bool recable(std::string linkId);
    /// Returns nodes to the automatic layout (one undo step).
    void unpin(const std::vector<std::string> &ids);

    /// The text of the delete confirmation for ids (for tests and the menu).
    QString deleteQuestion(const std::vector<std::string> &ids) const;

signals:
    /// A short note on an accepted edit, for the status bar.
    void message(const QString &text);

private:
    QWidget *m_dialogParent = nullptr;
    QPointer<FabricDocument> m_document;
};

} // namespace Railyard
