#include "views/dialogs/editdialog.h"

#include <QDialogButtonBox>
#include <QFontMetrics>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace Railyard {

EditDialog::EditDialog(const QString &title, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(title);
    auto *layout = new QVBoxLayout(this);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    layout->addLayout(m_form);
    m_reason = new QLabel(this);
    m_reason->setObjectName(QStringLiteral("EditDialogReason"));
    m_reason->setWordWrap(true);
    QPalette warning = m_reason->palette();
    warning.setColor(QPalette::WindowText, QColor(190, 40, 40));
    m_reason->setPalette(warning);
    layout->addWidget(m_reason);
    // Every problem of a refusal, scrollable; the form's fields keep their size.
    m_problems = new QListWidget(this);
    m_problems->setObjectName(QStringLiteral("EditDialogProblems"));
    m_problems->setWordWrap(true);
    m_problems->setFocusPolicy(Qt::NoFocus);
    m_problems->setSelectionMode(QAbstractItemView::NoSelection);
    m_problems->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    m_problems->hide();
    layout->addWidget(m_problems);
    // The dialog grows to show a refusal; it never squeezes the fields.
    layout->setSizeConstraint(QLayout::SetMinimumSize);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &EditDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &EditDialog::reject);
}

QString EditDialog::reason() const
{
    return m_reason->text();
}

QStringList EditDialog::refusalProblems() const
{
    QStringList problems;
    if (!m_problems->isHidden())
        for (int i = 0; i < m_problems->count(); ++i)
            problems << m_problems->item(i)->text();
    return problems;
}

void EditDialog::showRefusal(const QString &message)
{
    const QStringList lines = message.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    m_reason->setText(lines.value(0));
    m_reason->setVisible(true);
    m_problems->clear();
    for (qsizetype i = 1; i < lines.size(); ++i)
        m_problems->addItem(lines[i]);
    const bool several = lines.size() > 1;
    if (several) {
        // Wide enough to read a problem on a line or two, and as high as the
        // first six problems wrapped at that width; more scroll.
        if (width() < 480)
            resize(480, height());
        const QMargins margins = layout()->contentsMargins();
        const int textWidth = std::max(200, width() - margins.left() - margins.right()
                                                - 2 * m_problems->frameWidth() - 24);
        const QFontMetrics fm(m_problems->font());
        int height = 0;
        for (qsizetype i = 1; i < lines.size() && i <= 6; ++i)
            height += fm.boundingRect(QRect(0, 0, textWidth, 100000), Qt::TextWordWrap, lines[i]).height() + 4;
        m_problems->setFixedHeight(height + 2 * m_problems->frameWidth() + 2);
    }
    m_problems->setVisible(several);
    // Grow to the message; the fields keep their size.
    const int keepWidth = width();
    adjustSize();
    if (several && width() < keepWidth)
        resize(keepWidth, height());
}

bool EditDialog::canAccept() const
{
    return m_buttons->button(QDialogButtonBox::Ok)->isEnabled();
}

QString EditDialog::nextFreeId(const Fabric &fabric, const QString &prefix, int minWidth)
{
    const std::string p = prefix.toStdString();
    long long highest = 0;
    int width = 0;
    auto scan = [&](const std::string &id) {
        if (id.size() <= p.size() || id.compare(0, p.size(), p) != 0)
            return;
        long long n = 0;
        for (size_t i = p.size(); i < id.size(); ++i) {
            if (id[i] < '0' || id[i] > '9' || n > 1'000'000'000'000LL)
                return;
            n = n * 10 + (id[i] - '0');
        }
        highest = std::max(highest, n);
        width = std::max(width, static_cast<int>(id.size() - p.size()));
    };
    for (const Host &h : fabric.hosts())
        scan(h.id);
    for (const Switch &s : fabric.switches())
        scan(s.id);
    for (const Link &l : fabric.links())
        scan(l.id);
    if (width == 0)
        width = minWidth;
    for (long long n = highest + 1;; ++n) {
        const QString id = prefix + QStringLiteral("%1").arg(n, width, 10, QLatin1Char('0'));
        if (!fabric.containsId(id.toStdString()))
            return id;
    }
}

QString EditDialog::idPrefix(const QString &id)
{
    qsizetype end = id.size();
    while (end > 0 && id.at(end - 1).isDigit())
        --end;
    return id.left(end);
}

QString EditDialog::idProblem(const Fabric &fabric, const QString &id, const QString &self)
{
    const QString trimmed = id.trimmed();
    if (trimmed.isEmpty())
        return tr("Enter an id.");
    if (trimmed != id)
        return tr("An id cannot begin or end with spaces.");
    if (id != self && fabric.containsId(id.toStdString()))
        return tr("%1 is already used by another element.").arg(id);
    return {};
}

void EditDialog::revalidate()
{
    const QString why = problem();
    m_reason->setText(why);
    m_reason->setVisible(!why.isEmpty());
    m_problems->clear();
    m_problems->hide();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
}

void EditDialog::accept()
{
    revalidate();
    if (!canAccept())
        return;
    if (m_applier) {
        QString error;
        if (!m_applier(&error)) {
            // Refused by the document: say why and let the user correct it.
            showRefusal(error);
            return;
        }
    }
    QDialog::accept();
}

} // namespace Railyard
