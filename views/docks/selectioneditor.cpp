#include "views/docks/selectioneditor.h"

#include "core/document/fabricdocument.h"
#include "views/dialogs/editdialog.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <optional>

namespace Railyard {

namespace {

constexpr Tier kTiers[] = {Tier::Leaf, Tier::Spine, Tier::Core, Tier::Unlayered};

/// The value every element shares, or nullopt once two differ.
template<typename T>
struct Common
{
    bool any = false;
    bool mixed = false;
    T value{};
    void add(const T &v)
    {
        if (!any) {
            any = true;
            value = v;
        } else if (!(v == value)) {
            mixed = true;
        }
    }
};

} // namespace

SelectionEditor::SelectionEditor(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("SelectionEditor"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    m_header = new QLabel(this);
    QFont bold = m_header->font();
    bold.setBold(true);
    m_header->setFont(bold);
    layout->addWidget(m_header);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    layout->addLayout(m_form);

    m_id = new QLineEdit(this);
    m_id->setObjectName(QStringLiteral("ElementId"));
    m_id->setToolTip(tr("Enter renames the element (undoable); the id must be unique"));
    m_idProblem = new QLabel(this);
    m_idProblem->setObjectName(QStringLiteral("RenameProblem"));
    m_idProblem->setWordWrap(true);
    QPalette warning = m_idProblem->palette();
    warning.setColor(QPalette::WindowText, QColor(190, 40, 40));
    m_idProblem->setPalette(warning);
    m_capacity = new QDoubleSpinBox(this);
    m_capacity->setObjectName(QStringLiteral("BulkCapacity"));
    m_capacity->setRange(0.0, 102400.0);
    m_capacity->setDecimals(1);
    m_capacity->setSuffix(tr(" Gbit/s"));
    m_capacity->setSpecialValueText(tr("mixed"));
    m_capacity->setKeyboardTracking(false);
    m_model = new QLineEdit(this);
    m_model->setObjectName(QStringLiteral("BulkSwitchModel"));
    m_radix = new QSpinBox(this);
    m_radix->setObjectName(QStringLiteral("BulkRadix"));
    m_radix->setRange(0, 65536);
    m_radix->setSpecialValueText(tr("mixed"));
    m_radix->setKeyboardTracking(false);
    m_tier = new QComboBox(this);
    m_tier->setObjectName(QStringLiteral("BulkTier"));
    m_gpuModel = new QLineEdit(this);
    m_gpuModel->setObjectName(QStringLiteral("BulkGpuModel"));
    m_nvlinkDomain = new QLineEdit(this);
    m_nvlinkDomain->setObjectName(QStringLiteral("BulkNvlinkDomain"));
    m_nvlinkDomain->setToolTip(tr("The multi-host NVLink domain (e.g. an NVL72 rack) the hosts share; empty: each "
                                  "host's NVLink reaches only its own GPUs"));
    m_apply = new QPushButton(tr("Apply"), this);
    m_apply->setObjectName(QStringLiteral("BulkApply"));
    m_apply->setToolTip(tr("Set the changed fields on every selected element that has them (one undo step)"));

    m_form->addRow(tr("Id"), m_id);
    m_form->addRow(QString(), m_idProblem);
    m_form->addRow(tr("Capacity"), m_capacity);
    m_form->addRow(tr("Switch model"), m_model);
    m_form->addRow(tr("Radix"), m_radix);
    m_form->addRow(tr("Tier"), m_tier);
    m_form->addRow(tr("GPU model"), m_gpuModel);
    m_form->addRow(tr("NVLink domain"), m_nvlinkDomain);
    m_form->addRow(QString(), m_apply);

    connect(m_id, &QLineEdit::textEdited, this, &SelectionEditor::updateRenameProblem);
    connect(m_id, &QLineEdit::returnPressed, this, &SelectionEditor::rename);
    connect(m_capacity, &QDoubleSpinBox::valueChanged, this, [this] {
        m_capacityDirty = m_capacity->value() > 0;
        updateApply();
    });
    connect(m_model, &QLineEdit::textEdited, this, [this] {
        m_modelDirty = true;
        updateApply();
    });
    connect(m_radix, &QSpinBox::valueChanged, this, [this] {
        m_radixDirty = m_radix->value() > 0;
        updateApply();
    });
    connect(m_tier, &QComboBox::activated, this, [this] {
        m_tierDirty = m_tier->currentData().isValid();
        updateApply();
    });
    connect(m_gpuModel, &QLineEdit::textEdited, this, [this] {
        m_gpuModelDirty = true;
        updateApply();
    });
    connect(m_nvlinkDomain, &QLineEdit::textEdited, this, [this] {
        m_nvlinkDomainDirty = true;
        updateApply();
    });
    connect(m_apply, &QPushButton::clicked, this, &SelectionEditor::apply);
    refresh();
}

void SelectionEditor::setDocument(FabricDocument *document)
{
    if (document == m_document)
        return;
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) {
        connect(m_document, &FabricDocument::selectionChanged, this, &SelectionEditor::refresh);
        connect(m_document, &FabricDocument::changed, this, [this](FabricDocument::Change change) {
            if (change == FabricDocument::Change::Structure || change == FabricDocument::Change::Capacities)
                refresh();
        });
    }
    refresh();
}

void SelectionEditor::refresh()
{
    m_capacityDirty = m_modelDirty = m_radixDirty = m_tierDirty = m_gpuModelDirty = m_nvlinkDomainDirty = false;
    m_renaming.clear();
    const std::vector<std::string> empty;
    const std::vector<std::string> &selection = m_document ? m_document->selection() : empty;
    if (selection.empty()) {
        setVisible(false);
        return;
    }
    const Fabric &f = m_document->fabric();
    Common<double> capacity;
    Common<std::string> model, gpuModel, nvlinkDomain;
    Common<int> radix;
    Common<Tier> tier;
    int links = 0, known = 0;
    for (const std::string &id : selection) {
        if (const NodeIndex n = f.findNode(id); f.isHost(n)) {
            gpuModel.add(f.host(n).gpuModel);
            nvlinkDomain.add(f.host(n).nvlinkDomain);
            ++known;
        } else if (f.isSwitch(n)) {
            const Switch &s = f.switchAt(f.switchIndexOf(n));
            model.add(s.model);
            radix.add(s.radix);
            tier.add(s.tier);
            ++known;
        } else if (const std::int32_t l = f.findLink(id); l >= 0) {
            capacity.add(f.link(l).capacityGbps);
            ++links;
            ++known;
        }
    }
    if (known == 0) {
        setVisible(false);
        return;
    }
    const bool single = selection.size() == 1;
    m_header->setText(single ? tr("Edit") : tr("Edit %1 elements").arg(known));
    if (single) {
        m_renaming = selection.front();
        m_id->setText(QString::fromStdString(m_renaming));
    }
    m_form->setRowVisible(m_id, single);
    m_idProblem->clear();
    m_form->setRowVisible(m_idProblem, false);

    // A single link's capacity has its own editor above.
    const bool showCapacity = capacity.any && !(single && links == 1);
    {
        const QSignalBlocker b1(m_capacity), b2(m_radix);
        m_capacity->setValue(capacity.mixed ? 0.0 : capacity.value);
        m_radix->setValue(radix.mixed ? 0 : radix.value);
    }
    m_form->setRowVisible(m_capacity, showCapacity);
    m_model->setText(model.mixed ? QString() : QString::fromStdString(model.value));
    m_model->setPlaceholderText(model.mixed ? tr("mixed") : tr("none"));
    m_form->setRowVisible(m_model, model.any);
    m_form->setRowVisible(m_radix, radix.any);
    m_tier->clear();
    if (tier.mixed)
        m_tier->addItem(tr("mixed"));
    for (const Tier t : kTiers) {
        m_tier->addItem(QString::fromLatin1(tierName(t)), static_cast<int>(t));
        if (!tier.mixed && t == tier.value)
            m_tier->setCurrentIndex(m_tier->count() - 1);
    }
    m_form->setRowVisible(m_tier, tier.any);
    m_gpuModel->setText(gpuModel.mixed ? QString() : QString::fromStdString(gpuModel.value));
    m_gpuModel->setPlaceholderText(gpuModel.mixed ? tr("mixed") : tr("none"));
    m_form->setRowVisible(m_gpuModel, gpuModel.any);
    m_nvlinkDomain->setText(nvlinkDomain.mixed ? QString() : QString::fromStdString(nvlinkDomain.value));
    m_nvlinkDomain->setPlaceholderText(nvlinkDomain.mixed ? tr("mixed") : tr("none"));
    m_form->setRowVisible(m_nvlinkDomain, nvlinkDomain.any);
    m_form->setRowVisible(m_apply, showCapacity || model.any || radix.any || tier.any || gpuModel.any);
    updateApply();
    setVisible(true);
}

void SelectionEditor::updateRenameProblem()
{
    if (!m_document || m_renaming.empty())
        return;
    const QString why = EditDialog::idProblem(m_document->fabric(), m_id->text(), QString::fromStdString(m_renaming));
    m_idProblem->setText(why);
    m_form->setRowVisible(m_idProblem, !why.isEmpty());
}

void SelectionEditor::updateApply()
{
    m_apply->setEnabled(m_capacityDirty || m_modelDirty || m_radixDirty || m_tierDirty || m_gpuModelDirty
                        || m_nvlinkDomainDirty);
}

bool SelectionEditor::rename()
{
    if (!m_document || m_renaming.empty())
        return false;
    const QString id = m_id->text();
    updateRenameProblem();
    if (id.toStdString() == m_renaming || !m_idProblem->text().isEmpty())
        return false;
    QString error;
    if (!m_document->renameElement(m_renaming, id.toStdString(), &error)) {
        m_idProblem->setText(error);
        m_form->setRowVisible(m_idProblem, true);
        return false;
    }
    return true; // the document moves the selection to the new id
}

bool SelectionEditor::apply()
{
    if (!m_document)
        return false;
    PropertyEdit edit;
    if (m_capacityDirty && m_capacity->value() > 0)
        edit.capacityGbps = m_capacity->value();
    if (m_modelDirty)
        edit.model = m_model->text().trimmed().toStdString();
    if (m_radixDirty && m_radix->value() > 0)
        edit.radix = m_radix->value();
    if (m_tierDirty && m_tier->currentData().isValid())
        edit.tier = static_cast<Tier>(m_tier->currentData().toInt());
    if (m_gpuModelDirty && !m_gpuModel->text().trimmed().isEmpty())
        edit.gpuModel = m_gpuModel->text().trimmed().toStdString();
    if (m_nvlinkDomainDirty)
        edit.nvlinkDomain = m_nvlinkDomain->text().trimmed().toStdString(); // empty: out of the domain
    if (edit.isEmpty())
        return false;
    const std::vector<std::string> ids = m_document->selection();
    const bool ok = m_document->setProperties(ids, edit);
    if (!ok)
        refresh(); // refused: show the document's values again
    return ok;
}

} // namespace Railyard
