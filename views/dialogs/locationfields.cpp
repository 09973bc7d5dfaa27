#include "views/dialogs/locationfields.h"

#include "views/dialogs/editdialog.h"

#include <QFormLayout>
#include <QLineEdit>

namespace Railyard {

void LocationFields::addTo(QFormLayout *form, QWidget *parent, const Location &location, bool withRack,
                           const std::function<void()> &changed)
{
    auto field = [&](const char *name, const std::string &value, const QString &label) {
        auto *edit = new QLineEdit(QString::fromStdString(value), parent);
        edit->setObjectName(QLatin1String(name));
        edit->setPlaceholderText(EditDialog::tr("none"));
        form->addRow(label, edit);
        QObject::connect(edit, &QLineEdit::textChanged, parent, [changed] { changed(); });
        return edit;
    };
    m_zone = field("Zone", location.zone, EditDialog::tr("Zone"));
    m_pod = field("Pod", location.pod, EditDialog::tr("Pod"));
    m_su = field("ScalableUnit", location.su, EditDialog::tr("Scalable unit"));
    if (withRack)
        m_rack = field("Rack", location.rack, EditDialog::tr("Rack"));
}

Location LocationFields::apply(Location location) const
{
    location.zone = m_zone->text().trimmed().toStdString();
    location.pod = m_pod->text().trimmed().toStdString();
    location.su = m_su->text().trimmed().toStdString();
    if (m_rack)
        location.rack = m_rack->text().trimmed().toStdString();
    return location;
}

} // namespace Railyard
