#include "app/controld/httpserver.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <chrono>
#include <optional>

namespace Railyard::Controld {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

struct HttpServer::Shared
{
    asio::io_context &io;
    tcp::acceptor acceptor;
    std::shared_ptr<asio::ssl::context> tls;
    HttpLimits limits;
    HttpHandler handler;
    HttpCounters counters;

    Shared(asio::io_context &io, std::shared_ptr<asio::ssl::context> tls, HttpLimits limits, HttpHandler handler)
        : io(io)
        , acceptor(asio::make_strand(io))
        , tls(std::move(tls))
        , limits(limits)
        , handler(std::move(handler))
    { }
};

namespace {

std::chrono::steady_clock::duration seconds(double s)
{
    return std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(s));
}

http::response<http::string_body> makeResponse(int status, std::string body, unsigned version, bool keepAlive)
{
    http::response<http::string_body> res{static_cast<http::status>(status), version};
    res.set(http::field::server, "railyard-controld");
    res.set(http::field::content_type, "application/json");
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(keepAlive);
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
}

std::string errorBody(const char *code, const char *message)
{
    return std::string("{\"error\":{\"code\":\"") + code + "\",\"message\":\"" + message + "\"}}";
}

/// One connection; Stream is beast::tcp_stream or beast::ssl_stream<beast::tcp_stream>.
template<class Derived>
class Session
{
public:
    explicit Session(std::shared_ptr<HttpServer::Shared> shared, std::string remote)
        : m_shared(std::move(shared))
        , m_remote(std::move(remote))
    {
        m_shared->counters.open.fetch_add(1);
        m_shared->counters.connections.fetch_add(1);
    }
    ~Session() { m_shared->counters.open.fetch_sub(1); }

protected:
    Derived &derived() { return static_cast<Derived &>(*this); }

    void readRequest(bool first)
    {
        m_parser.emplace();
        m_parser->header_limit(std::uint32_t(m_shared->limits.maxHeaderBytes));
        m_parser->body_limit(m_shared->limits.maxBodyBytes);
        // The idle deadline until the first byte of a later request would
        // need a separate wait; one deadline covers the wait and the whole
        // request, the shorter on the first.
        beast::get_lowest_layer(derived().stream())
            .expires_after(
                seconds(first ? m_shared->limits.requestTimeoutSeconds : m_shared->limits.idleTimeoutSeconds));
        http::async_read(
            derived().stream(), m_buffer, *m_parser,
            [self = derived().shared_from_this()](beast::error_code ec, std::size_t) { self->onRead(ec); });
    }

    void onRead(beast::error_code ec)
    {
        if (ec == http::error::end_of_stream || ec == asio::error::eof || ec == asio::ssl::error::stream_truncated)
            return derived().close();
        if (ec == beast::error::timeout) {
            m_shared->counters.timeouts.fetch_add(1);
            return; // the stream is closed by the timeout
        }
        if (ec == asio::error::operation_aborted || ec == asio::error::connection_reset)
            return;
        if (ec) {
            m_shared->counters.badRequests.fetch_add(1);
            int status = 400;
            const char *code = "bad_request";
            const char *message = "the request is not valid HTTP/1.1";
            if (ec == http::error::body_limit) {
                status = 413;
                code = "payload_too_large";
                message = "the request body is larger than this service accepts";
            } else if (ec == http::error::header_limit) {
                status = 431;
                code = "headers_too_large";
                message = "the request headers are larger than this service accepts";
            }
            return write(makeResponse(status, errorBody(code, message), 11, false));
        }
        const http::request<http::string_body> &req = m_parser->get();
        HttpRequest request;
        request.method = std::string(req.method_string());
        request.target = std::string(req.target());
        request.authorization = std::string(req[http::field::authorization]);
        request.idempotencyKey = std::string(req["Idempotency-Key"]);
        request.contentType = std::string(req[http::field::content_type]);
        request.body = req.body();
        request.remote = m_remote;
        m_shared->counters.requests.fetch_add(1);
        HttpResponse response = m_shared->handler(request);
        auto res = makeResponse(response.status, std::move(response.body), req.version(), req.keep_alive());
        for (auto &[name, value] : response.headers)
            res.set(name, value);
        write(std::move(res));
    }

    void write(http::response<http::string_body> &&res)
    {
        auto owned = std::make_shared<http::response<http::string_body>>(std::move(res));
        beast::get_lowest_layer(derived().stream()).expires_after(seconds(m_shared->limits.requestTimeoutSeconds));
        http::async_write(derived().stream(), *owned,
                          [self = derived().shared_from_this(), owned](beast::error_code ec, std::size_t) {
                              if (ec)
                                  return;
                              if (!owned->keep_alive())
                                  return self->close();
                              self->readRequest(false);
                          });
    }

