#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// `railyard-cli analyze FILE [--fail ID]... [--json] [--method auto|heuristic]`.
/// Returns the exit code; throws UsageError for bad command lines.
int runAnalyze(const QStringList &args);

} // namespace Railyard::Cli
