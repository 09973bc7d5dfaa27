#pragma once

#include <QString>

namespace Railyard {

/// railyard-bench --job: times reading, placement, per-step traffic, fluid
/// routing, per-collective times and 100 ECMP seeds for one job on one
/// fabric; prints the median of `repeats` runs (a table, or JSON). Returns
/// the process exit code.
int runJobBench(const QString &fabricPath, const QString &jobPath, int repeats, bool json);

} // namespace Railyard
