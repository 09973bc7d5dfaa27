#include "app/cli/healthinputs.h"

#include "app/cli/clicommon.h"
#include "core/export/slurmqueue.h"
#include "core/jobs/jobspec.h"

namespace Railyard::Cli {

std::optional<HealthInputs> loadHealthInputs(CommandLine &cl, const QString &fabricFile, const QStringList &jobFiles,
                                             const QString &squeueFile)
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
    if (squeueFile.isEmpty()) {
        in.jobs = placeRunningJobs(*fabric, specs);
        in.fabric = std::move(*fabric);
        return in;
    }
    const SlurmQueueRead queue = readSlurmQueueFile(squeueFile);
    if (!queue.ok()) {
        printErr(queue.error);
        return std::nullopt;
    }
    // Every running job's nodes must be hosts of this fabric.
    std::vector<std::vector<std::int32_t>> hostsOf;
    for (size_t i = 0; i < queue.running.size(); ++i) {
        const SlurmQueueJob &job = queue.running[i];
        std::vector<std::int32_t> hosts;
        for (const std::string &node : job.nodes) {
            const NodeIndex n = fabric->findNode(node);
            if (n < 0 || !fabric->isHost(n)) {
                printErr(QStringLiteral("%1: job %2 runs on %3, which is not a host of %4")
                             .arg(squeueFile, QString::fromStdString(job.id), QString::fromStdString(node.substr(0, 80)),
                                  QString::fromStdString(fabric->name)));
                return std::nullopt;
            }
            hosts.push_back(n);
        }
        hostsOf.push_back(std::move(hosts));
    }
    std::vector<JobSpec> placed;
    std::vector<std::vector<std::string>> pinned;
    std::vector<char> priced(queue.running.size(), 0);
    for (const JobSpec &spec : specs) {
        int match = -1;
        for (size_t i = 0; i < queue.running.size(); ++i)
            if (queue.running[i].name == spec.name) {
                if (match >= 0) {
                    printErr(QStringLiteral("%1: jobs %2 and %3 are both named '%4': rename one, or give the job "
                                            "file of one only")
                                 .arg(squeueFile, QString::fromStdString(queue.running[size_t(match)].id),
                                      QString::fromStdString(queue.running[i].id), QString::fromStdString(spec.name)));
                    return std::nullopt;
                }
                match = int(i);
            }
        if (match < 0) {
            in.notes.push_back(QStringLiteral("job file '%1': no running Slurm job of that name in %2; not placed")
                                   .arg(QString::fromStdString(spec.name), squeueFile));
            continue;
        }
        placed.push_back(spec);
        pinned.push_back(queue.running[size_t(match)].nodes);
        priced[size_t(match)] = 1;
    }
    for (size_t i = 0; i < queue.running.size(); ++i) {
        const SlurmQueueJob &job = queue.running[i];
        const QString label = QStringLiteral("Slurm job %1 '%2'").arg(QString::fromStdString(job.id),
                                                                      QString::fromStdString(job.name));
        in.notes.push_back(QStringLiteral("%1 on %2 (%3 host(s)): %4")
                               .arg(label, QString::fromStdString(job.nodesExpression))
                               .arg(job.nodes.size())
                               .arg(
                                    priced[i] ? QStringLiteral("priced from its job file")
                                              : QStringLiteral("no job file, its impact is unknown")));
        if (!priced[i])
            in.unpriced.push_back({label.toStdString(), hostsOf[i]});
    }
    if (queue.notRunning > 0)
        in.notes.push_back(QStringLiteral("%1 job(s) in %2 not running (pending, completing…): left out")
                               .arg(queue.notRunning)
                               .arg(squeueFile));
    try {
        in.jobs = placeRunningJobs(*fabric, placed, pinned);
    } catch (const std::exception &e) {
        printErr(QStringLiteral("%1: %2").arg(squeueFile, QString::fromStdString(e.what())));
        return std::nullopt;
    }
    in.fabric = std::move(*fabric);
    return in;
}

} // namespace Railyard::Cli
