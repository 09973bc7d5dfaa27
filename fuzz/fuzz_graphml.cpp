// libFuzzer target: the GraphML reader on arbitrary bytes. It is also
// differential: whenever the fast path takes an input, the full reader must
// read the same fabric from it (the process aborts otherwise).
#include "core/formats/fabricjson/fabricjsonformat.h"
#include "core/formats/graphml/graphmlfast.h"
#include "core/formats/graphml/graphmlformat.h"
#include "core/formats/graphml/graphmlreader.h"
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
    const Railyard::ReadResult result = Railyard::GraphmlFormat().read(buffer, QStringLiteral("fuzz.graphml"));
    if (!result.ok())
        (void)result.errorText();

    Railyard::Fabric fast;
    if (Railyard::GraphmlDetail::readPlain(std::string_view(bytes.constData(), size_t(bytes.size())), fast)) {
        QBuffer again(&bytes);
        again.open(QIODevice::ReadOnly);
        const Railyard::ReadResult full = Railyard::readGraphml(again, QStringLiteral("fuzz.graphml"), false);
        if (!full.ok() || !full.warnings.empty() || fabricBytes(fast) != fabricBytes(*full.fabric))
            std::abort(); // the fast path took a file the full reader reads differently
    }
    return 0;
}
