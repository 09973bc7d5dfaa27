#pragma once

#include "views/dialogs/editdialog.h"

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace Railyard {

/// Asks where to move one end of a link: which end, the node it goes to
/// (the current one by default: then only the port changes) and the port
/// (or the lowest free one). Unknown nodes are refused live.
class RecableDialog : public EditDialog
{
    Q_OBJECT
public:
    /// For link (an index of fabric); proposes end A at its current node.
    RecableDialog(const Fabric &fabric, std::int32_t link, QWidget *parent = nullptr);
    /// 0 = end A, 1 = end B.
    int end() const;
    QString node() const;
    /// The port typed, -1 for the lowest free one.
    int port() const;

protected:
    QString problem() const override;

private:
    const Fabric &m_fabric;
    std::int32_t m_link;
    QComboBox *m_end = nullptr;
    QLineEdit *m_node = nullptr;
    QSpinBox *m_port = nullptr;
};

} // namespace Railyard
