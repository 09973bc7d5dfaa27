#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace Railyard {

/// The File ▸ Open Recent list: up to 10 paths kept in QSettings
/// ("recentFiles"); files that no longer exist are dropped when the menu is
/// shown.
class RecentFiles : public QObject
{
    Q_OBJECT
public:
    explicit RecentFiles(QMenu *menu, QObject *parent = nullptr);
    QStringList files() const;
    void add(const QString &path);
    void clear();

signals:
    void openRequested(const QString &path);

private:
    void rebuild();
    QMenu *m_menu;
};

} // namespace Railyard
