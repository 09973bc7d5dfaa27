// libFuzzer target: the LLDP reader (lldpcli json0, json and keyvalue dumps)
// on arbitrary bytes, through the format so the graph assembly and the
// shared builder run on whatever parses.
#include "core/formats/lldp/lldpformat.h"

#include <QBuffer>
#include <QByteArray>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    const Railyard::ReadResult result = Railyard::LldpFormat().read(buffer, QStringLiteral("fuzz.lldp.json"));
    if (!result.ok())
        (void)result.errorText();
    return 0;
}
