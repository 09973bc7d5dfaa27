// libFuzzer target: the cabling-plan CSV reader (our columns and NetBox's) on arbitrary bytes.
#include "core/formats/cablingcsv/cablingcsvformat.h"

#include <QBuffer>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    const Railyard::ReadResult result = Railyard::CablingCsvFormat().read(buffer, QStringLiteral("fuzz.cabling.csv"));
    if (!result.ok())
        (void)result.errorText();
    return 0;
}
