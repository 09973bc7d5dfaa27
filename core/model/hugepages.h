#pragma once

// Transparent huge pages for the C allocator, process-wide.

namespace Railyard {

/// Restarts the program once, first thing in main(), with glibc's allocator
/// asking for transparent huge pages (GLIBC_TUNABLES=glibc.malloc.hugetlb=1;
/// the tunable is read only at start-up). Large fabrics are mostly fresh
/// memory, and on virtual machines a first touch costs about 3 ms per MiB
/// with 4 KiB pages: huge pages took `analyze` of a 131K-GPU file from 0.67
/// to about 0.45 CPU seconds and of a 524K one from 2.8 to 1.3–1.8
/// (docs/performance.md). Returns without restarting when the tunable is
/// already set, when the kernel has huge pages off, when
/// RAILYARD_HUGE_PAGES=0, or on a C library other than glibc; if the restart
/// itself fails the program simply goes on with normal pages.
void restartWithHugePages(char **argv);

} // namespace Railyard
