#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// `railyard-cli generate <design> [options] -o FILE`. args: everything after
/// "generate". Returns the exit code; throws UsageError for bad command lines.
int runGenerate(const QStringList &args);
/// The help text of `generate` (lists the designs).
QString generateHelpText();

} // namespace Railyard::Cli
