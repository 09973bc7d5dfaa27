#pragma once
#include <QStringList>

namespace Railyard::Cli {

/// `resilience FABRIC --study …`: N-1, N-2 and Monte Carlo failure studies;
/// `resilience merge PARTS… -o RESULT`: joins the shards of one.
int runResilience(const QStringList &args);

} // namespace Railyard::Cli
