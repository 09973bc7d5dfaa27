#include "views/dialogs/addrackdialog.h"

#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

#include <algorithm>

namespace Railyard {

AddRackDialog::AddRackDialog(const Fabric &fabric, const Host *like, QWidget *parent)
    : EditDialog(tr("Add Rack"), parent)
    , m_fabric(fabric)
{
    setObjectName(QStringLiteral("AddRackDialog"));
    if (like) {
        m_like = *like;
    } else {
        for (int r = 0; r < 8; ++r)
            m_like.nics.push_back(Nic{r, 400.0, 1});
    }
    int perRack = 4;
    if (like && !like->location.rack.empty())
        perRack = static_cast<int>(std::count_if(fabric.hosts().begin(), fabric.hosts().end(), [&](const Host &h) {
            return h.location.rack == like->location.rack;
        }));
    QString prefix = idPrefix(QString::fromStdString(m_like.location.rack));
    if (prefix.isEmpty())
        prefix = QStringLiteral("rack-");
    m_name = new QLineEdit(nextFreeRack(fabric, prefix), this);
    m_name->setObjectName(QStringLiteral("RackName"));
    form()->addRow(tr("Rack"), m_name);
    connect(m_name, &QLineEdit::textChanged, this, &AddRackDialog::revalidate);
    m_location.addTo(form(), this, m_like.location, false, [this] { revalidate(); });
    m_hosts = new QSpinBox(this);
    m_hosts->setObjectName(QStringLiteral("HostCount"));
    m_hosts->setRange(1, 1024);
    m_hosts->setValue(std::max(1, perRack));
    form()->addRow(tr("Hosts"), m_hosts);
    connect(m_hosts, &QSpinBox::valueChanged, this, &AddRackDialog::revalidate);
    m_shape.addTo(form(), this, fabric, m_like, [this] { revalidate(); });
    revalidate();
}

QString AddRackDialog::nextFreeRack(const Fabric &fabric, const QString &prefix)
{
    const std::string p = prefix.toStdString();
    long long highest = 0;
    auto scan = [&](const std::string &rack) {
        if (rack.size() <= p.size() || rack.compare(0, p.size(), p) != 0)
            return;
        long long n = 0;
        for (size_t i = p.size(); i < rack.size(); ++i) {
            if (rack[i] < '0' || rack[i] > '9' || n > 1'000'000'000LL)
                return;
            n = n * 10 + (rack[i] - '0');
        }
        highest = std::max(highest, n);
    };
    for (const Host &h : fabric.hosts())
        scan(h.location.rack);
    for (const Switch &s : fabric.switches())
        scan(s.location.rack);
    return prefix + QString::number(highest + 1);
}

Location AddRackDialog::location() const
{
    Location l = m_location.apply(m_like.location);
    l.rack = m_name->text().toStdString();
    return l;
}

int AddRackDialog::hostCount() const
{
    return m_hosts->value();
}

Host AddRackDialog::hostShape() const
{
    return m_shape.apply(m_like);
}

QString AddRackDialog::problem() const
{
    const QString name = m_name->text();
    if (name.trimmed().isEmpty())
        return tr("Enter a rack name.");
    if (name.trimmed() != name)
        return tr("A rack name cannot begin or end with spaces.");
    const std::string rack = name.toStdString();
    const bool used = std::any_of(m_fabric.hosts().begin(), m_fabric.hosts().end(),
                                  [&](const Host &h) { return h.location.rack == rack; })
        || std::any_of(m_fabric.switches().begin(), m_fabric.switches().end(),
                       [&](const Switch &s) { return s.location.rack == rack; });
    if (used)
        return tr("Rack %1 already exists.").arg(name);
    // The hosts will be "<rack>-h01".. (three digits from 100 hosts on).
    const int count = m_hosts->value();
    const int width = count >= 100 ? 3 : 2;
    for (int i = 1; i <= count; ++i) {
        const QString id = name + QStringLiteral("-h%1").arg(i, width, 10, QLatin1Char('0'));
        if (m_fabric.containsId(id.toStdString()))
            return tr("The new host %1 would reuse an id already in the fabric.").arg(id);
    }
    return m_shape.problem();
}

} // namespace Railyard
