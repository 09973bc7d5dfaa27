#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// `railyard-cli intent lint|diff|sign|approve|reject|verify ...` (docs/cli.md).
/// Returns the exit code; throws UsageError for bad command lines.
int runIntent(const QStringList &args);

} // namespace Railyard::Cli
