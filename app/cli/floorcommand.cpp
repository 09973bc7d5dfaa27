#include "app/cli/floorcommand.h"

#include "app/cli/clicommon.h"
#include "core/common/inputfile.h"
#include "core/common/outputfile.h"
#include "core/bom/floorreport.h"


namespace Railyard::Cli {

int runFloor(const QStringList &args)
{
    CommandLine cl(QStringLiteral("floor"),
                   QStringLiteral("The design on the data-hall floor: power per rack and row against the hall's "
                                  "budget, every cable's run over the trays and the cheapest part that reaches it, "
                                  "the longest runs, the parts, and the problems. docs/floor.md describes the floor "
                                  "and the rules."));
    cl.addPositional(QStringLiteral("FILE"), QStringLiteral("The fabric."));
    cl.addOption({QStringLiteral("from")}, QStringLiteral("Input format slug, overriding the file name."),
                 QStringLiteral("slug"));
    cl.addOption({QStringLiteral("floor")},
                 QStringLiteral("The floor (docs/floor.md, \"The floor object\"), over the design's own. Without "
                                "either, the racks are placed automatically, and the report says so."),
                 QStringLiteral("file"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print JSON (docs/floor.md, \"The report\")."));
    cl.addOption({QStringLiteral("svg")}, QStringLiteral("Also draw the hall from above to this SVG file."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("write-floor")},
                 QStringLiteral("Also write the floor in use (the automatic one without --floor) to this file, to "
                                "edit and give back with --floor."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("longest")}, QStringLiteral("How many of the longest runs to list. Default 10."),
                 QStringLiteral("n"), QStringLiteral("10"));
    addCatalogOption(cl);
    cl.setEpilog(QStringLiteral("Exit codes: 0 no problems, 1 an unreadable fabric, floor or catalogue, or problems "
                                "found (a rack or row over budget, a run no part reaches, a rack not on the floor), "
                                "2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    const int longest = cl.intValue(QStringLiteral("longest"), 10, 0);
    const QString file = cl.positional(0);
    const FileFormat &format = readFormatFor(cl, file, cl.value(QStringLiteral("from")), QStringLiteral("from"));
    const std::optional<BomCatalog> catalog = catalogOption(cl);
    if (!catalog)
        return ExitBadInput;
    std::optional<Fabric> fabric = loadFabric(file, format);
    if (!fabric)
        return ExitBadInput;
    FloorPlan floor;
    const QString floorFile = cl.value(QStringLiteral("floor"));
    try {
        if (floorFile.isEmpty() && fabric->floor) {
            floor = *fabric->floor;
        } else if (floorFile.isEmpty()) {
            floor = autoFloor(*fabric);
        } else {
            QString error;
            const std::optional<QByteArray> text = readInputFile(floorFile, &error, 64 << 20);
            if (!text) {
                printErr(QStringLiteral("%1: %2").arg(floorFile, error));
                return ExitBadInput;
            }
            floor = parseFloorJson(std::string_view(text->constData(), size_t(text->size())), floorFile.toStdString());
        }
    } catch (const FloorError &e) {
        printErr(QString::fromStdString(e.what()));
        return ExitBadInput;
    }
    const FloorReport report = buildFloorReport(*fabric, floor, *catalog, catalog->cableParts);
    const QString floorOut = cl.value(QStringLiteral("write-floor"));
    const QString svg = cl.value(QStringLiteral("svg"));
    // Nothing is written for a floor with problems: the files would pass for
    // a floor that works. The report says what is wrong.
    if (report.problems.empty()) {
        for (const auto &[path, content] :
             {std::pair(floorOut, floorOut.isEmpty() ? std::string() : floorToJson(floor) + "\n"),
              std::pair(svg, svg.isEmpty() ? std::string() : floorToSvg(floor, report))}) {
            if (path.isEmpty())
                continue;
            QString error;
            if (!writeOutputFile(path, QByteArray::fromStdString(content), &error)) {
                printErr(QStringLiteral("%1: %2").arg(path, error));
                return ExitBadInput;
            }
        }
    }
    printOutRaw(cl.isSet(QStringLiteral("json")) ? floorReportToJson(report, longest) : floorReportToText(report, longest));
    QStringList unwritten;
    for (const QString &path : {floorOut, svg})
        if (!path.isEmpty())
            unwritten << path;
    if (!report.problems.empty() && !unwritten.isEmpty())
        printErr(QStringLiteral("%1: the floor has %2 problem(s); %3 not written")
                     .arg(file)
                     .arg(report.problems.size())
                     .arg(unwritten.join(QStringLiteral(" and "))));
    return report.problems.empty() ? ExitOk : ExitBadInput;
}

} // namespace Railyard::Cli
