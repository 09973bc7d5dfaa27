#pragma once

#include "views/dialogs/editdialog.h"

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace Railyard {

/// Asks how to connect two nodes: their ids, the capacity (Gbit/s per
/// direction) and the port on each end (or the lowest free one). Unknown ids
/// and a node connected to itself are refused live; the document checks ports.
class ConnectDialog : public EditDialog
{
    Q_OBJECT
public:
    /// Proposes ends a and b (either may be empty) and their default capacity.
    ConnectDialog(const Fabric &fabric, const QString &a, const QString &b, QWidget *parent = nullptr);
    /// The ids typed (trimmed).
    QString nodeA() const;
    QString nodeB() const;
    double capacityGbps() const;
    /// The port typed for each end, -1 for the lowest free one.
    int portA() const;
    int portB() const;

    /// The lowest port of a node no link uses (switch port, or NIC port of a
    /// host), -1 when all are used or the node has none. O(degree).
    static int lowestFreePort(const Fabric &fabric, NodeIndex node);
    /// The capacity a new link between a and b gets by default: the speed of
    /// a host end's NIC port that the link would take, else 400 Gbit/s.
    static double defaultCapacity(const Fabric &fabric, NodeIndex a, NodeIndex b);

protected:
    QString problem() const override;

private:
    /// Port limits and the free-port hint of each end after an id changed.
    void updateEnds();

    const Fabric &m_fabric;
    QLineEdit *m_a = nullptr;
    QLineEdit *m_b = nullptr;
    QDoubleSpinBox *m_capacity = nullptr;
    QSpinBox *m_portA = nullptr;
    QSpinBox *m_portB = nullptr;
    bool m_capacityEdited = false;
};

} // namespace Railyard
