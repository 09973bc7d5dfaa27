// libFuzzer target: the NetBox REST pages reader (JSON pages of devices, interfaces and cables) on arbitrary bytes.
#include "core/formats/netbox/netboxformat.h"

#include <QBuffer>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    const Railyard::ReadResult result = Railyard::NetboxFormat().read(buffer, QStringLiteral("fuzz.netbox.json"));
    if (!result.ok())
        (void)result.errorText();
    return 0;
}
