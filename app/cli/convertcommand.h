#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// `railyard-cli convert IN OUT [--from SLUG] [--to SLUG]`.
/// Returns the exit code; throws UsageError for bad command lines.
int runConvert(const QStringList &args);

} // namespace Railyard::Cli
