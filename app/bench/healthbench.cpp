#include "app/bench/healthbench.h"

#include "app/bench/benchutil.h"
#include "core/registry/formatregistry.h"
#include "core/health/healthdetector.h"
#include "core/health/runningjobs.h"
#include "core/health/simulatedsource.h"
#include "core/jobs/jobspec.h"

#include <QElapsedTimer>

#include <cstdio>

namespace Railyard {

int runHealthBench(const QString &fabricPath, const QString &jobPath, int repeats, bool json)
{
    ReadResult read = FormatRegistry::instance().readFile(fabricPath);
    if (!read.ok()) {
        std::fprintf(stderr, "railyard-bench: %s\n", qPrintable(read.errorText()));
        return 1;
    }
    const Fabric fabric = std::move(*read.fabric);
    const JobSpecResult job = readJobSpecFile(jobPath);
    if (!job.ok()) {
        std::fprintf(stderr, "railyard-bench: %s\n", qPrintable(job.errorText()));
        return 1;
    }
    const std::vector<RunningJob> jobs = placeRunningJobs(fabric, {*job.job});
    std::string error;
    std::vector<HealthFault> faults;
    if (auto f = parseHealthFault("degrade:" + jobs[0].evaluation.bottleneckLinkId + ":0.5@5", fabric, &error))
        faults.push_back(*f);
    SimulatedSource source(fabric, jobs, faults);
    (void)source.poll(); // routes the healthy and the degraded step once, outside the timing
    std::vector<TelemetryFrame> frames;
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < 20; ++i)
        frames.push_back(source.poll());
    const double simSeconds = double(timer.nsecsElapsed()) / 1e9;
    const double simRate = 20.0 * double(fabric.linkCount()) / simSeconds;

    std::vector<double> rates;
    std::int64_t alarms = 0;
    for (int r = 0; r < repeats; ++r) {
        HealthDetector detector(fabric);
        timer.restart();
        for (int i = 0; i < 100; ++i) {
            TelemetryFrame &f = frames[size_t(i) % frames.size()];
            f.interval = i;
            detector.observe(f);
        }
        const double seconds = double(timer.nsecsElapsed()) / 1e9;
        rates.push_back(double(detector.linkSamplesObserved()) / seconds);
        alarms = std::int64_t(detector.alarms().size());
    }
    const double rate = Bench::median(rates);
    const long long ranks = (long long)jobs[0].evaluation.placement.ranks.size();
    if (json)
        std::printf("{\"fabric\": \"%s\", \"links\": %d, \"ranks\": %lld, \"detection_link_samples_per_s\": %.0f, "
                    "\"simulator_link_samples_per_s\": %.0f, \"alarms\": %lld, \"peak_rss_mib\": %.1f}\n",
                    fabric.name.c_str(), fabric.linkCount(), ranks, rate, simRate, (long long)alarms,
                    Bench::peakRssMiB());
    else
        std::printf("health on %s (%d links, %lld ranks), one thread:\n"
                    "  detection  %.2f M link samples/s (median of %d × 100 frames; ranks checked too)\n"
                    "  simulator  %.2f M link samples/s\n"
                    "  alarms raised in the timed frames: %lld\n  peak RSS %.0f MiB\n",
                    fabric.name.c_str(), fabric.linkCount(), ranks, rate / 1e6, repeats, simRate / 1e6,
                    (long long)alarms, Bench::peakRssMiB());
    return 0;
}

} // namespace Railyard
