#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// `railyard-cli simulate FABRIC --job JOB... [--inject ...] [--seed S]
/// [--interval-seconds N] [--sysfs DIR] [--serve 127.0.0.1:PORT]
/// [--intervals N]`: runs the simulator in real time and publishes each
/// interval as node_exporter InfiniBand sysfs files and a loopback
/// Prometheus exporter (core/health/telemetrypublisher.h).
int runSimulate(const QStringList &args);

} // namespace Railyard::Cli
