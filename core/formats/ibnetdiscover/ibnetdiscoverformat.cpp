#include "core/formats/ibnetdiscover/ibnetdiscoverformat.h"

#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"

#include <QFile>

namespace Railyard {

ReadResult IbnetdiscoverFormat::read(QIODevice &device, const QString &fileName) const
{
    const QByteArray bytes = device.readAll();
    return Ibnetdiscover::read(std::string_view(bytes.constData(), size_t(bytes.size())), fileName);
}

ReadResult IbnetdiscoverFormat::readWithOptions(QIODevice &device, const QString &fileName,
                                                const ReadOptions &options) const
{
    if (options.nodeNameMap.isEmpty())
        return read(device, fileName);
    ReadResult failed;
    QFile file(options.nodeNameMap);
    if (!file.open(QIODevice::ReadOnly)) {
        failed.errors.push_back(
            FormatError{options.nodeNameMap, 0, 0, {}, QStringLiteral("cannot open: %1").arg(file.errorString())});
        return failed;
    }
    const QByteArray mapBytes = file.readAll();
    const std::optional<Ibnetdiscover::NodeNameMap> map = Ibnetdiscover::NodeNameMap::parse(
        std::string_view(mapBytes.constData(), size_t(mapBytes.size())), options.nodeNameMap, &failed.errors);
    if (!map)
        return failed;
    const QByteArray bytes = device.readAll();
    return Ibnetdiscover::read(std::string_view(bytes.constData(), size_t(bytes.size())), fileName, &*map);
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
