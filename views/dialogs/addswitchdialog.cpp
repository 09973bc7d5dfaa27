#include "views/dialogs/addswitchdialog.h"

#include "core/bom/bom.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

#include <set>

namespace Railyard {

namespace {

constexpr Tier kTiers[] = {Tier::Leaf, Tier::Spine, Tier::Core, Tier::Unlayered};

} // namespace

AddSwitchDialog::AddSwitchDialog(const Fabric &fabric, const Switch *like, std::optional<Tier> tier, QWidget *parent)
    : EditDialog(tr("Add Switch"), parent)
    , m_fabric(fabric)
{
    setObjectName(QStringLiteral("AddSwitchDialog"));
    if (like)
        m_like = *like;
    if (tier)
        m_like.tier = *tier;
    if (!like || (tier && *tier != like->tier))
        m_like.rail = -1;

    m_id = new QLineEdit(this);
    m_id->setObjectName(QStringLiteral("SwitchId"));
    m_tier = new QComboBox(this);
    m_tier->setObjectName(QStringLiteral("Tier"));
    for (const Tier t : kTiers) {
        m_tier->addItem(QString::fromLatin1(tierName(t)), static_cast<int>(t));
        if (t == m_like.tier)
            m_tier->setCurrentIndex(m_tier->count() - 1);
    }
    m_radix = new QSpinBox(this);
    m_radix->setObjectName(QStringLiteral("Radix"));
    m_radix->setRange(1, 4096);
    m_radix->setValue(m_like.radix);
    m_radix->setSuffix(tr(" ports"));
    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("SwitchModel"));
    m_model->setEditable(true);
    // The design's models first, then the catalogue's (a new design has none
    // of its own); a catalogue model sets the radix of its first breakout.
    std::set<std::string> models;
    for (const Switch &s : fabric.switches())
        if (!s.model.empty())
            models.insert(s.model);
    for (const std::string &m : models)
        m_model->addItem(QString::fromStdString(m));
    const BomCatalog &catalog = BomCatalog::defaults();
    for (const auto &[slug, item] : catalog.switches)
        if (!item.breakouts.empty() && !models.count(item.model)) {
            m_model->addItem(QString::fromStdString(item.model));
            m_model->setItemData(m_model->count() - 1,
                                 tr("%1: %2").arg(QString::fromStdString(item.description),
                                                  QString::fromStdString(item.speedsText())),
                                 Qt::ToolTipRole);
        }
    m_model->setCurrentText(QString::fromStdString(m_like.model));
    connect(m_model, &QComboBox::currentTextChanged, this, [this](const QString &text) {
        const BomCatalog::Item *item = BomCatalog::defaults().findSwitch(text.trimmed().toStdString());
        if (item && !item->breakouts.empty())
            m_radix->setValue(item->breakouts.front().ports);
    });
    m_plane = new QSpinBox(this);
    m_plane->setObjectName(QStringLiteral("Plane"));
    m_plane->setRange(0, 1024);
    m_plane->setValue(m_like.plane);
    m_rail = new QSpinBox(this);
    m_rail->setObjectName(QStringLiteral("Rail"));
    m_rail->setRange(-1, 1024);
    m_rail->setSpecialValueText(tr("none"));
    m_rail->setValue(m_like.rail);
    m_rail->setToolTip(tr("The rail a rail-optimized leaf serves"));
    m_sharp = new QCheckBox(tr("In-network reduction (SHARP)"), this);
    m_sharp->setObjectName(QStringLiteral("Sharp"));
    m_sharp->setChecked(m_like.sharp);

    form()->addRow(tr("Id"), m_id);
    form()->addRow(tr("Tier"), m_tier);
    form()->addRow(tr("Radix"), m_radix);
    form()->addRow(tr("Model"), m_model);
    form()->addRow(tr("Plane"), m_plane);
    form()->addRow(tr("Rail"), m_rail);
    form()->addRow(QString(), m_sharp);
    m_location.addTo(form(), this, m_like.location, true, [this] { revalidate(); });

    proposeId();
    connect(m_id, &QLineEdit::textChanged, this, &AddSwitchDialog::revalidate);
    connect(m_tier, &QComboBox::currentIndexChanged, this, [this] {
        proposeId();
        revalidate();
    });
    revalidate();
}

void AddSwitchDialog::proposeId()
{
    if (!m_id->text().isEmpty() && m_id->text() != m_proposedId)
        return; // the user's own id
    const Tier tier = static_cast<Tier>(m_tier->currentData().toInt());
    // Keep the naming of the switch proposed from (e.g. "leaf-3" after "leaf-2").
    QString prefix = QString::fromLatin1(tierName(tier)) + QLatin1Char('-');
    if (!m_like.id.empty() && m_like.tier == tier) {
        const QString own = idPrefix(QString::fromStdString(m_like.id));
        if (!own.isEmpty())
            prefix = own;
    }
    m_proposedId = nextFreeId(m_fabric, prefix);
    m_id->setText(m_proposedId);
}

Switch AddSwitchDialog::sw() const
{
    Switch s = m_like;
    s.id = m_id->text().toStdString();
    s.tier = static_cast<Tier>(m_tier->currentData().toInt());
    s.radix = m_radix->value();
    s.model = m_model->currentText().trimmed().toStdString();
    s.plane = m_plane->value();
    s.rail = m_rail->value();
    s.sharp = m_sharp->isChecked();
    s.location = m_location.apply(m_like.location);
    return s;
}

QString AddSwitchDialog::problem() const
{
    return idProblem(m_fabric, m_id->text());
}

} // namespace Railyard
