#include "views/docks/floordock.h"

#include "core/document/fabricdocument.h"
#include "core/floor/floorplan.h"
#include "views/appsettings.h"
#include "views/docks/dockcontent.h"
#include "views/docks/floorrunsmodel.h"
#include "views/docks/floorview.h"
#include "views/export/imageexporter.h"
#include "views/lastdirectory.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace Railyard {

namespace {

constexpr int longestListed = 200; ///< runs listed with nothing selected

} // namespace

FloorDock::FloorDock(QWidget *parent)
    : QDockWidget(tr("Floor"), parent)
    , m_catalog(BomCatalog::defaults())
{
    setObjectName(QStringLiteral("FloorDock"));
    // In a scroll area: tabbed beside the other docks, the floor must not
    // widen the dock area (the view and the table shrink, or scroll).
    QVBoxLayout *layout = scrollingDockContent(this, QMargins(6, 6, 6, 6));
    QWidget *body = layout->parentWidget();

    m_origin = new QLabel(body);
    m_origin->setWordWrap(true);
    layout->addWidget(m_origin);
    auto *top = new QHBoxLayout;
    top->addStretch(1);
    m_autoButton = new QPushButton(tr("Place &Automatically"), body);
    m_autoButton->setToolTip(tr("Places the racks anew: one scalable unit per row, the spine and core racks in the "
                                "middle row (docs/floor.md). One undo step; the budgets are kept."));
    top->addWidget(m_autoButton);
    auto *exportButton = new QPushButton(tr("E&xport Picture…"), body);
    top->addWidget(exportButton);

    auto *budgets = new QHBoxLayout;
    budgets->addWidget(new QLabel(tr("Budget a rack:"), body));
    m_rackBudget = new QDoubleSpinBox(body);
    m_rackBudget->setRange(0, 2000);
    m_rackBudget->setDecimals(1);
    m_rackBudget->setSuffix(tr(" kW"));
    m_rackBudget->setSpecialValueText(tr("none"));
    m_rackBudget->setObjectName(QStringLiteral("rackBudget"));
    budgets->addWidget(m_rackBudget);
    budgets->addWidget(new QLabel(tr("a row:"), body));
    m_rowBudget = new QDoubleSpinBox(body);
    m_rowBudget->setRange(0, 100000);
    m_rowBudget->setDecimals(0);
    m_rowBudget->setSuffix(tr(" kW"));
    m_rowBudget->setSpecialValueText(tr("none"));
    m_rowBudget->setObjectName(QStringLiteral("rowBudget"));
    budgets->addWidget(m_rowBudget);
    m_cooling = new QComboBox(body);
    m_cooling->addItem(tr("air-cooled"));
    m_cooling->addItem(tr("liquid-cooled"));
    budgets->addWidget(m_cooling);
    budgets->addStretch(1);
    layout->addLayout(budgets);
    layout->addLayout(top);

    // Halls are long: the view beside the figures when the dock is wide
    // (floated), above them when it is tabbed beside the other docks.
    auto *split = new QSplitter(Qt::Vertical, body);
    m_split = split;
    m_view = new FloorView(split);
    split->addWidget(m_view);
    auto *lower = new QWidget(split);
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    m_summary = new QLabel(lower);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    lowerLayout->addWidget(m_summary);
    m_runsTitle = new QLabel(lower);
    lowerLayout->addWidget(m_runsTitle);
    m_runs = new FloorRunsModel(this);
    m_sorted = new QSortFilterProxyModel(this);
    m_sorted->setSourceModel(m_runs);
    m_sorted->setSortRole(Qt::EditRole);
    m_table = new QTableView(lower);
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(FloorRunsModel::LengthColumn, Qt::DescendingOrder);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    lowerLayout->addWidget(m_table, 1);
    m_timing = new QLabel(lower);
    m_timing->setForegroundRole(QPalette::PlaceholderText);
    lowerLayout->addWidget(m_timing);
    split->addWidget(lower);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    connect(m_autoButton, &QPushButton::clicked, this, &FloorDock::placeAutomatically);
    connect(exportButton, &QPushButton::clicked, this, &FloorDock::exportWithDialog);
    connect(m_rackBudget, &QDoubleSpinBox::editingFinished, this, &FloorDock::applyBudgets);
    connect(m_rowBudget, &QDoubleSpinBox::editingFinished, this, &FloorDock::applyBudgets);
    connect(m_cooling, &QComboBox::activated, this, &FloorDock::applyBudgets);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible && m_stale)
            refreshNow();
    });
    connect(m_view, &FloorView::rackDropped, this, [this](const QString &rack, bool moved) {
        if (moved)
            m_timing->setText(tr("Moved %1; lengths, parts, cost and power recomputed in %2 ms")
                              .arg(rack.left(60))
                              .arg(m_lastMs, 0, 'f', 1));
    });
    updateSummary();
}

