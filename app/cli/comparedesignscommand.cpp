#include "app/cli/comparedesignscommand.h"

#include "app/cli/clicommon.h"
#include "app/cli/resiliencecommand.h"
#include "core/compare/designcomparison.h"
#include "core/resilience/resiliencecompare.h"

#include <QFileInfo>

namespace Railyard::Cli {

int runCompareDesigns(const QStringList &args)
{
    CommandLine cl(QStringLiteral("compare-designs"),
                   QStringLiteral("Compares designs side by side: GPUs, hosts, switches per tier and model, cables "
                                  "and optics, cost and power (the bill of materials), bisection and "
                                  "oversubscription per tier, and with --job the job's step communication time "
                                  "after placement. Each row gives its change against the first design, and each "
                                  "later design one sentence (\"B: 12 % cheaper, 9 % slower on llama-70b\")."));
    cl.addPositional(QStringLiteral("A"), QStringLiteral("The reference design (any fabric format)."));
    cl.addPositional(QStringLiteral("B"), QStringLiteral("A design to compare with A."));
    cl.addMorePositionals(QStringLiteral("C"), QStringLiteral("More designs."));
    cl.addOption({QStringLiteral("job")},
                 QStringLiteral("A training job (*.job.json) placed on each design alone (topology strategy): its "
                                "step communication time on ideal routing and as the fabric routes."),
                 QStringLiteral("file"));
    addCatalogOption(cl);
    cl.addFlag({QStringLiteral("resilience")},
               QStringLiteral("Also run a failure study on each design (default n-1 over every switch and link; "
                              "with --job its step slowdown too) and add its p50/p95/p99 rows "
                              "(docs/resilience.md)."));
    addStudyOptions(cl, false);
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print JSON (docs/cli.md)."));
    cl.setEpilog(QStringLiteral("Example:\n  railyard-cli compare-designs ib.fabric.json eth.fabric.json --job "
                                "samples/llama-70b-3k.job.json\nExit codes: 0 printed, 1 a design, the job or "
                                "the catalogue cannot be read, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    const bool resilience = cl.isSet(QStringLiteral("resilience"));
    std::optional<StudyOptions> study;
    if (resilience) {
        if (!(study = studyOptionsFrom(cl, false)))
            return ExitBadInput;
    } else {
        for (const char *option : {"study", "scope", "rates", "samples", "failures", "seed", "routing",
                                   "no-symmetry", "threads"})
            if (cl.isSet(QString::fromLatin1(option)))
                cl.fail(QStringLiteral("--%1: only with --resilience").arg(QString::fromLatin1(option)));
    }
    const QStringList files = cl.positionals();
    if (files.size() > 16)
        cl.fail(QStringLiteral("at most 16 designs at once, got %1").arg(files.size()));
    const std::optional<BomCatalog> catalog = catalogOption(cl);
    if (!catalog)
        return ExitBadInput;
    std::optional<JobSpec> job;
    if (cl.isSet(QStringLiteral("job")) && !(job = readJobFile(cl.value(QStringLiteral("job")))))
        return ExitBadInput;
    std::vector<Fabric> fabrics;
    fabrics.reserve(size_t(files.size()));
    for (const QString &file : files) {
        const FileFormat &format = readFormatFor(cl, file, QString(), QStringLiteral("from"));
        std::optional<Fabric> fabric = loadFabric(file, format);
        if (!fabric)
            return ExitBadInput;
        fabrics.push_back(std::move(*fabric));
    }
    std::vector<DesignInput> inputs;
    for (qsizetype i = 0; i < files.size(); ++i)
        inputs.push_back({QFileInfo(files[i]).fileName().toStdString(), &fabrics[size_t(i)]});
    DesignComparison comparison = compareDesigns(inputs, *catalog, job ? &*job : nullptr);
    const bool json = cl.isSet(QStringLiteral("json"));
    if (!study) {
        printOutRaw(json ? designComparisonToJson(comparison) : designComparisonToText(comparison));
        return ExitOk;
    }
    if (job) {
        study->job = *job;
        study->jobSource = QFileInfo(cl.value(QStringLiteral("job"))).fileName().toStdString();
    }
    std::vector<std::pair<std::string, const Fabric *>> designs;
    for (const DesignInput &input : inputs)
        designs.emplace_back(input.label, input.fabric);
    const ResilienceComparison figures = compareResilience(designs, *study);
    appendResilience(comparison, figures);
    printOutRaw(json ? withResilienceJson(designComparisonToJson(comparison), figures)
                     : designComparisonToText(comparison) + "\n" + resilienceComparisonToText(figures));
    return ExitOk;
}

} // namespace Railyard::Cli
