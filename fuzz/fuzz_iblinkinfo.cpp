// libFuzzer target: the iblinkinfo reader on arbitrary bytes.
#include "core/formats/ibnetdiscover/iblinkinforeader.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const Railyard::ReadResult result = Railyard::Iblinkinfo::read(text, QStringLiteral("fuzz.iblinkinfo"));
    if (!result.ok())
        (void)result.errorText();
    return 0;
}
