#pragma once

#include "core/formats/fileformat.h"

namespace Railyard {

/// NetBox REST API pages (devices, interfaces, cables) saved as JSON, format
/// slug `netbox`, read only: one file of pages or a folder of page files
/// (netboxreader.h; docs/fabric-format.md, "NetBox REST pages"). NetBox's
/// cable bulk-import CSV is read by `cabling-csv` instead.
class NetboxFormat final : public FileFormat
{
public:
    QString slug() const override { return QStringLiteral("netbox"); }
    QString name() const override { return QStringLiteral("NetBox REST pages"); }
    QStringList extensions() const override { return {QStringLiteral("netbox.json")}; }
    bool canRead() const override { return true; }
    bool canWrite() const override { return false; }

    ReadResult read(QIODevice &device, const QString &fileName) const override;
    bool write(const Fabric &fabric, QIODevice &device, QString *error) const override;
    Recognition recognize(const QByteArray &head) const override;

    bool canReadFolder() const override { return true; }
    /// A folder holding .json files of which at least one begins like a REST page.
    bool recognizesFolder(const QString &folder) const override;
    /// Every .json file of the folder (in name order) as pages of one fabric.
    ReadResult readFolder(const QString &folder) const override;
};

} // namespace Railyard
