// railyard-cli: generate, analyze, convert, validate and export fabrics
// without the GUI. Links Railyard::Core only. Exit codes: 0 ok, 1 bad input file or
// analysis error, 2 usage error (see docs/cli.md).

#include "app/common/memorytuning.h"
#include "app/cli/analyzecommand.h"
#include "app/cli/clicommon.h"
#include "app/cli/bomcommand.h"
#include "app/cli/catalogcommand.h"
#include "app/cli/fabricmanagercommand.h"
#include "app/cli/comparedesignscommand.h"
#include "app/cli/collectivecommand.h"
#include "app/cli/comparecommand.h"
#include "app/cli/stepvalidationcommand.h"
#include "app/cli/convertcommand.h"
#include "app/cli/exportcommand.h"
#include "app/cli/generatecommand.h"
#include "app/cli/healthcommand.h"
#include "app/cli/healthstorecommands.h"
#include "app/cli/intentcommand.h"
#include "app/cli/keyscommand.h"
#include "app/cli/placecommand.h"
#include "app/cli/explorecommand.h"
#include "app/cli/floorcommand.h"
#include "app/cli/resiliencecommand.h"
#include "app/cli/remotecommand.h"
#include "app/cli/simulatecommand.h"
#include "app/cli/validatecommand.h"
#include "core/model/hugepages.h"

#include <algorithm>

#include <algorithm>
#include <QCoreApplication>

#include <exception>

