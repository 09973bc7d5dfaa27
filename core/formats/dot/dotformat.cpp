#include "core/formats/dot/dotformat.h"
#include "core/formats/contentsniff.h"

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

FileFormat::Recognition DotFormat::recognize(const QByteArray &head) const
{
    // Comments and preprocessor lines first, then "[strict] (di)graph [id] {".
    static const QRegularExpression comments(
        QStringLiteral("(?:/\\*.*?\\*/|//[^\\n]*|^#[^\\n]*)"),
        QRegularExpression::MultilineOption | QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression signature(
        QStringLiteral("^\\s*(?:strict\\s+)?(?:di)?graph\\b[^{;]*\\{"), QRegularExpression::CaseInsensitiveOption);
    QString text = Sniff::text(head);
    text.remove(comments);
    return signature.match(text).hasMatch() ? Recognition::Sure : Recognition::No;
}

} // namespace Railyard
