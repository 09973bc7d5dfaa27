#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// railyard-cli sm-config FABRIC --out DIR [--engine E] [--no-root-guids]:
/// OpenSM's configuration for the design (docs/fabric-manager.md).
int runSmConfig(const QStringList &args);
/// railyard-cli routing FABRIC --lfts DUMP [--permutations N] [--seed S]
/// [--shift] [--json]: the design under the forwarding tables a subnet
/// manager computed: paths, balance, effective bisection.
int runRouting(const QStringList &args);

} // namespace Railyard::Cli
