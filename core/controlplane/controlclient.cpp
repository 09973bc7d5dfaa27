#include "core/controlplane/controlclient.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QStandardPaths>
#include <QTimer>

namespace Railyard {

QString ControlReply::errorText() const
{
    if (!transportError.isEmpty())
        return transportError;
    const QJsonObject error
        = QJsonDocument::fromJson(QByteArray::fromStdString(body)).object().value(QStringLiteral("error")).toObject();
    if (!error.isEmpty())
        return QStringLiteral("HTTP %1 %2: %3")
            .arg(status)
            .arg(error.value(QStringLiteral("code")).toString(), error.value(QStringLiteral("message")).toString());
    return QStringLiteral("HTTP %1").arg(status);
}

QString ControlConnection::securityWarning() const
{
    const QUrl parsed(url);
    if (parsed.scheme() != QLatin1String("http"))
        return {};
    const QHostAddress address(parsed.host());
    if (parsed.host() == QLatin1String("localhost") || (!address.isNull() && address.isLoopback()))
        return {};
    return QStringLiteral("warning: %1 is plain HTTP: the bearer token crosses the network unencrypted; "
                          "use https://")
        .arg(url);
}

ControlClient::ControlClient(ControlConnection connection, double timeoutSeconds)
    : m_connection(std::move(connection))
    , m_timeoutSeconds(timeoutSeconds)
    , m_network(std::make_unique<QNetworkAccessManager>())
{
    while (m_connection.url.endsWith(QLatin1Char('/')))
        m_connection.url.chop(1);
}

ControlClient::~ControlClient() = default;

void ControlClient::send(const QByteArray &method, const QString &path, const std::string &jsonBody,
                         const QString &idempotencyKey, std::function<void(ControlReply)> done)
{
    QNetworkRequest request(QUrl(m_connection.url + path));
    request.setRawHeader("Authorization", "Bearer " + m_connection.token.toUtf8());
    request.setRawHeader("Accept", "application/json");
    if (!idempotencyKey.isEmpty())
        request.setRawHeader("Idempotency-Key", idempotencyKey.toUtf8());
    request.setTransferTimeout(int(m_timeoutSeconds * 1000));
    // A redirect would carry the Authorization header to another place.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    if (!m_connection.caFile.isEmpty() && !QFileInfo::exists(m_connection.caFile)) {
        ControlReply missing;
        missing.transportError
            = QStringLiteral("the CA certificate file %1 does not exist").arg(m_connection.caFile);
        QTimer::singleShot(0, m_network.get(), [done = std::move(done), missing] { done(missing); });
        return;
    }
    if (!m_connection.caFile.isEmpty()) {
        QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
        QList<QSslCertificate> cas = ssl.caCertificates();
        cas += QSslCertificate::fromPath(m_connection.caFile, QSsl::Pem);
        ssl.setCaCertificates(cas);
        request.setSslConfiguration(ssl);
    }
    QNetworkReply *reply = nullptr;
    if (method == "POST") {
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        reply = m_network->post(request, QByteArray::fromStdString(jsonBody));
    } else {
        reply = m_network->sendCustomRequest(request, method);
    }
    QObject::connect(reply, &QNetworkReply::finished, reply, [reply, done = std::move(done)] {
        ControlReply r;
        r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        // Bounded: a hostile or broken server cannot fill memory through us.
        r.body = reply->read(16 << 20).toStdString();
        if (r.status == 0)
            r.transportError = reply->errorString();
        else if (r.status >= 300 && r.status < 400)
            r.transportError = QStringLiteral("the service answered HTTP %1, a redirect to %2; Railyard does not "
                                              "follow redirects (the token would go along)")
                                   .arg(r.status)
                                   .arg(reply->header(QNetworkRequest::LocationHeader).toUrl().toString().left(200));
        reply->deleteLater();
        done(std::move(r));
    });
}

ControlReply ControlClient::get(const QString &path)
{
    ControlReply result;
    QEventLoop loop;
    send("GET", path, {}, {}, [&](ControlReply r) {
        result = std::move(r);
        loop.quit();
    });
    loop.exec();
    return result;
}

ControlReply ControlClient::post(const QString &path, const std::string &jsonBody, const QString &idempotencyKey)
{
    ControlReply result;
    QEventLoop loop;
    send("POST", path, jsonBody, idempotencyKey, [&](ControlReply r) {
        result = std::move(r);
        loop.quit();
    });
    loop.exec();
    return result;
}

QString ControlClient::savedPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
        + QStringLiteral("/railyard/controlplane.json");
}

std::optional<ControlConnection> ControlClient::loadSaved(QString *error)
{
    QFile file(savedPath());
    if (!file.exists())
        return std::nullopt;
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(file.fileName(), file.errorString());
        return std::nullopt;
    }
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    ControlConnection c{o.value(QStringLiteral("url")).toString(), o.value(QStringLiteral("token")).toString(),
                        o.value(QStringLiteral("ca_file")).toString()};
    if (c.url.isEmpty() || c.token.isEmpty()) {
        *error = QStringLiteral("%1: no url or token").arg(file.fileName());
        return std::nullopt;
    }
    return c;
}

bool ControlClient::save(const ControlConnection &connection, QString *error)
{
    const QString path = savedPath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    // Created owner read/write only (QFile::open with permissions), then
    // renamed over the old file: the token is never readable by others.
    const QString temporary = path + QStringLiteral(".new");
    QFile::remove(temporary);
    QFile file(temporary);
    if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly, QFileDevice::ReadOwner | QFileDevice::WriteOwner)) {
        *error = QStringLiteral("%1: %2").arg(temporary, file.errorString());
        return false;
    }
    QJsonObject o;
    o.insert(QStringLiteral("url"), connection.url);
    o.insert(QStringLiteral("token"), connection.token);
    if (!connection.caFile.isEmpty())
        o.insert(QStringLiteral("ca_file"), QFileInfo(connection.caFile).absoluteFilePath());
    const QByteArray bytes = QJsonDocument(o).toJson();
    if (file.write(bytes) != bytes.size() || !file.flush()) {
        *error = QStringLiteral("%1: %2").arg(temporary, file.errorString());
        file.close();
        QFile::remove(temporary);
        return false;
    }
    file.close();
    QFile::remove(path);
    if (!QFile::rename(temporary, path)) {
        *error = QStringLiteral("cannot replace %1").arg(path);
        return false;
    }
    return true;
}

} // namespace Railyard
