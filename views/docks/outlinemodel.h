#pragma once

// Item model behind the outline dock: a read-only tree of a fabric's hosts,
// grouped by location (zone → pod → scalable unit → rack), and of its
// switches, grouped by tier (and plane when the fabric has several).
//
// The tree is a flat vector of nodes built once per fabric (O(H + S) with one
// hash lookup per location level), so a 131,072-GPU fabric (~21K elements)
// builds in tens of milliseconds. Element ids map to nodes through a hash.

#include <QAbstractItemModel>
#include <QIcon>
#include <QPointer>
#include <QString>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace Railyard {

class FabricDocument;

class OutlineModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, CountColumn, ColumnCount };
    enum class NodeKind : std::uint8_t { Root, HostGroup, SwitchGroup, Host, Switch };
    enum Role {
        ElementIdRole = Qt::UserRole + 1, ///< QString: host or switch id; empty for groups
        NodeKindRole,                     ///< int(NodeKind)
    };

    explicit OutlineModel(QObject *parent = nullptr);
    ~OutlineModel() override;

    /// Rebuilds the tree from the document's fabric (nullptr: empty model).
    /// The model keeps a guarded pointer; the caller rebuilds on Structure changes.
    void setDocument(FabricDocument *document);
    FabricDocument *document() const;

    /// Index (column 0) of the host or switch with this id; invalid if unknown.
    QModelIndex indexOfElement(const std::string &id) const;
    /// Element id of an index; empty for groups.
    QString elementId(const QModelIndex &index) const;
    bool isElement(const QModelIndex &index) const;
    /// Number of tree nodes (groups and elements), for diagnostics.
    int nodeCount() const { return static_cast<int>(m_nodes.size()); }

    /// Column-0 indexes of items (elements and groups) whose label contains
    /// `text` (case-insensitive), at most `limit`, in tree order. O(nodes).
    QModelIndexList matching(const QString &text, int limit) const;

    /// Repaints failure state (what-if) without rebuilding.
    void refreshFailures();

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    struct Node
    {
        QString text;
        std::vector<std::int32_t> children;
        std::int32_t parent = -1;
        std::int32_t row = 0;      ///< row within the parent
        std::int32_t element = -1; ///< host or switch index for element nodes
        long long count = 0;       ///< hosts or switches below a group; GPUs of a host
        long long gpus = 0;        ///< GPUs below a host group
        NodeKind kind = NodeKind::Root;
    };

    void build();
    std::int32_t addNode(std::int32_t parent, NodeKind kind, QString text);
    const Node &nodeOf(const QModelIndex &index) const;
    QModelIndex indexOfNode(std::int32_t node, int column = 0) const;

    QPointer<FabricDocument> m_document;
    std::vector<Node> m_nodes; ///< m_nodes[0] is the invisible root
    std::unordered_map<std::string, std::int32_t> m_elementNode;
    std::vector<int> m_switchPortsUsed; ///< incident links per switch
    QIcon m_groupIcon;
    QIcon m_hostIcon;
    QIcon m_switchIcon;
};

} // namespace Railyard
