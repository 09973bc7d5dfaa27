// libFuzzer target: a resilience study's part (`resilience … --shard I/N
// --json`) on arbitrary bytes, merged alone as `resilience merge` would.
#include "core/resilience/resilience.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace Railyard;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    try {
        StudyResult part = studyFromJson(text, "fuzz.part.json");
        const StudyResult whole = mergeStudies({part});
        (void)studyToText(whole);
    } catch (const ResilienceError &) {
    }
    return 0;
}
