#include "app/cli/exportcommand.h"

#include "app/cli/clicommon.h"
#include "core/export/schedulerexport.h"
#include "core/formats/fileformat.h"
#include "core/common/outputfile.h"

namespace Railyard::Cli {

int runExport(const QStringList &args)
{
    const QString formats = QString::fromStdString(schedulerFormatNames());
    CommandLine cl(QStringLiteral("export"),
                   QStringLiteral("Writes the fabric's switch hierarchy as a scheduler topology file: Slurm "
                                  "topology.conf (tree or block) or topology.yaml, a Kueue Topology with node "
                                  "labels, or Volcano HyperNodes. The hierarchy comes from the links: hosts that "
                                  "share the same leaf switches form a network block (a ToR leaf, or a scalable "
                                  "unit in rail-optimized fabrics), blocks sharing spines form pods, then the top."));
    cl.addPositional(QStringLiteral("FABRIC"), QStringLiteral("Fabric file to read."));
    cl.addOption({QStringLiteral("to")}, QStringLiteral("Export format (required): %1.").arg(formats),
                 QStringLiteral("format"));
    cl.addOption({QStringLiteral("o"), QStringLiteral("output")},
                 QStringLiteral("File to write (replaced atomically); stdout when absent."), QStringLiteral("file"));
    cl.addOption({QStringLiteral("label-prefix")},
                 QStringLiteral("Kubernetes label prefix for kueue (default railyard.io)."), QStringLiteral("prefix"),
                 QStringLiteral("railyard.io"));
    cl.addOption({QStringLiteral("block-size")},
                 QStringLiteral("Slurm base block size in nodes for slurm-block and slurm-yaml (default: the "
                                "smallest network block)."),
                 QStringLiteral("n"));
    cl.addOption({QStringLiteral("from")}, QStringLiteral("Input format slug, overriding the file name."),
                 QStringLiteral("slug"));
    cl.setEpilog(QStringLiteral("Examples:\n"
                                "  railyard-cli export cluster.fabric.json --to slurm-tree -o topology.conf\n"
                                "  railyard-cli export cluster.fabric.json --to kueue --label-prefix example.com\n"
                                "Exit codes: 0 written, 1 bad input file, fabric that cannot be exported or write "
                                "failure, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;

    const QString slug = cl.requiredString(QStringLiteral("to"));
    const std::optional<SchedulerFormat> format = schedulerFormatFromName(slug.toStdString());
    if (!format)
        cl.fail(QStringLiteral("--to: unknown export format '%1' (one of: %2)").arg(slug, formats));
    ExportOptions options;
    options.labelPrefix = cl.value(QStringLiteral("label-prefix")).toStdString();
    if (!isValidLabelPrefix(options.labelPrefix))
        cl.fail(QStringLiteral("--label-prefix: '%1' is not a DNS subdomain (lower-case letters, digits, '-' and "
                               "'.'), e.g. railyard.io")
                    .arg(cl.value(QStringLiteral("label-prefix"))));
    options.blockSize = cl.intValue(QStringLiteral("block-size"), 0, 1);

    const QString in = cl.positional(0);
    const FileFormat &from = readFormatFor(cl, in, cl.value(QStringLiteral("from")), QStringLiteral("from"));
    const std::optional<Fabric> fabric = loadFabric(in, from);
    if (!fabric)
        return ExitBadInput;

    std::string text;
    try {
        text = exportTopology(*fabric, *format, options);
    } catch (const ExportError &error) {
        printErr(QStringLiteral("%1: cannot export as %2: %3").arg(in, slug, QString::fromStdString(error.what())));
        return ExitBadInput;
    }

    if (!cl.isSet(QStringLiteral("output"))) {
        printOutRaw(text);
        return ExitOk;
    }
    const QString out = cl.requiredString(QStringLiteral("output"));
    // Never renames over a device or FIFO (-o /dev/null stays a device).
    QString writeError;
    if (!writeOutputFile(out, QByteArray::fromStdString(text), &writeError)) {
        printErr(QStringLiteral("%1: %2").arg(out, writeError));
        return ExitBadInput;
    }
    printOut(QStringLiteral("%1 (%2) -> %3 (%4): %5").arg(in, from.slug(), out, slug, describeFabric(*fabric)));
    return ExitOk;
}

} // namespace Railyard::Cli
