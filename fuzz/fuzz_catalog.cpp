// libFuzzer target: a user's catalogue (--catalog) on arbitrary bytes, read
// alone and over the built-in one, as `bom`, `floor` and `explore` do.
#include "core/bom/bom.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace Railyard;
    const std::string text(reinterpret_cast<const char *>(data), size);
    std::string error;
    (void)BomCatalog::fromJson(text, &error);
    (void)BomCatalog::withOverrides(text, "fuzz.catalog.json", &error);
    return 0;
}
