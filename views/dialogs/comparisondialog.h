#pragma once

#include "core/compare/fabricdiff.h"

#include <QDialog>

#include <map>
#include <QPointer>

class QLabel;
class QTableWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace Railyard {

class FabricDocument;

/// The result of Inventory ▸ Compare With… or Verify Cabling Against…: the
/// changes as a list (click one to select it on the canvas) and, for a
/// comparison, the two analyses side by side. The canvas draws the same
/// result in colour while the dialog is open (MainWindow installs it).
class ComparisonDialog : public QDialog
{
    Q_OBJECT
public:
    ComparisonDialog(FabricDocument *document, QWidget *parent = nullptr);
    /// Shows a comparison: the chosen file is the baseline, the document the current side.
    void showDiff(const FabricDiff &diff);
    /// Shows an as-built check: the document is the design.
    void showCabling(const CablingReport &report);

    QTreeWidget *changeList() const { return m_list; }
    QTableWidget *summaryTable() const { return m_table; }
    QString headingText() const;
    /// The as-built check's counts by kind ("missing", "extra", "swapped", "miswired", "wrong speed").
    const std::map<QString, int> &tally() const { return m_tally; }

private:
    void select(QTreeWidgetItem *item);
    QTreeWidgetItem *group(const QString &title, int count);

    QPointer<FabricDocument> m_document;
    QLabel *m_heading = nullptr;
    QTableWidget *m_table = nullptr;
    QTreeWidget *m_list = nullptr;
    std::map<QString, int> m_tally;
};

} // namespace Railyard
