#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// railyard-cli sm-config FABRIC --out DIR [--engine E] [--no-root-guids] [--intent I]:
/// OpenSM's configuration for the design (docs/fabric-manager.md).
int runSmConfig(const QStringList &args);
/// railyard-cli routing FABRIC --lfts DUMP [--permutations N] [--seed S]
/// [--shift] [--json]: the design under the forwarding tables a subnet
/// manager computed: paths, balance, effective bisection.
int runRouting(const QStringList &args);
/// railyard-cli sm-check FABRIC --intent REVIEWED.json [--pkeys PKTR --lfts DUMP]
/// [--json]: whether the subnet manager's partitions enforce the intent.
int runSmCheck(const QStringList &args);

} // namespace Railyard::Cli
