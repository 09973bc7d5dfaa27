// libFuzzer target: the GraphML reader on arbitrary bytes.
#include "core/formats/graphml/graphmlformat.h"

#include <QBuffer>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    const Railyard::ReadResult result = Railyard::GraphmlFormat().read(buffer, QStringLiteral("fuzz.graphml"));
    if (!result.ok())
        (void)result.errorText();
    return 0;
}
