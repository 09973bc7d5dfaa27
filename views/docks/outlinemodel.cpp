#include "views/docks/outlinemodel.h"

#include "core/document/fabricdocument.h"
#include "views/canvas/colours.h"

#include <QApplication>
#include <QLocale>
#include <QStyle>

#include <array>
#include <map>
#include <set>

namespace Railyard {

namespace {

QString tierGroupName(Tier tier)
{
    switch (tier) {
    case Tier::Leaf: return OutlineModel::tr("Leaf");
    case Tier::Spine: return OutlineModel::tr("Spine");
    case Tier::Core: return OutlineModel::tr("Core");
    case Tier::Unlayered: break;
    }
    return OutlineModel::tr("Unlayered");
}

} // namespace

OutlineModel::OutlineModel(QObject *parent)
    : QAbstractItemModel(parent)
{
    QStyle *style = QApplication::style();
    m_groupIcon = style->standardIcon(QStyle::SP_DirIcon);
    m_hostIcon = style->standardIcon(QStyle::SP_ComputerIcon);
    m_switchIcon = style->standardIcon(QStyle::SP_DriveNetIcon);
    m_nodes.emplace_back();
}

OutlineModel::~OutlineModel() = default;

void OutlineModel::setDocument(FabricDocument *document)
{
    beginResetModel();
    m_document = document;
    build();
    endResetModel();
}

FabricDocument *OutlineModel::document() const
{
    return m_document;
}

std::int32_t OutlineModel::addNode(std::int32_t parent, NodeKind kind, QString text)
{
    const auto index = static_cast<std::int32_t>(m_nodes.size());
    Node node;
    node.text = std::move(text);
    node.kind = kind;
    node.parent = parent;
    auto &siblings = m_nodes[static_cast<size_t>(parent)].children;
    node.row = static_cast<std::int32_t>(siblings.size());
    siblings.push_back(index);
    m_nodes.push_back(std::move(node));
    return index;
}

void OutlineModel::build()
{
    m_nodes.clear();
    m_elementNode.clear();
    m_switchPortsUsed.clear();
    m_nodes.emplace_back(); // root
    if (!m_document)
        return;
    const Fabric &fabric = m_document->fabric();
    m_nodes.reserve(static_cast<size_t>(fabric.nodeCount()) + static_cast<size_t>(fabric.hostCount()) / 2 + 64);
    m_elementNode.reserve(static_cast<size_t>(fabric.nodeCount()));

    // --- Hosts, by location ------------------------------------------------
    if (fabric.hostCount() > 0) {
        const std::int32_t hostsRoot = addNode(0, NodeKind::HostGroup, tr("Hosts"));
        // Group nodes keyed by "<parent node>/<location value>", so equal rack
        // names in different pods stay apart.
        std::unordered_map<std::string, std::int32_t> groups;
        std::vector<std::int32_t> unplaced;
        std::string key;
        auto place = [&](std::int32_t hostIndex, std::int32_t parent) {
            const Host &host = fabric.host(hostIndex);
            const std::int32_t n = addNode(parent, NodeKind::Host, QString::fromStdString(host.id));
            m_nodes[static_cast<size_t>(n)].element = hostIndex;
            m_nodes[static_cast<size_t>(n)].count = host.gpus;
            m_elementNode.emplace(host.id, n);
            for (std::int32_t p = parent; p > 0; p = m_nodes[static_cast<size_t>(p)].parent) {
                ++m_nodes[static_cast<size_t>(p)].count;
                m_nodes[static_cast<size_t>(p)].gpus += host.gpus;
            }
        };
        for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
            const Location &loc = fabric.host(h).location;
            std::int32_t parent = hostsRoot;
            bool placed = false;
            for (const std::string *level : {&loc.zone, &loc.pod, &loc.su, &loc.rack}) {
                if (level->empty())
                    continue; // skip unknown levels: the host hangs under the last known one
                key = std::to_string(parent);
                key += '/';
                key += *level;
                auto it = groups.find(key);
                if (it == groups.end())
                    it = groups.emplace(key, addNode(parent, NodeKind::HostGroup, QString::fromStdString(*level)))
                             .first;
                parent = it->second;
                placed = true;
            }
            if (placed)
                place(h, parent);
            else
                unplaced.push_back(h);
        }
        if (!unplaced.empty()) {
            const std::int32_t group = addNode(hostsRoot, NodeKind::HostGroup, tr("Unplaced"));
            for (const std::int32_t h : unplaced)
                place(h, group);
        }
    }