FloorDock::~FloorDock() = default;

void FloorDock::resizeEvent(QResizeEvent *event)
{
    QDockWidget::resizeEvent(event);
    const Qt::Orientation wanted = width() >= 900 ? Qt::Horizontal : Qt::Vertical;
    if (m_split->orientation() != wanted)
        m_split->setOrientation(wanted);
}

void FloorDock::setDocument(FabricDocument *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_view->setDocument(document);
    m_floor.reset();
    m_report.reset();
    m_nodeRacks.reset();
    QString error;
    m_catalog = AppSettings::catalog(&error); // the user's quotes and cable parts, if any
    if (m_document) {
        connect(m_document, &FabricDocument::floorChanged, this, &FloorDock::onDocumentChanged);
        connect(m_document, &FabricDocument::changed, this, [this](FabricDocument::Change change) {
            if (change == FabricDocument::Change::Structure) {
                m_nodeRacks.reset(); // racks came or went
                onDocumentChanged();
            } else if (change == FabricDocument::Change::Capacities) {
                onDocumentChanged(); // a link's rate picks its part
            }
        });
        connect(m_document, &FabricDocument::selectionChanged, this, &FloorDock::updateSelection);
    }
    m_stale = true;
    if (isVisible())
        refreshNow();
    else {
        m_view->setFloor(nullptr, nullptr, nullptr);
        m_runs->setRuns(Fabric(), nullptr, {});
        updateSummary();
    }
}

void FloorDock::onDocumentChanged()
{
    m_stale = true;
    if (isVisible())
        refreshNow();
}

void FloorDock::refreshNow()
{
    QElapsedTimer timer;
    timer.start();
    m_stale = false;
    if (!m_document) {
        m_floor.reset();
        m_report.reset();
        m_view->setFloor(nullptr, nullptr, nullptr);
        updateSummary();
        return;
    }
    const Fabric &fabric = m_document->fabric();
    m_floor = m_document->floorInUse();
    if (!m_nodeRacks)
        m_nodeRacks = std::make_shared<const std::vector<std::string>>(nodeRacks(fabric));
    m_report = std::make_shared<const FloorReport>(buildFloorReport(fabric, *m_floor, m_catalog, m_catalog.cableParts));
    m_view->setFloor(m_floor, m_report, m_nodeRacks);
    updateSelection();
    updateSummary();
    updateBudgetFields();
    m_lastMs = double(timer.nsecsElapsed()) / 1e6;
    m_timing->setText(tr("Lengths, parts, cost and power computed in %1 ms").arg(m_lastMs, 0, 'f', 1));
}

