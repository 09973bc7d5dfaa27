#pragma once

#include "core/formats/fileformat.h"
#include "core/formats/lldp/lldpreader.h"

namespace Railyard {

/// lldpd's neighbour dumps (`lldpcli -f json0|json|keyvalue show neighbors`),
/// one file per host or switch, or a folder of them: read only
/// (docs/fabric-format.md, "LLDP (lldpd)"). Each dump is one machine's view
/// of its cables; the folder's dumps together are the fabric. A dump names
/// its own machine only when `show chassis` or `show interfaces` output is in
/// the file; otherwise the file's name does ("gpu001.lldp.json" → gpu001).
/// Hosts become one NIC per cabled interface (the rails, in the order of the
/// interfaces' trailing numbers); tiers, rails and racks are inferred by the
/// shared builder (core/formats/importgraph/importgraph.h). A host's dump
/// sees only its leaves: spines appear when the leaves' dumps are included.
class LldpFormat final : public FileFormat
{
public:
    QString slug() const override { return QStringLiteral("lldp"); }
    QString name() const override { return QStringLiteral("LLDP neighbours (lldpcli json0, json, keyvalue)"); }
    QStringList extensions() const override
    {
        return {QStringLiteral("lldp.json"), QStringLiteral("lldp.txt"), QStringLiteral("lldp")};
    }
    bool canRead() const override { return true; }
    bool canWrite() const override { return false; }

    ReadResult read(QIODevice &device, const QString &fileName) const override;
    bool write(const Fabric &fabric, QIODevice &device, QString *error) const override;
    Recognition recognize(const QByteArray &head) const override;

    bool canReadFolder() const override { return true; }
    /// A folder whose regular files are mostly lldpcli output (the first
    /// 4 KiB of at most 32 of them are looked at).
    bool recognizesFolder(const QString &folder) const override;
    /// Every regular, non-hidden file of the folder (not its subfolders), in
    /// name order. Files that are not lldpcli output and empty files are
    /// skipped with a warning; a malformed dump is an error.
    ReadResult readFolder(const QString &folder) const override;

    /// Builds one fabric from parsed dumps; `name` names the fabric and the
    /// builder's messages (the file, or the folder).
    static ReadResult build(std::vector<Lldp::Dump> dumps, std::vector<FormatError> warnings, const QString &name);
};

} // namespace Railyard
