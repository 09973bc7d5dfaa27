#include "app/cli/comparedesignscommand.h"

#include "app/cli/clicommon.h"
#include "core/compare/designcomparison.h"

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
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print JSON (docs/cli.md)."));
    cl.setEpilog(QStringLiteral("Example:\n  railyard-cli compare-designs ib.fabric.json eth.fabric.json --job "
                                "samples/llama-70b-3k.job.json\nExit codes: 0 printed, 1 a design, the job or "
                                "the catalogue cannot be read, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
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
    const DesignComparison comparison = compareDesigns(inputs, *catalog, job ? &*job : nullptr);
    printOutRaw(cl.isSet(QStringLiteral("json")) ? designComparisonToJson(comparison)
                                                 : designComparisonToText(comparison));
    return ExitOk;
}

} // namespace Railyard::Cli
