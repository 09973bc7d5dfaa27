#pragma once

#include "core/formats/fileformat.h"

namespace Railyard {

/// `iblinkinfo` output (infiniband-diags), grouped or `-l`: read only
/// (iblinkinforeader.h; docs/fabric-format.md, "iblinkinfo").
class IblinkinfoFormat final : public FileFormat
{
public:
    QString slug() const override { return QStringLiteral("iblinkinfo"); }
    QString name() const override { return QStringLiteral("iblinkinfo output"); }
    QStringList extensions() const override { return {QStringLiteral("iblinkinfo")}; }
    bool canRead() const override { return true; }
    bool canWrite() const override { return false; }

    ReadResult read(QIODevice &device, const QString &fileName) const override;
    bool write(const Fabric &fabric, QIODevice &device, QString *error) const override;
    Recognition recognize(const QByteArray &head) const override;
};

} // namespace Railyard
