#include "app/cli/remotecommand.h"

#include "app/cli/clicommon.h"
#include "core/controlplane/controlclient.h"
#include "core/controlplane/controlrecords.h"

#include <QFile>
#include <QUrl>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUuid>

namespace Railyard::Cli {
namespace {

void addConnectionOptions(CommandLine &cl)
{
    cl.addOption({QStringLiteral("url")},
                 QStringLiteral("The service, e.g. https://controld.example:8443 (default: the "
                                "saved connection, see 'remote connect')."),
                 QStringLiteral("url"));
    cl.addOption({QStringLiteral("token-file")},
                 QStringLiteral("File holding the bearer token (default: $RAILYARD_TOKEN, then the saved connection)."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("ca")}, QStringLiteral("PEM certificate to trust for HTTPS (a self-signed service)."),
                 QStringLiteral("file"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print the service's JSON instead of text."));
}

QString readTokenFile(const CommandLine &cl, const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        cl.fail(QStringLiteral("--token-file %1: %2").arg(path, file.errorString()));
    return QString::fromUtf8(file.readAll()).trimmed();
}

ControlConnection connectionFrom(const CommandLine &cl)
{
    QString error;
    std::optional<ControlConnection> saved = ControlClient::loadSaved(&error);
    ControlConnection c = saved.value_or(ControlConnection{});
    if (cl.isSet(QStringLiteral("url")))
        c.url = cl.value(QStringLiteral("url"));
    if (cl.isSet(QStringLiteral("token-file")))
        c.token = readTokenFile(cl, cl.value(QStringLiteral("token-file")));
    else if (!qEnvironmentVariableIsEmpty("RAILYARD_TOKEN"))
        c.token = qEnvironmentVariable("RAILYARD_TOKEN");
    if (cl.isSet(QStringLiteral("ca")))
        c.caFile = QFileInfo(cl.value(QStringLiteral("ca"))).absoluteFilePath();
    if (c.url.isEmpty() || c.token.isEmpty())
        cl.fail(error.isEmpty()
                    ? QStringLiteral("no service: give --url and --token-file, or save them with 'remote connect'")
                    : error);
    if (const QString warning = c.securityWarning(); !warning.isEmpty())
        printErr(warning);
    return c;
}

/// Prints the reply (JSON or text) and returns the exit code.
int finish(const CommandLine &cl, const ControlReply &reply, const std::function<QString(const QJsonObject &)> &text)
{
    if (!reply.ok()) {
        printErr(QStringLiteral("%1: %2").arg(cl.command(), reply.errorText()));
        return ExitBadInput;
    }
    if (cl.isSet(QStringLiteral("json"))) {
        printOutRaw(reply.body);
        return ExitOk;
    }
    printOut(text(QJsonDocument::fromJson(QByteArray::fromStdString(reply.body)).object()));
    return ExitOk;
}

QString networkLine(const QJsonObject &object)
{
    const std::optional<NetworkAnswer> answer = networkFromJson(object);
    if (!answer)
        return QStringLiteral("(not a network)");
    const NetworkRecord &n = answer->network;
    QString line = QStringLiteral("%1  %2  %3  %4 rails  %5  %6  %7 Gbit/s per host  intent v%8")
                       .arg(QString::fromStdString(n.id), QString::fromStdString(n.cluster),
                            QString::fromStdString(n.backend))
                       .arg(n.rails)
                       .arg(QString::fromStdString(n.topology), QString::fromStdString(n.status))
                       .arg(n.bandwidthGbpsPerHost)
                       .arg(n.intentVersion);
    if (!n.statusReason.empty())
        line += QStringLiteral("\n  ") + QString::fromStdString(n.statusReason);
    return line;
}

QString idempotencyKey(const CommandLine &cl)
{
    // A fresh key per invocation: a retry by the client library is safe,
    // and a script that wants its own retries safe passes its own key.
    return cl.isSet(QStringLiteral("idempotency-key")) ? cl.value(QStringLiteral("idempotency-key"))
                                                       : QUuid::createUuid().toString(QUuid::WithoutBraces);
}

int runConnect(const QStringList &args)
{
    CommandLine cl(QStringLiteral("remote connect"),
                   QStringLiteral("Checks a control-plane service and saves the connection (URL, token, CA file) in "
                                  "a file only you can read, for the other 'remote' commands and the desktop app."));
    addConnectionOptions(cl);
    if (!cl.parse(args))
        return ExitOk;
    const ControlConnection c = connectionFrom(cl);
    ControlClient client(c);
    const ControlReply reply = client.get(QStringLiteral("/v1/healthz"));
    if (!reply.ok()) {
        printErr(QStringLiteral("%1: %2").arg(c.url, reply.errorText()));
        return ExitBadInput;
    }
    QString error;
    if (!ControlClient::save(c, &error)) {
        printErr(error);
        return ExitBadInput;
    }
    printOut(QStringLiteral("connected to %1; saved in %2").arg(c.url, ControlClient::savedPath()));
    return ExitOk;
}

int runNetworks(const QStringList &args)
{
    CommandLine cl(QStringLiteral("remote networks"), QStringLiteral("Lists the training networks (every page)."));
    addConnectionOptions(cl);
    if (!cl.parse(args))
        return ExitOk;
    ControlClient client(connectionFrom(cl));
    QJsonArray all;
    QString next;
    do {
        const ControlReply reply = client.get(QStringLiteral("/v1/training-networks?limit=200")
                                              + (next.isEmpty() ? QString() : QStringLiteral("&page_token=") + next));
        if (!reply.ok()) {
            printErr(QStringLiteral("remote networks: %1").arg(reply.errorText()));
            return ExitBadInput;
        }
        const QJsonObject page = QJsonDocument::fromJson(QByteArray::fromStdString(reply.body)).object();
        for (const QJsonValue &v : page.value(QStringLiteral("items")).toArray())
            all.append(v);
        next = page.value(QStringLiteral("next_page_token")).toString();
    } while (!next.isEmpty());
    if (cl.isSet(QStringLiteral("json"))) {
        printOutRaw(
            QJsonDocument(QJsonObject{{QStringLiteral("items"), all}}).toJson(QJsonDocument::Compact).toStdString());
        return ExitOk;
    }
    if (all.isEmpty())
        printOut(QStringLiteral("no training networks"));
    for (const QJsonValue &v : all)
        printOut(networkLine(v.toObject()));
    return ExitOk;
}

int runNetwork(const QStringList &args)
{
    CommandLine cl(QStringLiteral("remote network"), QStringLiteral("Shows one training network."));
    cl.addPositional(QStringLiteral("NETWORK"), QStringLiteral("Its id (net_…)."));
    addConnectionOptions(cl);
    if (!cl.parse(args))
        return ExitOk;
    ControlClient client(connectionFrom(cl));
    return finish(cl, client.get(QStringLiteral("/v1/training-networks/") + cl.positional(0)), networkLine);
}

int runCreate(const QStringList &args)
{
    CommandLine cl(QStringLiteral("remote create"), QStringLiteral("Provisions a training network on a cluster."));
    cl.addOption({QStringLiteral("cluster")}, QStringLiteral("Cluster name, as the service knows it."),
                 QStringLiteral("name"));
    cl.addOption({QStringLiteral("backend")}, QStringLiteral("roce or infiniband. Default roce."),
                 QStringLiteral("backend"), QStringLiteral("roce"));
    cl.addOption({QStringLiteral("rails")}, QStringLiteral("Rails per host."), QStringLiteral("n"));
    cl.addOption({QStringLiteral("topology")},
                 QStringLiteral("rail_optimized, fat_tree or clos. Default rail_optimized."), QStringLiteral("kind"),
                 QStringLiteral("rail_optimized"));
    cl.addOption({QStringLiteral("idempotency-key")}, QStringLiteral("Key making a retry safe (default: a fresh one)."),
                 QStringLiteral("key"));
    addConnectionOptions(cl);
    if (!cl.parse(args))
        return ExitOk;
    const QJsonObject body{{QStringLiteral("cluster"), cl.requiredString(QStringLiteral("cluster"))},
                           {QStringLiteral("backend"), cl.value(QStringLiteral("backend"))},
                           {QStringLiteral("rails"), cl.requiredInt(QStringLiteral("rails"), 1)},
                           {QStringLiteral("topology"), cl.value(QStringLiteral("topology"))}};
    ControlClient client(connectionFrom(cl));
    return finish(cl,
                  client.post(QStringLiteral("/v1/training-networks"),
                              QJsonDocument(body).toJson(QJsonDocument::Compact).toStdString(), idempotencyKey(cl)),
                  [](const QJsonObject &o) {
                      return QStringLiteral("%1: %2").arg(o.value(QStringLiteral("network_id")).toString(),
                                                          o.value(QStringLiteral("status")).toString());
                  });
}

int runPushIntent(const QStringList &args)
{
    CommandLine cl(QStringLiteral("remote push-intent"),
                   QStringLiteral("Applies a reviewed intent file (as 'intent approve' writes it) to a network. The "
                                  "service verifies both signatures against its own keyring."));
    cl.addPositional(QStringLiteral("NETWORK"), QStringLiteral("The network's id (net_…)."));
    cl.addPositional(QStringLiteral("REVIEWED"), QStringLiteral("The reviewed intent file."));
    cl.addOption({QStringLiteral("idempotency-key")}, QStringLiteral("Key making a retry safe (default: a fresh one)."),
                 QStringLiteral("key"));
    cl.addOption({QStringLiteral("force-reason")},
                 QStringLiteral("Apply the intent although it would deny running jobs' RDMA traffic, for this reason "
                                "(kept in the service's audit log)."),
                 QStringLiteral("text"));
    addConnectionOptions(cl);
    if (!cl.parse(args))
        return ExitOk;
    const QString reason = cl.value(QStringLiteral("force-reason")).trimmed();
    if (cl.isSet(QStringLiteral("force-reason")) && (reason.isEmpty() || reason.size() > 400))
        cl.fail(QStringLiteral("--force-reason: say why, in at most 400 characters"));
    QFile file(cl.positional(1));
    if (!file.open(QIODevice::ReadOnly)) {
        printErr(QStringLiteral("%1: %2").arg(file.fileName(), file.errorString()));
        return ExitBadInput;
    }
    ControlClient client(connectionFrom(cl));
    return finish(cl,
                  client.post(QStringLiteral("/v1/training-networks/%1/intents%2")
                                  .arg(cl.positional(0),
                                       reason.isEmpty() ? QString()
                                                        : QStringLiteral("?force_reason=")
                                               + QString::fromLatin1(QUrl::toPercentEncoding(reason))),
                              file.readAll().toStdString(), idempotencyKey(cl)),
                  [&](const QJsonObject &o) {
                      return QStringLiteral("%1: intent version %2 %3 (sha256 %4…, by %5, approved by %6)")
                          .arg(cl.positional(0))
                          .arg(o.value(QStringLiteral("intent_version")).toInt())
                          .arg(o.value(QStringLiteral("status")).toString(),
                               o.value(QStringLiteral("content_sha256")).toString().left(8),
                               o.value(QStringLiteral("author")).toString(),
                               o.value(QStringLiteral("reviewer")).toString());
                  });
}

int runTelemetry(const QStringList &args)
{
    CommandLine cl(QStringLiteral("remote telemetry"), QStringLiteral("A network's telemetry over a window."));
    cl.addPositional(QStringLiteral("NETWORK"), QStringLiteral("The network's id (net_…)."));
    cl.addOption({QStringLiteral("window")}, QStringLiteral("15m, 30s, 1h… Default 15m."), QStringLiteral("window"),
                 QStringLiteral("15m"));
    addConnectionOptions(cl);
    if (!cl.parse(args))
        return ExitOk;
    ControlClient client(connectionFrom(cl));
    return finish(cl,
                  client.get(QStringLiteral("/v1/training-networks/%1/telemetry?window=%2")
                                 .arg(cl.positional(0), cl.value(QStringLiteral("window")))),
                  [](const QJsonObject &o) {
                      QString detections;
                      for (const DetectionAnswer &d :
                           detectionsFromJson(o.value(QStringLiteral("detections")).toArray()))
                          detections += QStringLiteral("\n  ") + d.summary();
                      return QStringLiteral("p99 RTT %1 µs (estimated)  ECN-CE %2  retransmits %3/s  loss %4 %  "
                                            "hang suspects %5  (%6 samples from %7 over %8 s)%9")
                          .arg(o.value(QStringLiteral("p99_rtt_us")).toDouble())
                          .arg(o.value(QStringLiteral("ecn_ce_rate")).toDouble())
                          .arg(o.value(QStringLiteral("retransmits")).toDouble())
                          .arg(o.value(QStringLiteral("observed_loss_pct")).toDouble())
                          .arg(o.value(QStringLiteral("collective_hang_suspects")).toInt())
                          .arg(o.value(QStringLiteral("samples")).toInt())
                          .arg(o.value(QStringLiteral("source")).toString())
                          .arg(o.value(QStringLiteral("window_seconds")).toDouble())
                          .arg(detections.isEmpty() ? QStringLiteral("\n  no detections") : detections);
                  });
}

int runIncident(const QStringList &args)
{
    CommandLine cl(QStringLiteral("remote incident"),
                   QStringLiteral("Files a network incident; prints its id and runbook."));
    cl.addOption({QStringLiteral("cluster")}, QStringLiteral("Cluster name."), QStringLiteral("name"));
    cl.addOption({QStringLiteral("symptom")},
                 QStringLiteral("allreduce_stall, link_degraded, link_flapping, pfc_storm or rank_hang."),
                 QStringLiteral("symptom"));
    cl.addOption({QStringLiteral("network")}, QStringLiteral("The network concerned (optional)."),
                 QStringLiteral("id"));
    cl.addOption({QStringLiteral("summary")}, QStringLiteral("What was seen (optional)."), QStringLiteral("text"));
    cl.addOption({QStringLiteral("element")},
                 QStringLiteral("File for the detection on this link, switch, host or rank only (optional)."),
                 QStringLiteral("id"));
    cl.addOption({QStringLiteral("idempotency-key")}, QStringLiteral("Key making a retry safe (default: a fresh one)."),
                 QStringLiteral("key"));
    addConnectionOptions(cl);
    if (!cl.parse(args))
        return ExitOk;
    QJsonObject body{{QStringLiteral("cluster"), cl.requiredString(QStringLiteral("cluster"))},
                     {QStringLiteral("symptom"), cl.requiredString(QStringLiteral("symptom"))}};
    if (cl.isSet(QStringLiteral("network")))
        body.insert(QStringLiteral("network_id"), cl.value(QStringLiteral("network")));
    if (cl.isSet(QStringLiteral("summary")))
        body.insert(QStringLiteral("summary"), cl.value(QStringLiteral("summary")));
    if (cl.isSet(QStringLiteral("element")))
        body.insert(QStringLiteral("element"), cl.value(QStringLiteral("element")));
    ControlClient client(connectionFrom(cl));
    return finish(cl,
                  client.post(QStringLiteral("/v1/incidents/network"),
                              QJsonDocument(body).toJson(QJsonDocument::Compact).toStdString(), idempotencyKey(cl)),
                  [](const QJsonObject &o) {
                      const std::optional<IncidentAnswer> a = incidentFromJson(o);
                      if (!a)
                          return QStringLiteral("(not an incident)");
                      QStringList lines{QStringLiteral("%1 (%2 linked detection(s))")
                                            .arg(QString::fromStdString(a->incident.id))
                                            .arg(a->detections.size())};
                      for (const DetectionAnswer &d : a->detections)
                          lines << QStringLiteral("  ") + d.summary();
                      return lines.join(QLatin1Char('\n')) + QStringLiteral("\n\n")
                          + QString::fromStdString(a->incident.runbook);
                  });
}

int runIncidents(const QStringList &args)
{
    CommandLine cl(QStringLiteral("remote incidents"), QStringLiteral("Lists the incidents filed (first page)."));
    addConnectionOptions(cl);
    if (!cl.parse(args))
        return ExitOk;
    ControlClient client(connectionFrom(cl));
    return finish(cl, client.get(QStringLiteral("/v1/incidents/network?limit=200")), [](const QJsonObject &o) {
        QStringList lines;
        for (const IncidentAnswer &a : incidentsFromJson(o)) {
            const IncidentRecord &i = a.incident;
            lines << QStringLiteral("%1  %2  %3  %4  by %5")
                         .arg(QString::fromStdString(i.id), QString::fromStdString(i.createdUtc),
                              QString::fromStdString(i.cluster), QString::fromStdString(i.symptom),
                              QString::fromStdString(i.createdBy));
        }
        return lines.isEmpty() ? QStringLiteral("no incidents") : lines.join(QLatin1Char('\n'));
    });
}

int runAudit(const QStringList &args)
{
    CommandLine cl(QStringLiteral("remote audit"),
                   QStringLiteral("The service's audit log, oldest first: who asked what, from where, and what the "
                                  "service answered (admin; docs/api.md, \"Audit log\")."));
    cl.addOption({QStringLiteral("limit")}, QStringLiteral("Rows to list (1 to 500). Default 100."),
                 QStringLiteral("n"), QStringLiteral("100"));
    cl.addOption({QStringLiteral("page-token")}, QStringLiteral("Continue after the page this token ends."),
                 QStringLiteral("token"));
    cl.addOption({QStringLiteral("newest")}, QStringLiteral("The newest --limit rows (oldest of them first)."));
    cl.addOption({QStringLiteral("changes")},
                 QStringLiteral("Only calls that change state (not GET) and refusals (status 400 and above)."));
    addConnectionOptions(cl);
    if (!cl.parse(args))
        return ExitOk;
    const int limit = cl.intValue(QStringLiteral("limit"), 100, 1);
    if (limit > 500)
        cl.fail(QStringLiteral("--limit: at most 500"));
    if (cl.isSet(QStringLiteral("newest")) && cl.isSet(QStringLiteral("page-token")))
        cl.fail(QStringLiteral("--newest and --page-token cannot be combined"));
    QString target = QStringLiteral("/v1/audit?limit=%1").arg(limit);
    if (cl.isSet(QStringLiteral("newest")))
        target += QStringLiteral("&newest=true");
    if (cl.isSet(QStringLiteral("changes")))
        target += QStringLiteral("&changes=true");
    if (cl.isSet(QStringLiteral("page-token")))
        target += QStringLiteral("&page_token=")
            + QString::fromLatin1(QUrl::toPercentEncoding(cl.value(QStringLiteral("page-token")).left(200)));
    ControlClient client(connectionFrom(cl));
    return finish(cl, client.get(target), [](const QJsonObject &o) {
        QStringList lines;
        for (const QJsonValue &v : o.value(QStringLiteral("items")).toArray()) {
            const QJsonObject e = v.toObject();
            const int count = e.value(QStringLiteral("count")).toInt(1);
            const QString code = e.value(QStringLiteral("error_code")).toString();
            const QString detail = e.value(QStringLiteral("detail")).toString();
            lines << QStringLiteral("#%1  %2  %3 (%4) from %5  %6 %7 → %8%9%10%11")
                         .arg(e.value(QStringLiteral("seq")).toInteger())
                         .arg(e.value(QStringLiteral("time_utc")).toString(),
                              e.value(QStringLiteral("principal")).toString(), e.value(QStringLiteral("role")).toString(),
                              e.value(QStringLiteral("remote")).toString(), e.value(QStringLiteral("method")).toString(),
                              e.value(QStringLiteral("path")).toString())
                         .arg(e.value(QStringLiteral("status")).toInt())
                         .arg(code.isEmpty() ? QString() : QLatin1Char(' ') + code,
                              detail.isEmpty() ? QString() : QStringLiteral("  [%1]").arg(detail),
                              count > 1 ? QStringLiteral(" (%1 requests)").arg(count) : QString());
        }
        const QString next = o.value(QStringLiteral("next_page_token")).toString();
        if (!next.isEmpty())
            lines << QStringLiteral("more: --page-token %1").arg(next);
        return lines.isEmpty() ? QStringLiteral("no audit rows") : lines.join(QLatin1Char('\n'));
    });
}

} // namespace

int runRemote(const QStringList &args)
{
    const QString help = QStringLiteral("Usage: railyard-cli remote <command> [options]\n\n"
                                        "The control-plane service's client (docs/api.md).\n\n"
                                        "Commands:\n"
                                        "  connect                      Check a service and save the connection.\n"
                                        "  networks                     List the training networks.\n"
                                        "  network NETWORK              Show one network.\n"
                                        "  create --cluster C --rails N Provision a network.\n"
                                        "  push-intent NETWORK FILE     Apply a reviewed intent file.\n"
                                        "  telemetry NETWORK            Telemetry over a window (--window 15m).\n"
                                        "  incident --cluster C --symptom S   File an incident.\n"
                                        "  incidents                    List incidents.\n"
                                        "  audit                        The audit log (admin).");
    if (args.isEmpty())
        throw UsageError(QStringLiteral("remote"), QStringLiteral("missing subcommand"));
    const QString sub = args.constFirst();
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        printOut(help);
        return ExitOk;
    }
    const QStringList rest = args.mid(1);
    if (sub == QLatin1String("connect"))
        return runConnect(rest);
    if (sub == QLatin1String("networks"))
        return runNetworks(rest);
    if (sub == QLatin1String("network"))
        return runNetwork(rest);
    if (sub == QLatin1String("create"))
        return runCreate(rest);
    if (sub == QLatin1String("push-intent"))
        return runPushIntent(rest);
    if (sub == QLatin1String("telemetry"))
        return runTelemetry(rest);
    if (sub == QLatin1String("audit"))
        return runAudit(rest);
    if (sub == QLatin1String("incident"))
        return runIncident(rest);
    if (sub == QLatin1String("incidents"))
        return runIncidents(rest);
    throw UsageError(QStringLiteral("remote"), QStringLiteral("unknown subcommand '%1'").arg(sub));
}

} // namespace Railyard::Cli
