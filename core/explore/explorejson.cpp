// The explorer's reports: JSON, CSV and text (docs/explore.md).
#include "core/bom/bom.h"
#include "core/explore/explorer.h"

#include "core/common/strictjsonparse.h"
#include "core/common/jsonbounds.h"
#include "core/common/jsontext.h"
#include "core/common/messagetext.h"

#include <nlohmann/json.hpp>

#include <QCryptographicHash>

#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

namespace Railyard {

namespace {

using Json = nlohmann::ordered_json;

Json number(double v)
{
    return jsonNumber<Json>(v);
}

std::string fmt(const char *format, double v);

Json candidateJson(const ExploreCandidate &c)
{
    return Json{{"key", c.key()},
                {"leaf_switch", c.leafModel},
                {"upper_switch", c.upperModel},
                {"oversubscription", c.oversubscription},
                {"rail_optimized", c.railOptimized},
                {"planes", c.planes},
                {"breakout", std::to_string(c.nicPorts) + "x" + fmt("%g", c.portGbps) + "G"},
                {"nic_ports", c.nicPorts},
                {"port_gbps", c.portGbps},
                {"tiers", c.tiers}};
}

Json scoreJson(const ExploreScore &s)
{
    Json j = candidateJson(s.candidate);
    j["name"] = s.name;
    j["gpus"] = s.gpus;
    j["hosts"] = s.hosts;
    j["switches"] = s.switches;
    j["links"] = s.links;
    j["transceivers"] = s.transceivers;
    j["price"] = s.price;
    j["watts"] = s.watts;
    j["currency"] = s.currency;
    j["racks"] = s.racks;
    j["floor_area_m2"] = s.floorAreaM2;
    j["bisection"] = Json{{"gbps", s.bisectionGbps}, {"ratio", s.bisectionRatio}, {"exact", s.bisectionExact}};
    Json tiers = Json::array();
    for (const auto &[tier, ratio] : s.tiers)
        tiers.push_back(Json{{"tier", tier}, {"oversubscription", number(ratio)}});
    j["tier_oversubscription"] = tiers;
    Json jobs = Json::array();
    for (const ExploreJobFigure &f : s.jobs)
        jobs.push_back(Json{{"job", f.job},
                            {"step_ms", number(f.stepMs)},
                            {"comm_ms", number(f.commMs)},
                            {"comm_ms_fluid", number(f.commMsFluid)},
                            {"estimate", true},
                            {"error", f.error.empty() ? Json(nullptr) : Json(f.error)}});
    j["jobs"] = jobs;
    j["step_ms"] = number(s.stepMs);
    j["validate_problems"] = s.problems;
    j["on_front"] = s.onFront;
    j["violation"] = s.violation.empty() ? Json(nullptr) : Json(s.violation);
    return j;
}

std::string fmt(const char *format, double v)
{
    if (std::isnan(v))
        return "—";
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

/// Reads a number written by jsonNumber: null is NaN, "inf"/"-inf" the infinities.
double readNumber(const Json &v)
{
    if (v.is_null())
        return std::numeric_limits<double>::quiet_NaN();
    if (v.is_string())
        return v.get<std::string>() == "-inf" ? -std::numeric_limits<double>::infinity()
                                              : std::numeric_limits<double>::infinity();
    return v.get<double>();
}

ExploreScore scoreFromJson(const Json &j)
{
    ExploreScore s;
    ExploreCandidate &c = s.candidate;
    c.leafModel = j.at("leaf_switch").get<std::string>();
    c.upperModel = j.at("upper_switch").get<std::string>();
    c.oversubscription = j.at("oversubscription").get<double>();
    c.railOptimized = j.at("rail_optimized").get<bool>();
    c.planes = j.at("planes").get<int>();
    c.nicPorts = j.value("nic_ports", 1); // files written before breakouts were a dimension
    c.portGbps = j.value("port_gbps", 0.0);
    c.tiers = j.at("tiers").get<int>();
    s.name = j.at("name").get<std::string>();
    s.gpus = j.at("gpus").get<std::int64_t>();
    s.hosts = j.at("hosts").get<std::int64_t>();
    s.switches = j.at("switches").get<std::int64_t>();
    s.links = j.at("links").get<std::int64_t>();
    s.transceivers = j.at("transceivers").get<std::int64_t>();
    s.price = j.at("price").get<double>();
    s.watts = j.at("watts").get<double>();
    s.currency = j.at("currency").get<std::string>();
    s.racks = j.value("racks", std::int64_t(0)); // files written before floors were scored
    s.floorAreaM2 = j.value("floor_area_m2", 0.0);
    const Json &b = j.at("bisection");
    s.bisectionGbps = b.at("gbps").get<double>();
    s.bisectionRatio = b.at("ratio").get<double>();
    s.bisectionExact = b.at("exact").get<bool>();
    for (const Json &t : j.at("tier_oversubscription"))
        s.tiers.emplace_back(t.at("tier").get<std::string>(), readNumber(t.at("oversubscription")));
    for (const Json &f : j.at("jobs")) {
        ExploreJobFigure figure;
        figure.job = f.at("job").get<std::string>();
        figure.stepMs = readNumber(f.at("step_ms"));
        figure.commMs = readNumber(f.at("comm_ms"));
        figure.commMsFluid = readNumber(f.at("comm_ms_fluid"));
        if (!f.at("error").is_null())
            figure.error = f.at("error").get<std::string>();
        s.jobs.push_back(std::move(figure));
    }
    s.stepMs = readNumber(j.at("step_ms"));
    s.problems = j.at("validate_problems").get<int>();
    return s;
}

} // namespace

namespace {

/// An entry's digest: SHA-256 of its key (the candidate and the requirements
/// that decide it) and its figures, as scoreJson writes them (so a file
/// re-indented or re-serialized by another tool still verifies).
std::string entryDigest(const std::string &key, const ExploreScore &score)
{
    const std::string text = key + "\n" + scoreJson(score).dump();
    return QCryptographicHash::hash(QByteArray::fromStdString(text), QCryptographicHash::Sha256).toHex().toStdString();
}

/// Why a score cannot be a scored design's ("" when it can): counts that
/// are negative, a price or power that is not a finite non-negative amount,
/// a bisection beyond full.
std::string implausible(const ExploreScore &s)
{
    if (s.gpus < 0 || s.hosts < 0 || s.switches < 0 || s.links < 0 || s.transceivers < 0 || s.racks < 0)
        return "a negative count";
    if (!(s.price >= 0) || !std::isfinite(s.price) || !(s.watts >= 0) || !std::isfinite(s.watts))
        return "a price or power that is not a finite amount";
    if (!(s.bisectionRatio >= 0 && s.bisectionRatio <= 1 + 1e-9) || !(s.bisectionGbps >= 0))
        return "a bisection outside 0 to 100 %";
    return {};
}

} // namespace

std::string ExploreCache::toJson() const
{
    std::lock_guard lock(m_mutex);
    Json scores = Json::object();
    for (const auto &[key, score] : m_scores) {
        Json entry = scoreJson(score);
        entry["digest"] = entryDigest(key, score);
        scores[key] = std::move(entry);
    }
    return Json{{"format", "railyard-explore-cache"}, {"version", 1}, {"scores", scores}}.dump(1) + "\n";
}

bool ExploreCache::loadJson(std::string_view text, const std::string &fileName, std::string *error,
                            std::vector<std::string> *warnings)
{
    auto fail = [&](const std::string &message) {
        if (error)
            *error = fileName + ": " + message;
        return false;
    };
    JsonLimits limits;
    limits.maxDepth = 8;
    if (const auto e = checkJsonBounds(text, limits))
        return fail(std::to_string(e->line) + ": " + e->message);
    Json j;
    try {
        j = parseJsonRefusingDuplicates<Json>(text);
    } catch (const StrictJsonError &e) {
        return fail(e.what());
    } catch (const Json::parse_error &e) {
        return fail("not JSON: " + jsonExceptionMessage(e.what()));
    }
    if (!j.is_object() || !j.contains("format") || !j.at("format").is_string()
        || j.at("format").get<std::string>() != "railyard-explore-cache")
        return fail("/format: expected \"railyard-explore-cache\"");
    if (!j.contains("scores") || !j.at("scores").is_object())
        return fail("/scores: expected an object of scores by candidate");
    std::map<std::string, ExploreScore> read;
    // An entry whose digest does not match its key and content, or whose
    // figures no design has, is left out and scored again: never used.
    std::int64_t rejected = 0;
    std::string firstRejected;
    for (const auto &[key, value] : j.at("scores").items()) {
        std::string why;
        if (!value.is_object() || !value.contains("digest") || !value.at("digest").is_string()) {
            why = "no digest";
        } else {
            try {
                ExploreScore s = scoreFromJson(value);
                const ExploreCandidate &c = s.candidate;
                if (value.at("digest").get<std::string>() != entryDigest(key, s))
                    why = "its digest does not match its key and figures";
                else if (c.nicPorts < 1 || c.nicPorts > 2 || (c.nicPorts > 1 && !(c.portGbps > 0)))
                    why = "nic_ports: expected 1, or 2 with a port_gbps";
                else
                    why = implausible(s);
                if (why.empty())
                    read[key] = std::move(s);
            } catch (const Json::exception &e) {
                why = jsonExceptionMessage(e.what());
            }
        }
        if (!why.empty() && rejected++ == 0)
            firstRejected = "/scores/" + elided(key, 80) + ": " + why;
    }
    if (rejected > 0 && warnings)
        warnings->push_back(fileName + ": " + std::to_string(rejected) + " of " + std::to_string(j.at("scores").size())
                            + " cached scores are not used and are scored again (the first: " + firstRejected + ")");
    std::lock_guard lock(m_mutex);
    for (auto &[key, score] : read)
        m_scores[key] = std::move(score);
    return true;
}

std::string exploreToJson(const ExploreResult &r, int indent)
{
    Json j;
    const ExploreSpec &s = r.spec;
    Json jobs = Json::array();
    for (size_t i = 0; i < s.jobs.size(); ++i)
        jobs.push_back(Json{{"name", s.jobs[i].name},
                            {"gpus", s.jobs[i].gpus},
                            {"source", i < s.jobSources.size() ? s.jobSources[i] : std::string()}});
    j["requirements"] = Json{{"name", s.name},
                             {"gpus", s.gpus},
                             {"gpu_model", s.gpuModel},
                             {"gpus_per_host", s.gpusPerHost},
                             {"nics", s.nics},
                             {"nic_gbps", s.nicGbps},
                             {"nic_model", s.nicModel},
                             {"nccl", Json{{"ib_qps_per_connection", s.nccl.qpsPerConnection()},
                                           {"ib_split_data_on_qps", s.nccl.splitDataOnQps() ? 1 : 0}}},
                             {"jobs", jobs},
                             {"max_tiers", s.maxTiers},
                             {"max_oversubscription", number(s.maxOversubscription)},
                             {"budget", number(s.budget)},
                             {"power_kw", number(s.powerKw)},
                             {"floor_area_m2", number(s.floorAreaM2)},
                             {"objective", exploreObjectiveName(s.objective)}};
    j["enumerated"] = r.enumerated;
    j["scored"] = std::int64_t(r.scored.size());
    j["cache_hits"] = r.cacheHits;
    j["cancelled"] = r.cancelled;
    j["infeasible"] = r.infeasible.empty() ? Json(nullptr) : Json(r.infeasible);
    j["step_note"] = r.stepNote;
    Json ranking = Json::array(), front = Json::array(), all = Json::array(), pruned = Json::array();
    for (const std::int64_t i : r.ranking)
        ranking.push_back(r.scored[size_t(i)].candidate.key());
    for (const std::int64_t i : r.front)
        front.push_back(r.scored[size_t(i)].candidate.key());
    for (const ExploreScore &sc : r.scored)
        all.push_back(scoreJson(sc));
    for (const ExplorePruned &p : r.pruned) {
        Json pj = candidateJson(p.candidate);
        pj["constraint"] = p.constraint;
        pj["reason"] = p.reason;
        pruned.push_back(pj);
    }
    j["ranking"] = ranking;
    j["front"] = front;
    j["candidates"] = all;
    j["pruned"] = pruned;
    return j.dump(indent) + "\n";
}

std::string exploreToCsv(const ExploreResult &r)
{
    std::string out = "key,leaf_switch,upper_switch,oversubscription,rail_optimized,planes,breakout,tiers,switches,"
                      "transceivers,price,watts,racks,floor_area_m2,bisection_gbps,bisection_ratio,bisection_exact,"
                      "step_ms,on_front,violation\n";
    for (const ExploreScore &s : r.scored) {
        const ExploreCandidate &c = s.candidate;
        out += csvField(c.key()) + "," + csvField(c.leafModel) + "," + csvField(c.upperModel) + ","
            + fmt("%g", c.oversubscription) + "," + (c.railOptimized ? "true" : "false") + ","
            + std::to_string(c.planes) + "," + std::to_string(c.nicPorts) + "x" + fmt("%g", c.portGbps) + "G,"
            + std::to_string(c.tiers) + "," + std::to_string(s.switches) + ","
            + std::to_string(s.transceivers) + "," + fmt("%.2f", s.price) + "," + fmt("%.1f", s.watts) + ","
            + std::to_string(s.racks) + "," + fmt("%.1f", s.floorAreaM2) + "," + fmt("%.1f", s.bisectionGbps) + "," + fmt("%.6f", s.bisectionRatio) + ","
            + (s.bisectionExact ? "true" : "false") + "," + (std::isnan(s.stepMs) ? std::string() : fmt("%.4f", s.stepMs))
            + "," + (s.onFront ? "true" : "false") + "," + csvField(s.violation) + "\n";
    }
    return out;
}

std::string exploreToText(const ExploreResult &r, int rows)
{
    const ExploreSpec &s = r.spec;
    std::string out;
    out += "Design space for " + std::to_string(s.gpus) + " " + s.gpuModel + " GPUs (" + std::to_string(s.gpusPerHost)
        + " per host, " + std::to_string(s.nics) + " × " + fmt("%g", s.nicGbps) + "G NICs)";
    if (!s.jobs.empty()) {
        out += ", jobs:";
        for (const JobSpec &job : s.jobs)
            out += " " + job.name;
    }
    out += "\n";
    out += std::to_string(r.enumerated) + " candidates, " + std::to_string(r.pruned.size())
        + " pruned by closed forms or the generator, " + std::to_string(r.scored.size()) + " scored ("
        + std::to_string(r.cacheHits) + " from the cache), " + std::to_string(r.ranking.size())
        + " meet every constraint, " + std::to_string(r.front.size()) + " on the Pareto front.\n";
    if (r.cancelled)
        out += "Cancelled.\n";
    if (!r.infeasible.empty()) {
        out += "\nInfeasible: " + r.infeasible + "\n";
        return out;
    }
    const bool jobs = !s.jobs.empty();
    auto line = [&](const ExploreScore &sc, size_t rank) {
        char buf[512];
        std::snprintf(buf, sizeof buf, "%3zu%s %-36s %2d tiers %6lld switches %14s %9.1f kW  bisection %6.1f %%%s",
                      rank, sc.onFront ? "*" : " ", sc.candidate.key().c_str(), sc.candidate.tiers,
                      (long long)sc.switches, (fmt("%.0f", sc.price) + " " + sc.currency).c_str(), sc.watts / 1000.0,
                      100.0 * sc.bisectionRatio, sc.bisectionExact ? "" : " (bound)");
        std::string l = buf;
        if (jobs)
            l += "  step " + fmt("%.2f", sc.stepMs) + " ms";
        out += l + "\n";
    };
    out += "\nPareto front (cost against " + std::string(jobs ? "the jobs' step time" : "bisection") + "):\n";
    size_t k = 0;
    for (const std::int64_t i : r.front)
        line(r.scored[size_t(i)], ++k);
    out += "\nRanked by " + std::string(exploreObjectiveName(s.objective)) + " (* on the front):\n";
    k = 0;
    for (const std::int64_t i : r.ranking) {
        if (int(k) >= rows)
            break;
        line(r.scored[size_t(i)], ++k);
    }
    if (jobs)
        out += "\nNote: " + r.stepNote + ".\n";
    return out;
}

} // namespace Railyard
