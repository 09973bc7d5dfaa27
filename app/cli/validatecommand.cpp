#include "app/cli/validatecommand.h"

#include "app/cli/clicommon.h"
#include "core/floor/cableruns.h"

namespace Railyard::Cli {

int runValidate(const QStringList &args)
{
    CommandLine cl(QStringLiteral("validate"),
                   QStringLiteral("Checks a fabric file: syntax, references between elements, capacities, ports "
                                  "within switch radix, unique ids. Prints every problem with its location."));
    cl.addPositional(QStringLiteral("FILE"), QStringLiteral("Fabric file to check."));
    cl.addOption({QStringLiteral("from")}, QStringLiteral("Input format slug, overriding the file name."),
                 QStringLiteral("slug"));
    addCatalogOption(cl);
    cl.setEpilog(QStringLiteral("Exit codes: 0 valid (warnings allowed), 1 problems found, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    const std::optional<BomCatalog> catalog = catalogOption(cl);
    if (!catalog)
        return ExitBadInput;

    const QString file = cl.positional(0);
    const FileFormat &format = readFormatFor(cl, file, cl.value(QStringLiteral("from")), QStringLiteral("from"));
    const std::optional<Fabric> fabric = loadFabric(file, format);
    if (!fabric)
        return ExitBadInput;

    // Readers validate already; this catches a reader that forgot to. Warnings
    // were reported by loadFabric, so print only errors here.
    int errors = 0;
    std::vector<Problem> problems = fabric->validate();
    for (Problem &p : fabric->reachabilityProblems()) // hosts cut off from the others
        problems.push_back(std::move(p));
    for (Problem &p : floorProblems(*fabric, catalog->cableParts)) // runs no part reaches
        problems.push_back(std::move(p));
    for (const Problem &problem : problems) {
        if (problem.severity != Problem::Severity::Error)
            continue;
        ++errors;
        const QString where = problem.elementId.empty()
            ? QString()
            : QStringLiteral(" '%1'").arg(QString::fromStdString(problem.elementId));
        printErr(QStringLiteral("%1: element%2: %3").arg(file, where, QString::fromStdString(problem.message)));
    }
    if (errors > 0) {
        printErr(QStringLiteral("%1: %2 problem(s) found").arg(file, QString::number(errors)));
        return ExitBadInput;
    }
    printOut(QStringLiteral("%1: valid: %2").arg(file, describeFabric(*fabric)));
    return ExitOk;
}

} // namespace Railyard::Cli