void FloorDock::updateSelection()
{
    if (!m_document || !m_report || !m_nodeRacks)
        return;
    const Fabric &fabric = m_document->fabric();
    // The selection can change before the structure change that resets the
    // racks arrives (an edit announces its selection first): wait for it.
    if (m_nodeRacks->size() != size_t(fabric.nodeCount()) || m_report->cables.runs.size() != size_t(fabric.linkCount()))
        return;
    std::set<std::string> racks;
    std::vector<std::int32_t> links;
    std::vector<char> seen(size_t(fabric.linkCount()), 0);
    auto addLink = [&](std::int32_t l) {
        if (l < 0 || seen[size_t(l)])
            return;
        seen[size_t(l)] = 1;
        links.push_back(l);
    };
    for (const std::string &id : m_document->selection()) {
        if (const NodeIndex n = fabric.findNode(id); n >= 0) {
            racks.insert((*m_nodeRacks)[size_t(n)]);
            for (const std::int32_t l : fabric.incidentLinks(n))
                addLink(l);
        } else if (const std::int32_t l = fabric.findLink(id); l >= 0) {
            addLink(l);
            racks.insert((*m_nodeRacks)[size_t(fabric.link(l).a)]);
            racks.insert((*m_nodeRacks)[size_t(fabric.link(l).b)]);
        }
    }
    m_view->setHighlight(std::vector<std::string>(racks.begin(), racks.end()), links);
    if (links.empty()) {
        // Nothing selected: the longest runs of the design.
        std::vector<std::int32_t> all(m_report->cables.runs.size());
        for (size_t i = 0; i < all.size(); ++i)
            all[i] = std::int32_t(i);
        const size_t n = std::min<size_t>(all.size(), longestListed);
        std::partial_sort(all.begin(), all.begin() + std::ptrdiff_t(n), all.end(), [&](std::int32_t a, std::int32_t b) {
            return m_report->cables.runs[size_t(a)].metres > m_report->cables.runs[size_t(b)].metres;
        });
        all.resize(n);
        m_runsTitle->setText(tr("The %n longest runs (select a rack or a device for its cables):", nullptr, int(n)));
        m_runs->setRuns(fabric, m_report, std::move(all));
    } else {
        const int count = int(links.size());
        m_runsTitle->setText(tr("%n cables of the selection:", nullptr, count));
        m_runs->setRuns(fabric, m_report, std::move(links));
    }
    m_table->resizeColumnsToContents();
}

QString FloorDock::summaryText() const
{
    return QTextDocumentFragment::fromHtml(m_origin->text() + QStringLiteral("<br>") + m_summary->text()).toPlainText();
}

void FloorDock::updateSummary()
{
    if (!m_report || !m_floor) {
        m_origin->setText(m_document ? tr("The floor is shown while this dock is open.") : tr("No design open."));
        m_summary->clear();
        m_runsTitle->clear();
        m_autoButton->setEnabled(false);
        return;
    }
    const QLocale locale;
    const FloorReport &r = *m_report;
    m_autoButton->setEnabled(true);
    m_origin->setText(m_floor->automatic
                          ? tr("<b>Placed automatically</b>: %n hall(s), a scalable unit a row (small units share "
                               "rows of up to 24 racks), spine and core racks in the middle. Moving a rack makes the "
                               "floor the design's own.",
                               nullptr, int(m_floor->halls.size()))
                          : tr("<b>The design's own floor</b>: %n rack(s) placed.", nullptr, int(m_floor->racks.size())));
    QStringList parts;
    for (const auto &[slug, count] : r.cables.partCounts)
        parts << tr("%1 × %2").arg(locale.toString(qlonglong(count)), QString::fromStdString(slug).toHtmlEscaped());
    int racksOver = 0, rowsOver = 0;
    for (const RackPower &p : r.rackPower)
        racksOver += p.over() ? 1 : 0;
    for (const RowPower &p : r.rowPower)
        rowsOver += p.over() ? 1 : 0;
    QString html = tr("<b>Cables</b>: %1 runs, the longest %2 m · %3 transceivers · cable cost %4 %5 · %6 kW at the "
                      "cable ends")
                       .arg(locale.toString(qlonglong(r.cables.runs.size())))
                       .arg(locale.toString(r.cables.longestM, 'f', 1))
                       .arg(locale.toString(qlonglong(r.cables.transceivers)))
                       .arg(locale.toString(r.cables.price, 'f', 0))
                       .arg(QString::fromStdString(m_catalog.cableParts.currency).toHtmlEscaped())
                       .arg(locale.toString(r.cables.watts / 1000.0, 'f', 1));
    html += QStringLiteral("<br>") + tr("<b>Parts</b>: %1").arg(parts.isEmpty() ? tr("none") : parts.join(QStringLiteral(" · ")));
    html += QStringLiteral("<br>")
        + tr("<b>Power</b>: %1 kW in %2 racks of %3 rows")
              .arg(locale.toString(r.totalKw, 'f', 1))
              .arg(locale.toString(r.racks))
              .arg(locale.toString(r.rows));
    if (racksOver || rowsOver)
        html += QStringLiteral(" · <span style=\"color:#d55e00\"><b>%1</b></span>")
                    .arg(tr("%n rack(s)", nullptr, racksOver) + tr(" and ") + tr("%n row(s)", nullptr, rowsOver)
                         + tr(" over budget"));
    if (!r.problems.empty())
        html += QStringLiteral("<br>")
            + tr("%n problem(s), listed in the Problems dock: %1", nullptr, int(r.problems.size()))
                  .arg(QString::fromStdString(r.problems.front()).left(160).toHtmlEscaped());
    m_summary->setText(html);
}

