#pragma once

// The Control Plane dock's Audit tab: the service's audit log (GET
// /v1/audit?newest=true, admin tokens), newest first — who asked what, from
// where, what the service answered with a refusal's error code, and the
// detail (the intent version a push carried, a forced push's reason). A
// token that may not read the log sees why instead of an empty table.

#include <QJsonArray>
#include <QWidget>

class QCheckBox;
class QLabel;
class QTreeWidget;

namespace Railyard {

class ControlAuditView : public QWidget
{
    Q_OBJECT
public:
    explicit ControlAuditView(QWidget *parent = nullptr);

    /// The rows of an audit page (the API's AuditEntry objects, oldest first).
    void showRows(const QJsonArray &items);
    /// Why the log is not shown ("403 forbidden: …"); clears the rows.
    void showProblem(const QString &text);
    int rowCount() const;
    /// Row `row` (0: the newest) as shown, columns joined by " | ".
    QString rowText(int row) const;
    QString problemText() const;
    /// Only calls that change state and refusals (the default): a desktop's
    /// polling GETs fill the log otherwise.
    bool changesOnly() const;

signals:
    /// The filter changed: read the log again.
    void filterChanged();

private:
    QCheckBox *m_changes = nullptr;
    QTreeWidget *m_rows = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace Railyard
