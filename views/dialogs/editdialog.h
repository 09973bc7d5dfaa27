#pragma once

#include "core/model/fabric.h"

#include <QDialog>

#include <functional>

class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QListWidget;

namespace Railyard {

/// Base of the small edit dialogs (add host, switch, rack; connect; re-cable):
/// a form of fields, a line saying why OK is disabled while the input is
/// invalid, and OK / Cancel. OK runs the applier set with setApplier(); when
/// the document refuses the edit the dialog stays open and shows its reason.
class EditDialog : public QDialog
{
    Q_OBJECT
public:
    /// An empty form titled title; subclasses add their rows to form().
    explicit EditDialog(const QString &title, QWidget *parent = nullptr);

    /// Called on OK: applies the edit, returns false with *error set when the
    /// document refused it. Without an applier OK just accepts.
    void setApplier(std::function<bool(QString *error)> applier) { m_applier = std::move(applier); }
    /// Why OK is disabled, or why the document refused the edit: its first
    /// line (empty when the input can be applied).
    QString reason() const;
    /// Every problem of the last refusal, one per entry (empty when it had one).
    QStringList refusalProblems() const;
    /// True when OK is enabled.
    bool canAccept() const;

    /// The next free id "<prefix><n>" after the highest n in use with this
    /// prefix, zero-padded like the ids in use (else to minWidth digits):
    /// "leaf-0003" after "leaf-0002", "leaf-3" after "leaf-2". O(elements).
    static QString nextFreeId(const Fabric &fabric, const QString &prefix, int minWidth = 4);
    /// An id without its trailing digits ("lab-r1-h2" -> "lab-r1-h").
    static QString idPrefix(const QString &id);
    /// Why id cannot name a new element (empty, or already used), or an
    /// empty string when it can. `self` is the element being renamed, if any.
    static QString idProblem(const Fabric &fabric, const QString &id, const QString &self = QString());

public slots:
    void accept() override;

protected:
    QFormLayout *form() const { return m_form; }
    /// Why the current input cannot be applied, or empty when it can. Checked
    /// live by revalidate(); subclasses check only what they can check cheaply.
    virtual QString problem() const = 0;
    /// Re-checks problem() and enables OK; connect each field's change signal to it
    /// and call it once at the end of the subclass constructor.
    void revalidate();

private:
    QFormLayout *m_form = nullptr;
    /// Shows a refusal: its heading in the reason line, each problem in the list.
    void showRefusal(const QString &message);

    QLabel *m_reason = nullptr;
    QListWidget *m_problems = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    std::function<bool(QString *error)> m_applier;
};

} // namespace Railyard
