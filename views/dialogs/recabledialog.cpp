#include "views/dialogs/recabledialog.h"

#include <QComboBox>
#include <QCompleter>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

namespace Railyard {

RecableDialog::RecableDialog(const Fabric &fabric, std::int32_t link, QWidget *parent)
    : EditDialog(tr("Re-cable %1").arg(QString::fromStdString(fabric.link(link).id)), parent)
    , m_fabric(fabric)
    , m_link(link)
{
    setObjectName(QStringLiteral("RecableDialog"));
    const Link &l = fabric.link(link);
    auto endText = [&](NodeIndex n, int port) {
        const QString id = QString::fromStdString(fabric.nodeId(n));
        return port >= 0 ? tr("%1, port %2").arg(id).arg(port) : id;
    };
    m_end = new QComboBox(this);
    m_end->setObjectName(QStringLiteral("End"));
    m_end->addItem(tr("A: %1").arg(endText(l.a, l.portA)));
    m_end->addItem(tr("B: %1").arg(endText(l.b, l.portB)));
    m_node = new QLineEdit(QString::fromStdString(fabric.nodeId(l.a)), this);
    m_node->setObjectName(QStringLiteral("Node"));
    QStringList ids;
    ids.reserve(fabric.nodeCount());
    for (NodeIndex n = 0; n < fabric.nodeCount(); ++n)
        ids << QString::fromStdString(fabric.nodeId(n));
    auto *completer = new QCompleter(ids, this);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    m_node->setCompleter(completer);
    m_port = new QSpinBox(this);
    m_port->setObjectName(QStringLiteral("Port"));
    m_port->setRange(-1, 4095);
    m_port->setValue(-1);
    m_port->setSpecialValueText(tr("lowest free"));

    form()->addRow(tr("Move end"), m_end);
    form()->addRow(tr("To node"), m_node);
    form()->addRow(tr("Port"), m_port);

    connect(m_end, &QComboBox::currentIndexChanged, this, [this](int end) {
        const Link &k = m_fabric.link(m_link);
        m_node->setText(QString::fromStdString(m_fabric.nodeId(end == 0 ? k.a : k.b)));
    });
    connect(m_node, &QLineEdit::textChanged, this, &RecableDialog::revalidate);
    connect(m_port, &QSpinBox::valueChanged, this, &RecableDialog::revalidate);
    revalidate();
}

int RecableDialog::end() const
{
    return m_end->currentIndex();
}

QString RecableDialog::node() const
{
    return m_node->text().trimmed();
}

int RecableDialog::port() const
{
    return m_port->value();
}

QString RecableDialog::problem() const
{
    if (node().isEmpty())
        return tr("Enter the host or switch the end moves to.");
    if (m_fabric.findNode(node().toStdString()) < 0)
        return tr("There is no host or switch %1.").arg(node());
    const Link &l = m_fabric.link(m_link);
    const NodeIndex other = end() == 0 ? l.b : l.a;
    if (m_fabric.findNode(node().toStdString()) == other)
        return tr("A link needs two different ends.");
    return {};
}

} // namespace Railyard
