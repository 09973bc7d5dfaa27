#include "views/dialogs/hostshapefields.h"

#include "views/dialogs/editdialog.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

#include <set>

namespace Railyard {

void HostShapeFields::addTo(QFormLayout *form, QWidget *parent, const Fabric &fabric, const Host &shape,
                            const std::function<void()> &changed)
{
    m_gpuModel = new QComboBox(parent);
    m_gpuModel->setObjectName(QStringLiteral("GpuModel"));
    m_gpuModel->setEditable(true);
    std::set<std::string> models{"h100", "h200", "b200", "gb200", "a100", "mi300x"};
    for (const Host &h : fabric.hosts())
        if (!h.gpuModel.empty())
            models.insert(h.gpuModel);
    for (const std::string &m : models)
        m_gpuModel->addItem(QString::fromStdString(m));
    m_gpuModel->setCurrentText(QString::fromStdString(shape.gpuModel));

    m_gpus = new QSpinBox(parent);
    m_gpus->setObjectName(QStringLiteral("GpuCount"));
    m_gpus->setRange(1, 1024);
    m_gpus->setValue(shape.gpus);

    const Nic first = shape.nics.empty() ? Nic{} : shape.nics.front();
    m_nics = new QSpinBox(parent);
    m_nics->setObjectName(QStringLiteral("NicCount"));
    m_nics->setRange(0, 64);
    m_nics->setValue(static_cast<int>(shape.nics.size()));
    m_nics->setToolTip(EditDialog::tr("Scale-out NICs, one per rail (NIC r serves rail r)"));

    m_nicSpeed = new QDoubleSpinBox(parent);
    m_nicSpeed->setObjectName(QStringLiteral("NicSpeed"));
    m_nicSpeed->setRange(1.0, 6400.0);
    m_nicSpeed->setDecimals(0);
    m_nicSpeed->setSuffix(EditDialog::tr(" Gbit/s"));
    m_nicSpeed->setValue(first.speedGbps);

    m_nicPorts = new QSpinBox(parent);
    m_nicPorts->setObjectName(QStringLiteral("NicPorts"));
    m_nicPorts->setRange(1, 8);
    m_nicPorts->setValue(first.ports);
    m_nicPorts->setToolTip(EditDialog::tr("2 for dual-ToR NICs (each port carries half the NIC speed)"));

    form->addRow(EditDialog::tr("GPU model"), m_gpuModel);
    form->addRow(EditDialog::tr("GPUs"), m_gpus);
    form->addRow(EditDialog::tr("NICs (rails)"), m_nics);
    form->addRow(EditDialog::tr("NIC speed"), m_nicSpeed);
    form->addRow(EditDialog::tr("Ports per NIC"), m_nicPorts);

    QObject::connect(m_gpuModel, &QComboBox::currentTextChanged, parent, [changed] { changed(); });
    QObject::connect(m_nics, &QSpinBox::valueChanged, parent, [this, changed](int n) {
        m_nicSpeed->setEnabled(n > 0);
        m_nicPorts->setEnabled(n > 0);
        changed();
    });
}

Host HostShapeFields::apply(Host shape) const
{
    shape.gpuModel = m_gpuModel->currentText().trimmed().toStdString();
    shape.gpus = m_gpus->value();
    shape.nics.clear();
    for (int r = 0; r < m_nics->value(); ++r)
        shape.nics.push_back(Nic{r, m_nicSpeed->value(), m_nicPorts->value()});
    return shape;
}

QString HostShapeFields::problem() const
{
    if (m_gpuModel->currentText().trimmed().isEmpty())
        return EditDialog::tr("Enter a GPU model.");
    return {};
}

} // namespace Railyard
