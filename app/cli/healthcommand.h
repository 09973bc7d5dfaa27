#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// `railyard-cli health FABRIC --job JOB... --source sim|replay=FILE
/// [--inject KIND:ID:VALUE[@INTERVAL]]... [--intervals N] [--seed S] [--json]
/// [--record FILE]`: runs the jobs, polls the source, prints the health
/// report core builds (core/health/healthreport.h).
int runHealth(const QStringList &args);

} // namespace Railyard::Cli
