#include "core/explore/explorespec.h"

#include "core/common/jsonbounds.h"
#include "core/common/strictjsonparse.h"
#include "core/common/strictjsonreader.h"
#include "core/common/messagetext.h"
#include "core/generators/closgenerator.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFileInfo>
#include <QString>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace Railyard {

namespace {

using Json = nlohmann::json;

/// Errors are ExploreErrors: "FILE: /pointer: why".
class Reader : public StrictJsonReader<Json>
{
public:
    explicit Reader(const std::string &file)
        : StrictJsonReader<Json>([file](const std::string &pointer, const std::string &message) {
            throw ExploreError(file + ": " + (pointer.empty() ? std::string("/") : pointer) + ": " + message);
        })
    { }
};

/// Lists bounded before their items are read, and every value once: a value
/// listed twice would score every candidate twice and list each design twice.
template<typename T>
class OnceEach
{
public:
    OnceEach(const Reader &rd, const Json &list, const std::string &pointer, size_t maxItems)
        : m_rd(rd)
    {
        if (list.is_array() && list.size() > maxItems)
            rd.fail(pointer, std::to_string(list.size()) + " values; at most " + std::to_string(maxItems)
                                 + " are explored (each one multiplies the candidates)");
    }
    /// `shown`: the value as the user wrote it, for the message.
    void add(const T &value, const std::string &pointer, const std::string &shown)
    {
        for (const auto &[seen, where] : m_seen)
            if (seen == value)
                m_rd.fail(pointer, shown + " is listed twice (first at " + where + ")");
        m_seen.emplace_back(value, pointer);
    }

private:
    const Reader &m_rd;
    std::vector<std::pair<T, std::string>> m_seen;
};

} // namespace

const char *exploreObjectiveName(ExploreObjective objective)
{
    switch (objective) {
    case ExploreObjective::Cost: return "cost";
    case ExploreObjective::Step: return "step";
    case ExploreObjective::Power: return "power";
    case ExploreObjective::Bisection: return "bisection";
    }
    return "cost";
}

