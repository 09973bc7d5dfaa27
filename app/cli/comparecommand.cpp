#include "app/cli/comparecommand.h"

#include "app/cli/clicommon.h"
#include "app/cli/resiliencecommand.h"
#include "core/compare/fabricdiff.h"
#include "core/resilience/resiliencecompare.h"

namespace Railyard::Cli {
namespace {

/// Reads the two fabric files of a comparison; std::nullopt after printing the errors.
std::optional<std::pair<Fabric, Fabric>> loadPair(const CommandLine &cl)
{
    const QString first = cl.positional(0), second = cl.positional(1);
    const FileFormat &formatA = readFormatFor(cl, first, cl.value(QStringLiteral("from")), QStringLiteral("from"));
    const FileFormat &formatB = readFormatFor(cl, second, cl.value(QStringLiteral("from")), QStringLiteral("from"));
    ReadOptions options;
    options.nodeNameMap = cl.value(QStringLiteral("node-name-map"));
    std::optional<Fabric> a = loadFabric(first, formatA, options);
    std::optional<Fabric> b = loadFabric(second, formatB, options);
    if (!a || !b)
        return std::nullopt;
    // Name each side by its file when the fabric has no name of its own.
    if (a->name.empty())
        a->name = first.toStdString();
    if (b->name.empty())
        b->name = second.toStdString();
    return std::pair(std::move(*a), std::move(*b));
}

} // namespace

int runDiff(const QStringList &args)
{
    CommandLine cl(QStringLiteral("diff"),
                   QStringLiteral("Compares two fabrics (two designs, two versions, a design and a discovered "
                                  "fabric): added, removed and changed hosts, switches and links, the capacity "
                                  "delta, and the analysis of both (bisection, oversubscription per tier)."));
    cl.addPositional(QStringLiteral("A"), QStringLiteral("The fabric before."));
    cl.addPositional(QStringLiteral("B"), QStringLiteral("The fabric after."));
    cl.addOption({QStringLiteral("from")}, QStringLiteral("Input format slug for both files."), QStringLiteral("slug"));
    cl.addOption({QStringLiteral("node-name-map")},
                 QStringLiteral("ibnetdiscover inputs: infiniband-diags' node-name map (0xGUID \"NAME\" lines)."),
                 QStringLiteral("file"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print JSON (docs/cli.md)."));
    cl.addFlag({QStringLiteral("no-analysis")}, QStringLiteral("Compare elements only: no bisection of either side."));
    cl.addFlag({QStringLiteral("resilience")},
               QStringLiteral("Also run a failure study on both (default n-1 over every switch and link) and show "
                              "their bisection, and with --job the step slowdown, at p50, p95 and p99 side by "
                              "side (docs/resilience.md)."));
    addStudyOptions(cl, true);
    cl.setEpilog(QStringLiteral("Example:\n  railyard-cli diff a.fabric.json b.fabric.json --resilience --study "
                                "monte-carlo --samples 2000\nExit codes: 0 compared (identical or not), 1 a file "
                                "cannot be read or the study cannot run, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    const bool resilience = cl.isSet(QStringLiteral("resilience"));
    std::optional<StudyOptions> study;
    if (resilience) {
        if (!(study = studyOptionsFrom(cl, true)))
            return ExitBadInput;
    } else {
        for (const char *option : {"study", "scope", "rates", "samples", "failures", "seed", "job", "routing",
                                   "no-symmetry", "threads"})
            if (cl.isSet(QString::fromLatin1(option)))
                cl.fail(QStringLiteral("--%1: only with --resilience").arg(QString::fromLatin1(option)));
    }
    const std::optional<std::pair<Fabric, Fabric>> fabrics = loadPair(cl);
    if (!fabrics)
        return ExitBadInput;
    const FabricDiff diff = diffFabrics(fabrics->first, fabrics->second, !cl.isSet(QStringLiteral("no-analysis")));
    const bool json = cl.isSet(QStringLiteral("json"));
    if (!resilience) {
        printOutRaw(json ? diffToJson(diff) : diffToText(diff));
        return ExitOk;
    }
    const ResilienceComparison comparison = compareResilience(
        {{cl.positional(0).toStdString(), &fabrics->first}, {cl.positional(1).toStdString(), &fabrics->second}},
        *study);
    printOutRaw(json ? withResilienceJson(diffToJson(diff), comparison)
                     : diffToText(diff) + "\n" + resilienceComparisonToText(comparison));
    for (const ResilienceFigures &f : comparison.designs)
        if (!f.error.empty())
            return ExitBadInput;
    return ExitOk;
}

int runVerifyCabling(const QStringList &args)
{
    CommandLine cl(QStringLiteral("verify-cabling"),
                   QStringLiteral("Checks what was built against the design, cable by cable: missing, extra and "
                                  "miswired cables (two cables with their far ends exchanged are a swapped pair) "
                                  "and links at another rate than designed. DISCOVERED is typically an "
                                  "ibnetdiscover dump."));
    cl.addPositional(QStringLiteral("DESIGN"), QStringLiteral("The design."));
    cl.addPositional(QStringLiteral("DISCOVERED"), QStringLiteral("What was built (e.g. dump.ibnetdiscover)."));
    cl.addOption({QStringLiteral("from")}, QStringLiteral("Input format slug for both files."), QStringLiteral("slug"));
    cl.addOption({QStringLiteral("node-name-map")},
                 QStringLiteral("ibnetdiscover inputs: infiniband-diags' node-name map (0xGUID \"NAME\" lines)."),
                 QStringLiteral("file"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print JSON (docs/cli.md)."));
    cl.setEpilog(QStringLiteral("Exit codes: 0 built as designed, 1 findings (or a file cannot be read), 2 usage "
                                "error."));
    if (!cl.parse(args))
        return ExitOk;
    const std::optional<std::pair<Fabric, Fabric>> fabrics = loadPair(cl);
    if (!fabrics)
        return ExitBadInput;
    const CablingReport report = verifyCabling(fabrics->first, fabrics->second);
    printOutRaw(cl.isSet(QStringLiteral("json")) ? cablingToJson(report) : cablingToText(report));
    return report.clean() ? ExitOk : ExitBadInput;
}

} // namespace Railyard::Cli
