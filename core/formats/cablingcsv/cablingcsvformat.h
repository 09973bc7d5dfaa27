#pragma once

#include "core/formats/fileformat.h"

namespace Railyard {

/// A cabling plan as CSV, format slug `cabling-csv` (docs/fabric-format.md,
/// "Cabling CSV"): one row per cable. Read: Railyard's own columns
/// (label, a_device, a_port, a_rack, b_device, b_port, b_rack, length_class,
/// cable_type, gbps — what `railyard-cli cabling` writes) and NetBox's cable
/// import columns as aliases (side_a_device, side_a_name, side_b_device,
/// side_b_name, label, type). Roles are inferred: a device whose ports are NIC
/// ports (`nic0/1`, `mlx5_3`, `eth2`) is a host, every other one a switch;
/// the fabric is then built as from an ibnetdiscover dump (tiers from the
/// distance to the hosts, hosts' NICs in order). Written: the same columns.
class CablingCsvFormat final : public FileFormat
{
public:
    QString slug() const override { return QStringLiteral("cabling-csv"); }
    QString name() const override { return QStringLiteral("Cabling plan CSV"); }
    QStringList extensions() const override { return {QStringLiteral("cabling.csv")}; }
    bool canRead() const override { return true; }
    bool canWrite() const override { return true; }

    ReadResult read(QIODevice &device, const QString &fileName) const override;
    bool write(const Fabric &fabric, QIODevice &device, QString *error) const override;
    Recognition recognize(const QByteArray &head) const override;
};

/// NetBox's cable bulk-import CSV (side_a_device, side_a_type, side_a_name,
/// side_b_device, side_b_type, side_b_name, type, status, label), format slug
/// `netbox-cables`, write only: interface names as in the cabling plan.
class NetboxCablesFormat final : public FileFormat
{
public:
    QString slug() const override { return QStringLiteral("netbox-cables"); }
    QString name() const override { return QStringLiteral("NetBox cable import CSV"); }
    QStringList extensions() const override { return {QStringLiteral("netbox.csv")}; }
    bool canRead() const override { return false; }
    bool canWrite() const override { return true; }

    ReadResult read(QIODevice &device, const QString &fileName) const override;
    bool write(const Fabric &fabric, QIODevice &device, QString *error) const override;
};

} // namespace Railyard
