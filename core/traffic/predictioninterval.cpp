#include "core/traffic/predictioninterval.h"

#include "core/traffic/collectivevalidationtext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace Railyard {

namespace {

struct ValidationRow
{
    std::string id, gpu, op;
    int nodes = 1;
    double crossValidated = 0;
};

const std::vector<ValidationRow> &validationRows()
{
    static const std::vector<ValidationRow> rows = [] {
        std::vector<ValidationRow> out;
        const nlohmann::json j = nlohmann::json::parse(collectiveValidationText);
        for (const nlohmann::json &r : j.at("rows"))
            out.push_back({r.at("id").get<std::string>(), r.at("gpu").get<std::string>(), r.at("op").get<std::string>(),
                           r.at("nodes").get<int>(), r.at("cross_validated").get<double>()});
        return out;
    }();
    return rows;
}

} // namespace

std::string nodeClass(int nodes)
{
    return nodes <= 1 ? "1 node" : nodes <= 8 ? "2-8 nodes" : "more than 8 nodes";
}

PredictionInterval predictionInterval(const std::string &gpuModel, CollectiveOp op, int nodes, double seconds)
{
    PredictionInterval p;
    p.lowSeconds = p.highSeconds = seconds;
    std::string gpu;
    for (const char c : gpuModel.substr(0, 32)) // a regime names it: bounded
        gpu += char(std::tolower(static_cast<unsigned char>(c)));
    const std::string opName = collectiveOpName(op), cls = nodeClass(nodes);
    p.regime = gpu + " " + opName + ", " + cls;
    std::vector<double> errors;
    for (const ValidationRow &r : validationRows())
        if (r.gpu == gpu && r.op == opName && nodeClass(r.nodes) == cls) {
            errors.push_back(r.crossValidated);
            p.rowIds.push_back(r.id);
        }
    p.rows = int(errors.size());
    if (errors.empty() || !std::isfinite(seconds))
        return p;
    p.validated = true;
    std::vector<double> magnitudes;
    for (const double e : errors)
        magnitudes.push_back(std::abs(e));
    std::sort(magnitudes.begin(), magnitudes.end());
    const size_t n = magnitudes.size();
    const double typical = n % 2 ? magnitudes[n / 2] : (magnitudes[n / 2 - 1] + magnitudes[n / 2]) / 2;
    const double lo = std::min(*std::min_element(errors.begin(), errors.end()), -typical);
    const double hi = std::max(*std::max_element(errors.begin(), errors.end()), typical);
    p.lowSeconds = seconds * std::max(0.0, 1 + lo);
    p.highSeconds = seconds * (1 + hi);
    return p;
}

} // namespace Railyard
