#pragma once

// Process-wide allocator settings for large fabrics, called first thing in
// main() of the executables.
//
// A 131,072-GPU fabric's layout, analysis and edits allocate and free tens of
// megabytes of vectors each time. glibc hands blocks above its mmap threshold
// straight back to the kernel and trims the heap top, so the next layout
// faults every page in again: measured on the 2-core VM of
// docs/performance.md, a re-layout took 180-250 ms, over half of it in page
// faults, and 45-55 ms with these settings. Memory stays with the process
// instead (peak RSS is unchanged; it is just not returned between edits).

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace Railyard {

inline void tuneAllocatorForLargeFabrics()
{
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024); // the largest glibc allows: big vectors come from the heap
    mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024); // keep freed heap memory for the next layout
#endif
}

} // namespace Railyard
