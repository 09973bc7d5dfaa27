#pragma once

// The client of the control-plane API (docs/api.md), for the desktop app and
// `railyard-cli remote`: bearer token, JSON in and out, HTTPS with an
// optional extra CA certificate (a service started with its own
// self-signed certificate). On Qt Network, so it needs no further library;
// the service's HTTP server (app/controld) is a separate implementation,
// and the integration tests use neither.
//
// Redirects are never followed: the bearer token would go with the request
// to wherever the redirect points. A 3xx answer is reported as an error.
//
// Connections are kept in a small file readable only by its owner
// (QStandardPaths' config location, "controlplane.json", mode 0600): the
// URL, the token and the CA file. Tokens never go into a project.

#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <string>

class QNetworkAccessManager;

namespace Railyard {

struct ControlConnection
{
    QString url;    ///< "http://127.0.0.1:8443" or "https://…", without a trailing slash
    QString token;  ///< "ryd_…"
    QString caFile; ///< PEM certificate to trust in addition to the system's ("" for none), absolute

    /// A warning when the token would cross a network in clear: plain
    /// http:// to a host that is not this machine's loopback. Empty otherwise.
    QString securityWarning() const;
};

struct ControlReply
{
    int status = 0;         ///< HTTP status; 0 when no response arrived
    std::string body;       ///< response body
    QString transportError; ///< connection refused, TLS failure, timeout…

    bool ok() const { return transportError.isEmpty() && status >= 200 && status < 300; }
    /// "HTTP 403 forbidden: the role viewer may not …" or the transport error.
    QString errorText() const;
};

class ControlClient
{
public:
    explicit ControlClient(ControlConnection connection, double timeoutSeconds = 10);
    ~ControlClient();
    ControlClient(const ControlClient &) = delete;
    ControlClient &operator=(const ControlClient &) = delete;

    const ControlConnection &connection() const { return m_connection; }

    /// Sends a request and waits for the reply (runs a local event loop).
    ControlReply get(const QString &path);
    ControlReply post(const QString &path, const std::string &jsonBody, const QString &idempotencyKey = {});

    /// Sends a request and calls `done` from the event loop of the calling
    /// thread when the reply arrives (the desktop app's way).
    void send(const QByteArray &method, const QString &path, const std::string &jsonBody, const QString &idempotencyKey,
              std::function<void(ControlReply)> done);

    /// The saved connection (url, token, CA file), when there is one.
    static std::optional<ControlConnection> loadSaved(QString *error);
    /// Saves the connection in a file only its owner can read.
    static bool save(const ControlConnection &connection, QString *error);
    static QString savedPath();

private:
    ControlConnection m_connection;
    double m_timeoutSeconds;
    std::unique_ptr<QNetworkAccessManager> m_network;
};

} // namespace Railyard
