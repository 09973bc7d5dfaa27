#pragma once

#include "core/formats/fileformat.h"

namespace Railyard {

/// The native format, `*.fabric.json` (documented in docs/fabric-format.md).
///
/// Self-describing JSON: {"format": "railyard-fabric", "version": 1, ...}.
/// Writing streams text directly (one element per line, deterministic) and
/// reading uses nlohmann's SAX parser, building one small JSON value per
/// element, so neither direction holds a document-sized tree: a 400K-link
/// fabric reads and writes in well under two seconds. Reading validates
/// every field and reports errors by JSON pointer (or line:column for syntax
/// errors), collecting up to maxErrors before giving up.
class FabricJsonFormat final : public FileFormat
{
public:
    static constexpr int formatVersion = 1;
    static constexpr int maxErrors = 50;

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
