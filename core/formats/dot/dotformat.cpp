#include "core/formats/dot/dotformat.h"

#include "core/formats/dot/dotreader.h"

namespace Railyard {

ReadResult DotFormat::read(QIODevice &device, const QString &fileName) const
{
    const QByteArray bytes = device.readAll();
    return Dot::read(std::string_view(bytes.constData(), size_t(bytes.size())), fileName);
}

bool DotFormat::write(const Fabric &fabric, QIODevice &device, QString *error) const
{
    for (const Link &l : fabric.links())
        if (!(l.a >= 0 && l.a < fabric.nodeCount() && l.b >= 0 && l.b < fabric.nodeCount())) {
            *error = QStringLiteral("cannot write: link '%1' has a dangling end").arg(QString::fromStdString(l.id));
            return false;
        }
    const std::string text = Dot::write(fabric);
    if (device.write(text.data(), qint64(text.size())) != qint64(text.size())) {
        *error = device.errorString();
        return false;
    }
    return true;
}

} // namespace Railyard
