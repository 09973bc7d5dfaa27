#include "views/dialogs/addhostdialog.h"

#include <QFormLayout>
#include <QLineEdit>

namespace Railyard {

AddHostDialog::AddHostDialog(const Fabric &fabric, const Host *like, QWidget *parent)
    : EditDialog(tr("Add Host"), parent)
    , m_fabric(fabric)
{
    setObjectName(QStringLiteral("AddHostDialog"));
    if (like) {
        m_like = *like;
    } else {
        for (int r = 0; r < 8; ++r)
            m_like.nics.push_back(Nic{r, 400.0, 1});
    }
    const QString prefix = like ? idPrefix(QString::fromStdString(like->id)) : QStringLiteral("host-");
    m_id = new QLineEdit(nextFreeId(fabric, prefix.isEmpty() ? QStringLiteral("host-") : prefix), this);
    m_id->setObjectName(QStringLiteral("HostId"));
    form()->addRow(tr("Id"), m_id);
    connect(m_id, &QLineEdit::textChanged, this, &AddHostDialog::revalidate);
    m_shape.addTo(form(), this, fabric, m_like, [this] { revalidate(); });
    m_location.addTo(form(), this, m_like.location, true, [this] { revalidate(); });
    revalidate();
}

Host AddHostDialog::host() const
{
    Host h = m_shape.apply(m_like);
    h.id = m_id->text().toStdString();
    h.location = m_location.apply(m_like.location);
    return h;
}

QString AddHostDialog::problem() const
{
    if (QString why = idProblem(m_fabric, m_id->text()); !why.isEmpty())
        return why;
    return m_shape.problem();
}

} // namespace Railyard
