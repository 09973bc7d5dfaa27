#include "core/model/hugepages.h"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#if defined(__linux__)
#include <unistd.h>
#endif

namespace Railyard {

void restartWithHugePages(char **argv)
{
#if defined(__linux__) && defined(__GLIBC__)
    if (const char *choice = std::getenv("RAILYARD_HUGE_PAGES"); choice && std::strcmp(choice, "0") == 0)
        return;
    const char *current = std::getenv("GLIBC_TUNABLES");
    std::string tunables = current ? current : "";
    if (tunables.find("glibc.malloc.hugetlb") != std::string::npos)
        return; // set already: by the restart, or by the user
    std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string line;
    if (!std::getline(mode, line) || line.find("[never]") != std::string::npos)
        return;
    tunables += tunables.empty() ? "glibc.malloc.hugetlb=1" : ":glibc.malloc.hugetlb=1";
    if (setenv("GLIBC_TUNABLES", tunables.c_str(), 1) != 0)
        return;
    execv("/proc/self/exe", argv);
    // The restart failed (no /proc): go on as we are.
#else
    (void)argv;
#endif
}

} // namespace Railyard
