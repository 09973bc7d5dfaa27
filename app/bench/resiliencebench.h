#pragma once

#include "core/generators/closgenerator.h"

namespace Railyard {

/// railyard-bench --resilience: failure-study throughput. Monte Carlo at the
/// default rates on samples/meta-24k (24,576 GPUs) and on the 131,072-GPU
/// rail-optimized fabric (`big`), each without and with a job
/// (moe-meta-24k, llama-70b-2k); 1 thread against 2; the study in 2 shards
/// (each on 1 thread, as on two machines) and their merge; N-1 over every
/// switch and link of the 131K fabric. `samples` scenarios per Monte Carlo
/// run without a job, a fiftieth of them with one. Prints scenarios per second.
int runResilienceBench(const ClosParams &big, int samples, bool json);

} // namespace Railyard
