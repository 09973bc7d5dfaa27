#include "views/docks/intentreviewpanel.h"

#include "core/intents/ed25519key.h"
#include "core/intents/intentreader.h"
#include "core/intents/intentstore.h"
#include "core/intents/keyring.h"
#include "views/docks/intentenforcementwidget.h"
#include "views/docks/loadedintent.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QVBoxLayout>

namespace Railyard {

namespace {

const QString keySetting = QStringLiteral("intents/signingKey");
const QString keyringSetting = QStringLiteral("intents/keyring");

QString stateName(ReviewState state)
{
    switch (state) {
    case ReviewState::Draft: return IntentReviewPanel::tr("draft");
    case ReviewState::InReview: return IntentReviewPanel::tr("in review");
    case ReviewState::Approved: return IntentReviewPanel::tr("approved");
    case ReviewState::Rejected: return IntentReviewPanel::tr("rejected");
    }
    return {};
}

QString q(const std::string &s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

std::string fingerprintOf(const std::string &rawPublicKey)
{
    const auto key = Ed25519Key::fromRawPublicKey(rawPublicKey, nullptr);
    return key ? key->fingerprint() : std::string();
}

} // namespace

IntentReviewPanel::IntentReviewPanel(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("IntentReview"));
    auto *layout = new QVBoxLayout(this);
    m_stateLabel = new QLabel(this);
    m_stateLabel->setObjectName(QStringLiteral("reviewState"));
    m_stateLabel->setWordWrap(true);
    m_stateLabel->setTextFormat(Qt::RichText);
    m_stateLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_stateLabel);
    m_enforcement = new IntentEnforcementWidget(this);
    layout->addWidget(m_enforcement);

    auto *form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    auto row = [this, form](const QString &label, QLabel **field, const QString &button, const QString &tip,
                            void (IntentReviewPanel::*choose)()) {
        auto *line = new QHBoxLayout;
        *field = new QLabel(this);
        (*field)->setWordWrap(true);
        (*field)->setTextInteractionFlags(Qt::TextSelectableByMouse);
        auto *pick = new QPushButton(button, this);
        pick->setToolTip(tip);
        connect(pick, &QPushButton::clicked, this, choose);
        line->addWidget(*field, 1);
        line->addWidget(pick);
        form->addRow(label, line);
    };
    row(tr("Your key:"), &m_keyLabel, tr("Choose Key…"),
        tr("Your private key (NAME.key from 'railyard-cli keys generate'): signs as NAME. Remembered, never copied "
           "into a project."),
        &IntentReviewPanel::chooseKey);
    row(tr("Keyring:"), &m_keyringLabel, tr("Choose Keyring…"),
        tr("The folder of the team's public keys (NAME.pub) that Verify trusts"), &IntentReviewPanel::chooseKeyring);
    layout->addLayout(form);

    auto *buttons = new QGridLayout; // two rows: the dock stays narrow
    m_submit = new QPushButton(tr("Submit"), this);
    m_submit->setObjectName(QStringLiteral("submitButton"));
    m_submit->setToolTip(tr("Sign this version with your key and put it in review (you are its author)"));
    m_approve = new QPushButton(tr("Approve…"), this);
    m_approve->setObjectName(QStringLiteral("approveButton"));
    m_approve->setToolTip(tr("Sign the approval with your key: over the content and the author's signature"));
    m_reject = new QPushButton(tr("Reject…"), this);
    m_reject->setObjectName(QStringLiteral("rejectButton"));
    m_verify = new QPushButton(tr("Verify"), this);
    m_verify->setObjectName(QStringLiteral("verifyButton"));
    m_verify->setToolTip(tr("Check both signatures, the keyring and every byte of the reviewed file"));
    m_export = new QPushButton(tr("Export…"), this);
    m_export->setObjectName(QStringLiteral("exportButton"));
    m_export->setToolTip(tr("Write the reviewed file (for the control plane, or for a reviewer)"));
    buttons->addWidget(m_submit, 0, 0);
    buttons->addWidget(m_approve, 0, 1);
    buttons->addWidget(m_reject, 0, 2);
    m_push = new QPushButton(tr("Push…"), this);
    m_push->setObjectName(QStringLiteral("pushButton"));
    m_push->setToolTip(tr("Apply the approved version to a network of the control plane (Control Plane dock)"));
    buttons->addWidget(m_verify, 1, 0);
    buttons->addWidget(m_export, 1, 1);
    buttons->addWidget(m_push, 1, 2);
    buttons->setColumnStretch(3, 1);
    layout->addLayout(buttons);

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("reviewMessage"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::RichText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_message);
    layout->addStretch(1);

