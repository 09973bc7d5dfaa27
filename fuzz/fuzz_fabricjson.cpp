// libFuzzer target: the native fabric-JSON reader on arbitrary bytes. It is
// also differential: whenever the fast path takes an input, the full reader
// must read the same fabric from it (the process aborts otherwise).
#include "core/formats/fabricjson/fabricjsonfast.h"
#include "core/formats/fabricjson/fabricjsonformat.h"
#include "core/formats/fabricjson/fabricjsonreader.h"
#include "fabricbytes.h"

#include <QBuffer>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

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

    const std::string_view view(bytes.constData(), size_t(bytes.size()));
    Railyard::Fabric fast;
    if (Railyard::FabricJsonDetail::readPlain(view, fast)) {
        const Railyard::ReadResult full = Railyard::FabricJsonReader::readBytes(view, QStringLiteral("fuzz"), false);
        if (!full.ok() || !full.warnings.empty() || fabricBytes(fast) != fabricBytes(*full.fabric))
            std::abort(); // the fast path took a file the full reader reads differently
    }
    return 0;
}
