#include "core/export/slurmqueue.h"

#include "core/common/inputfile.h"
#include "core/common/jsonbounds.h"
#include "core/common/strictjsonparse.h"
#include "core/export/hostlist.h"


#include <nlohmann/json.hpp>

namespace Railyard {

namespace {

using Json = nlohmann::json;

/// A string field, bounded, or a number written as text (job_id).
std::string text(const Json &j, const char *key, size_t bound = 200)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return {};
    if (it->is_string())
        return it->get<std::string>().substr(0, bound);
    if (it->is_number_integer())
        return std::to_string(it->get<long long>());
    // Slurm 23.11+ writes some numbers as {"set": true, "number": N}.
    if (it->is_object() && it->contains("number") && (*it)["number"].is_number_integer())
        return std::to_string((*it)["number"].get<long long>());
    return {};
}

/// job_state: "RUNNING" (Slurm ≤ 23.02) or ["RUNNING", "…"] (23.11+).
bool running(const Json &job)
{
    const auto it = job.find("job_state");
    if (it == job.end())
        return false;
    if (it->is_string())
        return *it == "RUNNING";
    if (it->is_array())
        for (const Json &s : *it)
            if (s.is_string() && s == "RUNNING")
                return true;
    return false;
}

} // namespace

SlurmQueueRead readSlurmQueue(std::string_view input, const QString &fileName)
{
    SlurmQueueRead out;
    auto fail = [&](const QString &where, const QString &why) {
        out.running.clear();
        out.error = QStringLiteral("%1: %2%3").arg(fileName, where.isEmpty() ? QString() : where + QStringLiteral(": "), why);
        return out;
    };
    if (input.size() > maxSlurmQueueBytes)
        return fail({}, QStringLiteral("%1 bytes; squeue --json output is read up to %2 MiB")
                            .arg(input.size())
                            .arg(maxSlurmQueueBytes >> 20));
    // squeue's output nests a few levels; a hostile text is refused before
    // the parser builds anything (docs/security.md).
    JsonLimits limits;
    limits.maxDepth = 24;
    if (const auto e = checkJsonBounds(input, limits))
        return fail({}, QStringLiteral("line %1: %2").arg(e->line).arg(QString::fromStdString(e->message)));
    Json doc;
    try {
        doc = parseJsonRefusingDuplicates<Json>(input);
    } catch (const StrictJsonError &e) {
        return fail({}, QString::fromStdString(e.what()));
    } catch (const Json::parse_error &e) {
        return fail({}, QStringLiteral("not JSON (byte %1)").arg(e.byte));
    }
    if (!doc.is_object() || !doc.contains("jobs") || !doc["jobs"].is_array())
        return fail({}, QStringLiteral("not squeue --json output: no \"jobs\" array"));
    const Json &jobs = doc["jobs"];
    if (jobs.size() > maxSlurmQueueJobs)
        return fail(QStringLiteral("/jobs"), QStringLiteral("%1 jobs; at most %2 are read").arg(jobs.size()).arg(maxSlurmQueueJobs));
    size_t names = 0;
    for (size_t i = 0; i < jobs.size(); ++i) {
        const Json &j = jobs[i];
        const QString where = QStringLiteral("/jobs/%1").arg(i);
        if (!j.is_object())
            return fail(where, QStringLiteral("not an object"));
        if (!running(j)) {
            ++out.notRunning;
            continue;
        }
        SlurmQueueJob job;
        job.id = text(j, "job_id", 40);
        if (const std::string task = text(j, "array_task_id", 20); !task.empty() && task != "0" && !job.id.empty()
                                                                       && j.contains("array_job_id"))
            job.id = text(j, "array_job_id", 20) + "_" + task;
        if (job.id.empty())
            return fail(where + QStringLiteral("/job_id"), QStringLiteral("missing"));
        job.name = text(j, "name", 200);
        job.user = text(j, "user_name", 64);
        const auto nodes = j.find("nodes");
        if (nodes == j.end() || !nodes->is_string() || nodes->get_ref<const std::string &>().empty())
            return fail(where + QStringLiteral("/nodes"), QStringLiteral("a running job without its nodes"));
        const std::string &expression = nodes->get_ref<const std::string &>();
        if (expression.size() > 1u << 20)
            return fail(where + QStringLiteral("/nodes"), QStringLiteral("%1 characters; at most 1 MiB").arg(expression.size()));
        job.nodesExpression = expression.substr(0, 200);
        try {
            job.nodes = expandHostlist(expression, maxSlurmQueueNodes - names);
        } catch (const std::exception &e) {
            return fail(where + QStringLiteral("/nodes"), QString::fromStdString(std::string(e.what()).substr(0, 200)));
        }
        names += job.nodes.size();
        out.running.push_back(std::move(job));
    }
    return out;
}

SlurmQueueRead readSlurmQueueFile(const QString &path)
{
    // The shared checks: a regular file (never a FIFO or a device) within the bound.
    QString error;
    const std::optional<QByteArray> bytes = readInputFile(path, &error, std::int64_t(maxSlurmQueueBytes));
    if (!bytes) {
        SlurmQueueRead out;
        out.error = QStringLiteral("%1: %2").arg(path, error);
        return out;
    }
    return readSlurmQueue(std::string_view(bytes->constData(), size_t(bytes->size())), path);
}

} // namespace Railyard
