#pragma once

#include <QDockWidget>
#include <QItemSelection>
#include <QPointer>
#include <QSet>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTimer;
class QTreeView;

namespace Railyard {

class FabricDocument;
class OutlineModel;

/// Outline of the fabric: zones → pods → scalable units → racks → hosts, and
/// switches by tier (and plane), searchable. Selecting an item sets the
/// document's selection; the document's selection selects and reveals items.
class OutlineDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit OutlineDock(QWidget *parent = nullptr);
    void setDocument(FabricDocument *document);
    /// Finds the first host, switch or link whose id contains text
    /// (case-insensitive), selects it and asks the canvas to focus it (what
    /// Enter in the search field does); false, and "no match" said, if none.
    bool find(const QString &text);
    /// What the search says about the last search ("" after a match).
    QString findStatus() const;

signals:
    /// An element was double-clicked or activated: the canvas focuses it.
    void elementActivated(const QString &id);

private:
    void rebuild();
    void applyFilter();
    void revealMatches();
    void onTreeSelectionChanged();
    void onDocumentSelectionChanged();
    void onActivated(const QModelIndex &proxyIndex);
    void onExpanded(const QModelIndex &proxyIndex);
    /// Ranges of document-selected rows under proxyParent, descending into expanded items only.
    QItemSelection visibleSelection(const QModelIndex &proxyParent) const;

    QPointer<FabricDocument> m_document;
    OutlineModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QLineEdit *m_search = nullptr;
    QLabel *m_findStatus = nullptr;
    QTreeView *m_tree = nullptr;
    QTimer *m_filterTimer = nullptr;
    bool m_syncing = false; ///< true while the tree follows the document (no echo back)
    /// Source nodes (internal ids) of the document's selection.
    QSet<quintptr> m_selectedNodes;
    /// The document's selection was too large to mirror at once: only rows
    /// under expanded items are selected, more as items expand.
    bool m_partialSelection = false;
};

} // namespace Railyard
