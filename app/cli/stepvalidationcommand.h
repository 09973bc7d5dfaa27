#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// railyard-cli step-validation RUNS.json [--markdown] [--write-defaults FILE]:
/// the whole-step model against measured training runs, each predicted with
/// the compute efficiency of the other models (docs/step-validation.md).
int runStepValidation(const QStringList &args);

/// railyard-cli routing-validation ROWS.json [--null fluid] [--markdown | --json]:
/// what routing costs, against published figures (docs/routing-validation.md).
int runRoutingValidation(const QStringList &args);

} // namespace Railyard::Cli
