#include "core/resilience/resiliencecompare.h"

#include "core/resilience/resiliencetext_p.h"

#include "core/common/jsontext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace Railyard {

namespace {

using Json = nlohmann::ordered_json;
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

Json number(double v)
{
    return jsonNumber<Json>(v);
}

Json quantileJson(const Quantile &q)
{
    return Json{{"value", number(q.value)}, {"low", number(q.low)}, {"high", number(q.high)}};
}

Json distributionJson(const StudyDistribution &d)
{
    if (!d.present)
        return nullptr;
    return Json{{"mean", number(d.mean)}, {"p50", quantileJson(d.p50)}, {"p95", quantileJson(d.p95)},
                {"p99", quantileJson(d.p99)}, {"worst", number(d.worst)}};
}

std::string fmt(const char *format, double v)
{
    return ResilienceDetail::figureText(format, v);
}

/// "98.40 (98.1–98.7)" when the interval is not the value itself.
std::string quantileText(const Quantile &q, const char *format)
{
    return ResilienceDetail::quantileText(q, format, true);
}

struct RowSpec
{
    const char *key;
    const char *label;
    ComparisonRow::Better better;
    double (*value)(const ResilienceFigures &);
    bool slowdown;
};

double valueOr(const StudyDistribution &d, double v)
{
    return d.present ? v : nan;
}

const RowSpec rowSpecs[] = {
    {"resilience_bisection_p50", "Bisection under failures, p50 (% of healthy)", ComparisonRow::Better::Higher,
     [](const ResilienceFigures &f) { return valueOr(f.summary.bisectionPct, f.summary.bisectionPct.p50.value); },
     false},
    {"resilience_bisection_p95", "Bisection under failures, p95 (% of healthy)", ComparisonRow::Better::Higher,
     [](const ResilienceFigures &f) { return valueOr(f.summary.bisectionPct, f.summary.bisectionPct.p95.value); },
     false},
    {"resilience_bisection_p99", "Bisection under failures, p99 (% of healthy)", ComparisonRow::Better::Higher,
     [](const ResilienceFigures &f) { return valueOr(f.summary.bisectionPct, f.summary.bisectionPct.p99.value); },
     false},
    {"resilience_bisection_worst", "Bisection under failures, worst (% of healthy)", ComparisonRow::Better::Higher,
     [](const ResilienceFigures &f) { return valueOr(f.summary.bisectionPct, f.summary.bisectionPct.worst); }, false},
    {"resilience_slowdown_p95", "Step slowdown under failures, p95 (×)", ComparisonRow::Better::Lower,
     [](const ResilienceFigures &f) { return valueOr(f.summary.slowdown, f.summary.slowdown.p95.value); }, true},
    {"resilience_slowdown_p99", "Step slowdown under failures, p99 (×)", ComparisonRow::Better::Lower,
     [](const ResilienceFigures &f) { return valueOr(f.summary.slowdown, f.summary.slowdown.p99.value); }, true},
};

std::string studyTitle(const ResilienceComparison &c)
{
    std::string t = std::string("Resilience: ") + studyKindName(c.kind) + " over "
        + (c.scope.empty() ? std::string("all switches and links") : c.scope);
    if (c.kind == StudyKind::MonteCarlo) {
        t += ", " + std::to_string(c.samples) + " scenarios";
        t += c.forcedFailures > 0 ? ", " + std::to_string(c.forcedFailures) + " failures each" : ", by rates";
        t += ", seed " + std::to_string(c.seed);
    }
    if (!c.job.empty())
        t += "; job " + c.job + " (" + c.routing + ")";
    return t;
}

} // namespace

ResilienceComparison compareResilience(const std::vector<std::pair<std::string, const Fabric *>> &designs,
                                       const StudyOptions &options)
{
    ResilienceComparison c;
    c.kind = options.kind;
    c.scope = options.scope;
    c.samples = options.kind == StudyKind::MonteCarlo ? options.samples : 0;
    c.forcedFailures = options.forcedFailures;
    c.seed = options.seed;
    c.job = options.job ? options.job->name : std::string();
    c.routing = options.job ? options.routing : std::string();
    const std::int64_t count = std::int64_t(designs.size());
    std::int64_t index = 0;
    for (const auto &[label, fabric] : designs) {
        if (!fabric)
            continue;
        ResilienceFigures f;
        f.label = label;
        f.fabric = fabric->name;
        f.gpus = fabric->gpuCount();
        if (options.cancel && options.cancel->load()) {
            f.error = "cancelled";
            c.designs.push_back(std::move(f));
            continue;
        }
        StudyOptions one = options;
        one.shardIndex = 0;
        one.shardCount = 1;
        // Progress across the designs: each design is an equal part.
        if (options.progress)
            one.progress = [&options, index, count](std::int64_t done, std::int64_t total) {
                const std::int64_t scale = 1000;
                options.progress(index * scale + (total > 0 ? done * scale / total : 0), count * scale);
            };
        try {
            const StudyResult r = runFailureStudy(*fabric, one);
            f.scopeElements = r.scopeElements;
            f.classes = r.classes;
            f.scenarios = r.scenarios;
            f.evaluated = r.evaluated;
            f.healthyBisectionGbps = r.healthyBisectionGbps;
            f.healthyStepMs = r.healthyStepMs;
            f.summary = summarizeStudy(r, 5);
            if (r.cancelled)
                f.error = "cancelled";
        } catch (const ResilienceError &e) {
            f.error = e.what();
        }
        c.designs.push_back(std::move(f));
        ++index;
    }
    return c;
}