    connect(m_submit, &QPushButton::clicked, this, [this] { submit(); });
    connect(m_approve, &QPushButton::clicked, this, [this] { askDecision(true); });
    connect(m_reject, &QPushButton::clicked, this, [this] { askDecision(false); });
    connect(m_verify, &QPushButton::clicked, this, [this] { verify(); });
    connect(m_export, &QPushButton::clicked, this, &IntentReviewPanel::askExport);
    connect(m_push, &QPushButton::clicked, this, [this] { emit pushRequested(m_reviewed); });
    updateState();
}

QString IntentReviewPanel::signingKeyFile() const
{
    return QSettings().value(keySetting).toString();
}

void IntentReviewPanel::setSigningKeyFile(const QString &path)
{
    // Absolute: the next session may start in another directory.
    QSettings().setValue(keySetting, path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath());
    clearFailure();
    updateState();
}

void IntentReviewPanel::clearFailure()
{
    // A refusal that named the previous key or keyring no longer applies.
    if (m_failed) {
        m_message->clear();
        m_failed = false;
    }
}

QString IntentReviewPanel::keyringFolder() const
{
    return QSettings().value(keyringSetting).toString();
}

void IntentReviewPanel::setKeyringFolder(const QString &dir)
{
    QSettings().setValue(keyringSetting, dir.isEmpty() ? QString() : QFileInfo(dir).absoluteFilePath());
    clearFailure();
    updateState();
    emit keyringChanged();
}

void IntentReviewPanel::setEnforcementSubject(const Fabric *fabric, const LoadedIntent *intent)
{
    m_enforcement->setSubject(fabric, intent ? &intent->intent : nullptr);
}

void IntentReviewPanel::setSubject(const LoadedIntent *intent, const QString &projectPath)
{
    // The same reviewed bytes shown again (the dock refreshing its subject
    // after a decision) keep their unexported mark; another subject drops it.
    m_unexported = m_unexported && intent && intent->reviewedFile == m_reviewed;
    m_hasSubject = intent != nullptr;
    m_text = intent ? intent->text : std::string();
    m_fileName = intent ? (intent->path.isEmpty() ? intent->displayName : intent->path) : QString();
    m_reviewed = intent ? intent->reviewedFile : std::string();
    m_storedId = intent ? intent->storedId : 0;
    m_project = projectPath;
    m_verification.reset();
    m_message->clear();
    m_failed = false;
    updateState();
}

void IntentReviewPanel::updateState()
{
    QString key = signingKeyFile();
    if (key.isEmpty()) {
        m_keyLabel->setText(tr("none chosen"));
    } else {
        QString error;
        const auto loaded = Ed25519Key::readPrivateKeyFile(key, &error);
        m_keyLabel->setText(
            loaded ? tr("%1 (%2)").arg(Ed25519Key::nameOfKeyFile(key), QString::fromStdString(loaded->fingerprint()))
                   : tr("%1: %2").arg(QFileInfo(key).fileName(), error));
        m_keyLabel->setToolTip(key);
    }
    const QString keyring = keyringFolder();
    m_keyringLabel->setText(keyring.isEmpty() ? tr("none chosen") : keyring);

    m_state = ReviewState::Draft;
    std::optional<ReviewedIntent> reviewed;
    if (!m_reviewed.empty()) {
        ReviewedReadResult read = IntentReview::read(m_reviewed, m_fileName);
        if (read.ok()) {
            reviewed = std::move(read.reviewed);
            m_state = reviewed->state;
        }
    }
    // An approval shows as approved, with Push, only when it verifies
    // against the team's keyring: a file approved by a key the keyring does
    // not hold is no approval.
    bool verified = false;
    QString unverified;
    if (m_hasSubject && reviewed && m_state == ReviewState::Approved) {
        QString error;
        if (keyring.isEmpty()) {
            unverified = tr("choose the team's keyring to verify it");
        } else if (const std::optional<VerifyResult> v = verifyWithKeyring(&error); !v) {
            unverified = error.toHtmlEscaped();
        } else {
            verified = v->valid;
            if (!v->valid)
                unverified = v->failures.empty() ? tr("invalid") : q(v->failures.front());
        }
    }
    if (!m_hasSubject) {
        m_stateLabel->setText(tr("Open an intent version to review it."));
    } else {
        QString text = tr("State: <b>%1</b>").arg(stateName(m_state));
        if (m_state == ReviewState::Approved)
            text += verified ? tr(" (verified against the keyring)")
                             : tr(" <font color=\"#c0392b\">— not verified: %1</font>").arg(unverified);
        if (reviewed) {
            text += tr("<br>Submitted by %1 (%2) at %3")
                        .arg(q(reviewed->author.signer), q(fingerprintOf(reviewed->author.publicKey)),
                             q(reviewed->author.signedUtc));
            if (reviewed->reviewer)
                text += tr("<br>%1 by %2 at %3")
                            .arg(stateName(m_state), q(reviewed->reviewer->signer), q(reviewed->reviewer->signedUtc));
            if (!reviewed->comment.empty())
                text += tr("<br>Comment: “%1”").arg(q(reviewed->comment));
        } else if (m_project.isEmpty()) {
            text += tr("<br>Submit signs it as its author; export the submitted file for the reviewer.");
        }
        m_stateLabel->setText(text);
    }
    const bool hasKey = !key.isEmpty();
    m_submit->setEnabled(m_hasSubject && hasKey && m_state == ReviewState::Draft);
    m_approve->setEnabled(m_hasSubject && hasKey && m_state == ReviewState::InReview);
    m_reject->setEnabled(m_hasSubject && hasKey && m_state == ReviewState::InReview);
    m_verify->setEnabled(m_hasSubject && m_state != ReviewState::Draft && !keyring.isEmpty());
    m_export->setEnabled(m_hasSubject && m_state != ReviewState::Draft);
    m_push->setEnabled(m_hasSubject && m_state == ReviewState::Approved && verified);
    m_push->setToolTip(m_push->isEnabled() || m_state != ReviewState::Approved
                           ? tr("Apply the approved version to a network of the control plane (Control Plane dock)")
                           : tr("The approval does not verify against the keyring: %1").arg(unverified));
}

