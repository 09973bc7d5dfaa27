// libFuzzer target: the training-job reader on arbitrary bytes.
#include "core/jobs/jobspec.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const Railyard::JobSpecResult result = Railyard::parseJobSpec(text, QStringLiteral("fuzz.job.json"));
    if (result.ok())
        (void)Railyard::writeJobSpec(*result.job);
    else
        (void)result.errorText();
    return 0;
}
