#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// `railyard-cli diff A B [--json] [--no-analysis]`: what changed between two fabrics.
int runDiff(const QStringList &args);
/// `railyard-cli verify-cabling DESIGN DISCOVERED [--json]`: the as-built check; exit 1 when they differ.
int runVerifyCabling(const QStringList &args);

} // namespace Railyard::Cli
