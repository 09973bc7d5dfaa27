#include "views/docks/loadedintent.h"

#include "core/intents/intentreader.h"
#include "core/intents/intentreview.h"
#include "core/intents/intentstore.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace Railyard {

QString LoadedIntent::label() const
{
    return QCoreApplication::translate("LoadedIntent", "v%1 · %2").arg(intent.metadata.version).arg(displayName);
}

std::optional<LoadedIntent> LoadedIntent::readFile(const QString &path, std::vector<FormatError> *errors)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        errors->push_back(
            {path, 0, 0, {}, QCoreApplication::translate("LoadedIntent", "cannot open: %1").arg(file.errorString())});
        return std::nullopt;
    }
    const QByteArray bytes = file.readAll();
    const std::string_view view(bytes.constData(), static_cast<size_t>(bytes.size()));
    LoadedIntent loaded;
    loaded.path = path;
    loaded.displayName = QFileInfo(path).fileName();
    // A peek at "format" only picks the reader; each reader checks the file strictly.
    const QJsonDocument peek = QJsonDocument::fromJson(bytes);
    if (peek.isObject()
        && peek.object().value(QStringLiteral("format")).toString() == QLatin1String(reviewedIntentFormatTag)) {
        ReviewedReadResult read = IntentReview::read(view, path);
        if (!read.ok()) {
            *errors = std::move(read.errors);
            return std::nullopt;
        }
        loaded.intent = read.reviewed->intent;
        loaded.text = read.reviewed->canonical;
        loaded.sha256 = read.reviewed->contentSha256;
        loaded.reviewedFile.assign(view);
        return loaded;
    }
    IntentReadResult read = parseIntent(view, path);
    if (!read.ok()) {
        *errors = std::move(read.errors);
        return std::nullopt;
    }
    loaded.intent = std::move(*read.intent);
    loaded.text.assign(view);
    loaded.sha256 = read.sha256;
    return loaded;
}

std::optional<LoadedIntent> LoadedIntent::fromStored(const StoredIntentVersion &version, std::string reviewedFile,
                                                     std::vector<FormatError> *errors)
{
    const QString name
        = QCoreApplication::translate("LoadedIntent", "%1 in the project").arg(QString::fromStdString(version.cluster));
    IntentReadResult read = parseIntent(version.canonical, name);
    if (!read.ok()) {
        *errors = std::move(read.errors);
        return std::nullopt;
    }
    LoadedIntent loaded;
    loaded.displayName = name;
    loaded.intent = std::move(*read.intent);
    loaded.text = version.canonical;
    loaded.sha256 = read.sha256;
    loaded.reviewedFile = std::move(reviewedFile);
    loaded.storedId = version.id;
    return loaded;
}

} // namespace Railyard
