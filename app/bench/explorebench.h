#pragma once

namespace Railyard {

/// railyard-bench --explore: the design explorer at 32,768 H100 GPUs over the
/// catalogue's 400G switch models — every candidate of 5 oversubscriptions ×
/// rail/ToR × 1–2 planes without a job, then 2 oversubscriptions × rail/ToR
/// with llama-70b-2k placed on each, then the first run again from the cache.
/// Prints candidates scored per second. Returns the process exit code.
int runExploreBench(bool json);

} // namespace Railyard
