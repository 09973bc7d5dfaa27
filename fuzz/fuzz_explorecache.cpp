// libFuzzer target: the explorer's cache file on arbitrary bytes. An entry
// is kept only when its digest matches, so what loads is written back whole.
#include "core/explore/explorer.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace Railyard;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    ExploreCache cache;
    std::string error;
    std::vector<std::string> warnings;
    if (!cache.loadJson(text, "fuzz.cache.json", &error, &warnings))
        return 0;
    ExploreCache again;
    warnings.clear();
    if (!again.loadJson(cache.toJson(), "written.cache.json", &error, &warnings) || again.size() != cache.size()
        || !warnings.empty())
        std::abort(); // what it kept does not survive its own writing
    return 0;
}
