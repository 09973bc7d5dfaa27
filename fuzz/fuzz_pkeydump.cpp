// libFuzzer target: the P_Key table reader (saquery PKTR, smpquery pkeys) on
// arbitrary bytes, and whatever it accepts checked against an intent on a
// k=4 fat-tree (each table given to the HCA port of its LID): hostile tables
// (duplicate blocks, huge indices, foreign LIDs) must end in a verdict.
#include "core/fabricmanager/enforcement.h"
#include "core/fabricmanager/pkeydump.h"
#include "core/model/infinibandids.h"
#include "core/generators/presets.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace Railyard;
    static const Fabric fabric = generateClos(fatTreeParams(4, 200));
    static const InfinibandIds ids = InfinibandIds::of(fabric);
    static const Intent intent = [] {
        Intent i;
        i.allow.push_back({{}, "zone-01/*", "zone-01/*", IntentProtocol::Rdma, {}});
        i.allow.push_back({{}, "*/rack-003", "*/rack-005", IntentProtocol::Any, {}});
        i.allow.push_back({{}, "*/rack-005", "*/rack-003", IntentProtocol::Any, {}});
        return i;
    }();
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const PkeyReadResult result = readPkeyTables(text, QStringLiteral("fuzz.pktr"));
    if (!result.ok()) {
        (void)result.errorText();
        return 0;
    }
    PkeysByPort pkeys;
    for (const PortPkeys &port : *result.ports)
        if (!ids.cas.empty())
            pkeys[ids.cas[size_t(port.lid) % ids.cas.size()].guid + 1] = port.pkeys;
    const EnforcementCheck check = checkEnforcement(fabric, intent, pkeys);
    (void)enforcementToText(fabric.name, check);
    return 0;
}
