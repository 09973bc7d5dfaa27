#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// `railyard-cli keys generate --name NAME --out DIR` (docs/cli.md).
/// Returns the exit code; throws UsageError for bad command lines.
int runKeys(const QStringList &args);

} // namespace Railyard::Cli
