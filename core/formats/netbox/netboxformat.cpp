#include "core/formats/netbox/netboxformat.h"
#include "core/formats/contentsniff.h"

#include "core/common/inputfile.h"
#include "core/formats/netbox/netboxreader.h"

#include <QDir>
#include <QFile>

namespace Railyard {

namespace {

QStringList jsonFiles(const QString &folder)
{
    return QDir(folder).entryList({QStringLiteral("*.json")}, QDir::Files | QDir::Readable, QDir::Name);
}

} // namespace

ReadResult NetboxFormat::read(QIODevice &device, const QString &fileName) const
{
    return Netbox::read({Netbox::Source{fileName, device.readAll()}}, fileName);
}

bool NetboxFormat::write(const Fabric &, QIODevice &, QString *error) const
{
    *error = QStringLiteral("NetBox REST pages are read only; write the cabling plan for NetBox's cable import "
                            "(netbox-cables) instead");
    return false;
}

bool NetboxFormat::recognizesFolder(const QString &folder) const
{
    const QDir dir(folder);
    for (const QString &name : jsonFiles(folder)) {
        QFile file(dir.filePath(name));
        QString error;
        // The beginning is enough: "results" follows count/next/previous.
        if (openInputFile(file, &error) && Netbox::looksLikePage(file.read(64 * 1024)))
            return true;
    }
    return false;
}

ReadResult NetboxFormat::readFolder(const QString &folder) const
{
    const QDir dir(folder);
    std::vector<Netbox::Source> sources;
    ReadResult failed;
    for (const QString &name : jsonFiles(folder)) {
        const QString path = dir.filePath(name);
        QString error;
        std::optional<QByteArray> bytes = readInputFile(path, &error);
        if (!bytes)
            failed.errors.push_back({path, 0, 0, {}, error});
        else
            sources.push_back({path, std::move(*bytes)});
    }
    if (sources.empty() && failed.errors.empty())
        failed.errors.push_back({folder, 0, 0, {}, QStringLiteral("no .json files: no NetBox REST pages to read")});
    if (!failed.errors.empty())
        return failed;
    return Netbox::read(sources, folder);
}

FileFormat::Recognition NetboxFormat::recognize(const QByteArray &head) const
{
    return Netbox::looksLikePage(head) ? Recognition::Sure : Recognition::No;
}

} // namespace Railyard
