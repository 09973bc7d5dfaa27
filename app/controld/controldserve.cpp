#include "app/controld/controldserve.h"

#include "app/controld/httpserver.h"
#include "core/controlplane/controlservice.h"
#include "core/registry/formatregistry.h"
#include "core/health/healthfault.h"
#include "core/intents/keyring.h"
#include "core/jobs/jobspec.h"
#include "core/common/storageexception.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <boost/asio/signal_set.hpp>

#include <cstdio>
#include <map>
#include <thread>

namespace Railyard::Controld {
namespace {

namespace asio = boost::asio;

int fail(const QString &message, int code = 1)
{
    std::fprintf(stderr, "railyard-controld: %s\n", qPrintable(message));
    return code;
}

/// "CLUSTER=VALUE" → (CLUSTER, VALUE); a plain VALUE belongs to the only cluster.
bool splitClusterValue(const QString &text, const QStringList &clusters, QString *cluster, QString *value)
{
    const int eq = text.indexOf(QLatin1Char('='));
    if (eq > 0 && clusters.contains(text.left(eq))) {
        *cluster = text.left(eq);
        *value = text.mid(eq + 1);
        return true;
    }
    if (clusters.size() != 1)
        return false;
    *cluster = clusters.first();
    *value = text;
    return true;
}

std::optional<double> positiveNumber(const QCommandLineParser &p, const QString &name, double fallback)
{
    if (!p.isSet(name))
        return fallback;
    bool ok = false;
    const double v = p.value(name).toDouble(&ok);
    if (!ok || !(v > 0))
        return std::nullopt;
    return v;
}

} // namespace

int runServe(QStringList args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Serve the control-plane API (docs/api.md)."));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("listen"), QStringLiteral("Address and port (port 0: any free one). Default 127.0.0.1:8443."),
         QStringLiteral("host:port"), QStringLiteral("127.0.0.1:8443")},
        {QStringLiteral("db"), QStringLiteral("The service's SQLite database (created when missing)."),
         QStringLiteral("file")},
        {QStringLiteral("keyring"), QStringLiteral("Directory of NAME.pub keys trusted to sign intents."),
         QStringLiteral("dir")},
        {QStringLiteral("cluster"), QStringLiteral("A cluster and its fabric file; repeat for more."),
         QStringLiteral("name=fabric")},
        {QStringLiteral("job"),
         QStringLiteral("A training job running on a cluster ([CLUSTER=]FILE.job.json); repeatable."),
         QStringLiteral("job")},
        {QStringLiteral("inject"),
         QStringLiteral("A simulated fault ([CLUSTER=]FAULT, as railyard-cli health --inject)."),
         QStringLiteral("fault")},
        {QStringLiteral("telemetry"), QStringLiteral("sim (the simulator) or prometheus=URL. Default sim."),
         QStringLiteral("source"), QStringLiteral("sim")},
        {QStringLiteral("telemetry-interval"), QStringLiteral("Seconds between telemetry polls. Default 1."),
         QStringLiteral("s")},
        {QStringLiteral("tls-cert"), QStringLiteral("PEM certificate chain: serve HTTPS."), QStringLiteral("file")},
        {QStringLiteral("tls-key"), QStringLiteral("PEM private key of --tls-cert."), QStringLiteral("file")},
        {QStringLiteral("threads"), QStringLiteral("Threads serving requests. Default 1."), QStringLiteral("n")},
        {QStringLiteral("rate-limit"),
         QStringLiteral("Requests per second per token (burst: twice that); 0: none. Default 200."),
         QStringLiteral("n")},
        {QStringLiteral("max-body"), QStringLiteral("Largest request body in bytes. Default 1048576."),
         QStringLiteral("bytes")},
        {QStringLiteral("request-timeout"), QStringLiteral("Seconds to receive a whole request. Default 10."),
         QStringLiteral("s")},
        {QStringLiteral("max-connections"), QStringLiteral("Open connections at most. Default 1024."),
         QStringLiteral("n")},
        {QStringLiteral("max-connections-per-address"),
         QStringLiteral("Open connections from one address at most. Default 64."), QStringLiteral("n")},
        {QStringLiteral("idle-timeout"),
         QStringLiteral("Seconds a kept-alive connection may wait for its next request. Default 30."),
         QStringLiteral("s")},
        {QStringLiteral("audit-retention-days"),
         QStringLiteral("Days the audit log keeps its rows before pruning them behind a signed checkpoint; "
                        "0 keeps them all. Default 90."),
         QStringLiteral("days")},
        {QStringLiteral("audit-key"),
         QStringLiteral("The audit log's HMAC key file (created when missing). Default: DB.audit-key."),
         QStringLiteral("file")},
        {QStringLiteral("audit-anchor"),
         QStringLiteral("The file naming the audit log's newest entry, rewritten after every commit; keep it "
                        "where a thief of the database cannot write. Default: DB.audit-anchor."),
         QStringLiteral("file")},
    });
    args.prepend(QStringLiteral("railyard-controld serve"));
    if (!p.parse(args))
        return fail(p.errorText(), 2);
    if (p.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(p.helpText()), stdout);
        return 0;
    }
    for (const char *required : {"db", "keyring", "cluster"})
        if (!p.isSet(QLatin1String(required)))
            return fail(QStringLiteral("serve: --%1 is required").arg(QLatin1String(required)), 2);

    // --listen HOST:PORT
    const QString listen = p.value(QStringLiteral("listen"));
    const int colon = listen.lastIndexOf(QLatin1Char(':'));
    bool portOk = false;
    const int port = colon > 0 ? listen.mid(colon + 1).toInt(&portOk) : -1;
    boost::system::error_code addressError;
    const asio::ip::address address = asio::ip::make_address(
        listen.left(colon).remove(QLatin1Char('[')).remove(QLatin1Char(']')).toStdString(), addressError);
    if (!portOk || port < 0 || port > 65535 || addressError)
        return fail(QStringLiteral("--listen: \"%1\" is not HOST:PORT with a numeric address").arg(listen), 2);

    ClusterTelemetryOptions telemetry;
    const QString source = p.value(QStringLiteral("telemetry"));
    if (source.startsWith(QLatin1String("prometheus="))) {
        telemetry.source = "prometheus";
        telemetry.prometheusUrl = source.mid(11).toStdString();
    } else if (source != QLatin1String("sim")) {
        return fail(QStringLiteral("--telemetry: \"%1\" is not sim or prometheus=URL").arg(source), 2);
    }
    const std::optional<double> interval = positiveNumber(p, QStringLiteral("telemetry-interval"), 1.0);
    const std::optional<double> threads = positiveNumber(p, QStringLiteral("threads"), 1);
    const std::optional<double> maxBody = positiveNumber(p, QStringLiteral("max-body"), 1024 * 1024);
    const std::optional<double> timeout = positiveNumber(p, QStringLiteral("request-timeout"), 10);
    const std::optional<double> maxConnections = positiveNumber(p, QStringLiteral("max-connections"), 1024);
    const std::optional<double> perAddress = positiveNumber(p, QStringLiteral("max-connections-per-address"), 64);
    const std::optional<double> idle = positiveNumber(p, QStringLiteral("idle-timeout"), 30);
    bool retentionOk = true;
    const int retention = p.isSet(QStringLiteral("audit-retention-days"))
        ? p.value(QStringLiteral("audit-retention-days")).toInt(&retentionOk)
        : 90;
    bool rateOk = true;
    const double rate
        = p.isSet(QStringLiteral("rate-limit")) ? p.value(QStringLiteral("rate-limit")).toDouble(&rateOk) : 200;
    if (!interval || !threads || !maxBody || !timeout || !maxConnections || !perAddress || !idle || !rateOk || rate < 0
        || !retentionOk || retention < 0)
        return fail(QStringLiteral("serve: --telemetry-interval, --threads, --max-body, --request-timeout, "
                                   "--idle-timeout, --max-connections, --max-connections-per-address, "
                                   "--audit-retention-days and --rate-limit take positive numbers"),
                    2);
    telemetry.intervalSeconds = *interval;
    if ((p.isSet(QStringLiteral("tls-cert"))) != (p.isSet(QStringLiteral("tls-key"))))
        return fail(QStringLiteral("serve: --tls-cert and --tls-key go together"), 2);

    // Clusters: fabrics, jobs and faults.
    QStringList names;
    std::map<QString, std::shared_ptr<Fabric>> fabrics;
    for (const QString &spec : p.values(QStringLiteral("cluster"))) {
        const int eq = spec.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return fail(QStringLiteral("--cluster: \"%1\" is not NAME=FABRIC").arg(spec), 2);
        const QString name = spec.left(eq);
        if (names.contains(name))
            return fail(QStringLiteral("--cluster: %1 is given twice").arg(name), 2);
        ReadResult read = FormatRegistry::instance().readFile(spec.mid(eq + 1));
        if (!read.ok()) {
            std::fprintf(stderr, "railyard-controld: %s\n", qPrintable(read.errorText()));
            return 1;
        }
        names.push_back(name);
        fabrics[name] = std::make_shared<Fabric>(std::move(*read.fabric));
    }
    std::map<QString, std::vector<JobSpec>> jobs;
    for (const QString &spec : p.values(QStringLiteral("job"))) {
        QString cluster, file;
        if (!splitClusterValue(spec, names, &cluster, &file))
            return fail(QStringLiteral("--job: \"%1\" names no cluster; write CLUSTER=FILE").arg(spec), 2);
        const JobSpecResult r = readJobSpecFile(file);
        if (!r.ok())
            return fail(r.errorText());
        jobs[cluster].push_back(*r.job);
    }
    std::map<QString, std::vector<HealthFault>> faults;
    for (const QString &spec : p.values(QStringLiteral("inject"))) {
        QString cluster, text;
        if (!splitClusterValue(spec, names, &cluster, &text))
            return fail(QStringLiteral("--inject: \"%1\" names no cluster; write CLUSTER=FAULT").arg(spec), 2);
        std::string error;
        std::optional<HealthFault> fault = parseHealthFault(text.toStdString(), *fabrics[cluster], &error);
        if (!fault)
            return fail(QStringLiteral("--inject %1").arg(QString::fromStdString(error)), 2);
        faults[cluster].push_back(*fault);
    }
    QString keyringError;
    if (!Keyring::load(p.value(QStringLiteral("keyring")), &keyringError))
        return fail(QStringLiteral("--keyring: %1").arg(keyringError));

    std::vector<std::unique_ptr<ControlCluster>> clusters;
    std::vector<ControlCluster *> clusterPointers;
    try {
        for (const QString &name : names) {
            auto c = std::make_unique<ControlCluster>();
            c->name = name.toStdString();
            c->fabric = fabrics[name];
            std::vector<RunningJob> running = placeRunningJobs(*c->fabric, jobs[name]);
            c->telemetry
                = std::make_unique<ClusterTelemetry>(c->name, c->fabric, std::move(running), faults[name], telemetry);
            clusterPointers.push_back(c.get());
            clusters.push_back(std::move(c));
        }
    } catch (const std::exception &e) {
        return fail(QStringLiteral("cannot place the jobs: %1").arg(QString::fromUtf8(e.what())));
    }

    std::optional<ControlStore> store;
    try {
        ControlStoreOptions storeOptions;
        storeOptions.auditKeyPath = p.value(QStringLiteral("audit-key"));
        storeOptions.auditAnchorPath = p.value(QStringLiteral("audit-anchor"));
        store.emplace(p.value(QStringLiteral("db")), storeOptions);
        store->checkpointInBackground(0.5);
    } catch (const StorageException &e) {
        return fail(e.message());
    }
    ControlServiceOptions serviceOptions;
    serviceOptions.keyringDir = p.value(QStringLiteral("keyring"));
    serviceOptions.ratePerSecond = rate;
    serviceOptions.rateBurst = 2 * rate;
    serviceOptions.auditRetentionDays = retention;
    ControlService service(*store, clusterPointers, serviceOptions);

    std::shared_ptr<asio::ssl::context> tls;
    if (p.isSet(QStringLiteral("tls-cert"))) {
        tls = std::make_shared<asio::ssl::context>(asio::ssl::context::tls_server);
        tls->set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2
                         | asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 | asio::ssl::context::no_tlsv1_1
                         | asio::ssl::context::single_dh_use);
        boost::system::error_code ec;
        tls->use_certificate_chain_file(p.value(QStringLiteral("tls-cert")).toStdString(), ec);
        if (ec)
            return fail(QStringLiteral("--tls-cert %1: %2")
                            .arg(p.value(QStringLiteral("tls-cert")), QString::fromStdString(ec.message())));
        tls->use_private_key_file(p.value(QStringLiteral("tls-key")).toStdString(), asio::ssl::context::pem, ec);
        if (ec)
            return fail(QStringLiteral("--tls-key %1: %2")
                            .arg(p.value(QStringLiteral("tls-key")), QString::fromStdString(ec.message())));
    }

    HttpLimits limits;
    limits.maxBodyBytes = std::size_t(*maxBody);
    limits.requestTimeoutSeconds = *timeout;
    limits.maxConnections = int(*maxConnections);
    limits.maxConnectionsPerAddress = int(*perAddress);
    limits.idleTimeoutSeconds = *idle;
    const int threadCount = int(*threads);
    asio::io_context io(threadCount);
    std::optional<HttpServer> server;
    try {
        server.emplace(io, asio::ip::tcp::endpoint(address, std::uint16_t(port)), tls, limits,
                       [&service](const HttpRequest &in) {
                           ControlRequest request{in.method,      in.target, in.authorization, in.idempotencyKey,
                                                  in.contentType, in.body,   in.remote,        true};
                           ControlResponse r = service.handle(request);
                           return HttpResponse{r.status, std::move(r.body), std::move(r.headers)};
                       },
                       [&service](const std::string &authorization,
                                  const std::string &remote) -> std::optional<HttpResponse> {
                           std::optional<ControlResponse> r = service.admit(authorization, remote);
                           if (!r)
                               return std::nullopt;
                           return HttpResponse{r->status, std::move(r->body), std::move(r->headers)};
                       });
    } catch (const boost::system::system_error &e) {
        return fail(QStringLiteral("--listen %1: %2").arg(listen, QString::fromStdString(e.code().message())));
    }
    server->start();
    asio::signal_set stopSignals(io, SIGINT, SIGTERM);
    stopSignals.async_wait([&](const boost::system::error_code &, int) {
        server->stop();
        io.stop();
    });
    const asio::ip::tcp::endpoint bound = server->localEndpoint();
    std::printf("railyard-controld: listening on %s://%s:%u (%d cluster%s, database %s)\n", tls ? "https" : "http",
                bound.address().to_string().c_str(), unsigned(bound.port()), int(names.size()),
                names.size() == 1 ? "" : "s", qPrintable(p.value(QStringLiteral("db"))));
    std::fflush(stdout);

    std::vector<std::thread> workers;
    for (int i = 1; i < threadCount; ++i)
        workers.emplace_back([&io] { io.run(); });
    io.run();
    for (std::thread &t : workers)
        t.join();
    const HttpCounters &c = server->counters();
    std::fprintf(stderr,
                 "railyard-controld: stopped after %llu connections, %llu requests, %llu malformed or too large, "
                 "%llu timed out, %llu refused over the connection caps, %llu refused before their body, "
                 "%llu accept errors\n",
                 (unsigned long long)c.connections.load(), (unsigned long long)c.requests.load(),
                 (unsigned long long)c.badRequests.load(), (unsigned long long)c.timeouts.load(),
                 (unsigned long long)c.rejectedConnections.load(), (unsigned long long)c.refusedBeforeBody.load(),
                 (unsigned long long)c.acceptErrors.load());
    return 0;
}

} // namespace Railyard::Controld
