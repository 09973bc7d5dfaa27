#include "core/health/healthreport.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace Railyard {

void monitorHealth(TelemetrySource &source, HealthDetector &detector, std::int64_t intervals,
                   TelemetryRecorder *recorder, const std::function<bool(const TelemetryFrame &)> &onFrame)
{
    for (std::int64_t i = 0; i < intervals && !source.atEnd(); ++i) {
        const TelemetryFrame frame = source.poll();
        if (source.atEnd() && frame.stale && frame.staleReason == "end of recording")
            break;
        if (recorder && recorder->isOpen())
            recorder->write(frame);
        detector.observe(frame);
        if (onFrame && !onFrame(frame))
            break;
    }
}

HealthReport buildHealthReport(const Fabric &fabric, const std::vector<RunningJob> &jobs,
                               const HealthDetector &detector, const std::string &sourceKind)
{
    HealthReport report;
    report.cluster = fabric.name;
    report.source = sourceKind;
    report.intervals = detector.framesObserved();
    report.staleIntervals = detector.staleIntervals();
    report.stale = detector.isStale();
    report.linkSamples = detector.linkSamplesObserved();

    HealthAttribution attribution(fabric, jobs);
    std::map<int, double> worst; // job → worst slowdown over active alarms
    for (const HealthAlarm &alarm : detector.alarms()) {
        HealthDetection d{alarm, attribution.attribute(alarm)};
        if (alarm.active())
            for (const JobImpact &impact : d.jobs)
                worst[impact.job] = std::max(worst.count(impact.job) ? worst[impact.job] : 1.0, impact.slowdown);
        report.detections.push_back(std::move(d));
    }
    report.exclusions = recommendExclusions(fabric, jobs, detector.alarms());
    if (!report.exclusions.empty())
        for (const auto &[job, slowdown] : worst)
            report.replacements.push_back(replaceJob(fabric, jobs, job, report.exclusions, slowdown));
    for (size_t i = 0; i < report.detections.size(); ++i) {
        const HealthDetection &d = report.detections[i];
        // Each incident names the part of the exclusion set its alarm asks for.
        HealthExclusions own = recommendExclusions(fabric, jobs, {d.alarm});
        if (!d.alarm.active()) {
            HealthAlarm open = d.alarm;
            open.clearedInterval = -1;
            own = recommendExclusions(fabric, jobs, {open});
        }
        report.incidents.push_back(buildIncident(report.cluster, d.alarm, int(i), d.jobs, own));
    }
    return report;
}

} // namespace Railyard
