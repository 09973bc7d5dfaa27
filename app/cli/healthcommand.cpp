#include "app/cli/healthcommand.h"

#include "app/cli/clicommon.h"
#include "app/cli/healthinputs.h"
#include "core/common/messagetext.h"
#include "core/registry/formatregistry.h"
#include "core/health/healthreport.h"
#include "core/health/healthstore.h"
#include "core/health/prometheussource.h"
#include "core/health/replaysource.h"
#include "core/health/simulatedsource.h"
#include "core/jobs/jobspec.h"
#include "core/project/projectfile.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <memory>

namespace Railyard::Cli {

int runHealth(const QStringList &args)
{
    CommandLine cl(QStringLiteral("health"),
                   QStringLiteral("Monitors link and rank health of running jobs: polls a telemetry source, detects "
                                  "degraded and flapping links, PFC storms, hung and slow ranks, names the jobs each "
                                  "alarm slows and by how much, recommends exclusions, re-places the affected jobs "
                                  "and files incidents with runbooks (docs/health.md)."));
    cl.addPositional(QStringLiteral("FABRIC"), QStringLiteral("Fabric file."));
    cl.addOption({QStringLiteral("job")},
                 QStringLiteral("A running job (*.job.json), placed in the order given; repeat. Without --job "
                                "the links are watched alone: alarms, exclusions and incidents, no attribution."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("squeue")},
                 QStringLiteral("Slurm's running jobs: the output of `squeue --json` (FILE). Each --job whose name "
                                "is a running job's is placed on that job's nodes, in Slurm's order; a running job "
                                "without a --job file makes the alarms on its hosts 'unknown' and is named."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("source")},
                 QStringLiteral("Telemetry source: sim (the embedded simulator), replay=FILE (a .jsonl recording, or "
                                "PROJECT.railyard[#ID]: a recording in a project, by default its newest) or "
                                "prometheus=URL (a Prometheus server's HTTP API, polled every --interval-seconds). "
                                "Default sim."),
                 QStringLiteral("source"), QStringLiteral("sim"));
    cl.addOption({QStringLiteral("inject")},
                 QStringLiteral("Simulator fault KIND:ID:VALUE[@INTERVAL]: degrade, flap, ber, pfc-storm (ID a "
                                "link), hang, slow (ID rank:N); repeat."),
                 QStringLiteral("fault"));
    cl.addOption({QStringLiteral("mapping")},
                 QStringLiteral("Prometheus series-to-fabric mapping (JSON, docs/health.md); default: the "
                                "built-in mapping for 'railyard-cli simulate'."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("interval-seconds")},
                 QStringLiteral("Polling interval of --source prometheus. Default 1."), QStringLiteral("n"),
                 QStringLiteral("1"));
    cl.addOption({QStringLiteral("intervals")}, QStringLiteral("Polling intervals to run. Default 20."),
                 QStringLiteral("n"), QStringLiteral("20"));
    cl.addOption({QStringLiteral("seed")}, QStringLiteral("Simulator noise seed. Default 1."), QStringLiteral("s"),
                 QStringLiteral("1"));
    cl.addOption({QStringLiteral("start")},
                 QStringLiteral("The simulator's clock starts at TIME (ISO 8601 UTC, e.g. 2026-12-05T10:00:00Z; "
                                "default: now), so alarms and incidents carry wall-clock times; the same seed and "
                                "start give the same run byte for byte. 0 counts from 0."),
                 QStringLiteral("time"));
    cl.addOption({QStringLiteral("record")},
                 QStringLiteral("Record the telemetry: into a project when FILE ends in .railyard (a new recording "
                                "in it), else as JSON lines."),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("project")},
                 QStringLiteral("File the incidents into this .railyard project (default: the --record project, "
                                "if any)."),
                 QStringLiteral("file"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print the report as JSON (schema in docs/cli.md)."));
    cl.setEpilog(QStringLiteral(
        "Examples:\n"
        "  railyard-cli health samples/meta-24k.fabric.json --job samples/moe-meta-24k.job.json \\\n"
        "      --inject degrade:gpu0129--leaf-0065:0.5@3 --intervals 10\n"
        "  railyard-cli health samples/meta-24k.fabric.json --job samples/moe-meta-24k.job.json \\\n"
        "      --inject hang:rank:100@2 --record run.jsonl --json\n"
        "  railyard-cli health samples/meta-24k.fabric.json --job samples/moe-meta-24k.job.json \\\n"
        "      --inject flap:spine-01--core-01:3@2 --record lab.railyard\n"
        "  railyard-cli health samples/meta-24k.fabric.json --job samples/moe-meta-24k.job.json --source "
        "replay=lab.railyard\n"
        "  railyard-cli health samples/meta-24k.fabric.json --job samples/moe-meta-24k.job.json --source "
        "replay=run.jsonl\n"
        "Exit codes: 0 report printed (alarms or not), 1 bad fabric, job or recording, a job that does not fit, "
        "a project that cannot store the recording or incidents (the report is still printed), "
        "2 usage error."));
    if (!cl.parse(args))
        return ExitOk;

    const QString file = cl.positional(0);
    const QStringList jobFiles = cl.values(QStringLiteral("job"));
    const int intervals = cl.intValue(QStringLiteral("intervals"), 20, 1);
    const int seed = cl.intValue(QStringLiteral("seed"), 1, 0);
    double startSeconds = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
    if (cl.isSet(QStringLiteral("start"))) {
        const QString text = cl.value(QStringLiteral("start"));
        const QDateTime start = QDateTime::fromString(text, Qt::ISODateWithMs);
        if (text == QLatin1String("0"))
            startSeconds = 0;
        else if (start.isValid() && text.endsWith(QLatin1Char('Z')))
            startSeconds = double(start.toMSecsSinceEpoch()) / 1000.0;
        else
            cl.fail(QStringLiteral("--start: '%1' is not an ISO 8601 UTC time (2026-12-05T10:00:00Z) or 0")
                        .arg(elided(text)));
    }
    const QString sourceText = cl.value(QStringLiteral("source"));
    const bool replay = sourceText.startsWith(QLatin1String("replay="));
    const bool prometheus = sourceText.startsWith(QLatin1String("prometheus="));
    if (!replay && !prometheus && sourceText != QLatin1String("sim"))
        cl.fail(QStringLiteral("--source: '%1' is not sim, replay=FILE or prometheus=URL").arg(sourceText));
    bool okInterval = false;
    const double intervalSeconds = cl.value(QStringLiteral("interval-seconds")).toDouble(&okInterval);
    if (!okInterval || !(intervalSeconds >= 0.05) || !(intervalSeconds <= 3600))
        cl.fail(QStringLiteral("--interval-seconds: a number of seconds from 0.05 to 3600"));
    PrometheusMapping mapping = PrometheusMapping::defaults();
    if (cl.isSet(QStringLiteral("mapping"))) {
        QFile mappingFile(cl.value(QStringLiteral("mapping")));
        if (!mappingFile.open(QIODevice::ReadOnly)) {
            printErr(QStringLiteral("%1: %2").arg(mappingFile.fileName(), mappingFile.errorString()));
            return ExitBadInput;
        }
        std::string error;
        if (!PrometheusMapping::fromJson(mappingFile.readAll().toStdString(), mapping, &error)) {
            printErr(QStringLiteral("%1: %2").arg(mappingFile.fileName(), QString::fromStdString(error)));
            return ExitBadInput;
        }
    }
    if ((replay || prometheus) && cl.isSet(QStringLiteral("inject")))
        cl.fail(QStringLiteral("--inject: faults are injected into the simulator only (--source sim)"));

    const std::optional<HealthInputs> in
        = loadHealthInputs(cl, file, jobFiles, cl.isSet(QStringLiteral("squeue")) ? cl.value(QStringLiteral("squeue")) : QString());
    if (!in)
        return ExitBadInput;
    const Fabric *fabric = &in->fabric;
    const std::vector<HealthFault> &faults = in->faults;
    const std::vector<RunningJob> &jobs = in->jobs;

    std::unique_ptr<TelemetrySource> source;
    QString replayProject;
    std::int64_t replayRecording = 0;
    if (replay && parseProjectRecordingSpec(sourceText.mid(7), &replayProject, &replayRecording)) {
        auto r = std::make_unique<ProjectReplaySource>(replayProject, replayRecording);
        std::string error;
        if (!r->open(fabric->linkCount(), &error)) {
            printErr(QString::fromStdString(error));
            return ExitBadInput;
        }
        source = std::move(r);
    } else if (replay) {
        auto r = std::make_unique<ReplaySource>();
        std::string error;
        if (!r->open(sourceText.mid(7).toStdString(), fabric->linkCount(), &error)) {
            printErr(QString::fromStdString(error));
            return ExitBadInput;
        }
        source = std::move(r);
    } else if (prometheus) {
        PrometheusSourceOptions options;
        options.url = sourceText.mid(11).toStdString();
        options.intervalSeconds = intervalSeconds;
        source = std::make_unique<PrometheusSource>(*fabric, jobs, mapping, options);
    } else {
        SimulatorOptions options;
        options.seed = std::uint64_t(seed);
        options.startSeconds = startSeconds;
        source = std::make_unique<SimulatedSource>(*fabric, jobs, faults, options);
    }
    const QString recordTo = cl.value(QStringLiteral("record"));
    const bool recordToProject = recordTo.endsWith(QLatin1String(".railyard"), Qt::CaseInsensitive);
    const QString incidentProject = cl.isSet(QStringLiteral("project")) ? cl.value(QStringLiteral("project"))
        : recordToProject                                               ? recordTo
                                                                        : QString();
    // A --project that cannot take incidents is refused before monitoring,
    // not after the whole run.
    if (!incidentProject.isEmpty() && incidentProject != recordTo) {
        ProjectError error;
        if (!HealthStore(incidentProject).incidents(&error)) {
            printErr(error.toString());
            return ExitBadInput;
        }
    }
    // Incidents of this run are kept apart from earlier runs' (intervals, and
    // so incident ids, restart with every run).
    const std::string run = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    TelemetryRecorder recorder;
    std::optional<ProjectTelemetryRecorder> projectRecorder;
    if (recordToProject) {
        ProjectError error;
        // A project that does not exist yet is created holding the fabric
        // (its jobs are the --job files, which the project does not copy).
        if (!QFileInfo::exists(recordTo)) {
            ProjectData data;
            data.fabric = *fabric;
            if (!ProjectFile(recordTo).save(data, &error)) {
                printErr(error.toString());
                return ExitBadInput;
            }
        }
        projectRecorder.emplace(recordTo);
        const std::string name = "railyard-cli health (" + source->kind() + ")";
        if (!projectRecorder->open(name, fabric->name, fabric->linkCount(), source->kind(), &error)) {
            printErr(error.toString());
            return ExitBadInput;
        }
    } else if (!recordTo.isEmpty()) {
        std::string error;
        if (!recorder.open(recordTo.toStdString(), fabric->name, fabric->linkCount(), &error)) {
            printErr(QString::fromStdString(error));
            return ExitBadInput;
        }
    }
    HealthDetector detector(*fabric);
    ProjectError recordError;
    bool recording = true;
    monitorHealth(*source, detector, intervals, &recorder, [&](const TelemetryFrame &frame) {
        if (projectRecorder && recording && !projectRecorder->write(frame, &recordError))
            recording = false;
        return true;
    });
    if (projectRecorder && recording && !projectRecorder->flush(&recordError))
        recording = false;
    HealthReport report = buildHealthReport(*fabric, jobs, detector, source->kind(), in->unpriced);
    for (const QString &note : in->notes)
        report.runningJobs.push_back(note.toStdString());
    if (prometheus)
        describePrometheusWindow(static_cast<const PrometheusSource &>(*source), report);
    ProjectError fileError;
    const bool filed = incidentProject.isEmpty() || HealthStore(incidentProject).fileIncidents(report, run, &fileError);
    // The report is printed whatever happened to the project; a failure to
    // store is reported after it, and the exit code says so.
    printOutRaw(cl.isSet(QStringLiteral("json")) ? healthReportToJson(report) : healthReportToText(report));
    if (!recording)
        printErr(QStringLiteral("%1 (the recording stops at the last stored frame)").arg(recordError.toString()));
    if (!filed)
        printErr(fileError.toString());
    return recording && filed ? ExitOk : ExitBadInput;
}

} // namespace Railyard::Cli
