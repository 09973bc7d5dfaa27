#include "core/fabricmanager/subnetrouting.h"

// The routing and engine-comparison reports as JSON and text (docs/cli.md,
// "routing"): what `railyard-cli routing` prints, apart from the analysis.

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <string>

namespace Railyard {

std::string routingReportToJson(const RoutingReport &r, int indent)
{
    using Json = nlohmann::ordered_json;
    Json groups = Json::array();
    for (const RoutingBalance::Group &g : r.balance.groups)
        groups.push_back(Json{{"from", g.from},
                              {"to", g.to},
                              {"ports", g.ports},
                              {"min_routes", g.minRoutes},
                              {"max_routes", g.maxRoutes},
                              {"mean_routes", g.meanRoutes},
                              {"worst_port", g.worstPort}});
    Json j{{"fabric", r.fabric},
           {"switches", r.switches},
           {"switches_routed", r.switchesRouted},
           {"hcas", r.hcas},
           {"problems", r.problems},
           {"balance",
            Json{{"perfect", r.balance.perfect()},
                 {"groups", groups},
                 {"unused_links", r.balance.unusedLinks},
                 {"unused", r.balance.unused}}},
           {"paths",
            Json{{"sources", r.paths.sources},
                 {"hcas", r.paths.hcas},
                 {"pairs", r.paths.pairs},
                 {"routed", r.paths.routed},
                 {"no_route", r.paths.noRoute},
                 {"loops", r.paths.loops},
                 {"wrong_host", r.paths.wrongHost},
                 {"max_hops", r.paths.maxHops},
                 {"first_problem", r.paths.firstProblem.empty() ? Json(nullptr) : Json(r.paths.firstProblem)}}},
           {"effective_bisection",
            Json{{"pattern", r.bisection.shift ? "shift" : "random"},
                 {"permutations", r.bisection.permutations},
                 {"min_cut_gbps", r.bisection.minCutGbps},
                 {"mean_gbps", r.bisection.meanGbps},
                 {"p5_gbps", r.bisection.p5Gbps},
                 {"mean_share", r.bisection.meanShare},
                 {"p5_share", r.bisection.p5Share}}}};
    if (r.job) {
        const auto ms = [](double v) { return std::isfinite(v) ? Json(v) : Json(nullptr); };
        j["job"] = Json{{"name", r.job->job},
                        {"error", r.job->error.empty() ? Json(nullptr) : Json(r.job->error)},
                        {"step_ms_fluid", ms(r.job->fluidMs)},
                        {"step_ms_static_model", ms(r.job->modelMs)},
                        {"step_ms_tables", ms(r.job->tablesMs)},
                        {"bottleneck", r.job->bottleneck},
                        {"unrouted_flows", r.job->unroutedFlows}};
    } else {
        j["job"] = nullptr;
    }
    return j.dump(indent, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string routingReportToText(const RoutingReport &r)
{
    std::string out = "Routing of " + r.fabric + " from the subnet manager's forwarding tables\n";
    char line[512];
    std::snprintf(line, sizeof line, "  tables: %d of %d switches; %d HCAs\n", r.switchesRouted, r.switches, r.hcas);
    out += line;
    std::snprintf(line, sizeof line,
                  "  paths: %lld of %lld HCA pairs routed (%lld without a route, %lld loops, %lld to the wrong host), "
                  "at most %d hops\n",
                  (long long)r.paths.routed, (long long)r.paths.pairs, (long long)r.paths.noRoute,
                  (long long)r.paths.loops, (long long)r.paths.wrongHost, r.paths.maxHops);
    out += line;
    if (r.paths.sources < r.paths.hcas) {
        std::snprintf(line, sizeof line, "    (from an even sample of %d of the %d HCAs to every HCA)\n", r.paths.sources,
                      r.paths.hcas);
        out += line;
    }
    if (!r.paths.firstProblem.empty())
        out += "    first: " + r.paths.firstProblem + "\n";
    out += std::string("  balance (HCA destinations per switch port): ")
        + (r.balance.perfect() ? "perfect" : "uneven") + "\n";
    for (const RoutingBalance::Group &g : r.balance.groups) {
        std::snprintf(line, sizeof line, "    %-6s → %-6s %6lld ports: %lld to %lld routes (mean %.1f); busiest %s\n",
                      g.from.c_str(), g.to.c_str(), (long long)g.ports, (long long)g.minRoutes,
                      (long long)g.maxRoutes, g.meanRoutes, g.worstPort.c_str());
        out += line;
    }
    std::snprintf(line, sizeof line, "    switch links no route uses: %lld\n", (long long)r.balance.unusedLinks);
    out += line;
    std::snprintf(line, sizeof line,
                  "  effective bisection (%s, %d permutation%s): mean %.0f Gb/s (%.1f %% of the min cut %.0f Gb/s), "
                  "5th percentile %.0f Gb/s (%.1f %%)\n",
                  r.bisection.shift ? "shift" : "random bisections", r.bisection.permutations,
                  r.bisection.permutations == 1 ? "" : "s", r.bisection.meanGbps, 100 * r.bisection.meanShare,
                  r.bisection.minCutGbps, r.bisection.p5Gbps, 100 * r.bisection.p5Share);
    out += line;
    if (r.job) {
        if (!r.job->error.empty()) {
            out += "  job " + r.job->job + ": " + r.job->error + "\n";
        } else {
            std::snprintf(line, sizeof line,
                          "  job %s, step communication: %.1f ms on the topology (fluid), %.1f ms under Railyard's "
                          "static routing model, %.1f ms under these tables (busiest link %s)\n",
                          r.job->job.c_str(), r.job->fluidMs, r.job->modelMs, r.job->tablesMs,
                          r.job->bottleneck.c_str());
            out += line;
        }
    }
    for (const std::string &p : r.problems)
        out += "  problem: " + p + "\n";
    return out;
}

std::string engineComparisonToJson(const std::string &fabric, const std::vector<EngineResult> &engines, int indent)
{
    using Json = nlohmann::ordered_json;
    Json list = Json::array();
    for (const EngineResult &e : engines)
        list.push_back(Json{{"engine", e.engine},
                            {"error", e.error.empty() ? Json(nullptr) : Json(e.error)},
                            {"opensm_seconds", e.opensmSeconds},
                            {"shift_share", e.shiftShare},
                            {"simulation_note", e.simulationNote.empty() ? Json(nullptr) : Json(e.simulationNote)},
                            {"report", e.report ? Json::parse(routingReportToJson(*e.report)) : Json(nullptr)}});
    return Json{{"fabric", fabric}, {"engines", list}}.dump(indent, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string engineComparisonToText(const std::string &fabric, const std::vector<EngineResult> &engines)
{
    std::string out = "Routing engines on " + fabric + " (OpenSM under ibsim)\n";
    if (!engines.empty() && !engines.front().simulationNote.empty())
        out += "  note: " + engines.front().simulationNote + "\n";
    char line[512];
    std::snprintf(line, sizeof line, "  %-16s %-17s %-9s %8s %20s %12s %9s\n", "engine", "paths routed", "balance",
                  "shift", "random mean (p5)", "job step", "OpenSM");
    out += line;
    for (const EngineResult &e : engines) {
        if (!e.report) {
            out += "  " + e.engine + ": " + e.error + "\n";
            continue;
        }
        const RoutingReport &r = *e.report;
        char routed[48], random[48], job[32];
        std::snprintf(routed, sizeof routed, "%lld/%lld", (long long)r.paths.routed, (long long)r.paths.pairs);
        std::snprintf(random, sizeof random, "%.1f %% (%.1f %%)", 100 * r.bisection.meanShare,
                      100 * r.bisection.p5Share);
        if (r.job && r.job->error.empty())
            std::snprintf(job, sizeof job, "%.1f ms", r.job->tablesMs);
        else
            std::snprintf(job, sizeof job, "-");
        std::snprintf(line, sizeof line, "  %-16s %-17s %-9s %6.1f %% %20s %12s %7.1f s\n", e.engine.c_str(), routed,
                      r.balance.perfect() ? "perfect" : "uneven", 100 * e.shiftShare, random, job, e.opensmSeconds);
        out += line;
    }
    return out;
}

} // namespace Railyard