namespace Railyard::Cli {
namespace {

struct Command
{
    const char *name;
    const char *synopsis;
    const char *summary;
    int (*run)(const QStringList &args);
};

const Command commands[] = {
    {"generate", "generate <design> -o FILE", "Generate a fabric (see 'generate --help').", runGenerate},
    {"analyze", "analyze FILE", "Oversubscription, bisection, what-ifs.", runAnalyze},
    {"convert", "convert IN OUT", "Convert between file formats.", runConvert},
    {"validate", "validate FILE", "Check a file and print its problems.", runValidate},
    {"diff", "diff A B", "What changed between two fabrics, with both analyses.", runDiff},
    {"bom", "bom FILE", "Bill of materials: switches, cables, transceivers, cost, power.", runBom},
    {"compare-designs", "compare-designs A B [C...]", "Designs side by side: cost, power, bisection, step time.",
     runCompareDesigns},
    {"sm-config", "sm-config FABRIC --out DIR", "OpenSM's configuration for an InfiniBand design.", runSmConfig},
    {"routing", "routing FABRIC --lfts DUMP", "The design under its subnet manager's forwarding tables.", runRouting},
    {"sm-check", "sm-check FABRIC --intent I", "Whether the subnet manager's partitions enforce an intent.", runSmCheck},
    {"resilience", "resilience FABRIC --study n-1", "Failure studies: N-1, N-2, Monte Carlo; shards, Slurm.",
     runResilience},
    {"explore", "explore SPEC.explore.json", "Every candidate design for the requirements, and the Pareto front.",
     runExplore},
    {"floor", "floor FABRIC [--floor F]", "The design on the floor: runs, parts, power per rack and row.", runFloor},
    {"catalog", "catalog [--json]", "The switch and NIC catalogue, every figure with its source.", runCatalog},
    {"cabling", "cabling FILE -o plan.csv", "The cabling plan, one CSV row per cable.", runCabling},
    {"verify-cabling", "verify-cabling DESIGN FOUND", "Check the as-built cabling against the design.", runVerifyCabling},
    {"export", "export FILE --to FORMAT", "Write a Slurm, Kueue or Volcano topology.", runExport},
    {"collective", "collective FABRIC --op OP", "Time, algbw and busbw of one collective.", runCollective},
    {"place", "place FABRIC JOB", "Place a training job; its step and per-step traffic.", runPlace},
    {"step-validation", "step-validation RUNS.json", "The step model against measured training runs.",
     runStepValidation},
    {"routing-validation", "routing-validation ROWS.json", "What routing costs, against published figures.",
     runRoutingValidation},
    {"intent", "intent lint|diff|sign|...", "Lint, diff, sign, approve, verify network intents.", runIntent},
    {"keys", "keys generate --name N", "Generate an Ed25519 key pair for signing intents.", runKeys},
    {"health", "health FABRIC --job JOB", "Link and rank health: detect, attribute, re-place.", runHealth},
    {"simulate", "simulate FABRIC --job JOB", "Publish simulated telemetry (sysfs, /metrics).", runSimulate},
    {"recordings", "recordings PROJECT", "List, export or remove a project's telemetry recordings.", runRecordings},
    {"incidents", "incidents PROJECT", "List the incidents filed into a project.", runIncidents},
    {"remote", "remote networks|push-intent|...", "Talk to a control-plane service (railyard-controld).", runRemote},
};

QString topHelpText()
{
    QString text = QStringLiteral("Usage: railyard-cli <command> [options]\n\n"
                                  "Railyard %1 - topology designer for AI training networks, command-line tools.\n\n"
                                  "Commands:\n")
                       .arg(QCoreApplication::applicationVersion());
    // The widest synopsis sets the column, with two spaces before each summary.
    qsizetype width = 0;
    for (const Command &command : commands)
        width = std::max(width, QString::fromLatin1(command.synopsis).size());
    for (const Command &command : commands)
        text += QStringLiteral("  %1  %2\n")
                    .arg(QString::fromLatin1(command.synopsis).leftJustified(width), QLatin1String(command.summary));
    text += QStringLiteral("\nOptions:\n"
                           "  -h, --help                  Show this help.\n"
                           "  -v, --version               Show the version.\n\n"
                           "Run 'railyard-cli <command> --help' for a command's options.\n"
                           "Formats: %1.\n"
                           "Capacities are Gbit/s per direction.\n"
                           "Exit codes: 0 success, 1 bad input file or analysis error, 2 usage error.")
                .arg(knownFormatsText());
    return text;
}

int run(const QStringList &args)
{
    if (args.isEmpty()) {
        printErr(topHelpText());
        return ExitUsage;
    }
    const QString first = args.constFirst();
    if (first == QLatin1String("--help") || first == QLatin1String("-h") || first == QLatin1String("-?")) {
        printOut(topHelpText());
        return ExitOk;
    }
    if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
        printOut(QStringLiteral("railyard-cli %1").arg(QCoreApplication::applicationVersion()));
        return ExitOk;
    }
    QStringList rest = args.mid(1);
    QString name = first;
    if (first == QLatin1String("help")) {
        // "help CMD ..." is "CMD ... --help".
        if (rest.isEmpty()) {
            printOut(topHelpText());
            return ExitOk;
        }
        name = rest.takeFirst();
        rest << QStringLiteral("--help");
    }
    for (const Command &command : commands) {
        if (name != QLatin1String(command.name))
            continue;
        try {
            return command.run(rest);
        } catch (const UsageError &error) {
            printErr(QStringLiteral("railyard-cli %1: %2").arg(error.command(), QString::fromStdString(error.what())));
            printErr(QStringLiteral("Try 'railyard-cli %1 --help' for more information.").arg(error.command()));
            return ExitUsage;
        } catch (const std::exception &error) {
            printErr(QStringLiteral("railyard-cli %1: error: %2").arg(name, QString::fromStdString(error.what())));
            return ExitBadInput;
        }
    }
    printErr(name.startsWith(QLatin1Char('-')) ? QStringLiteral("railyard-cli: unknown option '%1'").arg(name)
                                               : QStringLiteral("railyard-cli: unknown command '%1'").arg(name));
    printErr(QStringLiteral("Try 'railyard-cli --help' for the list of commands."));
    return ExitUsage;
}

} // namespace
} // namespace Railyard::Cli

int main(int argc, char *argv[])
{
    Railyard::restartWithHugePages(argv);
    Railyard::tuneAllocatorForLargeFabrics();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("railyard-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(RAILYARD_VERSION));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    return Railyard::Cli::run(args);
}
