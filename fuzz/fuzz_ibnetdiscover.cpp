// libFuzzer target: the ibnetdiscover reader on arbitrary bytes; what it
// accepts must write back and read again to the same counts.
#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace Railyard;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const ReadResult result = Ibnetdiscover::read(text, QStringLiteral("fuzz.ibnetdiscover"));
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
