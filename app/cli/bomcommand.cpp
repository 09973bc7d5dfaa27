#include "app/cli/bomcommand.h"

#include "app/cli/clicommon.h"
#include "core/bom/bom.h"
#include "core/common/outputfile.h"

namespace Railyard::Cli {
namespace {

void addCommon(CommandLine &cl)
{
    cl.addPositional(QStringLiteral("FILE"), QStringLiteral("The fabric."));
    cl.addOption({QStringLiteral("from")}, QStringLiteral("Input format slug, overriding the file name."),
                 QStringLiteral("slug"));
    addCatalogOption(cl);
}

/// The fabric and the catalog; std::nullopt after printing why not.
std::optional<std::pair<Fabric, BomCatalog>> load(const CommandLine &cl)
{
    const QString file = cl.positional(0);
    const FileFormat &format = readFormatFor(cl, file, cl.value(QStringLiteral("from")), QStringLiteral("from"));
    std::optional<Fabric> fabric = loadFabric(file, format);
    if (!fabric)
        return std::nullopt;
    std::optional<BomCatalog> catalog = catalogOption(cl);
    if (!catalog)
        return std::nullopt;
    return std::pair(std::move(*fabric), std::move(*catalog));
}

} // namespace

int runBom(const QStringList &args)
{
    CommandLine cl(QStringLiteral("bom"),
                   QStringLiteral("The bill of materials: switches per tier and model with ports used and free, "
                                  "NICs, cables by part and stock length from each run on the design's floor (or the "
                                  "automatic one), and their cost and power from the catalog; it says which floor and "
                                  "which defaults it priced on."));
    addCommon(cl);
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print JSON (docs/cli.md)."));
    cl.setEpilog(QStringLiteral("Exit codes: 0 printed, 1 the fabric or the catalog cannot be read, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    const auto loaded = load(cl);
    if (!loaded)
        return ExitBadInput;
    const BillOfMaterials bom = buildBom(loaded->first, loaded->second);
    printOutRaw(cl.isSet(QStringLiteral("json")) ? bomToJson(bom) : bomToText(bom));
    return ExitOk;
}

int runCabling(const QStringList &args)
{
    CommandLine cl(QStringLiteral("cabling"),
                   QStringLiteral("The cabling plan for the floor: one CSV row per cable with both ends' device, "
                                  "port (1-based, as on the hardware) and rack, where its ends stand, the cable type, "
                                  "the rate and its run, stock length and part on the floor, labelled C00001…"));
    addCommon(cl);
    cl.addOption({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("The CSV file to write."),
                 QStringLiteral("file"));
    cl.setEpilog(QStringLiteral("Exit codes: 0 written, 1 unreadable input or write failure, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    const QString output = cl.requiredString(QStringLiteral("output"));
    const auto loaded = load(cl);
    if (!loaded)
        return ExitBadInput;
    const std::vector<CableRow> rows = cablingPlan(loaded->first, loaded->second);
    const std::string csv = cablingPlanCsv(rows);
    QString error;
    if (!writeOutputFile(output, QByteArray::fromStdString(csv), &error)) {
        printErr(QStringLiteral("%1: %2").arg(output, error));
        return ExitBadInput;
    }
    printOut(QStringLiteral("%1: %2 cables").arg(output).arg(rows.size()));
    return ExitOk;
}

} // namespace Railyard::Cli
