#pragma once

// The Versions tab of the Intents dock: the intent versions stored in the
// open `.railyard` project (IntentStore) with their number, hash, author,
// time, message and review state. "Show" puts one version (against its
// parent, when stored) or two selected versions in the dock; "Add Opened
// Version" stores the version opened from a file.

#include <QWidget>

#include <cstdint>
#include <vector>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace Railyard {

class IntentVersionsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit IntentVersionsPanel(QWidget *parent = nullptr);

    /// Lists the intent versions of a project file (empty: no project open).
    void setProjectPath(const QString &path);
    const QString &projectPath() const { return m_path; }
    /// Re-reads the list from the file.
    void refresh();
    /// Whether there is an opened version that is not in the project yet.
    void setCanAdd(bool can);
    /// The version ids listed, newest first.
    std::vector<std::int64_t> versionIds() const;
    QTreeWidget *list() const { return m_list; }

signals:
    /// Show these versions (one, or two to compare).
    void showRequested(const std::vector<std::int64_t> &ids);
    void addRequested();

private:
    std::vector<std::int64_t> selectedIds() const;
    void updateButtons();

    QString m_path;
    bool m_canAdd = false;
    QLabel *m_status = nullptr;
    QTreeWidget *m_list = nullptr;
    QPushButton *m_show = nullptr;
    QPushButton *m_add = nullptr;
};

} // namespace Railyard
