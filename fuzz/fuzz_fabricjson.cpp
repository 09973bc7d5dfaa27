// libFuzzer target: the native fabric-JSON reader on arbitrary bytes.
#include "core/formats/fabricjson/fabricjsonformat.h"

#include <QBuffer>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    const Railyard::ReadResult result = Railyard::FabricJsonFormat().read(buffer, QStringLiteral("fuzz.fabric.json"));
    if (result.ok())
        result.fabric->validate();
    else
        (void)result.errorText();
    return 0;
}
