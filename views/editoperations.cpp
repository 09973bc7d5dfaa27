#include "views/editoperations.h"

#include "core/document/fabricdocument.h"
#include "core/layout/fabriclayout.h"
#include "views/dialogs/addhostdialog.h"
#include "views/dialogs/addrackdialog.h"
#include "views/dialogs/addswitchdialog.h"
#include "views/dialogs/connectdialog.h"
#include "views/dialogs/recabledialog.h"

#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

namespace Railyard {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

EditOperations::EditOperations(QWidget *dialogParent, QObject *parent)
    : QObject(parent)
    , m_dialogParent(dialogParent)
{ }

void EditOperations::setDocument(FabricDocument *document)
{
    m_document = document;
}

FabricDocument *EditOperations::document() const
{
    return m_document;
}

bool EditOperations::addHost(NodeIndex near)
{
    if (!m_document)
        return false;
    const Fabric &f = m_document->fabric();
    if (!f.isHost(near))
        near = f.hostCount() > 0 ? f.hostNode(f.hostCount() - 1) : -1;
    AddHostDialog dialog(f, near >= 0 ? &f.host(near) : nullptr, m_dialogParent);
    dialog.setApplier([&](QString *error) { return m_document->addHost(dialog.host(), error); });
    if (dialog.exec() != QDialog::Accepted)
        return false;
    emit message(tr("Added host %1").arg(qs(dialog.host().id)));
    return true;
}

bool EditOperations::addSwitch(NodeIndex near, std::optional<Tier> tier, std::optional<QPointF> at)
{
    if (!m_document)
        return false;
    const Fabric &f = m_document->fabric();
    const Switch *like = f.isSwitch(near) ? &f.switchAt(f.switchIndexOf(near)) : nullptr;
    AddSwitchDialog dialog(f, like, tier, m_dialogParent);
    std::string added;
    dialog.setApplier([&](QString *error) {
        const Switch sw = dialog.sw();
        added = sw.id;
        return m_document->addSwitch(sw, error, at ? std::optional<QPointF>(placeInRow(sw, *at)) : std::nullopt);
    });
    if (dialog.exec() != QDialog::Accepted)
        return false;
    emit message(tr("Added switch %1").arg(qs(added)));
    return true;
}

QPointF EditOperations::placeInRow(const Switch &sw, const QPointF &click) const
{
    // The row the layout gives the switch's tier (an existing row, or the
    // one the switch opens): lay the fabric out with the switch added.
    Fabric trial = m_document->fabric();
    if (trial.findNode(sw.id) >= 0)
        return click;
    trial.addSwitch(sw);
    const FabricLayout layout = FabricLayout::compute(trial, &m_document->pinnedPositions());
    const NodeIndex n = trial.findNode(sw.id);
    return n >= 0 ? QPointF(click.x(), layout.nodeRect(n).center().y()) : click;
}

bool EditOperations::addRack(NodeIndex near)
{
    if (!m_document)
        return false;
    const Fabric &f = m_document->fabric();
    if (!f.isHost(near))
        near = f.hostCount() > 0 ? f.hostNode(f.hostCount() - 1) : -1;
    AddRackDialog dialog(f, near >= 0 ? &f.host(near) : nullptr, m_dialogParent);
    dialog.setApplier([&](QString *error) {
        return m_document->addRack(dialog.location(), dialog.hostCount(), dialog.hostShape(), error);
    });
    if (dialog.exec() != QDialog::Accepted)
        return false;
    emit message(dialog.hostCount() == 1
                     ? tr("Added rack %1 with 1 host").arg(qs(dialog.location().rack))
                     : tr("Added rack %1 with %2 hosts").arg(qs(dialog.location().rack)).arg(dialog.hostCount()));
    return true;
}

bool EditOperations::connectNodes(const QString &a, const QString &b, bool askDetails)
{
    if (!m_document)
        return false;
    const Fabric &f = m_document->fabric();
    std::string linkId;
    if (!askDetails) {
        const double gbps = ConnectDialog::defaultCapacity(f, f.findNode(a.toStdString()), f.findNode(b.toStdString()));
        if (!m_document->connect(a.toStdString(), b.toStdString(), gbps, -1, -1, nullptr, &linkId))
            return false;
    } else {
        ConnectDialog dialog(f, a, b, m_dialogParent);
        dialog.setApplier([&](QString *error) {
            return m_document->connect(dialog.nodeA().toStdString(), dialog.nodeB().toStdString(),
                                       dialog.capacityGbps(), dialog.portA(), dialog.portB(), error, &linkId);
        });
        if (dialog.exec() != QDialog::Accepted)
            return false;
    }
    const std::int32_t l = m_document->fabric().findLink(linkId);
    if (l >= 0) {
        const Link &link = m_document->fabric().link(l);
        emit message(tr("Connected %1 (port %2) to %3 (port %4) at %5 Gbit/s")
                         .arg(qs(m_document->fabric().nodeId(link.a)))
                         .arg(link.portA)
                         .arg(qs(m_document->fabric().nodeId(link.b)))
                         .arg(link.portB)
                         .arg(QLocale().toString(link.capacityGbps)));
    }
    return true;
}

QString EditOperations::deleteQuestion(const std::vector<std::string> &ids) const
{
    if (!m_document || ids.empty())
        return {};
    const int links = m_document->linksRemovedWith(ids);
    if (ids.size() == 1) {
        const QString id = qs(ids.front());
        if (links == 0)
            return tr("Delete %1?").arg(id);
        return links == 1 ? tr("Delete %1 and its link?").arg(id)
                          : tr("Delete %1 and its %2 links?").arg(id).arg(links);
    }
    const QString count = QLocale().toString(static_cast<qlonglong>(ids.size()));
    if (links == 0)
        return tr("Delete %1 elements?").arg(count);
    return links == 1 ? tr("Delete %1 elements and their link?").arg(count)
                      : tr("Delete %1 elements and their %2 links?").arg(count, QLocale().toString(links));
}

bool EditOperations::deleteElements(const std::vector<std::string> &ids)
{
    if (!m_document || ids.empty())
        return false;
    QMessageBox box(QMessageBox::Question, tr("Delete"), deleteQuestion(ids), QMessageBox::Cancel, m_dialogParent);
    box.setObjectName(QStringLiteral("DeleteConfirmation"));
    QAbstractButton *remove = box.addButton(tr("Delete"), QMessageBox::DestructiveRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.setInformativeText(tr("You can undo this."));
    box.exec();
    if (box.clickedButton() != remove)
        return false;
    if (!m_document->removeElements(ids))
        return false;
    emit message(ids.size() == 1
                     ? tr("Deleted %1").arg(qs(ids.front()))
                     : tr("Deleted %1 elements").arg(QLocale().toString(static_cast<qlonglong>(ids.size()))));
    return true;
}

bool EditOperations::duplicateRack(std::string rack)
{
    std::string copy;
    if (!m_document || !m_document->duplicateRack(rack, nullptr, &copy))
        return false;
    emit message(tr("Duplicated rack %1 as %2").arg(qs(rack), qs(copy)));
    return true;
}

bool EditOperations::duplicateScalableUnit(std::string su)
{
    std::string copy;
    if (!m_document || !m_document->duplicateScalableUnit(su, nullptr, &copy))
        return false;
    emit message(tr("Duplicated scalable unit %1 as %2").arg(qs(su), qs(copy)));
    return true;
}

bool EditOperations::addSpinePlane(int fromPlane)
{
    if (!m_document || !m_document->addSpinePlane(fromPlane))
        return false;
    emit message(tr("Added a spine plane copied from plane %1").arg(fromPlane));
    return true;
}

bool EditOperations::recable(std::string linkId)
{
    if (!m_document)
        return false;
    const std::int32_t l = m_document->fabric().findLink(linkId);
    if (l < 0)
        return false;
    RecableDialog dialog(m_document->fabric(), l, m_dialogParent);
    dialog.setApplier([&](QString *error) {
        return m_document->recable(linkId, dialog.end(), dialog.node().toStdString(), dialog.port(), error);
    });
    if (dialog.exec() != QDialog::Accepted)
        return false;
    emit message(tr("Re-cabled %1").arg(qs(linkId)));
    return true;
}

void EditOperations::unpin(const std::vector<std::string> &ids)
{
    if (m_document && !ids.empty())
        m_document->unpinNodes(ids);
}

} // namespace Railyard
