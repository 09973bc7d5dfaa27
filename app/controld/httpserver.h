#pragma once

// railyard-controld's HTTP/1.1 server on Boost.Beast (asynchronous, one
// io_context run by --threads threads, a strand per connection), in plain
// TCP or TLS (Boost.Asio over OpenSSL). It owns the wire-level defences, so
// the service behind it (core/controlplane) sees only complete requests:
//
//  * header and body size limits (431 / 413, then the connection closes);
//  * one deadline for reading a whole request, headers and body (a client
//    that trickles bytes, as slowloris does, is cut off at the deadline),
//    on every request of a kept-alive connection: the idle deadline covers
//    only the wait for a later request's first byte;
//  * the Authorization header is checked (by the gate) before the body is
//    read: an anonymous client cannot make the service read a megabyte;
//  * a cap on open connections, in all and per address: beyond either a
//    new connection gets a 503 and is closed, so one host cannot hold every
//    slot, and a flood costs a little memory each and nothing more;
//  * accept() failing for want of descriptors (EMFILE) backs off instead of
//    spinning;
//  * malformed requests get a 400 and the connection closes.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace Railyard::Controld {

struct HttpLimits
{
    std::size_t maxHeaderBytes = 16 * 1024;
    std::size_t maxBodyBytes = 1024 * 1024;
    double requestTimeoutSeconds = 10; ///< to read one whole request
    double idleTimeoutSeconds = 30;    ///< between requests on a kept-alive connection
    int maxConnections = 1024;
    int maxConnectionsPerAddress = 64;
};

struct HttpRequest
{
    std::string method;
    std::string target;
    std::string authorization;
    std::string idempotencyKey;
    std::string contentType;
    std::string body;
    std::string remote;
};

struct HttpResponse
{
    int status = 200;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
};

using HttpHandler = std::function<HttpResponse(const HttpRequest &)>;
/// Asked with a request's Authorization header and peer address once its
/// headers are in, before its body: a response refuses the request (the
/// connection then closes), std::nullopt lets it through.
using HttpGate = std::function<std::optional<HttpResponse>(const std::string &authorization, const std::string &remote)>;

struct HttpCounters
{
    std::atomic<std::uint64_t> connections{0};
    std::atomic<std::uint64_t> requests{0};
    std::atomic<std::uint64_t> rejectedConnections{0}; ///< over maxConnections or maxConnectionsPerAddress
    std::atomic<std::uint64_t> refusedBeforeBody{0};   ///< refused by the gate, body unread
    std::atomic<std::uint64_t> acceptErrors{0};        ///< accept() failures (EMFILE, ...), each followed by a back-off
    std::atomic<std::uint64_t> badRequests{0};         ///< malformed, too large
    std::atomic<std::uint64_t> timeouts{0};
    std::atomic<int> open{0};
};

class HttpServer
{
public:
    /// Binds and listens (throws boost::system::system_error on failure).
    /// `tls` null: plain HTTP.
    HttpServer(boost::asio::io_context &io, const boost::asio::ip::tcp::endpoint &endpoint,
               std::shared_ptr<boost::asio::ssl::context> tls, HttpLimits limits, HttpHandler handler,
               HttpGate gate = {});
    ~HttpServer();

    /// The bound endpoint (the port chosen when 0 was asked for).
    boost::asio::ip::tcp::endpoint localEndpoint() const;
    void start();
    void stop();
    const HttpCounters &counters() const;

    struct Shared;

private:
    std::shared_ptr<Shared> m_shared;
};

} // namespace Railyard::Controld