std::vector<ComparisonRow> resilienceRows(const ResilienceComparison &c)
{
    std::vector<ComparisonRow> rows;
    const bool job = !c.job.empty();
    for (const RowSpec &spec : rowSpecs) {
        if (spec.slowdown && !job)
            continue;
        ComparisonRow row{spec.key, spec.label, spec.better, {}, {}, {}};
        for (const ResilienceFigures &f : c.designs)
            row.values.push_back(f.error.empty() ? spec.value(f) : nan);
        for (size_t i = 0; i < row.values.size(); ++i) {
            const double v = row.values[i], first = row.values.front();
            row.change.push_back(i == 0 || !std::isfinite(v) || !std::isfinite(first) || first == 0
                                     ? nan
                                     : (v - first) / first);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

void appendResilience(DesignComparison &designs, const ResilienceComparison &comparison)
{
    for (ComparisonRow &row : resilienceRows(comparison))
        designs.rows.push_back(std::move(row));
}

namespace {

Json comparisonJson(const ResilienceComparison &c);

} // namespace

std::string resilienceComparisonToJson(const ResilienceComparison &c, int indent)
{
    return comparisonJson(c).dump(indent) + "\n";
}

std::string withResilienceJson(const std::string &reportJson, const ResilienceComparison &comparison, int indent)
{
    Json j = Json::parse(reportJson);
    j["resilience"] = comparisonJson(comparison);
    return j.dump(indent) + "\n";
}

namespace {

Json comparisonJson(const ResilienceComparison &c)
{
    Json j;
    Json study{{"kind", studyKindName(c.kind)},
               {"scope", c.scope},
               {"samples", c.samples},
               {"failures_per_scenario", c.forcedFailures},
               {"seed", c.seed}};
    study["job"] = c.job.empty() ? Json(nullptr) : Json(c.job);
    study["routing"] = c.job.empty() ? Json(nullptr) : Json(c.routing);
    j["study"] = study;
    Json designs = Json::array();
    for (const ResilienceFigures &f : c.designs) {
        Json d{{"label", f.label}, {"fabric", f.fabric}, {"gpus", f.gpus}};
        if (!f.error.empty()) {
            d["error"] = f.error;
            designs.push_back(d);
            continue;
        }
        d["scope_elements"] = f.scopeElements;
        d["classes"] = c.kind == StudyKind::MonteCarlo ? Json(nullptr) : Json(f.classes);
        d["scenarios"] = f.scenarios;
        d["evaluated"] = f.evaluated;
        d["healthy_bisection_gbps"] = f.healthyBisectionGbps;
        d["healthy_step_ms"] = number(f.healthyStepMs);
        d["bisection_pct"] = distributionJson(f.summary.bisectionPct);
        d["slowdown"] = distributionJson(f.summary.slowdown);
        d["error"] = nullptr;
        designs.push_back(d);
    }
    j["designs"] = designs;
    return j;
}

} // namespace

std::string resilienceComparisonToText(const ResilienceComparison &c)
{
    std::vector<std::vector<std::string>> table;
    std::vector<std::string> header{""};
    for (const ResilienceFigures &f : c.designs)
        header.push_back(f.label);
    table.push_back(header);
    auto addRow = [&](std::string label, auto cell) {
        std::vector<std::string> row{std::move(label)};
        for (const ResilienceFigures &f : c.designs)
            row.push_back(f.error.empty() ? cell(f) : std::string("—"));
        table.push_back(std::move(row));
    };
    const bool sampled = c.kind == StudyKind::MonteCarlo;
    addRow(sampled ? "Scenarios" : "Classes / scenarios", [&](const ResilienceFigures &f) {
        return sampled ? fmt("%.0f", f.scenarios) : std::to_string(f.classes) + " / " + fmt("%.0f", f.scenarios);
    });
    addRow("Healthy bisection (Gbit/s)", [](const ResilienceFigures &f) { return fmt("%.1f", f.healthyBisectionGbps); });
    addRow("Bisection p50 (% of healthy)",
           [](const ResilienceFigures &f) { return quantileText(f.summary.bisectionPct.p50, "%.2f"); });
    addRow("Bisection p95 (% of healthy)",
           [](const ResilienceFigures &f) { return quantileText(f.summary.bisectionPct.p95, "%.2f"); });
    addRow("Bisection p99 (% of healthy)",
           [](const ResilienceFigures &f) { return quantileText(f.summary.bisectionPct.p99, "%.2f"); });
    addRow("Bisection worst (% of healthy)",
           [](const ResilienceFigures &f) { return fmt("%.2f", f.summary.bisectionPct.worst); });
    if (!c.job.empty()) {
        addRow("Healthy step (ms)", [](const ResilienceFigures &f) { return fmt("%.2f", f.healthyStepMs); });
        addRow("Step slowdown p95 (×)",
               [](const ResilienceFigures &f) { return quantileText(f.summary.slowdown.p95, "%.4f"); });
        addRow("Step slowdown p99 (×)",
               [](const ResilienceFigures &f) { return quantileText(f.summary.slowdown.p99, "%.4f"); });
    }
    // Column widths by characters (UTF-8 continuation bytes not counted).
    auto width = [](const std::string &s) {
        size_t w = 0;
        for (unsigned char ch : s)
            w += (ch & 0xC0) != 0x80;
        return w;
    };
    std::vector<size_t> widths(header.size(), 0);
    for (const auto &row : table)
        for (size_t i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], width(row[i]));
    std::string out = studyTitle(c) + "\n";
    for (const auto &row : table) {
        std::string line;
        for (size_t i = 0; i < row.size(); ++i) {
            line += row[i];
            if (i + 1 < row.size())
                line += std::string(widths[i] - width(row[i]) + 3, ' ');
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out += line + "\n";
    }
    for (const ResilienceFigures &f : c.designs)
        if (!f.error.empty())
            out += f.label + ": " + f.error + "\n";
    return out;
}

} // namespace Railyard
