#pragma once

#include <QString>

namespace Railyard {

/// railyard-bench --health: simulates 20 intervals of the job on the fabric
/// (defaults meta-24k and the MoE job) with a degraded link, then times the
/// HealthDetector over `repeats` × 100 frames on one thread and prints the
/// detection throughput in link samples per second (median of the repeats),
/// the simulator's and the peak RSS (a table, or JSON).
int runHealthBench(const QString &fabricPath, const QString &jobPath, int repeats, bool json);

} // namespace Railyard
