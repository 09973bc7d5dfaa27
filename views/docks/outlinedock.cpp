#include "views/docks/outlinedock.h"

#include "core/document/fabricdocument.h"
#include "views/docks/outlinemodel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <cctype>
#include <functional>

namespace Railyard {

namespace {

/// Items whose ancestors the search expands; more matches stay collapsed
/// (expanding thousands of rows would stall typing on a 16K-host fabric).
constexpr int RevealLimit = 200;
/// Above this many tree nodes, filtering waits for a pause in typing.
constexpr int ImmediateFilterNodes = 5000;
/// Document selections needing more ranges than this are mirrored lazily
/// (see onDocumentSelectionChanged).
constexpr int MaxSelectionRanges = 256;

} // namespace

OutlineDock::OutlineDock(QWidget *parent)
    : QDockWidget(tr("Outline"), parent)
{
    setObjectName(QStringLiteral("OutlineDock"));

    m_model = new OutlineModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(OutlineModel::NameColumn);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setRecursiveFilteringEnabled(true); // keep the groups above a match
    m_proxy->setAutoAcceptChildRows(true);       // "su-003" shows the whole scalable unit

    auto *content = new QWidget(this);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);

    m_search = new QLineEdit(content);
    m_search->setObjectName(QStringLiteral("OutlineSearch"));
    m_search->setPlaceholderText(tr("Find element…"));
    m_search->setClearButtonEnabled(true);
    m_search->setToolTip(tr("Filter the outline by element id (case-insensitive)"));
    layout->addWidget(m_search);
    m_findStatus = new QLabel(content);
    m_findStatus->setObjectName(QStringLiteral("OutlineFindStatus"));
    m_findStatus->setWordWrap(true);
    m_findStatus->setVisible(false);
    layout->addWidget(m_findStatus);

    m_tree = new QTreeView(content);
    m_tree->setObjectName(QStringLiteral("OutlineTree"));
    m_tree->setModel(m_proxy);
    m_tree->setUniformRowHeights(true); // lets the view skip measuring 25K rows
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->setAllColumnsShowFocus(true);
    m_tree->setIndentation(12); // zone / pod / SU / rack / host: keep the names readable in a narrow dock
    m_tree->setTextElideMode(Qt::ElideMiddle); // "zone-0…su-005" keeps both ends
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(OutlineModel::NameColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(OutlineModel::CountColumn, QHeaderView::ResizeToContents);
    layout->addWidget(m_tree, 1);
    setWidget(content);
    setFocusProxy(m_search); // the main window's Ctrl+F focuses the dock

    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    connect(m_filterTimer, &QTimer::timeout, this, &OutlineDock::applyFilter);
    connect(m_search, &QLineEdit::textChanged, this,
            [this] { m_filterTimer->start(m_model->nodeCount() > ImmediateFilterNodes ? 200 : 0); });
    connect(m_search, &QLineEdit::returnPressed, this, [this] { find(m_search->text()); });
    connect(m_tree->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &OutlineDock::onTreeSelectionChanged);
    connect(m_tree, &QTreeView::activated, this, &OutlineDock::onActivated);
    connect(m_tree, &QTreeView::expanded, this, &OutlineDock::onExpanded);
}

void OutlineDock::setDocument(FabricDocument *document)
{
    if (document == m_document)
        return;
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) {
        connect(m_document, &FabricDocument::selectionChanged, this, &OutlineDock::onDocumentSelectionChanged);
        connect(m_document, &FabricDocument::changed, this, [this](FabricDocument::Change change) {
            if (change == FabricDocument::Change::Structure)
                rebuild();
            else if (change == FabricDocument::Change::Failures)
                m_model->refreshFailures();
        });
        connect(m_document, &QObject::destroyed, this, [this] {
            m_document = nullptr; // already cleared by QPointer; rebuild the empty tree
            rebuild();
        });
    }
    rebuild();
}

void OutlineDock::rebuild()
{
    m_syncing = true;
    m_model->setDocument(m_document);
    m_syncing = false;
    for (int row = 0; row < m_proxy->rowCount(); ++row)
        m_tree->expand(m_proxy->index(row, 0));
    if (!m_search->text().isEmpty())
        revealMatches();
    onDocumentSelectionChanged();
}

void OutlineDock::applyFilter()
{
    const QString text = m_search->text().trimmed();
    m_syncing = true; // rows leaving the filter must not clear the document's selection
    m_proxy->setFilterFixedString(text);
    m_syncing = false;
    if (text.isEmpty()) {
        m_tree->collapseAll();
        for (int row = 0; row < m_proxy->rowCount(); ++row)
            m_tree->expand(m_proxy->index(row, 0));
    } else {
        revealMatches();
    }
    onDocumentSelectionChanged();
}

