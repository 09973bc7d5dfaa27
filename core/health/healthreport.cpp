#include "core/health/healthreport.h"

#include "core/health/prometheussource.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
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
                               const HealthDetector &detector, const std::string &sourceKind,
                               const std::vector<UnpricedJob> &unpriced)
{
    HealthReport report;
    report.cluster = fabric.name;
    report.source = sourceKind;
    report.intervals = detector.framesObserved();
    report.staleIntervals = detector.staleIntervals();
    report.stale = detector.isStale();
    report.linkSamples = detector.linkSamplesObserved();
    const double expected = double(fabric.linkCount()) * double(std::max<std::int64_t>(0, report.intervals - report.staleIntervals));
    if (expected > 0) {
        report.linkGapFraction = std::clamp(1.0 - double(report.linkSamples) / expected, 0.0, 1.0);
        if (report.linkGapFraction > 0.5) {
            char text[320];
            std::snprintf(text, sizeof text,
                          "%.0f %% of the link samples were gaps (no data): no alarm does not mean healthy. Check that "
                          "the source scrapes every link and that its rate() window spans at least two scrapes "
                          "(docs/health.md, \"Prometheus source\").",
                          report.linkGapFraction * 100.0);
            report.warnings.push_back(text);
        }
    }

    HealthAttribution attribution(fabric, jobs);
    std::map<int, double> worst;   // job → worst slowdown over active alarms
    std::map<int, double> healthy; // job → the healthy whole step, as routed, the slowdowns are ratios of
    for (const HealthAlarm &alarm : detector.alarms()) {
        HealthDetection d{alarm, attribution.attribute(alarm), {}};
        d.severity = alarmSeverity(d.jobs, !jobs.empty() || !unpriced.empty());
        for (const UnpricedJob &u : unpriced)
            if (unpricedJobTouched(fabric, u, alarm.link))
                d.unpricedJobs.push_back(u.label);
        if (!d.unpricedJobs.empty())
            d.severity = std::max(d.severity, AlarmSeverity::Unknown);
        if (alarm.active())
            for (const JobImpact &impact : d.jobs) {
                worst[impact.job] = std::max(worst.count(impact.job) ? worst[impact.job] : 1.0, impact.slowdown);
                healthy[impact.job] = impact.healthyStepSeconds;
            }
        report.detections.push_back(std::move(d));
    }
    report.exclusions = recommendExclusions(fabric, jobs, detector.alarms());
    if (!report.exclusions.empty())
        for (const auto &[job, slowdown] : worst)
            report.replacements.push_back(
                replaceJob(fabric, jobs, job, report.exclusions, slowdown, healthy[job]));
    for (size_t i = 0; i < report.detections.size(); ++i) {
        const HealthDetection &d = report.detections[i];
        // Each incident names the part of the exclusion set its alarm asks for.
        HealthExclusions own = recommendExclusions(fabric, jobs, {d.alarm});
        if (!d.alarm.active()) {
            HealthAlarm open = d.alarm;
            open.clearedInterval = -1;
            own = recommendExclusions(fabric, jobs, {open});
        }
        report.incidents.push_back(buildIncident(report.cluster, d.alarm, int(i), d.jobs, own,
                                                 !jobs.empty() || !unpriced.empty(), d.unpricedJobs));
    }
    return report;
}

void describePrometheusWindow(const PrometheusSource &source, HealthReport &report)
{
    char text[256];
    if (source.scrapeIntervalSeconds() > 0) {
        std::snprintf(text, sizeof text, "scrape interval %g s, rate() window %g s", source.scrapeIntervalSeconds(),
                      source.windowSeconds());
        report.sourceDetail = text;
        return;
    }
    std::snprintf(text, sizeof text, "rate() window %g s", source.windowSeconds());
    report.sourceDetail = text;
    if (!source.scrapeIntervalProblem().empty())
        report.warnings.push_back("the scrape interval is unknown (" + source.scrapeIntervalProblem()
                                  + "): a rate() window shorter than two scrapes sees no data");
}

} // namespace Railyard
