#include "views/docks/intentversionspanel.h"

#include "core/intents/intentstore.h"

#include <QDateTime>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Railyard {

namespace {

QString stateText(ReviewState state)
{
    switch (state) {
    case ReviewState::Draft: return IntentVersionsPanel::tr("draft");
    case ReviewState::InReview: return IntentVersionsPanel::tr("in review");
    case ReviewState::Approved: return IntentVersionsPanel::tr("approved");
    case ReviewState::Rejected: return IntentVersionsPanel::tr("rejected");
    }
    return {};
}

/// ISO 8601 UTC as a local short date and time; the text itself when it does not parse.
QString localTime(const std::string &utc)
{
    const QString text = QString::fromStdString(utc);
    const QDateTime time = QDateTime::fromString(text, Qt::ISODate);
    return time.isValid() ? QLocale().toString(time.toLocalTime(), QLocale::ShortFormat) : text;
}

} // namespace

IntentVersionsPanel::IntentVersionsPanel(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("IntentVersions"));
    auto *layout = new QVBoxLayout(this);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("IntentVersionList"));
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setHeaderLabels(
        {tr("Version"), tr("Cluster"), tr("SHA-256"), tr("Author"), tr("Created"), tr("State"), tr("Message")});
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(true);
    auto *buttons = new QHBoxLayout;
    m_show = new QPushButton(tr("Show"), this);
    m_show->setObjectName(QStringLiteral("showVersionsButton"));
    m_show->setToolTip(tr("Show the selected version against its parent, or compare two selected versions"));
    m_add = new QPushButton(tr("Add Opened Version"), this);
    m_add->setObjectName(QStringLiteral("addVersionButton"));
    m_add->setToolTip(tr("Store the version opened from a file in the project"));
    buttons->addWidget(m_show);
    buttons->addWidget(m_add);
    buttons->addStretch(1);
    layout->addWidget(m_status);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);

    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &IntentVersionsPanel::updateButtons);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, [this] { emit showRequested(selectedIds()); });
    connect(m_show, &QPushButton::clicked, this, [this] { emit showRequested(selectedIds()); });
    connect(m_add, &QPushButton::clicked, this, &IntentVersionsPanel::addRequested);
    refresh();
}

void IntentVersionsPanel::setProjectPath(const QString &path)
{
    m_path = path;
    refresh();
}

void IntentVersionsPanel::setCanAdd(bool can)
{
    m_canAdd = can;
    updateButtons();
}

void IntentVersionsPanel::refresh()
{
    m_list->clear();
    if (m_path.isEmpty() || !QFileInfo::exists(m_path)) {
        m_status->setText(tr("Intent versions and their reviews are kept in a Railyard project (.railyard): save "
                             "the design as a project to keep them."));
        updateButtons();
        return;
    }
    ProjectError error;
    const auto versions = IntentStore(m_path).versions(&error);
    if (!versions) {
        m_status->setText(error.toString());
        updateButtons();
        return;
    }
    m_status->setText(versions->empty()
                          ? tr("%1 holds no intent versions yet: open one and Add Opened Version, or Submit it.")
                                .arg(QFileInfo(m_path).fileName())
                          : tr("%n intent version(s) in %1", nullptr, static_cast<int>(versions->size()))
                                .arg(QFileInfo(m_path).fileName()));
    for (auto it = versions->rbegin(); it != versions->rend(); ++it) {
        auto *item = new QTreeWidgetItem(m_list);
        item->setData(0, Qt::UserRole, QVariant::fromValue<qlonglong>(it->id));
        item->setText(0, QString::number(it->version));
        item->setText(1, QString::fromStdString(it->cluster));
        item->setText(2, QString::fromStdString(it->sha256.substr(0, 12)));
        item->setToolTip(2, QString::fromStdString(it->sha256));
        item->setText(3, QString::fromStdString(it->author));
        item->setText(4, localTime(it->createdUtc.empty() ? it->addedUtc : it->createdUtc));
        item->setText(5, stateText(it->state));
        item->setText(6, QString::fromStdString(it->message).section(QLatin1Char('\n'), 0, 0));
        item->setToolTip(6, QString::fromStdString(it->message));
    }
    updateButtons();
}

std::vector<std::int64_t> IntentVersionsPanel::versionIds() const
{
    std::vector<std::int64_t> ids;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        ids.push_back(m_list->topLevelItem(i)->data(0, Qt::UserRole).toLongLong());
    return ids;
}

std::vector<std::int64_t> IntentVersionsPanel::selectedIds() const
{
    std::vector<std::int64_t> ids;
    for (const QTreeWidgetItem *item : m_list->selectedItems())
        ids.push_back(item->data(0, Qt::UserRole).toLongLong());
    return ids;
}

void IntentVersionsPanel::updateButtons()
{
    const size_t selected = selectedIds().size();
    m_show->setEnabled(selected == 1 || selected == 2);
    m_show->setText(selected == 2 ? tr("Compare") : tr("Show"));
    m_add->setEnabled(m_canAdd && !m_path.isEmpty() && QFileInfo::exists(m_path));
}

} // namespace Railyard
