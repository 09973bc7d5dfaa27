#pragma once

#include "core/formats/fileformat.h"

namespace Railyard {

/// NCCL's topology XML (NCCL_TOPO_DUMP_FILE, NCCL_TOPO_FILE), format slug
/// `nccl-topo`, read only: one file per host, or a folder of them
/// (nccltopo.h; docs/fabric-format.md, "NCCL topology XML"). Yields hosts
/// only — GPUs, model, NVLink, and one NIC per rail — since the file names
/// no switch and no cable.
class NcclTopoFormat final : public FileFormat
{
public:
    QString slug() const override { return QStringLiteral("nccl-topo"); }
    QString name() const override { return QStringLiteral("NCCL topology XML"); }
    QStringList extensions() const override { return {QStringLiteral("nccl.xml"), QStringLiteral("topo.xml")}; }
    bool canRead() const override { return true; }
    bool canWrite() const override { return false; }

    ReadResult read(QIODevice &device, const QString &fileName) const override;
    bool write(const Fabric &fabric, QIODevice &device, QString *error) const override;
    Recognition recognize(const QByteArray &head) const override;

    bool canReadFolder() const override { return true; }
    /// A folder holding .xml files of which at least one has a <system> root.
    bool recognizesFolder(const QString &folder) const override;
    /// Every .xml file of the folder (in name order): one host each.
    ReadResult readFolder(const QString &folder) const override;
};

} // namespace Railyard
