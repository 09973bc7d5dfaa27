// libFuzzer target: the NCCL topology XML reader (host shape, rails) on arbitrary bytes.
#include "core/formats/nccltopo/nccltopoformat.h"

#include <QBuffer>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    const Railyard::ReadResult result = Railyard::NcclTopoFormat().read(buffer, QStringLiteral("fuzz.nccl.xml"));
    if (!result.ok())
        (void)result.errorText();
    return 0;
}
