#include "views/dialogs/controlplanedialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Railyard {

ControlPlaneDialog::ControlPlaneDialog(const ControlConnection &initial, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Connect to Control Plane"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("A service speaking the control-plane API, such as railyard-controld. "
                                "Ask its administrator for a token (railyard-controld token add)."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    m_url = new QLineEdit(initial.url.isEmpty() ? QStringLiteral("https://127.0.0.1:8443") : initial.url, this);
    form->addRow(tr("&URL:"), m_url);
    m_token = new QLineEdit(initial.token, this);
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setPlaceholderText(tr("ryd_…"));
    form->addRow(tr("&Token:"), m_token);
    auto *caRow = new QHBoxLayout;
    m_ca = new QLineEdit(initial.caFile, this);
    m_ca->setPlaceholderText(tr("Only for a self-signed certificate"));
    auto *browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("CA Certificate"), m_ca->text(),
                                                          tr("PEM certificates (*.pem *.crt);;All files (*)"));
        if (!file.isEmpty())
            m_ca->setText(file);
    });
    caRow->addWidget(m_ca);
    caRow->addWidget(browse);
    // A row whose field is a layout has no buddy: give the label one, so its
    // & is a mnemonic and not a literal ampersand.
    auto *caLabel = new QLabel(tr("&CA certificate:"), this);
    caLabel->setBuddy(m_ca);
    form->addRow(caLabel, caRow);
    layout->addLayout(form);
    m_remember = new QCheckBox(tr("&Remember (in a file only you can read)"), this);
    m_remember->setChecked(true);
    layout->addWidget(m_remember);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    layout->addWidget(m_message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("C&onnect"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ControlPlaneDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

ControlConnection ControlPlaneDialog::connection() const
{
    // The CA file is kept as an absolute path: the saved connection must not
    // depend on the directory the next session starts in.
    const QString ca = m_ca->text().trimmed();
    return {m_url->text().trimmed(), m_token->text().trimmed(), ca.isEmpty() ? ca : QFileInfo(ca).absoluteFilePath()};
}

bool ControlPlaneDialog::remember() const
{
    return m_remember->isChecked();
}

void ControlPlaneDialog::accept()
{
    const ControlConnection c = connection();
    if (!c.url.startsWith(QLatin1String("http://")) && !c.url.startsWith(QLatin1String("https://"))) {
        m_message->setText(tr("The URL must start with http:// or https://."));
        return;
    }
    if (c.token.isEmpty()) {
        m_message->setText(tr("A token is required."));
        return;
    }
    if (!c.caFile.isEmpty() && !QFileInfo(c.caFile).isFile()) {
        m_message->setText(tr("The CA certificate %1 does not exist.").arg(c.caFile));
        return;
    }
    m_message->setText(tr("Connecting…"));
    ControlClient client(c, 5);
    const ControlReply reply = client.get(QStringLiteral("/v1/healthz"));
    if (!reply.ok()) {
        m_message->setText(tr("Cannot connect: %1").arg(reply.errorText()));
        return;
    }
    if (remember()) {
        QString error;
        if (!ControlClient::save(c, &error)) {
            m_message->setText(tr("Connected, but the connection cannot be saved: %1").arg(error));
            return;
        }
    }
    QDialog::accept();
}

} // namespace Railyard
