#include "views/docks/controlauditview.h"

#include <QCheckBox>
#include <QColor>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QTreeWidget>
#include <QHBoxLayout>
#include <QVBoxLayout>

namespace Railyard {

ControlAuditView::ControlAuditView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("ControlAudit"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("auditNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_rows = new QTreeWidget(this);
    m_rows->setObjectName(QStringLiteral("auditRows"));
    m_rows->setRootIsDecorated(false);
    m_rows->setUniformRowHeights(true);
    m_rows->setHeaderLabels({tr("#"), tr("Time (UTC)"), tr("Who"), tr("From"), tr("Request"), tr("Answer"),
                             tr("Detail")});
    // The request (a long path) gives way; the answer and the detail stay whole.
    m_rows->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_rows->header()->setSectionResizeMode(4, QHeaderView::Stretch);
    m_rows->header()->setStretchLastSection(false);
    m_rows->setTextElideMode(Qt::ElideMiddle);
    m_changes = new QCheckBox(tr("Changes and refusals only"), this);
    m_changes->setObjectName(QStringLiteral("auditChangesOnly"));
    m_changes->setToolTip(tr("Hide the reads (GET) that were answered: what is left changed something or was refused"));
    m_changes->setChecked(true);
    connect(m_changes, &QCheckBox::toggled, this, &ControlAuditView::filterChanged);
    auto *top = new QHBoxLayout;
    top->addWidget(m_note, 1);
    top->addWidget(m_changes);
    layout->addLayout(top);
    layout->addWidget(m_rows, 1);
    showProblem(tr("Connect with an admin token to read the service's audit log."));
}

void ControlAuditView::showRows(const QJsonArray &items)
{
    m_rows->clear();
    const QLocale locale;
    // Newest first: what just happened is what an operator looks for.
    for (qsizetype i = items.size() - 1; i >= 0; --i) {
        const QJsonObject e = items.at(i).toObject();
        auto *item = new QTreeWidgetItem(m_rows);
        const int count = e.value(QStringLiteral("count")).toInt(1);
        const int status = e.value(QStringLiteral("status")).toInt();
        const QString code = e.value(QStringLiteral("error_code")).toString();
        item->setText(0, QString::number(e.value(QStringLiteral("seq")).toInteger()));
        item->setText(1, e.value(QStringLiteral("time_utc")).toString().left(19).replace(QLatin1Char('T'), QLatin1Char(' ')));
        item->setText(2, tr("%1 (%2)").arg(e.value(QStringLiteral("principal")).toString(),
                                            e.value(QStringLiteral("role")).toString()));
        item->setText(3, e.value(QStringLiteral("remote")).toString());
        const QString request = e.value(QStringLiteral("method")).toString() + QLatin1Char(' ')
            + e.value(QStringLiteral("path")).toString();
        item->setText(4, request.left(200));
        item->setToolTip(4, request.left(600));
        item->setText(5, (code.isEmpty() ? QString::number(status) : tr("%1 %2").arg(status).arg(code))
                             + (count > 1 ? tr(" × %1").arg(locale.toString(count)) : QString()));
        if (status >= 400)
            item->setForeground(5, QColor(0xb0, 0x00, 0x20));
        item->setText(6, e.value(QStringLiteral("detail")).toString());
        item->setToolTip(6, item->text(6));
    }
    m_note->setText(items.isEmpty() ? tr("The audit log is empty.")
                                    : (changesOnly() ? tr("The newest %n change(s) and refusal(s) in the service's "
                                                          "audit log, newest first.",
                                                          nullptr, int(items.size()))
                                                     : tr("The newest %n row(s) of the service's audit log, newest "
                                                          "first.",
                                                          nullptr, int(items.size()))));
}

void ControlAuditView::showProblem(const QString &text)
{
    m_rows->clear();
    m_note->setText(text);
}

int ControlAuditView::rowCount() const
{
    return m_rows->topLevelItemCount();
}

QString ControlAuditView::rowText(int row) const
{
    const QTreeWidgetItem *item = m_rows->topLevelItem(row);
    if (!item)
        return {};
    QStringList cells;
    for (int c = 0; c < m_rows->columnCount(); ++c)
        cells << item->text(c);
    return cells.join(QStringLiteral(" | "));
}

bool ControlAuditView::changesOnly() const
{
    return m_changes->isChecked();
}

QString ControlAuditView::problemText() const
{
    return m_note->text();
}

} // namespace Railyard
