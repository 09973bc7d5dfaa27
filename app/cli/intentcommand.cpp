#include "app/cli/intentcommand.h"

#include "app/cli/clicommon.h"
#include "core/common/inputfile.h"
#include "core/common/outputfile.h"
#include "core/controlplane/intentjobcheck.h"
#include "core/intents/ed25519key.h"
#include "core/intents/intentdiff.h"
#include "core/intents/intentlint.h"
#include "core/intents/intentreader.h"
#include "core/intents/intentreview.h"
#include "core/intents/keyring.h"

#include <QDateTime>
#include <QFile>
#include <QRegularExpression>

#include <algorithm>

namespace Railyard::Cli {

namespace {

const char *exitCodes = "Exit codes: 0 ok, 1 bad input file (or lint errors, invalid signature), 2 usage error.";

std::optional<Fabric> loadFabricOption(CommandLine &cl)
{
    const QString file = cl.requiredString(QStringLiteral("fabric"));
    const FileFormat &format = readFormatFor(cl, file, cl.value(QStringLiteral("from")), QStringLiteral("from"));
    return loadFabric(file, format);
}

void addFabricOptions(CommandLine &cl)
{
    cl.addOption({QStringLiteral("fabric")}, QStringLiteral("Fabric file the intent applies to (required)."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("from")}, QStringLiteral("Fabric format slug, overriding the file name."),
                 QStringLiteral("slug"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print the report as JSON (schema in docs/cli.md)."));
}

std::optional<QByteArray> readBytes(const QString &file)
{
    // Only a regular file of bounded size (no FIFO, /dev/zero or directory).
    QString error;
    std::optional<QByteArray> data = readInputFile(file, &error);
    if (!data)
        printErr(QStringLiteral("%1: %2").arg(file, error));
    return data;
}

bool writeBytes(const QString &file, const std::string &text)
{
    // Never renames over a device or FIFO.
    QString error;
    if (!writeOutputFile(file, QByteArray::fromStdString(text), &error)) {
        printErr(QStringLiteral("%1: %2").arg(file, error));
        return false;
    }
    return true;
}

std::optional<Ed25519Key> loadPrivateKey(CommandLine &cl)
{
    QString error;
    auto key = Ed25519Key::readPrivateKeyFile(cl.requiredString(QStringLiteral("key")), &error);
    if (!key)
        printErr(error);
    return key;
}

QString signerName(CommandLine &cl)
{
    return cl.isSet(QStringLiteral("name")) ? cl.requiredString(QStringLiteral("name"))
                                            : Ed25519Key::nameOfKeyFile(cl.value(QStringLiteral("key")));
}

void addSigningOptions(CommandLine &cl, const QString &role)
{
    cl.addOption({QStringLiteral("key")}, QStringLiteral("The %1's private key file (NAME.key, required).").arg(role),
                 QStringLiteral("file"));
    cl.addOption(
        {QStringLiteral("name")},
        QStringLiteral("The %1's name as the keyring knows it (default: the key file's name without .key).").arg(role),
        QStringLiteral("name"));
    cl.addOption({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("File to write (required)."),
                 QStringLiteral("file"));
}

/// The running jobs' findings first among the errors (lint orders by severity).
void addJobFindings(LintReport &report, const std::vector<JobIntentImpact> &impacts)
{
    const std::vector<LintFinding> found = jobLintFindings(impacts);
    report.findings.insert(report.findings.begin(), found.begin(), found.end());
    std::stable_sort(report.findings.begin(), report.findings.end(),
                     [](const LintFinding &a, const LintFinding &b) { return a.severity < b.severity; });
}

int runLint(const QStringList &args)
{
    CommandLine cl(QStringLiteral("intent lint"),
                   QStringLiteral("Checks a network intent against a fabric: selectors that match nothing, shadowed "
                                  "rules, allow/deny conflicts, rails and backend against the fabric, RoCE without "
                                  "PFC/ECN, public egress left open on GPU racks. Prints the findings with their "
                                  "JSON pointers and the reachability per protocol."));
    cl.addPositional(QStringLiteral("FILE"), QStringLiteral("Intent file (*.intent.json, or a reviewed file with --keyring)."));
    addFabricOptions(cl);
    addKeyringOption(cl);
    cl.addFlag({QStringLiteral("matrix")},
               QStringLiteral("Also print the reachability matrix: one line per block of group pairs decided alike."));
    cl.addOption({QStringLiteral("job")},
                 QStringLiteral("A job running on the fabric (*.job.json; repeat for several): placed as `place` "
                                "places it, every RDMA transfer of its step the intent would deny is an error, with "
                                "its bytes per step and the host groups."),
                 QStringLiteral("file"));
    cl.setEpilog(QStringLiteral("Example:\n"
                                "  railyard-cli intent lint samples/cluster-3k.v4.intent.json --fabric "
                                "samples/cluster-3k.fabric.json --job samples/llama-70b-3k.job.json\n"
                                "Exit codes: 0 no errors (warnings and notes allowed), 1 errors found or bad input "
                                "file, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    const auto intent = readIntentForCommand(cl, cl.positional(0));
    if (!intent)
        return ExitBadInput;
    const auto fabric = loadFabricOption(cl);
    if (!fabric)
        return ExitBadInput;
    std::vector<JobSpec> jobs;
    for (const QString &file : cl.values(QStringLiteral("job"))) {
        std::optional<JobSpec> job = readJobFile(file);
        if (!job)
            return ExitBadInput;
        jobs.push_back(std::move(*job));
    }
    LintOptions options;
    options.matrix = cl.isSet(QStringLiteral("matrix"));
    LintReport report = lintIntent(*intent->intent, *fabric, options);
    report.sha256 = intent->sha256;
    addJobFindings(report, checkIntentAgainstJobs(*intent->intent, *fabric, jobs));
    printOutRaw(cl.isSet(QStringLiteral("json")) ? lintReportToJson(report) : lintReportToText(report));
    return report.hasErrors() ? ExitBadInput : ExitOk;
}

int runDiff(const QStringList &args)
{
    CommandLine cl(QStringLiteral("intent diff"),
                   QStringLiteral("Compares two versions of a network intent on a fabric: rule by rule (added, "
                                  "removed, changed, reordered; changed settings) and by effect (group pairs newly "
                                  "allowed or denied per protocol, public egress opened or closed, and the racks "
                                  "and links those pairs use)."));
    cl.addPositional(QStringLiteral("OLD"), QStringLiteral("The earlier intent file."));
    cl.addPositional(QStringLiteral("NEW"), QStringLiteral("The later intent file."));
    addFabricOptions(cl);
    addKeyringOption(cl);
    cl.addFlag({QStringLiteral("no-links")}, QStringLiteral("Skip the links the changed pairs use (faster)."));
    cl.setEpilog(QStringLiteral("Example:\n"
                                "  railyard-cli intent diff samples/cluster-3k.v3.intent.json "
                                "samples/cluster-3k.v4.intent.json --fabric samples/cluster-3k.fabric.json\n")
                 + QLatin1String(exitCodes));
    if (!cl.parse(args))
        return ExitOk;
    const auto before = readIntentForCommand(cl, cl.positional(0));
    const auto after = readIntentForCommand(cl, cl.positional(1));
    if (!before || !after)
        return ExitBadInput;
    const auto fabric = loadFabricOption(cl);
    if (!fabric)
        return ExitBadInput;
    SemanticDiffOptions options;
    options.links = !cl.isSet(QStringLiteral("no-links"));
    IntentDiff diff = diffIntents(*before->intent, *after->intent, *fabric, options);
    diff.beforeSha256 = before->sha256;
    diff.afterSha256 = after->sha256;
    printOutRaw(cl.isSet(QStringLiteral("json")) ? intentDiffToJson(diff, *before->intent, *after->intent)
                                                 : intentDiffToText(diff, *before->intent, *after->intent));
    return ExitOk;
}

int runSign(const QStringList &args)
{
    CommandLine cl(QStringLiteral("intent sign"),
                   QStringLiteral("The author submits an intent for review: signs its canonical form with their "
                                  "Ed25519 key and writes a reviewed-intent file in state in_review "
                                  "(docs/intent-format.md)."));
    cl.addPositional(QStringLiteral("FILE"), QStringLiteral("Intent file (*.intent.json, a draft)."));
    addSigningOptions(cl, QStringLiteral("author"));
    cl.addOption({QStringLiteral("force")},
                 QStringLiteral("Sign although the signer is not the author the file names (/metadata/author); the "
                                "submission records whom it was signed for, and verify warns of it."));
    cl.setEpilog(QStringLiteral("Example:\n"
                                "  railyard-cli intent sign v4.intent.json --key keys/alice.key -o "
                                "v4.submitted.json\n")
                 + QLatin1String(exitCodes));
    if (!cl.parse(args))
        return ExitOk;
    const QString out = cl.requiredString(QStringLiteral("output"));
    const QString file = cl.positional(0);
    const QString name = signerName(cl);
    const auto key = loadPrivateKey(cl);
    const auto bytes = readBytes(file);
    if (!key || !bytes)
        return ExitBadInput;
    try {
        const ReviewedIntent reviewed
            = IntentReview::submit(std::string_view(bytes->constData(), size_t(bytes->size())), file, *key,
                                   name.toStdString(), IntentReview::nowUtc(), cl.isSet(QStringLiteral("force")));
        if (!writeBytes(out, IntentReview::write(reviewed)))
            return ExitBadInput;
        printOut(
            QStringLiteral("%1: %2 v%3 (sha256 %4) signed by %5 (%6): in review")
                .arg(out, QString::fromStdString(reviewed.intent.cluster))
                .arg(reviewed.intent.metadata.version)
                .arg(QString::fromStdString(reviewed.contentSha256), name, QString::fromStdString(key->fingerprint())));
    } catch (const ReviewError &e) {
        printErr(QString::fromStdString(e.what()));
        return ExitBadInput;
    }
    return ExitOk;
}

int runDecide(const QStringList &args, bool approve)
{
    const QString verb = approve ? QStringLiteral("approve") : QStringLiteral("reject");
    CommandLine cl(QStringLiteral("intent ") + verb,
                   approve ? QStringLiteral("A reviewer approves a submitted intent: checks the author's signature, "
                                            "refuses the author's own key, and signs the approval over the canonical "
                                            "content and the author's signature.")
                           : QStringLiteral("A reviewer rejects a submitted intent, signing the rejection and its "
                                            "comment the same way an approval is signed."));
    cl.addPositional(QStringLiteral("SUBMITTED"),
                     QStringLiteral("Reviewed-intent file in review (from 'intent sign')."));
    addSigningOptions(cl, QStringLiteral("reviewer"));
    cl.addOption({QStringLiteral("comment")},
                 approve ? QStringLiteral("The reviewer's comment (optional).")
                         : QStringLiteral("Why the change is rejected (required)."),
                 QStringLiteral("text"));
    if (approve)
        cl.addOption({QStringLiteral("expires")},
                     QStringLiteral("How long the approval may be applied: a duration (7d, 12h, 90m) or an ISO 8601 "
                                    "UTC time. Signed with the approval; the control plane refuses it afterwards."),
                     QStringLiteral("when"));
    cl.setEpilog(QStringLiteral("Example:\n"
                                "  railyard-cli intent %1 v4.submitted.json --key keys/bob.key --comment \"...\" -o "
                                "v4.reviewed.json\n")
                     .arg(verb)
                 + QLatin1String(exitCodes));
    if (!cl.parse(args))
        return ExitOk;
    const QString out = cl.requiredString(QStringLiteral("output"));
    const QString comment
        = approve ? cl.value(QStringLiteral("comment")) : cl.requiredString(QStringLiteral("comment"));
    const QString file = cl.positional(0);
    const QString name = signerName(cl);
    const auto key = loadPrivateKey(cl);
    const auto bytes = readBytes(file);
    if (!key || !bytes)
        return ExitBadInput;
    ReviewedReadResult read = IntentReview::read(std::string_view(bytes->constData(), size_t(bytes->size())), file);
    if (!read.ok()) {
        for (const FormatError &e : read.errors)
            printErr(intentErrorText(e));
        return ExitBadInput;
    }
    const std::string now = IntentReview::nowUtc();
    std::string expires;
    if (approve && cl.isSet(QStringLiteral("expires"))) {
        const QString when = cl.value(QStringLiteral("expires"));
        static const QRegularExpression duration(QStringLiteral("^([1-9][0-9]{0,5})([dhm])$"));
        const QRegularExpressionMatch m = duration.match(when);
        if (m.hasMatch()) {
            const qint64 unit = m.captured(2) == QLatin1String("d") ? 86400 : m.captured(2) == QLatin1String("h") ? 3600 : 60;
            expires = QDateTime::fromString(QString::fromStdString(now), Qt::ISODate)
                          .addSecs(m.captured(1).toLongLong() * unit)
                          .toUTC()
                          .toString(Qt::ISODate)
                          .toStdString();
        } else {
            expires = when.toStdString();
        }
    }
    try {
        IntentReview::decide(*read.reviewed, approve, *key, name.toStdString(), comment.toStdString(), now, expires);
    } catch (const ReviewError &e) {
        printErr(QStringLiteral("%1: cannot %2: %3").arg(file, verb, QString::fromStdString(e.what())));
        return ExitBadInput;
    }
    if (!writeBytes(out, IntentReview::write(*read.reviewed)))
        return ExitBadInput;
    printOut(QStringLiteral("%1: %2 v%3 (sha256 %4) %5 by %6 (%7); submitted by %8")
                 .arg(out, QString::fromStdString(read.reviewed->intent.cluster))
                 .arg(read.reviewed->intent.metadata.version)
                 .arg(QString::fromStdString(read.reviewed->contentSha256),
                      QLatin1String(reviewStateName(read.reviewed->state)), name,
                      QString::fromStdString(key->fingerprint()),
                      QString::fromStdString(read.reviewed->author.signer)));
    return ExitOk;
}

int runVerify(const QStringList &args)
{
    CommandLine cl(QStringLiteral("intent verify"),
                   QStringLiteral("Verifies a reviewed intent before it goes to the control plane: approved, the "
                                  "author's and the reviewer's signatures valid over exactly this content, both keys "
                                  "in the keyring, two different signers, and the file byte for byte as signed."));
    cl.addPositional(QStringLiteral("REVIEWED"), QStringLiteral("Reviewed-intent file (from 'intent approve')."));
    cl.addOption({QStringLiteral("keyring")},
                 QStringLiteral("Directory of trusted public keys, one NAME.pub per person (required)."),
                 QStringLiteral("dir"));
    cl.setEpilog(QStringLiteral("Example:\n"
                                "  railyard-cli intent verify v4.reviewed.json --keyring keyring/\n"
                                "Exit codes: 0 valid, 1 invalid (each reason printed) or unreadable file, 2 usage "
                                "error."));
    if (!cl.parse(args))
        return ExitOk;
    const QString dir = cl.requiredString(QStringLiteral("keyring"));
    QString error;
    const auto keyring = Keyring::load(dir, &error);
    if (!keyring) {
        printErr(error);
        return ExitBadInput;
    }
    const QString file = cl.positional(0);
    const auto bytes = readBytes(file);
    if (!bytes)
        return ExitBadInput;
    const VerifyResult result
        = IntentReview::verify(std::string_view(bytes->constData(), size_t(bytes->size())), *keyring);
    const std::string text = verifyResultToText(result, file.toStdString());
    if (result.valid) {
        printOutRaw(text);
        return ExitOk;
    }
    printErr(QString::fromStdString(text).trimmed());
    return ExitBadInput;
}

QString intentHelp()
{
    return QStringLiteral(
        "Usage: railyard-cli intent <subcommand> [options]\n\n"
        "Network intents (*.intent.json, docs/intent-format.md): lint, diff and the two-person review.\n\n"
        "Subcommands:\n"
        "  lint FILE --fabric F [--job J]... [--json] [--matrix]\n"
        "                                                Findings against a fabric and its running jobs; exit 1 on errors.\n"
        "  diff OLD NEW --fabric F [--json]              Rule-level and semantic diff.\n"
        "  sign FILE --key KEY -o SUBMITTED              The author submits (signs) a version.\n"
        "  approve SUBMITTED --key KEY [--comment T] -o REVIEWED   A reviewer approves.\n"
        "  reject SUBMITTED --key KEY --comment T -o REVIEWED      A reviewer rejects.\n"
        "  verify REVIEWED --keyring DIR                 Exit 0 only for a valid two-person approval.\n\n"
        "Keys: 'railyard-cli keys generate --name NAME --out DIR'.\n"
        "Run 'railyard-cli intent <subcommand> --help' for its options.");
}

} // namespace

int runIntent(const QStringList &args)
{
    if (args.isEmpty())
        throw UsageError(QStringLiteral("intent"),
                         QStringLiteral("missing subcommand (lint, diff, sign, approve, reject or verify)"));
    const QString sub = args.constFirst();
    const QStringList rest = args.mid(1);
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        printOut(intentHelp());
        return ExitOk;
    }
    if (sub == QLatin1String("lint"))
        return runLint(rest);
    if (sub == QLatin1String("diff"))
        return runDiff(rest);
    if (sub == QLatin1String("sign"))
        return runSign(rest);
    if (sub == QLatin1String("approve"))
        return runDecide(rest, true);
    if (sub == QLatin1String("reject"))
        return runDecide(rest, false);
    if (sub == QLatin1String("verify"))
        return runVerify(rest);
    throw UsageError(QStringLiteral("intent"),
                     QStringLiteral("unknown subcommand '%1' (lint, diff, sign, approve, reject or verify)").arg(sub));
}

} // namespace Railyard::Cli
