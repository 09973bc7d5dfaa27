#pragma once

#include "core/formats/fileformat.h"

namespace Railyard {

/// Graphviz DOT, format slug `dot`, extensions .dot and .gv: read (nodes with
/// role/tier/rack attributes or none, edges with ports and speeds; what the
/// file leaves out is inferred by the discovery builder) and written
/// (dotreader.h; docs/fabric-format.md, "Graphviz DOT").
class DotFormat final : public FileFormat
{
public:
    QString slug() const override { return QStringLiteral("dot"); }
    QString name() const override { return QStringLiteral("Graphviz DOT"); }
    QStringList extensions() const override { return {QStringLiteral("dot"), QStringLiteral("gv")}; }
    bool canRead() const override { return true; }
    bool canWrite() const override { return true; }

    ReadResult read(QIODevice &device, const QString &fileName) const override;
    bool write(const Fabric &fabric, QIODevice &device, QString *error) const override;
    Recognition recognize(const QByteArray &head) const override;
};

} // namespace Railyard
