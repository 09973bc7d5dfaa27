#include "app/cli/convertcommand.h"

#include "app/cli/clicommon.h"
#include "core/registry/formatregistry.h"

namespace Railyard::Cli {

int runConvert(const QStringList &args)
{
    CommandLine cl(QStringLiteral("convert"),
                   QStringLiteral("Converts a fabric file from one format to another. The input format follows its "
                                  "content (the name as a hint) and the output format its name, unless --from / --to are given. "
                                  "Known formats: %1.")
                       .arg(knownFormatsText()));
    cl.addPositional(QStringLiteral("IN"), QStringLiteral("Fabric file to read."));
    cl.addPositional(QStringLiteral("OUT"), QStringLiteral("File to write (replaced atomically)."));
    cl.addOption({QStringLiteral("from")}, QStringLiteral("Input format slug, overriding IN's name."),
                 QStringLiteral("slug"));
    cl.addOption({QStringLiteral("to")}, QStringLiteral("Output format slug, overriding OUT's name."),
                 QStringLiteral("slug"));
    cl.addOption({QStringLiteral("node-name-map")},
                 QStringLiteral("ibnetdiscover input: infiniband-diags' node-name map (0xGUID \"NAME\" lines) "
                                "naming nodes by GUID."),
                 QStringLiteral("file"));
    cl.setEpilog(QStringLiteral("Example:\n  railyard-cli convert cluster.fabric.json cluster.graphml\n"
                                "Exit codes: 0 written, 1 bad input file or write failure, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;

    const QString in = cl.positional(0);
    const QString out = cl.positional(1);
    const FileFormat &from = readFormatFor(cl, in, cl.value(QStringLiteral("from")), QStringLiteral("from"));
    const FileFormat &to = writeFormatFor(cl, out, cl.value(QStringLiteral("to")), QStringLiteral("to"));

    ReadOptions options;
    options.nodeNameMap = cl.value(QStringLiteral("node-name-map"));
    if (!options.nodeNameMap.isEmpty() && from.slug() != u"ibnetdiscover")
        cl.fail(QStringLiteral("--node-name-map applies to ibnetdiscover input, not to %1").arg(from.slug()));
    const std::optional<Fabric> fabric = loadFabric(in, from, options);
    if (!fabric)
        return ExitBadInput;
    QString error;
    if (!FormatRegistry::instance().writeFile(*fabric, out, &error, to.slug())) {
        printErr(error.contains(out) ? error : QStringLiteral("%1: %2").arg(out, error));
        return ExitBadInput;
    }
    printOut(QStringLiteral("%1 (%2) -> %3 (%4): %5").arg(in, from.slug(), out, to.slug(), describeFabric(*fabric)));
    return ExitOk;
}

} // namespace Railyard::Cli