void IntentReviewPanel::showMessage(const QString &html, bool failed)
{
    m_failed = failed;
    m_message->setStyleSheet(failed ? QStringLiteral("color: #c0392b;") : QString());
    m_message->setText(html);
}

QString IntentReviewPanel::messageText() const
{
    return m_message->text();
}

bool IntentReviewPanel::record(const ReviewedIntent &reviewed, std::int64_t *storedId)
{
    if (m_project.isEmpty())
        return true;
    ProjectError error;
    const auto id = IntentStore(m_project).addReview(reviewed, &error);
    if (!id) {
        showMessage(tr("<b>Not recorded in the project:</b> %1").arg(error.toString().toHtmlEscaped()), true);
        return false;
    }
    // addReview returns the review row; the version's id is found by its content.
    const auto versions = IntentStore(m_project).versions();
    if (versions)
        for (const StoredIntentVersion &v : *versions)
            if (v.sha256 == reviewed.contentSha256 && v.cluster == reviewed.intent.cluster)
                *storedId = v.id;
    return true;
}

bool IntentReviewPanel::submit()
{
    if (!m_hasSubject)
        return false;
    QString error;
    const QString keyFile = signingKeyFile();
    const auto key = Ed25519Key::readPrivateKeyFile(keyFile, &error);
    if (!key) {
        showMessage(tr("<b>Cannot submit:</b> %1").arg(error.toHtmlEscaped()), true);
        return false;
    }
    try {
        const std::string signer = Ed25519Key::nameOfKeyFile(keyFile).toStdString();
        const ReviewedIntent reviewed = IntentReview::submit(m_text, m_fileName, *key, signer, IntentReview::nowUtc());
        std::int64_t id = m_storedId;
        if (!record(reviewed, &id))
            return false;
        m_reviewed = IntentReview::write(reviewed);
        m_storedId = id;
        m_unexported = id == 0; // a project keeps it; else only this window has it
        m_verification.reset();
        updateState();
        showMessage(tr("Submitted v%1 for review, signed by %2 (%3).")
                        .arg(reviewed.intent.metadata.version)
                        .arg(q(signer), q(key->fingerprint())),
                    false);
        emit this->reviewed(m_reviewed, m_storedId);
        return true;
    } catch (const ReviewError &e) {
        showMessage(tr("<b>Cannot submit:</b> %1").arg(q(e.what())), true);
    }
    return false;
}

