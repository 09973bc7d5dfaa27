#include "views/dialogs/preferencesdialog.h"

#include "views/appsettings.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Railyard {

PreferencesDialog::PreferencesDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("PreferencesDialog"));
    setWindowTitle(tr("Preferences"));

    const AppSettings::Identity identity = AppSettings::identity();
    m_name = new QLineEdit(identity.name);
    m_name->setObjectName(QStringLiteral("identityName"));
    m_name->setPlaceholderText(AppSettings::accountName());
    m_name->setToolTip(tr("Signs the versions you save; empty for your account's name"));
    m_email = new QLineEdit(identity.email);
    m_email->setObjectName(QStringLiteral("identityEmail"));
    m_email->setPlaceholderText(tr("name@example.com"));
    auto *identityBox = new QGroupBox(tr("Identity"));
    auto *identityForm = new QFormLayout(identityBox);
    identityForm->addRow(tr("&Name:"), m_name);
    identityForm->addRow(tr("&E-mail:"), m_email);
    auto *identityNote = new QLabel(tr("Versions saved in a project are signed with this name and e-mail."));
    identityNote->setWordWrap(true);
    identityNote->setForegroundRole(QPalette::PlaceholderText);
    identityForm->addRow(identityNote);

    m_catalog = new QLineEdit(AppSettings::catalogPath());
    m_catalog->setObjectName(QStringLiteral("catalogPath"));
    m_catalog->setPlaceholderText(tr("the built-in catalogue"));
    m_catalog->setClearButtonEnabled(true);
    m_catalog->setToolTip(tr("Your switch, NIC, cable and transceiver figures (JSON, docs/catalog.md) over the "
                             "built-in catalogue: models named like built-in ones take your figures"));
    auto *browse = new QPushButton(tr("&Browse…"));
    browse->setObjectName(QStringLiteral("browseCatalog"));
    connect(browse, &QPushButton::clicked, this, &PreferencesDialog::browseCatalog);
    auto *catalogRow = new QHBoxLayout;
    catalogRow->addWidget(m_catalog, 1);
    catalogRow->addWidget(browse);
    m_catalogState = new QLabel;
    m_catalogState->setObjectName(QStringLiteral("catalogState"));
    m_catalogState->setWordWrap(true);
    m_catalogState->setTextFormat(Qt::PlainText);
    auto *catalogBox = new QGroupBox(tr("Switch and NIC Catalogue"));
    auto *catalogLayout = new QVBoxLayout(catalogBox);
    catalogLayout->addLayout(catalogRow);
    catalogLayout->addWidget(m_catalogState);
    connect(m_catalog, &QLineEdit::textChanged, this, &PreferencesDialog::showCatalogState);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &PreferencesDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(identityBox);
    layout->addWidget(catalogBox);
    layout->addStretch(1);
    layout->addWidget(buttons);
    showCatalogState();
    resize(520, sizeHint().height());
}

void PreferencesDialog::browseCatalog()
{
    const QString start = m_catalog->text().isEmpty() ? QString() : QFileInfo(m_catalog->text()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Switch and NIC Catalogue"), start,
                                                      tr("Catalogue (*.json);;All files (*)"));
    if (!path.isEmpty())
        m_catalog->setText(QFileInfo(path).absoluteFilePath());
}

void PreferencesDialog::showCatalogState()
{
    const QString path = m_catalog->text().trimmed();
    QPalette palette = m_catalogState->palette();
    palette.setColor(QPalette::WindowText, palette.color(QPalette::Active, QPalette::PlaceholderText));
    if (path.isEmpty()) {
        const BomCatalog &builtIn = BomCatalog::defaults();
        m_catalogState->setText(tr("The built-in catalogue: %n switch model(s)", nullptr, int(builtIn.switches.size()))
                                + tr(", %n NIC model(s).", nullptr, int(builtIn.nics.size())));
    } else {
        QString error;
        const std::optional<BomCatalog> read = AppSettings::readCatalog(path, &error);
        if (read) {
            m_catalogState->setText(tr("Your figures over the built-in catalogue: %n switch model(s)", nullptr,
                                       int(read->switches.size()))
                                    + tr(", %n NIC model(s).", nullptr, int(read->nics.size())));
        } else {
            m_catalogState->setText(error);
            palette.setColor(QPalette::WindowText, QColor(0xb0, 0x20, 0x20));
        }
    }
    m_catalogState->setPalette(palette);
}

void PreferencesDialog::accept()
{
    const QString path = m_catalog->text().trimmed();
    QString error;
    if (!path.isEmpty() && !AppSettings::readCatalog(path, &error)) {
        showCatalogState(); // the reason, in red; nothing stored
        m_catalog->setFocus();
        return;
    }
    AppSettings::setIdentity({m_name->text(), m_email->text()});
    AppSettings::setCatalogPath(path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath());
    QDialog::accept();
}

} // namespace Railyard
