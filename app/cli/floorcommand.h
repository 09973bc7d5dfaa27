#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// railyard-cli floor FABRIC [--floor FLOOR.json] [--json] [--svg OUT]: the
/// design on the data-hall floor (docs/floor.md).
int runFloor(const QStringList &args);

} // namespace Railyard::Cli
