// libFuzzer target: the ibnetdiscover reader (dumps and `-p` ports reports)
// on arbitrary bytes; what it accepts must write back and read again to the
// same counts. An input with a line "%%" is a node-name map, then the dump
// read with it (seeds in fuzz/corpus/ibnetdiscover).
#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace Railyard;
    std::string_view text(reinterpret_cast<const char *>(data), size);
    std::optional<Ibnetdiscover::NodeNameMap> map;
    if (const size_t cut = text.find("\n%%\n"); cut != std::string_view::npos) {
        std::vector<FormatError> errors;
        map = Ibnetdiscover::NodeNameMap::parse(text.substr(0, cut), QStringLiteral("fuzz.node-name-map"), &errors);
        if (!map && errors.empty())
            __builtin_trap(); // a refused map says why
        text.remove_prefix(cut + 4);
    }
    const ReadResult result = Ibnetdiscover::read(text, QStringLiteral("fuzz.ibnetdiscover"), map ? &*map : nullptr);
    if (!result.ok()) {
        (void)result.errorText();
        return 0;
    }
    QString error;
    const std::string written = Ibnetdiscover::write(*result.fabric, &error);
    if (written.empty())
        return 0; // a rate with no width × speed cannot be written; the writer says so
    const ReadResult again = Ibnetdiscover::read(written, QStringLiteral("rewritten.ibnetdiscover"));
    if (!again.ok() || again.fabric->hostCount() != result.fabric->hostCount()
        || again.fabric->switchCount() != result.fabric->switchCount())
        __builtin_trap();
    return 0;
}
