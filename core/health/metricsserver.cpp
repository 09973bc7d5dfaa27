#include "core/health/metricsserver.h"

#include <QTcpServer>
#include <QTcpSocket>

namespace Railyard {
namespace {

constexpr qsizetype maxHead = 16 * 1024;

void respond(QTcpSocket *socket, int status, const char *reason, const std::string &body, const std::string &type,
             bool head)
{
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\n";
    out += "Content-Type: " + QByteArray::fromStdString(type) + "\r\n";
    out += "Content-Length: " + QByteArray::number(qsizetype(body.size())) + "\r\n";
    out += "Connection: close\r\n\r\n";
    if (!head)
        out.append(body.data(), qsizetype(body.size()));
    socket->write(out);
    socket->disconnectFromHost();
}

} // namespace

MetricsServer::MetricsServer(Handler handler, QObject *parent)
    : QObject(parent)
    , m_handler(std::move(handler))
    , m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &MetricsServer::onConnection);
}

MetricsServer::~MetricsServer() = default;

bool MetricsServer::listen(const QHostAddress &address, quint16 port, QString *error)
{
    if (address != QHostAddress(QHostAddress::LocalHost)) {
        if (error)
            *error
                = QStringLiteral("%1 is not 127.0.0.1: the exporter listens on loopback only").arg(address.toString());
        return false;
    }
    if (!m_server->listen(address, port)) {
        if (error)
            *error = QStringLiteral("cannot listen on 127.0.0.1:%1: %2").arg(port).arg(m_server->errorString());
        return false;
    }
    return true;
}

quint16 MetricsServer::port() const
{
    return m_server->serverPort();
}

void MetricsServer::onConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadable(socket); });
    }
}

void MetricsServer::onReadable(QTcpSocket *socket)
{
    if (socket->property("answered").toBool()) {
        socket->readAll();
        return;
    }
    QByteArray buffer = socket->property("buffer").toByteArray() + socket->readAll();
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0) {
        if (buffer.size() > maxHead) {
            socket->setProperty("answered", true);
            respond(socket, 431, "Request Header Fields Too Large", "request head too large\n", "text/plain", false);
        } else {
            socket->setProperty("buffer", buffer);
        }
        return;
    }
    socket->setProperty("answered", true);
    const QByteArray requestLine = buffer.left(buffer.indexOf("\r\n"));
    const QList<QByteArray> parts = requestLine.split(' ');
    if (parts.size() != 3 || !parts[2].startsWith("HTTP/1.")) {
        respond(socket, 400, "Bad Request", "bad request line\n", "text/plain", false);
        return;
    }
    const bool head = parts[0] == "HEAD";
    if (parts[0] != "GET" && !head) {
        respond(socket, 405, "Method Not Allowed", "GET or HEAD only\n", "text/plain", false);
        return;
    }
    QByteArray target = parts[1], query;
    const qsizetype mark = target.indexOf('?');
    if (mark >= 0) {
        query = target.mid(mark + 1);
        target.truncate(mark);
    }
    std::string body, type = "text/plain; version=0.0.4; charset=utf-8";
    if (!m_handler || !m_handler(target.toStdString(), query.toStdString(), body, type)) {
        respond(socket, 404, "Not Found", "not found\n", "text/plain", head);
        return;
    }
    respond(socket, 200, "OK", body, type, head);
}

} // namespace Railyard
