#pragma once

#include "core/formats/fileformat.h"

namespace Railyard {

/// The `ibnetdiscover` topology file (infiniband-diags), read and written
/// (ibnetdiscoverreader.h says what the reader infers; docs/fabric-format.md,
/// "ibnetdiscover"). The written file is also what InfiniBand's fabric
/// simulator, ibsim, reads.
class IbnetdiscoverFormat final : public FileFormat
{
public:
    QString slug() const override { return QStringLiteral("ibnetdiscover"); }
    QString name() const override { return QStringLiteral("ibnetdiscover topology"); }
    QStringList extensions() const override
    {
        return {QStringLiteral("ibnetdiscover"), QStringLiteral("ibnet"), QStringLiteral("topo")};
    }
    bool canRead() const override { return true; }
    bool canWrite() const override { return true; }

    ReadResult read(QIODevice &device, const QString &fileName) const override;
    /// ReadOptions::nodeNameMap names nodes by GUID (Ibnetdiscover::NodeNameMap).
    ReadResult readWithOptions(QIODevice &device, const QString &fileName, const ReadOptions &options) const override;
    bool write(const Fabric &fabric, QIODevice &device, QString *error) const override;
    Recognition recognize(const QByteArray &head) const override;
};

} // namespace Railyard
