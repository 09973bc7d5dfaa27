#include "core/health/telemetryrecording.h"

#include "core/common/jsonbounds.h"

#include <nlohmann/json.hpp>

namespace Railyard {

using nlohmann::json;

std::string telemetryHeaderLine(const std::string &fabricName, std::int64_t links)
{
    return json{{"format", telemetryFormatTag}, {"version", 1}, {"fabric", fabricName}, {"links", links}}.dump();
}

std::string frameToJsonLine(const TelemetryFrame &f)
{
    json j{{"interval", f.interval}, {"time", f.timeSeconds}, {"dt", f.intervalSeconds}, {"stale", f.stale}};
    if (f.stale)
        j["reason"] = f.staleReason;
    j["link_count"] = f.links.size();
    json links = json::array();
    for (size_t l = 0; l < f.links.size(); ++l) {
        const LinkSample &s = f.links[l];
        if (!s.present)
            continue;
        links.push_back(json::array({l, linkStateName(s.state), s.capacityGbps, s.rateGbps, s.bytesAtoB, s.bytesBtoA,
                                     s.symbolErrors, s.receiveErrors, s.discards, s.linkDowned, s.ecnMarked,
                                     s.pfcPauses, s.retransmits}));
    }
    j["links"] = std::move(links);
    json jobs = json::array();
    for (const JobRankSamples &job : f.jobs) {
        json ranks = json::array();
        for (size_t r = 0; r < job.ranks.size(); ++r) {
            const RankSample &s = job.ranks[r];
            if (s.present)
                ranks.push_back(json::array({r, s.heartbeatSeconds, s.step, s.stepSeconds}));
        }
        jobs.push_back(json{{"name", job.jobName}, {"rank_count", job.ranks.size()}, {"ranks", std::move(ranks)}});
    }
    j["jobs"] = std::move(jobs);
    return j.dump();
}

std::optional<TelemetryFrame> frameFromJsonLine(const std::string &line, std::string *error)
{
    if (const std::optional<JsonBoundsError> bounds = checkJsonBounds(line)) {
        if (error)
            *error = bounds->message;
        return std::nullopt;
    }
    try {
        const json j = json::parse(line);
        TelemetryFrame f;
        f.interval = j.at("interval").get<std::int64_t>();
        f.timeSeconds = j.at("time").get<double>();
        f.intervalSeconds = j.at("dt").get<double>();
        f.stale = j.at("stale").get<bool>();
        if (f.stale)
            f.staleReason = j.value("reason", std::string());
        f.links.resize(j.at("link_count").get<size_t>());
        for (const json &a : j.at("links")) {
            const size_t l = a.at(0).get<size_t>();
            if (l >= f.links.size())
                throw std::runtime_error("link index " + std::to_string(l) + " beyond link_count");
            LinkSample &s = f.links[l];
            s.present = true;
            s.state = linkStateFromName(a.at(1).get<std::string>()).value_or(LinkState::Up);
            s.capacityGbps = a.at(2).get<float>();
            s.rateGbps = a.at(3).get<float>();
            s.bytesAtoB = a.at(4).get<double>();
            s.bytesBtoA = a.at(5).get<double>();
            s.symbolErrors = a.at(6).get<std::uint32_t>();
            s.receiveErrors = a.at(7).get<std::uint32_t>();
            s.discards = a.at(8).get<std::uint32_t>();
            s.linkDowned = a.at(9).get<std::uint32_t>();
            s.ecnMarked = a.at(10).get<std::uint32_t>();
            s.pfcPauses = a.at(11).get<std::uint32_t>();
            s.retransmits = a.at(12).get<std::uint32_t>();
        }
        for (const json &jj : j.at("jobs")) {
            JobRankSamples job;
            job.jobName = jj.at("name").get<std::string>();
            job.ranks.resize(jj.at("rank_count").get<size_t>());
            for (const json &a : jj.at("ranks")) {
                const size_t r = a.at(0).get<size_t>();
                if (r >= job.ranks.size())
                    throw std::runtime_error("rank " + std::to_string(r) + " beyond rank_count");
                RankSample &s = job.ranks[r];
                s.present = true;
                s.heartbeatSeconds = a.at(1).get<double>();
                s.step = a.at(2).get<std::int64_t>();
                s.stepSeconds = a.at(3).get<double>();
            }
            f.jobs.push_back(std::move(job));
        }
        return f;
    } catch (const std::exception &e) {
        *error = e.what();
        return std::nullopt;
    }
}

bool TelemetryRecorder::open(const std::string &path, const std::string &fabricName, std::int64_t links,
                             std::string *error)
{
    m_out.open(path, std::ios::out | std::ios::trunc);
    if (!m_out) {
        *error = "cannot write '" + path + "'";
        return false;
    }
    m_out << telemetryHeaderLine(fabricName, links) << '\n';
    return true;
}

void TelemetryRecorder::write(const TelemetryFrame &frame)
{
    m_out << frameToJsonLine(frame) << '\n';
    m_out.flush();
}

} // namespace Railyard
