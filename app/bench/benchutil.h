#pragma once

// Small helpers the benchmark programs share: the median of timings and the
// process's peak resident memory, the wall time of a call.

#include <algorithm>
#include <chrono>
#include <functional>
#include <sys/resource.h>
#include <vector>

namespace Railyard::Bench {

/// Median (the mean of the two middle values for an even count); 0 when empty.
inline double median(std::vector<double> values)
{
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

/// Wall time of one call, milliseconds.
inline double timeMs(const std::function<void()> &fn)
{
    const auto start = std::chrono::steady_clock::now();
    fn();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

/// Peak resident set size of this process, MiB (Linux reports KiB).
inline double peakRssMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

} // namespace Railyard::Bench
