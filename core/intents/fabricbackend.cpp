#include "core/intents/fabricbackend.h"

#include <algorithm>
#include <cctype>

namespace Railyard {

namespace {

std::string lower(const std::string &s)
{
    std::string out = s;
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

bool startsWithAny(const std::string &s, std::initializer_list<const char *> prefixes)
{
    return std::any_of(prefixes.begin(), prefixes.end(), [&s](const char *p) { return s.rfind(p, 0) == 0; });
}

bool containsAny(const std::string &s, std::initializer_list<const char *> words)
{
    return std::any_of(words.begin(), words.end(), [&s](const char *w) { return s.find(w) != std::string::npos; });
}

} // namespace

char classifySwitchBackend(const Switch &sw)
{
    if (sw.sharp)
        return 'i';
    const std::string m = lower(sw.model);
    if (startsWithAny(m, {"qm87", "qm97", "qm98", "mqm", "cs7500", "cs8500", "sb7"})
        || containsAny(m, {"quantum", "infiniband"}))
        return 'i';
    if (startsWithAny(m, {"sn2", "sn3", "sn4", "sn5", "dcs-7", "7060", "7280", "7800", "qfx"})
        || containsAny(
            m, {"spectrum", "tomahawk", "trident", "jericho", "nexus", "minipack", "wedge", "ethernet", "roce"}))
        return 'e';
    return 0;
}

BackendEvidence detectBackend(const Fabric &fabric)
{
    BackendEvidence e;
    for (const Switch &sw : fabric.switches()) {
        const std::string example = sw.id + " (model \"" + sw.model + "\"" + (sw.sharp ? ", SHARP" : "") + ")";
        switch (classifySwitchBackend(sw)) {
        case 'i':
            if (e.infinibandSwitches++ == 0)
                e.infinibandExample = example;
            break;
        case 'e':
            if (e.ethernetSwitches++ == 0)
                e.ethernetExample = example;
            break;
        default:
            if (e.unknownSwitches++ == 0)
                e.unknownExample = example;
        }
    }
    return e;
}

} // namespace Railyard
