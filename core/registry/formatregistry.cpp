#include "core/registry/formatregistry.h"

#include "core/formats/cablingcsv/cablingcsvformat.h"
#include "core/formats/dot/dotformat.h"
#include "core/formats/fabricjson/fabricjsonformat.h"
#include "core/formats/graphml/graphmlformat.h"
#include "core/formats/ibnetdiscover/iblinkinfoformat.h"
#include "core/formats/ibnetdiscover/ibnetdiscoverformat.h"
#include "core/common/inputfile.h"
#include "core/formats/lldp/lldpformat.h"
#include "core/formats/nccltopo/nccltopoformat.h"
#include "core/formats/netbox/netboxformat.h"
#include "core/common/outputfile.h"
#include "core/project/railyardprojectformat.h"

#include <QFile>
#include <QFileInfo>

namespace Railyard {

namespace {

ReadResult failure(const QString &fileName, const QString &message)
{
    ReadResult result;
    result.errors.push_back(FormatError{fileName, 0, 0, {}, message});
    return result;
}

} // namespace

const FormatRegistry &FormatRegistry::instance()
{
    static const FormatRegistry registry;
    return registry;
}

FormatRegistry::FormatRegistry()
{
    // Explicit registration: the first format is the default for saving.
    m_formats.push_back(std::make_unique<FabricJsonFormat>());
    m_formats.push_back(std::make_unique<GraphmlFormat>());
    m_formats.push_back(std::make_unique<RailyardProjectFormat>());
    m_formats.push_back(std::make_unique<IbnetdiscoverFormat>());
    m_formats.push_back(std::make_unique<IblinkinfoFormat>());
    m_formats.push_back(std::make_unique<CablingCsvFormat>());
    m_formats.push_back(std::make_unique<NetboxCablesFormat>());
    m_formats.push_back(std::make_unique<LldpFormat>());
    m_formats.push_back(std::make_unique<NetboxFormat>());
    m_formats.push_back(std::make_unique<NcclTopoFormat>());
    m_formats.push_back(std::make_unique<DotFormat>());
}

const FileFormat *FormatRegistry::bySlug(const QString &slug) const
{
    for (const auto &format : m_formats) {
        if (format->slug().compare(slug, Qt::CaseInsensitive) == 0)
            return format.get();
    }
    return nullptr;
}

const FileFormat *FormatRegistry::forFileName(const QString &fileName) const
{
    const FileFormat *best = nullptr;
    qsizetype bestLength = 0;
    for (const auto &format : m_formats) {
        for (const QString &ext : format->extensions()) {
            if (ext.size() > bestLength && fileName.endsWith(QLatin1Char('.') + ext, Qt::CaseInsensitive)) {
                best = format.get();
                bestLength = ext.size();
            }
        }
    }
    return best;
}

namespace {

QString knownExtensions(const std::vector<std::unique_ptr<FileFormat>> &formats)
{
    QStringList all;
    for (const auto &format : formats) {
        for (const QString &ext : format->extensions())
            all.append(QLatin1Char('.') + ext);
    }
    return all.join(QStringLiteral(", "));
}

QString knownSlugs(const std::vector<std::unique_ptr<FileFormat>> &formats)
{
    QStringList all;
    for (const auto &format : formats)
        all.append(format->slug());
    return all.join(QStringLiteral(", "));
}

} // namespace

ReadResult FormatRegistry::readFile(const QString &fileName, const QString &formatSlug,
                                    const ReadOptions &options) const
{
    if (QFileInfo(fileName).isDir())
        return readFolder(fileName, formatSlug);
    QFile file(fileName);
    QString openError;
    if (!openInputFile(file, &openError))
        return failure(fileName, openError);

    const FileFormat *format = nullptr;
    if (!formatSlug.isEmpty()) {
        format = bySlug(formatSlug);
        if (!format)
            return failure(
                fileName,
                QStringLiteral("unknown format '%1'; known formats: %2").arg(formatSlug, knownSlugs(m_formats)));
    } else {
        const Detection found = detect(fileName, file.peek(sniffBytes));
        format = found.format;
        if (!format && found.candidates.size() > 1) {
            QStringList slugs;
            for (const FileFormat *candidate : found.candidates)
                slugs << candidate->slug();
            return failure(fileName, QStringLiteral("the content fits several formats (%1); name the format")
                                         .arg(slugs.join(QStringLiteral(", "))));
        }
        if (!format)
            return failure(fileName, QStringLiteral("cannot tell the format from the content or the name; known "
                                                    "extensions: %1")
                                         .arg(knownExtensions(m_formats)));
    }
    if (!format->canRead())
        return failure(fileName, QStringLiteral("format '%1' cannot be read").arg(format->slug()));
    return format->readWithOptions(file, fileName, options);
}

FormatRegistry::Detection FormatRegistry::detect(const QString &fileName, const QByteArray &head) const
{
    Detection result;
    const FileFormat *byName = forFileName(fileName);
    for (const auto &format : m_formats)
        if (format->canRead() && format->recognize(head) == FileFormat::Recognition::Sure)
            result.candidates.push_back(format.get());
    if (result.candidates.size() == 1) {
        result.format = result.candidates.front();
    } else if (result.candidates.size() > 1) {
        // Several signatures: the extension decides among them, else the caller asks.
        for (const FileFormat *candidate : result.candidates)
            if (candidate == byName)
                result.format = candidate;
    } else {
        result.format = byName && byName->canRead() ? byName : nullptr;
        return result;
    }
    result.byContent = result.format != nullptr;
    if (result.format && byName && byName != result.format)
        result.extensionFormat = byName;
    return result;
}

FormatRegistry::Detection FormatRegistry::detectFile(const QString &fileName) const
{
    QFile file(fileName);
    QString error;
    if (QFileInfo(fileName).isDir() || !openInputFile(file, &error))
        return detect(fileName, {});
    return detect(fileName, file.read(sniffBytes));
}

ReadResult FormatRegistry::readFolder(const QString &folder, const QString &formatSlug) const
{
    const FileFormat *format = formatSlug.isEmpty() ? forFolder(folder) : bySlug(formatSlug);
    if (!format) {
        if (!formatSlug.isEmpty())
            return failure(
                folder,
                QStringLiteral("unknown format '%1'; known formats: %2").arg(formatSlug, knownSlugs(m_formats)));
        return failure(folder,
                       QStringLiteral("a folder of files no format recognizes; name the format of its "
                                      "files (LLDP dumps, NetBox pages)"));
    }
    if (!format->canReadFolder())
        return failure(folder,
                       QStringLiteral("is a directory, and format '%1' reads files, not folders").arg(format->slug()));
    return format->readFolder(folder);
}

const FileFormat *FormatRegistry::forFolder(const QString &folder) const
{
    for (const auto &format : m_formats)
        if (format->canReadFolder() && format->recognizesFolder(folder))
            return format.get();
    return nullptr;
}

bool FormatRegistry::writeFile(const Fabric &fabric, const QString &fileName, QString *error,
                               const QString &formatSlug) const
{
    auto fail = [&](const QString &message) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(fileName, message);
        return false;
    };