ExploreSpec parseExploreSpec(std::string_view text, const std::string &fileName, const std::string &baseDir)
{
    JsonLimits limits;
    limits.maxDepth = 16;
    limits.maxValues = 1u << 16;
    if (text.size() > (4u << 20))
        throw ExploreError(fileName + ": larger than 4 MiB; a requirements file is a few hundred bytes");
    if (const auto e = checkJsonBounds(text, limits))
        throw ExploreError(fileName + ":" + std::to_string(e->line) + ": " + e->message);
    Json j;
    try {
        j = parseJsonRefusingDuplicates<Json>(text);
    } catch (const StrictJsonError &e) {
        throw ExploreError(fileName + ": " + e.what());
    } catch (const Json::parse_error &e) {
        throw ExploreError(fileName + ": not JSON: " + jsonExceptionMessage(e.what()));
    }
    Reader rd(fileName);
    if (!j.is_object())
        rd.fail("", "expected an object");
    rd.known(j, "", {"format", "version", "name", "gpus", "host", "nccl", "jobs", "constraints", "objective"});
    if (const Json *f = rd.find(j, "format"); f && rd.string(*f, "/format") != "railyard-explore")
        rd.fail("/format", "expected \"railyard-explore\"");
    if (const Json *v = rd.find(j, "version"); v && rd.integer(*v, "/version", 1, 1) != 1)
        rd.fail("/version", "this Railyard reads version 1");
    ExploreSpec s;
    if (const Json *v = rd.find(j, "name"))
        s.name = rd.string(*v, "/name");
    const Json *gpus = rd.find(j, "gpus");
    if (!gpus)
        rd.fail("/gpus", "missing: how many GPUs the design must hold");
    s.gpus = rd.integer(*gpus, "/gpus", 1, maxExploreGpus);

    if (const Json *host = rd.find(j, "host")) {
        if (!host->is_object())
            rd.fail("/host", "expected an object");
        rd.known(*host, "/host", {"gpu_model", "gpus_per_host", "nics", "nic_gbps", "nic_model", "nvlink_domain_gpus"});
        if (const Json *v = rd.find(*host, "gpu_model")) {
            s.gpuModel = rd.string(*v, "/host/gpu_model");
            if (!findGpuModel(s.gpuModel))
                rd.fail("/host/gpu_model", "unknown GPU model \"" + elided(s.gpuModel, 40) + "\"");
        }
        if (const Json *v = rd.find(*host, "gpus_per_host"))
            s.gpusPerHost = rd.integer(*v, "/host/gpus_per_host", 1, 72);
        if (const Json *v = rd.find(*host, "nics"))
            s.nics = rd.integer(*v, "/host/nics", 1, 16);
        if (const Json *v = rd.find(*host, "nic_gbps"))
            s.nicGbps = rd.number(*v, "/host/nic_gbps", 0, true);
        if (const Json *v = rd.find(*host, "nic_model"))
            s.nicModel = rd.string(*v, "/host/nic_model");
        if (const Json *v = rd.find(*host, "nvlink_domain_gpus"))
            s.nvlinkDomainGpus = rd.integer(*v, "/host/nvlink_domain_gpus", 0, 576);
    }
    if (const Json *nccl = rd.find(j, "nccl")) {
        if (!nccl->is_object())
            rd.fail("/nccl", "expected an object");
        rd.known(*nccl, "/nccl", {"ib_qps_per_connection", "ib_split_data_on_qps"});
        if (const Json *v = rd.find(*nccl, "ib_qps_per_connection"))
            s.nccl.ibQpsPerConnection = rd.integer(*v, "/nccl/ib_qps_per_connection", 1, 128);
        if (const Json *v = rd.find(*nccl, "ib_split_data_on_qps"))
            s.nccl.ibSplitDataOnQps = rd.integer(*v, "/nccl/ib_split_data_on_qps", 0, 1);
    }
    if (s.gpus % s.gpusPerHost != 0)
        rd.fail("/gpus", std::to_string(s.gpus) + " GPUs are not whole hosts of " + std::to_string(s.gpusPerHost));

    if (const Json *jobs = rd.find(j, "jobs")) {
        OnceEach<std::string> once(rd, *jobs, "/jobs", maxExploreJobs);
        rd.list(*jobs, "/jobs", [&](const Json &v, const std::string &pointer) {
            JobSpecResult r;
            std::string source;
            if (v.is_string()) {
                const std::string path = v.get<std::string>();
                const QString full = QFileInfo(QString::fromStdString(path)).isAbsolute()
                    ? QString::fromStdString(path)
                    : QDir(QString::fromStdString(baseDir)).filePath(QString::fromStdString(path));
                r = readJobSpecFile(full);
                source = QFileInfo(full).fileName().toStdString();
            } else if (v.is_object()) {
                r = parseJobSpec(v.dump(), QString::fromStdString(fileName + "#" + pointer));
                source = fileName + "#" + pointer;
            } else {
                rd.fail(pointer, "expected a job file's path or a job object");
            }
            if (!r.ok())
                rd.fail(pointer, elided(r.errorText().toStdString(), 400));
            if (r.job->gpus > s.gpus)
                rd.fail(pointer, "the job needs " + std::to_string(r.job->gpus) + " GPUs; the design holds "
                            + std::to_string(s.gpus));
            once.add(r.job->name, pointer, "the job \"" + elided(r.job->name, 40) + "\"");
            s.jobs.push_back(*r.job);
            s.jobSources.push_back(source);
        });
    }

    if (const Json *c = rd.find(j, "constraints")) {
        if (!c->is_object())
            rd.fail("/constraints", "expected an object");
        rd.known(*c, "/constraints",
                 {"transports", "switch_models", "mix_models", "max_tiers", "oversubscription",
                  "max_oversubscription", "planes", "rail_optimized", "breakouts", "budget", "power_kw",
                                  "floor_area_m2"});
        if (const Json *v = rd.find(*c, "transports")) {
            OnceEach<Transport> once(rd, *v, "/constraints/transports", 4);
            rd.list(*v, "/constraints/transports", [&](const Json &t, const std::string &pointer) {
                const std::string name = rd.string(t, pointer);
                const auto transport = transportFromName(name);
                if (!transport || *transport == Transport::Unspecified)
                    rd.fail(pointer, "unknown transport (infiniband, ethernet)");
                once.add(*transport, pointer, "\"" + elided(name, 40) + "\"");
                s.transports.push_back(*transport);
            });
        }
        if (const Json *v = rd.find(*c, "switch_models")) {
            OnceEach<std::string> once(rd, *v, "/constraints/switch_models", maxExploreSwitchModels);
            rd.list(*v, "/constraints/switch_models", [&](const Json &m, const std::string &pointer) {
                const std::string model = rd.id(m, pointer, 64);
                once.add(model, pointer, "\"" + elided(model, 40) + "\"");
                s.switchModels.push_back(model);
            });
        }
        if (const Json *v = rd.find(*c, "mix_models")) {
            if (!v->is_boolean())
                rd.fail("/constraints/mix_models", "expected true or false");
            s.mixModels = v->get<bool>();
        }
        if (const Json *v = rd.find(*c, "max_tiers"))
            s.maxTiers = rd.integer(*v, "/constraints/max_tiers", 1, 4);
        if (const Json *v = rd.find(*c, "oversubscription")) {
            s.oversubscription.clear();
            OnceEach<double> once(rd, *v, "/constraints/oversubscription", 32);
            rd.list(*v, "/constraints/oversubscription", [&](const Json &o, const std::string &pointer) {
                const double ratio = rd.number(o, pointer, 0, true);
                // A ratio is down:up on one leaf: beyond its ports it leaves no uplink.
                if (ratio > 1024)
                    rd.fail(pointer, userNumber(ratio) + ":1 is beyond any leaf (at most 1024:1)");
                once.add(ratio, pointer, userNumber(ratio));
                s.oversubscription.push_back(ratio);
            });
        }
        if (const Json *v = rd.find(*c, "max_oversubscription"))
            s.maxOversubscription = rd.number(*v, "/constraints/max_oversubscription", 0, true);
        if (const Json *v = rd.find(*c, "planes")) {
            s.planes.clear();
            OnceEach<int> once(rd, *v, "/constraints/planes", 8);
            rd.list(*v, "/constraints/planes", [&](const Json &p, const std::string &pointer) {
                const int planes = rd.integer(p, pointer, 1, 8);
                once.add(planes, pointer, std::to_string(planes));
                s.planes.push_back(planes);
            });
        }
        if (const Json *v = rd.find(*c, "breakouts")) {
            s.nicPorts.clear();
            OnceEach<int> once(rd, *v, "/constraints/breakouts", 2);
            rd.list(*v, "/constraints/breakouts", [&](const Json &b, const std::string &pointer) {
                // "2x200G": 2 ports of 200 Gbit/s per NIC; they must make up the NIC's speed.
                const std::string text = rd.string(b, pointer);
                int ports = 0;
                double gbps = 0;
                char unit = 0, extra = 0;
                if (std::sscanf(text.c_str(), "%dx%lf%c%c", &ports, &gbps, &unit, &extra) != 3
                    || (unit != 'G' && unit != 'g'))
                    rd.fail(pointer, "expected a breakout such as \"1x400G\" or \"2x200G\"");
                if (ports < 1 || ports > 2)
                    rd.fail(pointer, "a NIC runs 1 or 2 ports");
                if (std::abs(double(ports) * gbps - s.nicGbps) > 1e-6) {
                    char buf[160];
                    std::snprintf(buf, sizeof buf, "%d ports of %gG do not make up the %gG NIC", ports, gbps,
                                  s.nicGbps);
                    rd.fail(pointer, buf);
                }
                once.add(ports, pointer, "\"" + elided(text, 40) + "\"");
                s.nicPorts.push_back(ports);
            });
        }
        if (const Json *v = rd.find(*c, "rail_optimized")) {
            s.railOptimized.clear();
            OnceEach<bool> once(rd, *v, "/constraints/rail_optimized", 2);
            rd.list(*v, "/constraints/rail_optimized", [&](const Json &r, const std::string &pointer) {
                if (!r.is_boolean())
                    rd.fail(pointer, "expected true or false");
                once.add(r.get<bool>(), pointer, r.get<bool>() ? "true" : "false");
                s.railOptimized.push_back(r.get<bool>());
            });
        }
        if (const Json *v = rd.find(*c, "budget"))
            s.budget = rd.number(*v, "/constraints/budget", 0, true);
        if (const Json *v = rd.find(*c, "power_kw"))
            s.powerKw = rd.number(*v, "/constraints/power_kw", 0, true);
        if (const Json *v = rd.find(*c, "floor_area_m2"))
            s.floorAreaM2 = rd.number(*v, "/constraints/floor_area_m2", 0, true);
    }
    if (const Json *v = rd.find(j, "objective")) {
        const std::string o = rd.string(*v, "/objective");
        if (o == "cost")
            s.objective = ExploreObjective::Cost;
        else if (o == "step")
            s.objective = ExploreObjective::Step;
        else if (o == "power")
            s.objective = ExploreObjective::Power;
        else if (o == "bisection")
            s.objective = ExploreObjective::Bisection;
        else
            rd.fail("/objective", "unknown objective (cost, step, power, bisection)");
    }
    if (s.objective == ExploreObjective::Step && s.jobs.empty())
        rd.fail("/objective", "\"step\" ranks by the jobs' step time: give /jobs");
    return s;
}

} // namespace Railyard
