#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// `railyard-cli place FABRIC JOB [--strategy topology|linear|random]
/// [--exclude ID]... [--seed N] [--routing fluid|ecmp|adaptive] [--json]`.
/// Returns the exit code; throws UsageError for bad command lines.
int runPlace(const QStringList &args);

} // namespace Railyard::Cli
