#pragma once
#include <QStringList>

namespace Railyard::Cli {

/// `explore SPEC.explore.json`: every candidate design for the requirements,
/// scored, and the Pareto front (docs/explore.md).
int runExplore(const QStringList &args);

} // namespace Railyard::Cli
