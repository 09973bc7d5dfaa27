#pragma once

#include "views/dialogs/editdialog.h"
#include "views/dialogs/hostshapefields.h"
#include "views/dialogs/locationfields.h"

class QLineEdit;

namespace Railyard {

/// Asks for a new host: id (a free one proposed, uniqueness checked live),
/// GPU model and count, NICs (one per rail) with speed and ports, location.
class AddHostDialog : public EditDialog
{
    Q_OBJECT
public:
    /// like: a host whose shape and location are proposed (e.g. the one nearest
    /// the click), or null for an 8-GPU host with 8 × 400 Gbit/s NICs.
    AddHostDialog(const Fabric &fabric, const Host *like, QWidget *parent = nullptr);
    /// The host as entered.
    Host host() const;

protected:
    QString problem() const override;

private:
    const Fabric &m_fabric;
    QLineEdit *m_id = nullptr;
    HostShapeFields m_shape;
    LocationFields m_location;
    Host m_like;
};

} // namespace Railyard
