#include "views/dialogs/connectdialog.h"

#include <QCompleter>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>

namespace Railyard {

namespace {

QSpinBox *portBox(QWidget *parent, const char *name)
{
    auto *box = new QSpinBox(parent);
    box->setObjectName(QLatin1String(name));
    box->setRange(-1, 4095);
    box->setValue(-1);
    box->setSpecialValueText(EditDialog::tr("lowest free"));
    return box;
}

} // namespace

ConnectDialog::ConnectDialog(const Fabric &fabric, const QString &a, const QString &b, QWidget *parent)
    : EditDialog(tr("Connect"), parent)
    , m_fabric(fabric)
{
    setObjectName(QStringLiteral("ConnectDialog"));
    m_a = new QLineEdit(a, this);
    m_a->setObjectName(QStringLiteral("NodeA"));
    m_b = new QLineEdit(b, this);
    m_b->setObjectName(QStringLiteral("NodeB"));
    // Completion over node ids (a 131K-GPU fabric has ~20K: a flat list is fine).
    QStringList ids;
    ids.reserve(fabric.nodeCount());
    for (NodeIndex n = 0; n < fabric.nodeCount(); ++n)
        ids << QString::fromStdString(fabric.nodeId(n));
    auto *completer = new QCompleter(ids, this);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    m_a->setCompleter(completer);
    m_b->setCompleter(completer);
    m_capacity = new QDoubleSpinBox(this);
    m_capacity->setObjectName(QStringLiteral("Capacity"));
    m_capacity->setRange(0.0, 102400.0);
    m_capacity->setDecimals(1);
    m_capacity->setSuffix(tr(" Gbit/s"));
    m_capacity->setToolTip(tr("Capacity per direction"));
    m_portA = portBox(this, "PortA");
    m_portB = portBox(this, "PortB");

    form()->addRow(tr("From"), m_a);
    form()->addRow(tr("Port"), m_portA);
    form()->addRow(tr("To"), m_b);
    form()->addRow(tr("Port"), m_portB);
    form()->addRow(tr("Capacity"), m_capacity);

    updateEnds();
    connect(m_a, &QLineEdit::textChanged, this, [this] {
        updateEnds();
        revalidate();
    });
    connect(m_b, &QLineEdit::textChanged, this, [this] {
        updateEnds();
        revalidate();
    });
    for (QSpinBox *port : {m_portA, m_portB})
        connect(port, &QSpinBox::valueChanged, this, [this] { revalidate(); });
    connect(m_capacity, &QDoubleSpinBox::valueChanged, this, [this] {
        m_capacityEdited = true;
        revalidate();
    });
    revalidate();
}

void ConnectDialog::updateEnds()
{
    const NodeIndex a = m_fabric.findNode(nodeA().toStdString());
    const NodeIndex b = m_fabric.findNode(nodeB().toStdString());
    auto hint = [&](QSpinBox *box, NodeIndex n) {
        // The range is shown, never enforced by the box: a typed 70 stays 70
        // and problem() refuses it, naming the range.
        const int ports = m_fabric.portCount(n);
        box->setSuffix(n < 0 || ports <= 0 ? QString() : tr(" (of 0–%1)").arg(ports - 1));
        const int free = n >= 0 ? lowestFreePort(m_fabric, n) : -1;
        box->setToolTip(n < 0          ? QString()
                            : free < 0 ? tr("All %1 ports are in use.").arg(ports)
                                       : tr("%1 ports; the lowest free one is %2.").arg(ports).arg(free));
    };
    hint(m_portA, a);
    hint(m_portB, b);
    if (!m_capacityEdited) {
        const QSignalBlocker blocker(m_capacity);
        m_capacity->setValue(defaultCapacity(m_fabric, a, b));
    }
}

QString ConnectDialog::nodeA() const
{
    return m_a->text().trimmed();
}

QString ConnectDialog::nodeB() const
{
    return m_b->text().trimmed();
}

double ConnectDialog::capacityGbps() const
{
    return m_capacity->value();
}

int ConnectDialog::portA() const
{
    return m_portA->value();
}

int ConnectDialog::portB() const
{
    return m_portB->value();
}

int ConnectDialog::lowestFreePort(const Fabric &fabric, NodeIndex node)
{
    return fabric.freePort(node);
}

double ConnectDialog::defaultCapacity(const Fabric &fabric, NodeIndex a, NodeIndex b)
{
    for (const NodeIndex n : {a, b}) {
        if (!fabric.isHost(n))
            continue;
        const Host &h = fabric.host(n);
        int port = lowestFreePort(fabric, n);
        if (port < 0)
            port = 0;
        for (const Nic &nic : h.nics) {
            const int ports = std::max(1, nic.ports);
            if (port < ports)
                return nic.speedGbps / ports;
            port -= ports;
        }
    }
    return 400.0;
}

QString ConnectDialog::problem() const
{
    const QString a = nodeA(), b = nodeB();
    if (a.isEmpty() || b.isEmpty())
        return tr("Enter the ids of both ends.");
    for (const QString &id : {a, b})
        if (m_fabric.findNode(id.toStdString()) < 0)
            return tr("There is no host or switch %1.").arg(id);
    if (a == b)
        return tr("A link needs two different ends.");
    for (const auto &[id, box] : {std::pair(a, m_portA), std::pair(b, m_portB)}) {
        const int ports = m_fabric.portCount(m_fabric.findNode(id.toStdString()));
        if (box->value() >= ports)
            return tr("Port %1 of %2 is out of range: its ports are 0 to %3.").arg(box->value()).arg(id).arg(ports - 1);
    }
    if (!(m_capacity->value() > 0))
        return tr("The capacity must be more than 0 Gbit/s.");
    return {};
}

} // namespace Railyard
