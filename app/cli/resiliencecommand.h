#pragma once
#include "core/resilience/resilience.h"

#include <QStringList>

#include <optional>

namespace Railyard::Cli {

class CommandLine;

/// `resilience FABRIC --study …`: N-1, N-2 and Monte Carlo failure studies;
/// `resilience merge PARTS… -o RESULT`: joins the shards of one.
int runResilience(const QStringList &args);

/// The options that define a failure study, shared by `resilience`, `diff
/// --resilience` and `compare-designs --resilience`: --study, --scope,
/// --rates, --samples, --failures, --seed, --routing, --no-symmetry,
/// --threads, and --job when `withJob`.
void addStudyOptions(CommandLine &cl, bool withJob);
/// Reads them (usage errors end the command through cl.fail); nullopt, with
/// the message printed, when the rates or job file does not read.
std::optional<StudyOptions> studyOptionsFrom(CommandLine &cl, bool withJob);

} // namespace Railyard::Cli
