// MainWindow: the control-plane connection (File ▸ Connect to Control Plane…).

#include "views/dialogs/controlplanedialog.h"
#include "views/docks/controlplanedock.h"
#include "views/mainwindow.h"

namespace Railyard {

void MainWindow::connectToControlPlane()
{
    QString error;
    const ControlConnection initial = ControlClient::loadSaved(&error).value_or(ControlConnection{});
    ControlPlaneDialog dialog(initial, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_controlPlaneDock->setConnection(dialog.connection());
    m_controlPlaneDock->show();
    m_controlPlaneDock->raise();
}

} // namespace Railyard
