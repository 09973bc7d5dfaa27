#include "app/controld/httpserver.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <mutex>
#include <optional>
#include <unordered_map>

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
    HttpGate gate;
    HttpCounters counters;
    asio::steady_timer acceptBackoff;
    std::chrono::milliseconds backoff{0};
    std::mutex addressMutex;
    std::unordered_map<std::string, int> perAddress; ///< open connections by peer address

    Shared(asio::io_context &io, std::shared_ptr<asio::ssl::context> tls, HttpLimits limits, HttpHandler handler,
           HttpGate gate)
        : io(io)
        , acceptor(asio::make_strand(io))
        , tls(std::move(tls))
        , limits(limits)
        , handler(std::move(handler))
        , gate(std::move(gate))
        , acceptBackoff(acceptor.get_executor())
    { }

    /// Takes a slot for `remote`; false when the address is at its cap.
    bool takeSlot(const std::string &remote)
    {
        std::lock_guard lock(addressMutex);
        int &open = perAddress[remote];
        if (open >= limits.maxConnectionsPerAddress) {
            if (open == 0)
                perAddress.erase(remote);
            return false;
        }
        ++open;
        return true;
    }
    void releaseSlot(const std::string &remote)
    {
        std::lock_guard lock(addressMutex);
        const auto it = perAddress.find(remote);
        if (it != perAddress.end() && --it->second <= 0)
            perAddress.erase(it);
    }
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
    /// `slot`: the session holds one of its address's connection slots.
    explicit Session(std::shared_ptr<HttpServer::Shared> shared, std::string remote, bool slot)
        : m_shared(std::move(shared))
        , m_remote(std::move(remote))
        , m_slot(slot)
    {
        m_shared->counters.open.fetch_add(1);
        m_shared->counters.connections.fetch_add(1);
    }
    ~Session()
    {
        m_shared->counters.open.fetch_sub(1);
        if (m_slot)
            m_shared->releaseSlot(m_remote);
    }

protected:
    Derived &derived() { return static_cast<Derived &>(*this); }

    void readRequest(bool first)
    {
        m_parser.emplace();
        m_parser->header_limit(std::uint32_t(m_shared->limits.maxHeaderBytes));
        m_parser->body_limit(m_shared->limits.maxBodyBytes);
        if (first || m_buffer.size() > 0)
            return readHeader();
        // Between requests: the idle deadline covers only the wait for the
        // next request's first byte; the request deadline starts with it.
        beast::get_lowest_layer(derived().stream()).expires_after(seconds(m_shared->limits.idleTimeoutSeconds));
        derived().stream().async_read_some(
            m_buffer.prepare(4096), [self = derived().shared_from_this()](beast::error_code ec, std::size_t n) {
                if (ec)
                    return self->onRead(ec);
                self->m_buffer.commit(n);
                self->readHeader();
            });
    }

    void readHeader()
    {
        beast::get_lowest_layer(derived().stream()).expires_after(seconds(m_shared->limits.requestTimeoutSeconds));
        http::async_read_header(
            derived().stream(), m_buffer, *m_parser,
            [self = derived().shared_from_this()](beast::error_code ec, std::size_t) { self->onHeader(ec); });
    }

    void onHeader(beast::error_code ec)
    {
        if (ec)
            return onRead(ec);
        // The gate sees the credentials before the body is read: an
        // anonymous request costs its headers and nothing more.
        if (m_shared->gate) {
            const auto &header = m_parser->get();
            if (std::optional<HttpResponse> refusal
                = m_shared->gate(std::string(header[http::field::authorization]), m_remote)) {
                m_shared->counters.refusedBeforeBody.fetch_add(1);
                auto res = makeResponse(refusal->status, std::move(refusal->body), header.version(), false);
                for (auto &[name, value] : refusal->headers)
                    res.set(name, value);
                return write(std::move(res));
            }
        }
        if (m_parser->is_done())
            return onRead({});
        // The deadline set for the header runs on: one deadline per request.
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
    bool m_slot = false;
    beast::flat_buffer m_buffer;
    std::optional<http::request_parser<http::string_body>> m_parser;
};

class PlainSession
    : public Session<PlainSession>
    , public std::enable_shared_from_this<PlainSession>
{
public:
    PlainSession(tcp::socket &&socket, std::shared_ptr<HttpServer::Shared> shared, std::string remote, bool slot)
        : Session(std::move(shared), std::move(remote), slot)
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
    TlsSession(tcp::socket &&socket, std::shared_ptr<HttpServer::Shared> shared, std::string remote, bool slot)
        : Session(shared, std::move(remote), slot)
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
        if (ec) {
            // Out of descriptors (EMFILE, ENFILE) or memory: accepting again at
            // once fails again at once. Wait, longer each time, up to a second.
            shared->counters.acceptErrors.fetch_add(1);
            shared->backoff = std::min(std::chrono::milliseconds(1000),
                                       std::max(std::chrono::milliseconds(10), shared->backoff * 2));
            shared->acceptBackoff.expires_after(shared->backoff);
            shared->acceptBackoff.async_wait([shared](beast::error_code waitError) {
                if (!waitError)
                    accept(shared);
            });
            return;
        }
        shared->backoff = std::chrono::milliseconds(0);
        beast::error_code endpointError;
        const tcp::endpoint peer = socket.remote_endpoint(endpointError);
        std::string remote = endpointError ? std::string("?") : peer.address().to_string();
        bool over = shared->counters.open.load() >= shared->limits.maxConnections;
        const bool slot = !over && shared->takeSlot(remote);
        over = over || !slot;
        if (over)
            shared->counters.rejectedConnections.fetch_add(1);
        if (shared->tls) {
            auto session = std::make_shared<TlsSession>(std::move(socket), shared, std::move(remote), slot);
            over ? session->reject() : session->run();
        } else {
            auto session = std::make_shared<PlainSession>(std::move(socket), shared, std::move(remote), slot);
            over ? session->reject() : session->run();
        }
        accept(shared);
    });
}

} // namespace

HttpServer::HttpServer(asio::io_context &io, const tcp::endpoint &endpoint, std::shared_ptr<asio::ssl::context> tls,
                       HttpLimits limits, HttpHandler handler, HttpGate gate)
    : m_shared(std::make_shared<Shared>(io, std::move(tls), limits, std::move(handler), std::move(gate)))
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
