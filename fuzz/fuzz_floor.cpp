// libFuzzer target: the floor reader (halls, racks, trays) on arbitrary
// bytes; what it accepts is written back and read again to the same floor.
#include "core/floor/floorplan.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace Railyard;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    try {
        const FloorPlan floor = parseFloorJson(text, "fuzz.floor.json");
        const std::string written = floorToJson(floor);
        const FloorPlan again = parseFloorJson(written, "written.floor.json");
        if (floorToJson(again) != written)
            std::abort(); // a floor that does not survive its own writing
    } catch (const FloorError &) {
    }
    return 0;
}
