#pragma once

namespace Railyard {

/// railyard-bench --designs: the architect's loop at 32,768 GPUs (128 DGX
/// SuperPOD scalable units, 3 tiers on radix 64) — generate the design on
/// each catalogue switch model that runs 400G, compare them side by side
/// without and with a 2,048-GPU job, and tell 11 formats apart by content.
/// Prints the median of `repeats` runs. Returns the process exit code.
int runDesignBench(int repeats, bool json);

} // namespace Railyard
