#include "app/cli/explorecommand.h"

#include "app/cli/clicommon.h"
#include "core/common/inputfile.h"
#include "core/common/outputfile.h"
#include "core/explore/explorer.h"
#include "core/formats/fileformat.h"
#include "core/registry/formatregistry.h"

#include <QFileInfo>

#include <cstdio>

namespace Railyard::Cli {

int runExplore(const QStringList &args)
{
    CommandLine cl(QStringLiteral("explore"),
                   QStringLiteral("From requirements to the best designs: every candidate fabric the generator and "
                                  "the catalogue allow (switch model per tier, oversubscription, planes, rail "
                                  "layout), pruned by closed forms, scored on cost, power, bisection and the jobs' "
                                  "step time, and the Pareto front. docs/explore.md describes SPEC."));
    cl.addPositional(QStringLiteral("SPEC"), QStringLiteral("The requirements (*.explore.json)."));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print every candidate, the ranking and the front as JSON."));
    cl.addFlag({QStringLiteral("csv")}, QStringLiteral("Print one CSV row per candidate scored."));
    cl.addOption({QStringLiteral("rows")}, QStringLiteral("Text: how many ranked designs to list. Default 20."),
                 QStringLiteral("n"), QStringLiteral("20"));
    cl.addOption({QStringLiteral("threads")}, QStringLiteral("Threads scoring candidates. Default: one per core."),
                 QStringLiteral("n"), QStringLiteral("0"));
    cl.addOption({QStringLiteral("cache")},
                 QStringLiteral("Keep scores in this file across runs: candidates scored before (same GPUs, host, "
                                "jobs and catalogue) are not built again."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("write-design")},
                 QStringLiteral("Also write the best-ranked design to this fabric file."), QStringLiteral("file"));
    addCatalogOption(cl);
    addNcclOptions(cl);
    cl.setEpilog(QStringLiteral("Example:\n  railyard-cli explore samples/h100-2k.explore.json\n"
                                "Exit codes: 0 explored (a front found), 1 a bad requirements file or no design "
                                "meets them (the binding constraint is named), 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    if (cl.isSet(QStringLiteral("json")) && cl.isSet(QStringLiteral("csv")))
        cl.fail(QStringLiteral("give one of --json and --csv"));
    const int rows = cl.intValue(QStringLiteral("rows"), 20, 1);
    const int threads = cl.intValue(QStringLiteral("threads"), 0, 0);
    const std::optional<BomCatalog> catalog = catalogOption(cl);
    if (!catalog)
        return ExitBadInput;
    const QString file = cl.positional(0);
    QString error;
    const std::optional<QByteArray> data = readInputFile(file, &error, 4 << 20);
    if (!data) {
        printErr(QStringLiteral("%1: %2").arg(file, error));
        return ExitBadInput;
    }
    try {
        ExploreSpec spec = parseExploreSpec(std::string_view(data->constData(), size_t(data->size())),
                                            file.toStdString(), QFileInfo(file).absolutePath().toStdString());
        applyNcclOptions(cl, spec.nccl);
        ExploreOptions options;
        options.catalog = &*catalog;
        options.threads = threads;
        ExploreCache cache;
        const QString cacheFile = cl.value(QStringLiteral("cache"));
        if (!cacheFile.isEmpty()) {
            options.cache = &cache;
            if (QFileInfo::exists(cacheFile)) {
                QString readError;
                const std::optional<QByteArray> text = readInputFile(cacheFile, &readError, 256 << 20);
                std::string loadError;
                if (!text) {
                    printErr(QStringLiteral("%1: %2").arg(cacheFile, readError));
                    return ExitBadInput;
                }
                std::vector<std::string> warnings;
                if (!cache.loadJson(std::string_view(text->constData(), size_t(text->size())), cacheFile.toStdString(),
                                    &loadError, &warnings)) {
                    printErr(QString::fromStdString(loadError));
                    return ExitBadInput;
                }
                for (const std::string &w : warnings)
                    printErr(QStringLiteral("warning: %1").arg(QString::fromStdString(w)));
            }
        }
        const ExploreResult result = explore(spec, options);
        // Nothing is written when the command fails (no design meets the
        // requirements): neither the cache nor the design.
        if (!cacheFile.isEmpty() && result.infeasible.empty()) {
            QString writeError;
            if (!writeOutputFile(cacheFile, QByteArray::fromStdString(cache.toJson()), &writeError)) {
                printErr(QStringLiteral("%1: %2").arg(cacheFile, writeError));
                return ExitBadInput;
            }
        }
        if (cl.isSet(QStringLiteral("json")))
            printOutRaw(exploreToJson(result));
        else if (cl.isSet(QStringLiteral("csv")))
            printOutRaw(exploreToCsv(result));
        else
            printOutRaw(exploreToText(result, rows));
        if (!result.infeasible.empty()) {
            printErr(QStringLiteral("%1: no design meets the requirements: %2")
                         .arg(file, QString::fromStdString(result.infeasible)));
            return ExitBadInput;
        }
        if (cl.isSet(QStringLiteral("write-design")) && !result.ranking.empty()) {
            const ExploreScore &best = result.scored[size_t(result.ranking.front())];
            const Fabric design = exploreDesign(spec, best.candidate, *catalog);
            QString writeError;
            if (!FormatRegistry::instance().writeFile(design, cl.value(QStringLiteral("write-design")), &writeError)) {
                printErr(writeError);
                return ExitBadInput;
            }
        }
    } catch (const ExploreError &e) {
        printErr(QString::fromStdString(e.what()));
        return ExitBadInput;
    } catch (const GeneratorError &e) {
        printErr(QStringLiteral("%1: %2").arg(file, QString::fromStdString(e.what())));
        return ExitBadInput;
    }
    return ExitOk;
}

} // namespace Railyard::Cli