bool IntentReviewPanel::decide(bool approve, const QString &comment)
{
    if (!m_hasSubject || m_reviewed.empty())
        return false;
    const QString verb = approve ? tr("approve") : tr("reject");
    if (!approve && comment.trimmed().isEmpty()) {
        showMessage(tr("<b>Cannot reject:</b> say why in the comment."), true);
        return false;
    }
    QString error;
    const QString keyFile = signingKeyFile();
    const auto key = Ed25519Key::readPrivateKeyFile(keyFile, &error);
    if (!key) {
        showMessage(tr("<b>Cannot %1:</b> %2").arg(verb, error.toHtmlEscaped()), true);
        return false;
    }
    ReviewedReadResult read = IntentReview::read(m_reviewed, m_fileName);
    if (!read.ok()) {
        QStringList lines;
        for (const FormatError &e : read.errors)
            lines << intentErrorText(e).toHtmlEscaped();
        showMessage(tr("<b>Cannot %1:</b> %2").arg(verb, lines.join(QStringLiteral("<br>"))), true);
        return false;
    }
    try {
        const std::string signer = Ed25519Key::nameOfKeyFile(keyFile).toStdString();
        IntentReview::decide(*read.reviewed, approve, *key, signer, comment.toStdString(), IntentReview::nowUtc());
        std::int64_t id = m_storedId;
        if (!record(*read.reviewed, &id))
            return false;
        m_reviewed = IntentReview::write(*read.reviewed);
        m_storedId = id;
        m_unexported = id == 0;
        m_verification.reset();
        updateState();
        showMessage(approve ? tr("Approved by %1 (%2).").arg(q(signer), q(key->fingerprint()))
                            : tr("Rejected by %1 (%2).").arg(q(signer), q(key->fingerprint())),
                    false);
        emit reviewed(m_reviewed, m_storedId);
        return true;
    } catch (const ReviewError &e) {
        showMessage(tr("<b>Refused:</b> %1").arg(q(e.what())), true);
    }
    return false;
}

bool IntentReviewPanel::verify()
{
    if (m_reviewed.empty())
        return false;
    QString error;
    m_verification = verifyWithKeyring(&error);
    if (!m_verification) {
        showMessage(tr("<b>Cannot verify:</b> %1").arg(error.toHtmlEscaped()), true);
        return false;
    }
    const VerifyResult &r = *m_verification;
    if (r.valid) {
        showMessage(tr("<b>Valid:</b> %1 v%2 (sha256 %3…) submitted by %4, approved by %5; both keys are in the "
                       "keyring.")
                        .arg(q(r.cluster))
                        .arg(r.version)
                        .arg(q(r.contentSha256.substr(0, 12)), q(r.author), q(r.reviewer)),
                    false);
        m_message->setStyleSheet(QStringLiteral("color: #1e7b34;"));
        return true;
    }
    QStringList failures;
    for (const std::string &f : r.failures)
        failures << QStringLiteral("• ") + q(f);
    showMessage(tr("<b>Not valid:</b><br>%1").arg(failures.join(QStringLiteral("<br>"))), true);
    return false;
}

std::optional<VerifyResult> IntentReviewPanel::verifyWithKeyring(QString *error) const
{
    const auto keyring = Keyring::load(keyringFolder(), error);
    if (!keyring)
        return std::nullopt;
    return IntentReview::verify(m_reviewed, *keyring);
}

bool IntentReviewPanel::exportReviewed(const QString &path)
{
    if (m_reviewed.empty())
        return false;
    QSaveFile out(path);
    const QByteArray bytes = QByteArray::fromStdString(m_reviewed);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit()) {
        showMessage(tr("<b>Cannot write %1:</b> %2").arg(path.toHtmlEscaped(), out.errorString().toHtmlEscaped()),
                    true);
        return false;
    }
    showMessage(tr("Wrote %1 (%2).").arg(QFileInfo(path).fileName().toHtmlEscaped(), stateName(m_state)), false);
    m_unexported = false;
    return true;
}

void IntentReviewPanel::chooseKey()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Your Signing Key"), QFileInfo(signingKeyFile()).path(),
                                                      tr("Private keys (*.key);;All files (*)"));
    if (!path.isEmpty())
        setSigningKeyFile(path);
}

void IntentReviewPanel::chooseKeyring()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Keyring Folder"), keyringFolder());
    if (!dir.isEmpty())
        setKeyringFolder(dir);
}

void IntentReviewPanel::askDecision(bool approve)
{
    bool ok = false;
    const QString comment = QInputDialog::getMultiLineText(
        this, approve ? tr("Approve") : tr("Reject"),
        approve ? tr("Comment (optional):") : tr("Why is this change rejected?"), QString(), &ok);
    if (ok)
        decide(approve, comment);
}

bool IntentReviewPanel::maybeExport()
{
    if (!m_unexported)
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Railyard"),
        tr("The %1 version of %2 exists only in this window: it was not exported and no project keeps it. "
           "Export it first?")
            .arg(stateName(m_state), QFileInfo(m_fileName).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return askExport();
    return answer == QMessageBox::Discard;
}

bool IntentReviewPanel::askExport()
{
    QString suggestion = QFileInfo(m_fileName).completeBaseName();
    suggestion.replace(QStringLiteral(".intent"), QString());
    suggestion
        += m_state == ReviewState::InReview ? QStringLiteral(".submitted.json") : QStringLiteral(".reviewed.json");
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Reviewed Intent"), QFileInfo(m_fileName).absolutePath() + QLatin1Char('/') + suggestion,
        tr("Reviewed intents (*.json);;All files (*)"));
    return !path.isEmpty() && exportReviewed(path);
}

} // namespace Railyard
