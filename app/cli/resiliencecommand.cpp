#include "app/cli/resiliencecommand.h"

#include "app/cli/clicommon.h"
#include "core/common/inputfile.h"
#include "core/common/outputfile.h"
#include "core/resilience/resilience.h"
#include "core/resilience/slurmscript.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <exception>

namespace Railyard::Cli {

namespace {

bool writeText(const QString &path, const std::string &text)
{
    QString error;
    if (!writeOutputFile(path, QByteArray::fromStdString(text), &error)) {
        printErr(QStringLiteral("%1: %2").arg(path, error));
        return false;
    }
    return true;
}

} // namespace

void addStudyOptions(CommandLine &cl, bool withJob)
{
    cl.addOption({QStringLiteral("study")}, QStringLiteral("n-1, n-2 or monte-carlo. Default n-1."),
                 QStringLiteral("kind"), QStringLiteral("n-1"));
    cl.addOption({QStringLiteral("scope")},
                 QStringLiteral("The elements to fail: comma-separated KIND[:GLOB], KIND one of all, switches, "
                                "links, leaf, spine, core, host-links, switch-links, nics; GLOB matches ids and "
                                "location paths zone/pod/su/rack (spine:*/pod-03/*). Default all."),
                 QStringLiteral("selector"));
    cl.addOption({QStringLiteral("rates")},
                 QStringLiteral("Monte Carlo: failure rates per element class (JSON, docs/resilience.md). Default: "
                                "the documented defaults."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("samples")}, QStringLiteral("Monte Carlo scenarios. Default 1000."),
                 QStringLiteral("n"), QStringLiteral("1000"));
    cl.addOption({QStringLiteral("failures")},
                 QStringLiteral("Monte Carlo: exactly K random elements of the scope down per scenario instead of "
                                "the rates."),
                 QStringLiteral("k"));
    cl.addOption({QStringLiteral("seed")}, QStringLiteral("Seed of the scenarios. Default 1."), QStringLiteral("n"),
                 QStringLiteral("1"));
    if (withJob)
        cl.addOption({QStringLiteral("job")},
                     QStringLiteral("A job (*.job.json) whose step time each scenario prices."),
                     QStringLiteral("file"));
    cl.addOption({QStringLiteral("routing")},
                 QStringLiteral("Routing the job's step is priced under: fluid, ecmp, adaptive, hashed, static or "
                                "as-routed (the fabric's own). Default as-routed."),
                 QStringLiteral("mode"), QStringLiteral("as-routed"));
    cl.addFlag({QStringLiteral("no-symmetry")},
               QStringLiteral("Evaluate every scenario instead of one per class of equivalent failures."));
    cl.addOption({QStringLiteral("threads")}, QStringLiteral("Threads evaluating scenarios. Default: one per core."),
                 QStringLiteral("n"), QStringLiteral("0"));
}

std::optional<StudyOptions> studyOptionsFrom(CommandLine &cl, bool withJob)
{
    StudyOptions options;
    const QString kind = cl.value(QStringLiteral("study")).trimmed().toLower();
    const auto studyKind = studyKindFromName(kind.toStdString());
    if (!studyKind)
        cl.fail(QStringLiteral("--study: unknown study '%1' (n-1, n-2 or monte-carlo)").arg(kind.left(40)));
    options.kind = *studyKind;
    options.scope = cl.value(QStringLiteral("scope")).toStdString();
    options.samples = cl.intValue(QStringLiteral("samples"), 1000, 1);
    options.forcedFailures = cl.intValue(QStringLiteral("failures"), 0, 1);
    options.seed = std::uint64_t(cl.intValue(QStringLiteral("seed"), 1, 0));
    options.threads = cl.intValue(QStringLiteral("threads"), 0, 0);
    options.symmetry = !cl.isSet(QStringLiteral("no-symmetry"));
    options.routing = cl.value(QStringLiteral("routing")).trimmed().toLower().toStdString();
    if (options.kind != StudyKind::MonteCarlo)
        for (const char *mcOnly : {"rates", "failures"})
            if (cl.isSet(QString::fromLatin1(mcOnly)))
                cl.fail(QStringLiteral("--%1: only with --study monte-carlo").arg(QString::fromLatin1(mcOnly)));
    if (cl.isSet(QStringLiteral("rates")) && cl.isSet(QStringLiteral("failures")))
        cl.fail(QStringLiteral("give one of --rates and --failures"));
    if (cl.isSet(QStringLiteral("rates"))) {
        const QString ratesFile = cl.value(QStringLiteral("rates"));
        QString error;
        const std::optional<QByteArray> data = readInputFile(ratesFile, &error, 1 << 20);
        if (!data) {
            printErr(QStringLiteral("%1: %2").arg(ratesFile, error));
            return std::nullopt;
        }
        try {
            options.rates = parseFailureRates(std::string_view(data->constData(), size_t(data->size())),
                                              ratesFile.toStdString());
        } catch (const ResilienceError &e) {
            printErr(QString::fromStdString(e.what()));
            return std::nullopt;
        }
        options.ratesSource = QFileInfo(ratesFile).fileName().toStdString();
    }
    if (withJob && cl.isSet(QStringLiteral("job"))) {
        std::optional<JobSpec> job = readJobFile(cl.value(QStringLiteral("job")));
        if (!job)
            return std::nullopt;
        options.job = std::move(*job);
        options.jobSource = QFileInfo(cl.value(QStringLiteral("job"))).fileName().toStdString();
    }
    return options;
}

namespace {

int runMerge(const QStringList &args)
{
    CommandLine cl(QStringLiteral("resilience merge"),
                   QStringLiteral("Merges the parts of a failure study run in shards (--shard I/N) into the report "
                                  "one run gives."));
    cl.addPositional(QStringLiteral("PART"), QStringLiteral("A part written by resilience --shard … -o PART."));
    cl.addMorePositionals(QStringLiteral("PART"), QStringLiteral("The other parts, in any order."));
    cl.addOption({QStringLiteral("o"), QStringLiteral("output")},
                 QStringLiteral("Write the merged report (JSON) here instead of printing it."), QStringLiteral("file"));
    cl.addFlag({QStringLiteral("text")}, QStringLiteral("Print the text report instead of JSON."));
    cl.setEpilog(QStringLiteral("Exit codes: 0 merged, 1 unreadable part or parts that do not belong together, "
                                "2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    std::vector<StudyResult> parts;
    for (const QString &file : cl.positionals()) {
        QString error;
        const std::optional<QByteArray> data = readInputFile(file, &error);
        if (!data) {
            printErr(QStringLiteral("%1: %2").arg(file, error));
            return ExitBadInput;
        }
        try {
            parts.push_back(studyFromJson(std::string_view(data->constData(), size_t(data->size())), file.toStdString()));
        } catch (const ResilienceError &e) {
            printErr(QString::fromStdString(e.what()));
            return ExitBadInput;
        }
    }
    try {
        const StudyResult whole = mergeStudies(std::move(parts));
        const std::string text = cl.isSet(QStringLiteral("text")) ? studyToText(whole) : studyToJson(whole);
        if (cl.isSet(QStringLiteral("output")))
            return writeText(cl.value(QStringLiteral("output")), text) ? ExitOk : ExitBadInput;
        printOutRaw(text);
    } catch (const ResilienceError &e) {
        printErr(QString::fromStdString(e.what()));
        return ExitBadInput;
    }
    return ExitOk;
}

} // namespace

int runResilience(const QStringList &args)
{
    if (!args.isEmpty() && args.front() == QLatin1String("merge"))
        return runMerge(args.mid(1));

    CommandLine cl(QStringLiteral("resilience"),
                   QStringLiteral("How a design degrades under failures: every single failure (n-1), every pair "
                                  "(n-2) or random scenarios (monte-carlo), each as a what-if: bisection, "
                                  "oversubscription per tier and, with --job, the job's step time. Equivalent "
                                  "failures are evaluated once (symmetry). 'resilience merge PARTS… -o RESULT' "
                                  "joins shards. docs/resilience.md explains the figures."));
    cl.addPositional(QStringLiteral("FABRIC"), QStringLiteral("Fabric file to study."));
    addStudyOptions(cl, true);
    cl.addOption({QStringLiteral("place-gpus")},
                 QStringLiteral("Monte Carlo: also the probability that a job of N GPUs still fits rail-aligned in "
                                "one pod (every NIC link of its hosts up)."),
                 QStringLiteral("n"));
    cl.addOption({QStringLiteral("shard")},
                 QStringLiteral("I/N: compute only part I of N (0-based); merge the parts with 'resilience merge'."),
                 QStringLiteral("i/n"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print the report as JSON (docs/resilience.md)."));
    cl.addOption({QStringLiteral("o"), QStringLiteral("output")},
                 QStringLiteral("Write the report here (JSON with --json) instead of printing it."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("slurm-script")},
                 QStringLiteral("Write a Slurm batch script that runs the study as a job array of shards and merges "
                                "them, instead of running it."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("slurm-shards")}, QStringLiteral("Shards (array tasks) of the script. Default 8."),
                 QStringLiteral("n"), QStringLiteral("8"));
    cl.addOption({QStringLiteral("partition")}, QStringLiteral("Slurm partition of the script's jobs."),
                 QStringLiteral("name"));
    cl.addOption({QStringLiteral("time-limit")},
                 QStringLiteral("Slurm time limit of each job of the script. Default 01:00:00."),
                 QStringLiteral("time"), QStringLiteral("01:00:00"));
    cl.addOption({QStringLiteral("slurm-dir")},
                 QStringLiteral("Where the script's parts and logs go. Default: SCRIPT.parts beside the script."),
                 QStringLiteral("dir"));
    cl.addOption({QStringLiteral("result")},
                 QStringLiteral("The merged report the script writes. Default: SCRIPT.result.json."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("from")}, QStringLiteral("Input format slug, overriding the file name."),
                 QStringLiteral("slug"));
    cl.setEpilog(QStringLiteral(
        "Examples:\n"
        "  railyard-cli resilience ft8.fabric.json --study n-1\n"
        "  railyard-cli resilience meta-24k.fabric.json --study n-2 --scope 'spine:*/pod-00/*'\n"
        "  railyard-cli resilience meta-24k.fabric.json --study monte-carlo --samples 2000 --job llama.job.json\n"
        "  railyard-cli resilience big.fabric.json --study monte-carlo --shard 3/16 --json -o part-3.json\n"
        "  railyard-cli resilience merge part-*.json -o result.json\n"
        "  railyard-cli resilience big.fabric.json --study monte-carlo --slurm-script study.sbatch --slurm-shards 64\n"
        "Exit codes: 0 studied, 1 bad input file or impossible study, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;

    const QString file = cl.positional(0);
    std::optional<StudyOptions> read = studyOptionsFrom(cl, true);
    if (!read)
        return ExitBadInput;
    StudyOptions options = std::move(*read);
    const QString kind = QString::fromLatin1(studyKindName(options.kind));
    options.placeGpus = cl.intValue(QStringLiteral("place-gpus"), 0, 1);
    const bool monteCarlo = options.kind == StudyKind::MonteCarlo;
    if (!monteCarlo && cl.isSet(QStringLiteral("place-gpus")))
        cl.fail(QStringLiteral("--place-gpus: only with --study monte-carlo"));
    if (cl.isSet(QStringLiteral("shard"))) {
        const QStringList parts = cl.value(QStringLiteral("shard")).split(QLatin1Char('/'));
        bool ok1 = false, ok2 = false;
        if (parts.size() == 2) {
            options.shardIndex = parts[0].toInt(&ok1);
            options.shardCount = parts[1].toInt(&ok2);
        }
        if (!ok1 || !ok2 || options.shardCount < 1 || options.shardIndex < 0 || options.shardIndex >= options.shardCount)
            cl.fail(QStringLiteral("--shard: expected I/N with 0 ≤ I < N, such as 0/8"));
        if (!cl.isSet(QStringLiteral("output")))
            cl.fail(QStringLiteral("--shard: give -o PART.json for the part ('resilience merge' reads it)"));
    }

    const FileFormat &format = readFormatFor(cl, file, cl.value(QStringLiteral("from")), QStringLiteral("from"));

    if (cl.isSet(QStringLiteral("slurm-script"))) {
        if (cl.isSet(QStringLiteral("shard")) || cl.isSet(QStringLiteral("output")))
            cl.fail(QStringLiteral("--slurm-script: the script chooses the shards and outputs itself"));
        const QString script = QFileInfo(cl.value(QStringLiteral("slurm-script"))).absoluteFilePath();
        SlurmScriptOptions so;
        so.cli = QCoreApplication::applicationFilePath().toStdString();
        so.script = script.toStdString();
        so.shards = cl.intValue(QStringLiteral("slurm-shards"), 8, 1);
        so.partition = cl.value(QStringLiteral("partition")).toStdString();
        so.timeLimit = cl.value(QStringLiteral("time-limit")).toStdString();
        so.cpusPerTask = std::max(1, options.threads);
        so.workDir = QFileInfo(cl.isSet(QStringLiteral("slurm-dir")) ? cl.value(QStringLiteral("slurm-dir"))
                                                                     : script + QStringLiteral(".parts"))
                         .absoluteFilePath()
                         .toStdString();
        so.result = QFileInfo(cl.isSet(QStringLiteral("result")) ? cl.value(QStringLiteral("result"))
                                                                 : script + QStringLiteral(".result.json"))
                        .absoluteFilePath()
                        .toStdString();
        // The study's own arguments, with absolute paths.
        auto absolute = [](const QString &path) { return QFileInfo(path).absoluteFilePath().toStdString(); };
        std::vector<std::string> &a = so.studyArgs;
        a = {absolute(file), "--study", kind.toStdString()};
        if (cl.isSet(QStringLiteral("from")))
            a.insert(a.end(), {"--from", cl.value(QStringLiteral("from")).toStdString()});
        if (!options.scope.empty())
            a.insert(a.end(), {"--scope", options.scope});
        for (const char *fileOption : {"rates", "job"})
            if (cl.isSet(QString::fromLatin1(fileOption)))
                a.insert(a.end(), {std::string("--") + fileOption, absolute(cl.value(QString::fromLatin1(fileOption)))});
        for (const char *valueOption : {"samples", "failures", "seed", "place-gpus"})
            if (cl.isSet(QString::fromLatin1(valueOption)))
                a.insert(a.end(), {std::string("--") + valueOption, cl.value(QString::fromLatin1(valueOption)).toStdString()});
        if (cl.isSet(QStringLiteral("job")))
            a.insert(a.end(), {"--routing", options.routing});
        if (!options.symmetry)
            a.push_back("--no-symmetry");
        try {
            if (!QDir().mkpath(QString::fromStdString(so.workDir))) {
                printErr(QStringLiteral("%1: cannot create the directory").arg(QString::fromStdString(so.workDir)));
                return ExitBadInput;
            }
            if (!writeText(script, slurmScript(so)))
                return ExitBadInput;
            QFile(script).setPermissions(QFile(script).permissions() | QFileDevice::ExeOwner | QFileDevice::ExeUser);
        } catch (const ResilienceError &e) {
            printErr(QString::fromStdString(e.what()));
            return ExitBadInput;
        }
        printOut(QStringLiteral("%1: %2 shards; submit with: bash %1").arg(script).arg(so.shards));
        return ExitOk;
    }

    std::optional<Fabric> fabric = loadFabric(file, format);
    if (!fabric)
        return ExitBadInput;
    try {
        const StudyResult result = runFailureStudy(*fabric, options);
        const bool json = cl.isSet(QStringLiteral("json"));
        const std::string text = json ? studyToJson(result) : studyToText(result);
        if (cl.isSet(QStringLiteral("output")))
            return writeText(cl.value(QStringLiteral("output")), text) ? ExitOk : ExitBadInput;
        printOutRaw(text);
    } catch (const ResilienceError &e) {
        printErr(QStringLiteral("%1: %2").arg(file, QString::fromStdString(e.what())));
        return ExitBadInput;
    } catch (const std::exception &e) {
        printErr(QStringLiteral("%1: the study failed: %2").arg(file, QString::fromStdString(e.what())));
        return ExitBadInput;
    }
    return ExitOk;
}

} // namespace Railyard::Cli
