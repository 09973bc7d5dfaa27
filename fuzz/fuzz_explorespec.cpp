// libFuzzer target: the design explorer's requirements reader on arbitrary
// bytes. Whatever it accepts is within the documented bounds (lists, GPUs)
// and its candidate space is counted; nothing is built.
#include "core/explore/explorespec.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace Railyard;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    try {
        // Job paths resolve under a folder that does not exist: nothing is read.
        const ExploreSpec spec = parseExploreSpec(text, "fuzz.explore.json", "/nonexistent-railyard-fuzz");
        if (spec.gpus < 1 || spec.gpus > maxExploreGpus || spec.oversubscription.size() > 32
            || spec.switchModels.size() > maxExploreSwitchModels || spec.jobs.size() > maxExploreJobs)
            std::abort(); // accepted beyond its bounds
    } catch (const ExploreError &) {
    }
    return 0;
}
