#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// `railyard-cli bom FILE [--catalog C] [--json]`: the bill of materials.
int runBom(const QStringList &args);
/// `railyard-cli cabling FILE -o plan.csv [--catalog C]`: the cabling plan, one row per cable.
int runCabling(const QStringList &args);

} // namespace Railyard::Cli
