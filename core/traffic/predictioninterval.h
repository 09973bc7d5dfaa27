#pragma once
// How far to trust a collective estimate (docs/model-validation.md,
// "Prediction intervals"): the cross-validated errors of the validation rows
// nearest the question, the same GPU generation, operation and node-count
// class, turned into a range of times. The rows and their errors come from
// resources/model/collective-validation.json, which
// tests/data/model-validation/table.py writes and tst_modelvalidation checks
// against its own cross-validation.

#include "core/traffic/collectivemodel.h"

#include <string>
#include <vector>

namespace Railyard {

/// "1 node", "2-8 nodes", "more than 8 nodes": NVLink units as NCCL counts nodes.
std::string nodeClass(int nodes);

/// The interval around `seconds` for a collective `op` on `nodes` NVLink units
/// of `gpuModel`: each matching row's cross-validated error e (ours /
/// published − 1 in bandwidth) says the true time may be seconds × (1 + e);
/// the interval spans them, and at least ± the rows' median |e|, so it holds
/// the estimate. Not validated (and low = high = seconds) without a row.
PredictionInterval predictionInterval(const std::string &gpuModel, CollectiveOp op, int nodes, double seconds);

} // namespace Railyard
