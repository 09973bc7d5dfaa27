#include "app/cli/catalogcommand.h"

#include "app/cli/clicommon.h"
#include "core/bom/catalogreport.h"

namespace Railyard::Cli {

int runCatalog(const QStringList &args)
{
    CommandLine cl(QStringLiteral("catalog"),
                   QStringLiteral("Lists the switch and NIC catalogue: every model with its slug (for generate "
                                  "--switch/--nic), transport, breakouts, capabilities, price and power, and the "
                                  "source of each figure; then cables and transceivers."));
    addCatalogOption(cl);
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print JSON (docs/cli.md)."));
    cl.setEpilog(QStringLiteral("Exit codes: 0 printed, 1 the catalogue file cannot be read, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    const std::optional<BomCatalog> catalog = catalogOption(cl);
    if (!catalog)
        return ExitBadInput;
    printOutRaw(cl.isSet(QStringLiteral("json")) ? catalogToJson(*catalog) : catalogToText(*catalog));
    return ExitOk;
}

} // namespace Railyard::Cli
