#pragma once

#include "views/dialogs/editdialog.h"
#include "views/dialogs/locationfields.h"

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace Railyard {

/// Asks for a new switch: id (a free one proposed for its tier, uniqueness
/// checked live), tier, radix, model, plane, rail, SHARP and location.
class AddSwitchDialog : public EditDialog
{
    Q_OBJECT
public:
    /// like: a switch whose settings are proposed (e.g. one in the row clicked),
    /// or null for a 64-port leaf. tier, when given, overrides like's tier.
    AddSwitchDialog(const Fabric &fabric, const Switch *like, std::optional<Tier> tier = std::nullopt,
                    QWidget *parent = nullptr);
    /// The switch as entered.
    Switch sw() const;

protected:
    QString problem() const override;

private:
    /// Proposes a free id for the tier while the user has not typed one.
    void proposeId();

    const Fabric &m_fabric;
    Switch m_like;
    QLineEdit *m_id = nullptr;
    QComboBox *m_tier = nullptr;
    QSpinBox *m_radix = nullptr;
    QComboBox *m_model = nullptr;
    QSpinBox *m_plane = nullptr;
    QSpinBox *m_rail = nullptr;
    QCheckBox *m_sharp = nullptr;
    LocationFields m_location;
    QString m_proposedId;
};

} // namespace Railyard
