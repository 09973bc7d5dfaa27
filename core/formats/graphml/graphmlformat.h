#pragma once

#include "core/formats/fileformat.h"

namespace Railyard {

/// GraphML import/export (docs/fabric-format.md, "GraphML").
///
/// Nodes carry a `role` key (host, leaf, spine, core, switch) plus optional
/// gpus, gpu_model, radix, location keys; edges carry `gbps` (required, or a
/// <default> on its key). Unknown keys and foreign namespaces (yEd, Gephi)
/// are ignored. Hosts get one NIC per link, so a GraphML round trip keeps
/// hosts, switches, links, capacities, tiers and locations but not NIC
/// details beyond rail order and speed.
class GraphmlFormat final : public FileFormat
{
public:
    static constexpr int maxErrors = 50;
    /// Characters of one <data> or <default> value.
    static constexpr int maxTextChars = 1 << 20;

    QString slug() const override;
    QString name() const override;
    QStringList extensions() const override;
    bool canRead() const override { return true; }
    bool canWrite() const override { return true; }

    ReadResult read(QIODevice &device, const QString &fileName) const override;
    bool write(const Fabric &fabric, QIODevice &device, QString *error) const override;
    Recognition recognize(const QByteArray &head) const override;
};

} // namespace Railyard
