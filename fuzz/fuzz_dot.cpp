// libFuzzer target: the Graphviz DOT reader (tokenizer, parser and the shared builder) on arbitrary bytes.
#include "core/formats/dot/dotformat.h"

#include <QBuffer>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    const Railyard::ReadResult result = Railyard::DotFormat().read(buffer, QStringLiteral("fuzz.dot"));
    if (!result.ok())
        (void)result.errorText();
    return 0;
}
