#include "app/cli/keyscommand.h"

#include "app/cli/clicommon.h"
#include "core/intents/ed25519key.h"

#include <QDir>
#include <QRegularExpression>

namespace Railyard::Cli {

namespace {

int runGenerate(const QStringList &args)
{
    CommandLine cl(QStringLiteral("keys generate"),
                   QStringLiteral("Generates an Ed25519 key pair for signing intents: DIR/NAME.key (PEM PKCS#8 "
                                  "private key, mode 0600) and DIR/NAME.pub (PEM public key, to copy into "
                                  "reviewers' keyrings). NAME is the signer's name. Existing keys are never "
                                  "overwritten."));
    cl.addOption({QStringLiteral("name")}, QStringLiteral("Signer name (letters, digits, '.', '_', '-')."),
                 QStringLiteral("name"));
    cl.addOption({QStringLiteral("out")}, QStringLiteral("Directory to write the two files to (created if missing)."),
                 QStringLiteral("dir"));
    cl.setEpilog(QStringLiteral("Example:\n"
                                "  railyard-cli keys generate --name alice --out ~/.railyard/keys\n"
                                "Exit codes: 0 written, 1 cannot write (or a key of that name exists), 2 usage "
                                "error."));
    if (!cl.parse(args))
        return ExitOk;
    const QString name = cl.requiredString(QStringLiteral("name"));
    const QString dir = cl.requiredString(QStringLiteral("out"));
    static const QRegularExpression valid(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*$"));
    if (!valid.match(name).hasMatch())
        cl.fail(QStringLiteral("--name: '%1' is not a valid signer name (letters, digits, '.', '_' and '-', not "
                               "starting with a punctuation mark)")
                    .arg(name));
    if (!QDir().mkpath(dir)) {
        printErr(QStringLiteral("%1: cannot create the directory").arg(dir));
        return ExitBadInput;
    }
    const Ed25519Key key = Ed25519Key::generate();
    QString error;
    if (!key.writeKeyPair(dir, name, &error)) {
        printErr(error);
        return ExitBadInput;
    }
    printOut(QStringLiteral("%1 (private, 0600) and %2: Ed25519 key %3 of '%4'")
                 .arg(QDir(dir).filePath(name + QStringLiteral(".key")),
                      QDir(dir).filePath(name + QStringLiteral(".pub")), QString::fromStdString(key.fingerprint()),
                      name));
    return ExitOk;
}

} // namespace

int runKeys(const QStringList &args)
{
    const QString help = QStringLiteral("Usage: railyard-cli keys generate --name NAME --out DIR\n\n"
                                        "Ed25519 keys for signing network intents (see 'railyard-cli intent --help').");
    if (args.isEmpty())
        throw UsageError(QStringLiteral("keys"), QStringLiteral("missing subcommand (generate)"));
    const QString sub = args.constFirst();
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        printOut(help);
        return ExitOk;
    }
    if (sub == QLatin1String("generate"))
        return runGenerate(args.mid(1));
    throw UsageError(QStringLiteral("keys"), QStringLiteral("unknown subcommand '%1' (generate)").arg(sub));
}

} // namespace Railyard::Cli
