#include "core/formats/ibnetdiscover/iblinkinfoformat.h"
#include "core/formats/contentsniff.h"

#include "core/formats/ibnetdiscover/iblinkinforeader.h"

namespace Railyard {

ReadResult IblinkinfoFormat::read(QIODevice &device, const QString &fileName) const
{
    const QByteArray bytes = device.readAll();
    return Iblinkinfo::read(std::string_view(bytes.constData(), size_t(bytes.size())), fileName);
}

bool IblinkinfoFormat::write(const Fabric &, QIODevice &, QString *error) const
{
    *error = QStringLiteral("iblinkinfo output is read only; write ibnetdiscover instead");
    return false;
}

FileFormat::Recognition IblinkinfoFormat::recognize(const QByteArray &head) const
{
    // Every link line carries "==( 4X 53.125 Gbps Active/ LinkUp)==>".
    static const QRegularExpression signature(QStringLiteral("==\\(.*\\)==>"));
    return Sniff::matches(head, signature) ? Recognition::Sure : Recognition::No;
}

} // namespace Railyard