void FloorDock::updateBudgetFields()
{
    if (!m_floor || m_floor->halls.empty())
        return;
    const FloorHall &h = m_floor->halls.front();
    const QSignalBlocker b1(m_rackBudget), b2(m_rowBudget), b3(m_cooling);
    m_rackBudget->setValue(h.rackBudgetKw);
    m_rowBudget->setValue(h.rowBudgetKw);
    m_cooling->setCurrentIndex(h.cooling == Cooling::Liquid ? 1 : 0);
}

bool FloorDock::setBudgets(double rackKw, double rowKw, bool liquid)
{
    if (!m_document)
        return false;
    FloorPlan floor = *m_document->floorInUse();
    bool same = true;
    for (FloorHall &h : floor.halls) {
        same = same && h.rackBudgetKw == rackKw && h.rowBudgetKw == rowKw && (h.cooling == Cooling::Liquid) == liquid;
        h.rackBudgetKw = rackKw;
        h.rowBudgetKw = rowKw;
        h.cooling = liquid ? Cooling::Liquid : Cooling::Air;
    }
    if (same)
        return true;
    floor.automatic = false;
    return m_document->setFloor(std::make_shared<const FloorPlan>(std::move(floor)), tr("Set the floor's power budget"));
}

void FloorDock::applyBudgets()
{
    setBudgets(m_rackBudget->value(), m_rowBudget->value(), m_cooling->currentIndex() == 1);
}

void FloorDock::placeAutomatically()
{
    if (!m_document)
        return;
    FloorPlan placed = autoFloor(m_document->fabric());
    if (m_floor && !m_floor->halls.empty())
        for (FloorHall &h : placed.halls) {
            h.rackBudgetKw = m_floor->halls.front().rackBudgetKw;
            h.rowBudgetKw = m_floor->halls.front().rowBudgetKw;
            h.cooling = m_floor->halls.front().cooling;
        }
    m_document->setFloor(std::make_shared<const FloorPlan>(std::move(placed)), tr("Place the racks automatically"));
}

bool FloorDock::exportPicture(const QString &fileName, QString *error, const QSize &size) const
{
    if (!m_floor) {
        if (error)
            *error = tr("%1: %2").arg(QFileInfo(fileName).fileName(), tr("no floor to export"));
        return false;
    }
    return writePicture(fileName, size, 1.0, tr("Railyard floor"), tr("The data-hall floor exported from Railyard"),
                        [this](QPainter &painter, const QRectF &target) { m_view->paintFloor(painter, target); },
                        error);
}

void FloorDock::exportWithDialog()
{
    const QString fileName = QFileDialog::getSaveFileName(this, tr("Export the Floor"), lastDirectory(),
                                                          tr("PNG picture (*.png);;SVG drawing (*.svg);;PDF (*.pdf)"));
    if (fileName.isEmpty())
        return;
    rememberDirectoryOf(fileName);
    QString error;
    if (!exportPicture(fileName, &error))
        QMessageBox::warning(this, tr("Export the Floor"), error);
}

} // namespace Railyard
