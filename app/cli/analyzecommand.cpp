#include "app/cli/analyzecommand.h"

#include "app/cli/clicommon.h"
#include "core/analysis/capacity.h"
#include "core/analysis/report.h"

#include <exception>

namespace Railyard::Cli {

int runAnalyze(const QStringList &args)
{
    CommandLine cl(QStringLiteral("analyze"),
                   QStringLiteral("Analyzes a fabric: element counts, oversubscription per tier (aggregate and worst "
                                  "switch) and bisection bandwidth with the links of the cut, optionally with "
                                  "switches or links failed. Capacities are Gbit/s per direction."));
    cl.addPositional(QStringLiteral("FILE"), QStringLiteral("Fabric file to analyze."));
    cl.addOption({QStringLiteral("fail")},
                 QStringLiteral("Fail a switch or link by id for a what-if; repeat for several."),
                 QStringLiteral("id"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print the report as JSON (schema in docs/cli.md)."));
    cl.addOption({QStringLiteral("method")},
                 QStringLiteral("Bisection method: auto (exact, tier cuts or heuristic by size and shape) or "
                                "heuristic (always the heuristic upper bound). Default auto."),
                 QStringLiteral("method"), QStringLiteral("auto"));
    cl.addOption({QStringLiteral("from")}, QStringLiteral("Input format slug, overriding the file name."),
                 QStringLiteral("slug"));
    cl.setEpilog(QStringLiteral("Examples:\n"
                                "  railyard-cli analyze samples/cluster-3k.fabric.json\n"
                                "  railyard-cli analyze ft8.fabric.json --fail core-0001 --json\n"
                                "Exit codes: 0 analyzed, 1 bad input file, unknown --fail id or analysis error, "
                                "2 usage error."));
    if (!cl.parse(args))
        return ExitOk;

    const QString file = cl.positional(0);
    const QString method = cl.value(QStringLiteral("method")).trimmed().toLower();
    BisectionOptions options;
    if (method == QLatin1String("heuristic"))
        options.forceHeuristic = true;
    else if (method != QLatin1String("auto"))
        cl.fail(QStringLiteral("--method: unknown method '%1' (auto or heuristic)")
                    .arg(cl.value(QStringLiteral("method"))));
    const FileFormat &format = readFormatFor(cl, file, cl.value(QStringLiteral("from")), QStringLiteral("from"));

    std::optional<Fabric> fabric = loadFabric(file, format);
    if (!fabric)
        return ExitBadInput;

    const std::optional<Failures> failures = failuresFromOption(cl, *fabric, file);
    if (!failures)
        return ExitBadInput;

    try {
        const AnalysisReport report = analyzeFabric(*fabric, *failures, options);
        if (cl.isSet(QStringLiteral("json")))
            printOutRaw(reportToJson(*fabric, report));
        else
            printOutRaw(reportToText(*fabric, report));
    } catch (const std::exception &e) {
        printErr(QStringLiteral("%1: analysis failed: %2").arg(file, QString::fromStdString(e.what())));
        return ExitBadInput;
    }
    return ExitOk;
}

} // namespace Railyard::Cli
