#pragma once

// The Review tab of the Intents dock: the two-person review of the version
// shown (core/intents/intentreview.h). Submit signs it with the user's key
// (the author); Approve and Reject sign a decision over the content and the
// author's signature (a reviewer: the author's own key is refused); Verify
// checks the reviewed file against a keyring folder; Export writes it for the
// control plane (or for a reviewer elsewhere); Push applies an approved version
// to the network selected in the Control Plane dock. The key file and the keyring
// folder are chosen once and remembered in the settings ("intents/signingKey",
// "intents/keyring"), never copied into a project. In a `.railyard` project
// every submission and decision is recorded with IntentStore.

#include "core/intents/intentreview.h"

#include <QWidget>

#include <cstdint>
#include <optional>
#include <string>

class QLabel;
class QPushButton;

namespace Railyard {

class Fabric;
struct LoadedIntent;
class IntentEnforcementWidget;

class IntentReviewPanel : public QWidget
{
    Q_OBJECT
public:
    explicit IntentReviewPanel(QWidget *parent = nullptr);

    /// The version under review (nullptr: none; copied) and the project its
    /// reviews are recorded in (empty: none).
    void setSubject(const LoadedIntent *intent, const QString &projectPath);

    /// The fabric the subnet manager check runs on (nullptr: none); clears
    /// its verdict. Call it whenever the fabric or the subject changes.
    void setEnforcementSubject(const Fabric *fabric, const LoadedIntent *intent);
    /// The subnet manager's verdict, beside the signature status.
    IntentEnforcementWidget *enforcement() const { return m_enforcement; }

    /// The private key that signs (a NAME.key file; NAME is the signer's name).
    QString signingKeyFile() const;
    void setSigningKeyFile(const QString &path);
    /// The folder of trusted NAME.pub files Verify uses.
    QString keyringFolder() const;
    void setKeyringFolder(const QString &dir);

    /// The author submits the version: signs it with the key. False (and the
    /// reason shown) when it cannot.
    bool submit();
    /// A reviewer approves or rejects the submitted version with a comment
    /// (required to reject). Refused when the key is the author's.
    bool decide(bool approve, const QString &comment);
    /// Verifies the reviewed file against the keyring; true only when valid.
    bool verify();
    /// Writes the reviewed (or submitted) file.
    bool exportReviewed(const QString &path);

    ReviewState state() const { return m_state; }
    /// The reviewed-intent file's bytes; empty for a draft.
    const std::string &reviewedFile() const { return m_reviewed; }
    /// A submission or decision made here that was neither exported nor
    /// recorded in a project: closing or opening another file asks first.
    bool hasUnexportedDecision() const { return m_unexported; }
    /// Asks to export it (Export… / Discard / Cancel); true to go on.
    bool maybeExport();
    /// The last result or refusal shown.
    QString messageText() const;
    /// Whether the last action was refused or failed.
    bool lastActionFailed() const { return m_failed; }
    /// The last verification, when there was one for this file.
    const std::optional<VerifyResult> &lastVerification() const { return m_verification; }

signals:
    /// A submission or decision was made: the new reviewed file, recorded in
    /// the project under version `storedId` (0 without a project).
    void reviewed(const std::string &reviewedFile, std::int64_t storedId);
    /// Push was clicked on an approved version: the reviewed file's bytes,
    /// for the control plane (the main window hands them to the Control Plane dock).
    void pushRequested(const std::string &reviewedFile);
    /// Another keyring was chosen: what verifies may have changed.
    void keyringChanged();

private:
    /// The reviewed file verified against the chosen keyring; nullopt (and
    /// *error) when the keyring cannot be read.
    std::optional<VerifyResult> verifyWithKeyring(QString *error) const;
    void chooseKey();
    void chooseKeyring();
    void askDecision(bool approve);
    bool askExport();
    /// Re-reads the state from the reviewed bytes and updates labels and buttons.
    void updateState();
    /// Clears a failure message when what it was about (key, keyring) changes.
    void clearFailure();
    void showMessage(const QString &html, bool failed);
    /// Records a submission or decision in the project; false and the reason shown on failure.
    bool record(const ReviewedIntent &reviewed, std::int64_t *storedId);

    bool m_hasSubject = false;
    std::string m_text;
    QString m_fileName;
    std::string m_reviewed;
    bool m_unexported = false; ///< see hasUnexportedDecision()
    std::int64_t m_storedId = 0;
    QString m_project;
    ReviewState m_state = ReviewState::Draft;
    bool m_failed = false;
    std::optional<VerifyResult> m_verification;

    QLabel *m_stateLabel = nullptr;
    IntentEnforcementWidget *m_enforcement = nullptr;
    QLabel *m_keyLabel = nullptr;
    QLabel *m_keyringLabel = nullptr;
    QLabel *m_message = nullptr;
    QPushButton *m_submit = nullptr;
    QPushButton *m_approve = nullptr;
    QPushButton *m_reject = nullptr;
    QPushButton *m_verify = nullptr;
    QPushButton *m_export = nullptr;
    QPushButton *m_push = nullptr;
};

} // namespace Railyard
