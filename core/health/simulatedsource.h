#pragma once

// The embedded telemetry source: runs the placed jobs' traffic over the
// fabric, interval by interval, with noise and injected faults, so health
// monitoring works with nothing installed. Deterministic by seed: the same
// fabric, jobs, faults and options give bit-identical frames on every
// platform (own SplitMix64 generator, no std:: distributions).
//
// Traffic: each job moves its per-step link bytes (JobEvaluation::linkBytes,
// the same in both directions) once per step; a job runs at its modelled
// step time (the traffic model's communication time, no compute term), so a
// link carries Σ_jobs bytes/step × steps in the interval.
//
// Faults (healthfault.h) change the links' effective rates; each job is
// re-routed under them (routeJobStep, cached per distinct set of impaired
// links), so a degraded link slows the whole job — the straggler effect —
// and every link of the job carries less. A flap stalls the jobs through the
// link for half the interval in which it is down. A slow rank makes its job
// run at its pace; a hung rank stops its job (peers enter the next step and
// wait there).
//
// Noise model (docs/health.md): per link and direction, bytes × (1 + σ·z),
// z standard normal truncated at ±4, σ = throughputNoise (3 %); background
// symbol errors Poisson at BER 1e-14 of the running rate; PFC pauses and ECN
// marks Poisson at 20 and 50 per second × utilization; retransmits Poisson
// at 0.1 per second; per-rank busy time × (1 + 2 %·z); heartbeats 0–200 ms
// before the end of the interval; the job's step time × (1 + 1 %·z).

#include "core/health/healthfault.h"
#include "core/health/runningjobs.h"
#include "core/health/telemetrysource.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace Railyard {

struct SimulatorOptions
{
    std::uint64_t seed = 1;
    double intervalSeconds = 1.0;
    double throughputNoise = 0.03; ///< σ of the relative noise on bytes per direction
    double rankNoise = 0.02;       ///< σ of the relative noise on a rank's busy time
    double busyFraction = 0.8;     ///< a rank's busy time ÷ the job's step when healthy (the simulation's clock runs at the step communication time)
    /// Unix time (s) at which the simulated clock starts: frames, alarms and
    /// incidents then carry wall-clock times, as from a live fabric. 0: the
    /// clock counts from 0 (source times "t+3.0 s"; what tests use).
    double startSeconds = 0;
};

/// Simulated telemetry. Keeps references to the fabric and the jobs, which
/// must outlive it. poll() costs O(links + ranks) per interval, plus one
/// routing per job when the set of impaired links changes (first time only).
class SimulatedSource : public TelemetrySource
{
public:
    /// Throws std::invalid_argument for a rank fault naming an unknown job
    /// or a rank outside it.
    SimulatedSource(const Fabric &fabric, const std::vector<RunningJob> &jobs, std::vector<HealthFault> faults,
                    SimulatorOptions options = {});

    std::string kind() const override { return "sim"; }
    TelemetryFrame poll() override;

    const std::vector<HealthFault> &faults() const { return m_faults; }
    /// Each job's current step time (seconds; +inf while hung).
    const std::vector<double> &currentStepSeconds() const { return m_currentStep; }

private:
    struct JobRoute
    {
        double stepSeconds = 0;
        std::vector<std::pair<std::int32_t, float>> linkBytes; ///< loaded links only
    };
    const JobRoute &routeFor(size_t job, const std::vector<std::pair<std::int32_t, double>> &impaired);

    const Fabric &m_fabric;
    const std::vector<RunningJob> &m_jobs;
    std::vector<HealthFault> m_faults;
    SimulatorOptions m_options;
    std::int64_t m_interval = 0;
    std::vector<double> m_progressSteps; ///< per job, steps done (fractional)
    std::vector<double> m_currentStep;
    std::vector<std::vector<std::uint8_t>> m_usesLink;     ///< per job, per link
    std::vector<std::map<std::string, JobRoute>> m_routes; ///< per job, by impaired-link key
    std::vector<double> m_bytes;                           ///< scratch, per link
};

} // namespace Railyard
