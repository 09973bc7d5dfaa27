#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// railyard-cli step-validation RUNS.json [--markdown] [--write-defaults FILE]:
/// the whole-step model against measured training runs, each predicted with
/// the compute efficiency of the other models (docs/step-validation.md).
int runStepValidation(const QStringList &args);

} // namespace Railyard::Cli
