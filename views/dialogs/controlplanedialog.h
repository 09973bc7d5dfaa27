#pragma once

// File ▸ Connect to Control Plane…: the service's URL, a bearer token and,
// for a service with its own certificate, a CA file. Checked against the
// service (/v1/healthz) before it is accepted; "Remember" saves it in a file
// only the user can read (ControlClient::save), never in a project.

#include "core/controlplane/controlclient.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;

namespace Railyard {

class ControlPlaneDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ControlPlaneDialog(const ControlConnection &initial, QWidget *parent = nullptr);

    ControlConnection connection() const;
    bool remember() const;

    void accept() override;

private:
    QLineEdit *m_url = nullptr;
    QLineEdit *m_token = nullptr;
    QLineEdit *m_ca = nullptr;
    QCheckBox *m_remember = nullptr;
    QLabel *m_message = nullptr;
};

} // namespace Railyard
