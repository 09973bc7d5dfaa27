#include "app/cli/healthinputs.h"

#include "app/cli/clicommon.h"
#include "core/jobs/jobspec.h"

namespace Railyard::Cli {

std::optional<HealthInputs> loadHealthInputs(CommandLine &cl, const QString &fabricFile, const QStringList &jobFiles)
{
    const FileFormat &format = readFormatFor(cl, fabricFile, {}, QStringLiteral("from"));
    std::optional<Fabric> fabric = loadFabric(fabricFile, format);
    if (!fabric)
        return std::nullopt;
    HealthInputs in;
    for (const QString &text : cl.values(QStringLiteral("inject"))) {
        std::string error;
        std::optional<HealthFault> f = parseHealthFault(text.toStdString(), *fabric, &error);
        if (!f)
            cl.fail(QStringLiteral("--inject %1").arg(QString::fromStdString(error)));
        in.faults.push_back(*f);
    }
    std::vector<JobSpec> specs;
    for (const QString &jobFile : jobFiles) {
        const JobSpecResult r = readJobSpecFile(jobFile);
        if (!r.ok()) {
            printErr(r.errorText());
            return std::nullopt;
        }
        specs.push_back(*r.job);
    }
    in.jobs = placeRunningJobs(*fabric, specs);
    in.fabric = std::move(*fabric);
    return in;
}

} // namespace Railyard::Cli
