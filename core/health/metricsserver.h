#pragma once

// A minimal HTTP/1.1 server for Prometheus scrapes on loopback: QTcpServer
// (Qt 6.4's qtbase has no HTTP server), GET and HEAD only, one response per
// connection (Connection: close), request heads up to 16 KiB. Serves a body
// per path from a handler; everything else is 404 / 405 / 400.
//
// It listens on 127.0.0.1 only: listen() refuses any other address. Lives in
// the thread that created it and needs that thread's event loop.

#include <QHostAddress>
#include <QObject>

#include <functional>
#include <string>

class QTcpServer;
class QTcpSocket;

namespace Railyard {

class MetricsServer : public QObject
{
    Q_OBJECT
public:
    /// Returns the body for `path` (e.g. "/metrics") and `query` (the raw
    /// text after '?', percent-encoded) and may set `contentType`; false for 404.
    using Handler = std::function<bool(const std::string &path, const std::string &query, std::string &body,
                                       std::string &contentType)>;

    explicit MetricsServer(Handler handler, QObject *parent = nullptr);
    ~MetricsServer() override;

    /// Listens on 127.0.0.1:`port` (0 picks a free port). False with `error`
    /// when the address is not loopback or the port is taken.
    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const;

private:
    void onConnection();
    void onReadable(QTcpSocket *socket);

    Handler m_handler;
    QTcpServer *m_server = nullptr;
};

} // namespace Railyard
