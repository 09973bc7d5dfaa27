#pragma once

#include "views/dialogs/editdialog.h"
#include "views/dialogs/hostshapefields.h"
#include "views/dialogs/locationfields.h"

class QLineEdit;
class QSpinBox;

namespace Railyard {

/// Asks for a new rack: its name (a free one proposed; a rack name in use and
/// host ids "<rack>-hNN" already taken are refused live), zone, pod and
/// scalable unit, how many hosts and their shape.
class AddRackDialog : public EditDialog
{
    Q_OBJECT
public:
    /// like: a host whose rack's neighbourhood and shape are proposed, or null.
    AddRackDialog(const Fabric &fabric, const Host *like, QWidget *parent = nullptr);
    /// Location of the new rack (rack = its name).
    Location location() const;
    int hostCount() const;
    /// The shape of each host (its id is ignored).
    Host hostShape() const;

    /// The next free rack name after the highest "<prefix><n>" in use.
    static QString nextFreeRack(const Fabric &fabric, const QString &prefix);

protected:
    QString problem() const override;

private:
    const Fabric &m_fabric;
    Host m_like;
    QLineEdit *m_name = nullptr;
    QSpinBox *m_hosts = nullptr;
    LocationFields m_location;
    HostShapeFields m_shape;
};

} // namespace Railyard
