// railyard-controld: the reference control-plane service (docs/api.md).
//
//   railyard-controld serve --listen HOST:PORT --db FILE --keyring DIR --cluster NAME=FABRIC ...
//   railyard-controld token add --db FILE --role ROLE --name NAME
//   railyard-controld token list|revoke --db FILE [--name NAME]
//   railyard-controld check --db FILE
//
// Exit codes: 0 ok, 1 bad input (unreadable fabric, job, database,
// certificate), 2 usage error.

#include "app/controld/controldserve.h"
#include "core/controlplane/controlstore.h"
#include "core/model/hugepages.h"
#include "core/common/storageexception.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

namespace Railyard::Controld {
namespace {

int usage(const QString &message)
{
    std::fprintf(stderr, "railyard-controld: %s\n", qPrintable(message));
    std::fprintf(stderr, "Usage: railyard-controld serve|token|check --help\n");
    return 2;
}

int runToken(QStringList args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Add, list or revoke the service's bearer tokens.\n"
                       "  token add --db FILE --role viewer|operator|reviewer|admin --name NAME\n"
                       "  token list --db FILE\n  token revoke --db FILE --name NAME"));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("action"), QStringLiteral("add, list or revoke"));
    p.addOption({QStringLiteral("db"), QStringLiteral("The service's database."), QStringLiteral("file")});
    p.addOption(
        {QStringLiteral("role"), QStringLiteral("viewer, operator, reviewer or admin."), QStringLiteral("role")});
    p.addOption({QStringLiteral("name"), QStringLiteral("Who holds the token."), QStringLiteral("name")});
    args.prepend(QStringLiteral("railyard-controld token"));
    if (!p.parse(args))
        return usage(p.errorText());
    if (p.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(p.helpText()), stdout);
        return 0;
    }
    const QStringList positional = p.positionalArguments();
    if (positional.size() != 1)
        return usage(QStringLiteral("token: give one action: add, list or revoke"));
    const QString action = positional.first();
    if (!p.isSet(QStringLiteral("db")))
        return usage(QStringLiteral("token: --db is required"));
    try {
        ControlStore store(p.value(QStringLiteral("db")));
        if (action == QLatin1String("add")) {
            const std::optional<ControlRole> role = controlRoleFromName(p.value(QStringLiteral("role")).toStdString());
            if (!role)
                return usage(QStringLiteral("token add: --role must be viewer, operator, reviewer or admin"));
            const QString name = p.value(QStringLiteral("name"));
            if (name.isEmpty() || name.size() > 64)
                return usage(QStringLiteral("token add: --name of 1 to 64 characters is required"));
            const std::string token = store.addToken(name.toStdString(), *role);
            // The one time the token is shown: only its SHA-256 is stored.
            std::printf("%s\n", token.c_str());
            return 0;
        }
        if (action == QLatin1String("list")) {
            for (const ControlTokenRecord &t : store.tokens())
                std::printf("%-32s %-9s created %s%s\n", t.name.c_str(), controlRoleName(t.role), t.createdUtc.c_str(),
                            t.revokedUtc.empty() ? "" : ("  revoked " + t.revokedUtc).c_str());
            return 0;
        }
        if (action == QLatin1String("revoke")) {
            if (!store.revokeToken(p.value(QStringLiteral("name")).toStdString())) {
                std::fprintf(stderr, "railyard-controld: no valid token named \"%s\"\n",
                             qPrintable(p.value(QStringLiteral("name"))));
                return 1;
            }
            return 0;
        }
        return usage(QStringLiteral("token: unknown action \"%1\"").arg(action));
    } catch (const StorageException &e) {
        std::fprintf(stderr, "railyard-controld: %s\n", qPrintable(e.message()));
        return 1;
    }
}

int runCheck(QStringList args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Check the database (SQLite integrity_check), the audit log's chain under its key, its "
                       "signed checkpoints and its anchor."));
    p.addHelpOption();
    p.addOption({QStringLiteral("db"), QStringLiteral("The service's database."), QStringLiteral("file")});
    p.addOption({QStringLiteral("audit-key"), QStringLiteral("The audit log's key file. Default: DB.audit-key."),
                 QStringLiteral("file")});
    p.addOption({QStringLiteral("audit-anchor"),
                 QStringLiteral("The audit log's anchor file. Default: DB.audit-anchor."), QStringLiteral("file")});
    args.prepend(QStringLiteral("railyard-controld check"));
    if (!p.parse(args))
        return usage(p.errorText());
    if (p.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(p.helpText()), stdout);
        return 0;
    }
    if (!p.isSet(QStringLiteral("db")))
        return usage(QStringLiteral("check: --db is required"));
    try {
        ControlStoreOptions options;
        options.auditKeyPath = p.value(QStringLiteral("audit-key"));
        options.auditAnchorPath = p.value(QStringLiteral("audit-anchor"));
        ControlStore store(p.value(QStringLiteral("db")), options);
        const std::string integrity = store.integrityCheck();
        const AuditVerdict audit = store.checkAudit();
        std::printf("integrity: %s\naudit chain: %s\n", integrity.c_str(), audit.ok() ? "ok" : audit.problem.c_str());
        std::printf("audit rows: %lld, checkpoints: %lld\n", static_cast<long long>(audit.rows),
                    static_cast<long long>(audit.checkpoints));
        return integrity == "ok" && audit.ok() ? 0 : 1;
    } catch (const StorageException &e) {
        std::fprintf(stderr, "railyard-controld: %s\n", qPrintable(e.message()));
        return 1;
    }
}

} // namespace
} // namespace Railyard::Controld

int main(int argc, char **argv)
{
    Railyard::restartWithHugePages(argv);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("railyard-controld"));
    QCoreApplication::setApplicationVersion(QStringLiteral(RAILYARD_VERSION));
    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty() || args.first() == QLatin1String("--help") || args.first() == QLatin1String("-h")) {
        std::printf("Usage: railyard-controld <command> [options]\n\n"
                    "The Railyard control-plane service (docs/api.md).\n\n"
                    "Commands:\n"
                    "  serve   Serve the API (see 'serve --help').\n"
                    "  token   Add, list or revoke bearer tokens.\n"
                    "  check   Check the database and the audit log's chain.\n");
        return args.isEmpty() ? 2 : 0;
    }
    const QString command = args.takeFirst();
    if (command == QLatin1String("serve"))
        return Railyard::Controld::runServe(args);
    if (command == QLatin1String("token"))
        return Railyard::Controld::runToken(args);
    if (command == QLatin1String("check"))
        return Railyard::Controld::runCheck(args);
    return Railyard::Controld::usage(QStringLiteral("unknown command \"%1\"").arg(command));
}
