#include "core/formats/ibnetdiscover/ibnetdiscoverformat.h"

#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"

namespace Railyard {

ReadResult IbnetdiscoverFormat::read(QIODevice &device, const QString &fileName) const
{
    const QByteArray bytes = device.readAll();
    return Ibnetdiscover::read(std::string_view(bytes.constData(), size_t(bytes.size())), fileName);
}

bool IbnetdiscoverFormat::write(const Fabric &fabric, QIODevice &device, QString *error) const
{
    const std::string text = Ibnetdiscover::write(fabric, error);
    if (text.empty())
        return false;
    if (device.write(text.data(), qint64(text.size())) != qint64(text.size())) {
        *error = device.errorString();
        return false;
    }
    return true;
}

} // namespace Railyard
