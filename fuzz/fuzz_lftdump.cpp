// libFuzzer target: the forwarding-table reader (dump_fts, ibroute, opensm -D)
// on arbitrary bytes, and whatever it accepts mapped onto a k=4 fat-tree and
// traced: hostile tables (loops, ports without links, foreign GUIDs) must end
// in a verdict, never a hang or a crash.
#include "core/fabricmanager/lftdump.h"
#include "core/fabricmanager/subnetrouting.h"
#include "core/generators/presets.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const Railyard::Fabric fabric = Railyard::generateClos(Railyard::fatTreeParams(4, 200));
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const Railyard::LftReadResult result = Railyard::readLftDump(text, QStringLiteral("fuzz.dump_fts"));
    if (!result.ok()) {
        (void)result.errorText();
        return 0;
    }
    const Railyard::SubnetRouting routing(fabric, *result.dump);
    (void)Railyard::checkPaths(routing);
    (void)Railyard::routingBalance(routing);
    return 0;
}