    // --- Switches, by tier and plane -----------------------------------------
    if (fabric.switchCount() > 0) {
        m_switchPortsUsed.resize(static_cast<size_t>(fabric.switchCount()));
        std::set<int> planes;
        for (std::int32_t s = 0; s < fabric.switchCount(); ++s) {
            planes.insert(fabric.switchAt(s).plane);
            m_switchPortsUsed[static_cast<size_t>(s)]
                = static_cast<int>(fabric.incidentLinks(fabric.switchNode(s)).size());
        }
        const bool byPlane = planes.size() > 1;
        const std::int32_t switchesRoot = addNode(0, NodeKind::SwitchGroup, tr("Switches"));
        for (const Tier tier : {Tier::Leaf, Tier::Spine, Tier::Core, Tier::Unlayered}) {
            std::map<int, std::vector<std::int32_t>> byPlaneMembers; // sorted by plane
            for (std::int32_t s = 0; s < fabric.switchCount(); ++s)
                if (fabric.switchAt(s).tier == tier)
                    byPlaneMembers[byPlane ? fabric.switchAt(s).plane : 0].push_back(s);
            if (byPlaneMembers.empty())
                continue;
            const std::int32_t tierNode = addNode(switchesRoot, NodeKind::SwitchGroup, tierGroupName(tier));
            for (const auto &[plane, members] : byPlaneMembers) {
                const std::int32_t parent
                    = byPlane ? addNode(tierNode, NodeKind::SwitchGroup, tr("Plane %1").arg(plane)) : tierNode;
                for (const std::int32_t s : members) {
                    const Switch &sw = fabric.switchAt(s);
                    const std::int32_t n = addNode(parent, NodeKind::Switch, QString::fromStdString(sw.id));
                    m_nodes[static_cast<size_t>(n)].element = s;
                    m_elementNode.emplace(sw.id, n);
                    for (std::int32_t p = parent; p > 0; p = m_nodes[static_cast<size_t>(p)].parent)
                        ++m_nodes[static_cast<size_t>(p)].count;
                }
            }
        }
    }
}

void OutlineModel::refreshFailures()
{
    // Switch nodes sit in contiguous runs under their tier or plane group.
    for (std::int32_t n = 0; n < static_cast<std::int32_t>(m_nodes.size()); ++n) {
        const Node &node = m_nodes[static_cast<size_t>(n)];
        if (node.kind != NodeKind::SwitchGroup || node.children.empty())
            continue;
        const std::int32_t first = node.children.front();
        const std::int32_t last = node.children.back();
        if (m_nodes[static_cast<size_t>(first)].kind != NodeKind::Switch)
            continue;
        emit dataChanged(indexOfNode(first, NameColumn), indexOfNode(last, CountColumn),
                         {Qt::ForegroundRole, Qt::ToolTipRole, Qt::FontRole});
    }
}

const OutlineModel::Node &OutlineModel::nodeOf(const QModelIndex &index) const
{
    return m_nodes[index.isValid() ? static_cast<size_t>(index.internalId()) : 0];
}

QModelIndex OutlineModel::indexOfNode(std::int32_t node, int column) const
{
    if (node <= 0 || node >= static_cast<std::int32_t>(m_nodes.size()))
        return {};
    return createIndex(m_nodes[static_cast<size_t>(node)].row, column, static_cast<quintptr>(node));
}

QModelIndex OutlineModel::indexOfElement(const std::string &id) const
{
    const auto it = m_elementNode.find(id);
    return it == m_elementNode.end() ? QModelIndex() : indexOfNode(it->second);
}

