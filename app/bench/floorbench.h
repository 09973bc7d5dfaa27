#pragma once

namespace Railyard {
struct ClosParams;

/// railyard-bench --floor: the floor of the 131,072-GPU design placed
/// automatically, then every link's run over the trays and its part
/// (docs/floor.md). Prints the median of `repeats` runs of each phase.
/// Returns the process exit code.
int runFloorBench(const ClosParams &params, int repeats, bool json);

} // namespace Railyard
