#pragma once

// The named versions of the open `.railyard` project (File ▸ Save Version…):
// when, who, the message and the size of each. Open shows a version in a new
// window; Restore makes it the document's fabric as one undoable step.

#include <QDockWidget>

#include <cstdint>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace Railyard {

class VersionsDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit VersionsDock(QWidget *parent = nullptr);

    /// Lists the versions of a project file (empty path: no project open).
    void setProjectPath(const QString &path);
    /// Re-reads the list from the file.
    void refresh();
    /// The version ids listed, oldest first.
    std::vector<std::int64_t> versionIds() const;
    QTreeWidget *list() const { return m_list; }

signals:
    void openRequested(std::int64_t versionId);
    void restoreRequested(std::int64_t versionId);

private:
    std::int64_t selectedId() const;

    QString m_path;
    QTreeWidget *m_list = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_open = nullptr;
    QPushButton *m_restore = nullptr;
};

} // namespace Railyard