    const FileFormat *format = formatSlug.isEmpty() ? forFileName(fileName) : bySlug(formatSlug);
    if (!format) {
        if (!formatSlug.isEmpty())
            return fail(
                QStringLiteral("unknown format '%1'; known formats: %2").arg(formatSlug, knownSlugs(m_formats)));
        return fail(QStringLiteral("unknown file type; known extensions: %1").arg(knownExtensions(m_formats)));
    }
    if (!format->canWrite())
        return fail(QStringLiteral("format '%1' cannot be written").arg(format->slug()));

    // Never renames over a device or FIFO (OutputFile).
    OutputFile file(fileName);
    QString fileError;
    if (!file.open(&fileError))
        return fail(fileError);
    QString formatError;
    if (!format->write(fabric, file.device(), &formatError)) {
        file.cancel();
        return fail(formatError.isEmpty() ? QStringLiteral("cannot write") : formatError);
    }
    if (!file.commit(&fileError))
        return fail(fileError);
    return true;
}

namespace {

QString filterEntry(const FileFormat &format, bool allExtensions)
{
    QStringList patterns;
    for (const QString &ext : format.extensions()) {
        patterns.append(QStringLiteral("*.") + ext);
        if (!allExtensions)
            break;
    }
    return QStringLiteral("%1 (%2)").arg(format.name(), patterns.join(QLatin1Char(' ')));
}

} // namespace

QString FormatRegistry::readFilter() const
{
    QStringList entries;
    QStringList allPatterns;
    for (const auto &format : m_formats) {
        if (!format->canRead())
            continue;
        entries.append(filterEntry(*format, true));
        for (const QString &ext : format->extensions())
            allPatterns.append(QStringLiteral("*.") + ext);
    }
    entries.prepend(QStringLiteral("All fabric files (%1)").arg(allPatterns.join(QLatin1Char(' '))));
    entries.append(QStringLiteral("All files (*)"));
    return entries.join(QStringLiteral(";;"));
}

QString FormatRegistry::writeFilter() const
{
    QStringList entries;
    for (const auto &format : m_formats) {
        if (format->canWrite())
            entries.append(filterEntry(*format, false));
    }
    return entries.join(QStringLiteral(";;"));
}

const FileFormat *FormatRegistry::forWriteFilter(const QString &filter) const
{
    for (const auto &format : m_formats)
        if (format->canWrite() && filterEntry(*format, false) == filter)
            return format.get();
    return nullptr;
}

QString FormatRegistry::pathForSave(const QString &path, const QString &selectedFilter) const
{
    const FileFormat *chosen = forWriteFilter(selectedFilter);
    const FileFormat *named = forFileName(path);
    if (!chosen)
        return named && named->canWrite() ? path : path + QStringLiteral(".fabric.json");
    if (named == chosen)
        return path;
    // Another format's extension at the end (the suggested name's, say): replaced.
    QString base = path;
    int longest = 0;
    for (const auto &format : m_formats)
        for (const QString &ext : format->extensions())
            if (ext.size() > longest && base.endsWith(QLatin1Char('.') + ext, Qt::CaseInsensitive))
                longest = int(ext.size());
    if (longest > 0)
        base.chop(longest + 1);
    return base + QLatin1Char('.') + chosen->extensions().front();
}

} // namespace Railyard
