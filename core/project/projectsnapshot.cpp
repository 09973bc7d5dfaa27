#include "core/project/projectsnapshot.h"

#include "core/common/jsonbounds.h"

#include "core/formats/fabricjson/fabricjsonformat.h"
#include "core/common/storageexception.h"

#include <QBuffer>

#include <nlohmann/json.hpp>

namespace Railyard {

namespace {

using json = nlohmann::json;

[[noreturn]] void damaged(const QString &what)
{
    throw StorageException(StorageError::Kind::Damaged,
                           QStringLiteral("the project is damaged: a version snapshot %1").arg(what));
}

QByteArray uncompress(const QByteArray &blob)
{
    // qUncompress returns an empty array for a broken stream; a valid
    // snapshot never decompresses to nothing.
    QByteArray bytes = qUncompress(blob);
    if (bytes.isEmpty())
        damaged(QStringLiteral("does not decompress"));
    return bytes;
}

} // namespace

QByteArray ProjectSnapshot::encodeFabric(const Fabric &fabric)
{
    QByteArray text;
    QBuffer buffer(&text);
    buffer.open(QIODevice::WriteOnly);
    QString error;
    if (!FabricJsonFormat().write(fabric, buffer, &error))
        throw StorageException(StorageError::Kind::InvalidData, error);
    buffer.close();
    return qCompress(text, compressionLevel);
}

QByteArray ProjectSnapshot::encodeState(const ProjectData &data)
{
    json pins = json::object();
    for (const auto &[id, position] : data.pins)
        pins[id] = json::array({position.x, position.y});
    json jobs = json::array();
    for (const ProjectJob &job : data.jobs)
        jobs.push_back(json{{"name", job.name}, {"json", job.json}});
    json metadata = json::object();
    for (const auto &[key, value] : data.metadata)
        metadata[key] = value;
    // The fabric JSON writes a degraded rate only for degraded links; keep
    // the others' (a link brought back up remembers its last rate).
    json hiddenRates = json::object();
    for (const Link &link : data.fabric.links()) {
        if (link.state != LinkState::Degraded && link.degradedGbps != 0.0)
            hiddenRates[link.id] = link.degradedGbps;
    }
    json state{{"pins", std::move(pins)},
               {"failed", data.failedIds},
               {"jobs", std::move(jobs)},
               {"metadata", std::move(metadata)}};
    if (!hiddenRates.empty())
        state["link_degraded_gbps"] = std::move(hiddenRates);
    std::string text;
    try {
        text = state.dump();
    } catch (const json::exception &e) {
        throw StorageException(StorageError::Kind::InvalidData,
                               QStringLiteral("cannot write the version: %1").arg(QString::fromUtf8(e.what())));
    }
    return qCompress(QByteArray::fromStdString(text), compressionLevel);
}

Fabric ProjectSnapshot::decodeFabric(const QByteArray &blob)
{
    QByteArray text = uncompress(blob);
    QBuffer buffer(&text);
    buffer.open(QIODevice::ReadOnly);
    ReadResult result = FabricJsonFormat().read(buffer, QStringLiteral("snapshot"));
    if (!result.ok())
        damaged(QStringLiteral("has an unreadable fabric: %1").arg(result.errorText()));
    return std::move(*result.fabric);
}

void ProjectSnapshot::decodeState(const QByteArray &blob, ProjectData *data)
{
    const QByteArray text = uncompress(blob);
    if (const std::optional<JsonBoundsError> bounds
        = checkJsonBounds(std::string_view(text.constData(), size_t(text.size()))))
        throw StorageException(StorageError::Kind::Damaged,
                               QStringLiteral("a version's state is refused: %1").arg(QString::fromStdString(bounds->message)));
    try {
        const json state = json::parse(text.constBegin(), text.constEnd());
        data->pins.clear();
        for (const auto &[id, position] : state.at("pins").items())
            data->pins[id] = PinnedPosition{position.at(0).get<double>(), position.at(1).get<double>()};
        data->failedIds = state.at("failed").get<std::vector<std::string>>();
        data->jobs.clear();
        if (state.contains("jobs")) {
            for (const json &job : state.at("jobs"))
                data->jobs.push_back(ProjectJob{job.at("name").get<std::string>(), job.at("json").get<std::string>()});
        }
        data->metadata.clear();
        if (state.contains("metadata"))
            data->metadata = state.at("metadata").get<std::map<std::string, std::string>>();
        if (state.contains("link_degraded_gbps")) {
            for (const auto &[id, rate] : state.at("link_degraded_gbps").items()) {
                const std::int32_t link = data->fabric.findLink(id);
                if (link >= 0)
                    data->fabric.link(link).degradedGbps = rate.get<double>();
            }
        }
    } catch (const json::exception &e) {
        damaged(QStringLiteral("has an unreadable state: %1").arg(QString::fromUtf8(e.what())));
    }
}

} // namespace Railyard
