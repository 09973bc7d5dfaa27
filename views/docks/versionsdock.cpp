#include "views/docks/versionsdock.h"

#include "core/project/projectfile.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Railyard {

VersionsDock::VersionsDock(QWidget *parent)
    : QDockWidget(tr("Versions"), parent)
{
    setObjectName(QStringLiteral("VersionsDock"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    m_status = new QLabel(body);
    m_status->setWordWrap(true);
    m_list = new QTreeWidget(body);
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->setHeaderLabels({tr("#"), tr("Saved"), tr("Author"), tr("Message"), tr("Size")});
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(3, QHeaderView::Stretch);
    auto *buttons = new QHBoxLayout;
    m_open = new QPushButton(tr("&Open"), body);
    m_open->setToolTip(tr("Open this version in a new window"));
    m_restore = new QPushButton(tr("&Restore"), body);
    m_restore->setToolTip(tr("Make this version the current design (undoable)"));
    buttons->addWidget(m_open);
    buttons->addWidget(m_restore);
    buttons->addStretch();
    layout->addWidget(m_status);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);
    setWidget(body);

    auto updateButtons = [this] {
        const bool any = selectedId() > 0;
        m_open->setEnabled(any);
        m_restore->setEnabled(any);
    };
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, updateButtons);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, [this] {
        if (selectedId() > 0)
            emit openRequested(selectedId());
    });
    connect(m_open, &QPushButton::clicked, this, [this] { emit openRequested(selectedId()); });
    connect(m_restore, &QPushButton::clicked, this, [this] { emit restoreRequested(selectedId()); });
    updateButtons();
    setProjectPath(QString());
}

void VersionsDock::setProjectPath(const QString &path)
{
    m_path = path;
    refresh();
}

void VersionsDock::refresh()
{
    m_list->clear();
    if (m_path.isEmpty()) {
        m_status->setText(tr("Versions are kept in a Railyard project (.railyard). Save the design as a project, "
                             "then File ▸ Save Version…"));
        return;
    }
    ProjectError error;
    const auto versions = ProjectFile(m_path).versions(&error);
    if (!versions) {
        m_status->setText(error.toString());
        return;
    }
    m_status->setText(versions->empty()
                          ? tr("%1 has no versions yet: File ▸ Save Version…").arg(QFileInfo(m_path).fileName())
                          : tr("%n version(s) of %1", nullptr, static_cast<int>(versions->size()))
                                .arg(QFileInfo(m_path).fileName()));
    const QLocale locale;
    // Newest first: the one a reviewer most likely wants.
    for (auto it = versions->rbegin(); it != versions->rend(); ++it) {
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(0, QString::number(it->id));
        item->setData(0, Qt::UserRole, QVariant::fromValue<qlonglong>(it->id));
        item->setText(1, locale.toString(it->timeUtc.toLocalTime(), QLocale::ShortFormat));
        item->setText(2, it->author);
        item->setText(3, it->message.section(QLatin1Char('\n'), 0, 0));
        item->setToolTip(3, it->message);
        item->setText(4, tr("%1 hosts · %2 switches · %3 links")
                             .arg(locale.toString(it->hosts), locale.toString(it->switches),
                                  locale.toString(it->links)));
    }
}

std::vector<std::int64_t> VersionsDock::versionIds() const
{
    std::vector<std::int64_t> ids;
    for (int i = m_list->topLevelItemCount() - 1; i >= 0; --i)
        ids.push_back(m_list->topLevelItem(i)->data(0, Qt::UserRole).toLongLong());
    return ids;
}

std::int64_t VersionsDock::selectedId() const
{
    const auto items = m_list->selectedItems();
    return items.isEmpty() ? 0 : items.front()->data(0, Qt::UserRole).toLongLong();
}

} // namespace Railyard
