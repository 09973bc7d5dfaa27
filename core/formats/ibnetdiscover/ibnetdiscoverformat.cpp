#include "core/formats/ibnetdiscover/ibnetdiscoverformat.h"
#include "core/formats/contentsniff.h"

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

FileFormat::Recognition IbnetdiscoverFormat::recognize(const QByteArray &head) const
{
    // The topology file's node headers and GUID lines, or the ports report's
    // "SW  0  1 0x… 4x NDR" rows.
    static const QRegularExpression signature(
        QStringLiteral("^(?:(?:switchguid|caguid|sysimgguid|vendid|devid)=0x[0-9a-fA-F]+"
                       "|(?:Switch|Ca|Rt)\\s+\\d+\\s+\""
                       "|# Topology file:"
                       "|(?:SW|CA|RT)\\s+\\d+\\s+\\d+\\s+0x[0-9a-fA-F]+\\s)"),
        QRegularExpression::MultilineOption);
    return Sniff::matches(head, signature) ? Recognition::Sure : Recognition::No;
}

} // namespace Railyard
