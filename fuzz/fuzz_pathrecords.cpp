// libFuzzer target: the PathRecord reader (saquery -p) on arbitrary bytes,
// and whatever it accepts checked for the service level of a plan.
#include "core/fabricmanager/enforcement.h"
#include "core/fabricmanager/pkeydump.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace Railyard;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const PathRecordReadResult result = readPathRecords(text, QStringLiteral("fuzz.saquery-p"));
    if (!result.ok()) {
        (void)result.errorText();
        return 0;
    }
    PartitionPlan plan;
    plan.defaultFull = false;
    plan.serviceLevel = 3;
    for (std::uint16_t pkey = 1; pkey <= 4; ++pkey)
        plan.partitions.push_back(PlannedPartition{"p", pkey, "/allow/0", {}, {}});
    EnforcementCheck check;
    checkServiceLevels(check, plan, *result.records);
    (void)enforcementToJson("fuzz", check);
    return 0;
}
