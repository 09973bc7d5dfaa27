#include "core/formats/nccltopo/nccltopoformat.h"
#include "core/formats/contentsniff.h"

#include "core/common/inputfile.h"
#include "core/formats/nccltopo/nccltopo.h"

#include <QDir>
#include <QFile>
#include <QXmlStreamReader>

namespace Railyard {

namespace {

QStringList xmlFiles(const QString &folder)
{
    return QDir(folder).entryList({QStringLiteral("*.xml")}, QDir::Files | QDir::Readable, QDir::Name);
}

} // namespace

ReadResult NcclTopoFormat::read(QIODevice &device, const QString &fileName) const
{
    const QByteArray bytes = device.readAll();
    return NcclTopo::toFabric(
        NcclTopo::readHostShape(std::string_view(bytes.constData(), size_t(bytes.size())), fileName), fileName);
}

bool NcclTopoFormat::write(const Fabric &, QIODevice &, QString *error) const
{
    *error = QStringLiteral("NCCL topology XML is read only");
    return false;
}

bool NcclTopoFormat::recognizesFolder(const QString &folder) const
{
    const QDir dir(folder);
    for (const QString &name : xmlFiles(folder)) {
        QFile file(dir.filePath(name));
        QString error;
        if (!openInputFile(file, &error))
            continue;
        QXmlStreamReader xml(file.read(64 * 1024));
        while (!xml.atEnd() && !xml.hasError())
            if (xml.readNext() == QXmlStreamReader::StartElement)
                break;
        if (xml.isStartElement() && xml.name() == QLatin1String("system"))
            return true;
    }
    return false;
}

ReadResult NcclTopoFormat::readFolder(const QString &folder) const
{
    const QDir dir(folder);
    NcclTopo::ShapeResult all;
    const QStringList files = xmlFiles(folder);
    for (const QString &name : files) {
        const QString path = dir.filePath(name);
        QString error;
        const std::optional<QByteArray> bytes = readInputFile(path, &error);
        if (!bytes) {
            all.errors.push_back({path, 0, 0, {}, error});
            continue;
        }
        NcclTopo::ShapeResult one
            = NcclTopo::readHostShape(std::string_view(bytes->constData(), size_t(bytes->size())), path);
        for (auto *list : {&one.errors, &one.warnings})
            for (FormatError &e : *list)
                (list == &one.errors ? all.errors : all.warnings).push_back(std::move(e));
        for (Inference &i : one.inferences)
            all.inferences.push_back(std::move(i));
        for (NcclTopo::HostShape &h : one.hosts)
            all.hosts.push_back(std::move(h));
    }
    if (files.isEmpty())
        all.errors.push_back({folder, 0, 0, {}, QStringLiteral("no .xml files: no NCCL topologies to read")});
    return NcclTopo::toFabric(std::move(all), folder);
}

FileFormat::Recognition NcclTopoFormat::recognize(const QByteArray &head) const
{
    static const QRegularExpression signature(QStringLiteral("<system[\\s>]"));
    return !head.contains("<graphml") && Sniff::matches(head, signature) ? Recognition::Sure : Recognition::No;
}

} // namespace Railyard
