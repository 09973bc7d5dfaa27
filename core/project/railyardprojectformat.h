#pragma once

#include "core/formats/fileformat.h"

namespace Railyard {

/// The `.railyard` project (docs/project-format.md) as a fabric format, so
/// `railyard-cli convert` and the file dialogs reach it through the
/// registry. Only the fabric crosses this interface: reading ignores pins,
/// failures, jobs and versions; writing makes a new project holding just
/// the fabric (FormatRegistry::writeFile replaces the file atomically, so a
/// project's versions are not kept — the GUI saves projects through
/// ProjectFile instead). A read from a QFile opens its path read-only;
/// any other device is read into memory.
class RailyardProjectFormat final : public FileFormat
{
public:
    QString slug() const override;
    QString name() const override;
    QStringList extensions() const override;
    bool canRead() const override { return true; }
    bool canWrite() const override { return true; }

    ReadResult read(QIODevice &device, const QString &fileName) const override;
    bool write(const Fabric &fabric, QIODevice &device, QString *error) const override;
};

} // namespace Railyard