    std::shared_ptr<HttpServer::Shared> m_shared;
    std::string m_remote;
    beast::flat_buffer m_buffer;
    std::optional<http::request_parser<http::string_body>> m_parser;
};

class PlainSession
    : public Session<PlainSession>
    , public std::enable_shared_from_this<PlainSession>
{
public:
    PlainSession(tcp::socket &&socket, std::shared_ptr<HttpServer::Shared> shared, std::string remote)
        : Session(std::move(shared), std::move(remote))
        , m_stream(std::move(socket))
    { }
    beast::tcp_stream &stream() { return m_stream; }
    void run()
    {
        asio::dispatch(m_stream.get_executor(), [self = shared_from_this()] { self->readRequest(true); });
    }
    void reject() { write(makeResponse(503, errorBody("unavailable", "too many open connections"), 11, false)); }
    void close()
    {
        beast::error_code ec;
        m_stream.socket().shutdown(tcp::socket::shutdown_send, ec);
    }

private:
    beast::tcp_stream m_stream;
};

class TlsSession
    : public Session<TlsSession>
    , public std::enable_shared_from_this<TlsSession>
{
public:
    TlsSession(tcp::socket &&socket, std::shared_ptr<HttpServer::Shared> shared, std::string remote)
        : Session(shared, std::move(remote))
        , m_stream(std::move(socket), *shared->tls)
    { }
    beast::ssl_stream<beast::tcp_stream> &stream() { return m_stream; }
    void run()
    {
        asio::dispatch(m_stream.get_executor(), [self = shared_from_this()] {
            beast::get_lowest_layer(self->m_stream)
                .expires_after(seconds(self->m_shared->limits.requestTimeoutSeconds));
            self->m_stream.async_handshake(asio::ssl::stream_base::server, [self](beast::error_code ec) {
                if (ec) {
                    self->m_shared->counters.badRequests.fetch_add(1);
                    return;
                }
                self->readRequest(true);
            });
        });
    }
    void reject()
    {
        // No handshake for a connection over the cap: just close it.
        beast::error_code ec;
        beast::get_lowest_layer(m_stream).socket().close(ec);
    }
    void close()
    {
        beast::get_lowest_layer(m_stream).expires_after(std::chrono::seconds(2));
        m_stream.async_shutdown([self = shared_from_this()](beast::error_code) {});
    }

private:
    beast::ssl_stream<beast::tcp_stream> m_stream;
};

void accept(const std::shared_ptr<HttpServer::Shared> &shared)
{
    shared->acceptor.async_accept(asio::make_strand(shared->io), [shared](beast::error_code ec, tcp::socket socket) {
        if (ec == asio::error::operation_aborted)
            return;
        if (!ec) {
            beast::error_code endpointError;
            const tcp::endpoint peer = socket.remote_endpoint(endpointError);
            std::string remote = endpointError ? std::string("?") : peer.address().to_string();
            const bool over = shared->counters.open.load() >= shared->limits.maxConnections;
            if (over)
                shared->counters.rejectedConnections.fetch_add(1);
            if (shared->tls) {
                auto session = std::make_shared<TlsSession>(std::move(socket), shared, std::move(remote));
                over ? session->reject() : session->run();
            } else {
                auto session = std::make_shared<PlainSession>(std::move(socket), shared, std::move(remote));
                over ? session->reject() : session->run();
            }
        }
        accept(shared);
    });
}

} // namespace

HttpServer::HttpServer(asio::io_context &io, const tcp::endpoint &endpoint, std::shared_ptr<asio::ssl::context> tls,
                       HttpLimits limits, HttpHandler handler)
    : m_shared(std::make_shared<Shared>(io, std::move(tls), limits, std::move(handler)))
{
    tcp::acceptor &a = m_shared->acceptor;
    a.open(endpoint.protocol());
    a.set_option(asio::socket_base::reuse_address(true));
    a.bind(endpoint);
    a.listen(asio::socket_base::max_listen_connections);
}

HttpServer::~HttpServer() = default;

tcp::endpoint HttpServer::localEndpoint() const
{
    return m_shared->acceptor.local_endpoint();
}

void HttpServer::start()
{
    accept(m_shared);
}

void HttpServer::stop()
{
    asio::post(m_shared->acceptor.get_executor(), [shared = m_shared] {
        beast::error_code ec;
        shared->acceptor.close(ec);
    });
}

const HttpCounters &HttpServer::counters() const
{
    return m_shared->counters;
}

} // namespace Railyard::Controld
