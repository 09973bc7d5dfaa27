#include "app/cli/healthstorecommands.h"

#include "app/cli/clicommon.h"
#include "core/health/healthstore.h"

namespace Railyard::Cli {

int runRecordings(const QStringList &args)
{
    CommandLine cl(QStringLiteral("recordings"),
                   QStringLiteral("Lists the telemetry recordings kept in a .railyard project (made by 'health "
                                  "--record PROJECT.railyard' or the GUI's Health dock), exports one as JSON lines "
                                  "or removes one."));
    cl.addPositional(QStringLiteral("PROJECT"), QStringLiteral("A .railyard project."));
    cl.addOption({QStringLiteral("export")}, QStringLiteral("Export recording ID as JSON lines to --out."),
                 QStringLiteral("id"));
    cl.addOption({QStringLiteral("out")}, QStringLiteral("The file --export writes."), QStringLiteral("file"));
    cl.addOption({QStringLiteral("remove")}, QStringLiteral("Remove recording ID and its frames."),
                 QStringLiteral("id"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print the list as JSON (docs/cli.md)."));
    cl.setEpilog(QStringLiteral("Examples:\n"
                                "  railyard-cli recordings lab.railyard\n"
                                "  railyard-cli recordings lab.railyard --export 2 --out run2.jsonl\n"
                                "Exit codes: 0 done, 1 unreadable project or unknown recording, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    const HealthStore store(cl.positional(0));
    ProjectError error;
    if (cl.isSet(QStringLiteral("export"))) {
        const int id = cl.requiredInt(QStringLiteral("export"), 1);
        const QString out = cl.requiredString(QStringLiteral("out"));
        if (!store.exportRecording(id, out, &error)) {
            printErr(error.toString());
            return ExitBadInput;
        }
        printOut(QStringLiteral("%1: recording %2").arg(out).arg(id));
        return ExitOk;
    }
    if (cl.isSet(QStringLiteral("remove"))) {
        const int id = cl.requiredInt(QStringLiteral("remove"), 1);
        if (!store.removeRecording(id, &error)) {
            printErr(error.toString());
            return ExitBadInput;
        }
        printOut(QStringLiteral("removed recording %1 from %2").arg(id).arg(store.path()));
        return ExitOk;
    }
    const auto list = store.recordings(&error);
    if (!list) {
        printErr(error.toString());
        return ExitBadInput;
    }
    printOutRaw(cl.isSet(QStringLiteral("json")) ? recordingsToJson(*list) : recordingsToText(*list));
    return ExitOk;
}

int runIncidents(const QStringList &args)
{
    CommandLine cl(QStringLiteral("incidents"),
                   QStringLiteral("Lists the network incidents filed into a .railyard project while monitoring "
                                  "health ('health --project' or the GUI), newest first; --json gives each as the "
                                  "control-plane incident API takes it."));
    cl.addPositional(QStringLiteral("PROJECT"), QStringLiteral("A .railyard project."));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print the incidents as JSON (docs/cli.md)."));
    cl.setEpilog(QStringLiteral("Exit codes: 0 listed, 1 unreadable project, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    ProjectError error;
    const auto list = HealthStore(cl.positional(0)).incidents(&error);
    if (!list) {
        printErr(error.toString());
        return ExitBadInput;
    }
    printOutRaw(cl.isSet(QStringLiteral("json")) ? incidentsToJson(*list) : incidentsToText(*list));
    return ExitOk;
}

} // namespace Railyard::Cli
