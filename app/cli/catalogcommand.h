#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// railyard-cli catalog [--json] [--catalog FILE]: every switch and NIC model
/// with its slug and figures, each figure's source (docs/catalog.md).
int runCatalog(const QStringList &args);

} // namespace Railyard::Cli
