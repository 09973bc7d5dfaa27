#pragma once

#include "core/model/fabric.h"

#include <QString>

namespace Railyard {

/// railyard-bench --prometheus: one poll of every NIC and switch-port series
/// of `fabric` (the 131K-GPU fabric by default) in the shape Prometheus's
/// /api/v1/query answers, with the built-in mapping's queries, twice: with
/// nominal series filtered by Prometheus (the default) and with every series
/// sent. Times (a) the whole poll of PrometheusSource against a synthetic
/// server on 127.0.0.1 (its own thread; HTTP over loopback, JSON parsing,
/// mapping onto links) and (b) parsing and mapping alone from memory; median
/// of `repeats`, a table or JSON.
int runPrometheusBench(const Fabric &fabric, int repeats, bool json);

} // namespace Railyard
