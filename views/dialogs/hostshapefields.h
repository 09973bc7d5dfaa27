#pragma once

#include "core/model/fabric.h"

#include <QString>

#include <functional>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QSpinBox;
class QWidget;

namespace Railyard {

/// The host-shape rows shared by the add-host and add-rack dialogs: GPU model
/// and count, NICs (one per rail), NIC speed and ports per NIC. Not a widget:
/// it adds its rows to the dialog's form so the labels line up.
class HostShapeFields
{
public:
    /// Adds the rows to form (fields parented to parent), filled from shape;
    /// the GPU model list offers the models of fabric. changed runs on every edit.
    void addTo(QFormLayout *form, QWidget *parent, const Fabric &fabric, const Host &shape,
               const std::function<void()> &changed);
    /// shape with the fields applied; the NICs become one per rail (NIC r on
    /// rail r) with the speed and ports given.
    Host apply(Host shape) const;
    /// Why the shape is invalid (no GPU model), or empty.
    QString problem() const;

private:
    QComboBox *m_gpuModel = nullptr;
    QSpinBox *m_gpus = nullptr;
    QSpinBox *m_nics = nullptr;
    QDoubleSpinBox *m_nicSpeed = nullptr;
    QSpinBox *m_nicPorts = nullptr;
};

} // namespace Railyard
