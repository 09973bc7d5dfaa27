#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// railyard-cli compare-designs A B [C…] [--job JOB] [--json]: designs side
/// by side on cost, power, bisection and a job's step time (docs/cli.md).
int runCompareDesigns(const QStringList &args);

} // namespace Railyard::Cli