bool OutlineModel::isElement(const QModelIndex &index) const
{
    if (!index.isValid())
        return false;
    const NodeKind kind = nodeOf(index).kind;
    return kind == NodeKind::Host || kind == NodeKind::Switch;
}

QString OutlineModel::elementId(const QModelIndex &index) const
{
    return isElement(index) ? nodeOf(index).text : QString();
}

QModelIndexList OutlineModel::matching(const QString &text, int limit) const
{
    QModelIndexList result;
    for (std::int32_t n = 1; n < static_cast<std::int32_t>(m_nodes.size()) && result.size() < limit; ++n)
        if (m_nodes[static_cast<size_t>(n)].text.contains(text, Qt::CaseInsensitive))
            result.append(indexOfNode(n));
    return result;
}

QModelIndex OutlineModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0 || (parent.isValid() && parent.column() != 0))
        return {};
    const Node &p = nodeOf(parent);
    if (row >= static_cast<int>(p.children.size()))
        return {};
    return createIndex(row, column, static_cast<quintptr>(p.children[static_cast<size_t>(row)]));
}

QModelIndex OutlineModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    return indexOfNode(nodeOf(child).parent);
}

int OutlineModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return static_cast<int>(nodeOf(parent).children.size());
}

int OutlineModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant OutlineModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_document)
        return {};
    const Node &node = nodeOf(index);
    const bool failed = node.kind == NodeKind::Switch && m_document->isSwitchFailed(node.element);
    const QLocale locale;
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == NameColumn)
            return node.text;
        switch (node.kind) {
        case NodeKind::HostGroup: return node.gpus == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(locale.toString(node.gpus));
        case NodeKind::Host: return node.count == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(locale.toString(node.count));
        case NodeKind::SwitchGroup:
            return node.count == 1 ? tr("1 switch") : tr("%1 switches").arg(locale.toString(node.count));
        case NodeKind::Switch: {
            const Switch &sw = m_document->fabric().switchAt(node.element);
            return tr("%1/%2 ports").arg(m_switchPortsUsed[static_cast<size_t>(node.element)]).arg(sw.radix);
        }
        case NodeKind::Root: break;
        }
        return {};
    case Qt::ToolTipRole:
        switch (node.kind) {
        case NodeKind::HostGroup:
            return tr("%1: %2 hosts, %3 GPUs").arg(node.text, locale.toString(node.count), locale.toString(node.gpus));
        case NodeKind::Host: {
            const Host &host = m_document->fabric().host(node.element);
            return tr("%1: %2 × %3, %4 NICs")
                .arg(node.text)
                .arg(host.gpus)
                .arg(QString::fromStdString(host.gpuModel))
                .arg(host.nics.size());
        }
        case NodeKind::Switch: {
            const Switch &sw = m_document->fabric().switchAt(node.element);
            QString tip = tr("%1: %2, %3 of %4 ports used")
                              .arg(node.text, QString::fromLatin1(tierName(sw.tier)))
                              .arg(m_switchPortsUsed[static_cast<size_t>(node.element)])
                              .arg(sw.radix);
            if (failed)
                tip += QLatin1Char('\n') + tr("Failed (what-if)");
            return tip;
        }
        case NodeKind::SwitchGroup:
        case NodeKind::Root: break;
        }
        return {};
    case Qt::DecorationRole:
        if (index.column() != NameColumn)
            return {};
        switch (node.kind) {
        case NodeKind::HostGroup:
        case NodeKind::SwitchGroup: return m_groupIcon;
        case NodeKind::Host: return m_hostIcon;
        case NodeKind::Switch: return m_switchIcon;
        case NodeKind::Root: break;
        }
        return {};
    case Qt::ForegroundRole:
        if (failed)
            return failedColour();
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == CountColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case ElementIdRole: return elementId(index);
    case NodeKindRole: return static_cast<int>(node.kind);
    default: break;
    }
    return {};
}

QVariant OutlineModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn ? tr("Element") : tr("Count");
}

Qt::ItemFlags OutlineModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (nodeOf(index).children.empty())
        f |= Qt::ItemNeverHasChildren;
    return f;
}

} // namespace Railyard
