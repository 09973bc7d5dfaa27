#pragma once

// What the core health tests start from: samples/meta-24k.fabric.json with
// the MoE sample job (samples/moe-meta-24k.job.json) placed on it, and a
// parser of simulator faults that stops the test on a bad one.

#include "core/registry/formatregistry.h"
#include "core/health/healthfault.h"
#include "core/health/runningjobs.h"
#include "core/jobs/jobspec.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace HealthTestData {

inline QString sample(const char *name)
{
    return QStringLiteral(RAILYARD_SAMPLES "/") + QLatin1String(name);
}

/// Reads meta-24k and places the MoE job on it; the error text, or "" on success.
inline QString loadMeta24kWithMoe(Railyard::Fabric &fabric, std::vector<Railyard::RunningJob> &jobs)
{
    Railyard::ReadResult r = Railyard::FormatRegistry::instance().readFile(sample("meta-24k.fabric.json"));
    if (!r.ok())
        return r.errorText();
    fabric = std::move(*r.fabric);
    const Railyard::JobSpecResult job = Railyard::readJobSpecFile(sample("moe-meta-24k.job.json"));
    if (!job.ok())
        return job.errorText();
    jobs = Railyard::placeRunningJobs(fabric, {*job.job});
    return jobs.size() == 1 ? QString() : QStringLiteral("the MoE job was not placed");
}

inline Railyard::HealthFault fault(const Railyard::Fabric &fabric, const std::string &text)
{
    std::string error;
    std::optional<Railyard::HealthFault> f = Railyard::parseHealthFault(text, fabric, &error);
    if (!f)
        qFatal("%s", error.c_str());
    return *f;
}

} // namespace HealthTestData