bool OutlineDock::find(const QString &rawText)
{
    const QString text = rawText.trimmed();
    if (m_search->text() != rawText)
        m_search->setText(rawText);
    m_filterTimer->stop();
    applyFilter();
    m_findStatus->setVisible(false);
    m_findStatus->clear();
    if (text.isEmpty() || !m_document)
        return false;
    // A host or switch: select its row (the document follows) and focus it.
    const QModelIndexList matches = m_model->matching(text, 1);
    if (!matches.isEmpty()) {
        const QModelIndex first = m_proxy->mapFromSource(matches.front());
        m_tree->selectionModel()->setCurrentIndex(first, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_tree->scrollTo(first);
        emit elementActivated(m_model->elementId(matches.front()));
        return true;
    }
    // A link (the outline lists no links): an exact id first, else the first
    // whose id contains the text.
    const Fabric &f = m_document->fabric();
    std::int32_t found = f.findLink(text.toStdString());
    const QByteArray needle = text.toLower().toUtf8();
    for (std::int32_t l = 0; found < 0 && l < f.linkCount(); ++l) {
        const std::string &id = f.link(l).id;
        const auto it = std::search(id.begin(), id.end(), needle.begin(), needle.end(),
                                    [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
        if (it != id.end())
            found = l;
    }
    if (found >= 0) {
        const QString id = QString::fromStdString(f.link(found).id);
        m_document->setSelection({f.link(found).id});
        emit elementActivated(id);
        m_findStatus->setText(tr("Link %1").arg(id));
        m_findStatus->setVisible(true);
        return true;
    }
    m_findStatus->setText(tr("No host, switch or link matches “%1”.").arg(text));
    m_findStatus->setVisible(true);
    return false;
}

QString OutlineDock::findStatus() const
{
    return m_findStatus->text();
}

void OutlineDock::revealMatches()
{
    const QString text = m_search->text().trimmed();
    if (text.isEmpty())
        return;
    QSet<quintptr> expanded;
    QModelIndex first;
    for (const QModelIndex &match : m_model->matching(text, RevealLimit)) {
        const QModelIndex proxyMatch = m_proxy->mapFromSource(match);
        if (!proxyMatch.isValid())
            continue;
        if (!first.isValid())
            first = proxyMatch;
        // Expand top-down so each parent is laid out once.
        QModelIndexList chain;
        for (QModelIndex p = match.parent(); p.isValid() && !expanded.contains(p.internalId()); p = p.parent()) {
            expanded.insert(p.internalId());
            chain.prepend(p);
        }
        for (const QModelIndex &p : std::as_const(chain))
            m_tree->expand(m_proxy->mapFromSource(p));
    }
    if (first.isValid())
        m_tree->scrollTo(first);
}

void OutlineDock::onTreeSelectionChanged()
{
    if (m_syncing || !m_document)
        return;
    std::vector<std::string> ids;
    const QModelIndexList rows = m_tree->selectionModel()->selectedRows(OutlineModel::NameColumn);
    ids.reserve(static_cast<size_t>(rows.size()));
    for (const QModelIndex &row : rows) {
        const QModelIndex source = m_proxy->mapToSource(row);
        if (m_model->isElement(source)) // groups select nothing; they only expand
            ids.push_back(m_model->elementId(source).toStdString());
    }
    m_syncing = true;
    m_document->setSelection(std::move(ids));
    m_syncing = false;
}

void OutlineDock::onDocumentSelectionChanged()
{
    if (m_syncing)
        return;
    m_selectedNodes.clear();
    QItemSelection selection;
    QModelIndex first;
    if (m_document) {
        // Merge consecutive rows under one parent into one range: selecting a
        // whole tier from the canvas stays a handful of ranges.
        QModelIndex rangeStart, rangeEnd;
        const int lastColumn = OutlineModel::ColumnCount - 1;
        auto flush = [&] {
            if (rangeStart.isValid())
                selection.append(QItemSelectionRange(rangeStart, rangeEnd.siblingAtColumn(lastColumn)));
        };
        for (const std::string &id : m_document->selection()) {
            const QModelIndex source = m_model->indexOfElement(id);
            if (!source.isValid())
                continue; // a link: not in the outline
            m_selectedNodes.insert(source.internalId());
            const QModelIndex index = m_proxy->mapFromSource(source);
            if (!index.isValid())
                continue; // filtered out
            if (!first.isValid())
                first = index;
            if (rangeEnd.isValid() && index.row() == rangeEnd.row() + 1 && index.parent() == rangeEnd.parent()) {
                rangeEnd = index;
                continue;
            }
            flush();
            rangeStart = rangeEnd = index;
        }
        flush();
    }
    m_syncing = true;
    if (first.isValid())
        m_tree->scrollTo(first); // expands its parents before the visible rows are collected
    // QItemSelectionModel::select() grows quadratically with the number of
    // ranges (4,096 racks of selected hosts take over a second), so a large
    // selection is mirrored only where the user can see it.
    m_partialSelection = selection.size() > MaxSelectionRanges;
    if (m_partialSelection)
        selection = visibleSelection({});
    QItemSelectionModel *model = m_tree->selectionModel();
    model->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (first.isValid())
        model->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
    m_syncing = false;
}

QItemSelection OutlineDock::visibleSelection(const QModelIndex &proxyParent) const
{
    QItemSelection selection;
    const int lastColumn = OutlineModel::ColumnCount - 1;
    std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
        const int rows = m_proxy->rowCount(parent);
        int runStart = -1;
        for (int row = 0; row <= rows; ++row) {
            const QModelIndex index = row < rows ? m_proxy->index(row, 0, parent) : QModelIndex();
            const bool selected = index.isValid() && m_selectedNodes.contains(m_proxy->mapToSource(index).internalId());
            if (selected && runStart < 0)
                runStart = row;
            if (!selected && runStart >= 0) {
                selection.append(QItemSelectionRange(m_proxy->index(runStart, 0, parent),
                                                     m_proxy->index(row - 1, lastColumn, parent)));
                runStart = -1;
            }
            if (index.isValid() && m_tree->isExpanded(index))
                walk(index);
        }
    };
    walk(proxyParent);
    return selection;
}

void OutlineDock::onExpanded(const QModelIndex &proxyIndex)
{
    if (m_syncing || !m_partialSelection)
        return;
    const QItemSelection selection = visibleSelection(proxyIndex);
    if (selection.isEmpty())
        return;
    m_syncing = true;
    m_tree->selectionModel()->select(selection, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    m_syncing = false;
}

void OutlineDock::onActivated(const QModelIndex &proxyIndex)
{
    const QModelIndex source = m_proxy->mapToSource(proxyIndex);
    if (m_model->isElement(source))
        emit elementActivated(m_model->elementId(source));
}

} // namespace Railyard
