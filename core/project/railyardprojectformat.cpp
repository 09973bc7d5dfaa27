#include "core/project/railyardprojectformat.h"

#include "core/project/projectfile.h"

#include <QFile>

namespace Railyard {

QString RailyardProjectFormat::slug() const
{
    return QStringLiteral("railyard");
}

QString RailyardProjectFormat::name() const
{
    return QStringLiteral("Railyard project");
}

QStringList RailyardProjectFormat::extensions() const
{
    return {QLatin1String(ProjectFile::extension)};
}

ReadResult RailyardProjectFormat::read(QIODevice &device, const QString &fileName) const
{
    ProjectError error;
    std::optional<ProjectData> data;
    // SQLite opens paths itself: a real file by name, anything else (buffers,
    // Qt resources) through its bytes.
    const auto *file = qobject_cast<const QFile *>(&device);
    if (file && !file->fileName().isEmpty() && !file->fileName().startsWith(QLatin1Char(':')))
        data = ProjectFile(file->fileName()).read(&error);
    else
        data = ProjectFile::fromImage(device.readAll(), fileName, &error);

    ReadResult result;
    if (data)
        result.fabric = std::move(data->fabric);
    else
        result.errors.push_back(FormatError{fileName, 0, 0, {}, error.message});
    return result;
}

bool RailyardProjectFormat::write(const Fabric &fabric, QIODevice &device, QString *error) const
{
    ProjectError projectError;
    const std::optional<QByteArray> image = ProjectFile::toImage(fabric, &projectError);
    if (!image) {
        if (error)
            *error = projectError.message;
        return false;
    }
    if (device.write(*image) != image->size()) {
        if (error)
            *error = QStringLiteral("cannot write: %1").arg(device.errorString());
        return false;
    }
    return true;
}

} // namespace Railyard
