#include "views/recentfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace Railyard {

namespace {
constexpr int kMaxRecent = 10;
const char *kKey = "recentFiles";
} // namespace

RecentFiles::RecentFiles(QMenu *menu, QObject *parent)
    : QObject(parent)
    , m_menu(menu)
{
    connect(m_menu, &QMenu::aboutToShow, this, &RecentFiles::rebuild);
    rebuild();
}

QStringList RecentFiles::files() const
{
    return QSettings().value(kKey).toStringList();
}

void RecentFiles::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxRecent)
        list.removeLast();
    QSettings().setValue(kKey, list);
    rebuild();
}

void RecentFiles::clear()
{
    QSettings().remove(kKey);
    rebuild();
}

void RecentFiles::rebuild()
{
    QStringList list = files();
    QStringList existing;
    for (const QString &f : list)
        if (QFileInfo::exists(f))
            existing << f;
    if (existing != list)
        QSettings().setValue(kKey, existing);
    m_menu->clear();
    int i = 1;
    for (const QString &f : existing) {
        const QString label = QStringLiteral("&%1 %2").arg(i++ % 10).arg(QDir::toNativeSeparators(f));
        QAction *a = m_menu->addAction(label);
        connect(a, &QAction::triggered, this, [this, f] { emit openRequested(f); });
    }
    if (existing.isEmpty()) {
        m_menu->addAction(tr("No recent files"))->setEnabled(false);
    } else {
        m_menu->addSeparator();
        connect(m_menu->addAction(tr("Clear List")), &QAction::triggered, this, &RecentFiles::clear);
    }
}

} // namespace Railyard
