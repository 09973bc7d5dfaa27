#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// `railyard-cli export FABRIC --to FORMAT [-o FILE] [--label-prefix P] [--block-size N] [--from SLUG]`:
/// writes a scheduler topology file (Slurm, Kueue, Volcano) to stdout or FILE.
/// Returns the exit code; throws UsageError for bad command lines.
int runExport(const QStringList &args);

} // namespace Railyard::Cli
