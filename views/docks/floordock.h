#pragma once

// The Floor dock (docs/floor.md, "The floor view"): the design on the data
// hall. A thin shell over core/bom's buildFloorReport:
//
//  * the FloorView: racks to scale, coloured by power against the budget,
//    the selected devices' cables along their tray routes, racks dragged as
//    undoable edits;
//  * the totals that a drag changes: cable runs and the longest, parts,
//    transceivers, cable cost and power, racks and rows over budget;
//  * the hall's budgets (kW a rack and a row, air or liquid), set as edits;
//  * the runs of the selected devices (or the longest), with their part,
//    stock length, price and route (FloorRunsModel);
//  * Place Automatically, and Export Picture (PNG, SVG, PDF).
//
// The floor is the document's (FabricDocument::floorInUse); the dock
// recomputes its report on every change of the floor or the structure while
// it is shown, and once when shown again after changes.

#include "core/bom/bom.h"
#include "core/bom/floorreport.h"

#include <QDockWidget>
#include <QPointer>

#include <memory>
#include <string>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace Railyard {

class FabricDocument;
class FloorRunsModel;
class FloorView;

class FloorDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit FloorDock(QWidget *parent = nullptr);
    ~FloorDock() override;

    void setDocument(FabricDocument *document);

    FloorView *view() const { return m_view; }
    FloorRunsModel *runsModel() const { return m_runs; }
    /// The report shown (nullptr before any).
    const FloorReport *report() const { return m_report.get(); }
    /// Recomputes the report now, shown or not (the dock does it itself on
    /// changes while shown).
    void refreshNow();
    /// How long the last recomputation took (report, selection, repaint
    /// scheduled), in milliseconds.
    double lastUpdateMs() const { return m_lastMs; }
    /// The totals as shown, in plain text.
    QString summaryText() const;
    /// Writes the floor view as a picture (PNG, SVG or PDF, by suffix).
    bool exportPicture(const QString &fileName, QString *error, const QSize &size = QSize(1600, 1000)) const;
    /// Sets every hall's budgets (an undoable edit of the floor).
    bool setBudgets(double rackKw, double rowKw, bool liquid);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void onDocumentChanged();
    void updateSelection();
    void updateSummary();
    void updateBudgetFields();
    void applyBudgets();
    void placeAutomatically();
    void exportWithDialog();

    QPointer<FabricDocument> m_document;
    BomCatalog m_catalog;
    std::shared_ptr<const FloorPlan> m_floor;
    std::shared_ptr<const FloorReport> m_report;
    std::shared_ptr<const std::vector<std::string>> m_nodeRacks;
    bool m_stale = true;
    double m_lastMs = 0;

    FloorView *m_view = nullptr;
    QSplitter *m_split = nullptr;
    QLabel *m_origin = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_timing = nullptr;
    QLabel *m_runsTitle = nullptr;
    QDoubleSpinBox *m_rackBudget = nullptr;
    QDoubleSpinBox *m_rowBudget = nullptr;
    QComboBox *m_cooling = nullptr;
    QPushButton *m_autoButton = nullptr;
    FloorRunsModel *m_runs = nullptr;
    QSortFilterProxyModel *m_sorted = nullptr;
    QTableView *m_table = nullptr;
};

} // namespace Railyard
